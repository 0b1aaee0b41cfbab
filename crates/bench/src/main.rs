//! `tracelift-bench`: runs the benchmark programs of `benches/` under every tracelift engine
//! (and trace-mode variant) and every peer interpreter it finds, interleaving targets run by
//! run, and writes `benches/results/<timestamp>.json` (every raw sample), `latest.md` (the
//! tables) and SVG plots. It drives `tracelift` as a subprocess, like any peer, and does not
//! depend on the other crates of the workspace.

mod ablation;
mod backends;
mod manifest;
mod plot;
mod pyperformance;
mod report;
mod results;
mod runner;
mod stats;
mod targets;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::manifest::Bench;
use crate::results::{BenchInfo, Failure, Machine, Results, Sample};
use crate::runner::Exit;
use crate::targets::{Discovery, Kind, Target};

#[derive(Parser)]
#[command(name = "tracelift-bench", version, about = "Benchmark tracelift's engines against peer interpreters")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run benchmarks and write the results JSON, the Markdown tables and the plots.
    Run(RunArgs),
    /// Redraw the Markdown tables and the plots from a results JSON file.
    Report {
        /// A `benches/results/*.json` file.
        file: PathBuf,
        /// Where to write `latest.md` and the SVGs (default: the JSON file's folder).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// List the benchmarks and the targets that a run would use.
    List(TargetArgs),
}

#[derive(Args)]
struct TargetArgs {
    /// The tracelift binary (relative paths are taken from the repository root; `just build`
    /// makes the measured one, profile `dist`).
    #[arg(long, default_value = "target/dist/tracelift")]
    tracelift: String,
    /// Do not run tracelift at all (peers only).
    #[arg(long)]
    no_tracelift: bool,
    /// An extra peer interpreter, `NAME=COMMAND`; leading `VAR=VALUE` words of COMMAND are set
    /// in its environment, e.g. `--peer 'cpython-jit=PYTHON_JIT=1 python3.13'`. Repeatable.
    #[arg(long = "peer", value_name = "NAME=COMMAND")]
    peers: Vec<String>,
    /// Do not look for the default peers (`python3`, `pypy3`).
    #[arg(long)]
    no_default_peers: bool,
    /// An extra tracelift configuration, `NAME=ARGS` where ARGS follow `tracelift`, e.g.
    /// `--variant 'uops-hot=run --engine uops --threshold 2'`. Repeatable.
    #[arg(long = "variant", value_name = "NAME=ARGS")]
    variants: Vec<String>,
    /// Keep only these targets (comma-separated names, e.g. `python3,tier1`).
    #[arg(long, value_delimiter = ',')]
    targets: Vec<String>,
    /// The repository root (default: the nearest folder upwards holding benches/manifest.txt).
    #[arg(long)]
    root: Option<PathBuf>,
}

#[derive(Args)]
struct RunArgs {
    /// Suites (`micro`, `kernels`, `oo`, `pyperformance`) or benchmark names (pyperformance's
    /// as `pp_NAME`); default: all.
    select: Vec<String>,
    /// Leave pyperformance out (it is installed from PyPI the first time it runs).
    #[arg(long)]
    no_pyperformance: bool,
    /// Small sizes, one iteration, one run, no warm-up run (a few minutes; used by CI).
    #[arg(long)]
    quick: bool,
    /// Measured runs per benchmark and target (default 3; 1 with --quick).
    #[arg(long)]
    runs: Option<u32>,
    /// Warm-up runs per benchmark and target, discarded (default 1; 0 with --quick).
    #[arg(long)]
    warmup: Option<u32>,
    /// Iterations per process, overriding the manifest.
    #[arg(long)]
    iterations: Option<u32>,
    /// The target speed-ups are relative to.
    #[arg(long, default_value = "python3")]
    baseline: String,
    /// Output folder (default: benches/results; benches/results/quick with --quick,
    /// benches/results/partial when benchmarks are selected).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Seconds after which one process is killed and counted as failed.
    #[arg(long, default_value_t = 900)]
    timeout: u64,
    /// Do not draw the progress bar (one line per benchmark instead).
    #[arg(long)]
    no_progress: bool,
    #[command(flatten)]
    targets: TargetArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Run(args) => run(args),
        Cmd::Report { file, out } => report_only(&file, out),
        Cmd::List(args) => list(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tracelift-bench: {e}");
            ExitCode::from(2)
        }
    }
}

