#!/usr/bin/env bash
# compare.sh: run every benchmark in benches/manifest.txt under CPython and
# under tracelift (one engine, one iteration per process; the full harness is
# `just bench-all`, see crates/bench), check that both print the same stdout, time both and
# print a table of times and speed ratios (python3 time / tracelift time,
# so > 1 means tracelift is faster) with their geometric mean.
#
# usage: benches/compare.sh [--engine NAME] [--runs N] [--quick] [BENCH...]
#   --engine NAME  tracelift engine (default tier1)
#   --runs N       timed runs per program and interpreter
#                  (default 5 with hyperfine, 3 with the fallback timer)
#   --quick        use the manifest's quick sizes
#   BENCH...       only these benchmarks (names from the manifest)
# environment: PYTHON (default python3), TRACELIFT (default
# target/dist/tracelift, relative to the repository root; `just build` makes it)
#
# Timing uses hyperfine when it is available (installed with apt-get when
# running as root), otherwise a bash loop around `date +%s.%N` that reports
# the median; COMPARE_TIMER=bash forces the fallback. Exit status: 0 if every
# benchmark matched, 1 if any output differed or a run failed, 2 on usage
# errors or a missing binary.
set -u

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$SCRIPT_DIR/.." && pwd)
cd "$ROOT" || exit 2

ENGINE=tier1
RUNS=
QUICK=0
ONLY=()
PYTHON=${PYTHON:-python3}
BIN=${TRACELIFT:-target/dist/tracelift}

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$SCRIPT_DIR/compare.sh"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --engine) [ $# -ge 2 ] || { echo "compare.sh: --engine needs a value" >&2; exit 2; }
                  ENGINE=$2; shift 2 ;;
        --engine=*) ENGINE=${1#--engine=}; shift ;;
        --runs) [ $# -ge 2 ] || { echo "compare.sh: --runs needs a value" >&2; exit 2; }
                RUNS=$2; shift 2 ;;
        --runs=*) RUNS=${1#--runs=}; shift ;;
        --quick) QUICK=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "compare.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) ONLY+=("$1"); shift ;;
    esac
done

if [ -n "$RUNS" ] && ! [[ "$RUNS" =~ ^[1-9][0-9]*$ ]]; then
    echo "compare.sh: --runs must be a positive integer, got '$RUNS'" >&2
    exit 2
fi

