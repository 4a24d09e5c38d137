# rterm: build, test, benchmark and demo. `make test` and `make demo` set up everything they
# need on a fresh Debian machine when run as root (apt-get update first, then the missing
# packages).

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages: build dependencies, and the real programs the tests drive.
DEB_PACKAGES := libssh2-1-dev libncurses-dev pkg-config openssh-server openssh-client tmux vim less

.PHONY: all deps build debug test bench demo format clean

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "make: missing Debian packages:$$missing (run as root, or install them)" >&2; exit 1; fi; \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@command -v swift >/dev/null || { echo "make: swift not found (expected in /opt/swift/usr/bin)" >&2; exit 1; }

build: deps
	swift build -c release --product rterm
	@echo "built .build/release/rterm"

debug: deps
	swift build

test: deps
	swift build --build-tests
	swift test --skip-build
	Scripts/check-file-sizes

bench: deps
	swift build -c release --product rterm-bench
	.build/release/rterm-bench

# Until the SSH session lands (issue 3), the demo replays real program recordings through
# the engine; then it will start a throwaway sshd on 127.0.0.1 and connect rterm to it.
demo: build
	@for f in vim-syntax-c htop-running dialog-menu; do \
	  echo "== rterm render --format ansi $$f (a real $$f session recorded at 24x80) =="; \
	  .build/release/rterm render --format ansi Tests/RemoteTermTests/Fixtures/Golden/$$f.bytes; \
	done
	@echo "The SSH session (make demo connecting to a throwaway sshd) arrives with issue 3."

format:
	swift format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
