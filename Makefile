# Lodestar: make demo | make test | make build | make bench | make deps
# Every target is idempotent: deps installs only what is missing, the builds are incremental.

SWIFT ?= swift
# Debian packages the build, the tests and the demo need (libproj-dev only for the benchmarks' PROJ baseline;
# the product's geodesics are GeographicLib's, libgeographiclib-dev, which needs only the C++ runtime).
DEBS := libgeographiclib-dev libproj-dev libsqlite3-dev libgps-dev gpsd gpsd-clients python3-gpxpy librsvg2-bin postgresql postgresql-15-postgis-3 \
  valgrind binutils
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

.PHONY: all deps build test demo bench bench-gpsd clean fuzz fuzz-build deps-python schemathesis ride-load replay-guard

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

build: deps
	$(SWIFT) build

# At most TEST_WIDTH tests at a time: the suites start gpsd, gpsfake, PostgreSQL and lodestar
# processes and wait for conditions with bounds; run all at once on two cores, the starved ones
# outwait their bounds (seen on 2026-11-27: 5 to 15 tests of the same tree failing on HEAD).
TEST_WIDTH ?= 8

test: deps
	$(SWIFT) test --experimental-maximum-parallelization-width $(TEST_WIDTH)
	$(MAKE) replay-guard
	$(MAKE) schemathesis SCHEMATHESIS_MAX_EXAMPLES=5
	$(MAKE) fuzz FUZZ_SECONDS=60

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

BENCH_CORPUS := .build/bench/nmea-corpus.nmea

$(BENCH_CORPUS): scripts/make-nmea-corpus.py
	@mkdir -p $(dir $@)
	python3 scripts/make-nmea-corpus.py $@

# The release binary as it would be deployed: the Swift runtime linked statically (no shared
# Swift libraries to load or find), and only the symbols the dynamic linker needs exported (the
# runtime's link arguments export all 56,000: 5 MB of symbol tables read at every start).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker --no-export-dynamic

# The benchmark package (Benchmarks/), then the replay-vs-gpsdecode comparison on the same corpus,
# with the release binary as it would be deployed.
bench: deps $(BENCH_CORPUS)
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar
	-python3 scripts/bench-replay.py .build/release/lodestar $(BENCH_CORPUS)
	python3 scripts/replay-instructions.py --binary .build/release/lodestar
	$(MAKE) bench-gpsd

# Live gpsd latency and idle CPU (Tests/GPSDMeasurements): a real gpsd fed by gpsfake on loopback,
# as the live tests use, built as they are (debug). Prints the figures BENCHMARKS.md quotes.
bench-gpsd: deps
	$(SWIFT) build --product GPSDMeasurements
	.build/debug/GPSDMeasurements

# The committed OpenAPI document against a running `lodestar serve` (scripts/schemathesis.sh):
# no 500, no response the document does not allow. SCHEMATHESIS_MAX_EXAMPLES per operation.
SCHEMATHESIS_MAX_EXAMPLES ?= 20
schemathesis: deps
	$(SWIFT) build --product lodestar
	sh scripts/schemathesis.sh $(LODESTAR) $(SCHEMATHESIS_MAX_EXAMPLES)

# The load and fault run of BENCHMARKS.md (scripts/ride-load.sh): two `lodestar serve` on one
# PostgreSQL, 10,000 vehicles, 64 riders, a SIGKILL mid-run; then SQLite with one server. wrk
# measures status reads. Release build.
ride-load: deps
	@dpkg-query -W -f='$${Status}\n' wrk 2>/dev/null | grep -q 'install ok installed' || \
	  { $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q wrk; }
	$(SWIFT) build $(RELEASE_FLAGS) --product lodestar
	$(SWIFT) build $(RELEASE_FLAGS) --product RideLoad
	sh scripts/ride-load.sh .build/release

clean:
	$(SWIFT) package clean
