//! Errors reported before or around running a program, checked against CPython 3.11's exact
//! text: malformed number literals, `IndentationError`/`TabError`, bytes that are not source
//! text (NUL, bad UTF-8, PEP 263 declarations), directories, `import` of such files, the
//! collapsed `RecursionError` traceback, and pathological nesting (refused fast, in bounded
//! memory). CPython's text is hard-coded (from python3.11), so the tests run without it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tracelift-errors-{}-{}", std::process::id(), name));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `src` to `NAME.py` in a fresh folder.
fn program(name: &str, src: &[u8]) -> PathBuf {
    let p = folder(name).join(format!("{name}.py"));
    std::fs::write(&p, src).unwrap();
    p
}

/// What a run printed: exit status, stdout, stderr.
struct Ran {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Ran {
    fn last(&self) -> &str {
        self.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("")
    }
}

/// Runs `tracelift run PATH` under `sh -c` with a virtual-memory limit (KiB), killing it
/// after `limit`: a hang or a memory blow-up fails the test instead of stalling the suite.
fn run_limited(path: &Path, vmem_kib: u64, limit: Duration) -> Ran {
    let script = format!("ulimit -v {vmem_kib}; exec \"$0\" run \"$1\"");
    let mut child = Command::new("sh")
        .args(["-c", &script, bin(), path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tracelift");
    // Drain the pipes while waiting: a long error line would otherwise fill them and stall.
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        out_pipe.read_to_string(&mut s).map(|_| s)
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        err_pipe.read_to_string(&mut s).map(|_| s)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{} did not finish within {limit:?}", path.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = out.join().unwrap().unwrap();
    let stderr = err.join().unwrap().unwrap();
    Ran { status: status.code(), stdout, stderr }
}

/// Runs a program with generous limits (3 GB of address space: the VM thread reserves a
/// 1 GiB stack; 60 s).
fn run(path: &Path) -> Ran {
    run_limited(path, 3_000_000, Duration::from_secs(60))
}

/// Checks a compile-time error: exit 1, `File "...", line N`, the caret line (or none) and
/// the last line, as CPython prints them.
fn check_syntax(name: &str, src: &str, line: u32, caret: Option<&str>, last: &str) {
    let p = program(name, src.as_bytes());
    let r = run(&p);
    assert_eq!(r.status, Some(1), "{name}: {}", r.stderr);
    assert_eq!(r.last(), last, "{name}: {}", r.stderr);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines[0], format!("  File \"{}\", line {line}", p.display()), "{name}: {}", r.stderr);
    let carets = lines.iter().find(|l| l.trim_start().starts_with('^')).copied();
    assert_eq!(carets, caret, "{name}: {}", r.stderr);
}

#[test]
fn number_literals_are_worded_as_cpython_words_them() {
    for (i, (src, caret, last)) in [
        ("x = 0x\n", "         ^", "SyntaxError: invalid hexadecimal literal"),
        ("x = 0b\n", "         ^", "SyntaxError: invalid binary literal"),
        ("x = 0o\n", "         ^", "SyntaxError: invalid octal literal"),
        ("x = 0b2\n", "          ^", "SyntaxError: invalid digit '2' in binary literal"),
        ("x = 0o19\n", "           ^", "SyntaxError: invalid digit '9' in octal literal"),
        ("x = 1_\n", "         ^", "SyntaxError: invalid decimal literal"),
        ("x = 0x_\n", "          ^", "SyntaxError: invalid hexadecimal literal"),
        ("x = 0xfg\n", "          ^", "SyntaxError: invalid hexadecimal literal"),
        ("x = 1e\n", "        ^", "SyntaxError: invalid decimal literal"),
        ("x = 5j_\n", "         ^", "SyntaxError: invalid imaginary literal"),
        (
            "x = 0_7\n",
            "        ^^",
            "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        check_syntax(&format!("num{i}"), src, 1, Some(caret), last);
    }
    // Numbers followed by a keyword are valid (deprecated) in 3.11; so are numbers in strings.
    let p = program("numok", b"x = 1if 1 else 2\ny = [0x1for _ in 'a']\nprint(x, y, '0x', 0b1_0, 1_0.5e-1_0, 00)\n");
    let r = run(&p);
    assert_eq!((r.status, r.stdout.as_str()), (Some(0), "1 [31] 0x 2 1.05e-09 0\n"), "{}", r.stderr);
}

#[test]
fn indentation_errors_have_their_own_classes() {
    check_syntax("ind1", "  x = 1\n", 1, None, "IndentationError: unexpected indent");
    check_syntax(
        "ind2",
        "if x:\npass\n",
        2,
        Some("    ^"),
        "IndentationError: expected an indented block after 'if' statement on line 1",
    );
    check_syntax(
        "ind3",
        "@d\ndef f():\nx\n",
        3,
        Some("    ^"),
        "IndentationError: expected an indented block after function definition on line 2",
    );
    check_syntax(
        "ind4",
        "try:\n  x\nexcept* E:\nx\n",
        4,
        Some("    ^"),
        "IndentationError: expected an indented block after 'except*' statement on line 3",
    );
    check_syntax(
        "ind5",
        "x=1\nif x:\n",
        2,
        None,
        "IndentationError: expected an indented block after 'if' statement on line 2",
    );
    check_syntax(
        "ind6",
        "if 1:\n    x = 1\n  y = 2\n",
        3,
        Some("         ^"),
        "IndentationError: unindent does not match any outer indentation level",
    );
    check_syntax(
        "tab1",
        "if 1:\n\tx = 1\n        y = 2\n",
        3,
        None,
        "TabError: inconsistent use of tabs and spaces in indentation",
    );
    check_syntax(
        "tab2",
        "if 1:\n        x = 1\n\ty = 2\n",
        3,
        None,
        "TabError: inconsistent use of tabs and spaces in indentation",
    );
}

#[test]
fn bytes_that_are_not_source_text_are_syntax_errors() {
    // NUL bytes: the line, an empty source line, no caret.
    let p = program("nul", b"x = 1\n\0y\n");
    let r = run(&p);
    assert_eq!(r.status, Some(1));
    assert_eq!(
        r.stderr,
        format!("  File \"{}\", line 2\n    \nSyntaxError: source code cannot contain null bytes\n", p.display())
    );
    // Bad UTF-8 without a declaration: one line, no File line.
    let p = program("notutf8", b"x = 1\ny = \"\xff\"\n");
    let r = run(&p);
    assert_eq!(r.status, Some(1));
    assert_eq!(
        r.stderr,
        format!(
            "SyntaxError: Non-UTF-8 code starting with '\\xff' in file {} on line 2, but no encoding declared; \
             see https://peps.python.org/pep-0263/ for details\n",
            p.display()
        )
    );
    // An unknown encoding, and a BOM that contradicts the declaration.
    let p = program("unknown", b"# coding: xyz\nprint(1)\n");
    assert_eq!(run(&p).stderr, "SyntaxError: encoding problem: xyz\n");
    let p = program("bomlatin", b"\xef\xbb\xbf# coding: latin-1\nprint(1)\n");
    assert_eq!(run(&p).stderr, "SyntaxError: encoding problem: iso-8859-1 with BOM\n");
}

#[test]
fn declared_encodings_and_boms_are_decoded() {
    for (name, src, out) in [
        ("latin1", &b"# -*- coding: latin-1 -*-\nprint(len('\xe9\x80'), ord('\x80'))\n"[..], "2 128\n"),
        ("cp1252", b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\nprint(ord('\x80'))\n", "8364\n"),
        ("utf8bom", b"\xef\xbb\xbfprint('bom')\n", "bom\n"),
        ("eucjp", b"# coding: euc-jp\nprint(ord('\xa4\xa2'))\n", "12354\n"),
    ] {
        let p = program(name, src);
        let r = run(&p);
        assert_eq!((r.status, r.stdout.as_str()), (Some(0), out), "{name}: {}", r.stderr);
    }
}

#[test]
fn directories_run_their_main_or_say_there_is_none() {
    let dir = folder("dirmain");
    let r = run(&dir);
    assert_eq!(r.status, Some(1));
    assert_eq!(r.stderr, format!("tracelift: can't find '__main__' module in '{}'\n", dir.display()));
    std::fs::write(dir.join("__main__.py"), "print('main')\n").unwrap();
    let r = run(&dir);
    assert_eq!((r.status, r.stdout.as_str()), (Some(0), "main\n"), "{}", r.stderr);
}

#[test]
fn import_raises_the_same_errors_as_cpython_importlib() {
    let dir = folder("imports");
    std::fs::write(dir.join("m_ind.py"), "if 1:\n  x = 1\n    y = 2\n").unwrap();
    std::fs::write(dir.join("m_hex.py"), "x = 0x\n").unwrap();
    std::fs::write(dir.join("m_unk.py"), "# coding: xyz\n").unwrap();
    std::fs::write(dir.join("m_nul.py"), "x = 1\n\0").unwrap();
    std::fs::write(dir.join("m_lat.py"), b"# coding: latin-1\nv = '\xe9'\n").unwrap();
    let main = dir.join("main.py");
    std::fs::write(
        &main,
        "import m_lat\nprint(ord(m_lat.v))\n\
         for m in ['m_ind', 'm_hex', 'm_unk', 'm_nul']:\n    try:\n        __import__(m)\n    except SyntaxError as e:\n        \
         print(type(e).__name__, e.msg, e.lineno, e.offset)\n\
         import m_hex\n",
    )
    .unwrap();
    let r = run(&main);
    assert_eq!(
        r.stdout,
        "233\nIndentationError unexpected indent 3 4\nSyntaxError invalid hexadecimal literal 1 6\n\
         SyntaxError unknown encoding: xyz 0 None\nSyntaxError source code string cannot contain null bytes None None\n",
        "{}",
        r.stderr
    );
    assert_eq!(r.status, Some(1));
    let tail: Vec<&str> = r.stderr.lines().rev().take(4).collect();
    assert_eq!(
        tail,
        [
            "SyntaxError: invalid hexadecimal literal",
            "         ^",
            "    x = 0x",
            &format!("  File \"{}\", line 1", dir.join("m_hex.py").display())
        ]
    );
}

#[test]
fn recursion_error_traceback_collapses_repeats() {
    let p = program("recur", b"def f(n):\n    return f(n + 1)\nf(0)\n");
    let r = run(&p);
    assert_eq!(r.status, Some(1));
    assert_eq!(r.last(), "RecursionError: maximum recursion depth exceeded");
    assert!(r.stderr.contains("\n  [Previous line repeated 996 more times]\n"), "{}", r.stderr);
    assert!(r.stderr.lines().count() < 20, "{}", r.stderr);
    // A run of exactly four: one "more time".
    let p = program("recur4", b"def f(n):\n    if n == 0:\n        raise ValueError\n    return f(n - 1)\nf(4)\n");
    let r = run(&p);
    assert!(r.stderr.contains("\n  [Previous line repeated 1 more time]\n  File"), "{}", r.stderr);
}

#[test]
fn pathological_nesting_is_refused_fast_as_cpython_refuses_it() {
    let lambdas = format!("f = {}1\n", "lambda: ".repeat(8000));
    let plus = format!("x = {}\n", vec!["1"; 1_000_000].join("+"));
    let neg = format!("x = {}1\n", "-".repeat(100_000));
    let parens = format!("x = {}1{}\n", "(".repeat(201), ")".repeat(201));
    let lists = format!("x = {}{}\n", "[".repeat(1_000_000), "]".repeat(1_000_000));
    let indents: String =
        (0..100).map(|i| format!("{}if 1:\n", " ".repeat(i))).collect::<String>() + &" ".repeat(100) + "pass\n";
    for (name, src, last) in [
        ("lambdas", lambdas, "MemoryError"),
        ("plus", plus, "RecursionError: maximum recursion depth exceeded during compilation"),
        ("neg", neg, "MemoryError"),
        ("parens", parens, "SyntaxError: too many nested parentheses"),
        ("lists", lists, "SyntaxError: too many nested parentheses"),
        ("indents", indents, "IndentationError: too many levels of indentation"),
    ] {
        let p = program(name, src.as_bytes());
        let r = run_limited(&p, 3_000_000, Duration::from_secs(30));
        assert_eq!(r.status, Some(1), "{name}: {}", r.stderr);
        assert_eq!(r.last(), last, "{name}");
        assert!(r.stderr.len() < 2000 || name == "parens" || name == "lists", "{name}: stderr too long");
    }
    // Just inside CPython's limits: accepted and run.
    let p = program("deepok", format!("x = {}1\nprint(x)\n", "-".repeat(2998)).as_bytes());
    let r = run(&p);
    assert_eq!((r.status, r.stdout.as_str()), (Some(0), "1\n"), "{}", r.stderr);
}
