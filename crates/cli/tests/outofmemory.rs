//! Running out of memory and losing the reader of stdout are Python exceptions with CPython's
//! exit statuses, never an abort (issue 16): `MemoryError` where a program asks for more than
//! the machine gives (with and without an address-space limit), `BrokenPipeError` when the
//! pipe's reader went away, and what was printed before is never lost.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

fn program(name: &str, src: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tracelift-oom-{}-{}", std::process::id(), name));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}.py"));
    std::fs::write(&p, src).unwrap();
    p
}

const CONFIGS: &[&[&str]] = &[
    &["--engine", "tier1"],
    &["--engine", "uops", "--jit-threshold", "1", "--exit-threshold", "1"],
    &["--engine", "uops", "--trace-mode", "recording", "--jit-threshold", "1", "--exit-threshold", "1"],
];

/// Runs `path` with an address-space limit of `limit` bytes (if any).
fn run_limited(path: &PathBuf, flags: &[&str], limit: Option<u64>) -> Output {
    let mut cmd = Command::new(bin());
    cmd.arg("run").args(flags).arg(path).stdin(Stdio::null());
    if let Some(limit) = limit {
        // SAFETY: setrlimit is async-signal-safe; it runs in the child between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let r = libc::rlimit { rlim_cur: limit, rlim_max: limit };
                if libc::setrlimit(libc::RLIMIT_AS, &r) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.output().expect("run tracelift")
}

fn last_stderr_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or("").to_string()
}

#[test]
fn impossible_sizes_are_memory_errors_without_a_limit() {
    for (name, expr) in [
        ("listrange", "list(range(2**62))"),
        ("repeat", "[0] * 2**62"),
        ("strrepeat", "'ab' * 2**62"),
        ("tuplerepeat", "(1,) * 2**61"),
        ("shift", "1 << 2**40"),
    ] {
        let src = format!(
            "print('before')\ntry:\n    {expr}\nexcept MemoryError as e:\n    print('caught', type(e).__name__, e.args)\n{expr}\n"
        );
        let p = program(name, &src);
        for flags in CONFIGS {
            let o = run_limited(&p, flags, None);
            assert_eq!(String::from_utf8_lossy(&o.stdout), "before\ncaught MemoryError ()\n", "{name} {flags:?}");
            assert_eq!(o.status.code(), Some(1), "{name} {flags:?}: {}", String::from_utf8_lossy(&o.stderr));
            assert_eq!(last_stderr_line(&o), "MemoryError", "{name} {flags:?}");
        }
    }
}

#[test]
fn containers_that_outgrow_a_memory_limit_raise_memory_error() {
    for (name, body) in [
        ("setunion", "s = set().union(range(2**64))"),
        ("append", "l = []\n    while True:\n        l.append(len(l))"),
        ("dictfill", "d = {}\n    while True:\n        d[len(d)] = None"),
        ("setadd", "s = set()\n    i = 0\n    while True:\n        s.add(i)\n        i += 1"),
        ("strdouble", "s = 'x'\n    while True:\n        s = s + s"),
        ("listdouble", "l = [0]\n    while True:\n        l = l + l"),
    ] {
        let src = format!(
            "print('before')\ndef grow():\n    {body}\ntry:\n    grow()\nexcept MemoryError:\n    print('caught')\nprint('after')\n"
        );
        let p = program(name, &src);
        for flags in CONFIGS {
            let o = run_limited(&p, flags, Some(384 << 20));
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                "before\ncaught\nafter\n",
                "{name} {flags:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(o.status.code(), Some(0), "{name} {flags:?}");
        }
    }
}

#[test]
fn an_uncaught_memory_error_keeps_the_output_before_it() {
    let p = program("uncaught", "print('before')\nl = [0]\nwhile True:\n    l = l + l\n");
    let o = run_limited(&p, &["--engine", "tier1"], Some(384 << 20));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "before\n");
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(last_stderr_line(&o), "MemoryError");
}

/// `tracelift run p.py | head -1`: the reader goes away; the next write fails.
#[test]
fn a_closed_pipe_is_broken_pipe_error() {
    let p = program("pipe", "for i in range(200000):\n    print(i)\n");
    for flags in CONFIGS {
        let mut child = Command::new(bin())
            .arg("run")
            .args(*flags)
            .arg(&p)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 2];
        out.read_exact(&mut first).unwrap();
        assert_eq!(&first, b"0\n");
        drop(out);
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(1), "{flags:?}: {err}");
        assert_eq!(err.lines().last(), Some("BrokenPipeError: [Errno 32] Broken pipe"), "{flags:?}: {err}");
        assert!(err.contains("line 2"), "{flags:?}: raised by the print: {err}");
    }
}

/// The reader goes away before the program's last output is written at exit: CPython reports
/// it as unraisable and exits with 120.
#[test]
fn a_pipe_closed_before_the_final_flush_exits_120() {
    let p = program("pipe_exit", "import time\nprint('x')\ntime.sleep(0.3)\nprint('y')\n");
    let mut child = Command::new(bin())
        .arg("run")
        .arg(&p)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(120), "{err}");
    assert!(err.starts_with("Exception ignored in: <_io.TextIOWrapper name='<stdout>'"), "{err}");
    assert_eq!(err.lines().last(), Some("BrokenPipeError: [Errno 32] Broken pipe"), "{err}");
}

/// A small address-space limit still leaves room to run (the VM sizes its reservations to it).
#[test]
fn runs_under_a_small_address_space_limit() {
    let p = program("small", "print(sum(range(1000)))\nprint(len([i for i in range(100000)]))\n");
    for flags in CONFIGS {
        let o = run_limited(&p, flags, Some(256 << 20));
        assert_eq!(String::from_utf8_lossy(&o.stdout), "499500\n100000\n", "{flags:?}");
        assert_eq!(o.status.code(), Some(0), "{flags:?}: {}", String::from_utf8_lossy(&o.stderr));
    }
}

/// An allocation whose size the program does not choose (here a float object) still aborts
/// when it fails, but what was printed before is written out first (the allocator's failure
/// hook flushes stdout).
#[test]
fn a_fatal_allocation_failure_keeps_the_output_before_it() {
    let p = program("fatal", "print('before')\nl = [None] * 20000000\nfor i in range(20000000):\n    l[i] = i * 1.5\n");
    let o = run_limited(&p, &["--engine", "tier1"], Some(450 << 20));
    assert!(!o.status.success(), "the program cannot fit in the limit");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "before\n", "{}", String::from_utf8_lossy(&o.stderr));
}
