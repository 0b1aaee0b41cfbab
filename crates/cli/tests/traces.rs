//! Golden tests of the optimizer (issue 19): each program in `tests/traces/` runs under
//! `--engine uops --jit-threshold 16 --dump uops`, and the dump of every executor it makes (the
//! raw trace, then the trace after each pass, with the symbols the analysis inferred for each
//! uop's inputs) must match `tests/traces/NAME.uops`. Addresses print as short ids, so the text
//! is the same from run to run. The program's stdout must match CPython's (`NAME.out`).
//!
//! After a deliberate change to trace formation or a pass: `BLESS=1 cargo test --release -p
//! tracelift-cli --test traces` rewrites the goldens (the same variable as the CLIF and stencil
//! goldens); review the diff like code.

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{bless, check_golden, golden_programs};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/traces")
}

#[test]
fn optimized_traces_match_the_goldens() {
    let mut failed = Vec::new();
    for p in &golden_programs(&dir(), 20) {
        let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
            .args(["run", "--engine", "uops", "--no-entry-traces", "--jit-threshold", "16", "--dump", "uops"])
            .arg(p)
            .env_remove("TRACELIFT_ENGINE")
            .env_remove("TRACELIFT_EXIT_THRESHOLD")
            .env_remove("TRACELIFT_TRACE_MODE")
            .env_remove("TRACELIFT_PASSES")
            .env_remove("TRACELIFT_NO_PASS")
            .output()
            .expect("tracelift runs");
        assert!(out.status.success(), "{}: {}", p.display(), String::from_utf8_lossy(&out.stderr));
        let got = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(got.contains("after remove_unneeded_uops"), "{}: no executor was made", p.display());
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        let expected_out = p.with_extension("out");
        if bless() {
            if let Ok(py) = Command::new("python3").arg(p).output()
                && py.status.success()
            {
                std::fs::write(&expected_out, &py.stdout).unwrap();
            }
        } else {
            assert_eq!(
                std::fs::read_to_string(&expected_out).unwrap_or_default(),
                stdout,
                "{}: stdout differs from CPython's",
                p.display()
            );
        }
        check_golden(&p.with_extension("uops"), &got, &mut failed);
    }
    assert!(failed.is_empty(), "traces differ from the goldens (BLESS=1 to accept): {failed:?}");
}

#[test]
fn turning_every_pass_off_leaves_the_raw_trace() {
    let p = dir().join("float_loop.py");
    let run = |passes: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
            .args([
                "run",
                "--engine",
                "uops",
                "--no-entry-traces",
                "--jit-threshold",
                "16",
                "--dump",
                "uops",
                "--passes",
                passes,
            ])
            .arg(&p)
            .env_remove("TRACELIFT_NO_PASS")
            .output()
            .expect("tracelift runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let none = run("none");
    assert!(none.contains(", raw") && !none.contains("after "), "{none}");
    let guards = none.matches("_GUARD_TOS_FLOAT").count();
    let all = run("all");
    let last = all.rsplit("after remove_unneeded_uops").next().unwrap();
    assert!(last.matches("_GUARD_TOS_FLOAT").count() < guards, "guard_elimination dropped no float guard:\n{all}");
    let bad = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "uops", "--no-pass", "no_such_pass"])
        .arg(&p)
        .output()
        .expect("tracelift runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown optimizer pass 'no_such_pass'"));
}
