"""tools/div_classify.py: each named rule on an input of its kind, and the
same difference on an input without that feature left unexplained."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import div_classify  # noqa: E402

OUT = (0, b'[{"role": "user", "content": "a"}]', b"")
OTHER_OUT = (0, b'[{"role": "user", "content": "b"}]', b"")


def refused(code):
    return (1, b"", b"error: " + code + b" at byte 0: words")


CRASH = (4, b"", b"crash: Traceback ... TypeError")


def verdict(hcc, other, data=b'[{"role": "user", "content": "a"}]', op="repair"):
    return div_classify.classify(op, {}, data, hcc, other)


class Agreement(unittest.TestCase):
    def test_same_output(self):
        self.assertEqual(verdict(OUT, OUT), (True, "same output"))

    def test_key_order_is_not_a_difference(self):
        a = (0, b'{"a": 1, "b": 2}', b"")
        b = (0, b'{"b": 2, "a": 1}', b"")
        self.assertEqual(verdict(a, b), (True, "same output"))

    def test_both_refused(self):
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), refused(b"HCC_E_SHAPE")), (True, "both refused"))
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), refused(b"HCC_E_SYNTAX"))[0], True)

    def test_hermes_raising(self):
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), CRASH), (True, "the other raised; hcc refused"))
        self.assertEqual(verdict(OUT, CRASH), (True, "the other raised; hcc answered"))

    def test_hcc_crashing_is_never_agreement(self):
        self.assertEqual(verdict(CRASH, OUT), (False, "the reference crashed"))


class Rules(unittest.TestCase):
    def test_plain_difference_is_unexplained(self):
        self.assertEqual(verdict(OUT, OTHER_OUT), (False, "outputs differ"))
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), OUT), (False, "only the reference refused"))
        self.assertEqual(verdict(OUT, refused(b"HCC_E_SHAPE")), (False, "only the other refused"))

    def test_json_input(self):
        ok, name = verdict(refused(b"HCC_E_LITERAL"), OUT, data=b"[NaN]")
        self.assertTrue(ok)
        self.assertTrue(name.startswith("JSON-input"))

    def test_numbers_by_value(self):
        a = (0, b'[{"x": 1e2}]', b"")
        b = (0, b'[{"x": 100.0}]', b"")
        ok, name = verdict(a, b, data=b'[{"x": 1e2}]')
        self.assertTrue(ok)
        self.assertTrue(name.startswith("JSON-9"))
        self.assertEqual(verdict(a, (0, b'[{"x": 101.0}]', b""), data=b'[{"x": 1e2}]'), (False, "outputs differ"))

    def test_lone_surrogate(self):
        data = b'[{"role": "user", "content": "\\ud800"}]'
        self.assertTrue(verdict(OUT, OTHER_OUT, data=data)[1].startswith("DIV-JSON-1"))
        paired = b'[{"role": "user", "content": "\\ud83d\\ude00"}]'
        self.assertEqual(verdict(OUT, OTHER_OUT, data=paired), (False, "outputs differ"))

    def test_lone_surrogate_inside_arguments(self):
        data = (b'[{"role": "assistant", "tool_calls": [{"id": "c", "function": '
                b'{"name": "f", "arguments": "{\\"a\\": \\"\\\\udc00\\"}"}}]}]')
        self.assertTrue(verdict(OUT, OTHER_OUT, data=data)[1].startswith("DIV-JSON-1"))

    def test_lone_surrogate_inside_arguments_after_blanks(self):
        # fuzz finding 4aee3ade: arguments text starting with a blank
        data = (b'[{"role": "assistant", "tool_calls": [{"id": "c", "function": '
                b'{"name": "f", "arguments": " {\\"s\\": \\"\\\\ud800ab\\"}"}}]}]')
        self.assertTrue(verdict(OUT, OTHER_OUT, data=data)[1].startswith("DIV-JSON-1"))

    def test_non_finite(self):
        data = b'[{"role": "assistant", "tool_calls": [{"function": {"arguments": "{\\"v\\": NaN}"}}]}]'
        self.assertTrue(verdict(OUT, OTHER_OUT, data=data)[1].startswith("DIV-ARGS-1"))

    def test_overflow(self):
        self.assertTrue(verdict(OUT, OTHER_OUT, data=b'[{"x": 1e400}]')[1].startswith("DIV-JSON-2"))
        self.assertEqual(verdict(OUT, OTHER_OUT, data=b'[{"x": 1e40}]'), (False, "outputs differ"))

    def test_numbers_in_text_are_not_numbers(self):
        # redact's input is one string: a number-like word in it is text
        self.assertEqual(verdict((0, b'"a"', b""), (0, b'"b"', b""), data=b'"cost 1e400 NaN"', op="redact"),
                         (False, "outputs differ"))

    def test_huge_int(self):
        data = b'[{"x": ' + b"1" * 4301 + b"}]"
        self.assertTrue(verdict(OUT, OTHER_OUT, data=data)[1].startswith("DIV-JSON-3"))
        self.assertEqual(verdict(OUT, OTHER_OUT, data=b'[{"x": ' + b"1" * 4300 + b"}]"),
                         (False, "outputs differ"))

    def test_not_a_transcript(self):
        # the fuzz finding of DIV-MODEL-2: hermes answers [] for ""
        ok, name = verdict(refused(b"HCC_E_SHAPE"), (0, b"[]", b""), data=b'""', op="truncate-args")
        self.assertTrue(ok)
        self.assertTrue(name.startswith("DIV-MODEL-2"))
        # a real transcript refused with SHAPE is not explained by it
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), (0, b"[]", b""), data=b"[]", op="truncate-args"),
                         (False, "only the reference refused"))
        self.assertEqual(verdict(refused(b"HCC_E_SHAPE"), (0, b'"x"', b""), data=b'""', op="strip-prefix"),
                         (False, "only the reference refused"))

    def test_fallback_refusal(self):
        # DIV-FALLBACK-1: a non-ASCII role (str.upper), a lookalike, the
        # strict URL pass, a non-list tool_calls; the same refusal without any is not explained
        fb = {"summarizer_fail": True}
        for data, params in ((b'[{"role": "\xc3\xa9", "content": "a"}]', fb),
                             ('[{"role": "user", "content": "\u017f"}]'.encode(), fb),
                             (b'[{"role": "user", "content": "see https://u:p@host/x"}]', fb),
                             (b'[{"role": "user", "content": "a"}]', dict(fb, previous_summary="?token=abc")),
                             (b'[{"role": "assistant", "tool_calls": {"a": 1}}]', fb),
                             (b'[{"role": "user", "content": "x #%AAeProxy_TOKEN = z"}]', fb),
                             (b'[{"role": ["\xc3\xa9"], "content": "a"}]', fb)):
            with self.subTest(data=data, params=params):
                got = div_classify.classify("compress", params, data, refused(b"HCC_E_UNSUPPORTED"), OUT)
                self.assertTrue(got[0] and got[1].startswith("DIV-FALLBACK-1"), got)
        plain = b'[{"role": "user", "content": "a"}]'
        self.assertFalse(div_classify.classify("compress", fb, plain, refused(b"HCC_E_UNSUPPORTED"), OUT)[0])
        # without the fallback (no summarizer failure) the features explain nothing
        role = b'[{"role": "\xc3\xa9", "content": "a"}]'
        self.assertFalse(div_classify.classify("compress", {}, role, refused(b"HCC_E_UNSUPPORTED"), OUT)[0])

    def test_redact_refusal(self):
        self.assertTrue(verdict(refused(b"HCC_E_UNSUPPORTED"), (0, b'"x"', b""), data=b'"k=v"',
                                op="redact")[1].startswith("DIV-REDACT-1"))
        self.assertEqual(verdict(refused(b"HCC_E_UNSUPPORTED"), (0, b'"x"', b""), data=b'"k=v"', op="repair"),
                         (False, "only the reference refused"))


if __name__ == "__main__":
    unittest.main()
