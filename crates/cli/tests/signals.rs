//! Ctrl-C is a Python exception, not a kill (issue 16, DESIGN.md §2.10): SIGINT sets the eval
//! breaker, the next safe point raises `KeyboardInterrupt`, `except`/`finally` run, output
//! printed before it survives, and an uncaught one ends the process by SIGINT as CPython's
//! does. Each program runs under every engine configuration, including tier 2 with traces
//! formed at once, so that the signal lands inside a running trace.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

fn program(name: &str, src: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tracelift-sig-{}-{}", std::process::id(), name));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}.py"));
    std::fs::write(&p, src).unwrap();
    p
}

/// Engine configurations: tier 1, and tier 2 in both trace modes at default and forced-low
/// thresholds.
const CONFIGS: &[&[&str]] = &[
    &["--engine", "tier1"],
    &["--engine", "uops"],
    &["--engine", "uops", "--jit-threshold", "1", "--exit-threshold", "1"],
    &["--engine", "uops", "--trace-mode", "recording", "--jit-threshold", "1", "--exit-threshold", "1"],
    &["--engine", "stencil"],
    &["--engine", "stencil", "--jit-threshold", "1", "--exit-threshold", "1"],
    &["--engine", "cranelift"],
    &["--engine", "cranelift", "--jit-threshold", "1", "--exit-threshold", "1", "--no-compile-thread"],
    &["--engine", "cranelift", "--jit-threshold", "1", "--exit-threshold", "1"],
    &["--engine", "tiered", "--jit-threshold", "1", "--exit-threshold", "1", "--recompile-threshold", "1"],
];

/// Runs `path`, waits for the line `ready` on stdout, sends SIGINT, and returns the whole
/// stdout, stderr and status.
fn interrupt(path: &PathBuf, flags: &[&str], ready: &str) -> (String, String, ExitStatus) {
    let mut child = Command::new(bin())
        .arg("run")
        .args(flags)
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tracelift");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            panic!("{flags:?}: the program ended before printing {ready:?}: {seen}");
        }
        seen.push_str(&line);
        if line.trim_end() == ready {
            break;
        }
    }
    // Let it get into its loop (and, at threshold 1, into a trace).
    std::thread::sleep(Duration::from_millis(150));
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let mut err_pipe = child.stderr.take().unwrap();
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let rest_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("{flags:?}: still running 20 s after SIGINT");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    seen.push_str(&rest_t.join().unwrap());
    (seen, err_t.join().unwrap(), status)
}

#[test]
fn sigint_raises_keyboard_interrupt_and_runs_handlers() {
    let p = program(
        "caught",
        "print('line 1', flush=True)\n\
         print('buffered')\n\
         try:\n    while True: pass\n\
         except KeyboardInterrupt:\n    print('caught')\n\
         finally:\n    print('finally')\n\
         print('after')\n",
    );
    for flags in CONFIGS {
        let (out, err, status) = interrupt(&p, flags, "line 1");
        assert_eq!(out, "line 1\nbuffered\ncaught\nfinally\nafter\n", "{flags:?}: {err}");
        assert_eq!(status.code(), Some(0), "{flags:?}: {err}");
    }
}

#[test]
fn sigint_in_a_hot_loop_with_calls_is_caught_in_the_callee_or_the_loop() {
    let p = program(
        "calls",
        "class P:\n    def __init__(self, x):\n        self.x = x\n    def step(self, d):\n        return P(self.x + d)\n\
         def run():\n    p = P(0)\n    n = 0\n    while True:\n        p = p.step(1)\n        n += 1\n\
         print('go', flush=True)\n\
         try:\n    run()\n\
         except KeyboardInterrupt as e:\n    print('caught', type(e).__name__, repr(e.args))\n",
    );
    for flags in CONFIGS {
        let (out, err, status) = interrupt(&p, flags, "go");
        assert_eq!(out, "go\ncaught KeyboardInterrupt ()\n", "{flags:?}: {err}");
        assert_eq!(status.code(), Some(0), "{flags:?}: {err}");
    }
}

#[test]
fn uncaught_keyboard_interrupt_kills_by_sigint_after_flushing() {
    let p = program("uncaught", "print('ready', flush=True)\nprint('kept')\ni = 0\nwhile True:\n    i += 1\n");
    for flags in CONFIGS {
        let (out, err, status) = interrupt(&p, flags, "ready");
        assert_eq!(out, "ready\nkept\n", "{flags:?}");
        assert_eq!(status.signal(), Some(libc::SIGINT), "{flags:?}: {status:?} {err}");
        assert_eq!(err.lines().last(), Some("KeyboardInterrupt"), "{flags:?}: {err}");
        assert!(
            err.contains("line 4, in <module>"),
            "{flags:?}: the back-edge has the `while` line, as in CPython: {err}"
        );
    }
}

#[test]
fn sigint_interrupts_time_sleep() {
    let p = program(
        "sleep",
        "import time\nprint('zzz', flush=True)\ntry:\n    time.sleep(60)\nexcept KeyboardInterrupt:\n    print('woke')\n",
    );
    let (out, err, status) = interrupt(&p, &["--engine", "tier1"], "zzz");
    assert_eq!(out, "zzz\nwoke\n", "{err}");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn sigint_in_recursion_without_loops_is_raised_at_a_call() {
    let p = program(
        "recursion",
        "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\
         print('go', flush=True)\n\
         try:\n    fib(60)\n\
         except KeyboardInterrupt:\n    print('caught')\n",
    );
    for flags in CONFIGS {
        let (out, err, status) = interrupt(&p, flags, "go");
        assert_eq!(out, "go\ncaught\n", "{flags:?}: {err}");
        assert_eq!(status.code(), Some(0), "{flags:?}: {err}");
    }
}
