//! The results file: every raw sample of a run plus what is needed to interpret it (the
//! machine, the targets and their command lines, the benchmarks and sizes). Written as
//! `benches/results/<timestamp>.json`; the report and the plots are derived from it alone, so
//! `tracelift-bench report FILE` can redraw them later.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde::{Deserialize, Serialize};

use crate::manifest::Bench;

/// Bumped when the layout changes incompatibly.
pub const SCHEMA: u32 = 1;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Results {
    pub schema: u32,
    /// RFC 3339, UTC.
    pub started: String,
    pub finished: String,
    /// `full` or `quick`.
    pub mode: String,
    /// Set when the run was stopped with Ctrl-C: the samples are the ones gathered so far.
    pub interrupted: bool,
    /// Measured runs per (benchmark, target), after `warmup` discarded ones.
    pub runs: u32,
    pub warmup: u32,
    /// The target the ratios are relative to (normally `python3`).
    pub baseline: String,
    pub machine: Machine,
    pub targets: Vec<TargetInfo>,
    /// The benchmarks of this run, with the size and iteration count actually used.
    pub benchmarks: Vec<BenchInfo>,
    pub samples: Vec<Sample>,
    /// Benchmarks a target could not run (non-zero exit, wrong output, timeout).
    pub failures: Vec<Failure>,
    /// Peers or engines that were asked for but could not be used, with the reason.
    pub skipped: Vec<Skipped>,
    /// The pyperformance release the run used, when it ran that suite.
    #[serde(default)]
    pub pyperformance: Option<String>,
    /// pyperformance's pure-Python benchmarks the suite leaves out: (name, why).
    #[serde(default)]
    pub left_out: Vec<(String, String)>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Machine {
    pub hostname: String,
    pub os: String,
    pub kernel: String,
    pub arch: String,
    pub cpu: String,
    pub logical_cpus: usize,
    pub memory_kib: u64,
    /// `/proc/loadavg` when the run started: a busy machine explains noisy results.
    pub loadavg_at_start: String,
    pub git_commit: String,
    pub git_dirty: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TargetInfo {
    /// Column name in the report: `python3`, `pypy3`, `tier1`, `uops/recording`, ...
    pub name: String,
    /// `tracelift` or `peer`.
    pub kind: String,
    /// The command line before `FILE SIZE ITERATIONS`, environment assignments first.
    pub command: String,
    pub version: String,
    /// Whether runs pass `--stats-json` and record tracelift's counters.
    pub stats_json: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchInfo {
    pub name: String,
    pub suite: String,
    pub size: u64,
    pub iterations: u32,
}

impl BenchInfo {
    pub fn new(b: &Bench, quick: bool, iterations: Option<u32>) -> BenchInfo {
        BenchInfo {
            name: b.name.clone(),
            suite: b.suite.clone(),
            size: if quick { b.quick } else { b.size },
            iterations: iterations.unwrap_or(if quick { 1 } else { b.iterations }),
        }
    }
}

/// One process run.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Sample {
    pub bench: String,
    pub target: String,
    /// 0-based round; rounds below `warmup` are warm-up runs.
    pub round: u32,
    pub warmup: bool,
    /// Whole-process wall time, spawn to exit.
    pub wall_s: f64,
    /// Peak resident set size of the process (`wait4`'s `ru_maxrss`).
    pub max_rss_kib: u64,
    /// The `#iter SECONDS` lines the program printed, in order.
    pub iterations: Vec<f64>,
    /// tracelift's `--stats-json` object, when the target supports it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, serde_json::Value>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Failure {
    pub bench: String,
    pub target: String,
    pub round: u32,
    pub reason: String,
    /// The last lines of the process's stderr.
    pub stderr_tail: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    pub target: String,
    pub reason: String,
}

impl Results {
    /// Writes the JSON file (pretty-printed, so diffs of committed results stay readable).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    pub fn load(path: &Path) -> Result<Results, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Measured (non-warm-up) samples of one benchmark under one target.
    pub fn measured<'a>(&'a self, bench: &'a str, target: &'a str) -> impl Iterator<Item = &'a Sample> + 'a {
        self.samples.iter().filter(move |s| !s.warmup && s.bench == bench && s.target == target)
    }
}

fn read_trim(path: &str) -> String {
    std::fs::read_to_string(path).map(|s| s.trim().to_string()).unwrap_or_default()
}

fn command_output(program: &str, args: &[&str], dir: &Path) -> Option<String> {
    let out = Command::new(program).args(args).current_dir(dir).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

impl Machine {
    /// Describes this machine from `/proc` and `/etc/os-release` (fields stay empty elsewhere),
    /// and the repository at `root` from git.
    pub fn describe(root: &Path) -> Machine {
        let cpuinfo = read_trim("/proc/cpuinfo");
        let cpu = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default();
        let memory_kib = read_trim("/proc/meminfo")
            .lines()
            .find(|l| l.starts_with("MemTotal:"))
            .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
            .unwrap_or(0);
        let os = read_trim("/etc/os-release")
            .lines()
            .find_map(|l| l.strip_prefix("PRETTY_NAME="))
            .map(|v| v.trim_matches('"').to_string())
            .unwrap_or_else(|| std::env::consts::OS.to_string());
        let git_commit = command_output("git", &["rev-parse", "HEAD"], root).unwrap_or_default();
        let git_dirty = command_output("git", &["status", "--porcelain", "--untracked-files=no"], root)
            .map(|s| !s.is_empty())
            .unwrap_or(false);
        Machine {
            hostname: read_trim("/proc/sys/kernel/hostname"),
            os,
            kernel: read_trim("/proc/sys/kernel/osrelease"),
            arch: std::env::consts::ARCH.to_string(),
            cpu,
            logical_cpus: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            memory_kib,
            loadavg_at_start: read_trim("/proc/loadavg"),
            git_commit,
            git_dirty,
        }
    }
}
