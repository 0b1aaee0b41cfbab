//! Memory stays flat (issue 16, "How we know it is done"): a program that repeats something
//! 200,000 times must peak within 2 MB of its peak at 2,000 times. A benchmark-style check,
//! not a timed one: it reads the child's peak resident set (`ru_maxrss` from `wait4`), which
//! the load on the machine does not change.
//!
//! - class definitions in a loop (`tests/memory/classes*.py`), under tier 1 and the uop
//!   engine: issue 16, item 4 (class objects never freed);
//! - trace invalidations (`tests/memory/invalidate.py`: every round invalidates a hot loop's
//!   trace, by a class attribute, a global's key or a function's defaults, and runs the loop
//!   long enough to form it again) under the uop engine in both trace modes, at the default
//!   thresholds and at `--jit-threshold 1`, and under tier 1 as the baseline: item 5.
//!
//! `just memcheck` runs this file and prints each program's two peaks (`--no-capture`).

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;
use common::counter;

/// The small and the large number of repetitions.
const SMALL: u32 = 2_000;
const LARGE: u32 = 200_000;
/// How far above its small-run peak the large run may peak, in KiB.
const LIMIT_KIB: i64 = 2048;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

fn program(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/memory").join(name)
}

/// What a run of `tracelift run FLAGS PROGRAM N` gave: its peak RSS in KiB and its stdout.
// The child is reaped by `libc::wait4`, which std's `Child::wait` cannot stand in for (it
// gives no rusage).
#[allow(clippy::zombie_processes)]
fn run(name: &str, flags: &[&str], n: u32) -> (i64, String) {
    let mut child = Command::new(bin())
        .arg("run")
        .args(flags)
        .arg(program(name))
        .arg(n.to_string())
        // The flags alone choose the configuration.
        .env_remove("TRACELIFT_ENGINE")
        .env_remove("TRACELIFT_JIT_THRESHOLD")
        .env_remove("TRACELIFT_EXIT_THRESHOLD")
        .env_remove("TRACELIFT_TRACE_MODE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tracelift starts");
    let pid = child.id() as libc::pid_t;
    let mut stderr = child.stderr.take().unwrap();
    let errs = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let mut out = String::new();
    let _ = child.stdout.take().unwrap().read_to_string(&mut out);
    let err = errs.join().unwrap();
    let mut status = 0;
    // SAFETY: rusage is a C struct of integers, for which all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not waited for yet (std's `Child` is never waited on here);
    // `status` and `usage` are valid for writes.
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(got, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{name} {flags:?} {n}: wait status {status:#x}\n{err}"
    );
    // Linux reports ru_maxrss in KiB.
    (usage.ru_maxrss, out)
}

/// `name` under `flags` peaks within [`LIMIT_KIB`] of its [`SMALL`]-run peak at [`LARGE`].
fn assert_flat(name: &str, flags: &[&str]) {
    assert_flat_at(name, flags, LARGE);
}

/// [`assert_flat`] with `large` rounds for the large run.
fn assert_flat_at(name: &str, flags: &[&str], large_n: u32) {
    assert_flat_between(name, flags, SMALL, large_n);
}

/// `name` under `flags` peaks within [`LIMIT_KIB`] of its `small_n`-round peak at `large_n`
/// rounds.
fn assert_flat_between(name: &str, flags: &[&str], small_n: u32, large_n: u32) {
    let (small, out_small) = run(name, flags, small_n);
    let (large, out_large) = run(name, flags, large_n);
    assert!(!out_small.is_empty() && !out_large.is_empty(), "{name} {flags:?} printed nothing");
    eprintln!("{name} {flags:?}: peak {small} KiB at {small_n}, {large} KiB at {large_n} ({:+} KiB)", large - small);
    assert!(
        large - small < LIMIT_KIB,
        "{name} {flags:?}: peak RSS grew from {small} KiB ({small_n} rounds) to {large} KiB ({large_n} rounds), \
         more than {LIMIT_KIB} KiB"
    );
}

/// The uop-engine configurations of the invalidation check.
const TIER2: [&[&str]; 4] = [
    &["--engine", "uops"],
    &["--engine", "uops", "--jit-threshold", "1"],
    &["--engine", "uops", "--trace-mode", "recording"],
    &["--engine", "uops", "--trace-mode", "recording", "--jit-threshold", "1"],
];

#[test]
fn the_invalidation_program_invalidates_a_trace_every_round() {
    // Otherwise the checks below would measure nothing.
    for flags in TIER2 {
        let json = std::env::temp_dir().join(format!("tracelift-memory-{}.json", std::process::id()));
        let json_arg = json.to_str().unwrap();
        let mut all = flags.to_vec();
        all.extend(["--stats-json", json_arg]);
        run("invalidate.py", &all, SMALL);
        let s = std::fs::read_to_string(&json).unwrap();
        let _ = std::fs::remove_file(&json);
        let n = counter(&s, "executor_invalidated");
        assert!(n >= u64::from(SMALL) * 9 / 10, "{flags:?}: {n} invalidations in {SMALL} rounds");
        assert!(counter(&s, "trace_created") >= n, "{flags:?}: {s}");
    }
}

#[test]
fn trace_invalidations_stay_flat_under_tier1() {
    // The baseline: the same program without tier 2.
    assert_flat("invalidate.py", &["--engine", "tier1"]);
}

#[test]
fn trace_invalidations_stay_flat_under_uops_projection() {
    assert_flat("invalidate.py", TIER2[0]);
}

#[test]
fn trace_invalidations_stay_flat_under_uops_projection_threshold_1() {
    assert_flat("invalidate.py", TIER2[1]);
}

#[test]
fn trace_invalidations_stay_flat_under_uops_recording() {
    assert_flat("invalidate.py", TIER2[2]);
}

#[test]
fn trace_invalidations_stay_flat_under_uops_recording_threshold_1() {
    assert_flat("invalidate.py", TIER2[3]);
}

#[test]
fn class_definitions_stay_flat() {
    for flags in [&["--engine", "tier1"][..], &["--engine", "uops"]] {
        assert_flat("classes.py", flags);
    }
}

#[test]
fn classes_with_methods_and_instances_stay_flat() {
    for flags in [&["--engine", "tier1"][..], &["--engine", "uops"]] {
        assert_flat("classes_methods.py", flags);
    }
}

#[test]
fn trace_invalidations_stay_flat_under_cranelift() {
    // Every round compiles an executor (about half a millisecond), so this one runs ten times
    // the small run, not a hundred: 18,000 compiled executors more than the small run.
    assert_flat_at("invalidate.py", &["--engine", "cranelift", "--no-compile-thread"], SMALL * 10);
}

#[test]
fn trace_invalidations_stay_flat_with_the_compile_thread() {
    // :background-compile: executors invalidated before their code comes are cancelled, and
    // at most 32 jobs wait for the thread, so memory levels off once that backlog is full
    // and the allocators' caches are warm (by about 20,000 rounds here); compiling off the
    // VM's thread, the rounds are also cheap. The peak depends on how full the backlog is
    // when it is reached, which varies by about 2 MiB from run to run (measured: 18.2 to
    // 20.6 MiB at 60,000 rounds), so each size takes the lower peak of two runs; a leak of
    // 50 bytes a round would still show as 2 MiB.
    let flags = &["--engine", "cranelift"];
    let low = |n: u32| (0..2).map(|_| run("invalidate.py", flags, n).0).min().expect("two runs");
    let (small_n, large_n) = (SMALL * 10, SMALL * 30);
    let (small, large) = (low(small_n), low(large_n));
    eprintln!("invalidate.py {flags:?}: lower peak {small} KiB at {small_n}, {large} KiB at {large_n}");
    assert!(
        large - small < LIMIT_KIB,
        "invalidate.py {flags:?}: peak RSS grew from {small} KiB ({small_n} rounds) to {large} KiB ({large_n} rounds), \
         more than {LIMIT_KIB} KiB"
    );
}

#[test]
fn trace_invalidations_stay_flat_under_stencil() {
    // A stencil compilation is a copy and a patch: the full count, as for the uop engine.
    assert_flat("invalidate.py", &["--engine", "stencil"]);
}

#[test]
fn code_memory_comes_back_after_thousands_of_recompilations() {
    // Every round invalidates a compiled executor and compiles a new one: the pages of the
    // dead ones must go back (issue 17), so what is in use at the end is about one executor's
    // (and the trampoline's), however many were compiled.
    for flags in [
        &["--engine", "cranelift", "--no-compile-thread"][..],
        &["--engine", "cranelift", "--jit-threshold", "1", "--no-compile-thread"],
        &["--engine", "cranelift", "--jit-threshold", "1"],
        &["--engine", "stencil"],
        &["--engine", "stencil", "--jit-threshold", "1"],
    ] {
        let json = std::env::temp_dir().join(format!("tracelift-codemem-{}.json", std::process::id()));
        let mut all = flags.to_vec();
        all.extend(["--stats-json", json.to_str().unwrap()]);
        run("invalidate.py", &all, SMALL);
        let s = std::fs::read_to_string(&json).unwrap();
        let _ = std::fs::remove_file(&json);
        // With the compile thread, code that came after its executor was invalidated is
        // counted as discarded, and up to 32 compilations can still be pending at the end.
        let compiled = counter(&s, "compile_executors") + counter(&s, "compile_discarded");
        assert!(compiled >= u64::from(SMALL) * 9 / 10 - 32, "{flags:?}: {compiled} executors compiled");
        let (in_use, peak) = (counter(&s, "compile_memory_in_use"), counter(&s, "compile_memory_peak"));
        assert!(in_use > 0 && in_use <= 64 * 1024, "{flags:?}: {in_use} bytes of code memory in use at the end");
        assert!(peak <= 256 * 1024, "{flags:?}: code memory peaked at {peak} bytes");
    }
}
