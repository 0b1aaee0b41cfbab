//! `tracelift-fuzz`: runs generated programs for a range of seeds under python3 and every
//! configuration, over `-j` worker threads; minimizes each program that differs and writes it
//! (original, minimized, both outputs) to `fuzz-out/seed-N/`; prints the summary table and
//! optionally writes it as JSON. Exits 1 when anything differs.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;

use tracelift_fuzz::minimize::minimize;
use tracelift_fuzz::run::{
    Checked, Config, Outcome, Runner, check_seed, default_configs, parse_config, resolve_python, scratch_dir,
};
use tracelift_fuzz::summary::{Finding, Summary};

#[derive(Parser)]
#[command(name = "tracelift-fuzz", version, about = "Differential fuzzing of tracelift against python3")]
struct Cli {
    /// Seeds to run, `A..B` (B excluded); overrides --start/--count.
    #[arg(long)]
    seeds: Option<String>,
    /// First seed (with --count).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Number of seeds (with --start).
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Worker threads (default: available cores).
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// A configuration, `NAME=FLAGS` (flags for `tracelift run`) or a default's name;
    /// repeatable. Default: tier1, and uops and cranelift in both trace modes (thresholds 1/1).
    #[arg(long = "config")]
    configs: Vec<String>,
    /// The tracelift binary (default: next to this one, else target/release/tracelift).
    #[arg(long)]
    tracelift: Option<PathBuf>,
    /// The reference interpreter.
    #[arg(long, default_value = "python3")]
    python: String,
    /// Seconds before a child is killed (a tracelift child that runs over is a "hang").
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Where findings go, one folder per seed.
    #[arg(long, default_value = "fuzz-out")]
    out: PathBuf,
    /// Also write the summary as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Do not minimize findings (write the original program and outputs only).
    #[arg(long)]
    no_minimize: bool,
    /// Most candidate programs tried per minimization.
    #[arg(long, default_value_t = 400)]
    max_tests: usize,
    /// Print the program for this seed and exit.
    #[arg(long)]
    print: Option<u64>,
}

fn default_tracelift() -> PathBuf {
    if let Ok(me) = std::env::current_exe()
        && let Some(dir) = me.parent()
    {
        let p = dir.join("tracelift");
        if p.exists() {
            return p;
        }
    }
    PathBuf::from("target/release/tracelift")
}

fn parse_seeds(cli: &Cli) -> Result<(u64, u64), String> {
    match &cli.seeds {
        None => Ok((cli.start, cli.start + cli.count)),
        Some(s) => {
            let (a, b) = s.split_once("..").ok_or_else(|| format!("--seeds `{s}`: expected A..B"))?;
            let a: u64 = a.trim().parse().map_err(|_| format!("--seeds `{s}`: bad start"))?;
            let b: u64 = b.trim().parse().map_err(|_| format!("--seeds `{s}`: bad end"))?;
            if b < a {
                return Err(format!("--seeds `{s}`: end before start"));
            }
            Ok((a, b))
        }
    }
}

fn write(dir: &std::path::Path, name: &str, text: &str) {
    let _ = std::fs::write(dir.join(name), text);
}

fn write_outcome(dir: &std::path::Path, prefix: &str, o: &Outcome) {
    write(dir, &format!("{prefix}.stdout"), &o.stdout);
    write(dir, &format!("{prefix}.stderr"), &format!("{}{}", o.stderr, status_note(o)));
}

fn status_note(o: &Outcome) -> String {
    format!("\n[status: {:?}, {} ms]\n", o.status, o.millis)
}

