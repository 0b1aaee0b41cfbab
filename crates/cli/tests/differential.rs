//! The differential suite (DESIGN.md §4): every program under `tests/programs/` runs under
//! every engine this build has (`tracelift engines`), in every variant, and must reproduce
//! CPython's output exactly: stdout byte for byte; for programs that CPython ends with an
//! uncaught exception (a `tests/expected/NAME.err` file), the exit status and the last line
//! of stderr. Every mismatch is reported with a diff; the test fails if there is any.
//!
//! `TRACELIFT_TEST_FILTER=substring` runs only the programs whose name contains it, and
//! `TRACELIFT_TEST_VARIANTS=a,b` only the variants named (`.ci/run` runs a debug build's
//! checks of the frame and stack invariants that way, on the machine-code variants).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// The binary under test: this build's, or `TRACELIFT_TEST_BIN` (relative to the repository
/// root), so that CI checks the measured `dist` build (fat LTO) against the corpus too.
fn bin() -> PathBuf {
    match std::env::var_os("TRACELIFT_TEST_BIN") {
        Some(p) => root().join(p),
        None => PathBuf::from(env!("CARGO_BIN_EXE_tracelift")),
    }
}

/// One way of running the suite: extra command-line flags for `tracelift run`.
struct Variant {
    name: &'static str,
    flags: Vec<String>,
    /// Environment settings (developer knobs) on top of the flags.
    env: &'static [(&'static str, &'static str)],
}

fn engines() -> Vec<String> {
    let out = Command::new(bin()).arg("engines").output().expect("run tracelift engines");
    assert!(out.status.success(), "tracelift engines failed");
    String::from_utf8_lossy(&out.stdout).split_whitespace().map(String::from).collect()
}

fn passes() -> Vec<String> {
    let out = Command::new(bin()).arg("passes").output().expect("run tracelift passes");
    assert!(out.status.success(), "tracelift passes failed");
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.split_whitespace().next()).map(String::from).collect()
}

fn variants() -> Vec<Variant> {
    let mut v = Vec::new();
    let passes = passes();
    assert!(!passes.is_empty(), "no optimizer passes");
    for e in engines() {
        let name: &'static str = Box::leak(e.clone().into_boxed_str());
        v.push(Variant { name, flags: vec!["--engine".into(), e.clone()], env: &[] });
        if e == "tier1" {
            // The generic interpreter: every program must also pass with specialization off.
            v.push(Variant {
                name: "tier1-nospec",
                flags: vec!["--engine".into(), e.clone(), "--no-specialize".into()],
                env: &[],
            });
            // The cycle collector at every safe point where anything is tracked.
            v.push(Variant {
                name: "tier1-gc",
                flags: vec!["--engine".into(), e, "--gc-threshold".into(), "1".into()],
                env: &[],
            });
        } else {
            // Tier-2 engines, with thresholds forced low (traces everywhere, every exit hot at
            // once), in both trace-formation modes; and recording at the default thresholds.
            let low = |mode: &str| {
                let mut f: Vec<String> = vec!["--engine".into(), e.clone(), "--trace-mode".into(), mode.into()];
                f.extend(["--jit-threshold", "1", "--exit-threshold", "1", "--gc-threshold", "1"].map(String::from));
                if e == "tiered" {
                    // Every executor recompiled by Cranelift on its first entry, swapped in
                    // under running code.
                    f.extend(["--recompile-threshold", "1"].map(String::from));
                }
                if e == "cranelift" || e == "tiered" {
                    // Each executor's machine code from its first entry on, and under
                    // `tiered` its upgrade at once (the compile thread is tested by the
                    // `low-thread` variants).
                    f.push("--no-compile-thread".into());
                }
                f
            };
            let n = |suffix: &str| -> &'static str { Box::leak(format!("{e}-{suffix}").into_boxed_str()) };
            v.push(Variant { name: n("low"), flags: low("projection"), env: &[] });
            v.push(Variant { name: n("recording-low"), flags: low("recording"), env: &[] });
            v.push(Variant {
                name: n("recording"),
                flags: vec!["--engine".into(), e.clone(), "--trace-mode".into(), "recording".into()],
                env: &[],
            });
            if e == "cranelift" {
                // Frames entered and left by calls of the host rather than in machine code
                // (:inline-frame:, `TRACELIFT_CRANELIFT_FRAMES`), at every call.
                v.push(Variant {
                    name: n("low-framecalls"),
                    flags: low("projection"),
                    env: &[("TRACELIFT_CRANELIFT_FRAMES", "call")],
                });
                // Thresholds high enough that traces form from specialized code (at 1 they
                // form before tier 1 specializes), low enough for every program: the
                // hand-written lowerings of specialized uops, their exits and deopts.
                let mut mid: Vec<String> = vec!["--engine".into(), e.clone(), "--no-compile-thread".into()];
                mid.extend(["--jit-threshold", "16", "--exit-threshold", "4"].map(String::from));
                v.push(Variant { name: n("mid"), flags: mid, env: &[] });
            }
            if e == "cranelift" || e == "tiered" {
                // Compiled on the compile thread (the default, :background-compile:): code
                // installed whenever it comes, under executors the uop interpreter runs, or
                // under `tiered` swapped in for the stencil code (:tier-swap:).
                let thread = low("projection").into_iter().filter(|f| f != "--no-compile-thread").collect();
                v.push(Variant { name: n("low-thread"), flags: thread, env: &[] });
            }
            // The optimizer's pass combinations (issue 19): none on every tier-2 engine, and
            // each pass alone under the uop interpreter (the passes are the same for all).
            let mut none = low("projection");
            none.extend(["--passes", "none"].map(String::from));
            v.push(Variant { name: n("low-nopasses"), flags: none, env: &[] });
            // Traces from function entry are on by default (issue 19), at every call in the
            // variants above; here without them, so that loops' own traces run every call.
            let mut no_entry = low("projection");
            no_entry.push("--no-entry-traces".into());
            v.push(Variant { name: n("low-noentry"), flags: no_entry, env: &[] });
            if e == "uops" {
                let mut no_entry = low("recording");
                no_entry.push("--no-entry-traces".into());
                v.push(Variant { name: n("recording-low-noentry"), flags: no_entry, env: &[] });
            }
            if e == "uops" {
                for p in &passes {
                    let mut f = low("recording");
                    f.extend(["--passes".to_string(), p.clone()]);
                    v.push(Variant { name: n(&format!("recording-low-only-{p}")), flags: f, env: &[] });
                }
            }
        }
    }
    v
}

