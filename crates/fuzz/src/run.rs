//! Running one program: under `python3` (the reference, as tests/README.md runs it) and under
//! `tracelift run` with each configuration's flags, every child with a timeout (killed when it
//! runs over). Outcomes are compared the way the differential suite compares them: stdout
//! always, and the exit status plus the last non-empty stderr line when the reference fails.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Serialize;

/// One way of running tracelift: a name and the flags that go after `tracelift run`.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub name: String,
    pub args: Vec<String>,
}

/// The default configurations: tier 1, and each tier-2 engine (the uop interpreter, the
/// stencil backend, Cranelift, and the two tiered with every executor recompiled on its first
/// entry) in both trace-formation modes with thresholds forced to 1 (traces form on the
/// first iterations, every exit is hot at once); and Cranelift at mid thresholds
/// (`cranelift-mid`). At 1/1 a trace forms before tier 1 has specialized anything, so its
/// uops are mostly generic; at 30/4 they are specialized, which is where Cranelift's own
/// lowerings (unboxed floats and locals, borrowed values, inline attributes) run. Those
/// compile on the VM's thread (reproducible); `cranelift-thread` keeps the compile thread.
pub fn default_configs() -> Vec<Config> {
    let low = |engine: &str, mode: &str| {
        let mut a: Vec<String> = ["--engine", engine, "--trace-mode", mode].map(String::from).to_vec();
        a.extend(["--jit-threshold", "1", "--exit-threshold", "1"].map(String::from));
        a
    };
    let mut out = vec![Config { name: "tier1".into(), args: ["--engine", "tier1"].map(String::from).to_vec() }];
    for engine in ["uops", "stencil", "cranelift", "tiered"] {
        for mode in ["projection", "recording"] {
            let mut args = low(engine, mode);
            if engine == "tiered" {
                args.extend(["--recompile-threshold", "1"].map(String::from));
            }
            if engine == "cranelift" {
                // Deterministic: each executor's code from its first entry.
                args.push("--no-compile-thread".into());
            }
            out.push(Config { name: format!("{engine}-{mode}"), args });
        }
    }
    let mid = ["--engine", "cranelift", "--jit-threshold", "30", "--exit-threshold", "4", "--no-compile-thread"];
    out.push(Config { name: "cranelift-mid".into(), args: mid.map(String::from).to_vec() });
    // The compile thread (the default): code installed whenever it comes.
    out.push(Config { name: "cranelift-thread".into(), args: low("cranelift", "projection") });
    out
}

/// Parses `NAME=FLAGS...` (flags split on whitespace), or the name of a default configuration.
pub fn parse_config(s: &str) -> Result<Config, String> {
    if let Some((name, flags)) = s.split_once('=') {
        if name.is_empty() {
            return Err(format!("configuration `{s}` has no name"));
        }
        return Ok(Config { name: name.into(), args: flags.split_whitespace().map(String::from).collect() });
    }
    default_configs().into_iter().find(|c| c.name == s).ok_or_else(|| {
        format!("unknown configuration `{s}` (use NAME=FLAGS, or one of tier1, uops-projection, uops-recording, stencil-projection, stencil-recording, cranelift-projection, cranelift-recording, tiered-projection, tiered-recording, cranelift-mid, cranelift-thread)")
    })
}

/// How a child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Status {
    Exit(i32),
    Signal(i32),
    Timeout,
}

/// What a child printed and how it ended.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub status: Status,
    pub millis: u64,
}

impl Outcome {
    /// The last non-empty line of stderr.
    pub fn last_err_line(&self) -> &str {
        self.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("")
    }
    /// The exception type named by the last stderr line (`ValueError: x` -> `ValueError`).
    pub fn exc_type(&self) -> &str {
        let l = self.last_err_line();
        l.split(':').next().unwrap_or("").trim()
    }
}

/// The kinds of mismatch, most severe first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Ran past the timeout (the reference did not).
    Hang,
    /// Killed by a signal (segfault, abort).
    Crash,
    /// A Rust panic (exit 101 or "panicked at" on stderr).
    Panic,
    /// `tracelift: unsupported: ...` (exit 2): the generator left the subset.
    Unsupported,
    /// Exit status differs.
    Exit,
    /// stdout differs.
    Stdout,
    /// Same status, but the last stderr line (the exception) differs.
    Stderr,
}

impl Kind {
    pub const ALL: [Kind; 7] =
        [Kind::Hang, Kind::Crash, Kind::Panic, Kind::Unsupported, Kind::Exit, Kind::Stdout, Kind::Stderr];
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hang => "hang",
            Kind::Crash => "crash",
            Kind::Panic => "panic",
            Kind::Unsupported => "unsupported",
            Kind::Exit => "exit",
            Kind::Stdout => "stdout",
            Kind::Stderr => "stderr",
        }
    }
}

