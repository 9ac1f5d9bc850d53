#!/usr/bin/env python3
"""matrix_report.py -- the conformance matrix's report from its verdicts.

  tools/matrix_report.py VERDICTS.json [--triage FILE] [--bugs FILE] [--out DIR]
  tools/matrix_report.py --render DIR/results.json [--out DIR]
  tools/matrix_report.py --check DIR [--readme README.md]

--readme FILE: the summary table of README.md, between the lines
README_BEGIN and README_END, is rendered from the same results (written by a
build or --render, compared by --check).

VERDICTS.json is what tools/matrix.py writes: the implementations, the facts
of every case (op, rules, source, note, hermes verdict) and one verdict a
case an implementation (pass, fail, skip, error, crash, timeout, with the
detail and, for an output that differs, the first differing path).

Every failure gets a triage label, from conformance/triage.json:
  - "difference": a real behavioural difference of that implementation,
    named in words against a rule ("reads ids as `id` only: ..."),
  - "crash": the implementation raises on that input (the report shows the
    exception),
and, for hermes's own versions only, a failure of a case the corpus marks
`hermes: diverges: DIV-...` is labelled with that documented divergence
(SPEC.md says why hcc differs from hermes there).  A failure no entry names
is "untriaged", listed first in the report; the committed report must have
none (--check).  Cases an implementation cannot express are skips its
adapter reports (exit 3) with the reason, counted per reason.

conformance/bugs.json names each known historical bug, the version before
its fix, the version after, and the case that must tell them apart: the
report checks the before version fails it and the after version passes.

Writes results.json (every verdict and label, for tools), RESULTS.md and
results.html (one self-contained page); --render writes the two documents
again from a results.json alone, --check says whether a folder's documents
are what its results.json renders to, that no failure is untriaged and that
every bug is caught (exit 1 otherwise).
"""
import argparse
import collections
import fnmatch
import html
import json
import os
import re
import sys

# The spec's order (FALLBACK is part of section 9, compress; REDACT is section 14).
FAMILY_ORDER = ["JSON", "MODEL", "ALIGN", "ARGS", "PREFIX", "PAIRS", "PRUNE", "COMPRESS", "FALLBACK", "TRAJ", "CHECK",
                "REDACT"]
FAILED = ("fail", "error", "crash", "timeout")


def tally(records):
    c = collections.Counter()
    for r in records:
        v = r["verdict"]
        c["passed" if v == "pass" else "skipped" if v == "skip" else "failed"] += 1
    return c


def tally_line(records):
    c = tally(records)
    return "%d passed, %d failed, %d skipped" % (c["passed"], c["failed"], c["skipped"])


def family(rule):
    return rule.rsplit("-", 1)[0]


def rule_key(rule):
    fam, _, num = rule.rpartition("-")
    fi = FAMILY_ORDER.index(fam) if fam in FAMILY_ORDER else len(FAMILY_ORDER)
    return (fi, fam, int(num) if num.isdigit() else 0, rule)


# ---- triage ----------------------------------------------------------------

class BadInput(Exception):
    """A verdict, triage or bugs file that cannot be used; the message says why."""


def load_json(path, default, what="file"):
    """A JSON file's value; `default` when there is no path (None: the file
    must exist)."""
    if not path:
        return default
    if not os.path.exists(path):
        if default is not None:
            return default
        raise BadInput("%s %s does not exist" % (what, path))
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise BadInput("%s %s is not readable JSON: %s" % (what, path, e)) from None
    if not isinstance(value, dict):
        raise BadInput("%s %s must hold a JSON object" % (what, path))
    return value


def entry_matches(entry, impl, case_id, rec):
    if not any(fnmatch.fnmatchcase(impl, g) for g in entry["impls"]):
        return False
    if not any(fnmatch.fnmatchcase(case_id, g) for g in entry["cases"]):
        return False
    if "verdicts" in entry and rec["verdict"] not in entry["verdicts"]:
        return False
    if "detail" in entry and not re.search(entry["detail"], rec.get("detail", "")):
        return False
    return True


