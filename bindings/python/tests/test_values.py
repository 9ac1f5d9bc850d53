"""Python values in and out: lone surrogates, huge integers, floats, bytes
passed through byte for byte, raw output, and the HCC_E_NOSPACE retry."""
import json
import unittest
from unittest import mock

from _support import casefmt, cases, expected_bytes, hcc
from hcc import _json, _native

MSGS = [{"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "gone", "content": "orphan"},
        {"role": "assistant", "content": "hello"}]


class Surrogates(unittest.TestCase):
    def test_lone_surrogates_reach_hcc_as_escapes_and_come_back(self):
        # what json.loads makes of "\ud800" and friends: lone code points
        value = json.loads('[{"role": "user", "content": "a\\ud800b\\udfff", "\\udbff": "k"},'
                           ' {"role": "tool", "tool_call_id": "x", "content": "\\udc00"}]')
        self.assertEqual(value[0]["content"], "a\ud800b\udfff")
        data = _json.dumps(value)
        self.assertIn(b'"a\\ud800b\\udfff"', data)      # the escapes hermes's data held
        self.assertIn(b'"\\udbff": "k"', data)
        out = hcc.repair(value)
        self.assertEqual(out, value[:1])                 # the orphan result dropped, the rest as it was
        raw = hcc.repair(value, raw=True)
        self.assertIn(b'"a\\ud800b\\udfff"', raw)
        self.assertEqual(hcc.validate(value), value)

    def test_as_the_corpus_writes_them(self):
        n = 0
        for case in cases():
            if "input" in case and _json._SURROGATE.search(json.dumps(case["input"], ensure_ascii=False)):
                self.assertEqual(_json.dumps(case["input"]), casefmt.input_bytes(case))
                n += 1
        self.assertGreater(n, 0, "the corpus has cases with lone surrogates in values")

    def test_strip_prefix_keeps_a_lone_surrogate(self):
        self.assertEqual(hcc.strip_prefix("[CONTEXT SUMMARY]: body \ud800"), "body \ud800")

    def test_a_pair_of_escapes_is_one_character(self):
        # bytes spelling a pair are the character, as Python's json.loads reads them
        self.assertEqual(hcc.validate(b'["\\ud83d\\ude00"]'), ["\U0001F600"])


class Numbers(unittest.TestCase):
    def test_huge_ints_round_trip(self):
        big = [10 ** 100, -(10 ** 60) - 7, 2 ** 64, -(2 ** 63) - 1, 0]
        value = [{"role": "user", "content": "n", "meta": {"n": big}},
                 {"role": "tool", "tool_call_id": "gone", "content": "orphan"}]
        out = hcc.repair(value)
        self.assertEqual(out[0]["meta"]["n"], big)
        self.assertTrue(all(type(x) is int for x in out[0]["meta"]["n"]))
        self.assertIn(str(10 ** 100).encode(), hcc.repair(value, raw=True))

    def test_floats_round_trip(self):
        fl = [0.1, 1e308, -2.5e-320, 1e16, 123456789.125]
        out = hcc.repair([{"role": "user", "content": "f", "x": fl}])
        self.assertEqual(out[0]["x"], fl)
        self.assertEqual(hcc.validate(fl), fl)


class Bytes(unittest.TestCase):
    # not json.dumps's form: blanks, an escape json.dumps writes otherwise
    ODD = b'[ {"role":"user" ,\n "content":"\\u0041\\/b"}\t]'

    def test_passthrough_is_byte_exact(self):
        for data in (self.ODD, bytearray(self.ODD), memoryview(self.ODD)):
            with self.subTest(kind=type(data).__name__):
                self.assertEqual(hcc.validate(data, raw=True), self.ODD)
                self.assertEqual(hcc.run("validate", data), self.ODD)
                self.assertEqual(hcc.validate(data), [{"role": "user", "content": "A/b"}])

    def test_untouched_messages_are_copied_as_they_stand(self):
        data = b'[{"role":"user","content":"\\u0041"}, {"role": "tool", "tool_call_id": "x", "content": "o"}]'
        self.assertEqual(hcc.repair(data, raw=True), b'[{"role":"user","content":"\\u0041"}]')

    def test_memoryview_slice(self):
        buf = b"xx" + self.ODD + b"yy"
        self.assertEqual(hcc.validate(memoryview(buf)[2:-2], raw=True), self.ODD)

    def test_raw_matches_the_corpus(self):
        case = next(c for c in cases() if c["op"] == "repair" and "output" in c["expect"]
                    and "input" in c and c.get("exact", True))
        out = hcc.repair(case["input"], raw=True, **case.get("params", {}))
        self.assertEqual(out, expected_bytes(case))

    def test_empty_output(self):
        self.assertEqual(hcc.check(MSGS[:1]), "")
        self.assertEqual(hcc.check(MSGS[:1], raw=True), b"")
        self.assertEqual(hcc.check(MSGS[:1], json=True), [])


class Capacity(unittest.TestCase):
    """The NOSPACE path: a first output buffer smaller than the output makes
    hcc_run answer HCC_E_NOSPACE with the size needed; the package runs it
    again with that size."""

    def runs(self, capacity):
        calls = []
        real = _native._initial_capacity

        def small(n):
            calls.append(n)
            return capacity
        with mock.patch.object(_native, "_initial_capacity", small):
            out = hcc.repair(MSGS, policy="stub", raw=True)
        self.assertEqual(len(calls), 1)
        self.assertGreater(real(len(_json.dumps(MSGS))), len(out))
        return out

    def test_retry(self):
        want = hcc.repair(MSGS, policy="stub", raw=True)
        self.assertGreater(len(want), 16)
        for cap in (0, 1, len(want) - 1, len(want), len(want) + 1):
            with self.subTest(capacity=cap):
                self.assertEqual(self.runs(cap), want)

    def test_retry_is_taken(self):
        # count hcc_run calls through the loaded library
        lib = _native.load()
        counted = []
        real_run = lib.hcc_run

        class Counting:
            def __getattr__(self, name):
                return getattr(lib, name)

            @staticmethod
            def hcc_run(*a):
                rc = real_run(*a)
                counted.append(rc)
                return rc
        with mock.patch.object(_native, "_lib", Counting()), \
                mock.patch.object(_native, "_initial_capacity", lambda n: 1):
            hcc.repair(MSGS)
        self.assertEqual(counted, [hcc.HCC_E_NOSPACE, hcc.HCC_OK])
        counted.clear()
        with mock.patch.object(_native, "_lib", Counting()):
            hcc.repair(MSGS)
        self.assertEqual(counted, [hcc.HCC_OK])


if __name__ == "__main__":
    unittest.main()
