//! Bad input gets a clear error, never a crash: syntax errors, unsupported features,
//! unreadable files, engines that are not built, runaway recursion, deep data structures.

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

/// Writes `src` (raw bytes) to a fresh temporary file and returns its path.
fn program(name: &str, src: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tracelift-cli-{}-{}", std::process::id(), name));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}.py"));
    std::fs::write(&p, src).unwrap();
    p
}

fn run(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("run tracelift")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn syntax_error_is_reported_like_cpython() {
    let p = program("syntax", b"x = 1\ndef f(:\n    pass\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains(&format!("File \"{}\", line 2", p.display())), "{e}");
    assert!(e.lines().last().unwrap().starts_with("SyntaxError: "), "{e}");
}

#[test]
fn compile_time_syntax_errors() {
    for (name, src, line) in [
        ("ret", "x = 1\nreturn 5\n", 2),
        ("brk", "if True:\n    break\n", 2),
        ("nonloc", "def f():\n    nonlocal q\n", 2),
    ] {
        let p = program(name, src.as_bytes());
        let o = run(&["run", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        let e = stderr(&o);
        assert!(e.contains(&format!("line {line}")), "{name}: {e}");
        assert!(e.lines().last().unwrap().starts_with("SyntaxError: "), "{name}: {e}");
    }
}

#[test]
fn unsupported_feature_names_itself_and_its_place() {
    let p = program("unsup", b"x = 1\nmatch x:\n    case 1:\n        pass\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.trim(), format!("tracelift: unsupported: match statement at {}:2:1", p.display()));
}

#[test]
fn unreadable_inputs_get_one_line_and_status_2() {
    // A directory and bytes that are not source text are CPython's exit 1 (tests/errors.rs).
    let missing = std::env::temp_dir().join("tracelift-definitely-missing.py");
    let path = missing.to_str().unwrap();
    let o = run(&["run", path]);
    assert_eq!(o.status.code(), Some(2), "{path}");
    let e = stderr(&o);
    assert_eq!(e.trim().lines().count(), 1, "{path}: {e}");
    assert!(e.starts_with("tracelift: "), "{path}: {e}");
}

#[test]
fn engines_not_built_are_refused_not_replaced() {
    let p = program("engine", b"print(1)\n");
    let built = String::from_utf8(run(&["engines"]).stdout).unwrap();
    for engine in ["tier1", "uops", "stencil", "cranelift"] {
        let o = run(&["run", "--engine", engine, p.to_str().unwrap()]);
        if built.lines().any(|l| l == engine) {
            assert_eq!(o.status.code(), Some(0), "{engine}");
            assert_eq!(String::from_utf8_lossy(&o.stdout), "1\n");
        } else {
            assert_eq!(o.status.code(), Some(2), "{engine}");
            let e = stderr(&o);
            assert!(e.contains(&format!("engine '{engine}' is not built")), "{e}");
            assert!(e.contains("tier1"), "{e}");
        }
    }
    let o = Command::new(bin()).args(["run", p.to_str().unwrap()]).env("TRACELIFT_ENGINE", "stencil").output().unwrap();
    if !built.contains("stencil") {
        assert_eq!(o.status.code(), Some(2));
    }
}

#[test]
fn runaway_recursion_raises_recursion_error() {
    let p = program("recur", b"def f(n):\n    return f(n + 1)\nf(0)\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert_eq!(e.lines().last().unwrap(), "RecursionError: maximum recursion depth exceeded", "{e}");
    assert!(e.contains("line 2, in f"), "{e}");
    // Recursion through a builtin (__repr__ calling repr) is bounded too.
    let p = program("recur2", b"class A:\n    def __repr__(self):\n        return repr(self)\nprint(A())\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).lines().last().unwrap().starts_with("RecursionError"));
}

#[test]
fn deep_structures_are_freed_without_crashing() {
    let p = program("deep", b"x = []\nfor i in range(200000):\n    x = [x]\nprint('ok')\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ok\n");
}

#[test]
fn runtime_error_traceback_has_the_right_lines() {
    let p = program("tb", b"def g(x):\n    return 10 // x\n\ndef f():\n    return g(0)\n\nprint('start')\nf()\n");
    let o = run(&["run", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "start\n");
    let e = stderr(&o);
    let want = [
        "Traceback (most recent call last):".to_string(),
        format!("  File \"{}\", line 8, in <module>", p.display()),
        format!("  File \"{}\", line 5, in f", p.display()),
        format!("  File \"{}\", line 2, in g", p.display()),
        "ZeroDivisionError: integer division or modulo by zero".to_string(),
    ];
    let got: Vec<&str> = e.lines().filter(|l| !l.starts_with("    ")).collect();
    assert_eq!(got, want, "{e}");
}

#[test]
fn dis_prints_every_code_object() {
    let p = program("dis", b"def f(a):\n    return a + 1\nprint(f(2))\n");
    let o = run(&["dis", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Disassembly of <code object <module>"), "{out}");
    assert!(out.contains("Disassembly of <code object f"), "{out}");
    assert!(out.contains("BINARY_OP") && out.contains("RETURN_VALUE"), "{out}");
}

#[test]
fn pythonpath_and_sys_path_are_searched_in_order() {
    // Two folders each with a module `pp_mod`; PYTHONPATH lists the second after the first,
    // and the program's own folder comes before both. A folder the program appends to
    // `sys.path` is searched too.
    let base = std::env::temp_dir().join(format!("tracelift-cli-{}-pythonpath", std::process::id()));
    let (a, b, c) = (base.join("a"), base.join("b"), base.join("c"));
    for d in [&a, &b, &c] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(a.join("pp_mod.py"), "WHO = 'a'\n").unwrap();
    std::fs::write(b.join("pp_mod.py"), "WHO = 'b'\n").unwrap();
    std::fs::write(b.join("pp_only_b.py"), "WHO = 'only b'\n").unwrap();
    std::fs::write(c.join("pp_late.py"), "WHO = 'late'\n").unwrap();
    let src = format!(
        "import sys\nimport pp_mod, pp_only_b\nprint(pp_mod.WHO, pp_only_b.WHO)\n\
         print(sys.path[1:3] == [{a:?}, {b:?}])\n\
         try:\n    import pp_late\nexcept ImportError as e:\n    print(type(e).__name__, e)\n\
         sys.path.append({c:?})\nimport pp_late\nprint(pp_late.WHO)\n",
        a = a.to_str().unwrap(),
        b = b.to_str().unwrap(),
        c = c.to_str().unwrap()
    );
    let p = program("pythonpath", src.as_bytes());
    let joined = std::env::join_paths([&a, &b]).unwrap();
    let o = Command::new(bin()).args(["run", p.to_str().unwrap()]).env("PYTHONPATH", &joined).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "a only b\nTrue\nModuleNotFoundError No module named 'pp_late'\nlate\n"
    );
}