def divergence_of(case):
    m = re.match(r"diverges:\s*(DIV-[A-Z]+-\d+)", case.get("hermes", ""))
    return m.group(1) if m else None


def label(impl, case_id, case, rec, entries):
    """The triage label of a failure: (index of the triage entry or -1 for a
    documented divergence, None when untriaged).  For a hermes version the
    documented divergence comes first: a case hcc decides against the pinned
    hermes on purpose is no finding about an older hermes either, whatever
    broader entry would also match it."""
    if impl.get("kind", "").startswith("hermes") and rec["verdict"] in ("fail", "crash") and divergence_of(case):
        return -1
    for k, e in enumerate(entries):
        if entry_matches(e, impl["name"], case_id, rec):
            return k
    return None


# ---- results.json ----------------------------------------------------------

def build_results(doc, triage, bugs):
    entries = triage.get("entries", [])
    for k, e in enumerate(entries):
        missing = [f for f in ("impls", "cases", "kind", "rule", "words") if f not in e]
        if missing:
            raise BadInput("triage entry %d lacks %s" % (k, ", ".join(missing)))
        if e["kind"] not in ("difference", "crash"):
            raise BadInput("triage entry %d: kind must be difference or crash, not %r" % (k, e["kind"]))
        if not (isinstance(e["impls"], list) and isinstance(e["cases"], list)):
            raise BadInput("triage entry %d: impls and cases must be lists of globs" % k)
        if "detail" in e:
            try:
                re.compile(e["detail"])
            except re.error as err:
                raise BadInput("triage entry %d: detail is not a regular expression: %s" % (k, err)) from None
    for key in ("cases", "implementations", "verdicts", "made_from"):
        if key not in doc:
            raise BadInput("the verdicts file lacks %r (it is what tools/matrix.py writes)" % key)
    for b in bugs.get("bugs", []):
        missing = [f for f in ("bug", "what", "case") if f not in b]
        if missing:
            raise BadInput("bugs entry %r lacks %s" % (b.get("bug"), ", ".join(missing)))
        if b["case"] not in doc["cases"]:
            raise BadInput("bugs entry %s names case %s, which the run did not have" % (b["bug"], b["case"]))
    cases = doc["cases"]
    impls = doc["implementations"]
    rules = sorted({r for c in cases.values() for r in c["rules"]}, key=rule_key)
    families = sorted({family(r) for r in rules}, key=lambda f: rule_key(f + "-0"))
    per_impl = []
    for impl in impls:
        name = impl["name"]
        verdicts = doc["verdicts"].get(name, {})
        labelled = {}
        used = collections.defaultdict(list)
        untriaged, divergences = [], collections.defaultdict(list)
        for cid, rec in sorted(verdicts.items()):
            rec = dict(rec)
            if rec["verdict"] in FAILED:
                k = label(impl, cid, cases[cid], rec, entries)
                if k is None:
                    rec["triage"] = {"kind": "untriaged"}
                    untriaged.append(cid)
                elif k == -1:
                    div = divergence_of(cases[cid])
                    rec["triage"] = {"kind": "divergence", "rule": div,
                                     "words": "documented divergence %s (SPEC.md): hcc differs from hermes here on purpose" % div}
                    divergences[div].append(cid)
                else:
                    e = entries[k]
                    rec["triage"] = {"kind": e["kind"], "rule": e["rule"], "words": e["words"], "entry": k}
                    used[k].append(cid)
            labelled[cid] = rec
        cells = {}
        for row in families + rules:
            is_fam = row in families
            c = collections.Counter()
            for cid, rec in labelled.items():
                rs = cases[cid]["rules"]
                if (is_fam and any(family(r) == row for r in rs)) or (not is_fam and row in rs):
                    v = rec["verdict"]
                    if v == "pass":
                        c["passed"] += 1
                    elif v == "skip":
                        c["skipped"] += 1
                    else:
                        c["failed"] += 1
                        if rec.get("triage", {}).get("kind") == "untriaged":
                            c["untriaged"] += 1
            cells[row] = dict(c)
        skips = collections.Counter(rec.get("detail", "") for rec in labelled.values() if rec["verdict"] == "skip")
        differences = []
        for k in sorted(used, key=lambda k: (rule_key(entries[k]["rule"]), k)):
            e = entries[k]
            differences.append({"rule": e["rule"], "kind": e["kind"], "words": e["words"],
                                "cases": len(used[k]), "example": e.get("example") if e.get("example") in used[k] else used[k][0]})
        for div in sorted(divergences, key=rule_key):
            differences.append({"rule": div, "kind": "divergence",
                                "words": "documented divergence (SPEC.md %s): hcc differs from hermes here on purpose" % div,
                                "cases": len(divergences[div]), "example": divergences[div][0]})
        crashes = [{"case": cid, "exception": rec.get("detail", "")}
                   for cid, rec in labelled.items() if rec["verdict"] in ("crash", "timeout")]
        per_impl.append({"name": name, "totals": dict(tally(labelled.values())), "cells": cells,
                         "differences": differences, "untriaged": untriaged,
                         "skip_reasons": [{"reason": r, "cases": n} for r, n in skips.most_common()],
                         "crashes": crashes, "verdicts": labelled})
    by_name = {p["name"]: p for p in per_impl}
    bug_rows = []
    for b in bugs.get("bugs", []):
        row = dict(b)
        got = {}
        for side in ("before", "after"):
            impl = by_name.get(b.get(side) or "")
            rec = impl["verdicts"].get(b["case"]) if impl else None
            got[side] = rec["verdict"] if rec else "not run"
        row["before_verdict"], row["after_verdict"] = got["before"], got["after"]
        if b.get("before") and b.get("after") and b.get("fixed_after_pin"):
            # the corpus keeps the pinned behaviour, which is the one before
            # the fix: the case tells the two apart the other way round
            row["caught"] = got["before"] == "pass" and got["after"] in FAILED
        elif b.get("before") and b.get("after"):
            row["caught"] = got["before"] in FAILED and got["after"] == "pass"
        else:
            row["caught"] = None  # a side the stored history does not hold: the row says why
        bug_rows.append(row)
    unused = [k for k, e in enumerate(entries) if not any(
        k == d.get("entry") for p in per_impl for d in (r.get("triage", {}) for r in p["verdicts"].values()))]
    return {"made_from": doc["made_from"], "implementations": impls, "families": families, "rules": rules,
            "cases": cases, "results": per_impl, "bugs": bug_rows, "unused_triage_entries": unused}


