#!/usr/bin/env python3
"""diff_standin.py -- a stand-in implementation for the differential
fuzzer's self-test (tests/fuzz/test_fuzz_diff.sh): speaks spec/PROTOCOL.md
--serve by passing every request to `HCC --serve` and its answer back,
except on one planted input class: a repair input holding the word
"planted" is answered with the transcript's first message dropped.

  diff_standin.py HCC --serve
"""
import json
import subprocess
import sys


def main(argv):
    if len(argv) != 3 or argv[2] != "--serve":
        sys.stderr.write("usage: diff_standin.py HCC --serve\n")
        return 2
    hcc = subprocess.Popen([argv[1], "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for line in sys.stdin.buffer:
        hcc.stdin.write(line)
        hcc.stdin.flush()
        answer = hcc.stdout.readline()
        req = json.loads(line)
        resp = json.loads(answer)
        planted = req.get("op") == "repair" and b"planted" in __import__("base64").b64decode(
            req.get("input_b64", "")) and resp["exit"] == 0
        if planted:
            out = json.loads(resp["stdout"])
            msgs = out["messages"] if isinstance(out, dict) else out
            if msgs:
                del msgs[0]
            resp["stdout"] = json.dumps(out, ensure_ascii=False)
            answer = (json.dumps(resp, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass")
        sys.stdout.buffer.write(answer)
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
