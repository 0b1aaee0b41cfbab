//! Turns a [`Results`] into numbers per (benchmark, target) and into the Markdown report
//! (`latest.md`): medians with their spread, speed-ups over the baseline, geometric means per
//! suite, steady-state iteration times, peak memory and tracelift's counters.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::results::Results;
use crate::stats::{self, Summary};

/// What the report knows about one benchmark under one target (measured runs only).
#[derive(Clone, Debug)]
pub struct Cell {
    /// Whole-process wall time.
    pub wall: Summary,
    /// Per-iteration time in the steady state: the second half of each process's iterations
    /// (the only iteration when there is one), pooled over the runs.
    pub steady: Option<Summary>,
    /// Median per-iteration time by iteration index: the warm-up curve.
    pub curve: Vec<f64>,
    pub max_rss_kib: f64,
    /// Medians of the numeric top-level `--stats-json` counters.
    pub counters: BTreeMap<String, f64>,
}

/// Aggregates the measured samples of `bench` under `target`; `None` when there are none.
pub fn cell(r: &Results, bench: &str, target: &str) -> Option<Cell> {
    let samples: Vec<_> = r.measured(bench, target).collect();
    let walls: Vec<f64> = samples.iter().map(|s| s.wall_s).collect();
    let wall = Summary::of(&walls)?;
    let mut steady = Vec::new();
    let longest = samples.iter().map(|s| s.iterations.len()).max().unwrap_or(0);
    for s in &samples {
        steady.extend_from_slice(&s.iterations[s.iterations.len() / 2..]);
    }
    let curve = (0..longest)
        .filter_map(|i| {
            let at: Vec<f64> = samples.iter().filter_map(|s| s.iterations.get(i).copied()).collect();
            stats::median(&at)
        })
        .collect();
    let rss: Vec<f64> = samples.iter().map(|s| s.max_rss_kib as f64).collect();
    // Counters come from the warm-up runs when there are any (measured runs do not count).
    let all: Vec<_> = r.samples.iter().filter(|s| s.bench == bench && s.target == target).collect();
    let mut keys: Vec<&String> = all.iter().flat_map(|s| s.counters.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut counters = BTreeMap::new();
    for k in keys {
        let vals: Vec<f64> = all.iter().filter_map(|s| s.counters.get(k).and_then(|v| v.as_f64())).collect();
        if let Some(m) = stats::median(&vals) {
            counters.insert(k.clone(), m);
        }
    }
    Some(Cell { wall, steady: Summary::of(&steady), curve, max_rss_kib: stats::median(&rss).unwrap_or(0.0), counters })
}

/// Which time a ratio or geometric mean is taken over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    Wall,
    Steady,
}

fn metric(c: &Cell, m: Metric) -> Option<f64> {
    match m {
        Metric::Wall => Some(c.wall.median),
        Metric::Steady => c.steady.as_ref().map(|s| s.median),
    }
}

/// Speed-up of `target` over the baseline on `bench`: baseline time / target time (> 1 is
/// faster than the baseline).
pub fn speedup(r: &Results, bench: &str, target: &str, m: Metric) -> Option<f64> {
    let base = metric(&cell(r, bench, &r.baseline)?, m)?;
    let t = metric(&cell(r, bench, target)?, m)?;
    if t > 0.0 { Some(base / t) } else { None }
}

/// Geometric mean of the speed-ups of `target` over the benchmarks of `suite` (all suites for
/// `None`) that both it and the baseline ran, with how many those were.
#[cfg(test)]
pub fn suite_geomean(r: &Results, suite: Option<&str>, target: &str, m: Metric) -> Option<(f64, usize)> {
    group_geomean(r, &|s: &str| suite.is_none_or(|x| x == s), target, m)
}

/// The geometric mean over the benchmarks whose suite `in_group` accepts.
fn group_geomean(r: &Results, in_group: &dyn Fn(&str) -> bool, target: &str, m: Metric) -> Option<(f64, usize)> {
    let ratios: Vec<f64> =
        r.benchmarks.iter().filter(|b| in_group(&b.suite)).filter_map(|b| speedup(r, &b.name, target, m)).collect();
    stats::geomean(&ratios).map(|g| (g, ratios.len()))
}