/// Compares tracelift's outcome with the reference's; `None` when they agree.
pub fn compare(want: &Outcome, got: &Outcome) -> Option<Kind> {
    match got.status {
        Status::Timeout => return Some(Kind::Hang),
        Status::Signal(_) => return Some(Kind::Crash),
        Status::Exit(code) => {
            if code == 101 || got.stderr.contains("panicked at") {
                return Some(Kind::Panic);
            }
            if code == 2 && got.stderr.contains("unsupported:") {
                return Some(Kind::Unsupported);
            }
            if want.status != got.status {
                return Some(Kind::Exit);
            }
        }
    }
    if want.stdout != got.stdout {
        return Some(Kind::Stdout);
    }
    if want.status != Status::Exit(0) && want.last_err_line() != got.last_err_line() {
        return Some(Kind::Stderr);
    }
    None
}

/// Where and how to run the children.
#[derive(Clone, Debug)]
pub struct Runner {
    pub python: String,
    pub tracelift: PathBuf,
    pub timeout: Duration,
}

impl Runner {
    /// Runs `program` (a file whose folder becomes the working directory) under python3.
    pub fn python(&self, program: &Path) -> Outcome {
        let mut c = Command::new(&self.python);
        c.args(["-X", "utf8"]).arg(program.file_name().expect("file name"));
        c.env("PYTHONHASHSEED", "0").env("PYTHONIOENCODING", "utf-8").env("PYTHONDONTWRITEBYTECODE", "1");
        run_child(c, program, self.timeout)
    }

    /// Runs `program` under `tracelift run` with `config`'s flags.
    pub fn tracelift(&self, program: &Path, config: &Config) -> Outcome {
        let mut c = Command::new(&self.tracelift);
        c.arg("run").args(&config.args).arg(program.file_name().expect("file name"));
        run_child(c, program, self.timeout)
    }
}

/// Runs a prepared command with `program`'s folder as working directory; kills it on timeout.
fn run_child(mut cmd: Command, program: &Path, timeout: Duration) -> Outcome {
    cmd.current_dir(program.parent().expect("program folder"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                stdout: String::new(),
                stderr: format!("cannot start {:?}: {e}", cmd.get_program()),
                status: Status::Exit(127),
                millis: 0,
            };
        }
    };
    let mut out_h = child.stdout.take().expect("stdout pipe");
    let mut err_h = child.stderr.take().expect("stderr pipe");
    let out_t = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out_h.read_to_end(&mut b);
        b
    });
    let err_t = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err_h.read_to_end(&mut b);
        b
    });
    let mut sleep = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(sleep);
        sleep = (sleep * 2).min(Duration::from_millis(20));
    };
    let millis = start.elapsed().as_millis() as u64;
    let stdout = String::from_utf8_lossy(&out_t.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_t.join().unwrap_or_default()).into_owned();
    let status = match status {
        None => Status::Timeout,
        Some(s) => match s.code() {
            Some(c) => Status::Exit(c),
            None => {
                use std::os::unix::process::ExitStatusExt;
                Status::Signal(s.signal().unwrap_or(0))
            }
        },
    };
    Outcome { stdout, stderr, status, millis }
}

/// A private scratch folder for one worker.
pub fn scratch_dir(worker: usize) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tracelift-fuzz-{}-{worker}", std::process::id()));
    std::fs::create_dir_all(&d).expect("create a scratch folder");
    d
}

/// One seed's verdict: the reference outcome and each configuration that differs.
pub struct Checked {
    pub seed: u64,
    pub program: String,
    pub python: Outcome,
    /// `(configuration index, kind, tracelift's outcome)` for each configuration that differs.
    pub diffs: Vec<(usize, Kind, Outcome)>,
    /// Milliseconds per configuration.
    pub millis: Vec<u64>,
}

/// Generates the program for `seed` in `dir` and runs it under python3 and every
/// configuration. When python3 itself does not finish, no configuration is run.
pub fn check_seed(runner: &Runner, configs: &[Config], dir: &Path, seed: u64) -> Checked {
    let program = crate::pygen::generate(seed);
    let file = dir.join(format!("s{seed}.py"));
    std::fs::write(&file, &program).expect("write the program");
    let python = runner.python(&file);
    let mut diffs = Vec::new();
    let mut millis = Vec::new();
    if matches!(python.status, Status::Exit(_)) {
        for (k, c) in configs.iter().enumerate() {
            let got = runner.tracelift(&file, c);
            millis.push(got.millis);
            if let Some(kind) = compare(&python, &got) {
                diffs.push((k, kind, got));
            }
        }
    }
    let _ = std::fs::remove_file(&file);
    Checked { seed, program, python, diffs, millis }
}

/// The interpreter behind `python` (`sys.executable`), so that every run skips wrappers such
/// as pyenv's shim (a shell script that costs more than a small program's run); `python`
/// itself when that cannot be asked.
pub fn resolve_python(python: &str) -> String {
    Command::new(python)
        .args(["-c", "import sys; print(sys.executable)"])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| python.to_string())
}
