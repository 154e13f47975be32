# Lodestar: make demo | make test | make build | make bench | make deps
# Every target is idempotent: deps installs only what is missing, the builds are incremental.

SWIFT ?= swift
# Debian packages the build, the tests and the demo need.
DEBS := libproj-dev libsqlite3-dev libgps-dev gpsd gpsd-clients python3-gpxpy
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LODESTAR := .build/debug/lodestar

# libFuzzer target for the NMEA parser and assembler: `make fuzz` (FUZZ_SECONDS, default 600).
FUZZ_SECONDS ?= 600
FUZZ_DIR := .build/fuzz
FUZZ_BIN := $(FUZZ_DIR)/fuzz-nmea
FUZZ_SOURCES := Sources/Geodesy/Angle.swift Sources/Geodesy/Coordinate.swift \
	$(wildcard Sources/GNSS/*.swift Sources/GNSS/*/*.swift) \
	$(wildcard Sources/NMEA/*.swift Sources/NMEA/*/*.swift) Fuzz/FuzzNMEA.swift
FUZZ_SEEDS := $(wildcard ../shared/traces/gpsd)
SWIFTC ?= swiftc

.PHONY: all deps build test demo bench clean fuzz

all: build

deps:
	@missing=""; \
	for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test
	$(MAKE) fuzz FUZZ_SECONDS=60

# One module from the sources (their cross-module imports removed), instrumented for libFuzzer
# and AddressSanitizer. Swift's backtracer is disabled: it would hang on the fuzzer's crash.
$(FUZZ_BIN): $(FUZZ_SOURCES)
	@rm -rf $(FUZZ_DIR)/src && mkdir -p $(FUZZ_DIR)/src
	@for f in $(FUZZ_SOURCES); do \
	  sed -E '/^import (GNSS|Geodesy|NMEA)$$/d' $$f > $(FUZZ_DIR)/src/$$(echo $$f | tr / _); \
	done
	$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -use-ld=lld \
	  -module-name FuzzNMEA $(FUZZ_DIR)/src/*.swift -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/crashes
	SWIFT_BACKTRACE=enable=no ./$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/ \
	  $(FUZZ_DIR)/corpus $(FUZZ_SEEDS)

demo: build
	@sh scripts/demo.sh $(LODESTAR)

BENCH_CORPUS := .build/bench/nmea-corpus.nmea

$(BENCH_CORPUS): scripts/make-nmea-corpus.py
	@mkdir -p $(dir $@)
	python3 scripts/make-nmea-corpus.py $@

# The benchmark package (Benchmarks/), then the replay-vs-gpsdecode comparison on the same corpus,
# with the release binary as it would be deployed: the Swift runtime linked statically (which
# also keeps its resident memory down: about 25 MiB instead of 31 MiB for the shared libraries).
bench: deps $(BENCH_CORPUS)
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	$(SWIFT) build -c release --static-swift-stdlib --product lodestar
	python3 scripts/bench-replay.py .build/release/lodestar $(BENCH_CORPUS)

clean:
	$(SWIFT) package clean