/// The rows of the geometric-mean table: each suite, then the groups the issues' targets
/// are stated for (micro + kernels; our own programs apart from pyperformance's), then all.
fn groups(r: &Results) -> Vec<(String, Vec<String>)> {
    let all = suites(r);
    let mut rows: Vec<(String, Vec<String>)> = all.iter().map(|s| (s.clone(), vec![s.clone()])).collect();
    if all.iter().any(|s| s == "micro") && all.iter().any(|s| s == "kernels") {
        rows.push(("micro + kernels".into(), vec!["micro".into(), "kernels".into()]));
    }
    let ours: Vec<String> = all.iter().filter(|s| *s != "pyperformance").cloned().collect();
    if !ours.is_empty() && ours.len() < all.len() {
        rows.push(("ours".into(), ours));
    }
    if all.len() > 1 {
        rows.push(("all".into(), all));
    }
    rows
}

/// Seconds with three significant digits.
pub fn fmt_secs(s: f64) -> String {
    if s >= 100.0 {
        format!("{s:.0}")
    } else if s >= 10.0 {
        format!("{s:.1}")
    } else if s >= 1.0 {
        format!("{s:.2}")
    } else if s >= 0.001 {
        let digits = (2 - s.log10().floor() as i32).max(0) as usize;
        format!("{s:.digits$}")
    } else {
        format!("{s:.2e}")
    }
}

fn fmt_ratio(x: f64) -> String {
    if x >= 10.0 { format!("×{x:.1}") } else { format!("×{x:.2}") }
}

fn suites(r: &Results) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for b in &r.benchmarks {
        if !out.contains(&b.suite) {
            out.push(b.suite.clone());
        }
    }
    out
}

fn failed(r: &Results, bench: &str, target: &str) -> bool {
    r.failures.iter().any(|f| f.bench == bench && f.target == target)
}

fn header_row(out: &mut String, first: &[&str], targets: &[String]) {
    let mut cols: Vec<String> = first.iter().map(|s| s.to_string()).collect();
    cols.extend(targets.iter().cloned());
    let _ = writeln!(out, "| {} |", cols.join(" | "));
    let mut rule: Vec<&str> = first.iter().map(|_| "---").collect();
    rule.extend(targets.iter().map(|_| "---:"));
    let _ = writeln!(out, "|{}|", rule.join("|"));
}

