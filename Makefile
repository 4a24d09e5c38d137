# rterm: build, test, benchmark and demo. `make test` and `make demo` set up everything they
# need on a fresh Debian machine when run as root (apt-get update first, then the missing
# packages).

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages: build dependencies, and the real programs the tests drive.
DEB_PACKAGES := libssh2-1-dev libncurses-dev pkg-config openssh-server openssh-client tmux vim less python3 python3-paramiko python3-yaml strace zsh fish
# (zsh and fish: the prompt-mark lines docs/ssh.md gives for them run as tests.)
# Only `make bench` needs these: libtsm is Scripts/bench-engine's same-run reference, fish and
# zsh shells Scripts/bench-predict types into (and sudo a password prompt it types at),
# parallel-ssh and ClusterShell Scripts/bench-fleet's peers, mosh Scripts/bench-front's,
# zsh-autosuggestions the zsh Scripts/bench-predict types over suggestions in.
BENCH_PACKAGES := libtsm-dev sudo pssh clustershell mosh zsh-autosuggestions

.PHONY: all deps build debug test bench fuzz fuzz-long conformance demo format clean

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "make: missing Debian packages:$$missing (run as root, or install them)" >&2; exit 1; fi; \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@command -v swift >/dev/null || { echo "make: swift not found (expected in /opt/swift/usr/bin)" >&2; exit 1; }

# SwiftPM leaves TemporaryDirectory.* folders in $TMPDIR on every build, and its manifest
# cache in ~/.cache: builds get a TMPDIR of their own under .build, emptied after, and keep
# the cache in .build (--manifest-cache local).
BUILD_TMP := $(CURDIR)/.build/build-tmp
SWIFT_BUILD := mkdir -p $(BUILD_TMP) && TMPDIR=$(BUILD_TMP) swift build --manifest-cache local

# The release binary carries the Swift runtime and Foundation in itself: it starts without
# binding their shared libraries (`rterm --version` ran 9.5 M instructions instead of 23 M),
# and runs where no Swift toolchain is installed (libssh2 and ncurses stay shared).
RELEASE := -c release --static-swift-stdlib

build: deps
	$(SWIFT_BUILD) $(RELEASE) --product rterm; status=$$?; rm -rf $(BUILD_TMP); exit $$status
	@echo "built .build/release/rterm"

debug: deps
	$(SWIFT_BUILD); status=$$?; rm -rf $(BUILD_TMP); exit $$status

# The SSH integration tests start and stop their own throwaway sshd (Scripts/test-sshd) under
# .build/test-sshd; the loop after the run stops any that a crashed test process left behind.
# SwiftPM leaves an empty TemporaryDirectory.* folder in $TMPDIR on every run: the test run
# gives it (and the tests) a TMPDIR of their own under .build, emptied at the end, and a HOME
# and tmux socket directory there too (local shells keep histories, tmux leaves sockets).
test: deps
	Scripts/check-file-sizes
	Scripts/code-map --check
	@# A build with a warning fails the run (a fresh clone, as CI builds, shows them all).
	@mkdir -p .build/tmp; set -o pipefail; TMPDIR=$(CURDIR)/.build/tmp swift build --manifest-cache local --build-tests 2>&1 | tee .build/build.log
	@if grep -n "warning:" .build/build.log; then echo "make: the build printed the warnings above: fix them" >&2; exit 1; fi
	@# (XDG_RUNTIME_DIR: an interactive fish, run by the prompt-mark tests, otherwise makes /tmp/fish.USER.)
	@mkdir -p .build/tmp/home; mkdir -m 700 -p .build/tmp/run; status=0; HOME=$(CURDIR)/.build/tmp/home \
	  TMPDIR=$(CURDIR)/.build/tmp XDG_RUNTIME_DIR=$(CURDIR)/.build/tmp/run \
	  TMUX_TMPDIR=$(CURDIR)/.build/tmp RTERM_TEST_SSHD_PARENT=$(CURDIR)/.build/test-sshd swift test --manifest-cache local --skip-build || status=$$?; \
	for d in .build/test-sshd/sshd-*; do \
	  [ -d "$$d" ] && { Scripts/test-sshd stop "$$d" 2>/dev/null; rm -rf "$$d"; }; \
	done; rm -rf .build/tmp; Scripts/test-sshd check-clean .build/test-sshd || status=1; exit $$status

