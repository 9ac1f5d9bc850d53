#!/usr/bin/env python3
"""differential.py -- the same inputs through two implementations of the
conformance protocol (spec/PROTOCOL.md, persistent mode), compared.

  HERMES_SRC=/path/to/hermes-src tools/differential.py OP DIR... [options]

Every file under the DIRs is one input.  Fuzz corpora (build/fuzz-work/<op>,
corpus/<op>) start with 4 parameter bytes the harness decodes; --skip 4
(the default) drops them, --skip 0 takes files whole.  Each input goes to
both implementations as {"op", "params", "input_b64"} and the answers are
sorted into: same output (as JSON values, or byte for byte with --exact),
outputs differ, both refused (same code or not), one refused, one crashed.
The first --show differing inputs of each kind are listed with where the
outputs first part.  Exit 0 when nothing differs but what --allow names.

By default the reference is `build/hcc` and the other side the hermes
adapter, which needs HERMES_SRC (a folder with the pinned hermes files,
README.md "Checking the corpus against hermes"); --other CMD runs any
other implementation instead.  Both run as `CMD --serve` through
conform.py's runner, and outputs compare as conform.py compares them
(casefmt.structural: key order ignored, numbers by their text).
Differences are not verdicts: hcc diverges from hermes on purpose where
SPEC.md says so (DIV-*), e.g. NaN, lone surrogates and calls hermes raises
on.
"""
import argparse
import base64
import collections
import json
import os
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402
from conform import ServeRunner  # noqa: E402


def code_of(stderr):
    """HCC_E_... from a first stderr line "error: HCC_E_X at byte N: ..."."""
    words = stderr.split()
    return words[1] if len(words) > 1 and words[0] == b"error:" else b""


def first_difference(a, b):
    n = min(len(a), len(b))
    k = next((i for i in range(n) if a[i] != b[i]), n)
    return k, a[max(0, k - 40):k + 40], b[max(0, k - 40):k + 40]


def same_output(a, b, exact):
    if a == b:
        return True
    if exact:
        return False
    try:
        return casefmt.structural(a.decode("utf-8")) == casefmt.structural(b.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False


def kind_of(a, b, exact):
    """a, b: (exit status, stdout, stderr) as conform.py's runners give them."""
    (ea, oa, xa), (eb, ob, xb) = a, b
    if ea == 0 and eb == 0:
        return "same output" if same_output(oa, ob, exact) else "outputs differ"
    if ea == 1 and eb == 1:
        return "both refused" if code_of(xa) == code_of(xb) else "both refused with other codes"
    if ea == 3 or eb == 3:
        return "unsupported"
    if ea == 1 and eb == 0:
        return "only the reference refused"
    if ea == 0 and eb == 1:
        return "only the other refused"
    if ea not in (0, 1):
        return "the reference crashed"
    return "the other crashed"


SAME = {"same output", "both refused", "unsupported"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("op")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--impl", default=os.path.join(casefmt.ROOT, "build", "hcc"),
                    help="the reference, run as IMPL --serve (default: build/hcc)")
    ap.add_argument("--other", help="the other implementation, run as OTHER --serve (default: the hermes adapter)")
    ap.add_argument("--params", default="{}", help="parameters for every input, as JSON")
    ap.add_argument("--skip", type=int, default=4, help="leading bytes of each file to drop (4)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many inputs (0: all)")
    ap.add_argument("--exact", action="store_true", help="compare outputs byte for byte")
    ap.add_argument("--show", type=int, default=5, help="inputs listed per kind of difference")
    ap.add_argument("--allow", default="", help="kinds that do not fail the run, comma-separated")
    args = ap.parse_args()
    other = args.other
    if not other:
        if not os.environ.get("HERMES_SRC"):
            sys.exit("differential.py: set HERMES_SRC to a folder with the pinned hermes files "
                     "(README.md, \"Checking the corpus against hermes\"), or give --other CMD")
        other = shlex.quote(sys.executable) + " " + shlex.quote(os.path.join(HERE, "hermes_adapter.py"))
    params = json.loads(args.params)
    files = []
    for d in args.dirs:
        for base, _, names in os.walk(d):
            files += [os.path.join(base, n) for n in sorted(names)]
    if args.limit:
        files = files[:args.limit]
    ref, oth = ServeRunner(shlex.split(args.impl), None), ServeRunner(shlex.split(other), None)
    count, shown = collections.Counter(), collections.Counter()
    for path in files:
        with open(path, "rb") as f:
            data = f.read()[args.skip:]
        case = {"op": args.op, "params": params, "input_b64": base64.b64encode(data).decode()}
        a, b = ref.run(case), oth.run(case)
        kind = kind_of(a, b, args.exact)
        count[kind] += 1
        if kind in SAME or shown[kind] >= args.show:
            continue
        shown[kind] += 1
        if kind == "outputs differ":
            k, x, y = first_difference(a[1], b[1])
            print("%s: %s, from byte %d\n  reference: %r\n  other:     %r" % (kind, path, k, x, y))
        else:
            print("%s: %s\n  reference: exit %s %s\n  other:     exit %s %s"
                  % (kind, path, a[0], a[2][:200].decode("utf-8", "replace"), b[0], b[2][:200].decode("utf-8", "replace")))
    ref.close()
    oth.close()
    print("%s: %d inputs: %s" % (args.op, len(files), ", ".join("%s %d" % kv for kv in sorted(count.items()))))
    allowed = SAME | {k.strip() for k in args.allow.split(",") if k.strip()}
    return 1 if any(k not in allowed for k in count) else 0


if __name__ == "__main__":
    sys.exit(main())
