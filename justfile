# tracelift tasks. `just --list` shows them all.

# The bench recipes pass their arguments on as "$@", so quoted arguments stay whole.
set positional-arguments

# Build the measured binaries (profile `dist`: fat LTO, one codegen unit) into target/dist/.
build:
    cargo build --profile dist -p tracelift-cli -p tracelift-bench -p tracelift-fuzz

# The whole test suite (the same command CI runs).
test:
    cargo nextest run --workspace --release

# The differential suite on a debug build, whose assertions check the stack and frame
# invariants machine code must keep (:pop-clears:, the deferred depths), on the tier-2
# variants at low and mid thresholds (a few minutes; CI runs this too).
test-debug:
    cargo build -p tracelift-cli
    TRACELIFT_TEST_BIN=target/debug/tracelift \
        TRACELIFT_TEST_VARIANTS=uops-low,stencil-low,cranelift-low,cranelift-recording-low,cranelift-mid,cranelift-low-framecalls,tiered-low \
        cargo nextest run --release -p tracelift-cli --test differential

# Run a program: just run FILE [ARGS...]
run FILE *ARGS: build
    ./target/dist/tracelift run {{FILE}} {{ARGS}}

# Disassemble a program.
dis FILE: build
    ./target/dist/tracelift dis {{FILE}}

# Compare tracelift's tier 1 with python3 on the benchmark programs.
bench-tier1 *ARGS: build
    bash benches/compare.sh {{ARGS}}

# Results: benches/results/{TIMESTAMP.json,latest.md,speed.svg,warmup.svg}. Extra ARGS go to
# the harness, e.g. --peer 'jit=PYTHON_JIT=1 python3.13' or --runs 5 (see
# `target/dist/tracelift-bench run --help`).
# Every benchmark under every tracelift engine and peer (installs pypy3 if it can).
bench-all *ARGS: _pypy3 build
    ./target/dist/tracelift-bench run "$@"

# Results: benches/results/quick/.
# Every benchmark once at a small size (a few minutes; CI runs this).
bench-quick *ARGS: build
    ./target/dist/tracelift-bench run --quick "$@"

# Results: benches/results/partial/. Example: just bench oo nbody --quick
# Part of the suite: just bench SUITE|NAME... [ARGS].
bench +ARGS: build
    ./target/dist/tracelift-bench run "$@"

# Results: benches/results/ablation/. Extra ARGS go to the harness (e.g. --quick, a suite).
# Optimizer pass ablation: every tier-2 engine with each pass off in turn, and with none.
bench-ablation *ARGS: build
    #!/usr/bin/env bash
    set -euo pipefail
    targets=tier1
    variants=()
    for e in uops stencil cranelift; do
        targets="$targets,$e/projection"
        for p in $(./target/dist/tracelift passes | awk '{print $1}') none; do
            if [ "$p" = none ]; then flags="--passes none"; else flags="--no-pass $p"; fi
            variants+=(--variant "$e/projection/no-$p=run --engine $e --trace-mode projection $flags")
            targets="$targets,$e/projection/no-$p"
        done
    done
    ./target/dist/tracelift-bench run --out benches/results/ablation --no-default-peers \
        --baseline tier1 --targets "$targets" "${variants[@]}" "$@"

# Install pypy3 with apt-get when it is missing and we are root; never fails.
_pypy3:
    #!/usr/bin/env bash
    if command -v pypy3 >/dev/null 2>&1; then exit 0; fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "pypy3 not found: installing it with apt-get"
        if apt-get install -y pypy3 >/dev/null 2>&1 \
            || { apt-get update >/dev/null 2>&1 && apt-get install -y pypy3 >/dev/null 2>&1; }; then
            echo "installed $(pypy3 --version 2>&1 | head -n 1)"
        else
            echo "could not install pypy3; continuing without it"
        fi
    else
        echo "pypy3 not found (and not root): continuing without it"
    fi

# Run one experiment: just experiment NAME [ARGS] (see experiments/NAME/README.md).
experiment NAME *ARGS: build
    bash experiments/{{NAME}}/run.sh {{ARGS}}

# Refresh the expected outputs of the differential suite from python3.
regen *NAMES:
    python3 tests/regen.py {{NAMES}}

# Differential fuzzing against python3: N generated programs (seeds 0..N, or --start S),
# under tier 1 and the uop engine in both trace modes at thresholds 1/1; findings are
# minimized into fuzz-out/seed-N/. Example: just fuzz 2000 --start 10000 --json fuzz.json
fuzz N="1000" *ARGS: build
    ./target/dist/tracelift-fuzz --count "$@"

# Memory stays flat: 200,000 class definitions and trace invalidations against 2,000 (peak RSS
# of each printed; crates/cli/tests/memory.rs). Add --run-ignored all for the cases still ignored.
memcheck *ARGS:
    cargo nextest run --release -p tracelift-cli --test memory --no-capture "$@"

# Formatting and lints, as checked before every commit.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets --release -- -D warnings
