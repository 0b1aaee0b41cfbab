//! Runs one benchmark process and measures it: whole-process wall time (spawn to exit), peak
//! memory from `wait4`'s resource usage, the program's own `#iter SECONDS` lines and, for
//! tracelift targets, the `--stats-json` counters.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// What to execute: a program, its arguments and extra environment variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub program: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// Everything measured about one process.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub exit: Exit,
    pub wall_s: f64,
    pub max_rss_kib: u64,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Runs `inv` with stdin closed and stdout/stderr in files under `scratch`, waits for it with
/// `wait4` (which also returns its peak RSS), and kills it after `timeout`.
pub fn run(inv: &Invocation, timeout: Duration, scratch: &Path) -> io::Result<Outcome> {
    let out_path = scratch.join("stdout.txt");
    let err_path = scratch.join("stderr.txt");
    let mut cmd = Command::new(&inv.program);
    cmd.args(&inv.args)
        .envs(inv.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(File::create(&out_path)?)
        .stderr(File::create(&err_path)?);
    let start = Instant::now();
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    // The watchdog kills the process if it outlives the timeout; it is told to stand down as
    // soon as the process has been reaped.
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let watchdog = thread::spawn(move || {
        if done_rx.recv_timeout(timeout) == Err(mpsc::RecvTimeoutError::Timeout) {
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            true
        } else {
            false
        }
    });
    let waited = wait_with_rusage(pid);
    let wall_s = start.elapsed().as_secs_f64();
    let _ = done_tx.send(());
    let timed_out = watchdog.join().unwrap_or(false);
    drop(child);
    let (status, max_rss_kib) = waited?;
    let exit = if libc::WIFEXITED(status) {
        Exit::Code(libc::WEXITSTATUS(status))
    } else {
        Exit::Signal(libc::WTERMSIG(status))
    };
    let read = |p: &PathBuf| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    Ok(Outcome { exit, wall_s, max_rss_kib, stdout: read(&out_path)?, stderr: read(&err_path)?, timed_out })
}

/// Reaps `pid` and returns its wait status and peak resident set size in KiB.
fn wait_with_rusage(pid: libc::pid_t) -> io::Result<(libc::c_int, u64)> {
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: `rusage` is a plain C struct for which all-zero bytes is a valid value;
        // `status` and `usage` are live locals that wait4 only writes to; `pid` is our own
        // child that nothing else reaps (std's `Child` is never waited on).
        let (ret, usage) = unsafe {
            let mut usage: libc::rusage = std::mem::zeroed();
            let ret = libc::wait4(pid, &mut status, 0, &mut usage);
            (ret, usage)
        };
        if ret == pid {
            // Linux reports ru_maxrss in KiB.
            return Ok((status, u64::try_from(usage.ru_maxrss).unwrap_or(0)));
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// The per-iteration times a benchmark printed to stderr (`#iter SECONDS` lines).
pub fn iteration_times(stderr: &str) -> Vec<f64> {
    stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("#iter "))
        .filter_map(|v| v.trim().parse::<f64>().ok())
        .collect()
}

/// The lines of stderr that are not protocol lines, last `n` of them (for failure reports).
pub fn stderr_tail(stderr: &str, n: usize) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.starts_with("#iter ")).collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Reads a `--stats-json` file: a JSON object whose fields are kept as they are.
pub fn read_counters(path: &Path) -> Result<BTreeMap<String, serde_json::Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("no stats file: {e}"))?;
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Object(map)) => Ok(map.into_iter().collect()),
        Ok(_) => Err("the stats file is not a JSON object".into()),
        Err(e) => Err(format!("the stats file is not JSON: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_iteration_lines() {
        let err = "#iter 0.5\nwarning: x\n#iter 0.25\n#iter nonsense\n";
        assert_eq!(iteration_times(err), vec![0.5, 0.25]);
        assert_eq!(stderr_tail(err, 5), "warning: x");
    }

    #[test]
    fn measures_a_process() {
        let dir = std::env::temp_dir().join(format!("tracelift-bench-runner-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let inv = Invocation {
            program: "sh".into(),
            args: vec!["-c".into(), "echo out; echo '#iter 0.1' >&2; echo $TL_X; exit 3".into()],
            env: vec![("TL_X".into(), "seen".into())],
        };
        let o = run(&inv, Duration::from_secs(60), &dir).unwrap();
        assert_eq!(o.exit, Exit::Code(3));
        assert_eq!(o.stdout, "out\nseen\n");
        assert_eq!(iteration_times(&o.stderr), vec![0.1]);
        assert!(o.max_rss_kib > 0);
        assert!(!o.timed_out);
        let slow = Invocation { program: "sleep".into(), args: vec!["30".into()], env: vec![] };
        let o = run(&slow, Duration::from_millis(200), &dir).unwrap();
        assert!(o.timed_out);
        assert_eq!(o.exit, Exit::Signal(libc::SIGKILL));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
