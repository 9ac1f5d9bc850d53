# hcc -- build, test, fuzz.  `make conform` and `make test` are the two
# commands of the README; everything else is for developers.
CC      ?= cc
# -O3: prune 3 to 6 %, compress 4 to 7 % faster than -O2 on this machine's
# benchmark inputs (two builds alternating, bench/README.md); no op slower.
CFLAGS  ?= -O3 -g
WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter
CPPFLAGS_HCC := -Iref/include -Iref/src -D_POSIX_C_SOURCE=200809L
B       := build
PYTHON  ?= python3

LIB_SRC := $(sort $(wildcard ref/src/*.c))
LIB_OBJ := $(LIB_SRC:ref/src/%.c=$(B)/obj/%.o)
CLI_SRC := $(sort $(wildcard ref/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: python-test all deps install uninstall install-test test conform matrix matrix-check conformance-test unit alloc-check generated-check spec-examples tools-test hermes-tests clean asan ubsan \
        fuzz afl coverage bench bench-json bench-redact cli-test corpus-min regen fuzz-build replay-build fuzz-replay fuzz-smoke portable sse2 avx2 warn-clang libFuzzer

all: $(B)/libhcc.a $(B)/hcc $(B)/libhcc.so

deps:
	@sh tools/install-deps.sh

$(B)/obj/%.o: ref/src/%.c ref/include/hcc.h $(wildcard ref/src/*.h) | $(B)/obj
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) -c $< -o $@

$(B)/libhcc.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(B)/hcc: $(CLI_SRC) $(B)/libhcc.a $(wildcard ref/cli/*.h)
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) $(CLI_SRC) $(B)/libhcc.a -o $@

$(B)/tests/%: tests/unit/%.c tests/unit/unit.h tests/ref_utf8.h $(B)/libhcc.a | $(B)/tests
	$(CC) $(CPPFLAGS_HCC) -Itests/unit $(WARN) -Wno-strict-prototypes $(CFLAGS) $< $(B)/libhcc.a -lcmocka -o $@

$(B)/obj $(B)/tests:
	mkdir -p $@

# ---- the shared library ---------------------------------------------------
# The same sources compiled position-independent into $(B)/pic, linked with
# the version script ref/libhcc.map (only the functions of hcc.h exported)
# and the soname libhcc.so.$(SOVERSION); the version is hcc.h's HCC_VERSION.
# -z defs: the library needs nothing but libc (no allocator: alloc-check).
VERSION   := $(shell sed -n 's/^\#define HCC_VERSION "\(.*\)"/\1/p' ref/include/hcc.h)
SOVERSION := 0
PIC_OBJ   := $(LIB_SRC:ref/src/%.c=$(B)/pic/%.o)

$(B)/pic/%.o: ref/src/%.c ref/include/hcc.h $(wildcard ref/src/*.h) | $(B)/pic
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) -fPIC -c $< -o $@

$(B)/libhcc.so.$(VERSION): $(PIC_OBJ) ref/libhcc.map
	$(CC) -shared -Wl,-soname,libhcc.so.$(SOVERSION) -Wl,--version-script=ref/libhcc.map \
	  -Wl,-z,defs $(CFLAGS) $(PIC_OBJ) -o $@

$(B)/libhcc.so: $(B)/libhcc.so.$(VERSION)
	ln -sf libhcc.so.$(VERSION) $(B)/libhcc.so.$(SOVERSION) && ln -sf libhcc.so.$(SOVERSION) $@

$(B)/pic:
	mkdir -p $@

# ---- installation -----------------------------------------------------------
# make install PREFIX=... DESTDIR=...: the library (static and shared, with
# its soname links), hcc.h, hcc.pc, the hcc program and its man page (made by
# tools/gen_man.py from `hcc --help` and the headers).  hcc.pc names PREFIX,
# never DESTDIR (a staged install points at where the files will live).
# make uninstall with the same variables removes exactly those files.
PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALLED := $(BINDIR)/hcc $(LIBDIR)/libhcc.a $(LIBDIR)/libhcc.so.$(VERSION) \
             $(LIBDIR)/libhcc.so.$(SOVERSION) $(LIBDIR)/libhcc.so $(INCLUDEDIR)/hcc.h \
             $(PKGCONFIGDIR)/hcc.pc $(MANDIR)/man1/hcc.1

$(B)/hcc.1: $(B)/hcc ref/include/hcc.h ref/cli/cli.h tools/gen_man.py
	$(PYTHON) tools/gen_man.py --hcc $(B)/hcc --header ref/include/hcc.h --cli-header ref/cli/cli.h -o $@

install: all $(B)/hcc.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(B)/hcc $(DESTDIR)$(BINDIR)/hcc
	install -m 644 $(B)/libhcc.a $(DESTDIR)$(LIBDIR)/libhcc.a
	install -m 755 $(B)/libhcc.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libhcc.so.$(VERSION)
	ln -sf libhcc.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libhcc.so.$(SOVERSION)
	ln -sf libhcc.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libhcc.so
	install -m 644 ref/include/hcc.h $(DESTDIR)$(INCLUDEDIR)/hcc.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' ref/hcc.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/hcc.pc
	install -m 644 $(B)/hcc.1 $(DESTDIR)$(MANDIR)/man1/hcc.1

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# The shared library exports exactly hcc.h's functions (nm -D), under its
# soname; an install into a temporary prefix serves a program built with
# pkg-config (shared and static), the man page renders without warnings,
# and uninstall leaves nothing behind.
install-test: all
	sh tests/install/test_shared.sh $(B)
	sh tests/install/test_install.sh

# ---- the Python package (bindings/python, bindings/python/README.md) -------
# Its unittest suite against build/libhcc.so, then a real install: pip
# builds the wheel with the package's own stdlib-only backend (no index, no
# download) into $(B)/py-install, and the installed copy runs from there
# with HCC_LIBRARY unset, so it must find the library the wheel bundles.
PY_INSTALL := $(B)/py-install
python-test: all
	cd bindings/python && HCC_LIBRARY=$(CURDIR)/$(B)/libhcc.so $(PYTHON) -m unittest discover -s tests -t tests 2>&1 \
	  | tee $(CURDIR)/$(B)/python-test.log | tail -3; grep -qE '^OK' $(CURDIR)/$(B)/python-test.log
	rm -rf $(PY_INSTALL)
	PIP_ROOT_USER_ACTION=ignore $(PYTHON) -m pip install -q --no-index --no-cache-dir --disable-pip-version-check --target $(PY_INSTALL) bindings/python
	cd $(PY_INSTALL) && env -u HCC_LIBRARY $(PYTHON) -c 'import hcc, os; \
	  p = hcc.library_path(); assert p == os.path.join(os.getcwd(), "hcc", "libhcc.so.0"), p; \
	  print("python-test: installed wheel uses", os.path.relpath(p, "$(CURDIR)")); \
	  print(hcc.repair([{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "gone", "content": "orphan"}]))'

# ---- the two README commands -------------------------------------------
conform: deps all
	$(PYTHON) tools/conform.py --impl "$(if $(IMPL),$(IMPL),$(B)/hcc --protocol)" $(CONFORM_FLAGS)

# Every stage; the fuzz stages and the coverage gate are defined further
# down (fuzzing section).  About 6 minutes on a 2-core machine.
test: deps all alloc-check generated-check warn-clang unit cli-test install-test tools-test conformance-test spec-examples python-test
	$(PYTHON) tools/conform.py --impl "$(B)/hcc --protocol" --exact
	$(PYTHON) tools/conform.py --impl "$(B)/hcc" --serve --exact
	$(PYTHON) tools/coverage_of_rules.py
	$(MAKE) --no-print-directory fuzz-replay
	$(MAKE) --no-print-directory fuzz-selftest
	$(MAKE) --no-print-directory fuzz-diff-test
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory coverage
	$(MAKE) --no-print-directory portable
	$(MAKE) --no-print-directory sse2
	$(MAKE) --no-print-directory avx2
	$(MAKE) --no-print-directory asan
	$(MAKE) --no-print-directory ubsan
	$(MAKE) --no-print-directory js-test
	@echo "make test: all stages passed"

cli-test: all
	sh tests/cli/test_cli.sh $(B)/hcc
	PYTHON=$(PYTHON) sh tests/tools/test_differential.sh $(B)/hcc

# The tools that need no build: tools/bench_compare.py, bench.py's hermes
# steps, gen_man.py.
tools-test: all
	PYTHON=$(PYTHON) sh tests/tools/test_bench_compare.sh
	PYTHON=$(PYTHON) sh tests/tools/test_bench_steps.sh
	PYTHON=$(PYTHON) sh tests/tools/test_gen_man.sh
	$(PYTHON) -m unittest tests/hermes/test_hermes_tests.py

# ---- hermes-agent's own unit tests against hcc (tools/hermes_tests.py) ----
# make hermes-tests HERMES_SRC=DIR HERMES_TESTS=DIR: each test of the files
# tests/hermes/expected.json lists, on the pinned code alone and with hcc
# substituted; fails when a test's class differs from the expected file.
# HERMES_TESTS_FLAGS=--no-hcc: the pinned code's own counts.
hermes-tests: all
	$(PYTHON) tools/hermes_tests.py $(if $(HERMES_SRC),--hermes-src $(HERMES_SRC)) \
	  $(if $(HERMES_TESTS),--hermes-tests $(HERMES_TESTS)) $(HERMES_TESTS_FLAGS)

# ---- the conformance matrix (impls/, conformance/) -------------------------
# make matrix IMPLS_SRC=DIR HERMES_SRC=DIR: the whole corpus through every
# implementation of impls/IMPLS.json; writes conformance/ (results.json,
# RESULTS.md, results.html).  Without the variables it says what to set.
MATRIX_FLAGS ?= --jobs 2
matrix: all
	$(PYTHON) tools/matrix.py $(MATRIX_FLAGS)

# The committed report: rendered from its results.json, nothing untriaged,
# every known bug caught.
matrix-check:
	$(PYTHON) tools/matrix_report.py --check conformance --readme README.md

# The machinery on stand-ins (CI has no third-party code), the report on a
# fixed verdict file, the pages in headless Chromium.
conformance-test: all
	@for t in test_matrix_report test_matrix_run test_hermes_history_params test_matrix_browser; do \
	  $(PYTHON) tests/conformance/$$t.py >$(B)/$$t.log 2>&1 || { cat $(B)/$$t.log; exit 1; }; \
	  echo "tests/conformance/$$t.py: $$(tail -3 $(B)/$$t.log | tr '\n' ' ')"; \
	done
	@if [ -f conformance/results.json ]; then $(MAKE) --no-print-directory matrix-check; fi

# Rewrites golden expectations of cases marked "agrees" from hermes.
regen:
	$(PYTHON) tools/regen.py $(REGEN_FLAGS)

# ---- benchmarks (not tests) --------------------------------------------------
bench-json: $(B)/libhcc.a
	$(CC) $(CPPFLAGS_HCC) $(WARN) -O2 bench/bench_json.c $(B)/libhcc.a -o $(B)/bench_json && $(B)/bench_json

# Redaction time against size on adversarial text (spec REDACT-12).
bench-redact: $(B)/libhcc.a
	$(CC) $(CPPFLAGS_HCC) $(WARN) -O2 bench/bench_redact.c $(B)/libhcc.a -o $(B)/bench_redact && $(B)/bench_redact

# ---- stages of make test -------------------------------------------------
# Variant builds, each in $(B)/<name> with its own flags, through the unit
# tests and the whole corpus (exact):
# - portable: every SSE2/AVX2 path compiled out (-DHCC_NO_SIMD), as on a
#   CPU without them;
# - sse2: the AVX2 paths compiled out (-DHCC_NO_AVX2: the UTF-8 check, long
#   strings in the validator, eight-lane MD5, and the AVX-512 paths), as on
#   an x86-64 without AVX2, where the run-time dispatch takes the SSE2
#   paths this machine never runs;
# - avx2: the AVX-512 paths compiled out (-DHCC_NO_AVX512: the 64-byte
#   string decoder, sixteen-lane MD5, long strings in the validator), as
#   on a CPU with AVX2 but not AVX-512, whose paths (the SSE2 decoder,
#   eight-lane MD5, AVX2 long strings) a machine with AVX-512 never runs;
# - asan / ubsan (gcc): AddressSanitizer (out-of-bounds reads and writes,
#   use after return) or UndefinedBehaviorSanitizer (shifts, overflow,
#   misaligned and null pointers), stopping at the first report.  The fuzz
#   replay runs the library under both too, on the fuzz corpora; these run
#   the unit tests' own inputs.
VARIANT_CFLAGS_portable = $(CFLAGS) -DHCC_NO_SIMD
VARIANT_CFLAGS_sse2 = $(CFLAGS) -DHCC_NO_AVX2
VARIANT_CFLAGS_avx2 = $(CFLAGS) -DHCC_NO_AVX512
VARIANT_CFLAGS_asan = -O1 -g -fno-omit-frame-pointer -fsanitize=address -fno-sanitize-recover=all
VARIANT_CFLAGS_ubsan = -O1 -g -fno-omit-frame-pointer -fsanitize=undefined -fno-sanitize-recover=all
VARIANT_WHAT_portable = , SIMD compiled out
VARIANT_WHAT_sse2 = , AVX2 compiled out
VARIANT_WHAT_avx2 = , AVX-512 compiled out
portable sse2 avx2 asan ubsan:
	@$(MAKE) --no-print-directory B=$(B)/$@ CFLAGS="$(VARIANT_CFLAGS_$@)" $(B)/$@/hcc unit >$(B)/$@.log 2>&1 \
	  || { tail -30 $(B)/$@.log; exit 1; }
	@if grep -qE 'runtime error|ERROR: AddressSanitizer' $(B)/$@.log; then tail -30 $(B)/$@.log; exit 1; fi
	@echo "$@: unit tests passed ($$(grep -c 'PASSED' $(B)/$@.log) binaries$(VARIANT_WHAT_$@))"
	$(PYTHON) tools/conform.py --impl "$(B)/$@/hcc --protocol" --exact --serve

# The other compiler: the library and CLI built by clang with the same
# -Werror warnings (gcc builds everything else; the fuzz builds use clang
# without warnings), so neither compiler's warnings can creep in.
warn-clang:
	@$(MAKE) --no-print-directory B=$(B)/clang CC=clang $(B)/clang/hcc >$(B)/clang.log 2>&1 \
	  || { tail -30 $(B)/clang.log; exit 1; }
	@echo "warn-clang: library and CLI build warning-free with clang"

unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

# The library must not reference any allocator (zero-allocation contract).
alloc-check: $(LIB_OBJ)
	@bad=$$(nm -u $(LIB_OBJ) | grep -E ' (malloc|calloc|realloc|free|strdup|strndup|reallocarray|aligned_alloc|posix_memalign|memalign|valloc|pvalloc)$$' | sort -u); \
	if [ -n "$$bad" ]; then echo "alloc-check: FAILED: $$bad"; exit 1; fi; \
	echo "alloc-check: no allocator symbol in $(words $(LIB_OBJ)) objects of ref/src"

# Tables generated from a list in tools/ must match what the list writes.
generated-check:
	@$(PYTHON) tools/gen_words.py --check && echo "generated-check: ref/src/words.[ch] match tools/gen_words.py"

spec-examples: all
	$(PYTHON) tools/spec_examples.py --check --impl "$(B)/hcc --protocol"

clean:
	rm -rf $(B)

# ---- the WebAssembly/npm binding: make js, js-test, js-pack ------------------
include bindings/js/js.mk

# ---- fuzzing ---------------------------------------------------------------
# (owned by the fuzzing work; fuzz/README.md explains every target)
# One harness per op (fuzz/fuzz_op.c with -DHCC_FUZZ_OP) plus the chain
# harness (fuzz/fuzz_chain.c, name "chain").  The library and the harness
# objects are compiled once per flavour into $(B)/<flavour>/obj; only the
# one-file harness main is compiled per op:
#   fuzz    libFuzzer, clang, ASan+UBSan          $(B)/fuzz/<op>
#   replay  standalone replayer, ASan+UBSan        $(B)/replay/<op>  (make test)
#   afl     AFL++ persistent + a CmpLog twin       $(B)/afl/<op>[.cmplog]
#   work    edge counter, no sanitizer             $(B)/work/<op>   (cost bound)
#   cov     gcc --coverage                         $(B)/cov/...     (make coverage)
FUZZ_OPS := validate messages align trajectory_snap truncate_args strip_prefix \
            with_prefix classify_summary repair prune prune_only compress trajectory check strip_media \
            align_at redact
FUZZ_TARGETS := $(FUZZ_OPS) chain
FUZZ_SECONDS ?= 10
SMOKE_SECONDS ?= 3
AFL_JOBS ?= 2
AFL_SECONDS ?= 60
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CPP := $(CPPFLAGS_HCC) -Ifuzz -D_DEFAULT_SOURCE
FUZZ_OPT := -g -O1 -std=c11
FUZZ_HDR := ref/include/hcc.h $(wildcard ref/src/*.h) fuzz/harness.h fuzz/jv.h tests/ref_utf8.h
FUZZ_COMMON := harness oracles jv
opdef = -DHCC_FUZZ_OP=HCC_OP_$(shell echo $(1) | tr a-z A-Z)

# Per flavour: compiler and flags for the library and harness objects.
FZ_CC ?= clang
FZ_FLAGS ?= -fsanitize=fuzzer-no-link $(FUZZ_SAN)
FZ_LINK ?= -fsanitize=fuzzer $(FUZZ_SAN)
RP_CC ?= clang
RP_FLAGS ?= $(FUZZ_SAN)
AFL_CC ?= afl-clang-fast
WK_CC ?= clang
# the work build counts every edge of the library (trace-pc-guard) and the
# bytes of every libc call the library makes (--wrap); -fno-builtin keeps
# those calls real calls
WK_LIBFLAGS := -fsanitize-coverage=trace-pc-guard -fno-builtin
WK_WRAP := memchr memcmp memcpy memmove memset strlen strspn strcmp strtod strtol snprintf
WK_LINK := $(foreach f,$(WK_WRAP),-Wl,--wrap=$(f))

# $(1) flavour dir, $(2) compiler (with env), $(3) library flags, $(4) harness flags
define fuzz_flavour
$(B)/$(1)/obj/lib/%.o: ref/src/%.c $(FUZZ_HDR)
	@mkdir -p $$(@D)
	$(2) $(FUZZ_CPP) $(FUZZ_OPT) $(3) -c $$< -o $$@
$(B)/$(1)/obj/%.o: fuzz/%.c $(FUZZ_HDR)
	@mkdir -p $$(@D)
	$(2) $(FUZZ_CPP) $(FUZZ_OPT) $(4) -c $$< -o $$@
$(B)/$(1)/libhcc-fuzz.a: $(LIB_SRC:ref/src/%.c=$(B)/$(1)/obj/lib/%.o) $(FUZZ_COMMON:%=$(B)/$(1)/obj/%.o)
	rm -f $$@ && ar rcs $$@ $$^
endef
# The harness's own code (contracts, oracles, their JSON reader, the main)
# is built with the sanitizers but without libFuzzer's coverage: its edges
# and comparisons would only steer the search towards oracle paths, and
# their tracing took half the chain harness's time (fuzz/README.md,
# "Throughput").
FZ_HARNESS_FLAGS ?= $(FUZZ_SAN)
$(eval $(call fuzz_flavour,fz,$(FZ_CC),$(FZ_FLAGS),$(FZ_HARNESS_FLAGS)))
$(eval $(call fuzz_flavour,rp,$(RP_CC),$(RP_FLAGS),$(RP_FLAGS)))
$(eval $(call fuzz_flavour,afl,AFL_QUIET=1 $(AFL_CC),,))
$(eval $(call fuzz_flavour,aflcmp,AFL_QUIET=1 AFL_LLVM_CMPLOG=1 $(AFL_CC),,))
$(eval $(call fuzz_flavour,wk,$(WK_CC),$(WK_LIBFLAGS),))
# differential (fuzz/differential): coverage only, no ASan (an embedded
# CPython does not survive it cheaply)
$(eval $(call fuzz_flavour,fd,$(FZ_CC),-fsanitize=fuzzer-no-link,-fsanitize=fuzzer-no-link))

# the harness main: fuzz_op.c for an op, fuzz_chain.c for "chain"
main_src = $(if $(filter chain,$(1)),fuzz/fuzz_chain.c,fuzz/fuzz_op.c)
main_def = $(if $(filter chain,$(1)),,$(call opdef,$(1)))

$(B)/fuzz/%: fuzz/fuzz_op.c fuzz/fuzz_chain.c $(B)/fz/libhcc-fuzz.a
	@mkdir -p $(@D)/main
	$(FZ_CC) $(FUZZ_CPP) $(FUZZ_OPT) $(FZ_HARNESS_FLAGS) $(call main_def,$*) -c $(call main_src,$*) -o $(@D)/main/$*.o
	$(FZ_CC) $(FUZZ_OPT) $(@D)/main/$*.o $(B)/fz/libhcc-fuzz.a $(FZ_LINK) -o $@

$(B)/replay/%: fuzz/fuzz_op.c fuzz/fuzz_chain.c fuzz/replay_main.c $(B)/rp/libhcc-fuzz.a
	@mkdir -p $(@D)
	$(RP_CC) $(FUZZ_CPP) $(FUZZ_OPT) $(RP_FLAGS) $(call main_def,$*) $(call main_src,$*) fuzz/replay_main.c $(B)/rp/libhcc-fuzz.a -o $@

$(B)/afl/%.cmplog: fuzz/fuzz_op.c fuzz/fuzz_chain.c $(B)/aflcmp/libhcc-fuzz.a
	@mkdir -p $(@D)
	AFL_QUIET=1 AFL_LLVM_CMPLOG=1 $(AFL_CC) $(FUZZ_CPP) $(FUZZ_OPT) $(call main_def,$*) $(call main_src,$*) $(B)/aflcmp/libhcc-fuzz.a -fsanitize=fuzzer -o $@

$(B)/afl/%: fuzz/fuzz_op.c fuzz/fuzz_chain.c $(B)/afl/libhcc-fuzz.a
	@mkdir -p $(@D)
	AFL_QUIET=1 $(AFL_CC) $(FUZZ_CPP) $(FUZZ_OPT) $(call main_def,$*) $(call main_src,$*) $(B)/afl/libhcc-fuzz.a -fsanitize=fuzzer -o $@

$(B)/work/%: fuzz/work_main.c $(B)/wk/libhcc-fuzz.a
	@mkdir -p $(@D)
	$(WK_CC) $(FUZZ_CPP) $(FUZZ_OPT) $(call opdef,$*) fuzz/work_main.c $(B)/wk/libhcc-fuzz.a $(WK_LINK) -o $@

# ---- differential fuzzing (fuzz/differential/diff_fuzz.c, fuzz/README.md) ----
# One binary per op the hermes adapter has, with Debian's CPython embedded
# (libpython3-dev; /usr/bin/python3-config, whatever python3 is first on PATH).
FUZZ_DIFF_OPS := align align_at truncate_args strip_prefix with_prefix classify_summary repair \
                 prune prune_only compress trajectory trajectory_snap strip_media redact
PY_EMBED_CONFIG ?= /usr/bin/python3-config
PY_EMBED_CFLAGS = $(shell $(PY_EMBED_CONFIG) --includes)
PY_EMBED_LIBS = $(shell $(PY_EMBED_CONFIG) --embed --ldflags)
$(B)/fuzz-diff/%: fuzz/differential/diff_fuzz.c $(B)/fd/libhcc-fuzz.a
	@mkdir -p $(@D)
	$(FZ_CC) $(FUZZ_CPP) $(FUZZ_OPT) -fsanitize=fuzzer-no-link $(PY_EMBED_CFLAGS) \
	  -DHCC_DIFF_OP=HCC_OP_$(shell echo $* | tr a-z A-Z) -DHCC_TOOLS_DIR='"$(CURDIR)/tools"' \
	  $< $(B)/fd/libhcc-fuzz.a -fsanitize=fuzzer $(PY_EMBED_LIBS) -o $@
fuzz-diff-build: $(addprefix $(B)/fuzz-diff/,$(FUZZ_DIFF_OPS))

# make fuzz-diff HERMES_SRC=DIR [FUZZ_SECONDS=N] [FUZZ_DIFF_OPS=...]: every
# op for FUZZ_SECONDS against the pinned hermes (or HCC_DIFF_IMPL="cmd"),
# seeded from its corpus and kept inputs; a difference stops that op with
# its report and the input in $(B)/fuzz-diff-work/<op>-crash-*.
fuzz-diff: fuzz-diff-build
	@HERMES_SRC=$(HERMES_SRC) $(PYTHON) tools/fuzz_diff_campaign.py --build $(B) \
	  $(addsuffix :$(FUZZ_SECONDS),$(FUZZ_DIFF_OPS))

# make fuzz-diff-campaign HERMES_SRC=DIR [CAMPAIGN="op:seconds ..."]
# [FUZZ_DIFF_JOBS=2]: a campaign, FUZZ_DIFF_JOBS runs at a time, every
# finished run recorded in fuzz/differential/campaigns.json with the CPU it
# was charged (tools/fuzz_diff_ledger.py totals: the hours per family).
CAMPAIGN ?= $(addsuffix :3600,$(FUZZ_DIFF_OPS))
FUZZ_DIFF_JOBS ?= 2
fuzz-diff-campaign: fuzz-diff-build
	@HERMES_SRC=$(HERMES_SRC) $(PYTHON) tools/fuzz_diff_campaign.py --build $(B) --jobs $(FUZZ_DIFF_JOBS) \
	  --record fuzz/differential/campaigns.json $(CAMPAIGN)

# The machinery in make test, without hermes: the verdict rules on their own
# cases, and the harness against a stand-in that differs from hcc on one
# planted input class (it must be found) and against hcc itself (nothing
# may be reported).
fuzz-diff-test: fuzz-diff-build
	$(PYTHON) -m unittest tests/fuzz/test_div_classify.py tests/tools/test_fuzz_diff_table.py tests/tools/test_fuzz_diff_ledger.py \
	  tests/tools/test_fuzz_diff_logs.py tests/tools/test_fuzz_throughput_table.py
	HCC_BUILD=$(B) $(PYTHON) tests/tools/test_fuzz_diff_campaign.py
	sh tests/fuzz/test_fuzz_diff.sh $(B)

.PRECIOUS: $(B)/fd/obj/%.o $(B)/fd/obj/lib/%.o $(B)/fz/obj/%.o $(B)/rp/obj/%.o $(B)/afl/obj/%.o $(B)/aflcmp/obj/%.o $(B)/wk/obj/%.o \
           $(B)/fz/obj/lib/%.o $(B)/rp/obj/lib/%.o $(B)/afl/obj/lib/%.o $(B)/aflcmp/obj/lib/%.o $(B)/wk/obj/lib/%.o

.PHONY: fuzz-throughput fuzz-diff fuzz-diff-campaign fuzz-diff-build fuzz-diff-test fuzz-build replay-build work-build afl-build fuzz-replay fuzz-smoke fuzz afl corpus corpus-min \
        fuzz-work fuzz-selftest coverage coverage-build coverage-gate cflite-check

fuzz-build: $(addprefix $(B)/fuzz/,$(FUZZ_TARGETS))
replay-build: $(addprefix $(B)/replay/,$(FUZZ_TARGETS))
work-build: $(addprefix $(B)/work/,$(FUZZ_OPS))
afl-build: $(addprefix $(B)/afl/,$(FUZZ_TARGETS)) $(addsuffix .cmplog,$(addprefix $(B)/afl/,$(FUZZ_TARGETS)))

# (shell) seeds="<corpus folder and regressions of target $$t that exist>"
SEEDS = seeds=""; for d in corpus/$$t corpus/regressions/$$t; do [ -d $$d ] && seeds="$$seeds $$d"; done

# Every seed corpus and every regression, once, under ASan and UBSan.
fuzz-replay: replay-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  dirs=""; for d in corpus/$$t corpus/regressions/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  [ -n "$$dirs" ] || continue; printf '%-18s ' $$t; $(B)/replay/$$t $$dirs; done

# A few seconds of every libFuzzer harness so the fuzz builds never rot
# (SMOKE_SECONDS each; ops this build lacks return at once and are skipped).
# A fixed seed keeps the smoke run of `make test` reproducible; campaigns
# (`make fuzz`, `make afl`) are where new inputs are searched for.
SMOKE_SEED ?= 1
fuzz-smoke: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do $(SEEDS); \
	  mkdir -p $(B)/fuzz-work/$$t; \
	  $(B)/fuzz/$$t -seed=$(SMOKE_SEED) -max_total_time=$(SMOKE_SECONDS) -max_len=4096 -dict=fuzz/hcc.dict -print_final_stats=1 \
	    -artifact_prefix=$(B)/fuzz-work/$$t- $(B)/fuzz-work/$$t $$seeds >$(B)/fuzz-work/$$t.log 2>&1 \
	    || { tail -60 $(B)/fuzz-work/$$t.log; exit 1; }; \
	  if grep -q 'not supported by this build' $(B)/fuzz-work/$$t.log; then printf '%-18s unsupported\n' $$t; continue; fi; \
	  printf '%-18s %s\n' $$t "$$(grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' $(B)/fuzz-work/$$t.log | sed 's/stat:://; s/  */ /g' | tr '\n' ' ')"; done

# Throughput of every libFuzzer harness (fuzz/README.md, "Throughput"):
# THROUGHPUT_SECONDS of each from its seed corpus and regressions (what
# `make fuzz` starts from), one harness at a time, into a fresh work
# folder so runs compare; logs in $(B)/fuzz-throughput/<target>.log, the
# table by tools/fuzz_throughput_table.py.  Run it with the other core idle.
THROUGHPUT_SECONDS ?= 60
THROUGHPUT_TARGETS ?= $(FUZZ_TARGETS)
fuzz-throughput: fuzz-build
	@set -e; out=$(B)/fuzz-throughput; mkdir -p $$out; rm -f $$out/*.log; \
	  git describe --always --dirty --abbrev=7 >$$out/COMMIT 2>/dev/null || echo unknown >$$out/COMMIT; \
	  for t in $(THROUGHPUT_TARGETS); do $(SEEDS); \
	  rm -rf $$out/$$t.work; mkdir -p $$out/$$t.work; \
	  $(B)/fuzz/$$t -seed=1 -max_total_time=$(THROUGHPUT_SECONDS) -max_len=4096 -dict=fuzz/hcc.dict -print_final_stats=1 \
	    -artifact_prefix=$$out/$$t- $$out/$$t.work $$seeds >$$out/$$t.log 2>&1 || { tail -40 $$out/$$t.log; exit 1; }; \
	  printf '%-18s %s\n' $$t "$$(grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' $$out/$$t.log | sed 's/stat:://; s/  */ /g' | tr '\n' ' ')"; done
	$(PYTHON) tools/fuzz_throughput_table.py $(B)/fuzz-throughput

# libFuzzer: the name cmark gives the same target
libFuzzer: fuzz
fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do $(SEEDS); \
	  mkdir -p $(B)/fuzz-work/$$t; echo "== $$t ($(FUZZ_SECONDS) s)"; \
	  $(B)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -dict=fuzz/hcc.dict \
	    -artifact_prefix=$(B)/fuzz-work/$$t- $(B)/fuzz-work/$$t $$seeds 2>&1 \
	    | grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|not supported|ERROR|SUMMARY|invariant' | tail -5; done

# AFL++: one main instance with the CmpLog twin, AFL_JOBS-1 secondaries,
# one sync dir; AFL_SECONDS of fuzzing on AFL_OP (default repair).
AFL_OP ?= repair
afl: $(B)/afl/$(AFL_OP) $(B)/afl/$(AFL_OP).cmplog
	@set -e; op=$(AFL_OP); out=$(B)/afl-work/$$op; mkdir -p $$out; \
	  seeds=corpus/$$op; [ -d $$seeds ] || { mkdir -p $(B)/afl-seed; printf '\0\0\0\0[]' > $(B)/afl-seed/empty; seeds=$(B)/afl-seed; }; \
	  export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1; \
	  timeout -s INT $(AFL_SECONDS) afl-fuzz -M main -c $(B)/afl/$$op.cmplog -x fuzz/hcc.dict -i $$seeds -o $$out -- $(B)/afl/$$op >$$out/main.log 2>&1 & \
	  for i in $$(seq 2 $(AFL_JOBS)); do \
	    timeout -s INT $(AFL_SECONDS) afl-fuzz -S s$$i -x fuzz/hcc.dict -i $$seeds -o $$out -- $(B)/afl/$$op >$$out/s$$i.log 2>&1 & done; \
	  wait; for d in $$out/*/; do [ -f $$d/fuzzer_stats ] || continue; \
	    printf 'afl %-6s %s\n' $$(basename $$d) "$$(grep -E '^(run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg) ' $$d/fuzzer_stats | sed 's/  *: /=/' | tr '\n' ' ')"; done; \
	  n=$$(find $$out -path '*/crashes/id*' -type f | wc -l); echo "afl: $$n crash files in $$out/*/crashes"; [ $$n -eq 0 ]

# Seed corpora from golden cases and spec examples (4 parameter bytes + input).
corpus:
	$(PYTHON) tools/make_corpus.py

# Minimises every corpus folder with libFuzzer's merge (run after fuzzing;
# the grown corpora of $(B)/fuzz-work are merged in too).
corpus-min: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do [ -d corpus/$$t ] || continue; \
	  rm -rf $(B)/corpus-min/$$t; mkdir -p $(B)/corpus-min/$$t; \
	  extra=""; [ -d $(B)/fuzz-work/$$t ] && extra=$(B)/fuzz-work/$$t; \
	  $(B)/fuzz/$$t -merge=1 $(B)/corpus-min/$$t corpus/$$t $$extra >$(B)/corpus-min/$$t.log 2>&1 || { tail -20 $(B)/corpus-min/$$t.log; exit 1; }; \
	  before=$$(ls corpus/$$t | wc -l); \
	  if [ $$(ls $(B)/corpus-min/$$t | wc -l) -eq 0 ]; then printf '%-18s kept (nothing merged: op not in this build?)\n' $$t; continue; fi; \
	  rm -rf corpus/$$t; mv $(B)/corpus-min/$$t corpus/$$t; \
	  printf '%-18s %s -> %s files\n' $$t $$before $$(ls corpus/$$t | wc -l); done

# Cost stays linear: every corpus and regression input, and copies of it
# grown 4x, 16x, ... up to 256 KiB, must cost at most WORK_PER_BYTE steps
# per input byte (fuzz/README.md, "Work bound").  WORK_GROWN=1 adds the
# corpora `make fuzz` grew in $(B)/fuzz-work.
fuzz-work: work-build
	@set -e; for t in $(FUZZ_OPS); do $(SEEDS); \
	  [ -n "$(WORK_GROWN)" ] && [ -d $(B)/fuzz-work/$$t ] && seeds="$$seeds $(B)/fuzz-work/$$t"; \
	  [ -n "$$seeds" ] || continue; printf '%-18s ' $$t; $(B)/work/$$t $$seeds; done

# The harness's own tests: the allocation hook fires, the oracles bite.
fuzz-selftest: $(B)/rp/libhcc-fuzz.a
	B=$(B) RP_CC=$(RP_CC) sh tests/fuzz/test_fuzz_harness.sh

# ---- coverage of ref/src (gcov + lcov) ---------------------------------------
# The library built with --coverage; then unit tests, the golden corpus
# (through a coverage-built hcc and tools/conform.py) and the fuzz corpus
# replay; lcov HTML report in $(B)/coverage/html; tools/coverage_gate.py
# fails under COV_LINE % lines / COV_BRANCH % branches.  Files no test
# reaches still count (lcov --initial gives them zeros).
COV_LINE ?= 95
COV_BRANCH ?= 90
CV := $(B)/cv
CV_FLAGS := -O0 -g --coverage
$(CV)/obj/%.o: ref/src/%.c ref/include/hcc.h $(wildcard ref/src/*.h)
	@mkdir -p $(@D)
	gcc $(CPPFLAGS_HCC) $(WARN) $(CV_FLAGS) -c $< -o $@
$(CV)/libhcc.a: $(LIB_SRC:ref/src/%.c=$(CV)/obj/%.o)
	rm -f $@ && ar rcs $@ $^
$(CV)/hcc: $(CLI_SRC) $(CV)/libhcc.a $(wildcard ref/cli/*.h)
	gcc $(CPPFLAGS_HCC) $(WARN) -O0 -g $(CLI_SRC) $(CV)/libhcc.a --coverage -o $@
$(CV)/tests/%: tests/unit/%.c tests/unit/unit.h tests/ref_utf8.h $(CV)/libhcc.a
	@mkdir -p $(@D)
	gcc $(CPPFLAGS_HCC) -Itests/unit $(WARN) -Wno-strict-prototypes -O0 -g $< $(CV)/libhcc.a -lcmocka --coverage -o $@
$(CV)/replay/%: fuzz/fuzz_op.c fuzz/fuzz_chain.c fuzz/replay_main.c fuzz/harness.c fuzz/oracles.c fuzz/jv.c $(CV)/libhcc.a $(FUZZ_HDR)
	@mkdir -p $(@D)
	gcc $(FUZZ_CPP) -O1 -g -std=c11 $(call main_def,$*) $(call main_src,$*) fuzz/replay_main.c fuzz/harness.c fuzz/oracles.c fuzz/jv.c $(CV)/libhcc.a --coverage -o $@

coverage-build: $(CV)/hcc $(UNIT_SRC:tests/unit/%.c=$(CV)/tests/%) $(addprefix $(CV)/replay/,$(FUZZ_TARGETS))

coverage: coverage-build
	@set -e; find $(CV) -name '*.gcda' -delete; \
	for g in $(CV)/obj/*.gcno; do [ -f ref/src/$$(basename $$g .gcno).c ] || rm -f $$g $${g%.gcno}.o; done; \
	for t in $(UNIT_SRC:tests/unit/%.c=$(CV)/tests/%); do $$t >/dev/null 2>&1 || { echo "coverage: $$t failed"; exit 1; }; done; \
	$(PYTHON) tools/conform.py --impl "$(CV)/hcc" --serve --exact >$(CV)/conform.log 2>&1 || { tail -5 $(CV)/conform.log; exit 1; }; \
	tail -2 $(CV)/conform.log; \
	for t in $(FUZZ_TARGETS); do dirs=""; for d in corpus/$$t corpus/regressions/$$t; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  [ -n "$$dirs" ] && $(CV)/replay/$$t $$dirs >/dev/null; done; \
	lcov --quiet --rc lcov_branch_coverage=1 --capture --initial --directory $(CV)/obj --output-file $(CV)/base.info >/dev/null 2>&1; \
	lcov --quiet --rc lcov_branch_coverage=1 --capture --directory $(CV)/obj --output-file $(CV)/run.info >/dev/null 2>&1; \
	lcov --quiet --rc lcov_branch_coverage=1 -a $(CV)/base.info -a $(CV)/run.info --output-file $(CV)/all.info >/dev/null 2>&1; \
	lcov --quiet --rc lcov_branch_coverage=1 --extract $(CV)/all.info '*/ref/src/*' --output-file $(CV)/lcov.info >/dev/null 2>&1; \
	genhtml --quiet --branch-coverage --output-directory $(B)/coverage/html $(CV)/lcov.info >/dev/null 2>&1; \
	echo "coverage: HTML report in $(B)/coverage/html/index.html"; \
	$(PYTHON) tools/coverage_gate.py --line $(COV_LINE) --branch $(COV_BRANCH) $(CV)/lcov.info

# ---- ClusterFuzzLite build script, run as OSS-Fuzz would (no Docker) ---------
# CFL_SANITIZER=address (default) or undefined, with OSS-Fuzz's flags.
CFL_SANITIZER ?= address
CFL_SAN_address := -fsanitize=address -fsanitize-address-use-after-scope
CFL_SAN_undefined := -fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr
CFL_FLAGS = -O1 -fno-omit-frame-pointer -gline-tables-only $(CFL_SAN_$(CFL_SANITIZER)) -fsanitize=fuzzer-no-link
cflite-check:
	rm -rf $(B)/cfl-out && mkdir -p $(B)/cfl-out $(B)/cfl-work
	CC=clang CXX=clang++ CFLAGS="$(CFL_FLAGS)" CXXFLAGS="$(CFL_FLAGS)" \
	  LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=$(CURDIR)/$(B)/cfl-out SRC=$(CURDIR)/.. WORK=$(CURDIR)/$(B)/cfl-work \
	  SANITIZER=$(CFL_SANITIZER) bash .clusterfuzzlite/build.sh
	@set -e; for f in $(B)/cfl-out/hcc_*; do case $$f in *.dict|*.zip) continue;; esac; \
	  c=$(B)/cfl-work/corpus-$$(basename $$f); rm -rf $$c; mkdir -p $$c; \
	  [ -f $$f"_seed_corpus.zip" ] && (cd $$c && unzip -q -o $(CURDIR)/$$f"_seed_corpus.zip"); \
	  $$f -max_total_time=$(or $(CFL_SECONDS),2) -dict=$$f.dict $$c >$$c.log 2>&1 || { tail -30 $$c.log; exit 1; }; \
	  printf 'cflite-check: %-24s %s seeds, %s\n' $$(basename $$f) $$(ls $$c | wc -l) "$$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' $$c.log)"; done

# ---- benchmarks of every op (bench/README.md) ----------------------------------
# make bench [BENCH_MAX_MB=500] [HERMES_SRC=/tmp/hermes-src] [BENCH_HERMES_MAX_MB=100]
#            [BENCH_OPS=align,prune] [BENCH_ADV=0] [BENCH_PROFILE=1]
# Inputs are generated into $(B)/bench-data/; results in $(B)/bench.json.
$(B)/gen_bench: bench/gen_bench.c $(B)/libhcc.a
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) bench/gen_bench.c $(B)/libhcc.a -o $@
$(B)/bench_ops: bench/bench_ops.c $(B)/libhcc.a
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) bench/bench_ops.c $(B)/libhcc.a -o $@
bench: all $(B)/gen_bench $(B)/bench_ops bench-json bench-redact
	$(PYTHON) tools/bench.py

# The gate alone, on the tracefile of the last `make coverage`.
coverage-gate:
	$(PYTHON) tools/coverage_gate.py --line $(COV_LINE) --branch $(COV_BRANCH) $(CV)/lcov.info
