#!/usr/bin/env python3
"""redact_differential.py -- random texts built from pieces of every
redaction pattern (prefixes, near misses, control characters, escapes,
Unicode digits and spaces, schemes), each sent to build/hcc --serve and to
the pinned agent/redact.py (through tools/adapter_ops/redact.py); counts
the texts both answer the same (byte for byte, as json.dumps writes it)
and the mismatches (a refusal by hcc counts as one), printing the first
few.  Every other text is shaped like assignment and header lines
(REDACT-16..22) rather than drawn from loose fragments.

  HERMES_SRC=/tmp/hermes-src tools/redact_differential.py [SEED] [COUNT]

Exit 1 on any mismatch; without HERMES_SRC it says so and exits 0."""
import json, os, random, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from adapter_ops import redact as R  # noqa: E402
SRC = os.environ.get("HERMES_SRC")
if not SRC:
    print("redact_differential: HERMES_SRC is not set (a folder holding the pinned agent/redact.py); skipped")
    sys.exit(0)
mod = R.load(SRC)
frags = ["sk-", "ghp_", "github_pat_", "xapp-1-", "xapp-١٢-", "xoxb-", "xoxq-", "AIza", "gAAAA", "AKIA", "sk_live_", "sk_", "SG.", "am_", "am_org_",
 "glrt-", "GR1348941", "pk-lf-", "fw-", "\n", "\r", "\x1b", "\u200b", "\ufeff", "\\n", "\\u12ab", "\\x1f", ".", "..", "-", "_", "=", " ", "\t",
 "0123456789abcdef0123456789abcdef.", "bot", "123456789", "١٢٣٤٥٦٧٨٩", ":", "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----",
 "-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "postgres://", "POSTGRESQL://", "mongodb+srv://", "redis://", "pοstgres://", "ſsh://", "https://", "ftps://", "sftp://", "@", "/",
 "eyJ", "+", "+1", "+44", "&", "a=", "code=", "sig=", "jwt=", "x", "é", "\u0085", "\u00a0", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz0123456789", "0123456789",
 # key words of the assignment and header passes, and what may follow them
 "key", "Key", "KEY", "token", "Token", "password", "PASSWORD", "pass", "pw", "secret", "credential", "auth",
 "Authorization", "bearer", "Bearer ", "API_KEY", "api_key", "x-api-key", "\"", "'", "\\", ": ", " = ", "\n## Key Decisions\n",
 "export ", "{'", "{\"", "\\\"", "key=", "token:", "secret ", "password policy", " is ",
 # pieces of the assignment and header passes (REDACT-16..22) and their near misses
 "=", "='", "=\"", "\\\\\"", "\\", "\n", "\n  ", "5|", "6:", "7-", "  8\t", "export\t", "api key", "api.key", "api-key",
 "spring.datasource.password", ".secret", "db.", "app.api.key", "x.token.y", "MYTOKEN", "KEYBOARD", "DB_PW", "A" * 55,
 "openai_key", "_auth", "_pass", "my_password", "Secretary", "tokenizer", "clientSecret", "APIToken", "passwords", "author",
 "ſecret", "\u212aey", "apİ", "apı", "İ", "ı", "$HOME/", "${HOME}/x", "$(gpgconf", "~/.ssh/id", "/usr/bin", "/wJalrXUtnFEMIK7MDENG/b",
 "os.getenv('X')", "process.env.X", "$ENV{X}", "«redacted:ghp_…»", "***", "b'", "B\"", "\\'", "\\\n",
 "'api_key': '", "'BRAVE_API_KEY': ", "'sessionToken'", "'token_count'", "\"apiKey\"", "\"secret_value\": \"",
 "\"access_token\":", "Authorization: ", "Proxy-Authorization: ", "authorization:", "AUTHORIZATION:", "Bearer ", "Basic ", "Digest ",
 "x-goog-api-key:", "X-Api-Key: ", "x-auth-token", "apikey:", "password: ", "  token: ", "secret_key=", "&", "&token=",
 "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY", "0123456789abcdef01", "Ab1", "héllo", "\u00a0", "\u2003", "é"]
