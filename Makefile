# Lodestar: make demo | make test | make build | make bench | make deps
# Every target is idempotent: deps installs only what is missing, the builds are incremental.

SWIFT ?= swift
# Debian packages the build, the tests and the demo need.
DEBS := libproj-dev libsqlite3-dev libgps-dev gpsd gpsd-clients
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LODESTAR := .build/debug/lodestar

.PHONY: all deps build test demo bench clean

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

demo: build
	@sh scripts/demo.sh $(LODESTAR)

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	$(SWIFT) package clean
