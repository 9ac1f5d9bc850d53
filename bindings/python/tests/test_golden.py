"""Every golden case through the package, two ways:

- hcc.run(op, the case's exact input bytes, **params): the output bytes
  must equal the corpus's expectation byte for byte (as conform.py --exact
  compares: json.dumps(expected, ensure_ascii=False) with lone surrogates
  escaped, or the expected text), or the error must carry the expected
  name;
- hcc.<op>(the case's input as a Python value, **params), for cases stored
  as a value: the package's serialisation must give the case's input
  bytes, and the result must equal the expected value (json.loads of the
  expectation; text for messages and check; a list of dicts for check
  json=True).

Expected answers come from golden/ only.
"""
import json
import unittest

from _support import casefmt, cases, expected_bytes, hcc
from hcc import _json


def _fn(op):
    return getattr(hcc, op.replace("-", "_"))


def _expected_value(case):
    exp = case["expect"]
    if "stdout" in exp:
        if case["op"] == "check" and case.get("params", {}).get("json"):
            return [json.loads(line) for line in exp["stdout"].splitlines() if line]
        return exp["stdout"]
    return json.loads(casefmt.dumps(exp["output"]))


class Golden(unittest.TestCase):
    def test_every_case_bytes(self):
        ran = {}
        for case in cases():
            with self.subTest(case=case["id"]):
                data = casefmt.input_bytes(case)
                params = case.get("params", {})
                exp = case["expect"]
                if "error" in exp:
                    with self.assertRaises(hcc.Error) as cm:
                        hcc.run(case["op"], data, **params)
                    self.assertEqual(cm.exception.name, exp["error"])
                else:
                    out = hcc.run(case["op"], data, **params)
                    if case.get("exact", True):
                        self.assertEqual(out, expected_bytes(case))
                    else:
                        self.assertEqual(casefmt.structural(out.decode("utf-8")),
                                         casefmt.structural(expected_bytes(case).decode("utf-8")))
                ran[case["op"]] = ran.get(case["op"], 0) + 1
        self.assertEqual(sorted(ran), sorted(hcc.OPS), "every op has golden cases")
        print("\n  golden, bytes: %d cases over %d ops" % (sum(ran.values()), len(ran)))

    def test_every_case_values(self):
        ran = {}
        for case in cases():
            if "input" not in case:
                continue  # stored as text or base64: its bytes are the point (test above)
            with self.subTest(case=case["id"]):
                params = case.get("params", {})
                self.assertEqual(_json.dumps(case["input"]), casefmt.input_bytes(case),
                                 "the package serialises the value as the corpus does")
                exp = case["expect"]
                if "error" in exp:
                    with self.assertRaises(hcc.Error) as cm:
                        _fn(case["op"])(case["input"], **params)
                    self.assertEqual(cm.exception.name, exp["error"])
                else:
                    got = _fn(case["op"])(case["input"], **params)
                    self.assertEqual(got, _expected_value(case))
                    raw = _fn(case["op"])(case["input"], raw=True, **params)
                    self.assertIsInstance(raw, bytes)
                    if case.get("exact", True):
                        self.assertEqual(raw, expected_bytes(case))
                ran[case["op"]] = ran.get(case["op"], 0) + 1
        # validate's cases are all stored as text (their bytes are the
        # point); test_values.py runs hcc.validate on values
        self.assertEqual(sorted(ran), sorted(set(hcc.OPS) - {"validate"}),
                         "every other op function ran on golden values")
        print("\n  golden, values: %d cases over %d op functions" % (sum(ran.values()), len(ran)))


if __name__ == "__main__":
    unittest.main()