/// Minimizes the first differing configuration of `c` and writes the findings folder.
fn report(cli: &Cli, runner: &Runner, configs: &[Config], c: &Checked, worker: usize) -> Vec<Finding> {
    let dir = cli.out.join(format!("seed-{}", c.seed));
    let _ = std::fs::create_dir_all(&dir);
    write(&dir, "original.py", &c.program);
    write_outcome(&dir, "original.python", &c.python);
    let mut info = format!("seed {}\n", c.seed);
    let mut findings = Vec::new();
    for (n, (k, kind, got)) in c.diffs.iter().enumerate() {
        let cfg = &configs[*k];
        info.push_str(&format!("differs under {} ({}): {}\n", cfg.name, cfg.args.join(" "), kind.name()));
        write_outcome(&dir, &format!("original.{}", cfg.name), got);
        let mut f = Finding {
            seed: c.seed,
            config: cfg.name.clone(),
            kind: kind.name(),
            dir: Some(dir.display().to_string()),
            lines: c.program.lines().count(),
            minimized_lines: None,
        };
        // The first differing configuration is minimized; the others usually share its cause.
        if n == 0 && !cli.no_minimize {
            let scratch = scratch_dir(1000 + worker);
            let m = minimize(runner, cfg, &scratch, &c.program, &c.python, *kind, cli.max_tests);
            write(&dir, "minimized.py", &m.text);
            write_outcome(&dir, "minimized.python", &m.python);
            write_outcome(&dir, &format!("minimized.{}", cfg.name), &m.tracelift);
            info.push_str(&format!(
                "minimized under {}: {} -> {} lines in {} tests\nrun: tracelift run {} minimized.py\n",
                cfg.name,
                f.lines,
                m.text.lines().count(),
                m.tests,
                cfg.args.join(" ")
            ));
            f.minimized_lines = Some(m.text.lines().count());
            let _ = std::fs::remove_dir_all(&scratch);
        }
        findings.push(f);
    }
    write(&dir, "info.txt", &info);
    findings
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(seed) = cli.print {
        print!("{}", tracelift_fuzz::pygen::generate(seed));
        return ExitCode::SUCCESS;
    }
    let (start, end) = match parse_seeds(&cli) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tracelift-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    let configs: Vec<Config> = if cli.configs.is_empty() {
        default_configs()
    } else {
        match cli.configs.iter().map(|s| parse_config(s)).collect::<Result<_, _>>() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("tracelift-fuzz: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let tracelift = cli.tracelift.clone().unwrap_or_else(default_tracelift);
    if !tracelift.exists() {
        eprintln!("tracelift-fuzz: no tracelift binary at {} (build it: cargo build --release)", tracelift.display());
        return ExitCode::from(2);
    }
    let runner =
        Runner { python: resolve_python(&cli.python), tracelift, timeout: Duration::from_secs_f64(cli.timeout) };
    let jobs = cli.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)).max(1);
    let summary = Mutex::new(Summary::new(&configs));
    let next = AtomicU64::new(start);
    let done = AtomicU64::new(0);
    let t0 = Instant::now();
    eprintln!(
        "tracelift-fuzz: seeds {start}..{end} under {} on {jobs} workers",
        configs.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
    );
    std::thread::scope(|s| {
        for w in 0..jobs {
            let (cli, runner, configs, summary, next, done) = (&cli, &runner, &configs, &summary, &next, &done);
            s.spawn(move || {
                let dir = scratch_dir(w);
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= end {
                        break;
                    }
                    let c = check_seed(runner, configs, &dir, seed);
                    summary.lock().unwrap().add(&c);
                    if !c.diffs.is_empty() {
                        let kinds: Vec<String> = c
                            .diffs
                            .iter()
                            .map(|(k, kind, _)| format!("{} {}", configs[*k].name, kind.name()))
                            .collect();
                        eprintln!("seed {seed}: {}", kinds.join(", "));
                        let f = report(cli, runner, configs, &c, w);
                        summary.lock().unwrap().findings.extend(f);
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n % 250 == 0 {
                        eprintln!("  {n} programs, {:.0} s", t0.elapsed().as_secs_f64());
                    }
                }
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
    let mut summary = summary.into_inner().unwrap();
    summary.wall_seconds = t0.elapsed().as_secs_f64();
    summary.findings.sort_by(|a, b| (a.seed, &a.config).cmp(&(b.seed, &b.config)));
    for c in summary.configs.iter_mut() {
        c.seeds.sort();
    }
    println!("{}", summary.table());
    if let Some(p) = &cli.json {
        match serde_json::to_string_pretty(&summary) {
            Ok(j) => {
                if let Err(e) = std::fs::write(p, j) {
                    eprintln!("tracelift-fuzz: cannot write {}: {e}", p.display());
                }
            }
            Err(e) => eprintln!("tracelift-fuzz: {e}"),
        }
    }
    if summary.findings.is_empty() && summary.python_hangs.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
