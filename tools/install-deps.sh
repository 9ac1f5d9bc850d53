#!/bin/sh
# Installs the Debian packages hcc needs, only when something is missing.
# Safe to run every time: with everything present it prints one line.
set -e
missing=""
[ -f /usr/include/jsmn.h ]    || missing="$missing libjsmn-dev"
[ -f /usr/include/cmocka.h ]  || missing="$missing libcmocka-dev"
command -v clang >/dev/null   || missing="$missing clang"
command -v afl-clang-fast >/dev/null || missing="$missing afl++"
command -v lcov >/dev/null    || missing="$missing lcov"
command -v python3 >/dev/null || missing="$missing python3"
# make install-test: pkg-config, and the man page rendered (man, groff, col)
command -v pkg-config >/dev/null || missing="$missing pkg-config"
command -v man >/dev/null     || missing="$missing man-db"
command -v groff >/dev/null   || missing="$missing groff-base"
command -v col >/dev/null     || missing="$missing bsdextrautils"
# make python-test installs the Python package with pip (no index, no download)
python3 -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
# make hermes-tests runs hermes-agent's own pytest files against hcc (Debian's
# pytest, for Debian's python3; tools/hermes_tests.py finds it there)
[ -d /usr/lib/python3/dist-packages/pytest ] || missing="$missing python3-pytest"
# (hermes marks its async tests with pytest.mark.asyncio)
[ -d /usr/lib/python3/dist-packages/pytest_asyncio ] || missing="$missing python3-pytest-asyncio"
# the conformance matrix's page is checked in headless Chromium
command -v chromium >/dev/null || missing="$missing chromium"
# the WebAssembly/npm binding (bindings/js): emcc builds hcc.wasm; Debian's
# emscripten brings nodejs, and npm packs and installs the package
command -v emcc >/dev/null    || missing="$missing emscripten"
command -v npm >/dev/null     || missing="$missing npm"
# bindings/js/test/types.test.mjs type-checks index.d.ts with tsc --strict
command -v tsc >/dev/null     || missing="$missing node-typescript"
# the differential fuzzer embeds Debian's CPython (python3-config --embed)
[ -x /usr/bin/python3-config ] || missing="$missing python3-dev"
# libFuzzer and the sanitizer runtimes of Debian's clang 14
ls /usr/lib/llvm-14/lib/clang/14*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
  || missing="$missing libclang-rt-14-dev"
if [ -z "$missing" ]; then
  echo "deps: all present"
  exit 0
fi
echo "deps: installing$missing"
if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
echo "deps: installed$missing"
