"""impls_registry.py -- impls/IMPLS.json: which implementations the
conformance matrix runs, where their source comes from, and the check that
the bytes on this machine are the recorded ones.

No third-party code is in this repository.  Every implementation's files are
fetched by whoever runs the matrix into a folder outside it:

  source "IMPLS_SRC"   $IMPLS_SRC/<name>/<path>   (other projects, hermes history)
  source "HERMES_SRC"  $HERMES_SRC/<path>         (the pinned hermes, README.md)
  source "none"        nothing to fetch (hcc itself)

and each file is recorded by its coordinates: repository, path, commit (or,
where the code index names no commit, the read_file id it was read by), its
length in characters and the SHA-256 of its UTF-8 text (`from_char`: of the
text from that character on, for a file pinned by an excerpt).  A file that
is missing or whose count or checksum differs stops the run with what to do.
"""
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REGISTRY = os.path.join(ROOT, "impls", "IMPLS.json")


def load(path=REGISTRY):
    with open(path, encoding="utf-8") as f:
        reg = json.load(f)
    names = [i["name"] for i in reg["implementations"]]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError("%s: implementation names used twice: %s" % (path, ", ".join(dup)))
    return reg


def find(reg, name):
    for impl in reg["implementations"]:
        if impl["name"] == name:
            return impl
    raise KeyError("no implementation %r in the registry" % name)


def text_facts(path, from_char=0):
    """(characters, sha256 hex) of a file's UTF-8 text, from a character on."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()[from_char:]
    return len(text), hashlib.sha256(text.encode("utf-8")).hexdigest()


def source_dir(impl, env=None):
    """The folder an implementation's files are read from, or None when the
    variable it needs is not set."""
    env = os.environ if env is None else env
    src = impl.get("source", "IMPLS_SRC")
    if src == "none":
        return ROOT
    base = env.get(src)
    if not base:
        return None
    return base if src == "HERMES_SRC" else os.path.join(base, impl["name"])


def how_to_fetch(impl, f):
    repo = f.get("repository") or impl.get("repository")
    if f.get("commit") and repo:
        return "read_file(repo=%r, path=%r, commit=%r)" % (repo, f["path"], f["commit"])
    if f.get("read_file_id"):
        return "read_file(id=%r) (the code index names no commit for it)" % f["read_file_id"]
    return "the coordinates in impls/IMPLS.json"


def problems(impl, env=None):
    """What stops this implementation from running here, each a sentence
    that says what to do; [] when every file is present and checks."""
    src = impl.get("source", "IMPLS_SRC")
    if src == "none":
        return []
    base = source_dir(impl, env)
    if base is None:
        return ["%s: %s is not set. Set it to a folder holding %s (fetched outside this repository; "
                "impls/README.md says how)." % (impl["name"], src,
                                                 "the pinned hermes files" if src == "HERMES_SRC"
                                                 else "%s/<path> for each file" % impl["name"])]
    out = []
    for f in impl.get("files", []):
        path = os.path.join(base, f["path"])
        if not os.path.exists(path):
            out.append("%s: %s is missing; fetch it with %s and save it there."
                       % (impl["name"], path, how_to_fetch(impl, f)))
            continue
        try:
            chars, sha = text_facts(path, f.get("from_char", 0))
        except (UnicodeDecodeError, OSError) as e:
            out.append("%s: %s cannot be read as UTF-8 text (%s); fetch it again with %s."
                       % (impl["name"], path, e, how_to_fetch(impl, f)))
            continue
        if chars != f["chars"] or sha != f["sha256"]:
            out.append("%s: %s has %d characters, SHA-256 %s; impls/IMPLS.json records %d, %s. "
                       "These are not the recorded bytes: fetch the file again with %s (a copy "
                       "transcribed page by page must match exactly)."
                       % (impl["name"], path, chars, sha[:16], f["chars"], f["sha256"][:16],
                          how_to_fetch(impl, f)))
    return out


def entry_for_adapter(name, env=None):
    """(entry, problems) of implementation `name` as an adapter sees it: in
    the registry the matrix run names (HCC_IMPLS_REGISTRY, else
    impls/IMPLS.json), with what stops it from running here."""
    env = os.environ if env is None else env
    path = env.get("HCC_IMPLS_REGISTRY", REGISTRY)
    reg = load(path)
    try:
        impl = find(reg, name)
    except KeyError:
        names = ", ".join(i["name"] for i in reg["implementations"])
        why = ("the adapter's first argument names the implementation (one of: %s)" % names
               if not name or name.startswith("-") else
               "no implementation %r in %s (known: %s)" % (name, path, names))
        return None, ["usage: adapter.py NAME --serve | NAME OP: " + why]
    return impl, problems(impl, env)


def command(impl, python):
    """The argv that starts the implementation's adapter."""
    return [python if a == "{python}" else os.path.join(ROOT, a) if a.startswith(("tools/", "impls/", "build/", "tests/"))
            else a for a in impl["command"]]
