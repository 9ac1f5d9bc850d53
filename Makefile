# hcc -- build, test, fuzz.  `make conform` and `make test` are the two
# commands of the README; everything else is for developers.
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter
CPPFLAGS_HCC := -Iref/include -Iref/src -D_POSIX_C_SOURCE=200809L
B       := build
PYTHON  ?= python3

LIB_SRC := $(sort $(wildcard ref/src/*.c))
LIB_OBJ := $(LIB_SRC:ref/src/%.c=$(B)/obj/%.o)
CLI_SRC := $(sort $(wildcard ref/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: all deps test conform unit alloc-check spec-examples clean asan ubsan \
        fuzz afl coverage bench bench-json cli-test corpus-min regen fuzz-build replay-build fuzz-replay fuzz-smoke

all: $(B)/libhcc.a $(B)/hcc

deps:
	@sh tools/install-deps.sh

$(B)/obj/%.o: ref/src/%.c ref/include/hcc.h $(wildcard ref/src/*.h) | $(B)/obj
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) -c $< -o $@

$(B)/libhcc.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(B)/hcc: $(CLI_SRC) $(B)/libhcc.a $(wildcard ref/cli/*.h)
	$(CC) $(CPPFLAGS_HCC) $(WARN) $(CFLAGS) $(CLI_SRC) $(B)/libhcc.a -o $@

$(B)/tests/%: tests/unit/%.c tests/unit/unit.h $(B)/libhcc.a | $(B)/tests
	$(CC) $(CPPFLAGS_HCC) -Itests/unit $(WARN) -Wno-strict-prototypes $(CFLAGS) $< $(B)/libhcc.a -lcmocka -o $@

$(B)/obj $(B)/tests:
	mkdir -p $@

# ---- the two README commands -------------------------------------------
conform: deps all
	$(PYTHON) tools/conform.py --impl "$(if $(IMPL),$(IMPL),$(B)/hcc --protocol)" $(CONFORM_FLAGS)

test: deps all alloc-check unit cli-test spec-examples
	$(PYTHON) tools/conform.py --impl "$(B)/hcc --protocol" --exact
	$(PYTHON) tools/conform.py --impl "$(B)/hcc" --serve --exact
	$(PYTHON) tools/coverage_of_rules.py
	@echo "make test: all stages passed"

cli-test: all
	sh tests/cli/test_cli.sh $(B)/hcc

# Rewrites golden expectations of cases marked "agrees" from hermes.
regen:
	$(PYTHON) tools/regen.py $(REGEN_FLAGS)

# ---- benchmarks (not tests) --------------------------------------------------
bench-json: $(B)/libhcc.a
	$(CC) $(CPPFLAGS_HCC) $(WARN) -O2 bench/bench_json.c $(B)/libhcc.a -o $(B)/bench_json && $(B)/bench_json

# ---- stages of make test -------------------------------------------------
unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

# The library must not reference any allocator (zero-allocation contract).
alloc-check: $(LIB_OBJ)
	@bad=$$(nm -u $(LIB_OBJ) | grep -E ' (malloc|calloc|realloc|free|strdup|strndup|reallocarray|aligned_alloc|posix_memalign|memalign|valloc|pvalloc)$$' | sort -u); \
	if [ -n "$$bad" ]; then echo "alloc-check: FAILED: $$bad"; exit 1; fi; \
	echo "alloc-check: no allocator symbol in $(words $(LIB_OBJ)) objects of ref/src"

spec-examples: all
	$(PYTHON) tools/spec_examples.py --check --impl "$(B)/hcc --protocol"

clean:
	rm -rf $(B)

# ---- fuzzing ---------------------------------------------------------------
# One harness per op (fuzz/fuzz_op.c with -DHCC_FUZZ_OP), three builds each:
# libFuzzer (clang, ASan+UBSan), AFL++ (afl-clang-fast, persistent, +CmpLog)
# and a standalone replayer any C compiler builds (used by `make test`).
FUZZ_OPS := validate messages align trajectory_snap truncate_args strip_prefix \
            with_prefix classify_summary repair prune prune_only compress trajectory check
FUZZ_SECONDS ?= 10
AFL_JOBS ?= 2
AFL_SECONDS ?= 60
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_SRC := fuzz/harness.c fuzz/oracles.c $(LIB_SRC)
FUZZ_CFLAGS := $(CPPFLAGS_HCC) -Ifuzz -g -O1 -std=c11 -D_DEFAULT_SOURCE
opdef = -DHCC_FUZZ_OP=HCC_OP_$(shell echo $(1) | tr a-z A-Z)

$(B)/fuzz $(B)/afl $(B)/replay:
	mkdir -p $@

$(B)/fuzz/%: fuzz/fuzz_op.c $(FUZZ_SRC) fuzz/harness.h | $(B)/fuzz
	clang $(FUZZ_CFLAGS) $(call opdef,$*) -fsanitize=fuzzer $(FUZZ_SAN) fuzz/fuzz_op.c $(FUZZ_SRC) -o $@

$(B)/replay/%: fuzz/fuzz_op.c fuzz/replay_main.c $(FUZZ_SRC) fuzz/harness.h | $(B)/replay
	clang $(FUZZ_CFLAGS) $(call opdef,$*) $(FUZZ_SAN) fuzz/fuzz_op.c fuzz/replay_main.c $(FUZZ_SRC) -o $@

$(B)/afl/%: fuzz/fuzz_op.c $(FUZZ_SRC) fuzz/harness.h | $(B)/afl
	AFL_QUIET=1 afl-clang-fast $(FUZZ_CFLAGS) $(call opdef,$*) -fsanitize=fuzzer fuzz/fuzz_op.c $(FUZZ_SRC) -o $@
	AFL_QUIET=1 AFL_LLVM_CMPLOG=1 afl-clang-fast $(FUZZ_CFLAGS) $(call opdef,$*) -fsanitize=fuzzer fuzz/fuzz_op.c $(FUZZ_SRC) -o $@.cmplog

fuzz-build: $(addprefix $(B)/fuzz/,$(FUZZ_OPS))
replay-build: $(addprefix $(B)/replay/,$(FUZZ_OPS))

# Every seed corpus and every regression, once, under ASan and UBSan.
fuzz-replay: replay-build
	@set -e; for op in $(FUZZ_OPS); do \
	  dirs=""; for d in corpus/$$op corpus/regressions/$$op; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	  [ -n "$$dirs" ] || continue; printf '%-18s ' $$op; $(B)/replay/$$op $$dirs; done

# A few seconds of every libFuzzer harness so the fuzz builds never rot.
fuzz-smoke: fuzz-build
	@set -e; for op in $(FUZZ_OPS); do mkdir -p $(B)/fuzz-work/$$op; \
	  seeds=""; [ -d corpus/$$op ] && seeds=corpus/$$op; \
	  $(B)/fuzz/$$op -max_total_time=$(or $(SMOKE_SECONDS),3) -dict=fuzz/hcc.dict $(B)/fuzz-work/$$op $$seeds 2>$(B)/fuzz-work/$$op.log \
	    || { tail -50 $(B)/fuzz-work/$$op.log; exit 1; }; \
	  printf '%-18s %s\n' $$op "$$(grep -o 'stat::number_of_executed_units: [0-9]*' $(B)/fuzz-work/$$op.log | tail -1; grep -E '^Done' $(B)/fuzz-work/$$op.log)"; done

fuzz: fuzz-build
	@set -e; for op in $(FUZZ_OPS); do mkdir -p $(B)/fuzz-work/$$op; \
	  seeds=""; [ -d corpus/$$op ] && seeds=corpus/$$op; \
	  echo "== $$op ($(FUZZ_SECONDS) s)"; \
	  $(B)/fuzz/$$op -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -dict=fuzz/hcc.dict \
	    -artifact_prefix=$(B)/fuzz-work/$$op- $(B)/fuzz-work/$$op $$seeds 2>&1 | grep -E 'exec/s|Done|ERROR|SUMMARY' | tail -3; done

afl: $(addprefix $(B)/afl/,$(FUZZ_OPS))
	@set -e; op=$(or $(AFL_OP),repair); mkdir -p $(B)/afl-work/$$op; \
	  seeds=corpus/$$op; [ -d $$seeds ] || { mkdir -p $(B)/afl-seed; echo '[]' > $(B)/afl-seed/empty; seeds=$(B)/afl-seed; }; \
	  export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1; \
	  timeout $(AFL_SECONDS) afl-fuzz -M main -c $(B)/afl/$$op.cmplog -x fuzz/hcc.dict -i $$seeds -o $(B)/afl-work/$$op -- $(B)/afl/$$op >/dev/null & \
	  for i in $$(seq 2 $(AFL_JOBS)); do timeout $(AFL_SECONDS) afl-fuzz -S s$$i -x fuzz/hcc.dict -i $$seeds -o $(B)/afl-work/$$op -- $(B)/afl/$$op >/dev/null & done; \
	  wait; afl-whatsup -s $(B)/afl-work/$$op || true
