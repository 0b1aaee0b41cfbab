//! Tier 2 is observable: on programs that should produce them, `--stats-json` shows traces
//! created and executed, exits linked and executors invalidated, with exactly the counter names
//! the issue fixes; `--dump uops` prints each trace raw and after each pass.

use std::path::PathBuf;
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

fn program(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name)
}

/// Runs `name` under `--engine uops` with `flags`; returns the stats JSON and stderr.
fn run(name: &str, flags: &[&str]) -> (String, String) {
    let json = std::env::temp_dir().join(format!("tracelift-t2-{}-{name}.json", std::process::id()));
    let out = Command::new(bin())
        .args(["run", "--engine", "uops", "--stats-json"])
        .arg(&json)
        .args(flags)
        .arg(program(name))
        .output()
        .expect("run tracelift");
    assert!(out.status.success(), "{name} failed: {}", String::from_utf8_lossy(&out.stderr));
    let s = std::fs::read_to_string(&json).expect("stats json");
    let _ = std::fs::remove_file(&json);
    (s, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The integer counter `name` at the top level of the stats JSON.
fn counter(json: &str, name: &str) -> u64 {
    let key = format!("\n  \"{name}\": ");
    let at = json.find(&key).unwrap_or_else(|| panic!("no counter {name} in {json}")) + key.len();
    json[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

const LOW: &[&str] = &["--jit-threshold", "1", "--exit-threshold", "1"];

#[test]
fn counters_show_traces_exits_and_invalidation() {
    for mode in ["projection", "recording"] {
        let mut flags = LOW.to_vec();
        flags.extend(["--trace-mode", mode]);
        let (json, _) = run("t2_replace_method.py", &flags);
        for name in [
            "traces_attempted",
            "traces_created",
            "traces_executed",
            "uops_executed",
            "exits_taken",
            "exits_linked",
            "deopts",
            "executors_invalidated",
            "executors_freed",
        ] {
            counter(&json, name);
        }
        assert!(counter(&json, "traces_created") > 0, "{mode}: {json}");
        assert!(counter(&json, "traces_executed") > counter(&json, "traces_created"), "{mode}: {json}");
        assert!(counter(&json, "uops_executed") > 1000, "{mode}: {json}");
        assert!(counter(&json, "exits_taken") > 0, "{mode}: {json}");
        assert!(counter(&json, "exits_linked") > 0, "{mode}: {json}");
        // Replacing a method bumps the class's type version, which the traces guard on.
        assert!(counter(&json, "executors_invalidated") > 0, "{mode}: {json}");
        assert!(json.contains("\"trace_stops\": {"), "{json}");
        assert!(json.contains("\"_START_EXECUTOR\": "), "per-uop counts missing: {json}");
    }
}

#[test]
fn a_hot_loop_closes_at_default_thresholds() {
    let (json, _) = run("t2_while_counters.py", &[]);
    assert!(json.contains("\"loop_closed\": "), "{json}");
    assert!(counter(&json, "traces_executed") > 0, "{json}");
}

#[test]
fn dump_prints_raw_and_optimized_traces() {
    let (_, err) = run("t2_for_kinds.py", &["--jit-threshold", "2", "--dump", "uops"]);
    assert!(err.contains("executor 0: "), "{err}");
    assert!(err.contains(", raw\n"), "{err}");
    assert!(err.contains("executor 0: after remove_unneeded_uops\n"), "{err}");
    assert!(err.contains("_START_EXECUTOR"), "{err}");
}
