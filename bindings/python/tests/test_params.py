"""The parameters: every default in the op functions' signatures is
hcc_params_init's, every library parameter is named by some op function,
and the parameter block the package reserves is larger than the struct.

Defaults are compared without mirroring the struct: a block set by
hcc_params_init, then hcc_params_set(name, <the Python default as text>),
must be byte-identical to a block set by hcc_params_init alone.  Setting a
value other than the default changes the bytes (checked, so the comparison
can fail).
"""
import ctypes
import inspect
import os
import shutil
import subprocess
import tempfile
import unittest

from _support import HEADER, ROOT, hcc
from hcc import _native


def _block(**params):
    lib = _native.load()
    blk = _native.params_block(lib, params)
    return ctypes.string_at(blk.ptr, _native.params_size())


def _op_functions():
    return {op: getattr(hcc, op.replace("-", "_")) for op in hcc.OPS}


def _keyword_defaults(fn):
    return {n: p.default for n, p in inspect.signature(fn).parameters.items()
            if p.kind == p.KEYWORD_ONLY and n != "raw"}


class Defaults(unittest.TestCase):
    def test_signature_defaults_are_the_library_defaults(self):
        base = _block()
        n = 0
        for op, fn in _op_functions().items():
            for name, default in _keyword_defaults(fn).items():
                with self.subTest(op=op, param=name):
                    self.assertEqual(_block(**{name: default}), base,
                                     "%s=%r differs from hcc_params_init's" % (name, default))
                    n += 1
        self.assertGreater(n, 60)

    def test_the_comparison_sees_a_change(self):
        base = _block()
        for name, other in (("protect_first_n", 4), ("threshold_percent", 0.5000001),
                            ("policy", "stub"), ("explain", True), ("current_tokens", 0),
                            ("protect_first_gpt", False), ("profile", "anthropic"),
                            ("fail_reason", ""), ("previous_summary", "")):
            with self.subTest(param=name):
                self.assertNotEqual(_block(**{name: other}), base)

    def test_fail_reason_reaches_the_fallback(self):
        # a text parameter is kept by pointer: the text must outlive the
        # call that set it (the block keeps it), and reach FALLBACK-7's line
        msgs = [{"role": "system", "content": "s"}] + [
            {"role": "user" if i % 2 == 0 else "assistant", "content": "turn %d" % i} for i in range(8)]
        out = hcc.compress(msgs, protect_first_n=1, tail_token_budget=10, protect_last_n=2,
                           summarizer_fail=True, fail_reason="HTTP " + "5" * 3)
        texts = [m["content"] for m in out if m.get("_compressed_summary")]
        self.assertEqual(len(texts), 1)
        self.assertIn("Summary failure reason: HTTP 555.", texts[0])
        with self.assertRaises(hcc.Error):
            hcc.compress(msgs, summarizer_fail=True, fail_reason="x" * 65537)

    def test_previous_summary_chains_compactions(self):
        # COMPRESS-17: the state explain reports after one call is what the
        # next call takes; a held summary decays the head (ALIGN-6) and
        # feeds the fallback's snapshot (FALLBACK-7)
        msgs = [{"role": "system", "content": "s"}] + [
            {"role": "user" if i % 2 == 0 else "assistant", "content": "turn %d" % i} for i in range(8)]
        first = hcc.compress(msgs, protect_first_n=1, tail_token_budget=10, protect_last_n=2, explain=True)
        self.assertEqual(first["outcome"], "summarized")
        self.assertEqual(first["compression_count"], 1)
        self.assertTrue(first["previous_summary"].startswith("## Historical Task Snapshot\n"))
        nxt = first["result"] + [{"role": "assistant", "content": "more %d" % i} if i % 2 else
                                 {"role": "user", "content": "more %d" % i} for i in range(6)]
        second = hcc.compress(nxt, protect_first_n=1, tail_token_budget=10, protect_last_n=2, explain=True,
                              summarizer_fail=True, compression_count=first["compression_count"],
                              previous_summary=first["previous_summary"])
        self.assertEqual(second["outcome"], "fallback")
        self.assertEqual(second["compression_count"], 2)
        self.assertEqual(second["compress_start"], 1)
        texts = [m["content"] for m in second["result"] if m.get("_compressed_summary")]
        self.assertIn("## Previous Summary Snapshot\n" + first["previous_summary"], texts[0])
        with self.assertRaises(hcc.Error):
            hcc.compress(msgs, previous_summary="x" * (1048576 + 1))

    def test_none_is_the_default(self):
        self.assertEqual(_block(protect_first_n=None, policy=None), _block())

    def test_every_library_parameter_is_in_a_signature(self):
        named = set()
        for fn in _op_functions().values():
            named |= set(_keyword_defaults(fn))
        self.assertEqual(named, set(hcc.param_names()))

    def test_signatures(self):
        for op, fn in _op_functions().items():
            with self.subTest(op=op):
                ps = inspect.signature(fn).parameters
                self.assertEqual(list(ps)[0], "input")
                self.assertIs(ps["raw"].default, False)
                self.assertEqual(ps["params"].kind, inspect.Parameter.VAR_KEYWORD)
                self.assertTrue(fn.__doc__ and fn.__doc__.strip())
        self.assertEqual(_keyword_defaults(hcc.repair), {"policy": "strip"})
        self.assertEqual(_keyword_defaults(hcc.align_at), {"at": 0})
        self.assertEqual(_keyword_defaults(hcc.validate), {})

    def test_value_kinds(self):
        # floats by repr, ints by digits, bools as true/false, enums by word
        self.assertEqual(_block(threshold_percent=0.75), _block(threshold_percent="0.75"))
        self.assertEqual(_block(context_length=64000), _block(context_length="64000"))
        self.assertEqual(_block(explain=True), _block(explain="true"))
        self.assertEqual(_block(explain=1), _block(explain="true"))
        # '-' and '_' are the same in names (hcc_params_set)
        self.assertEqual(_block(**{"protect-first-n": 5}), _block(protect_first_n=5))


class Block(unittest.TestCase):
    def test_reserved_block_is_larger_than_the_struct(self):
        self.assertLess(_native.params_size(), _native.PARAMS_BLOCK // 4)

    @unittest.skipUnless(shutil.which("cc"), "no C compiler (cc) to compile the sizeof probe")
    def test_struct_size_measured_is_sizeof(self):
        # what _params_extent measures is sizeof(hcc_params), as the compiler says
        with tempfile.TemporaryDirectory() as d:
            src, exe = os.path.join(d, "probe.c"), os.path.join(d, "probe")
            with open(src, "w") as f:
                f.write('#include <stdio.h>\n#include "hcc.h"\n'
                        'int main(void) { printf("%zu\\n", sizeof(hcc_params)); return 0; }\n')
            subprocess.run(["cc", "-I", os.path.dirname(HEADER), src, "-o", exe], check=True)
            size = int(subprocess.run([exe], capture_output=True, text=True, check=True).stdout)
        self.assertEqual(_native.params_size(), size)


if __name__ == "__main__":
    unittest.main()
