EXTENSION = ulid
# the version lives in ulid.control only
EXTVERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)

MODULE_big = ulid
PURE_OBJS = src/libulid/codec.o src/libulid/generator.o src/libulid/gist_key.o src/libulid/typeid.o
OBJS = src/ulid_module.o src/ulid.o src/ulid_ops.o src/ulid_support.o src/ulid_legacy.o src/ulid_time.o src/ulid_uuidv7.o src/ulid_backend.o src/ulid_gen.o src/ulid_monotonic.o src/ulid_gist.o src/ulid_typeid.o $(PURE_OBJS)
SRC_HEADERS = $(wildcard src/*.h src/libulid/*.h)

# the full script of the newest version, ulid--1.0.sql (for tests of the
# update path), and the update scripts from each older version
DATA = $(wildcard $(EXTENSION)--*.sql)

# every sql/NAME.sql but those of some majors only (added below), in name
# order: each test drops what it creates, so none depends on another's
REGRESS_BY_MAJOR = io_soft skipscan gist_temporal uuidv7_core monotonic monotonic_no_preload
REGRESS = $(filter-out $(REGRESS_BY_MAJOR),$(sort $(basename $(notdir $(wildcard sql/*.sql)))))
# UTF8 and the C locale whatever the cluster was made with (pg_virtualenv
# takes them from the environment): the io test counts multibyte characters
REGRESS_OPTS = --load-extension=$(EXTENSION) --encoding=UTF8 --no-locale

PG_CPPFLAGS = -I$(srcdir)/src -DULID_VERSION=\"$(EXTVERSION)\"
# -Wextra's unused-parameter fires on every PG_FUNCTION_ARGS left unused.
# Appended to what the command line or the environment gives (make
# PG_CFLAGS=-Werror, PG_CFLAGS=-DUSE_ASSERT_CHECKING make): override, as a
# command-line value would otherwise replace these.
override PG_CFLAGS += -Wall -Wextra -Wno-unused-parameter

# tmp_check: the clusters and logs of make prove_installcheck
# pg18: the -pg18 scripts, whatever major built them
EXTRA_CLEAN = pg18 test/unit_codec test/unit_generator test/unit_monotonic test/unit_gist test/unit_typeid bench/codec_bench tmp_check

# make dist and make unittest, alone or together, need no PostgreSQL: they
# skip everything from here to "end of the build" below, which needs pg_config
ifeq ($(filter-out dist unittest,$(MAKECMDGOALS)),)
ifneq ($(MAKECMDGOALS),)
ULID_NO_SERVER = 1
endif
endif
ifndef ULID_NO_SERVER

PG_CONFIG ?= pg_config
# without pg_config nothing below can work: say what to install
ifeq ($(shell command -v $(PG_CONFIG) 2>/dev/null),)
$(error $(PG_CONFIG) not found: install PostgreSQL's server headers (Debian: postgresql-server-dev-NN, for the server's major NN), or give PG_CONFIG=/path/to/pg_config)
endif
# the server's major before PGXS (which gives MAJORVERSION) is read
PG_CONFIG_MAJOR := $(shell $(PG_CONFIG) --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')

# libulid's ULID_ASSERT (src/libulid/ulid_assert.h) follows the server's
# Assert: compiled in against a server built with --enable-cassert, whose
# pg_config.h defines USE_ASSERT_CHECKING, and out of a release build
ifeq ($(shell grep -qx '.define USE_ASSERT_CHECKING 1' '$(shell $(PG_CONFIG) --includedir-server)/pg_config.h' 2>/dev/null && echo yes),yes)
PG_CPPFLAGS += -DULID_USE_ASSERT
endif

# (set before PGXS, whose all: target reads DATA_built as it is parsed)
# On 18 and later the default version is $(EXTVERSION)-pg18: $(EXTVERSION)
# plus GiST support function 12, which 15-17 refuse.  The control file
# installed there names it; PGXS copies DATA_built after the control file of
# EXTENSION, into the same folder, so this one stays.  The -pg18 line is
# made, not written: for each version X of PG18_VERSIONS, the crossing
# ulid--X--X-pg18.sql from ulid-pg18.sql.in, and the twin
# ulid--A-pg18--B-pg18.sql of each update script ulid--A--B.sql between
# them.  A fresh install on 18 runs the full script, then the crossing.
# PG18_VERSIONS are read from the update scripts: 1.4 (the first with a
# GiST class) and every version an update script reaches after it, in
# version order, so a release's update script adds its version.  One whose
# -pg18 objects differ from ulid-pg18.sql.in's writes its crossing by hand.
PG18_VERSIONS := $(shell printf '%s\n' $(foreach f,$(wildcard $(EXTENSION)--*--*.sql),$(lastword $(subst --, ,$(basename $(f))))) | sort -uV | sed -n '/^1\.4$$/,$$p')
ifneq ($(lastword $(PG18_VERSIONS)),$(EXTVERSION))
$(error PG18_VERSIONS ($(PG18_VERSIONS)), from the update scripts, must end with ulid.control's version, $(EXTVERSION), which no update script reaches)
endif
PG18_CROSSINGS = $(foreach v,$(PG18_VERSIONS),pg18/$(EXTENSION)--$(v)--$(v)-pg18.sql)
PG18_TWINS = $(join $(foreach v,$(filter-out $(lastword $(PG18_VERSIONS)),$(PG18_VERSIONS)),pg18/$(EXTENSION)--$(v)-pg18--), \
	$(addsuffix -pg18.sql,$(wordlist 2,$(words $(PG18_VERSIONS)),$(PG18_VERSIONS))))
ifeq ($(shell test $(PG_CONFIG_MAJOR) -ge 18 && echo yes),yes)
DATA_built = pg18/$(EXTENSION).control $(PG18_CROSSINGS) $(PG18_TWINS)
endif

# No LLVM bitcode unless asked for (make with_llvm=yes): what the tests,
# the Debian package (debian/rules) and the zip's build (pgxn install runs
# make and make install) all build is the shared library alone.  The
# bitcode is what JIT would inline ulid's functions from, which no test
# runs, and the package leaves it out so as not to depend on the JIT
# package.  A server built with LLVM sets with_llvm = yes in PGXS's
# Makefile.global; the override keeps this value over that one, and a
# with_llvm on the command line wins over both.
ifneq ($(origin with_llvm),command line)
override with_llvm = no
endif

PGXS := $(shell $(PG_CONFIG) --pgxs)
# a pg_config without the server headers (Debian's libpq-dev has one)
ifeq ($(wildcard $(PGXS)),)
$(error $(PG_CONFIG) is PostgreSQL $(PG_CONFIG_MAJOR)'s, without the server headers ($(PGXS) is missing): install them (Debian: postgresql-server-dev-$(PG_CONFIG_MAJOR)), or give PG_CONFIG=/path/to/pg_config)
endif
include $(PGXS)

# PGXS tracks no header dependencies without --enable-depend; a header
# change (say, the generator's struct) must rebuild every object using it
$(OBJS): $(SRC_HEADERS)

# the control file of 18 and later (DATA_built above)
pg18/$(EXTENSION).control: $(EXTENSION).control
	@mkdir -p pg18
	sed "s/^default_version = '\(.*\)'/default_version = '\1-pg18'/" $< > $@

# the -pg18 crossing of version X, from the one template
$(PG18_CROSSINGS): pg18/$(EXTENSION)--%-pg18.sql: $(EXTENSION)-pg18.sql.in
	@mkdir -p pg18
	sed '1d; s/@VERSION@/$(firstword $(subst --, ,$*))/g' $< > $@

# the -pg18 twin of an update script (ulid--A-pg18--B-pg18.sql from
# ulid--A--B.sql): the same statements, the -pg18 versions in its first lines
.SECONDEXPANSION:
pg18/$(EXTENSION)--%-pg18.sql: $(EXTENSION)--$$(subst -pg18--,--,$$*).sql
	@mkdir -p pg18
	sed "1,4s/TO '\([0-9.]*\)'/TO '\1-pg18'/; 1s/--\([0-9.]*\)--\([0-9.]*\)\.sql/--\1-pg18--\2-pg18.sql/" $< > $@

# robustness tests: fuzzing and sanitizer builds of the pure code (make
# fuzz, make unittest-sanitize; optional, as a tree without test/, such as
# the package build's, has none)
-include test/fuzz/fuzz.mk

# supported majors: PG_MIN_MAJOR and later (MAJORVERSION comes from PGXS);
# src/compat.h and META.json say the same, test/packaging/metadata.sh checks
PG_MIN_MAJOR = 15
ifneq ($(shell test $(MAJORVERSION) -ge $(PG_MIN_MAJOR) && echo yes),yes)
$(error ulid needs PostgreSQL $(PG_MIN_MAJOR) or later, and $(PG_CONFIG) is $(MAJORVERSION))
endif

# version-specific features get test files of their own
ifeq ($(shell test $(MAJORVERSION) -ge 16 && echo yes),yes)
REGRESS += io_soft
endif
# uuidv7_core needs core's uuid_extract_timestamp() to read a UUIDv7's time
# (18+; 17's reads only version 1's) and gen_monotonic_ulid() unpreloaded
ifeq ($(shell test $(MAJORVERSION) -ge 18 && echo yes),yes)
REGRESS += skipscan gist_temporal uuidv7_core
endif
# gen_monotonic_ulid() works without shared_preload_libraries from 17 (the
# DSM registry); before, the regress cluster (no preload) shows its error
ifeq ($(shell test $(MAJORVERSION) -ge 17 && echo yes),yes)
REGRESS += monotonic
else
REGRESS += monotonic_no_preload
endif

endif # end of the build (make dist and make unittest skip it)

# TAP tests (t/*.pl, PostgreSQL::Test::Cluster) against the installed
# extension: make prove_installcheck [PROVE_TESTS=t/NNN_name.pl]
# [PROVE_FLAGS=-v].  PGXS's own recipe sets what each major's test modules
# read (TESTDIR up to 15, TESTDATADIR and TESTLOGDIR from 16, PG_REGRESS,
# PATH); t/ also holds their helper module.  Not TAP_TESTS = 1, which would
# add them to make installcheck: pg_buildext runs that in the package build,
# whose copy of the tree has no t/, inside pg_virtualenv, whose
# extension_destdir the tests' own clusters would not know.  initdb refuses
# to run as root: scripts/test.sh runs this as the postgres user then.
PG_PROVE_FLAGS += -I $(srcdir)/t
# t/017_partman.pl needs pg_partman, which Debian packages for some majors
# only (scripts/test.sh installs it where there is one): without it, it is
# left out of the list rather than run to skip, as a skip fails CI
ifeq ($(wildcard $(datadir)/extension/pg_partman.control),)
PROVE_TESTS ?= $(filter-out t/017_partman.pl,$(wildcard t/*.pl))
ifneq ($(filter prove_installcheck,$(MAKECMDGOALS)),)
$(info t/017_partman.pl left out: pg_partman is not installed into $(datadir))
endif
endif

.PHONY: prove_installcheck
prove_installcheck:
	$(prove_installcheck)

# C unit tests of the pure code: no PostgreSQL needed
UNIT_CC ?= cc
UNIT_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=c99
UNIT_SRCS = src/libulid/codec.c src/libulid/generator.c src/libulid/gist_key.c src/libulid/typeid.c

# (libulid alone on the include path, its ULID_ASSERTs always compiled in)
test/unit_%: test/unit_%.c test/unit.h test/unit_gen.h $(UNIT_SRCS) $(wildcard src/libulid/*.h)
	$(UNIT_CC) $(UNIT_CFLAGS) -DULID_USE_ASSERT -Isrc/libulid -o $@ $< $(UNIT_SRCS)

# (test/layers.sh first: libulid includes no server header, and each header
# declares its own module's functions only)
.PHONY: unittest
unittest: test/unit_codec test/unit_generator test/unit_monotonic test/unit_gist test/unit_typeid
	test/layers.sh
	test/unit_codec
	test/unit_generator
	test/unit_monotonic
	test/unit_gist
	test/unit_typeid

# Benchmarks (bench/run.sh): every workload side by side, medians and ratios
bench/codec_bench: bench/codec_bench.c $(UNIT_SRCS) $(wildcard src/libulid/*.h)
	$(CC) $(CFLAGS) -Isrc/libulid -o $@ $< $(UNIT_SRCS)

# (make bench RECORD=1 writes to bench/results/DATE, to be committed; without
# it the results go to bench/results/local/, which git ignores)
.PHONY: bench
bench:
	$(if $(RECORD),BENCH_RECORD=$(RECORD)) bench/run.sh

# The release's tarball ulid-V.tar.gz and PGXN zip ulid-V.zip, reproducible
# (scripts/dist.sh; the release procedure is in docs/development.md)
.PHONY: dist
dist:
	scripts/dist.sh
