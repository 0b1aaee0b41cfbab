#!/usr/bin/env bash
# Instructions per steady benchmark loop under callgrind, for A/B comparisons of builds.
# Usage: just experiment instruction_counts --bins OLD,NEW [--engines tier1,cranelift] [BENCH:L1:L2 ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instruction_counts needs valgrind (apt-get install valgrind)" >&2; exit 2; }
exec python3 experiments/instruction_counts/run.py "$@"
