#!/usr/bin/env python3
"""standin_adapter.py NAME -- the adapter of the matrix self-test's stand-in
implementations: built like every adapter in impls/ (the registry finds the
implementation's file under IMPLS_SRC/NAME, tools/adapter_protocol.py speaks
the protocol), with the stand-in's own answers coming from hcc (HCC_BIN,
default build/hcc) so that what each mode changes is known."""
import importlib.util
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import adapter_protocol  # noqa: E402
import casefmt  # noqa: E402
import impls_registry  # noqa: E402


def main():
    name = sys.argv[1]
    impl, bad = impls_registry.entry_for_adapter(name)
    if bad:
        sys.stderr.write("\n".join(bad) + "\n")
        return adapter_protocol.EXIT_USAGE
    spec = importlib.util.spec_from_file_location(
        "standin_impl", os.path.join(impls_registry.source_dir(impl), impl["files"][0]["path"]))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    hcc = subprocess.Popen([os.environ.get("HCC_BIN", os.path.join(ROOT, "build", "hcc")), "--serve"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask_hcc(op, params, value):
        req = {"op": op, "params": params, "input": value}
        hcc.stdin.write(casefmt.dumps(req) + b"\n")
        hcc.stdin.flush()
        ans = json.loads(hcc.stdout.readline())
        if ans["exit"] == 1:
            code = ans["stderr"].split()[1]
            raise adapter_protocol.Reject(code, ans["stderr"])
        if ans["exit"] != 0:
            raise RuntimeError("hcc answered %s" % ans)
        return json.loads(ans["stdout"])

    def dispatch(op):
        def run(params, value):
            adapter_protocol.require_params(params, {"explain"} if op != "repair" else set())
            try:
                return mod.answer(impl["mode"], op, params, value, ask_hcc)
            except mod.NoSuchOp as e:
                raise adapter_protocol.Unsupported(str(e)) from None
        return run
    return adapter_protocol.main([sys.argv[0]] + sys.argv[2:], dispatch, "usage: standin_adapter.py NAME --serve")


if __name__ == "__main__":
    sys.exit(main())
