#!/usr/bin/env python3
"""gen_cases_redact.py -- writes the golden cases of the REDACT rules
(golden/redact) that are not spec examples.

  HERMES_SRC=/tmp/hermes-src tools/gen_cases_redact.py

Every vendor-prefix pattern of REDACT-4 gets a token that matches, one a
character too short, and one the trailing guard blocks; every other
pattern a match and near misses.  Expectations of agreeing cases are
computed here by the pinned agent/redact.py itself, through the adapter's
own redact op (tools/adapter_ops/redact.py), so `make conform IMPL=hermes`
re-checks exactly what is written.  Refused cases (REDACT-2) carry the
error spec/SPEC.md decides."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
from adapter_ops import redact as R  # noqa: E402

GEN = "generated tools/gen_cases_redact.py"
DIV1 = "diverges: DIV-REDACT-1 the assignment passes are not implemented; hcc refuses text they could change"

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
                     ("long-s", "ſ: x"), ("kelvin", "\u212a=1"),
                     ("spaced-equals", "MY_TOKEN \t= abc"), ("escaped-json", '{\\"api_key\\": \\"x\\"}'),
                     ("masked-then-key", "api_key.sk-abc\ndefghijklmnopq: v")):
        add("REDACT-2-refused-%s" % nm, ["REDACT-2"], text, hermes=DIV1, expect={"error": "HCC_E_UNSUPPORTED"})
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
