"""hcc_build.py -- the PEP 517 build backend of the hcc package, with the
standard library only (pyproject.toml names it; pip runs it in this folder).

It writes the wheel zip by hand: the files of hcc/, and the shared library
as hcc/libhcc.so.0, where the package looks first after HCC_LIBRARY.  The
library comes from

  HCC_WHEEL_LIBRARY   a path to a built libhcc.so (.so.0 or its target), or
  the checkout        this folder's ../../build/libhcc.so.0, brought up to
                      date by `make -C <checkout> build/libhcc.so` first
                      (a no-op when it is current).

Only wheels are built (pip installs a folder through build_wheel); there
is no sdist, since the library's C sources live outside this folder.
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
NAME = "hcc"
# fixed timestamps: the same inputs give the same wheel bytes
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _version():
    with open(os.path.join(HERE, "hcc", "_codes.py"), encoding="utf-8") as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    if not m:
        raise RuntimeError("hcc_build: no VERSION in hcc/_codes.py")
    return m.group(1)


def _tag():
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + plat


def _library():
    """The path of the libhcc.so to bundle (the real file, not a link)."""
    env = os.environ.get("HCC_WHEEL_LIBRARY")
    if env:
        if not os.path.isfile(env):
            raise RuntimeError("hcc_build: HCC_WHEEL_LIBRARY=%s is not a file" % env)
        return os.path.realpath(env)
    lib = os.path.join(CHECKOUT, "build", "libhcc.so.0")
    if os.path.isfile(os.path.join(CHECKOUT, "Makefile")) and \
            os.path.isfile(os.path.join(CHECKOUT, "ref", "include", "hcc.h")):
        if shutil.which("make"):
            r = subprocess.run(["make", "-C", CHECKOUT, "-s", "build/libhcc.so"],
                               stdout=sys.stderr, stderr=sys.stderr)
            if r.returncode != 0:
                raise RuntimeError("hcc_build: `make -C %s build/libhcc.so` failed (exit %d)"
                                   % (CHECKOUT, r.returncode))
        if os.path.isfile(lib):
            return os.path.realpath(lib)
    raise RuntimeError(
        "hcc_build: no libhcc.so to bundle. Build it in the hcc checkout (`make all` writes "
        "build/libhcc.so.0) and install from that checkout's bindings/python, or set "
        "HCC_WHEEL_LIBRARY=/path/to/libhcc.so")


def _metadata(version):
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
            "Summary: The structural rules of hermes-agent's context compaction: ctypes binding of libhcc\n"
            "Requires-Python: >=3.9\nDescription-Content-Type: text/markdown\n\n%s" % (NAME, version, readme))


def _wheel_meta():
    return ("Wheel-Version: 1.0\nGenerator: hcc_build\nRoot-Is-Purelib: false\nTag: %s\n" % _tag())


def _dist_info(version):
    return "%s-%s.dist-info" % (NAME, version)


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (path, digest, len(data))


def _add(zf, path, data, mode=0o644):
    info = zipfile.ZipInfo(path, ZIP_DATE)
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


# ---- the PEP 517 hooks ------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    d = os.path.join(metadata_directory, _dist_info(version))
    os.makedirs(d, exist_ok=True)
    for name, text in (("METADATA", _metadata(version)), ("WHEEL", _wheel_meta()),
                       ("top_level.txt", NAME + "\n")):
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.basename(d)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    files = []
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                files.append(("%s/%s" % (NAME, name), f.read(), 0o644))
    with open(_library(), "rb") as f:
        files.append(("%s/libhcc.so.0" % NAME, f.read(), 0o755))
    di = _dist_info(version)
    for name, text in (("METADATA", _metadata(version)), ("WHEEL", _wheel_meta()),
                       ("top_level.txt", NAME + "\n")):
        files.append(("%s/%s" % (di, name), text.encode("utf-8"), 0o644))
    wheel = "%s-%s-%s.whl" % (NAME, version, _tag())
    record = "".join(_record_line(p, d) for p, d, _ in files) + "%s/RECORD,,\n" % di
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w") as zf:
        for p, d, mode in files:
            _add(zf, p, d, mode)
        _add(zf, "%s/RECORD" % di, record.encode("utf-8"))
    return wheel
