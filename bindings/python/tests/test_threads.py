"""Thread safety: 16 threads x 200 calls of mixed ops (golden inputs, both
successes and refusals) give exactly what one thread gives, call by call.
Each call owns its buffers; ctypes releases the GIL in the C calls, so the
threads really run the library at once."""
import threading
import unittest

from _support import casefmt, cases, hcc

THREADS, CALLS = 16, 200


def _outcome(case):
    try:
        return ("ok", hcc.run(case["op"], casefmt.input_bytes(case), **case.get("params", {})))
    except hcc.Error as e:
        return ("error", e.code, e.offset, e.message)


class Threads(unittest.TestCase):
    def test_many_threads_share_nothing(self):
        every = list(cases())
        pool = every[:: max(1, len(every) // 150)]       # ~150 cases by stride ...
        seen = {c["op"] for c in pool}
        for c in every:                                  # ... plus one of every op the stride missed
            if c["op"] not in seen:
                pool.append(c)
                seen.add(c["op"])
        self.assertEqual({c["op"] for c in pool}, {c["op"] for c in every})
        want = [_outcome(c) for c in pool]
        self.assertTrue(any(w[0] == "error" for w in want) and any(w[0] == "ok" for w in want))
        bad, done = [], []
        start = threading.Barrier(THREADS)

        def worker(t):
            start.wait()
            for k in range(CALLS):
                i = (t * 7919 + k * 31) % len(pool)          # each thread its own order
                got = _outcome(pool[i])
                if got != want[i]:
                    bad.append((t, k, pool[i]["id"]))
            done.append(t)
        ts = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(120)
        self.assertEqual(len(done), THREADS)
        self.assertEqual(bad, [])
        print("\n  threads: %d x %d calls over %d cases, all equal to the single-threaded run"
              % (THREADS, CALLS, len(pool)))

    def test_python_values_from_threads(self):
        msgs = [{"role": "user", "content": "hi %d" % i} for i in range(50)] + \
               [{"role": "tool", "tool_call_id": "x", "content": "orphan"}]
        want = hcc.repair(msgs)
        bad = []

        def worker():
            for _ in range(100):
                if hcc.repair(msgs) != want:
                    bad.append(1)
        ts = [threading.Thread(target=worker) for _ in range(8)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(60)
        self.assertEqual(bad, [])


if __name__ == "__main__":
    unittest.main()