bench:
	$(MAKE) deps EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT_BUILD) $(RELEASE) --product rterm-bench; status=$$?; rm -rf $(BUILD_TMP); exit $$status
	.build/release/rterm-bench
	$(SWIFT_BUILD) $(RELEASE) --product rterm; status=$$?; rm -rf $(BUILD_TMP); exit $$status
	Scripts/bench-engine .build/release/rterm
	Scripts/bench-ssh .build/release/rterm
	Scripts/bench-transfer .build/release/rterm
	Scripts/bench-interactive .build/release/rterm
	Scripts/bench-front .build/release/rterm
	Scripts/bench-floods .build/release/rterm
	Scripts/bench-amplification .build/release/rterm
	Scripts/bench-sessions .build/release/rterm
	Scripts/bench-predict .build/release/rterm
	Scripts/bench-fleet .build/release/rterm

# libFuzzer on each fuzz target (Tests/Fuzz) for FUZZ_SECONDS, with AddressSanitizer
# (Scripts/fuzz): one line of figures per target; fails naming any input that broke an
# invariant. CI runs a short budget.
FUZZ_SECONDS ?= 60
fuzz: deps
	Scripts/fuzz --seconds $(FUZZ_SECONDS)

# The long run (Scripts/fuzz-long): FUZZ_HOURS of wall time on both cores, every target
# without ASan the whole time and with it for the last third, past every finding; the
# figures go to .build/fuzz-long.report (docs/testing.md keeps the last one).
FUZZ_HOURS ?= 3
fuzz-long: deps
	Scripts/fuzz-long --hours $(FUZZ_HOURS)

# xterm's conformance suite, esctest2, inside `rterm --local` in a tmux pane (Scripts/conformance):
# prints `N passed, M failed` and fails on a failure not in Tests/Conformance/esctest-known-failures.
conformance: build
	Scripts/conformance .build/release/rterm

# Starts a throwaway sshd on 127.0.0.1 (Scripts/test-sshd), connects rterm to it with
# commands, then (on a terminal) opens an interactive shell through the full-screen front;
# the trap stops the server and its agent by pid whatever happens.
demo: build
	@mkdir -p .build; dir=$$(mktemp -d "$(CURDIR)/.build/demo.XXXXXX"); \
	trap 'Scripts/test-sshd stop "$$dir/sshd" >/dev/null 2>&1; rm -rf "$$dir"' EXIT INT TERM HUP PIPE; \
	Scripts/test-sshd start "$$dir/sshd" 2>/dev/null || exit 1; \
	. "$$dir/sshd/env"; \
	printf 'Host *\n  User %s\n  UserKnownHostsFile %s\n  StrictHostKeyChecking yes\n' "$$USER_NAME" "$$KNOWN_HOSTS" > "$$dir/config"; \
	echo "== rterm -p $$PORT 127.0.0.1 'uname -a; echo hello from rterm'  (throwaway sshd, agent key)"; \
	HOME="$$dir" .build/release/rterm -F "$$dir/config" -p "$$PORT" 127.0.0.1 \
	  'uname -a; echo hello from rterm; exit 7'; \
	echo "== exit status: $$? (the remote 'exit 7')"; \
	echo "== the same through two jump hosts (-J), stdin piped into a remote wc -c"; \
	head -c 1000000 /dev/zero | HOME="$$dir" .build/release/rterm -F "$$dir/config" \
	  -J "127.0.0.1:$$PORT,127.0.0.1:$$PORT" \
	  -p "$$PORT" 127.0.0.1 'echo "$$(wc -c) bytes arrived through the jumps"'; \
	echo "== a changed host key is refused before any credential is sent"; \
	HOME="$$dir" .build/release/rterm -F none -o UserKnownHostsFile="$$KNOWN_HOSTS_WRONG" \
	  -l "$$USER_NAME" -p "$$PORT" 127.0.0.1 true 2>&1 | tail -n 1; \
	for f in vim-syntax-c htop-running; do \
	  echo "== rterm render --format ansi $$f (a real $$f session recorded at 24x80)"; \
	  .build/release/rterm render --format ansi Tests/RemoteTermTests/Fixtures/Golden/$$f.bytes; \
	done; \
	if [ -t 0 ] && [ -t 1 ]; then \
	  echo "== an interactive shell through rterm on the throwaway sshd: type 'exit' or ~. to leave"; \
	  sleep 2; \
	  HOME="$$dir" .build/release/rterm -F "$$dir/config" -p "$$PORT" 127.0.0.1; \
	  status=$$?; \
	  case $$status in \
	    0) echo "== the shell exited: rterm exited with its status, 0";; \
	    255) echo "== disconnected: rterm exited with 255, as ssh does after ~. (the demo is over)";; \
	    *) echo "== rterm exited with status $$status (the shell's)";; \
	  esac; \
	fi

format:
	swift format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