fn find_root(given: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(r) = given {
        return r.canonicalize().map_err(|e| format!("{}: {e}", r.display()));
    }
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let mut dir: &Path = &cwd;
    loop {
        if dir.join("benches/manifest.txt").is_file() {
            return Ok(dir.to_path_buf());
        }
        dir = dir.parent().ok_or("no benches/manifest.txt here or in a parent folder (use --root)")?;
    }
}

fn discover(a: &TargetArgs, root: &Path) -> Result<(Vec<Target>, Vec<results::Skipped>), String> {
    let bin = if Path::new(&a.tracelift).is_absolute() {
        a.tracelift.clone()
    } else {
        root.join(&a.tracelift).display().to_string()
    };
    let d = Discovery {
        tracelift: if a.no_tracelift { None } else { Some(&bin) },
        variants: &a.variants,
        default_peers: !a.no_default_peers,
        peers: &a.peers,
    };
    let (mut found, skipped) = targets::discover(&d)?;
    if !a.targets.is_empty() {
        for want in &a.targets {
            if !found.iter().any(|t| &t.name == want) && !skipped.iter().any(|s| &s.target == want) {
                let names: Vec<&str> = found.iter().map(|t| t.name.as_str()).collect();
                return Err(format!("no target `{want}` (found: {})", names.join(", ")));
            }
        }
        found.retain(|t| a.targets.contains(&t.name));
    }
    Ok((found, skipped))
}

/// Our benchmarks then pyperformance's, and pyperformance's manifest.
fn all_benches(root: &Path) -> Result<(Vec<Bench>, pyperformance::Manifest), String> {
    let mut benches = manifest::load(&root.join("benches/manifest.txt"))?;
    let pp = pyperformance::load(root)?;
    benches.extend(pp.benches.iter().cloned());
    Ok((benches, pp))
}

fn list(a: TargetArgs) -> Result<ExitCode, String> {
    let root = find_root(a.root.clone())?;
    let (benches, pp) = all_benches(&root)?;
    println!("{:<16} {:<8} {:>9} {:>8} {:>5}", "benchmark", "suite", "size", "quick", "iter");
    for b in &benches {
        println!("{:<16} {:<8} {:>9} {:>8} {:>5}", b.name, b.suite, b.size, b.quick, b.iterations);
    }
    for (name, why) in &pp.left_out {
        println!("{:<16} {:<8} left out: {why}", format!("{}{name}", pyperformance::PREFIX), pyperformance::SUITE);
    }
    let (found, skipped) = discover(&a, &root)?;
    println!();
    for t in &found {
        let info = t.info();
        println!("target {:<16} {}{}", t.name, info.command, if t.stats_json { "  [--stats-json]" } else { "" });
    }
    for s in &skipped {
        println!("skipped {:<15} {}", s.target, s.reason);
    }
    Ok(ExitCode::SUCCESS)
}

fn write_reports(r: &Results, dir: &Path) -> Result<(), String> {
    std::fs::write(dir.join("latest.md"), report::markdown(r))
        .map_err(|e| format!("cannot write {}: {e}", dir.join("latest.md").display()))?;
    plot::all(r, dir)
}

fn report_only(file: &Path, out: Option<PathBuf>) -> Result<ExitCode, String> {
    let r = Results::load(file)?;
    let dir = out.unwrap_or_else(|| file.parent().unwrap_or(Path::new(".")).to_path_buf());
    write_reports(&r, &dir)?;
    eprintln!("wrote {}", dir.join("latest.md").display());
    Ok(ExitCode::SUCCESS)
}

fn now() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc::now()
}

/// Why an outcome is not a valid sample, if it is not.
fn check(o: &runner::Outcome, expected_iters: u32, reference: Option<&(String, String)>) -> Option<String> {
    if o.timed_out {
        return Some(format!("timed out after {:.0} s", o.wall_s));
    }
    match o.exit {
        Exit::Code(0) => {}
        Exit::Code(c) => return Some(format!("exit status {c}")),
        Exit::Signal(s) => return Some(format!("killed by signal {s}")),
    }
    if let Some((who, text)) = reference
        && *text != o.stdout
    {
        let first = o.stdout.lines().zip(text.lines()).find(|(a, b)| a != b);
        let detail = match first {
            Some((got, want)) => format!("`{got}` where {who} printed `{want}`"),
            None => format!("{} lines where {who} printed {}", o.stdout.lines().count(), text.lines().count()),
        };
        return Some(format!("output differs: {detail}"));
    }
    let n = runner::iteration_times(&o.stderr).len();
    if n != expected_iters as usize {
        return Some(format!("printed {n} `#iter` lines to stderr, expected {expected_iters}"));
    }
    None
}

