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
        fuzz afl coverage bench corpus-min regen

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

test: deps all alloc-check unit spec-examples
	$(PYTHON) tools/conform.py --impl "$(B)/hcc --protocol" --exact
	$(PYTHON) tools/coverage_of_rules.py
	@echo "make test: all stages passed"

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
