#!/usr/bin/env bash
# The hottest executors of one program under Cranelift, each instruction with its count.
# Usage: just experiment jit_hot_path [--bin PATH] [--top N] PROGRAM [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "jit_hot_path needs valgrind (apt-get install valgrind)" >&2; exit 2; }
exec python3 experiments/jit_hot_path/run.py "$@"