# ---- shared text -----------------------------------------------------------

def cell_text(c):
    if not c:
        return "–"
    return "%d/%d/%d" % (c.get("passed", 0), c.get("failed", 0), c.get("skipped", 0))


def cell_class(c):
    if not c:
        return "none"
    if c.get("untriaged"):
        return "untriaged"
    if c.get("failed"):
        return "fail"
    if c.get("passed"):
        return "pass"
    return "skip"


def rate(t):
    run = t.get("passed", 0) + t.get("failed", 0)
    return "%.0f %%" % (100.0 * t.get("passed", 0) / run) if run else "–"


def source_line(impl):
    files = impl.get("files", [])
    if not files:
        return impl.get("repository") or "this repository"
    parts = []
    for f in files:
        at = f.get("commit", "")[:8] if f.get("commit") else "id %s" % f.get("read_file_id", "?")
        parts.append("%s @ %s" % (f["path"], at))
    return "%s: %s" % (impl.get("repository") or "repository not named by the code index", "; ".join(parts))


def made_from_line(res):
    m = res["made_from"]
    return "Made by `make matrix` from hcc commit `%s`, golden corpus %s (%d cases), on %s%s." % (
        m["hcc"], m["golden"], m["cases"], m["date"], " (a partial run)" if m.get("partial") else "")


# ---- RESULTS.md ------------------------------------------------------------

def md_escape(s):
    return s.replace("|", "\\|").replace("\n", " ")