fn run(a: RunArgs) -> Result<ExitCode, String> {
    let root = find_root(a.targets.root.clone())?;
    let (all, pp) = all_benches(&root)?;
    let mut benches: Vec<Bench> = manifest::select(&all, &a.select)?;
    if a.no_pyperformance {
        benches.retain(|b| !pyperformance::is_member(b));
    }
    // pyperformance's files, installed from PyPI when missing; without them the suite is
    // skipped, not the run.
    let mut pp_dir = None;
    if benches.iter().any(pyperformance::is_member) {
        match pyperformance::install(&root, &pp.version) {
            Ok(d) => pp_dir = Some(d),
            Err(e) => {
                eprintln!("tracelift-bench: skipping the pyperformance suite: {e}");
                benches.retain(|b| !pyperformance::is_member(b));
            }
        }
    }
    let runs = a.runs.unwrap_or(if a.quick { 1 } else { 3 }).max(1);
    let warmup = a.warmup.unwrap_or(if a.quick { 0 } else { 1 });
    let out = match &a.out {
        Some(o) => o.clone(),
        None if a.quick => root.join("benches/results/quick"),
        None if !a.select.is_empty() => root.join("benches/results/partial"),
        None => root.join("benches/results"),
    };
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let scratch = std::env::temp_dir().join(format!("tracelift-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;

    let (found, skipped) = discover(&a.targets, &root)?;
    for s in &skipped {
        eprintln!("tracelift-bench: skipping {}: {}", s.target, s.reason);
    }
    if found.is_empty() {
        return Err("nothing to run: no tracelift engine and no peer was found".into());
    }
    if !found.iter().any(|t| t.name == a.baseline) {
        eprintln!("tracelift-bench: baseline `{}` is not among the targets: no speed-ups", a.baseline);
    }

    let started = now();
    let mut res = Results {
        schema: results::SCHEMA,
        started: started.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        mode: if a.quick { "quick".into() } else { "full".into() },
        runs,
        warmup,
        baseline: a.baseline.clone(),
        machine: Machine::describe(&root),
        targets: found.iter().map(Target::info).collect(),
        benchmarks: benches.iter().map(|b| BenchInfo::new(b, a.quick, a.iterations)).collect(),
        skipped,
        pyperformance: pp_dir.is_some().then(|| pp.version.clone()),
        left_out: if pp_dir.is_some() { pp.left_out.clone() } else { Vec::new() },
        ..Results::default()
    };
    let json_path =
        out.join(format!("{}{}.json", started.format("%Y-%m-%dT%H-%M-%SZ"), if a.quick { "-quick" } else { "" }));

    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                // a second Ctrl-C: give up at once (the JSON so far is already on disk)
                std::process::exit(130);
            }
        })
        .map_err(|e| format!("cannot install the Ctrl-C handler: {e}"))?;
    }

    let rounds = warmup + runs;
    let total = (benches.len() * found.len()) as u64 * rounds as u64;
    let pb = if a.no_progress { ProgressBar::hidden() } else { ProgressBar::new(total) };
    pb.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:28} {pos}/{len} runs, ETA {eta} {wide_msg}")
            .map_err(|e| e.to_string())?,
    );
    pb.enable_steady_tick(Duration::from_millis(200));
    let timeout = Duration::from_secs(a.timeout);
    let stats_path = scratch.join("stats.json");

    'benches: for (bi, (b, info)) in benches.iter().zip(res.benchmarks.clone()).enumerate() {
        let (file, program_args, env) = match &pp_dir {
            Some(dir) if pyperformance::is_member(b) => {
                (pp.program(dir, b), pp.args(b, info.size, info.iterations), pyperformance::env(&root))
            }
            _ => (
                root.join("benches").join(format!("{}.py", b.name)),
                vec![info.size.to_string(), info.iterations.to_string()],
                Vec::new(),
            ),
        };
        let mut reference: Option<(String, String)> = None;
        let mut broken: Vec<String> = Vec::new();
        for round in 0..rounds {
            // rotate the order every round so that drift hits every target alike
            for k in 0..found.len() {
                let t = &found[(k + round as usize) % found.len()];
                if broken.contains(&t.name) {
                    pb.inc(1);
                    continue;
                }
                pb.set_message(format!("{} [{}/{}] on {}", b.name, bi + 1, benches.len(), t.name));
                let _ = std::fs::remove_file(&stats_path);
                // Counting costs time: counters come from the warm-up runs (discarded) when
                // there are any, so measured runs never pay for them.
                let with_stats = warmup == 0 || round < warmup;
                let inv = t.invocation(&file, &program_args, &env, with_stats.then_some(stats_path.as_path()));
                let outcome = runner::run(&inv, timeout, &scratch);
                if interrupted.load(Ordering::SeqCst) {
                    break 'benches;
                }
                pb.inc(1);
                let o = match outcome {
                    Ok(o) => o,
                    Err(e) => {
                        let reason = format!("cannot run `{}`: {e}", inv.program);
                        pb.println(format!("{} on {}: {reason}", b.name, t.name));
                        res.failures.push(Failure {
                            bench: b.name.clone(),
                            target: t.name.clone(),
                            round,
                            reason,
                            stderr_tail: String::new(),
                        });
                        broken.push(t.name.clone());
                        continue;
                    }
                };
                if let Some(reason) = check(&o, info.iterations, reference.as_ref()) {
                    let tail = runner::stderr_tail(&o.stderr, 8);
                    pb.println(format!("FAIL {} on {}: {reason}\n{}", b.name, t.name, indent(&tail)));
                    res.failures.push(Failure {
                        bench: b.name.clone(),
                        target: t.name.clone(),
                        round,
                        reason,
                        stderr_tail: tail,
                    });
                    broken.push(t.name.clone());
                    continue;
                }
                if reference.is_none() {
                    reference = Some((t.name.clone(), o.stdout.clone()));
                }
                let mut counters = Default::default();
                if t.stats_json && with_stats {
                    match runner::read_counters(&stats_path) {
                        Ok(c) => counters = c,
                        Err(e) => pb.println(format!("{} on {}: {e}", b.name, t.name)),
                    }
                }
                res.samples.push(Sample {
                    bench: b.name.clone(),
                    target: t.name.clone(),
                    round,
                    warmup: round < warmup,
                    wall_s: o.wall_s,
                    max_rss_kib: o.max_rss_kib,
                    iterations: runner::iteration_times(&o.stderr),
                    counters,
                });
            }
        }
        if pb.is_hidden() {
            eprintln!("{}", progress_line(&res, b, &found));
        }
        res.finished = now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        res.save(&json_path)?;
    }
    pb.finish_and_clear();
    let _ = std::fs::remove_dir_all(&scratch);
    res.interrupted = interrupted.load(Ordering::SeqCst);
    res.finished = now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    res.save(&json_path)?;
    write_reports(&res, &out)?;
    if res.interrupted {
        eprintln!("tracelift-bench: interrupted; the samples gathered so far are kept");
    }
    eprintln!(
        "tracelift-bench: {} samples, {} failures -> {}, {}, speed.svg, warmup.svg",
        res.samples.len(),
        res.failures.len(),
        json_path.display(),
        out.join("latest.md").display()
    );
    if res.interrupted {
        return Ok(ExitCode::from(130));
    }
    // Failures of tracelift or of the baseline are errors; other peers only get reported.
    let fatal = res
        .failures
        .iter()
        .any(|f| f.target == res.baseline || found.iter().any(|t| t.name == f.target && t.kind == Kind::Tracelift));
    Ok(if fatal { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

/// `name: target 1.23 s, target 0.45 s` for logs without a progress bar.
fn progress_line(r: &Results, b: &Bench, found: &[Target]) -> String {
    let parts: Vec<String> = found
        .iter()
        .map(|t| match report::cell(r, &b.name, &t.name) {
            Some(c) => format!("{} {} s", t.name, report::fmt_secs(c.wall.median)),
            None => format!("{} failed", t.name),
        })
        .collect();
    format!("{:<16} {}", b.name, parts.join(", "))
}
