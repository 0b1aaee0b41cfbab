//! The stencil engine (issue 18): `--dump asm` disassembles each executor's final code with
//! every piece labeled (the prelude, each uop's stencil, the error stub, each exit or deopt
//! stub) and the addresses it uses named, as Cranelift's dump names them; a compilation that
//! fails is counted and the program runs on.

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::counter;

#[test]
fn asm_dump_labels_each_stencil_and_names_addresses() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/clif/int_loop.py");
    let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "stencil", "--jit-threshold", "16", "--dump", "asm"])
        .arg(&p)
        .env_remove("TRACELIFT_ENGINE")
        .output()
        .expect("tracelift runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("# executor e0 ("), "{err}");
    if cfg!(target_arch = "x86_64") {
        for piece in ["; PRELUDE", "; _LOAD_FAST", "; _JUMP_TO_TOP", "; ERROR", "; EXIT of uop"] {
            assert!(err.contains(piece), "{piece} is labeled: {err}");
        }
        assert!(err.contains("@e0.head"), "the executor's head is named: {err}");
        assert!(err.contains("call @tl_rt_"), "runtime calls are named: {err}");
        assert!(err.contains("<+"), "local branch targets are offsets: {err}");
    }
}

#[test]
fn a_failed_compilation_is_counted_and_the_program_runs_on() {
    // Every second compilation fails as an unpatchable hole would: the trace is not
    // installed, tier 1 runs the loop, the output is CPython's. Under `tiered`, the failures
    // hit the stencil side; the Cranelift recompilations of the rest go on.
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/clif/branch.py");
    for engine in ["stencil", "tiered"] {
        let json = std::env::temp_dir().join(format!("tracelift-stencil-fail-{engine}-{}.json", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
            .args(["run", "--engine", engine, "--jit-threshold", "1", "--exit-threshold", "1"])
            .args(["--recompile-threshold", "1", "--stats-json"])
            .arg(&json)
            .arg(&p)
            .env("TRACELIFT_STENCIL_FAIL_EVERY", "2")
            .env_remove("TRACELIFT_ENGINE")
            .output()
            .expect("tracelift runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "(100, 400)\n");
        let s = std::fs::read_to_string(&json).unwrap();
        let _ = std::fs::remove_file(&json);
        assert!(counter(&s, "compile_failures") >= 1, "{engine}: {s}");
        assert!(counter(&s, "compile_executors") >= 1, "{engine}: {s}");
    }
}

#[test]
fn both_code_memory_modes_run_the_same_program() {
    // Dual-mapped (the default) and flipped code memory (decision 87) compile the same
    // executors, run them to CPython's output, and free them: a program that invalidates
    // and rebuilds its loop's executor over and over ends with no code memory in use
    // beyond its last executors. An unknown mode is a one-line error, exit status 2.
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/memory/invalidate.py");
    for mode in ["dual", "flip"] {
        let json = std::env::temp_dir().join(format!("tracelift-stencil-{mode}-{}.json", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
            .args(["run", "--engine", "stencil", "--stats-json"])
            .arg(&json)
            .arg(&p)
            .arg("300")
            .env("TRACELIFT_STENCIL_MEMORY", mode)
            .env_remove("TRACELIFT_ENGINE")
            .output()
            .expect("tracelift runs");
        assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
        // CPython 3.11 prints 8346000 for 300 rounds.
        assert_eq!(String::from_utf8_lossy(&out.stdout), "8346000\n", "{mode}");
        let s = std::fs::read_to_string(&json).unwrap();
        let _ = std::fs::remove_file(&json);
        assert!(counter(&s, "compile_executors") >= 300, "{mode}: {s}");
        assert!(counter(&s, "executor_invalidated") >= 250, "{mode}: {s}");
        assert!(counter(&s, "compile_memory_in_use") <= 64 << 10, "{mode}: {s}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "stencil"])
        .arg(&p)
        .arg("1")
        .env("TRACELIFT_STENCIL_MEMORY", "rwx")
        .env_remove("TRACELIFT_ENGINE")
        .output()
        .expect("tracelift runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("TRACELIFT_STENCIL_MEMORY") && err.lines().count() == 1, "{err}");
}
