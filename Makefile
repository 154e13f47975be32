# Lodestar: make demo | make test | make build | make bench | make deps | make install | make deb
# Style: make lint (swift format lint --strict, the first step of make test) | make format (rewrites in place)
# Load runs (not in make test): make ride-load (ends with the hostile cases) | make hostile-load
# Every target is idempotent: deps installs only what is missing, the builds are incremental.

SWIFT ?= swift
# Debian packages the build, the tests and the demo need (libproj-dev only for the benchmarks' PROJ baseline;
# the product's geodesics are GeographicLib's, libgeographiclib-dev, which needs only the C++ runtime).
DEBS := libgeographiclib-dev libproj-dev libsqlite3-dev libgps-dev gpsd gpsd-clients python3-gpxpy librsvg2-bin postgresql postgresql-15-postgis-3 \
  valgrind binutils man-db
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LODESTAR := .build/debug/lodestar

# libFuzzer on the NMEA parser and assembler: `make fuzz` (FUZZ_SECONDS, default 600). The FuzzNMEA
# product (Fuzz/FuzzNMEA, which imports the NMEAFuzzing target's checks) is built in a scratch path
# of its own, so the sanitizer flags never touch the ordinary build in .build.
FUZZ_SECONDS ?= 600
FUZZ_BUILD := .build-fuzz
FUZZ_BIN := $(FUZZ_BUILD)/release/FuzzNMEA
# New inputs the fuzzer finds go to the first directory; the committed corpus and gpsd's logs are
# read as seeds.
FUZZ_CORPUS := Fuzz/Corpus
FUZZ_SEEDS := $(wildcard ../shared/traces/gpsd)

.PHONY: all deps build test demo bench bench-gpsd clean fuzz fuzz-build deps-python schemathesis ride-load hostile-load replay-guard \
  release man stage install install-files uninstall install-check deb deps-deb docs lint format

all: build

deps: deps-python
	@missing=""; \
	for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
	fi

# schemathesis (PyPI), for `make schemathesis`: installed only when missing.
deps-python:
	@command -v schemathesis >/dev/null 2>&1 || { echo "make deps: pip installing schemathesis"; python3 -m pip install -q schemathesis; }

# Debug builds in CI (CI=true) carry no debug information: nobody reads it there, and making it is
# a good part of a clean build's time (DWARF for every module, 150 MB per linked executable). Every
# debug build below passes the same flags, so none rebuilds what another made. A developer's builds
# keep it. (The index store stays: `swift test` discovers the tests through it.)
ifeq ($(CI),true)
DEBUG_FLAGS ?= -debug-info-format none
endif

build: deps
	@sh scripts/build-commit.sh >/dev/null
	$(SWIFT) build $(DEBUG_FLAGS)

# At most TEST_WIDTH tests at a time: the suites start gpsd, gpsfake, PostgreSQL and lodestar
# processes and wait for conditions with bounds; run all at once on two cores, the starved ones
# outwait their bounds (seen on 2026-11-27: 5 to 15 tests of the same tree failing on HEAD).
TEST_WIDTH ?= 8

# The examples in Snippets/ are built by `swift test` (SwiftPM builds every snippet beside the
# tests) and run by ExamplesTests. `make docs` (about 2-3 minutes on top of that debug build) is
# not part of it, to keep CI's time down: run it after changing doc comments or a catalog.
test: deps
	$(MAKE) lint
	$(SWIFT) test $(DEBUG_FLAGS) --experimental-maximum-parallelization-width $(TEST_WIDTH)
	$(MAKE) replay-guard
	$(MAKE) schemathesis SCHEMATHESIS_MAX_EXAMPLES=5
	$(MAKE) fuzz FUZZ_SECONDS=60

# Style: `swift format` (the toolchain's) with .swift-format at the root, over every Swift file the
# project owns (Examples/ and scripts/ have none yet; build folders are never listed). `make lint`
# fails on any finding (about 7 s) and runs first in `make test`; `make format` rewrites in place.
# .swift-format is the tool's defaults (`swift format dump-configuration`) but for:
# - indentation 4 spaces, #if bodies not indented (indentConditionalCompilationBlocks false): the
#   project's style from the start;
# - lineLength 130: 98.7% of the lines were already within it (120 would have rewrapped twice as
#   many, 1,788 lines; the doc comments are wrapped at 100 by hand and the tool leaves comments alone);
# - IdentifiersMustBeASCII off: the geodesy follows GeographicLib's and the textbooks' notation,
#   φ, λ, θ, σ, Δλ, ρmin, so the code reads against the formulas it implements.
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Snippets Examples Benchmarks/Package.swift Benchmarks/Benchmarks Fuzz scripts
lint:
	$(SWIFT) format lint --strict --parallel --recursive $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --parallel --recursive $(SWIFT_FORMAT_PATHS)