def render_md(res):
    impls = res["implementations"]
    by = {p["name"]: p for p in res["results"]}
    L = ["# Conformance of implementations", "",
         "<!-- generated by tools/matrix_report.py from results.json; do not edit -->", "",
         made_from_line(res), "",
         "Cells: passed/failed/skipped cases of each rule (a case counts for every rule it pins; a family row",
         "counts each case once). A skip is a case the implementation cannot express (its adapter says why,",
         "below). Every failure is named under its implementation. The same matrix as a page: `results.html`.", "",
         "## Implementations", "",
         "| implementation | language | what it is | source | passed | failed | skipped | pass rate |",
         "|---|---|---|---|---|---|---|---|"]
    for impl in impls:
        t = by[impl["name"]]["totals"]
        L.append("| %s | %s | %s | %s | %d | %d | %d | %s |" % (
            impl["name"], impl.get("language", ""), md_escape(impl.get("description", "")),
            md_escape(source_line(impl)), t.get("passed", 0), t.get("failed", 0), t.get("skipped", 0), rate(t)))
    L += ["", "## The matrix", ""]
    L.append("| rule | " + " | ".join(i["name"] for i in impls) + " |")
    L.append("|---|" + "---|" * len(impls))
    for row in ordered_rows(res):
        name = "**%s**" % row if row in res["families"] else row
        L.append("| %s | %s |" % (name, " | ".join(cell_text(by[i["name"]]["cells"].get(row)) for i in impls)))
    untriaged = [(p["name"], c) for p in res["results"] for c in p["untriaged"]]
    if untriaged:
        L += ["", "## Untriaged failures", ""]
        L += ["- %s: `%s`" % (n, c) for n, c in untriaged]
    L += ["", "## Known historical bugs", "",
          "Each bug, the hermes version before its fix and the first after it, and the case that tells them apart",
          "(the version before must fail it and the version after pass it; for a bug fixed after the pinned",
          "commit, marked \"after the pin\", the corpus keeps the pinned behaviour, so the other way round).", "",
          "| bug | what went wrong | before | after | case | caught |", "|---|---|---|---|---|---|"]
    for b in res["bugs"]:
        caught = {True: "yes", False: "**no**", None: "–"}[b["caught"]]
        what = b["what"] + (" (%s)" % b["why"] if b.get("why") else "") + (" (after the pin)" if b.get("fixed_after_pin") else "")
        L.append("| %s | %s | %s (%s) | %s (%s) | `%s` | %s |" % (
            b["bug"], md_escape(what), b.get("before") or "not stored", b["before_verdict"],
            b.get("after") or "not stored", b["after_verdict"], b["case"], caught))
    L += ["", "## Each implementation", ""]
    for impl in impls:
        p = by[impl["name"]]
        L += ["### %s" % impl["name"], "", md_escape(impl.get("description", "")), "",
              "Source: %s. Adapter: `%s`. Ops: %s." % (
                  source_line(impl), " ".join("python3" if a == "{python}" else a for a in impl["command"]),
                  "; ".join("%s: %s" % (k, v) for k, v in sorted(impl.get("ops", {}).items())) or "–"), ""]
        fams = [f for f in families_in_order(res) if p["cells"].get(f)]
        L.append("Pass rate by family (of the cases it ran): " + ", ".join(
            "%s %s (%s)" % (f, rate(p["cells"][f]), cell_text(p["cells"][f])) for f in fams) + ".")
        L.append("")
        if p["differences"]:
            L.append("Differences found:")
            L.append("")
            for d in p["differences"]:
                L.append("- %s (%s, %d case%s, e.g. `%s`): %s" % (
                    d["rule"], d["kind"], d["cases"], "" if d["cases"] == 1 else "s", d["example"], d["words"]))
            L.append("")
        if p["crashes"]:
            L.append("Crashes and time-outs (first %d of %d):" % (min(5, len(p["crashes"])), len(p["crashes"])))
            L.append("")
            for c in p["crashes"][:5]:
                L.append("- `%s`: %s" % (c["case"], md_escape(c["exception"][-300:])))
            L.append("")
        if p["skip_reasons"]:
            L.append("Skipped (cannot be expressed): " + "; ".join(
                "%d: %s" % (s["cases"], md_escape(s["reason"])) for s in p["skip_reasons"]) + ".")
            L.append("")
    return "\n".join(L) + "\n"


