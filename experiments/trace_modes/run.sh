#!/usr/bin/env bash
# Trace formation by projection vs. recording, at CPython's loop threshold and a low one.
# Usage: just experiment trace_modes [--quick] [extra tracelift-bench args]
# Results: experiments/trace_modes/results/ (latest.md, the JSON, speed.svg, warmup.svg).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec ./target/dist/tracelift-bench run \
    --targets python3,tier1,proj-4096,rec-4096,proj-64,rec-64 \
    --variant 'proj-4096=run --engine uops --trace-mode projection --jit-threshold 4096' \
    --variant 'rec-4096=run --engine uops --trace-mode recording --jit-threshold 4096' \
    --variant 'proj-64=run --engine uops --trace-mode projection --jit-threshold 64' \
    --variant 'rec-64=run --engine uops --trace-mode recording --jit-threshold 64' \
    --out experiments/trace_modes/results "$@"