def gen(rng):
    out=[]
    for _ in range(rng.randint(1, 14)):
        f = rng.choice(frags)
        if rng.random() < 0.4:
            f += ''.join(rng.choice("abcdefXYZ0123456789_-.=") for _ in range(rng.randint(0, 40)))
        out.append(f)
    return ''.join(out)
# shaped lines: indentation, a gutter, export, a key around a key word, a separator, a quoted or bare value
KEYW = ["key", "KEY", "token", "TOKEN", "secret", "password", "PASSWORD", "passwd", "pass", "PW", "pw", "credential", "auth",
        "AUTH", "api_key", "API_KEY", "apiKey", "api key", "api.key", "api-key", "ſecret", "\u212aey", "tokenizer", "Secretary",
        "author", "bearer", "key_material", "secret_value", "Authorization", "access_token", "id_token", "x-api-key", "apikey"]
AFFIX = ["", "", "", "", "", "", "MY_", "my_", "db.", "app.", "OPENAI_", "client", "Client", "_", ".", "-", "s", "S", "x", "2", "A" * 52, ".yml", "_count"]
SEPS = ["=", " = ", "\t=", ": ", ":", " : ", "=\u00a0", "\":\"", "\": \"", "': '", "':'", "\\\": \\\""]
VALS = ["abc", "hunter2", "x", "***", "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY", "0123456789abcdef0", "$HOME/.ssh/agent.sock",
        "${XDG}/a", "$(gpgconf", "~/.ssh/id_rsa", "/home/u/.docker", "/wJalrXUtnFEMIK7MDENG/bPxRfiCY", "os.getenv('X')",
        "process.env.X", "«redacted:ghp_…»", "Bearer abcdefghijklmnopqrstuvwxyz", "Basic dXNlcjpwYXNz", "'quoted'", "\"dq\"",
        "a&b=c", "b'bytes'", "é" * 20, "Ab1Ab1Ab1Ab1", "a b", "\\'esc\\'", "12345678901234567890", "abc\ndef", "v'"]
def gen2(rng):
    lines = []
    for _ in range(rng.randint(1, 5)):
        parts = [rng.choice(["", "", "  ", "\t", " "]), rng.choice(["", "", "", "", "5|", "6:", "7-", "     8\t"]),
                 rng.choice(["", "", "export "]), rng.choice(["", "", "", "", "", "'", "\"", "{'", "{\"", "\\\"", "Proxy-"]),
                 rng.choice(AFFIX), rng.choice(KEYW), rng.choice(AFFIX), rng.choice(SEPS),
                 rng.choice(["", "", "'", "\"", "b'"]), rng.choice(VALS), rng.choice(["", "", "'", "\"", "\\\"", "}", "&x=1", " tail"])]
        lines.append("".join(parts))
    return rng.choice(["\n", "\n", " ", "; ", "\r\n"]).join(lines)
p = subprocess.Popen([os.path.join(os.path.dirname(HERE), 'build', 'hcc'), '--serve'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
agree = bad = 0
for k in range(N):
    t = gen(rng) if k % 2 else gen2(rng)
    p.stdin.write(json.dumps({"op": "redact", "params": {}, "input": t}, ensure_ascii=False) + "\n"); p.stdin.flush()
    ans = json.loads(p.stdout.readline())
    exp = mod.redact_sensitive_text(t, force=True)
    got = json.loads(ans["stdout"]) if ans["exit"] == 0 else ans
    if got == exp and ans["stdout"] == json.dumps(exp, ensure_ascii=False): agree += 1
    else:
        bad += 1
        if bad <= 8: print("MISMATCH", repr(t), "\n  hermes", repr(exp), "\n  hcc   ", repr(got))
print("redact_differential: %d agree, %d mismatch" % (agree, bad))
p.stdin.close()
p.wait()
sys.exit(1 if bad else 0)
