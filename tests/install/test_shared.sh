#!/bin/sh
# test_shared.sh -- the shared library's interface, as a linker sees it.
#
#   sh tests/install/test_shared.sh [BUILD_DIR]     (default: build)
#
# Checks that three lists agree: the functions ref/include/hcc.h declares,
# the names ref/libhcc.map exports, and the symbols `nm -D` finds defined in
# BUILD_DIR/libhcc.so (so no hcc__* internal and no libc symbol leaks, and
# no declared function is missing); that the soname is libhcc.so.0 and the
# links libhcc.so -> libhcc.so.0 -> libhcc.so.<version> are in place; that
# the library needs nothing but libc.  Then it proves the comparison can
# fail: the same objects linked without the version script must show extra
# symbols.  Last line "N passed, N failed"; exit 1 when anything failed.
B=${1:-build}
T=$(mktemp -d "${TMPDIR:-/tmp}/hcc_shared.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1" >&2; }

version=$(sed -n 's/^#define HCC_VERSION "\(.*\)"/\1/p' ref/include/hcc.h)
[ -n "$version" ] || { echo "test_shared: no HCC_VERSION in ref/include/hcc.h" >&2; exit 2; }
[ -f "$B/libhcc.so.$version" ] || { echo "test_shared: $B/libhcc.so.$version missing (run make all)" >&2; exit 2; }

sed -n 's/^\(const \)\{0,1\}[a-z_]* \*\{0,1\}\(hcc_[a-z_]*\)(.*/\2/p' ref/include/hcc.h | sort >"$T/header"
sed -n 's/^ *\(hcc_[a-z_]*\);$/\1/p' ref/libhcc.map | sort >"$T/map"
exported() { nm -D --defined-only "$1" | awk '$2 != "A" {sub(/@.*/, "", $3); print $3}' | sort; }
exported "$B/libhcc.so" >"$T/nm"

n=$(wc -l <"$T/header")
if [ "$n" -ge 10 ]; then ok; else bad "only $n functions found in hcc.h (the parse is broken)"; fi
if cmp -s "$T/header" "$T/map"; then ok; else bad "ref/libhcc.map and hcc.h differ:"; diff "$T/header" "$T/map" >&2; fi
if cmp -s "$T/header" "$T/nm"; then ok; else bad "nm -D of libhcc.so and hcc.h differ:"; diff "$T/header" "$T/nm" >&2; fi

soname=$(readelf -d "$B/libhcc.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ "$soname" = libhcc.so.0 ]; then ok; else bad "soname is '$soname', not libhcc.so.0"; fi
if [ "$(readlink "$B/libhcc.so")" = libhcc.so.0 ] && [ "$(readlink "$B/libhcc.so.0")" = "libhcc.so.$version" ]; then ok
else bad "links: libhcc.so -> $(readlink "$B/libhcc.so"), libhcc.so.0 -> $(readlink "$B/libhcc.so.0")"; fi
needed=$(readelf -d "$B/libhcc.so.$version" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
if [ "$needed" = "libc.so.6 " ]; then ok; else bad "libhcc.so needs '$needed', not only libc.so.6"; fi

# the check can fail: without the version script the internals show
${CC:-cc} -shared "$B"/pic/*.o -o "$T/libleaky.so" 2>"$T/link.err" || { bad "leaky link failed: $(cat "$T/link.err")"; }
exported "$T/libleaky.so" >"$T/leaky"
extra=$(comm -13 "$T/header" "$T/leaky" | grep -c '^hcc__')
if [ "$extra" -gt 0 ]; then ok; else bad "a library linked without ref/libhcc.map shows no extra hcc__ symbols: the comparison cannot fail"; fi

echo "test_shared: $n functions exported, soname $soname; $pass passed, $fail failed"
[ "$fail" -eq 0 ]
