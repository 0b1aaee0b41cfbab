# tracelift tasks. `just --list` shows them all.

# Build the release binary.
build:
    cargo build --release

# The whole test suite (the same command CI runs).
test:
    cargo nextest run --workspace --release

# Run a program: just run FILE [ARGS...]
run FILE *ARGS: build
    ./target/release/tracelift run {{FILE}} {{ARGS}}

# Disassemble a program.
dis FILE: build
    ./target/release/tracelift dis {{FILE}}

# Compare tracelift's tier 1 with python3 on the benchmark programs.
bench-tier1 *ARGS: build
    bash benches/compare.sh {{ARGS}}

# Refresh the expected outputs of the differential suite from python3.
regen *NAMES:
    python3 tests/regen.py {{NAMES}}

# Formatting and lints, as checked before every commit.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets --release -- -D warnings
