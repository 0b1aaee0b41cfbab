//! The fuzzer in CI (DESIGN.md §4): the generator is deterministic and writes programs that
//! python3 compiles, and a small fixed seed range runs under every default configuration
//! (tier 1, and the uop engine in both trace modes at thresholds 1/1) with the same output
//! as python3. Skipped, with a message, when python3 is not installed.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tracelift_fuzz::pygen::generate;
use tracelift_fuzz::run::{Runner, check_seed, default_configs, resolve_python, scratch_dir};

/// The seeds CI runs (about 25 s on 2 cores).
const CI_SEEDS: std::ops::Range<u64> = 0..100;

fn have_python() -> bool {
    Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `target/release/tracelift`: the sibling of this package's binary (nextest with
/// `--workspace` builds every binary of the workspace before running tests).
fn tracelift() -> PathBuf {
    let me = PathBuf::from(env!("CARGO_BIN_EXE_tracelift-fuzz"));
    let p = me.parent().expect("target folder").join("tracelift");
    assert!(
        p.exists(),
        "no tracelift binary at {}: build the workspace first (cargo build --release, or cargo nextest run --workspace --release)",
        p.display()
    );
    p
}

#[test]
fn generator_is_deterministic() {
    for seed in [0u64, 1, 7, 123, 9999, u64::MAX] {
        assert_eq!(generate(seed), generate(seed), "seed {seed} gave two different programs");
    }
    assert_ne!(generate(1), generate(2));
}

#[test]
fn generated_programs_compile_under_python3() {
    if !have_python() {
        println!("python3 not found: skipping the compile check of generated programs");
        return;
    }
    let dir = scratch_dir(9000);
    let mut files = Vec::new();
    for seed in 0..150u64 {
        let f = dir.join(format!("c{seed}.py"));
        std::fs::write(&f, generate(seed)).unwrap();
        files.push(f);
    }
    let script = "import sys\nbad = []\nfor f in sys.argv[1:]:\n    try:\n        compile(open(f, encoding='utf-8').read(), f, 'exec')\n    except SyntaxError as e:\n        bad.append(f'{f}: {e}')\nprint('\\n'.join(bad))\nsys.exit(1 if bad else 0)\n";
    let out = Command::new("python3").arg("-c").arg(script).args(&files).output().expect("run python3");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "generated programs that python3 rejects:\n{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn fixed_seeds_agree_with_python3() {
    if !have_python() {
        println!("python3 not found: skipping the differential fuzz seeds");
        return;
    }
    let runner = Runner { python: resolve_python("python3"), tracelift: tracelift(), timeout: Duration::from_secs(30) };
    let configs = default_configs();
    let next = AtomicU64::new(CI_SEEDS.start);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).max(2);
    std::thread::scope(|s| {
        for w in 0..workers {
            let (runner, configs, next, failures) = (&runner, &configs, &next, &failures);
            s.spawn(move || {
                let dir = scratch_dir(9100 + w);
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= CI_SEEDS.end {
                        break;
                    }
                    let c = check_seed(runner, configs, &dir, seed);
                    if !matches!(c.python.status, tracelift_fuzz::run::Status::Exit(_)) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("seed {seed}: python3 did not finish ({:?})", c.python.status));
                    }
                    for (k, kind, got) in &c.diffs {
                        let tail: Vec<&str> = got.stderr.lines().rev().take(3).collect();
                        failures.lock().unwrap().push(format!(
                            "seed {seed}: {} differs ({}); stderr ends: {}",
                            configs[*k].name,
                            kind.name(),
                            tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
                        ));
                    }
                }
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} fuzz runs differ from python3 (reproduce and minimize with `target/release/tracelift-fuzz --seeds A..B`):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
