//! The cycle collector runs under every engine and frees unreachable cycles
//! (`gc_collections` and `gc_collected` in `--stats-json`).

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::counter;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

fn program(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name)
}

#[test]
fn the_cycle_collector_frees_unreachable_cycles_under_every_engine() {
    // gc_cycles.py makes 15,100 rounds of garbage cycles (10 containers each) and a 20,000
    // iteration loop of 2-container cycles; at least the explicit gc.collect() rounds free theirs.
    for flags in [&["--engine", "tier1"][..], &["--engine", "uops"], &["--engine", "uops", "--trace-mode", "recording"]]
    {
        let json = std::env::temp_dir().join(format!("tracelift-gc-{}.json", std::process::id()));
        let out = Command::new(bin())
            .arg("run")
            .args(flags)
            .arg("--stats-json")
            .arg(&json)
            .arg(program("gc_cycles.py"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{flags:?}: {}", String::from_utf8_lossy(&out.stderr));
        let s = std::fs::read_to_string(&json).unwrap();
        let _ = std::fs::remove_file(&json);
        assert!(counter(&s, "gc_collections") >= 5, "{flags:?}: {s}");
        assert!(counter(&s, "gc_collected") >= 150_000, "{flags:?}: {s}");
    }
}
