#!/usr/bin/env python3
"""impls_from_git.py -- fills IMPLS_SRC (or HERMES_SRC) from local git
clones, for every file of impls/IMPLS.json that records a commit.

  tools/impls_from_git.py --git OWNER/NAME=GITDIR [--git ...] [--only NAME]...
      [--registry FILE] [--impls-src DIR] [--hermes-src DIR]

Each file is `git show COMMIT:PATH` in the clone of its repository (a fork
that holds the commit serves as well: git names commits by content), checked
against the recorded characters and SHA-256 before it is written, so a wrong
clone or commit is refused rather than saved.  Files recorded by a read_file
id only (no commit) cannot come from git; they are listed with the call that
gets them.  Exit 0 when every selected file is in place and checks, 1 if not.
"""
import argparse
import hashlib
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import impls_registry  # noqa: E402


def git_text(gitdir, commit, path):
    r = subprocess.run(["git", "--git-dir", gitdir, "show", "%s:%s" % (commit, path)],
                       capture_output=True)
    if r.returncode:
        return None, r.stderr.decode("utf-8", "replace").strip()
    try:
        return r.stdout.decode("utf-8"), None
    except UnicodeDecodeError as e:
        return None, "not UTF-8 text (%s)" % e


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--git", action="append", default=[], metavar="OWNER/NAME=GITDIR")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--registry", default=impls_registry.REGISTRY)
    ap.add_argument("--impls-src", default=os.environ.get("IMPLS_SRC"))
    ap.add_argument("--hermes-src", default=os.environ.get("HERMES_SRC"))
    a = ap.parse_args(argv)
    clones = {}
    for g in a.git:
        repo, sep, d = g.partition("=")
        if not sep or not os.path.isdir(d):
            ap.error("--git takes OWNER/NAME=GITDIR with an existing git directory: %r" % g)
        clones[repo.lower()] = d
    env = {"IMPLS_SRC": a.impls_src or "", "HERMES_SRC": a.hermes_src or ""}
    reg = impls_registry.load(a.registry)
    bad = 0
    for impl in reg["implementations"]:
        if a.only and impl["name"] not in a.only:
            continue
        base = impls_registry.source_dir(impl, env)
        for f in impl.get("files", []):
            if base is None:
                print("%s: %s is not set (--impls-src / --hermes-src)" % (impl["name"], impl.get("source")))
                bad += 1
                break
            dest = os.path.join(base, f["path"])
            if os.path.exists(dest) and not impls_registry.problems(dict(impl, files=[f]), env):
                continue
            repo = (f.get("repository") or impl.get("repository") or "").lower()
            if not f.get("commit") or f.get("from_char"):
                print("%s: %s: not from git (%s)" % (impl["name"], f["path"], impls_registry.how_to_fetch(impl, f)))
                bad += 1
                continue
            if repo not in clones:
                print("%s: %s: no clone of %s given (--git %s=GITDIR)" % (impl["name"], f["path"], repo, repo))
                bad += 1
                continue
            text, err = git_text(clones[repo], f["commit"], f["path"])
            if text is None:
                print("%s: %s @ %s: %s" % (impl["name"], f["path"], f["commit"][:12], err))
                bad += 1
                continue
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
            if len(text) != f["chars"] or sha != f["sha256"]:
                print("%s: %s @ %s has %d characters, SHA-256 %s; recorded %d, %s: not written"
                      % (impl["name"], f["path"], f["commit"][:12], len(text), sha[:16], f["chars"], f["sha256"][:16]))
                bad += 1
                continue
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w", encoding="utf-8", newline="") as out:
                out.write(text)
            print("%s: %s written (%d characters)" % (impl["name"], f["path"], len(text)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
