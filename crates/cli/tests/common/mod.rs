//! Helpers shared by the CLI's integration tests (each test file that needs them declares
//! `mod common;`; not every file uses every helper).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The `*.py` programs of `dir`, sorted; at least `min` of them.
pub fn golden_programs(dir: &Path, min: usize) -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    programs.sort();
    assert!(programs.len() >= min, "at least {min} golden programs in {}", dir.display());
    programs
}

/// Is `BLESS` set (rewrite the goldens instead of comparing)?
pub fn bless() -> bool {
    std::env::var_os("BLESS").is_some()
}

/// Compares `got` with the golden file (or rewrites it under `BLESS`); a difference is
/// printed as a unified diff and the file's name added to `failed`.
pub fn check_golden(golden: &Path, got: &str, failed: &mut Vec<String>) {
    if bless() {
        std::fs::write(golden, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(golden).unwrap_or_default();
    if want != got {
        let diff = similar::TextDiff::from_lines(want.as_str(), got);
        eprintln!("{}:\n{}", golden.display(), diff.unified_diff().context_radius(3));
        failed.push(golden.display().to_string());
    }
}

/// The integer counter `name` at the top level of a `--stats-json` file's text.
pub fn counter(json: &str, name: &str) -> u64 {
    let key = format!("\n  \"{name}\": ");
    let at = json.find(&key).unwrap_or_else(|| panic!("no counter {name} in {json}")) + key.len();
    json[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}