fn time_table(out: &mut String, r: &Results, m: Metric) {
    let targets: Vec<String> = r.targets.iter().map(|t| t.name.clone()).collect();
    header_row(out, &["benchmark", "suite", "size"], &targets);
    for b in &r.benchmarks {
        let mut row = vec![b.name.clone(), b.suite.clone(), b.size.to_string()];
        for t in &targets {
            let c = cell(r, &b.name, t);
            let s = c.as_ref().and_then(|c| match m {
                Metric::Wall => Some(c.wall.clone()),
                Metric::Steady => c.steady.clone(),
            });
            let text = match s {
                None if failed(r, &b.name, t) => "failed".to_string(),
                None => "–".to_string(),
                Some(s) => {
                    let mut text = fmt_secs(s.median);
                    if s.n > 1 {
                        let _ = write!(text, " ±{:.1}%", s.cv * 100.0);
                    }
                    if *t != r.baseline
                        && let Some(x) = speedup(r, &b.name, t, m)
                    {
                        let _ = write!(text, " {}", fmt_ratio(x));
                    }
                    if s.noisy {
                        text.push_str(" ⚠");
                    }
                    text
                }
            };
            row.push(text);
        }
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
}

fn geomean_table(out: &mut String, r: &Results) {
    let others: Vec<String> = r.targets.iter().map(|t| t.name.clone()).filter(|n| *n != r.baseline).collect();
    header_row(out, &["suite", "time"], &others);
    for (label, members) in groups(r) {
        let in_group = |s: &str| members.iter().any(|m| m == s);
        let count = r.benchmarks.iter().filter(|b| in_group(&b.suite)).count();
        for (m, what) in [(Metric::Wall, "process"), (Metric::Steady, "steady")] {
            let mut row = vec![format!("{label} ({count})"), what.to_string()];
            for t in &others {
                row.push(match group_geomean(r, &in_group, t, m) {
                    Some((g, n)) if n == count => fmt_ratio(g),
                    Some((g, n)) => format!("{} ({n} of {count})", fmt_ratio(g)),
                    None => "–".to_string(),
                });
            }
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
    }
}

fn memory_table(out: &mut String, r: &Results) {
    let targets: Vec<String> = r.targets.iter().map(|t| t.name.clone()).collect();
    header_row(out, &["benchmark"], &targets);
    for b in &r.benchmarks {
        let mut row = vec![b.name.clone()];
        for t in &targets {
            row.push(match cell(r, &b.name, t) {
                Some(c) => format!("{:.1}", c.max_rss_kib / 1024.0),
                None => "–".to_string(),
            });
        }
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
}

/// Counters shown first, with their column title and scale.
const KNOWN_COUNTERS: [(&str, &str, f64); 5] = [
    ("trace_created", "traces", 1.0),
    ("exit_taken", "exits", 1.0),
    ("exit_deopt", "deopts", 1.0),
    ("compile_time_ns", "compile ms", 1e-6),
    ("compile_code_bytes", "code KiB", 1.0 / 1024.0),
];

fn counters_tables(out: &mut String, r: &Results) {
    for t in r.targets.iter().filter(|t| t.stats_json) {
        let mut keys: Vec<String> = Vec::new();
        for b in &r.benchmarks {
            if let Some(c) = cell(r, &b.name, &t.name) {
                for k in c.counters.keys() {
                    if !keys.contains(k) {
                        keys.push(k.clone());
                    }
                }
            }
        }
        if keys.is_empty() {
            continue;
        }
        let mut cols: Vec<(String, String, f64)> = KNOWN_COUNTERS
            .iter()
            .filter(|(k, _, _)| keys.iter().any(|x| x == k))
            .map(|(k, title, scale)| (k.to_string(), title.to_string(), *scale))
            .collect();
        keys.sort();
        for k in keys {
            if !cols.iter().any(|(c, _, _)| *c == k) {
                cols.push((k.clone(), k, 1.0));
            }
        }
        let _ = writeln!(out, "\n### {}\n", t.name);
        let titles: Vec<String> = cols.iter().map(|(_, title, _)| title.clone()).collect();
        header_row(out, &["benchmark"], &titles);
        for b in &r.benchmarks {
            let Some(c) = cell(r, &b.name, &t.name) else { continue };
            let mut row = vec![b.name.clone()];
            for (k, _, scale) in &cols {
                row.push(match c.counters.get(k) {
                    Some(v) if *scale == 1.0 => format!("{v:.0}"),
                    Some(v) => format!("{:.1}", v * scale),
                    None => "–".into(),
                });
            }
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
    }
}

/// The whole Markdown report.
pub fn markdown(r: &Results) -> String {
    let mut out = String::new();
    let m = &r.machine;
    let _ = writeln!(out, "# tracelift benchmark results\n");
    let commit: String = m.git_commit.chars().take(10).collect();
    let _ = writeln!(
        out,
        "{} run started {}, commit `{}`{}{}.",
        if r.mode == "quick" { "Quick (small sizes, one process each)" } else { "Full" },
        r.started,
        if commit.is_empty() { "?" } else { &commit },
        if m.git_dirty { " (with uncommitted changes)" } else { "" },
        if r.interrupted { "; **interrupted with Ctrl-C: partial results**" } else { "" },
    );
    let _ = writeln!(
        out,
        "Machine: {} ({} logical CPUs, {:.1} GiB), {}, Linux {}, {}; load average at start {}.\n",
        if m.cpu.is_empty() { "unknown CPU" } else { &m.cpu },
        m.logical_cpus,
        m.memory_kib as f64 / (1024.0 * 1024.0),
        m.os,
        m.kernel,
        m.arch,
        m.loadavg_at_start.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    );
    let _ = writeln!(
        out,
        "Every benchmark ran {} time(s) per target after {} warm-up run(s), targets interleaved run by \
         run. Times are medians in seconds; ±: coefficient of variation over the runs; ×: speed-up over `{}` \
         ({} time / this time, > 1 is faster); ⚠: noisy (variation above {:.0}%).\n",
        r.runs,
        r.warmup,
        r.baseline,
        r.baseline,
        stats::NOISE_CV * 100.0
    );
    let _ = writeln!(out, "| target | command | version |\n|---|---|---|");
    for t in &r.targets {
        let _ = writeln!(out, "| {} | `{}` | {} |", t.name, t.command, t.version.replace('|', "/"));
    }
    for s in &r.skipped {
        let _ = writeln!(out, "| {} | skipped: {} | |", s.target, s.reason.replace('|', "/"));
    }
    let _ = writeln!(out, "\n## Geometric mean speed-up over `{}`\n", r.baseline);
    let _ = writeln!(
        out,
        "`process`: whole-process wall time (start-up, warm-up and compilation included); \
         `steady`: time per iteration once warmed up.\n"
    );
    geomean_table(&mut out, r);
    let _ = writeln!(out, "\n## Whole-process wall time (s)\n");
    time_table(&mut out, r, Metric::Wall);
    let _ = writeln!(
        out,
        "\n## Steady-state time per iteration (s)\n\nMedian of the second half of each process's \
         iterations (`#iter` lines), pooled over the runs.\n"
    );
    time_table(&mut out, r, Metric::Steady);
    if let Some(v) = &r.pyperformance {
        let _ = writeln!(
            out,
            "\n## pyperformance {v}\n\nThe `pp_` rows are pyperformance's own benchmark files, run unchanged \
             with our `pyperf` stand-in (`benches/pyperformance/`); size is loops per value. Left out:\n"
        );
        for (name, why) in &r.left_out {
            let _ = writeln!(out, "- `{name}`: {why}");
        }
    }
    crate::backends::backend_table(&mut out, r);
    crate::ablation::ablation_table(&mut out, r);
    let _ = writeln!(out, "\n## Peak memory (MiB, maximum resident set size)\n");
    memory_table(&mut out, r);
    if r.targets.iter().any(|t| t.stats_json) {
        let _ = writeln!(out, "\n## tracelift counters (`--stats-json`, median per process)");
        counters_tables(&mut out, r);
    }
    if !r.failures.is_empty() {
        let _ = writeln!(out, "\n## Failures\n");
        for f in &r.failures {
            let tail = f.stderr_tail.lines().last().unwrap_or("").replace('|', "/");
            let _ = writeln!(
                out,
                "- `{}` on `{}` (run {}): {}{}",
                f.target,
                f.bench,
                f.round,
                f.reason,
                if tail.is_empty() { String::new() } else { format!(" — `{tail}`") }
            );
        }
    }
    let _ = writeln!(out, "\nPlots: [speed.svg](speed.svg), [warmup.svg](warmup.svg).");
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::results::{BenchInfo, Failure, Sample, TargetInfo};

    pub(crate) fn target(name: &str, stats: bool) -> TargetInfo {
        TargetInfo {
            name: name.into(),
            kind: if stats { "tracelift".into() } else { "peer".into() },
            command: name.into(),
            version: "1.0".into(),
            stats_json: stats,
        }
    }

    pub(crate) fn sample(bench: &str, target: &str, round: u32, wall: f64, iters: &[f64]) -> Sample {
        Sample {
            bench: bench.into(),
            target: target.into(),
            round,
            warmup: round == 0,
            wall_s: wall,
            max_rss_kib: 10240,
            iterations: iters.to_vec(),
            counters: BTreeMap::new(),
        }
    }

    /// Two benchmarks in two suites, a baseline and one engine that is twice as fast on the
    /// first and four times as fast on the second; the engine's second benchmark is noisy.
    pub(crate) fn fixture() -> Results {
        let mut r = Results {
            schema: crate::results::SCHEMA,
            mode: "full".into(),
            runs: 3,
            warmup: 1,
            baseline: "python3".into(),
            targets: vec![target("python3", false), target("tier1", true)],
            benchmarks: vec![
                BenchInfo { name: "alpha".into(), suite: "micro".into(), size: 10, iterations: 2 },
                BenchInfo { name: "beta".into(), suite: "oo".into(), size: 20, iterations: 2 },
            ],
            ..Results::default()
        };
        for round in 0..4 {
            r.samples.push(sample("alpha", "python3", round, 2.0, &[1.0, 1.0]));
            let mut s = sample("alpha", "tier1", round, 1.0, &[0.8, 0.5]);
            s.counters.insert("trace_created".into(), serde_json::json!(3));
            s.counters.insert("compile_time_ns".into(), serde_json::json!(2_500_000));
            r.samples.push(s);
            r.samples.push(sample("beta", "python3", round, 4.0, &[2.0, 2.0]));
            let wall = [9.0, 0.8, 1.0, 1.3][round as usize];
            r.samples.push(sample("beta", "tier1", round, wall, &[1.0, 0.5]));
        }
        r
    }

    #[test]
    fn cells_skip_warmup_and_find_steady_state() {
        let r = fixture();
        let c = cell(&r, "beta", "tier1").unwrap();
        assert_eq!(c.wall.n, 3);
        assert_eq!(c.wall.median, 1.0);
        assert!(c.wall.noisy);
        assert_eq!(c.steady.unwrap().median, 0.5);
        assert_eq!(c.curve, vec![1.0, 0.5]);
        assert_eq!(c.max_rss_kib, 10240.0);
        assert!(!cell(&r, "alpha", "tier1").unwrap().wall.noisy);
        assert!(cell(&r, "alpha", "pypy3").is_none());
    }

    #[test]
    fn ratios_and_geomeans() {
        let r = fixture();
        assert_eq!(speedup(&r, "alpha", "tier1", Metric::Wall), Some(2.0));
        assert_eq!(speedup(&r, "beta", "tier1", Metric::Wall), Some(4.0));
        assert_eq!(speedup(&r, "alpha", "tier1", Metric::Steady), Some(2.0));
        let (g, n) = suite_geomean(&r, None, "tier1", Metric::Wall).unwrap();
        assert!((g - 8f64.sqrt()).abs() < 1e-12);
        assert_eq!(n, 2);
        assert_eq!(suite_geomean(&r, Some("oo"), "tier1", Metric::Wall), Some((4.0, 1)));
    }

    #[test]
    fn renders_the_table() {
        let mut r = fixture();
        r.failures.push(Failure {
            bench: "beta".into(),
            target: "pypy3".into(),
            round: 0,
            reason: "exit status 1".into(),
            stderr_tail: "SystemExit: wrong".into(),
        });
        let md = markdown(&r);
        assert!(md.contains("| benchmark | suite | size | python3 | tier1 |"), "{md}");
        assert!(md.contains("| alpha | micro | 10 | 2.00 ±0.0% | 1.00 ±0.0% ×2.00 |"), "{md}");
        assert!(md.contains("| beta | oo | 20 | 4.00 ±0.0% | 1.00 ±24.4% ×4.00 ⚠ |"), "{md}");
        assert!(md.contains("| micro (1) | process | ×2.00 |"), "{md}");
        assert!(md.contains("| all (2) | process | ×2.83 |"), "{md}");
        assert!(md.contains("| all (2) | steady | ×2.83 |"), "{md}");
        assert!(md.contains("| benchmark | traces | compile ms |"), "{md}");
        assert!(md.contains("| alpha | 3 | 2.5 |"), "{md}");
        assert!(md.contains("`pypy3` on `beta` (run 0): exit status 1 — `SystemExit: wrong`"), "{md}");
        assert!(md.contains("| alpha | 10.0 | 10.0 |"), "{md}");
    }

    #[test]
    fn formats_seconds() {
        assert_eq!(fmt_secs(123.4), "123");
        assert_eq!(fmt_secs(12.34), "12.3");
        assert_eq!(fmt_secs(1.234), "1.23");
        assert_eq!(fmt_secs(0.1234), "0.123");
        assert_eq!(fmt_secs(0.01234), "0.0123");
        assert_eq!(fmt_secs(0.0001234), "1.23e-4");
    }
}
