#!/bin/sh
# test_install.sh -- make install into a temporary prefix, used as a
# program that depends on hcc would use it.
#
#   sh tests/install/test_install.sh        (from the top of the sources)
#
# 1. make install PREFIX=$T/p puts every file in place; pkg-config finds
#    hcc.pc (version = HCC_VERSION); tests/install/repair_stdin.c builds with
#    `pkg-config --cflags --libs hcc` against the shared library (and with
#    --static against libhcc.a), and both programs agree with every golden
#    strip-repair case (tests/install/check_repair.py); the shared one really
#    loads the installed libhcc.so.0 (ldd);
# 2. the installed hcc runs, and man finds and renders hcc.1 with no groff
#    warning; the page names every op of `hcc --help`;
# 3. a staged install (DESTDIR) lands under DESTDIR and its hcc.pc names
#    PREFIX, not DESTDIR;
# 4. make uninstall leaves no file or link under either prefix.
# Last line "N passed, N failed"; exit 1 when anything failed.
MAKE=${MAKE:-make}
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/hcc_install.XXXXXX") || exit 2
trap '[ -n "$KEEP" ] || rm -rf "$T"' EXIT INT TERM
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }

P=$T/p
version=$(sed -n 's/^#define HCC_VERSION "\(.*\)"/\1/p' ref/include/hcc.h)
$MAKE -s --no-print-directory install PREFIX="$P" >"$T/install.log" 2>&1 || { cat "$T/install.log"; bad "make install failed"; }
for f in bin/hcc lib/libhcc.a lib/libhcc.so."$version" lib/libhcc.so.0 lib/libhcc.so include/hcc.h \
         lib/pkgconfig/hcc.pc share/man/man1/hcc.1; do
  check "installed $f" "[ -e '$P/$f' ]"
done

export PKG_CONFIG_PATH="$P/lib/pkgconfig"
check "pkg-config --modversion hcc is $version" "[ \"\$(pkg-config --modversion hcc)\" = '$version' ]"
flags=$(pkg-config --cflags --libs hcc)
check "pkg-config flags name the prefix ($flags)" "echo '$flags' | grep -q -- '-I$P/include' && echo '$flags' | grep -q -- '-L$P/lib'"
# shellcheck disable=SC2086
if $CC tests/install/repair_stdin.c $flags -Wl,-rpath,"$P/lib" -o "$T/repair_shared" 2>"$T/cc.log"; then ok
else bad "build against the shared library: $(cat "$T/cc.log")"; fi
check "the program loads the installed libhcc.so.0" "ldd '$T/repair_shared' | grep -q 'libhcc.so.0 => $P/lib/libhcc.so.0'"
check "shared: golden strip-repair cases" "$PYTHON tests/install/check_repair.py '$T/repair_shared'"
# shellcheck disable=SC2046
if $CC tests/install/repair_stdin.c $(pkg-config --cflags hcc) "$P/lib/libhcc.a" -o "$T/repair_static" 2>"$T/cc2.log"; then ok
else bad "build against libhcc.a: $(cat "$T/cc2.log")"; fi
check "static: no libhcc.so needed" "! ldd '$T/repair_static' | grep -q libhcc"
check "static: golden strip-repair cases" "$PYTHON tests/install/check_repair.py '$T/repair_static'"

check "installed hcc --version" "'$P/bin/hcc' --version | grep -q '^hcc $version '"
check "man finds hcc(1) under the prefix" "[ \"\$(MANPATH='$P/share/man' man -w hcc)\" = '$P/share/man/man1/hcc.1' ]"
groff -man -Tutf8 -ww -z "$P/share/man/man1/hcc.1" >"$T/groff.log" 2>&1
check "groff renders hcc.1 without warnings: $(head -3 "$T/groff.log")" "[ ! -s '$T/groff.log' ]"
MANPATH="$P/share/man" MANWIDTH=100 man hcc 2>/dev/null | col -b >"$T/man.txt"
for op in $("$P/bin/hcc" --help 2>&1 | sed -n '/^ops:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
  check "man page names op $op" "grep -q '^       $op' '$T/man.txt'"
done
check "man page documents hcc_run" "grep -q 'int hcc_run(hcc_op op' '$T/man.txt'"

S=$T/stage
$MAKE -s --no-print-directory install DESTDIR="$S" PREFIX=/opt/hcc >"$T/stage.log" 2>&1 || { cat "$T/stage.log"; bad "staged install failed"; }
check "staged install under DESTDIR" "[ -e '$S/opt/hcc/lib/libhcc.so.$version' ] && [ -e '$S/opt/hcc/bin/hcc' ]"
check "staged hcc.pc names PREFIX only" "grep -qx 'prefix=/opt/hcc' '$S/opt/hcc/lib/pkgconfig/hcc.pc' && ! grep -q '$S' '$S/opt/hcc/lib/pkgconfig/hcc.pc'"

$MAKE -s --no-print-directory uninstall PREFIX="$P" >/dev/null 2>&1 || bad "make uninstall failed"
$MAKE -s --no-print-directory uninstall DESTDIR="$S" PREFIX=/opt/hcc >/dev/null 2>&1 || bad "staged uninstall failed"
left=$(find "$P" "$S" ! -type d | head -5)
check "uninstall leaves nothing: $left" "[ -z '$left' ]"

echo "test_install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
