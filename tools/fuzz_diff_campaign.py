#!/usr/bin/env python3
"""fuzz_diff_campaign.py -- run the differential fuzzers (build/fuzz-diff/<op>,
fuzz/differential/diff_fuzz.c), some at a time, and record what they did.

  tools/fuzz_diff_campaign.py [--jobs N] [--record LEDGER] [--hcc COMMIT]
                              [--raised] [--build DIR] [--work DIR] [--dict FILE]
                              OP:SECONDS ...

Each OP runs for SECONDS as `make fuzz-diff` has always run it: nice'd,
-max_len=4096 with fuzz/hcc.dict, its work folder build/fuzz-diff-work/<op>
(the grown corpus, kept between runs) first, then corpus/<op> and
corpus/regressions/<op> as seeds, the log in build/fuzz-diff-work/<op>.log.
At most N run at once (--jobs, default 1; a campaign on a 2-core machine
uses 2). --work and --dict replace the work folder and the dictionary
(the self-test uses both). The same op may be listed twice; its runs then
follow each other.

--record LEDGER appends every finished run to the campaign ledger
(tools/fuzz_diff_ledger.py; --hcc names the commit the binaries were built
at, default HEAD) and moves its log to runs/<op>.<start>.log, so that a
later run of the op cannot overwrite a log before it is counted
(tools/fuzz_diff_table.py build/fuzz-diff-work/runs: a row per run). A run
that stopped on a difference is reported, not recorded. --raised writes
the inputs where the other side raised to <op>.raised.jsonl
(HCC_DIFF_RAISED_LOG, for tools/fuzz_diff_raised.py).

The other side is the pinned hermes from HERMES_SRC or the --serve program
of HCC_DIFF_IMPL. With neither set it says what to set and exits 0 (make
test has no hermes). Exit 1 when a run stopped on a difference: its report
and the kept input (build/fuzz-diff-work/<op>-crash-*) are printed; 2 on bad
arguments or a run that could not be recorded.
"""
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import fuzz_diff_ledger  # noqa: E402
import fuzz_diff_table  # noqa: E402

USAGE = ("usage: fuzz_diff_campaign.py [--jobs N] [--record LEDGER] [--hcc COMMIT] [--raised] [--build DIR] "
         "[--work DIR] [--dict FILE] OP:SECONDS ...")


def parse(argv):
    opts = {"jobs": 1, "record": None, "hcc": None, "raised": False, "build": os.path.join(ROOT, "build"),
            "work": None, "dict": os.path.join(ROOT, "fuzz", "hcc.dict")}
    runs, i = [], 0
    while i < len(argv):
        a = argv[i]
        if a in ("--jobs", "--record", "--hcc", "--build", "--work", "--dict"):
            if i + 1 >= len(argv):
                raise ValueError("%s needs a value" % a)
            opts[a[2:]] = argv[i + 1]
            i += 2
            continue
        if a == "--raised":
            opts["raised"] = True
        elif re.fullmatch(r"[a-z_]+:[1-9][0-9]*", a):
            op, secs = a.split(":")
            runs.append((op, int(secs)))
        else:
            raise ValueError("%r is neither an option nor OP:SECONDS (a positive whole number)" % a)
        i += 1
    if not str(opts["jobs"]).isdigit() or int(opts["jobs"]) < 1:
        raise ValueError("--jobs needs a positive whole number")
    opts["jobs"] = int(opts["jobs"])
    opts["work"] = opts["work"] or os.path.join(opts["build"], "fuzz-diff-work")
    if not runs:
        raise ValueError("no OP:SECONDS given")
    for op, _ in runs:
        if not os.access(os.path.join(opts["build"], "fuzz-diff", op), os.X_OK):
            raise ValueError("%s/fuzz-diff/%s is not built (make fuzz-diff-build; ops: the FUZZ_DIFF_OPS of the "
                             "Makefile)" % (opts["build"], op))
    return opts, runs


def start(op, secs, opts):
    work = opts["work"]
    os.makedirs(os.path.join(work, op), exist_ok=True)
    seeds = [d for d in (os.path.join(ROOT, "corpus", op), os.path.join(ROOT, "corpus", "regressions", op))
             if os.path.isdir(d)]
    env = dict(os.environ)
    if opts["raised"]:
        env["HCC_DIFF_RAISED_LOG"] = os.path.join(work, op + ".raised.jsonl")
    cmd = ["nice", "-n", "19", os.path.join(opts["build"], "fuzz-diff", op), "-max_total_time=%d" % secs,
           "-max_len=4096", "-dict=" + opts["dict"], "-print_final_stats=1",
           "-artifact_prefix=" + os.path.join(work, op + "-"), os.path.join(work, op)] + seeds
    log = open(os.path.join(work, op + ".log"), "w")
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env), log, when


def summary(op, path):
    stats, verdicts, seconds, cpu = fuzz_diff_table.read_log(path)
    line = "%-18s inputs %s, %s execs/s, %s s, %s CPU-s" % (
        op, stats.get("number_of_executed_units", "?"), stats.get("average_exec_per_sec", "?"),
        seconds if seconds is not None else "?", "%.1f" % cpu if cpu is not None else "?")
    return line + ("\n  verdicts %s" % verdicts if verdicts is not None else "")


def report(op, path, work):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("hcc differential"):
            return "\n".join(lines[i:i + 7])
    crashes = sorted(f for f in os.listdir(work) if f.startswith(op + "-crash-"))
    return "\n".join(lines[-30:] + ["kept: %s" % ", ".join(crashes) if crashes else "no input kept"])


def main(argv):
    try:
        opts, runs = parse(argv[1:])
    except ValueError as e:
        sys.stderr.write("fuzz_diff_campaign: %s\n%s\n" % (e, USAGE))
        return 2
    if not os.environ.get("HERMES_SRC") and not os.environ.get("HCC_DIFF_IMPL"):
        print("fuzz-diff: set HERMES_SRC (the pinned hermes files, README.md) or HCC_DIFF_IMPL=\"cmd\" "
              "(a --serve program)")
        return 0
    work = opts["work"]
    pending, running, found, unrecorded = list(runs), [], [], []
    while pending or running:
        busy = {op for op, *_ in running}
        nxt = next((r for r in pending if r[0] not in busy), None)  # one run of an op at a time
        if nxt and len(running) < opts["jobs"]:
            pending.remove(nxt)
            running.append((nxt[0],) + start(nxt[0], nxt[1], opts))
            continue
        time.sleep(0.2)
        for item in list(running):
            op, proc, log, when = item
            if proc.poll() is None:
                continue
            running.remove(item)
            log.close()
            path = os.path.join(work, op + ".log")
            print(summary(op, path))
            if proc.returncode != 0:
                print(report(op, path, work))
                found.append(op)
            if opts["record"]:
                try:
                    fuzz_diff_ledger.record(opts["record"], work, when, [op], opts["hcc"])
                    os.makedirs(os.path.join(work, "runs"), exist_ok=True)
                    os.replace(path, os.path.join(work, "runs", "%s.%s.log" % (op, when.replace(":", ""))))
                except fuzz_diff_ledger.LedgerError as e:
                    print("fuzz_diff_campaign: not recorded: %s" % e)
                    unrecorded.append(op)
            sys.stdout.flush()
    if found:
        print("fuzz-diff: differences in: %s (inputs in %s/<op>-crash-*)" % (" ".join(found), work))
        return 1
    return 2 if unrecorded else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