if [ ! -x "$BIN" ]; then
    case "$BIN" in /*) shown=$BIN ;; *) shown=$ROOT/$BIN ;; esac
    echo "compare.sh: $shown not found (or not executable)." >&2
    echo "compare.sh: run 'cargo build --release' in $ROOT first." >&2
    exit 2
fi
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "compare.sh: $PYTHON not found" >&2
    exit 2
fi

# --- timer -----------------------------------------------------------------
HAVE_HYPERFINE=0
if [ "${COMPARE_TIMER:-}" = bash ]; then
    :
elif command -v hyperfine >/dev/null 2>&1; then
    HAVE_HYPERFINE=1
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "compare.sh: hyperfine not found, installing it with apt-get" >&2
    if apt-get install -y hyperfine >/dev/null 2>&1 \
        || { apt-get update >/dev/null 2>&1 && apt-get install -y hyperfine >/dev/null 2>&1; }; then
        HAVE_HYPERFINE=1
    else
        echo "compare.sh: could not install hyperfine, using the bash timer" >&2
    fi
else
    echo "compare.sh: hyperfine not found (and not root), using the bash timer" >&2
fi
if [ -z "$RUNS" ]; then
    if [ $HAVE_HYPERFINE = 1 ]; then RUNS=5; else RUNS=3; fi
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tracelift-compare.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# time_cmd CMD ARGS...: print the median wall time in seconds
time_cmd() {
    if [ $HAVE_HYPERFINE = 1 ]; then
        if ! hyperfine -N --runs "$RUNS" --warmup 1 --style none \
                --export-json "$TMP/hf.json" -- "$(quote_cmd "$@")" >/dev/null 2>"$TMP/hf.err"; then
            cat "$TMP/hf.err" >&2
            return 1
        fi
        "$PYTHON" -c 'import json,sys; print("%.6f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$TMP/hf.json"
    else
        local i start end
        : > "$TMP/times"
        for ((i = 0; i < RUNS; i++)); do
            start=$(date +%s.%N)
            "$@" >/dev/null 2>&1 || return 1
            end=$(date +%s.%N)
            echo "$start $end" | awk '{ printf "%.6f\n", $2 - $1 }' >> "$TMP/times"
        done
        sort -g "$TMP/times" | awk '{ t[NR] = $1 } END {
            if (NR % 2) printf "%.6f\n", t[(NR + 1) / 2];
            else printf "%.6f\n", (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
    fi
}

# quote_cmd ARGS...: one shell-quoted command line (for hyperfine)
quote_cmd() {
    local out= a
    for a in "$@"; do out+=$(printf '%q ' "$a"); done
    echo "${out% }"
}

# --- manifest ----------------------------------------------------------------
NAMES=()
SIZES=()
while read -r name _suite size quick _iterations; do
    case "$name" in ''|'#'*) continue ;; esac
    if [ ${#ONLY[@]} -gt 0 ]; then
        keep=0
        for o in ${ONLY[@]+"${ONLY[@]}"}; do [ "$o" = "$name" ] && keep=1; done
        [ $keep = 1 ] || continue
    fi
    if [ $QUICK = 1 ]; then
        size=$quick
    fi
    NAMES+=("$name")
    SIZES+=("$size")
done < "$SCRIPT_DIR/manifest.txt"

for o in ${ONLY[@]+"${ONLY[@]}"}; do
    found=0
    for n in ${NAMES[@]+"${NAMES[@]}"}; do [ "$o" = "$n" ] && found=1; done
    [ $found = 1 ] || { echo "compare.sh: $o is not in manifest.txt" >&2; exit 2; }
done
if [ ${#NAMES[@]} -eq 0 ]; then
    echo "compare.sh: no benchmarks selected" >&2
    exit 2
fi

timer=bash; [ $HAVE_HYPERFINE = 1 ] && timer=hyperfine
echo "engine=$ENGINE runs=$RUNS timer=$timer python=$("$PYTHON" -c 'import sys; print(sys.version.split()[0])')$([ $QUICK = 1 ] && echo ' (quick sizes)')"
echo

# --- run -----------------------------------------------------------------------
FMT="%-14s %9s %12s %13s %9s\n"
printf "$FMT" benchmark size "python3 (s)" "tracelift (s)" ratio
printf "$FMT" -------------- --------- ------------ ------------- ---------

FAILED=0
RATIOS=()
for i in "${!NAMES[@]}"; do
    name=${NAMES[$i]}
    size=${SIZES[$i]}
    file=$SCRIPT_DIR/$name.py
    if [ ! -f "$file" ]; then
        printf "$FMT" "$name" "$size" - - "NO FILE"
        FAILED=1; continue
    fi
    py_cmd=("$PYTHON" "$file" "$size")
    tl_cmd=("$BIN" run --engine "$ENGINE" "$file" "$size")

    # correctness first: both must succeed and print the same stdout
    "${py_cmd[@]}" >"$TMP/py.out" 2>"$TMP/py.err"; py_rc=$?
    "${tl_cmd[@]}" >"$TMP/tl.out" 2>"$TMP/tl.err"; tl_rc=$?
    if [ $py_rc != 0 ]; then
        printf "$FMT" "$name" "$size" - - "PY FAIL"
        echo "  python3 exited with $py_rc:" >&2; tail -n 5 "$TMP/py.err" | sed 's/^/    /' >&2
        FAILED=1; continue
    fi
    if [ $tl_rc != 0 ]; then
        printf "$FMT" "$name" "$size" - - "TL FAIL"
        echo "  tracelift exited with $tl_rc:" >&2; tail -n 5 "$TMP/tl.err" | sed 's/^/    /' >&2
        FAILED=1; continue
    fi
    if ! cmp -s "$TMP/py.out" "$TMP/tl.out"; then
        printf "$FMT" "$name" "$size" - - MISMATCH
        diff "$TMP/py.out" "$TMP/tl.out" | head -n 6 | sed 's/^/    /' >&2
        FAILED=1; continue
    fi

    if ! py_t=$(time_cmd "${py_cmd[@]}"); then
        printf "$FMT" "$name" "$size" - - "PY FAIL"; FAILED=1; continue
    fi
    if ! tl_t=$(time_cmd "${tl_cmd[@]}"); then
        printf "$FMT" "$name" "$size" "$py_t" - "TL FAIL"; FAILED=1; continue
    fi
    ratio=$(awk -v p="$py_t" -v t="$tl_t" 'BEGIN { if (t > 0) printf "%.3f", p / t; else print "inf" }')
    [ "$ratio" != inf ] && RATIOS+=("$ratio")
    printf "$FMT" "$name" "$size" "$py_t" "$tl_t" "$ratio"
done

printf "$FMT" -------------- --------- ------------ ------------- ---------
if [ ${#RATIOS[@]} -gt 0 ]; then
    geo=$(printf '%s\n' "${RATIOS[@]}" | awk '{ s += log($1); n++ } END { printf "%.3f", exp(s / n) }')
    printf "$FMT" "geomean" "" "" "(${#RATIOS[@]} of ${#NAMES[@]})" "$geo"
else
    printf "$FMT" "geomean" "" "" "" "-"
fi
echo "ratio = python3 time / tracelift time (> 1: tracelift is faster)"
exit $FAILED