# Instrumented for libFuzzer and AddressSanitizer; FUZZING makes FuzzNMEA run libFuzzer's driver.
fuzz-build: deps
	$(SWIFT) build -c release --product FuzzNMEA --scratch-path $(FUZZ_BUILD) \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld

# Swift's backtracer is disabled: it would hang on the fuzzer's crash.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/crashes
	SWIFT_BACKTRACE=enable=no ./$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crashes/ \
	  $(FUZZ_BUILD)/corpus $(FUZZ_CORPUS) $(FUZZ_SEEDS)

# The replay cost guard (scripts/replay-instructions.py): instructions per input line of the replay
# command in each output mode, counted by callgrind on a fixed 20,000/40,000-line slice, against the
# budgets in BENCHMARKS.md; fails when a mode is more than 10% over. No clock, so it runs in CI.
replay-guard: deps
	python3 scripts/replay-instructions.py

demo: build
	@sh scripts/demo.sh $(LODESTAR)

# The documentation: the DocC catalog of every library product (Sources/MODULE/MODULE.docc) with
# the examples of Snippets/ (`@Snippet`), built by swift-docc-plugin into one static site in
# DOCS_OUTPUT (serve it with `python3 -m http.server -d .build/docs`), warnings as errors. Any
# warning in the whole run (the compiler's, symbol extraction's, docc's) fails it as well, but
# SwiftPM's about a dependency's own layout ("'swift-distributed-tracing': found 1 file(s) which
# are unhandled"), which is that package's to fix and which every build of Lodestar prints.
# The symbol graphs come from the debug build that `swift test` made. The plugin's own builds
# give Hummingbird's trait defines in another order than `swift build` does, so the next build
# compiles Hummingbird again (about 30 s): run it after `make test`, not before.
DOC_TARGETS := Geodesy GeoMagnetism GNSS NMEA GPSD Lodestar TraceSynthesis RideBooking RideAPI RideClient RideServer RideStorePostgres RideStoreSQLite
DOCS_OUTPUT := .build/docs
DOCS_LOG := .build/docs.log
docs: deps
	@mkdir -p .build
	@status=0; $(SWIFT) package --allow-writing-to-directory $(DOCS_OUTPUT) generate-documentation \
	  $(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
	  --transform-for-static-hosting --warnings-as-errors --output-path $(DOCS_OUTPUT) >$(DOCS_LOG) 2>&1 || status=$$?; \
	cat $(DOCS_LOG); \
	dependencies=$$(ls .build/checkouts | paste -sd'|' -); \
	warnings=$$(grep -iE '(warning|error):' $(DOCS_LOG) | \
	  grep -cvE "^warning: '($$dependencies)': found [0-9]+ file\(s\) which are unhandled"); \
	echo "make docs: exit status $$status, $$warnings warnings or errors; the site is in $(DOCS_OUTPUT)"; \
	[ "$$status" -eq 0 ] && [ "$$warnings" -eq 0 ]

BENCH_CORPUS := .build/bench/nmea-corpus.nmea

$(BENCH_CORPUS): scripts/make-nmea-corpus.py
	@mkdir -p $(dir $@)
	python3 scripts/make-nmea-corpus.py $@

# The release binary as it would be deployed: the Swift runtime linked statically (no shared
# Swift libraries to load or find), and only the symbols the dynamic linker needs exported (the
# runtime's link arguments export all 56,000: 5 MB of symbol tables read at every start), and
# no RUNPATH $ORIGIN (SwiftPM's default, for shared libraries beside the binary: there are none,
# and /usr/bin is no place to look for libraries). The binary still names libz.so.1, whose symbols
# it does not use (dpkg-shlibdeps warns): Foundation's static link arguments name -lz, and
# SwiftPM places every -Xlinker or -Xclang-linker option after them, where --as-needed has no
# library left to act on (tried 2026-12-07; it was here until then, doing nothing).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker --no-export-dynamic --disable-local-rpath

# The benchmark package (Benchmarks/), then the replay-vs-gpsdecode comparison on the same corpus,
# with the release binary as it would be deployed; the regions' whole-process cost; the replay
# guard's count of that binary; the live path's instructions an epoch (track --json through a real
# gpsd beside replay --json); the live gpsd latency. One run gives every table of BENCHMARKS.md
# but the load runs (make ride-load) and the fusion ensemble.
bench: deps $(BENCH_CORPUS)
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar
	-python3 scripts/bench-replay.py .build/release/lodestar $(BENCH_CORPUS)
	-python3 scripts/monitor-scale.py --binary .build/release/lodestar --instructions
	python3 scripts/replay-instructions.py --binary .build/release/lodestar
	-python3 scripts/track-instructions.py .build/release/lodestar --epochs 150
	$(MAKE) bench-gpsd

# Live gpsd latency and idle CPU (Tests/GPSDMeasurements): a real gpsd fed by gpsfake on loopback,
# as the live tests use, built as they are (debug). Prints the figures BENCHMARKS.md quotes.
bench-gpsd: deps
	$(SWIFT) build $(DEBUG_FLAGS) --product GPSDMeasurements
	.build/debug/GPSDMeasurements

# The committed OpenAPI document against a running `lodestar serve` (scripts/schemathesis.sh):
# no 500, no response the document does not allow, on the SQLite store and on a PostgreSQL cluster
# the script starts on a free loopback port. SCHEMATHESIS_MAX_EXAMPLES per operation.
SCHEMATHESIS_MAX_EXAMPLES ?= 20
schemathesis: deps
	$(SWIFT) build $(DEBUG_FLAGS) --product lodestar
	sh scripts/schemathesis.sh $(LODESTAR) $(SCHEMATHESIS_MAX_EXAMPLES)

# The load and fault run of BENCHMARKS.md (scripts/ride-load.sh): two `lodestar serve` on one
# PostgreSQL, 10,000 vehicles, 64 riders, a SIGKILL mid-run; then SQLite with one server. wrk
# measures status reads. Then the hostile cases (scripts/hostile-load.py). Release build.
ride-load: deps
	@dpkg-query -W -f='$${Status}\n' wrk 2>/dev/null | grep -q 'install ok installed' || \
	  { $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q wrk; }
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar
	$(SWIFT) build $(RELEASE_FLAGS) --product RideLoad
	bash scripts/ride-load.sh .build/release

# The ride service under hostile load alone (scripts/hostile-load.py, issue 26): slowloris, idle
# connections, stream flood, booking flood, confirm spam, PostgreSQL stopped for
# HOSTILE_PG_STOP_SECONDS, a corrupted store; one line per case, held or broke, status 1 when one
# broke. Its own servers and PostgreSQL on loopback, about 3.5 minutes. Release build; not part of
# `make test` (it is a load run).
HOSTILE_PG_STOP_SECONDS ?= 75
hostile-load: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar
	python3 scripts/hostile-load.py .build/release/lodestar --pg-stop-seconds $(HOSTILE_PG_STOP_SECONDS)

clean:
	$(SWIFT) package clean

# Installing (README, "Install"). The release binary with the Swift runtime linked statically
# (RELEASE_FLAGS: nothing under /opt/swift is loaded or looked for), stripped; the man pages;
# bash, zsh and fish completions; the systemd units; the example environment files. The WMM
# coefficients are compiled into the binary (GeoMagnetism's embedInCode): no data file.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/lodestar
UNITDIR ?= $(PREFIX)/lib/systemd/system
VERSION := $(shell sed -n 's/^ *static let version = "\(.*\)"$$/\1/p' Sources/LodestarCLI/Lodestar.swift)
# What `make install` copies, built once: .build/packaging/{bin,man1,completions}.
STAGE := .build/packaging
# The man pages' date: the commit's (the same pages for the same commit), else today's.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
release: deps
	@sh scripts/build-commit.sh >/dev/null
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar

# The man pages: swift-argument-parser's generate-manual (the tool its generate-manual plugin
# runs) writes a page per command from the release binary's own help (--experimental-dump-help);
# scripts/man-pages.py gives their discussions mdoc's sections (EXAMPLES, EXIT STATUS, FILES, SEE
# ALSO) and puts back what the generator drops. Not `swift package plugin generate-manual`
# itself: its release build of every product has no --static-swift-stdlib, so it recompiles
# every module, and the static build after it every module again (seen: 80 minutes each here).
GENERATE_MANUAL := .build/debug/generate-manual
man: release
	$(SWIFT) build $(DEBUG_FLAGS) --product generate-manual
	rm -rf $(STAGE)/manual $(STAGE)/man1 && mkdir -p $(STAGE)/manual
	$(GENERATE_MANUAL) .build/release/lodestar --multi-page --date $(MAN_DATE) -o $(STAGE)/manual
	python3 scripts/man-pages.py .build/release/lodestar $(STAGE)/manual $(STAGE)/man1

stage: man
	@mkdir -p $(STAGE)/bin $(STAGE)/completions
	strip --strip-unneeded --remove-section=.comment --remove-section=.note \
	  -o $(STAGE)/bin/lodestar .build/release/lodestar
	$(STAGE)/bin/lodestar --generate-completion-script bash | sed '1{/^#!/d}' > $(STAGE)/completions/lodestar
	$(STAGE)/bin/lodestar --generate-completion-script zsh > $(STAGE)/completions/_lodestar
	$(STAGE)/bin/lodestar --generate-completion-script fish > $(STAGE)/completions/lodestar.fish

install: stage
	$(MAKE) install-files

# Copies the staged tree (no build): `make install` and `make deb` share it.
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DOCDIR)/examples \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(DATADIR)/zsh/vendor-completions \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -m 755 $(STAGE)/bin/lodestar $(DESTDIR)$(BINDIR)/lodestar
	install -m 644 $(STAGE)/man1/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(STAGE)/completions/lodestar $(DESTDIR)$(DATADIR)/bash-completion/completions/lodestar
	install -m 644 $(STAGE)/completions/_lodestar $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_lodestar
	install -m 644 $(STAGE)/completions/lodestar.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/lodestar.fish
	for unit in lodestar-serve.service lodestar-vehicle@.service; do \
	  sed 's|@BINDIR@|$(BINDIR)|g' packaging/systemd/$$unit.in > $(DESTDIR)$(UNITDIR)/$$unit && \
	  chmod 644 $(DESTDIR)$(UNITDIR)/$$unit || exit 1; \
	done
	install -m 644 packaging/lodestar.default packaging/lodestar-vehicle.default $(DESTDIR)$(DOCDIR)/examples/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lodestar $(DESTDIR)$(MANDIR)/man1/lodestar.1 $(DESTDIR)$(MANDIR)/man1/lodestar.*.1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/lodestar $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_lodestar \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/lodestar.fish \
	  $(DESTDIR)$(UNITDIR)/lodestar-serve.service $(DESTDIR)$(UNITDIR)/lodestar-vehicle@.service \
	  $(DESTDIR)$(DOCDIR)/examples/lodestar.default $(DESTDIR)$(DOCDIR)/examples/lodestar-vehicle.default
	-rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) 2>/dev/null

# Not yet part of `make test`: it needs the static release build (about 15 minutes on a quiet
# two-core machine), which would take CI well past its 20-minute aim; run it before a release.
# The installed tree as a user has it (scripts/install-check.sh): a temporary prefix, only it on
# PATH, the toolchain and the build tree hidden; man pages without warnings, bash completion,
# systemd-analyze verify.
install-check: stage
	sh scripts/install-check.sh

# The Debian package, lodestar_VERSION_ARCH.deb (scripts/make-deb.sh): the staged tree under
# /usr, units in /lib/systemd/system, /etc/default/lodestar as a conffile, dependencies from
# dpkg-shlibdeps; then lintian.
DEB_DEBS := lintian dpkg-dev
DEB_ROOT := .build/deb/root
deps-deb:
	@missing=""; \
	for p in $(DEB_DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps-deb: installing$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
	fi

deb: deps deps-deb stage
	rm -rf $(DEB_ROOT)
	$(MAKE) install-files DESTDIR=$(DEB_ROOT) PREFIX=/usr UNITDIR=/lib/systemd/system
	sh scripts/make-deb.sh $(DEB_ROOT) $(VERSION)
