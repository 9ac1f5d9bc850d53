#!/usr/bin/env python3
"""gen_cases_redact.py -- writes the golden cases of the REDACT rules
(golden/redact) that are not spec examples.

  HERMES_SRC=/tmp/hermes-src tools/gen_cases_redact.py

Every vendor-prefix pattern of REDACT-4 gets a token that matches, one a
character too short, and one the trailing guard blocks; every other
pattern a match and near misses.  Expectations of agreeing cases are
computed here by the pinned agent/redact.py itself, through the adapter's
own redact op (tools/adapter_ops/redact.py), so `make conform IMPL=hermes`
re-checks exactly what is written.  The assignment and header passes
(REDACT-16..22) get matches and near misses of every pattern and policy
branch."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
from adapter_ops import redact as R  # noqa: E402

GEN = "generated tools/gen_cases_redact.py"

# (name, literal, body class sample, minimum body length) for the 56
# patterns of REDACT-4 in their order; xapp/xox/am_ get their own shapes.
AN = "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC"
UD = "AB3DE5GH7JK9MN1PQ2RS4TU6VW8XY0ZC"
PREFIXES = [
    ("sk-dash", "sk-", AN, 10), ("ghp", "ghp_", AN, 10), ("github-pat", "github_pat_", AN, 10),
    ("gho", "gho_", AN, 10), ("ghu", "ghu_", AN, 10), ("ghs", "ghs_", AN, 10), ("ghr", "ghr_", AN, 10),
    ("xapp", "xapp-12-", AN, 10), ("xoxb", "xoxb-", AN, 10), ("aiza", "AIza", AN, 30),
    ("pplx", "pplx-", AN, 10), ("fal", "fal_", AN, 10), ("fc", "fc-", AN, 10), ("bb-live", "bb_live_", AN, 10),
    ("gaaaa", "gAAAA", AN, 20), ("akia", "AKIA", UD, 16), ("sk-live", "sk_live_", AN, 10),
    ("sk-test", "sk_test_", AN, 10), ("rk-live", "rk_live_", AN, 10), ("sg", "SG.", AN, 10),
    ("hf", "hf_", AN, 10), ("r8", "r8_", AN, 10), ("npm", "npm_", AN, 10), ("pypi", "pypi-", AN, 10),
    ("dop-v1", "dop_v1_", AN, 10), ("doo-v1", "doo_v1_", AN, 10), ("am", "am_", AN, 20),
    ("am-org", "am_org_", AN, 20), ("sk-underscore", "sk_", AN, 10), ("tvly", "tvly-", AN, 10),
    ("exa", "exa_", AN, 10), ("gsk", "gsk_", AN, 10), ("syt", "syt_", AN, 10),
    ("retaindb", "retaindb_", AN, 10), ("hsk", "hsk-", AN, 10), ("mem0", "mem0_", AN, 10),
    ("brv", "brv_", AN, 10), ("xai", "xai-", AN, 30), ("ntn", "ntn_", AN, 10), ("fw-dash", "fw-", AN, 30),
    ("fw-underscore", "fw_", AN, 30), ("fpk", "fpk_", AN, 30), ("glpat", "glpat-", AN, 10),
    ("gloas", "gloas-", AN, 10), ("gldt", "gldt-", AN, 10), ("glrt", "glrt-", AN, 10),
    ("glrtr", "glrtr-", AN, 10), ("glcbt", "glcbt-", AN, 10), ("glptt", "glptt-", AN, 10),
    ("glft", "glft-", AN, 10), ("glimt", "glimt-", AN, 10), ("glagent", "glagent-", AN, 10),
    ("glsoat", "glsoat-", AN, 10), ("glffct", "glffct-", AN, 10), ("glwt", "glwt-", AN, 10),
    ("gr1348941", "GR1348941", AN, 10), ("pk-lf", "pk-lf-", AN, 8),
]


A55 = "A" * 55
# (rule-name, text) for the assignment and header passes (REDACT-16..22)
ASSIGNMENT_CASES = [
    ("16-env-upper-two", "OPENAI_API_KEY=sk_abc123xyz and DB_PASSWORD = hunter2"),
    ("16-env-upper-long-prefix", A55 + "_TOKEN=abcdefghijklmnop1234"),
    ("16-env-upper-long-suffix", "TOKEN" + "_X" * 30 + "=abcdefghijklmnop1234"),
    ("16-env-upper-too-far", "TOKEN" + "_X" * 26 + "=abcdefghijklmnop1234 " + "X" * 51 + "PW" + "Y" * 51 + "=ab"),
    ("16-env-upper-quoted", "API_KEY=\"abc def\" SECRET='x'y' PW=\"'\" AUTH=\"\""),
    ("16-env-upper-keyboard", "KEYBOARD=us MAX_TOKENS=100 MYTOKEN=abcdefghijklmnopqrstu"),
    ("16-env-upper-unicode-space", "API_KEY\u3000=\u00a0abc"),
    ("16-env-upper-no-value", "API_KEY=  \nnext API_KEY="),
    ("16-env-upper-after-match", "PW=xTOKEN=abc PW=a\"TOKEN=b\" c"),
    ("16-env-lower", "openai_key=abc my_password=hunter2 password=plain token=t x_auth=1"),
    ("16-env-lower-url-skip", "openai_key=abc see https://x.y"),
    ("16-env-lower-lookbehind", "aopenai_key=abc .openai_key=abc"),
    ("16-env-lower-fold", "my_\u017fecret=abc my_\u212aey=abc my_PASSWORD=ab my_pas\u017f=x"),
    ("16-env-lower-plain-word", "_key=abc x_keys=abc"),
    ("17-lookups", "API_KEY=os.getenv('X') TOKEN=process.env.T SECRET=$ENV{S} PW=os.environ"),
    ("17-already-masked", "API_KEY=*** TOKEN=\u00abredacted:ghp_\u2026\u00bb SECRET=\u00abredacted-secret\u00bb"),
    ("17-paths", "SSH_AUTH_SOCK=$HOME/.ssh/a.sock DOCKER_AUTH_CONFIG=/home/u/.docker DB_PASSWORD=/etc/pw "
     "AWS_SECRET=/wJalrXUtnFEMIK7MDENG/bPx AUTH_DIR=~/x/y AUTH_CMD=$(gpgconf AUTH_V=${XDG_RUNTIME_DIR}/a.$USER.sock"),
    ("17-path-not-whole", "AUTH_DIR=/a/b?c AUTH_V=$1abc AUTH_U=/\u00e9t\u00e9/x"),
    ("17-opaque-shapes", "MY_KEY=0123456789abcdef MY_KEY=0123456789abcde MY_KEY=abcdefghij/klmnop+q=rs "
     "MY_KEY=Abcdefghijkl MY_KEY=abcdefghijkl MY_KEY=\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9A1"),
    ("17-word-bounds-author", "clientSecret=x Secretary=y APIToken=z tokenizer=cl100k SECRETS=w author=Smith"),
    ("17-strong-keys", "ID_TOKEN=a BEARER=b KEY_MATERIAL=c SESSION_KEY=d REFRESH_TOKEN=e MY_KEY=f MY_TOKEN=g"),
    ("18-dotted-three", "spring.datasource.password=hunter2 app.api.key=abc x.token.y=Ab1Ab1Ab1Ab1z"),
    ("18-dotted-no-dot", "datasourcepassword=hunter2 and mid password=foo"),
    ("18-dotted-trailing-dot", "password.=abc .password=abc password.a=abc a.b.=c"),
    ("18-dotted-api-key-space", "my.api key=abc api key.x=abc api key=abc"),
    ("18-dotted-quoted", "db.password='abc' db.password=\"a\"b\" db.secret='' db.token=a&b=c db.auth=&x"),
    ("18-anchored-gutters", "password=hunter2\n  export api_key=abc\n5|secret=x\n6:token=Ab1Ab1Ab1Ab1x\n7-credential=c\n     8\tauth=z"),
    ("18-anchored-mid-line", "I have password=foo today"),
    ("18-anchored-api-dot", "api.key=abc\napi key=abc\nexportapi key=x"),
    ("18-anchored-tab-export", "export\tPASSWORD=abc\n\texport  token=abcdefghijklmnop1234\nexport=secret"),
    ("18-anchored-secretary", "secretary=Jane\nauthor=Smith\nsecrets=abc"),
    ("18-url-skips", "spring.datasource.password=hunter2\npassword=x https://h"),
    ("19-yaml-prose", "password: hunter2\n  api_key: abc\nnote: secret meeting\ntokenizer: cl100k_base"),
    ("19-yaml-quoted-skip", "password: 'abc'\ntoken: \"x\""),
    ("19-yaml-gutter", "5|      ADS_API_TOKEN: abcdef\n6:      DB_PASSWORD: x\n7-  secret: y\n     8\tcredential: z"),
    ("19-yaml-api-space", "api key: abc\nmy api key: abc"),
    ("19-yaml-amp-blank", "secret: a&b\ntoken:   \nsecret:\tv"),
    ("19-yaml-url-skip", "password: abc https://x"),
    ("19-yaml-auth-excluded", "Authorization: abc\nauth: abcdefghijklmnopqrstuvwxyz\nauth_token: abcdefghijklmnopqrst"),
    ("20-json-spacing", "{\"token\": \"abc\", \"apiKey\" :  \"os.getenv('X')\", \"password\":\"x\"}"),
    ("20-json-names", "{\"access_token\":\"a\",\"refresh_token\":\"b\",\"auth_token\":\"c\",\"bearer\":\"d\","
     "\"secret_value\":\"e\",\"raw_secret\":\"f\",\"secret_input\":\"g\",\"key_material\":\"h\",\"API_KEY\":\"i\",\"Secret\":\"j\"}"),
    ("20-json-near", "{\"tokens\": \"a\", \"token\": \"\", \"my_token\": \"b\", \"token\": 5, \"token\" \"x\"}"),
    ("20-json-multiline", "{\"secret\": \"line1\nline2\"}"),
    ("20-json-long", "{\"api_key\": \"sk-abc-this-is-long-value-1234\"}"),
    ("20-json-unterminated", "{\"token\": \"abc"),
    ("20-json-escaped-output", "{\"output\": \"{\\\"api_key\\\": \\\"abc\\\"}\"}"),
    ("20-json-escaped-deep", "\\\\\\\"token\\\\\\\": \\\\\\\"abcdefghijklmnopqrstuv\\\\\\\""),
    ("20-json-escaped-mismatch", "\\\"token\\\\\": \\\"x\\\" \\\"secret\\\": \\\\\"y\\\\\""),
    ("20-json-escaped-backslash-in-value", "\\\"token\\\": \\\"a\\nb\\\""),
    ("21-repr-fields", "{'BRAVE_API_KEY': 'opaque-value', 'token_count': 5, 'sessionToken': \"abc\", 'password': b'x'}"),
    ("21-repr-escapes", "{'secret': 'it\\'s', 'token': 'a\\\nb', 'api_key': ''}"),
    ("21-repr-kept", "{'token': 'os.getenv(\"X\")', 'secret': 'has *** in', 'password': '\u00abredacted:x\u00bb', 'name': 'n'}"),
    ("21-repr-upper-suffix", "{'TOKEN_COUNT': 'x', 'GITHUB_TOKEN': 'y', 'UserPassword': 'z', 'Token': 'q', 'X_CREDENTIALS': 'c'}"),
    ("21-repr-prefix", "{'secret': B'abc', 'secret': b\"d\", 'secret': bx'}"),
    ("21-repr-unicode", "{'secret': '\u00e9t\u00e9\\\u00e9'}"),
    ("22-auth-header", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345 and proxy-authorization: Basic dXNlcjpwYXNz"),
    ("22-auth-header-bare", "AUTHORIZATION:token123 Authorization: Bearer 'x'"),
    ("22-auth-header-quotes", "curl -H \"Authorization: Bearer abc\" -H 'Authorization: xyz'"),
    ("22-auth-header-scheme-unicode", "Authorization: B\u00e9rer abcdef Authorization: \u017fcheme\u00a0v"),
    ("22-auth-header-empty", "Authorization:   \nAuthorization: \""),
    ("22-auth-gate-case", "AuThOrIzAtIoN: abc authorizatioN: x"),
    ("22-secret-header", "x-api-key: abc123 X-Goog-Api-Key:abcdefghijklmnopqrstuvwxyz apikey : v x-auth-token: t x-access-token:a"),
    ("22-secret-header-near", "x-api-keys: a my-api-key: b x-api-key:\n c x-api-token"),
    ("22-order", "API_KEY=abc {\"token\": \"def\"} x-api-key: abcdefghijklmnopqrstuvwxyz"),
]


def build():
    cases = []

    def add(id_, rules, text, hermes="agrees", expect=None, note=None):
        case = {"id": id_, "rules": rules, "op": "redact", "params": {}, "input": text,
                "expect": expect, "source": GEN, "hermes": hermes}
        if note:
            case["note"] = note
        cases.append(case)

    for name, lit, cls, mn in PREFIXES:
        tok = lit + (cls * 2)[:mn + 4]
        add("REDACT-4-%s-match" % name, ["REDACT-4", "REDACT-5"], "use %s now" % tok)
        add("REDACT-4-%s-one-short" % name, ["REDACT-4"], "use %s%s now" % (lit, (cls * 2)[:mn - 1]))
        add("REDACT-4-%s-guard" % name, ["REDACT-4"], "use %s%s now" % (tok, "_" if "_" not in lit + cls else "~-"))
        add("REDACT-4-%s-embedded" % name, ["REDACT-4"], "x%s" % tok)
    # the sk- dot units, the escape reliefs, the gate, the order
    add("REDACT-4-sk-dotted", ["REDACT-4"], "sk-sp-abc.def.ghi.jkl. and sk-pro...EFGH stays")
    add("REDACT-4-sk-double-dot", ["REDACT-4"], "sk-abcdefghi..jklmnopqrstu")
    add("REDACT-4-after-hex-escape", ["REDACT-4"], "\\x1fghp_" + AN[:12] + " \\u4e2dsk-" + AN[:14])
    add("REDACT-4-akia-too-long", ["REDACT-4"], "AKIA" + UD[:17])
    add("REDACT-4-xapp-unicode-digits", ["REDACT-4", "REDACT-3"], "xapp-١٢٣-" + AN[:12])
    add("REDACT-4-xox-bad-letter", ["REDACT-4"], "xoxq-" + AN[:12])
    add("REDACT-4-am-org-short-body", ["REDACT-4"], "am_org_" + AN[:12])
    add("REDACT-4-many-tokens", ["REDACT-4", "REDACT-5"],
        " ".join(lit + (cls * 2)[:mn + 9] for _, lit, cls, mn in PREFIXES))
    # control-split tokens
    for nm, ch in (("esc", "\x1b"), ("zwsp", "\u200b"), ("bom", "\ufeff"), ("lsep", "\u2028"), ("tab", "\t")):
        add("REDACT-6-split-%s" % nm, ["REDACT-6"], "tok sk-abc%sdefghijklmn456 end" % ch)
    add("REDACT-6-split-newline-join", ["REDACT-6"], "ghp_abc\n123defghijklm rest")
    add("REDACT-6-split-into-equals", ["REDACT-6"], "sk-abc\x1bdefghijklmn=1")
    add("REDACT-6-split-crosses-prose", ["REDACT-6"], "sk-abc\x1bdef ghijklmnop")
    add("REDACT-6-control-gate-closed", ["REDACT-6"], "s\x1bk-abcdefghijklmnop")
    # zhipu
    h = "0123456789abcdef" * 2
    add("REDACT-7-zhipu-match", ["REDACT-7", "REDACT-5"], "k %s.%s" % (h, AN[:20]))
    add("REDACT-7-zhipu-upper-hex", ["REDACT-7"], "k %s.%s" % (h.upper(), AN[:20]))
    add("REDACT-7-zhipu-short-suffix", ["REDACT-7"], "%s.%s" % (h, AN[:15]))
    add("REDACT-7-zhipu-trailing-dot", ["REDACT-7"], "%s.%s." % (h, AN[:20]))
    # telegram
    t30 = "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawQ"
    add("REDACT-8-telegram-bot", ["REDACT-8"], "bot12345678:%s" % t30)
    add("REDACT-8-telegram-bare", ["REDACT-8"], "id 123456789012:%s-x" % t30)
    add("REDACT-8-telegram-unicode-digits", ["REDACT-8", "REDACT-3"], "٠١٢٣٤٥٦٧٨:%s" % t30)
    add("REDACT-8-telegram-seven-digits", ["REDACT-8"], "1234567:%s" % t30)
    add("REDACT-8-telegram-digit-before", ["REDACT-8"], "x9bot12345678:%s" % t30)
    # PEM
    add("REDACT-9-pem-two", ["REDACT-9"], "-----BEGIN PRIVATE KEY-----a-----END PRIVATE KEY----- mid "
        "-----BEGIN EC PRIVATE KEY-----\nb\n-----END EC PRIVATE KEY-----")
    add("REDACT-9-pem-wrong-footer", ["REDACT-9"], "-----BEGIN RSA PRIVATE KEY-----x-----END PUBLIC KEY-----")
    add("REDACT-9-pem-lowercase", ["REDACT-9"], "-----BEGIN rsa PRIVATE KEY-----x-----END PRIVATE KEY-----")
    # DSN
    add("REDACT-10-dsn-schemes", ["REDACT-10", "REDACT-3"],
        " ".join("%s://u:p%d@h" % (s, i) for i, s in enumerate(
            ["postgres", "postgresql", "mysql", "mongodb", "mongodb+srv", "redis", "amqp", "MySQL", "AMQP"])))
    add("REDACT-10-dsn-no-at", ["REDACT-10"], "postgres://u:p/x mysql://a:b c@d")
    add("REDACT-10-dsn-repeated", ["REDACT-10"], "postgres://u:" + "postgres://u:" * 20 + " end")
    add("REDACT-10-dsn-unicode", ["REDACT-10"], "redis://ユーザ:秘密@ホスト")
    # bare URL token
    add("REDACT-11-bare-schemes", ["REDACT-11", "REDACT-3"],
        " ".join("%s://abcdefgh%d@h" % (s, i) for i, s in enumerate(
            ["http", "https", "ws", "wss", "git", "ssh", "ftp", "ftps", "sftp", "HTTPS"])))
    add("REDACT-11-bare-seven", ["REDACT-11"], "https://abcdefg@h")
    add("REDACT-11-bare-at-space", ["REDACT-11"], "https://abcdefgh@ x")
    add("REDACT-11-bare-controls", ["REDACT-11", "REDACT-5"], "https://\x01\x02\x03\x04\x05\x06\x07\x08@h")
    add("REDACT-11-bare-long-unicode", ["REDACT-11", "REDACT-5"], "https://ééééééééééééééééééééé@h")
    # JWT
    add("REDACT-13-jwt-forms", ["REDACT-13"], "eyJabcdefghij eyJabcdefghij.abcd eyJabcdefghij.ab==.cdef.ghij")
    add("REDACT-13-jwt-short", ["REDACT-13"], "eyJabcdefghi")
    # form bodies
    add("REDACT-14-form-sig-session", ["REDACT-14"], "a=1&sig=abc&session=s1&Code=9&x-amz-signature=z")
    add("REDACT-14-form-newline", ["REDACT-14"], "a=1&code=2\n")
    add("REDACT-14-form-one-pair", ["REDACT-14"], "code=2&")
    add("REDACT-14-form-space-value", ["REDACT-14"], "a=1&code=2 3")
    add("REDACT-14-form-nbsp-stripped", ["REDACT-14"], "\u00a0a=1&jwt=2\u3000")
    # phones
    add("REDACT-15-phone-lengths", ["REDACT-15"], "+1234567 +12345678 +123456789012345 +1234567890123456")
    add("REDACT-15-phone-letter-after", ["REDACT-15"], "+12345678a +0123456789")
    add("REDACT-15-phone-unicode-backoff", ["REDACT-15", "REDACT-3"], "+1234567٨a")
    # chains and refusals
    add("REDACT-1-every-pass", ["REDACT-1"], "ghp_" + AN[:20] + " %s.%s bot12345678:%s "
        "postgres://u:p@h https://abcdefgh1@h "
        "eyJabcdefghijkl +14155552671" % (h, AN[:20], t30))
    # near misses of every pattern, repeated: the runs the matchers must not rescan (REDACT-12)
    miss = ("ghp_" + AN[:9] + " sk-abc.." + "a" * 40 + "- 1234567:" + "A" * 29 + " postgres://u:"
            + " https://abcdefg@ eyJabc +12345 " + h + ".short gAAAA" + "=" * 19 + " ")
    add("REDACT-12-near-misses", ["REDACT-12"], miss * 40)
    add("REDACT-1-nothing-to-do", ["REDACT-1"], "plain prose: nothing here = fine")
    for nm, text in (("heading", "## Key Decisions\n- keep it: yes"), ("prose-colon", "the key is: blue"),
                     ("prose-equals", "token count = 5"), ("keyword-then-space-word", "password policy: strict"),
                     ("authorization-word", "Authorization is needed: ask"),
                     ("after-mask", "key sk-abc\ndefghijklmnopq: x")):
        add("REDACT-2-passes-%s" % nm, ["REDACT-2"], text)
    for nm, text in (("env", "DB_PASSWORD=hunter2"), ("json", '{"token": "abc"}'),
                     ("yaml", "api_key: abc"), ("repr", "{'secret': 'x'}"),
                     ("auth-header", "Authorization: Bearer abc"), ("api-header", "x-api-key: abc"),
                     ("long-s", "\u017f: x"), ("kelvin", "\u212a=1"),
                     ("spaced-equals", "MY_TOKEN \t= abc"), ("escaped-json", '{\\"api_key\\": \\"x\\"}'),
                     ("masked-then-key", "api_key.sk-abc\ndefghijklmnopq: v")):
        add("REDACT-2-chain-%s" % nm, ["REDACT-2"], text)
    for nm, text in ASSIGNMENT_CASES:
        add("REDACT-%s" % nm, ["REDACT-%s" % nm.split("-")[0]], text)
    return cases


def main():
    src = os.environ.get("HERMES_SRC")
    if not src:
        print("gen_cases_redact: HERMES_SRC is not set (a folder holding the pinned agent/redact.py); "
              "nothing written")
        return 0
    n = 0
    for case in build():
        if case["expect"] is None:
            case["expect"] = {"output": R.redact(src, case["input"])}
        casefmt.write_case(os.path.join(casefmt.GOLDEN, "redact", case["id"] + ".json"), case)
        n += 1
    print("gen_cases_redact: wrote %d cases" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