def families_in_order(res):
    """The families in the spec's order (FAMILY_ORDER), whatever order an
    older results.json stored them in: the order is the report's, not the
    run's."""
    return sorted(res["families"], key=lambda f: rule_key(f + "-0"))


def ordered_rows(res):
    out = []
    for fam in families_in_order(res):
        out.append(fam)
        out += [r for r in res["rules"] if family(r) == fam]
    return out


# ---- results.html ----------------------------------------------------------

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1d1d1f}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}
th{background:#f3f3f3;position:sticky;top:0;font-weight:600;font-size:12px}
td.rule{white-space:nowrap}tr.family td.rule{font-weight:700;background:#eef}
td.cell{text-align:center;font-variant-numeric:tabular-nums;min-width:5em}
td.pass{background:#c8ecc8}td.skip{background:#e4e4e4;color:#555}td.none{background:#fff;color:#bbb}
td.fail{background:#ffd9a8}td.untriaged{background:#ff9c9c}
details>summary{cursor:pointer}details ul{text-align:left;margin:.3em 0;padding-left:1.2em;max-width:40em}
code{font-size:12px;word-break:break-all}.legend span{padding:0 .5em;margin-right:.5em}
"""


def esc(s):
    return html.escape(str(s), quote=True)


def case_item(cid, rec):
    t = rec.get("triage", {})
    bits = ["<li><code>%s</code> %s" % (esc(cid), esc(rec["verdict"]))]
    if t:
        bits.append(" — <em>%s</em>" % esc(t.get("words", "untriaged")))
    if rec.get("diff"):
        path, want, got = rec["diff"]
        bits.append("<br>at <code>%s</code>: expected <code>%s</code>, got <code>%s</code>" % (
            esc(path), esc(want), esc(got)))
    elif rec.get("detail"):
        bits.append("<br><code>%s</code>" % esc(rec["detail"][-300:]))
    bits.append("</li>")
    return "".join(bits)


def render_html(res):
    impls = res["implementations"]
    by = {p["name"]: p for p in res["results"]}
    H = ["<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
         "<title>hcc conformance matrix</title><style>%s</style></head><body>" % CSS,
         "<!-- generated by tools/matrix_report.py from results.json; do not edit -->",
         "<h1>hcc conformance matrix</h1>",
         "<p>%s</p>" % esc(made_from_line(res).replace("`", "")),
         "<p class=\"legend\">Cells: passed/failed/skipped. <span class=\"pass\" style=\"background:#c8ecc8\">all run passed</span>"
         "<span style=\"background:#ffd9a8\">failures, each named</span><span style=\"background:#ff9c9c\">untriaged failures</span>"
         "<span style=\"background:#e4e4e4\">only skips</span> A failing cell opens to its cases.</p>",
         "<table id=\"matrix\"><thead><tr><th>rule</th>"]
    for impl in impls:
        t = by[impl["name"]]["totals"]
        H.append("<th title=\"%s\">%s<br>%s</th>" % (esc(impl.get("description", "")), esc(impl["name"]), esc(rate(t))))
    H.append("</tr></thead><tbody>")
    for row in ordered_rows(res):
        fam = row in res["families"]
        H.append("<tr class=\"%s\"><td class=\"rule\">%s</td>" % ("family" if fam else "rule", esc(row)))
        for impl in impls:
            p = by[impl["name"]]
            c = p["cells"].get(row)
            cls = cell_class(c)
            text = esc(cell_text(c))
            if c and c.get("failed"):
                items = [case_item(cid, rec) for cid, rec in sorted(p["verdicts"].items())
                         if rec["verdict"] in FAILED and (
                             any(family(r) == row for r in res["cases"][cid]["rules"]) if fam
                             else row in res["cases"][cid]["rules"])]
                text = "<details><summary>%s</summary><ul>%s</ul></details>" % (text, "".join(items))
            H.append("<td class=\"cell %s\" data-impl=\"%s\" data-row=\"%s\">%s</td>" % (
                cls, esc(impl["name"]), esc(row), text))
        H.append("</tr>")
    H.append("</tbody></table>")
    H.append("<h2>Known historical bugs</h2><table id=\"bugs\"><thead><tr><th>bug</th><th>what went wrong</th>"
             "<th>before</th><th>after</th><th>case</th><th>caught</th></tr></thead><tbody>")
    for b in res["bugs"]:
        H.append("<tr><td>%s</td><td>%s%s%s</td><td>%s (%s)</td><td>%s (%s)</td><td><code>%s</code></td><td>%s</td></tr>" % (
            esc(b["bug"]), esc(b["what"]), ("<br><em>%s</em>" % esc(b["why"])) if b.get("why") else "",
            "<br><em>fixed after the pin</em>" if b.get("fixed_after_pin") else "",
            esc(b.get("before") or "not stored"), esc(b["before_verdict"]), esc(b.get("after") or "not stored"),
            esc(b["after_verdict"]), esc(b["case"]), {True: "yes", False: "NO", None: "–"}[b["caught"]]))
    H.append("</tbody></table><h2>Differences by implementation</h2>")
    for impl in impls:
        p = by[impl["name"]]
        H.append("<h3 id=\"impl-%s\">%s</h3><p>%s<br>Source: %s</p>" % (
            esc(impl["name"]), esc(impl["name"]), esc(impl.get("description", "")), esc(source_line(impl))))
        if p["differences"]:
            H.append("<ul>%s</ul>" % "".join(
                "<li><b>%s</b> (%s, %d case%s, e.g. <code>%s</code>): %s</li>" % (
                    esc(d["rule"]), esc(d["kind"]), d["cases"], "" if d["cases"] == 1 else "s", esc(d["example"]),
                    esc(d["words"])) for d in p["differences"]))
        if p["untriaged"]:
            H.append("<p><b>Untriaged:</b> %s</p>" % esc(", ".join(p["untriaged"])))
    H.append("</body></html>")
    return "\n".join(H) + "\n"


# ---- entry points ----------------------------------------------------------

README_BEGIN = "<!-- matrix-summary: generated by tools/matrix_report.py from conformance/results.json; do not edit -->"
README_END = "<!-- /matrix-summary -->"


def render_summary_md(res):
    """The README's summary: one row an implementation, passed/failed cases
    of each rule family it was asked (skips left out), and its pass rate."""
    fams = [f for f in families_in_order(res) if any(
        p["cells"].get(f, {}).get("passed") or p["cells"].get(f, {}).get("failed") for p in res["results"])]
    L = [made_from_line(res), "",
         "| implementation | %s | passed/failed (pass rate) |" % " | ".join(fams),
         "|---|%s---|" % ("---|" * len(fams))]
    for p in res["results"]:
        cells = []
        for f in fams:
            c = p["cells"].get(f, {})
            run = c.get("passed", 0) + c.get("failed", 0)
            cells.append("%d/%d" % (c.get("passed", 0), c.get("failed", 0)) if run else "–")
        t = p["totals"]
        L.append("| %s | %s | %d/%d (%s) |" % (p["name"], " | ".join(cells), t.get("passed", 0),
                                              t.get("failed", 0), rate(t)))
    return "\n".join(L) + "\n"


def _readme_parts(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    i, j = text.find(README_BEGIN), text.find(README_END)
    if i < 0 or j < i:
        raise BadInput("%s has no summary markers (%s ... %s)" % (path, README_BEGIN, README_END))
    i += len(README_BEGIN) + 1
    return text[:i], text[i:j], text[j:]


def write_readme(res, path):
    head, _, tail = _readme_parts(path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + render_summary_md(res) + tail)


def write_documents(res, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "RESULTS.md"), "w", encoding="utf-8") as f:
        f.write(render_md(res))
    with open(os.path.join(out_dir, "results.html"), "w", encoding="utf-8") as f:
        f.write(render_html(res))


def summary(res, log):
    """Prints the closing lines; returns 1 when something must be looked at."""
    bad = 0
    for p in res["results"]:
        if p["untriaged"]:
            log("matrix: %s: %d untriaged failure%s, e.g. %s" % (
                p["name"], len(p["untriaged"]), "" if len(p["untriaged"]) == 1 else "s", p["untriaged"][0]))
            bad = 1
    for b in res["bugs"]:
        if b["caught"] is False:
            log("matrix: bug %s is not caught: %s %s, %s %s on %s" % (
                b["bug"], b["before"], b["before_verdict"], b["after"], b["after_verdict"], b["case"]))
            bad = 1
    if res["unused_triage_entries"]:
        log("matrix: triage entries that named no failure: %s" % res["unused_triage_entries"])
    total = collections.Counter()
    for p in res["results"]:
        total.update(p["totals"])
    log("matrix: %d implementations: %d passed, %d failed, %d skipped" % (
        len(res["results"]), total["passed"], total["failed"], total["skipped"]))
    return bad


def build(verdicts_path, triage_path, bugs_path, out_dir, log=print, readme=None):
    try:
        doc = load_json(verdicts_path, None, "verdicts file")
        res = build_results(doc, load_json(triage_path, {}, "triage file"), load_json(bugs_path, {}, "bugs file"))
    except BadInput as e:
        log("matrix: %s; no report written" % e)
        return 2
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump(res, f, indent=1, ensure_ascii=False)
        f.write("\n")
    write_documents(res, out_dir)
    log("matrix: wrote %s (results.json, RESULTS.md, results.html)" % out_dir)
    if readme:
        try:
            write_readme(res, readme)
        except BadInput as e:
            log("matrix: %s" % e)
            return 2
        log("matrix: wrote the summary table of %s" % readme)
    return summary(res, log)


def check(out_dir, log=print, readme=None):
    try:
        res = load_json(os.path.join(out_dir, "results.json"), None, "results file")
    except BadInput as e:
        log("matrix-check: %s" % e)
        return 1
    bad = 0
    for name, render in (("RESULTS.md", render_md), ("results.html", render_html)):
        with open(os.path.join(out_dir, name), encoding="utf-8") as f:
            if f.read() != render(res):
                log("matrix-check: %s/%s is not what its results.json renders to (edited by hand, or "
                    "rendered by another version of tools/matrix_report.py): run "
                    "tools/matrix_report.py --render %s/results.json" % (out_dir, name, out_dir))
                bad = 1
    if readme:
        try:
            if _readme_parts(readme)[1] != render_summary_md(res):
                log("matrix-check: the summary table of %s is not what %s/results.json renders to: run "
                    "tools/matrix_report.py --render %s/results.json --readme %s" % (readme, out_dir, out_dir, readme))
                bad = 1
        except BadInput as e:
            log("matrix-check: %s" % e)
            bad = 1
    return summary(res, log) | bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("verdicts", nargs="?")
    ap.add_argument("--triage")
    ap.add_argument("--bugs")
    ap.add_argument("--out", default="conformance")
    ap.add_argument("--render", metavar="RESULTS_JSON")
    ap.add_argument("--check", metavar="DIR")
    ap.add_argument("--readme", metavar="FILE", help="README.md whose summary table to write or check")
    a = ap.parse_args()
    if a.check:
        return check(a.check, readme=a.readme)
    if a.render:
        try:
            res = load_json(a.render, None, "results file")
        except BadInput as e:
            print("matrix: %s" % e)
            return 2
        write_documents(res, a.out if a.out != "conformance" else os.path.dirname(a.render) or ".")
        if a.readme:
            try:
                write_readme(res, a.readme)
            except BadInput as e:
                print("matrix: %s" % e)
                return 2
        return 0
    if not a.verdicts:
        ap.error("VERDICTS.json, --render or --check")
    return build(a.verdicts, a.triage, a.bugs, a.out, readme=a.readme)


if __name__ == "__main__":
    sys.exit(main())
