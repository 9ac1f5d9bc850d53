# js.mk -- the WebAssembly/npm binding (bindings/js), included by the Makefile.
#   make js        build/js/pkg/: the npm package (index.mjs, index.d.ts, hcc.wasm, ...)
#   make js-test   node --test bindings/js/test/*.test.mjs against that package (+ pack/install)
#   make js-pack   build/js/hcc-<version>.tgz (npm pack)
# Emscripten builds a standalone wasm (no JS glue, no imports): the wrapper
# instantiates it itself.  No allocator is linked: the library never calls
# one (js-alloc-check), and the wrapper owns the memory past the module's
# initial memory.  -msimd128 -msse2: the library's SSE2 paths as wasm SIMD
# (Emscripten maps the intrinsics; 26 % faster repair on 1 MB than without).
# TOTAL_STACK: 1 MiB; 19 KB was the most used (measured on depth-512 inputs
# through every op); the deepest input (HCC_MAX_DEPTH
# nesting) through every op is in the tests.
EMCC ?= emcc
js_comma := ,
js_empty :=
js_space := $(js_empty) $(js_empty)
EMNM ?= emnm
JS_B := $(B)/js
JS_PKG := $(JS_B)/pkg
JS_CFLAGS := -O3 -std=c11 -msimd128 -msse2 -Wall -Wextra -Werror -Wno-unused-parameter
JS_EXPORTS := hcc_run hcc_workspace_size hcc_params_init hcc_params_set hcc_op_name \
              hcc_op_supported hcc_error_name hccjs_version hccjs_sizeof_params \
              hccjs_sizeof_error hccjs_error_code hccjs_error_offset hccjs_error_message
JS_LDFLAGS := -s STANDALONE_WASM=1 --no-entry -s ALLOW_MEMORY_GROWTH=1 \
              -s TOTAL_STACK=1048576 -s INITIAL_MEMORY=2097152 \
              -s EXPORTED_FUNCTIONS=$(subst $(js_space),$(js_comma),$(JS_EXPORTS:%=_%))
JS_OBJ := $(LIB_SRC:ref/src/%.c=$(JS_B)/obj/%.o)
JS_FILES := index.mjs index.d.ts package.json README.md
JS_VERSION = $(shell sed -n 's/^#define HCC_VERSION "\(.*\)"/\1/p' ref/include/hcc.h)

.PHONY: js js-test js-pack js-alloc-check

$(JS_B)/obj/%.o: ref/src/%.c ref/include/hcc.h $(wildcard ref/src/*.h)
	@mkdir -p $(@D)
	$(EMCC) $(CPPFLAGS_HCC) $(JS_CFLAGS) -c $< -o $@
$(JS_B)/obj/glue.o: bindings/js/src/glue.c ref/include/hcc.h
	@mkdir -p $(@D)
	$(EMCC) $(CPPFLAGS_HCC) $(JS_CFLAGS) -c $< -o $@

# The zero-allocation contract on the objects emcc compiled.
js-alloc-check: $(JS_OBJ) $(JS_B)/obj/glue.o
	@bad=$$($(EMNM) -u $^ 2>/dev/null | grep -E ' (malloc|calloc|realloc|free|strdup|strndup|aligned_alloc|posix_memalign|memalign|sbrk)$$' | sort -u); \
	if [ -n "$$bad" ]; then echo "js-alloc-check: FAILED: $$bad"; exit 1; fi; \
	echo "js-alloc-check: no allocator symbol in the $(words $^) wasm objects"

$(JS_PKG)/hcc.wasm: $(JS_OBJ) $(JS_B)/obj/glue.o | js-alloc-check
	@mkdir -p $(@D)
	$(EMCC) $(JS_CFLAGS) $^ $(JS_LDFLAGS) -o $@

$(JS_PKG)/%: bindings/js/%
	@mkdir -p $(@D)
	cp $< $@

js: $(JS_PKG)/hcc.wasm $(JS_FILES:%=$(JS_PKG)/%)
	@v=$$(node -p 'require("./$(JS_PKG)/package.json").version'); [ "$$v" = "$(JS_VERSION)" ] \
	  || { echo "js: bindings/js/package.json version $$v is not HCC_VERSION $(JS_VERSION)"; exit 1; }
	@echo "js: $(JS_PKG) ($$(wc -c <$(JS_PKG)/hcc.wasm) bytes of wasm)"

js-pack: js
	@rm -f $(JS_B)/hcc-*.tgz
	cd $(JS_PKG) && npm pack --silent --pack-destination $(CURDIR)/$(JS_B) >/dev/null
	@ls $(JS_B)/hcc-$(JS_VERSION).tgz

# Skipped with a message when emcc is missing (`make deps` installs it).
js-test: all
	@if ! command -v $(EMCC) >/dev/null; then echo "js-test: skipped: no $(EMCC) (make deps installs emscripten)"; exit 0; fi; \
	$(MAKE) --no-print-directory js-pack && HCC_JS_PKG=$(CURDIR)/$(JS_PKG) HCC_JS_TGZ=$(CURDIR)/$(JS_B)/hcc-$(JS_VERSION).tgz \
	  HCC_CLI=$(CURDIR)/$(B)/hcc PYTHON=$(PYTHON) node --test bindings/js/test/*.test.mjs