struct Expected {
    stdout: String,
    /// `(exit status, last stderr line)` for programs that fail under CPython.
    err: Option<(i32, String)>,
}

fn expected(name: &str) -> Expected {
    let dir = root().join("tests/expected");
    let stdout = std::fs::read_to_string(dir.join(format!("{name}.out")))
        .unwrap_or_else(|_| panic!("missing tests/expected/{name}.out (run tests/regen.py)"));
    let err = std::fs::read_to_string(dir.join(format!("{name}.err"))).ok().map(|s| {
        let mut lines = s.lines();
        let status =
            lines.next().and_then(|l| l.strip_prefix("exit ")).and_then(|n| n.trim().parse().ok()).unwrap_or(1);
        (status, lines.next().unwrap_or("").to_string())
    });
    Expected { stdout, err }
}

/// Runs one program; returns a description of the mismatch, if any.
fn check(program: &Path, variant: &Variant) -> Option<String> {
    let name = program.file_stem().unwrap().to_string_lossy().to_string();
    let exp = expected(&name);
    let mut child = Command::new(bin())
        .arg("run")
        .args(&variant.flags)
        .arg(program.file_name().unwrap())
        .current_dir(program.parent().unwrap())
        // Machine-code engines verify their IR here (off by default for speed).
        .env("TRACELIFT_CRANELIFT_VERIFY", "1")
        .envs(variant.env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tracelift");
    let stdout_h = child.stdout.take().unwrap();
    let stderr_h = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || std::io::read_to_string(stdout_h).unwrap_or_default());
    let err_t = std::thread::spawn(move || std::io::read_to_string(stderr_h).unwrap_or_default());
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out_t.join().unwrap();
    let stderr = err_t.join().unwrap();
    let Some(status) = status else {
        return Some(format!("[{}] {name}: timed out after {:?}", variant.name, TIMEOUT));
    };
    let code = status.code().unwrap_or(-1);
    let mut problems = Vec::new();
    if stdout != exp.stdout {
        let diff = similar::TextDiff::from_lines(&exp.stdout, &stdout)
            .unified_diff()
            .header("expected (CPython)", "tracelift")
            .to_string();
        let diff: String = diff.lines().take(40).collect::<Vec<_>>().join("\n");
        problems.push(format!("stdout differs:\n{diff}"));
    }
    match &exp.err {
        Some((want_code, want_last)) => {
            let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
            if code != *want_code {
                problems.push(format!("exit status {code}, expected {want_code}"));
            }
            if last != want_last {
                problems.push(format!("last stderr line:\n  got:      {last}\n  expected: {want_last}"));
            }
        }
        None => {
            if code != 0 {
                let tail: Vec<&str> = stderr.lines().rev().take(8).collect::<Vec<_>>().into_iter().rev().collect();
                problems.push(format!("exit status {code}, expected 0; stderr ends:\n  {}", tail.join("\n  ")));
            }
        }
    }
    if problems.is_empty() { None } else { Some(format!("[{}] {name}: {}", variant.name, problems.join("\n"))) }
}

#[test]
fn differential_against_cpython() {
    let dir = root().join("tests/programs");
    let filter = std::env::var("TRACELIFT_TEST_FILTER").unwrap_or_default();
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('_'))
        .filter(|p| p.file_stem().unwrap().to_string_lossy().contains(&filter))
        .collect();
    programs.sort();
    assert!(!filter.is_empty() || programs.len() >= 80, "expected at least 80 programs, found {}", programs.len());
    let mut variants = variants();
    if let Ok(only) = std::env::var("TRACELIFT_TEST_VARIANTS") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        for o in &only {
            assert!(variants.iter().any(|v| v.name == *o), "TRACELIFT_TEST_VARIANTS: no variant {o}");
        }
        variants.retain(|v| only.contains(&v.name));
    }
    assert!(!variants.is_empty(), "no engines");
    let jobs: Vec<(usize, usize)> =
        (0..variants.len()).flat_map(|v| (0..programs.len()).map(move |p| (v, p))).collect();
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).max(2);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        let i = *n;
                        *n += 1;
                        i
                    };
                    let Some(&(v, p)) = jobs.get(i) else { break };
                    if let Some(f) = check(&programs[p], &variants[v]) {
                        failures.lock().unwrap().push(f);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let total = jobs.len();
    if !failures.is_empty() {
        for f in &failures {
            eprintln!("\n{f}");
        }
        panic!("{} of {} program runs differ from CPython", failures.len(), total);
    }
    eprintln!("{total} program runs match CPython ({} programs x {} variants)", programs.len(), variants.len());
}
