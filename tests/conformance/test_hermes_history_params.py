#!/usr/bin/env python3
"""impls/hermes/adapter.py on two stand-in version trees (this file's own
minimal compressors, no hermes code): a previous_summary is handed only to a
version whose ContextCompressor keeps that state (names self._previous_summary
in some method); a version that never names it answers the case as
unsupported (exit 3 of the protocol), instead of the adapter storing an
attribute the version never reads.  Each check runs in its own process: a
version is loaded as the module agent.context_compressor."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

COMPRESSOR = '''
class ContextCompressor:
    def __init__(self, model, threshold_percent=0.5, protect_first_n=3, protect_last_n=20,
                 summary_target_ratio=0.2, quiet_mode=False, config_context_length=None,
                 abort_on_summary_failure=False, min_tail_user_messages=1):
        self.compression_count = 0
        self.reset()

    def reset(self):
        %s
'''
KEEPS = "self._previous_summary = None"
LACKS = "self.summaries = 0"

PROBE = textwrap.dedent('''
    import importlib.util, json, sys
    spec = importlib.util.spec_from_file_location("hv", %r)
    hv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hv)
    tree = sys.argv[1]
    h = hv.HermesVersion(tree, tree + "/agent/context_compressor.py", True)
    try:
        c = h.compressor(json.loads(sys.argv[2]))
        print("ok", json.dumps(c._previous_summary))
    except hv.ac.Unsupported as e:
        print("unsupported", e)
''') % os.path.join(ROOT, "impls", "hermes", "adapter.py")


class PreviousSummary(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.trees = {}
        for name, body in (("keeps", KEEPS), ("lacks", LACKS)):
            agent = os.path.join(cls.tmp.name, name, "agent")
            os.makedirs(agent)
            with open(os.path.join(agent, "context_compressor.py"), "w") as f:
                f.write(COMPRESSOR % body)
            with open(os.path.join(agent, "model_metadata.py"), "w") as f:
                f.write("def estimate_tokens_rough(text):\n    return len(text) // 4\n")
            cls.trees[name] = os.path.join(cls.tmp.name, name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def probe(self, tree, params):
        r = subprocess.run([sys.executable, "-c", PROBE, self.trees[tree], params],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout.strip()

    def test_version_that_keeps_the_state_gets_it(self):
        self.assertEqual(self.probe("keeps", '{"previous_summary": "earlier"}'), 'ok "earlier"')

    def test_version_without_the_state_is_unsupported(self):
        out = self.probe("lacks", '{"previous_summary": "earlier"}')
        self.assertTrue(out.startswith("unsupported"), out)
        self.assertIn("previous_summary", out)

    def test_empty_string_is_a_value_too(self):
        self.assertTrue(self.probe("lacks", '{"previous_summary": ""}').startswith("unsupported"))

    def test_no_previous_summary_runs_on_both(self):
        self.assertEqual(self.probe("lacks", '{"previous_summary": null}'), "ok null")
        self.assertEqual(self.probe("keeps", "{}"), "ok null")


if __name__ == "__main__":
    unittest.main(verbosity=2)
