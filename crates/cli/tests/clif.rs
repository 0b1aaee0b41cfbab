//! Golden tests of the Cranelift backend's lowering (issue 17): each program in `tests/clif/`
//! runs under `--engine cranelift --jit-threshold 16 --dump clif`, and the CLIF of every
//! executor it compiles, *before* Cranelift's optimizations (so the goldens hold our lowering,
//! not Cranelift's choices), must match `tests/clif/NAME.clif`. Addresses print as names
//! (`@tl_rt_dealloc`, `@e0.head`, `@x1`), so the text is the same from run to run.
//!
//! After a deliberate change to the lowering: `BLESS=1 cargo test --release -p tracelift-cli
//! --test clif` rewrites the goldens; review the diff like code.

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{check_golden, counter, golden_programs};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/clif")
}

/// The "before optimization" sections of a `--dump clif` run.
fn before_sections(stderr: &str) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in stderr.lines() {
        if line.starts_with("# executor ") {
            keep = line.ends_with("CLIF before optimization");
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn clif_of_small_traces_matches_the_goldens() {
    let mut failed = Vec::new();
    for p in &golden_programs(&dir(), 10) {
        let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
            .args(["run", "--engine", "cranelift", "--no-entry-traces", "--jit-threshold", "16", "--dump", "clif"])
            .arg(p)
            .env_remove("TRACELIFT_ENGINE")
            .env_remove("TRACELIFT_EXIT_THRESHOLD")
            .env_remove("TRACELIFT_TRACE_MODE")
            .output()
            .expect("tracelift runs");
        assert!(out.status.success(), "{}: {}", p.display(), String::from_utf8_lossy(&out.stderr));
        let got = before_sections(&String::from_utf8_lossy(&out.stderr));
        assert!(got.contains("function"), "{}: no executor was compiled", p.display());
        check_golden(&p.with_extension("clif"), &got, &mut failed);
    }
    assert!(failed.is_empty(), "CLIF differs from the goldens (BLESS=1 to accept): {failed:?}");
}

#[test]
fn asm_dump_disassembles_each_executor_with_named_addresses() {
    let p = dir().join("int_loop.py");
    let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "cranelift", "--no-entry-traces", "--jit-threshold", "16", "--dump", "asm"])
        .arg(&p)
        .env_remove("TRACELIFT_ENGINE")
        .output()
        .expect("tracelift runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("# executor e0 machine code ("), "{err}");
    assert!(err.contains("@e0.head"), "the executor's head is named: {err}");
    if cfg!(target_arch = "x86_64") {
        assert!(err.contains("ret") && err.contains("<+"), "a disassembly with local branch targets: {err}");
    }
}

#[test]
fn a_failed_compilation_is_counted_and_the_program_runs_on() {
    // Every second compilation fails as a Cranelift error would: the trace is not installed,
    // the loop goes on in tier 1 (and may form a trace again later), the output is CPython's.
    let p = dir().join("branch.py");
    let json = std::env::temp_dir().join(format!("tracelift-failcompile-{}.json", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "cranelift", "--jit-threshold", "1", "--exit-threshold", "1", "--no-compile-thread"])
        .arg("--stats-json")
        .arg(&json)
        .arg(&p)
        .env("TRACELIFT_CRANELIFT_FAIL_EVERY", "2")
        .env_remove("TRACELIFT_ENGINE")
        .output()
        .expect("tracelift runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "(100, 400)\n");
    let s = std::fs::read_to_string(&json).unwrap();
    let _ = std::fs::remove_file(&json);
    assert!(counter(&s, "compile_failures") >= 1, "{s}");
    assert!(counter(&s, "compile_executors") >= 1, "{s}");
    assert!(s.contains("\"compile_failed\": "), "the stop reason is counted: {s}");
}
