# libFuzzer targets of the pure code, and the C unit tests built with ASan
# and UBSan.  Included by the top-level Makefile; needs Debian's clang-N and
# libclang-rt-N-dev (scripts/test.sh installs the N that Debian's clang
# package names, and passes FUZZ_CC=clang-N).
#
#   make fuzz               every target for FUZZ_TIME seconds (default 120)
#   make fuzz-build         just build them
#   make unittest-sanitize  the unit tests under ASan + UBSan

FUZZ_CC ?= $(shell command -v clang-14 2>/dev/null || echo clang)
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS ?= -g -O1 -Wall -Wextra -Werror $(SANITIZE) -fsanitize=fuzzer
FUZZ_TARGETS = test/fuzz/fuzz_decode test/fuzz/fuzz_roundtrip test/fuzz/fuzz_generator test/fuzz/fuzz_monotonic test/fuzz/fuzz_typeid
FUZZ_TIME ?= 120
FUZZ_SRCS = src/libulid/codec.c src/libulid/generator.c src/libulid/gist_key.c src/libulid/typeid.c

test/fuzz/fuzz_%: test/fuzz/fuzz_%.c test/fuzz/fuzz.h $(FUZZ_SRCS) $(wildcard src/libulid/*.h)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DULID_USE_ASSERT -Isrc/libulid -o $@ $< $(FUZZ_SRCS)

.PHONY: fuzz fuzz-build unittest-sanitize
fuzz-build: $(FUZZ_TARGETS)

# each target for FUZZ_TIME s from its seed corpus test/fuzz/corpus/NAME,
# new inputs in a temporary corpus; libFuzzer's "Done N runs" line each, or
# its log's tail and the crashing input kept in test/fuzz/crashes/
fuzz: fuzz-build
	@mkdir -p test/fuzz/crashes
	@for t in $(FUZZ_TARGETS:test/fuzz/fuzz_%=%); do \
		new=$$(mktemp -d /tmp/ulid-fuzz.XXXXXX); \
		test/fuzz/fuzz_$$t -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
			-artifact_prefix=test/fuzz/crashes/$$t- $$new test/fuzz/corpus/$$t >$$new.log 2>&1; \
		status=$$?; sed -n "s/^Done/fuzz_$$t: Done/p" $$new.log; \
		[ $$status -eq 0 ] || tail -n 40 $$new.log; rm -rf $$new $$new.log; \
		[ $$status -eq 0 ] || exit 1; \
	done

# the unit tests' sources, built with the sanitizers into test/fuzz/
test/fuzz/unit_%_san: test/unit_%.c test/unit.h test/unit_gen.h $(FUZZ_SRCS) $(wildcard src/libulid/*.h)
	$(FUZZ_CC) -O1 -g -Wall -Wextra -Werror -std=c99 $(SANITIZE) -DULID_USE_ASSERT -Isrc/libulid -o $@ $< $(FUZZ_SRCS)

unittest-sanitize: test/fuzz/unit_codec_san test/fuzz/unit_generator_san test/fuzz/unit_monotonic_san test/fuzz/unit_gist_san test/fuzz/unit_typeid_san
	test/fuzz/unit_codec_san
	test/fuzz/unit_generator_san
	test/fuzz/unit_monotonic_san
	test/fuzz/unit_gist_san
	test/fuzz/unit_typeid_san

EXTRA_CLEAN += $(FUZZ_TARGETS) test/fuzz/unit_codec_san test/fuzz/unit_generator_san test/fuzz/unit_monotonic_san test/fuzz/unit_gist_san test/fuzz/unit_typeid_san
