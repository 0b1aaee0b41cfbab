//! The campaign's account: programs run, how the reference ended (so that a generator that
//! drifts into errors shows at once), mismatches per configuration and per kind, the
//! findings with their folders, and timings; printed as a table and written as JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::{Checked, Config, Kind, Status};

#[derive(Serialize)]
pub struct ConfigStats {
    pub name: String,
    pub args: Vec<String>,
    pub runs: u64,
    /// Programs that differ, by kind.
    pub mismatches: BTreeMap<&'static str, u64>,
    /// Seeds that differ.
    pub seeds: Vec<u64>,
    pub millis: u64,
}

#[derive(Serialize)]
pub struct Finding {
    pub seed: u64,
    pub config: String,
    pub kind: &'static str,
    /// The folder holding the programs and outputs, if written.
    pub dir: Option<String>,
    pub lines: usize,
    pub minimized_lines: Option<usize>,
}

#[derive(Serialize, Default)]
pub struct Summary {
    pub programs: u64,
    /// python3 exited 0.
    pub python_ok: u64,
    /// python3 ended in an uncaught exception: count per exception type.
    pub python_errors: BTreeMap<String, u64>,
    /// python3 ran past the timeout or was killed: a generator bug (the program is skipped).
    pub python_hangs: Vec<u64>,
    pub python_millis: u64,
    pub configs: Vec<ConfigStats>,
    pub findings: Vec<Finding>,
    pub wall_seconds: f64,
}

impl Summary {
    pub fn new(configs: &[Config]) -> Summary {
        Summary {
            configs: configs
                .iter()
                .map(|c| ConfigStats {
                    name: c.name.clone(),
                    args: c.args.clone(),
                    runs: 0,
                    mismatches: BTreeMap::new(),
                    seeds: Vec::new(),
                    millis: 0,
                })
                .collect(),
            ..Summary::default()
        }
    }

    pub fn add(&mut self, c: &Checked) {
        self.programs += 1;
        self.python_millis += c.python.millis;
        match c.python.status {
            Status::Exit(0) => self.python_ok += 1,
            Status::Exit(_) => *self.python_errors.entry(c.python.exc_type().to_string()).or_default() += 1,
            _ => self.python_hangs.push(c.seed),
        }
        for (k, ms) in c.millis.iter().enumerate() {
            self.configs[k].runs += 1;
            self.configs[k].millis += ms;
        }
        for (k, kind, _) in &c.diffs {
            let s = &mut self.configs[*k];
            *s.mismatches.entry(kind.name()).or_default() += 1;
            s.seeds.push(c.seed);
        }
    }

    /// The table printed at the end of a run.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let errs: u64 = self.python_errors.values().sum();
        s.push_str(&format!(
            "{} programs in {:.1} s ({:.1} s per 1,000); python3: {} ok, {} uncaught exceptions, {} hangs\n",
            self.programs,
            self.wall_seconds,
            if self.programs > 0 { self.wall_seconds * 1000.0 / self.programs as f64 } else { 0.0 },
            self.python_ok,
            errs,
            self.python_hangs.len()
        ));
        if !self.python_errors.is_empty() {
            let parts: Vec<String> = self.python_errors.iter().map(|(k, v)| format!("{k} {v}")).collect();
            s.push_str(&format!("  python3 exceptions: {}\n", parts.join(", ")));
        }
        let mut header = format!("{:<18} {:>7} {:>9} {:>10}", "configuration", "runs", "differ", "per 10k");
        for k in Kind::ALL {
            header.push_str(&format!(" {:>11}", k.name()));
        }
        header.push_str(&format!(" {:>9}", "ms/run"));
        s.push_str(&header);
        s.push('\n');
        for c in &self.configs {
            let differ: u64 = c.mismatches.values().sum();
            let rate = if c.runs > 0 { differ as f64 * 10_000.0 / c.runs as f64 } else { 0.0 };
            let mut row = format!("{:<18} {:>7} {:>9} {:>10.1}", c.name, c.runs, differ, rate);
            for k in Kind::ALL {
                row.push_str(&format!(" {:>11}", c.mismatches.get(k.name()).copied().unwrap_or(0)));
            }
            let ms = if c.runs > 0 { c.millis as f64 / c.runs as f64 } else { 0.0 };
            row.push_str(&format!(" {ms:>9.1}"));
            s.push_str(&row);
            s.push('\n');
        }
        for f in &self.findings {
            s.push_str(&format!(
                "  seed {} [{}] {}: {} lines{}{}\n",
                f.seed,
                f.config,
                f.kind,
                f.lines,
                f.minimized_lines.map(|m| format!(" -> {m}")).unwrap_or_default(),
                f.dir.as_ref().map(|d| format!(" in {d}")).unwrap_or_default()
            ));
        }
        s
    }
}
