//! Integration tests of the compiler: every feature of the subset compiles, the produced code
//! objects are well formed (jumps, caches, exception and line tables, exact stack depth), the
//! disassembly is golden-tested, and errors carry CPython's messages and positions.

use std::collections::{BTreeSet, HashMap};
use tracelift_compiler::code::{flags, kinds};
use tracelift_compiler::{CodeObject, CompileError, Constant, compile_module, disassemble};
use tracelift_uops::opcode::{Opcode, decode, encode};

fn compile(src: &str) -> CodeObject {
    match compile_module(src, "test.py") {
        Ok(c) => c,
        Err(e) => panic!("compile failed for:\n{src}\n{e:?}"),
    }
}

fn all_codes(code: &CodeObject) -> Vec<&CodeObject> {
    let mut out = vec![code];
    for c in &code.consts {
        if let Constant::Code(inner) = c {
            out.extend(all_codes(inner));
        }
    }
    out
}

fn find<'a>(code: &'a CodeObject, name: &str) -> &'a CodeObject {
    all_codes(code).into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no code object {name}"))
}

fn ops(code: &CodeObject) -> Vec<(Opcode, u32)> {
    code.instructions().map(|(_, op, arg)| (op, arg)).collect()
}

fn jump_target(off: usize, op: Opcode, arg: u32) -> Option<usize> {
    let next = off + 1 + op.cache_size();
    match op {
        Opcode::JUMP_FORWARD
        | Opcode::POP_JUMP_IF_FALSE
        | Opcode::POP_JUMP_IF_TRUE
        | Opcode::POP_JUMP_IF_NONE
        | Opcode::POP_JUMP_IF_NOT_NONE
        | Opcode::FOR_ITER
        | Opcode::SEND => Some(next + arg as usize),
        Opcode::JUMP_BACKWARD | Opcode::JUMP_BACKWARD_NO_INTERRUPT => Some(next - arg as usize),
        _ => None,
    }
}

/// Independent re-implementation of the opcode docs' stack effects: (fallthrough, jump).
fn effect(op: Opcode, arg: u32) -> (i32, i32) {
    use Opcode::*;
    let a = arg as i32;
    let e = match op {
        POP_TOP | END_FOR | STORE_FAST | STORE_DEREF | STORE_GLOBAL | STORE_NAME | DELETE_ATTR => -1,
        BINARY_OP | COMPARE_OP | IS_OP | CONTAINS_OP | BINARY_SUBSCR => -1,
        LIST_APPEND | SET_ADD | LIST_EXTEND | SET_UPDATE | DICT_UPDATE | DICT_MERGE => -1,
        SET_FUNCTION_ATTRIBUTE | RETURN_VALUE | POP_EXCEPT | FORMAT_WITH_SPEC | IMPORT_NAME => -1,
        END_SEND | POP_JUMP_IF_FALSE | POP_JUMP_IF_TRUE | POP_JUMP_IF_NONE | POP_JUMP_IF_NOT_NONE => -1,
        PUSH_NULL | COPY | LOAD_CONST | LOAD_FAST | LOAD_DEREF | LOAD_CLOSURE | LOAD_NAME => 1,
        LOAD_BUILD_CLASS | PUSH_EXC_INFO | LOAD_ASSERTION_ERROR | IMPORT_FROM | RETURN_GENERATOR => 1,
        LOAD_FAST_LOAD_FAST => 2,
        STORE_FAST_STORE_FAST => -2,
        LOAD_GLOBAL => 1 + (a & 1),
        LOAD_ATTR => a & 1,
        STORE_ATTR | DELETE_SUBSCR | BINARY_SLICE | MAP_ADD => -2,
        STORE_SUBSCR => -3,
        STORE_SLICE => -4,
        BUILD_SLICE | BUILD_TUPLE | BUILD_LIST | BUILD_SET | BUILD_STRING => 1 - a,
        BUILD_MAP => 1 - 2 * a,
        UNPACK_SEQUENCE => a - 1,
        UNPACK_EX => (a & 0xff) + (a >> 8),
        FOR_ITER => return (1, -1),
        CALL => -1 - a,
        CALL_KW => -2 - a,
        CALL_FUNCTION_EX => -2 - (a & 1),
        RAISE_VARARGS => -a,
        RERAISE => -a - 1,
        _ => 0,
    };
    (e, e)
}

fn terminal(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::RETURN_VALUE
            | Opcode::RETURN_CONST
            | Opcode::RAISE_VARARGS
            | Opcode::RERAISE
            | Opcode::JUMP_FORWARD
            | Opcode::JUMP_BACKWARD
            | Opcode::JUMP_BACKWARD_NO_INTERRUPT
    )
}

/// Checks every structural invariant the VM relies on; returns the computed max depth.
fn check_code(code: &CodeObject) -> u32 {
    let name = &code.name;
    let insts: Vec<(usize, Opcode, u32)> = code.instructions().collect();
    let starts: BTreeSet<usize> = insts.iter().map(|i| i.0).collect();
    // Caches.
    for &(off, op, _) in &insts {
        assert_ne!(op, Opcode::CACHE, "{name}: CACHE executed at {off}");
        for k in 1..=op.cache_size() {
            assert_eq!(code.code[off + k], encode(Opcode::CACHE, 0), "{name}: cache of {} at {off}", op.name());
        }
    }
    let total: usize = insts.iter().map(|i| 1 + i.1.cache_size()).sum();
    assert_eq!(total, code.code.len(), "{name}: trailing units");
    // Jumps.
    for &(off, op, arg) in &insts {
        if let Some(t) = jump_target(off, op, arg) {
            assert!(starts.contains(&t), "{name}: {} at {off} jumps to {t}, not an instruction", op.name());
        }
    }
    // Exception table.
    let mut prev_end = 0;
    for e in &code.exceptiontable {
        assert!(e.start < e.end, "{name}: empty entry {e:?}");
        assert!(e.start >= prev_end, "{name}: overlapping/unsorted entries");
        prev_end = e.end;
        assert!(starts.contains(&(e.start as usize)), "{name}: entry start {e:?}");
        assert!(starts.contains(&(e.target as usize)), "{name}: entry target {e:?}");
        assert!(e.end as usize == code.code.len() || starts.contains(&(e.end as usize)));
    }
    // Line table.
    assert_eq!(code.linetable.first().map(|l| l.start), Some(0), "{name}: line table must start at 0");
    assert!(code.linetable.windows(2).all(|w| w[0].start < w[1].start), "{name}: line table unsorted");
    // Localsplus.
    assert_eq!(code.localsplusnames.len(), code.localspluskinds.len());
    let mut seen_free = false;
    for k in &code.localspluskinds {
        if *k & kinds::FREE != 0 {
            seen_free = true;
        } else {
            assert!(!seen_free, "{name}: free vars must come last");
        }
    }
    // Stack depth by flow analysis (including handler entries).
    let index: HashMap<usize, usize> = insts.iter().enumerate().map(|(i, x)| (x.0, i)).collect();
    let mut depth: Vec<Option<i32>> = vec![None; insts.len()];
    let mut work = vec![(0usize, 0i32)];
    let mut max = 0;
    while let Some((mut i, mut d)) = work.pop() {
        while i < insts.len() {
            if let Some(old) = depth[i] {
                assert_eq!(old, d, "{name}: inconsistent depth at {}", insts[i].0);
                break;
            }
            depth[i] = Some(d);
            max = max.max(d);
            let (off, op, arg) = insts[i];
            if let Some(h) = code.handler_for(off) {
                let hd = h.depth as i32 + 1 + h.lasti as i32;
                assert!(h.depth as i32 <= d, "{name}: handler depth {} above stack {d} at {off}", h.depth);
                work.push((index[&(h.target as usize)], hd));
            }
            let (fall, jump) = effect(op, arg);
            if let Some(t) = jump_target(off, op, arg) {
                work.push((index[&t], d + jump));
            }
            if terminal(op) {
                break;
            }
            d += fall;
            assert!(d >= 0, "{name}: negative depth after {} at {off}", op.name());
            max = max.max(d);
            i += 1;
        }
    }
    assert!(depth.iter().all(|d| d.is_some()), "{name}: unreachable instruction kept");
    assert_eq!(code.stacksize, max as u32, "{name}: stacksize");
    max as u32
}

fn check(src: &str) -> CodeObject {
    let code = compile(src);
    for c in all_codes(&code) {
        check_code(c);
    }
    code
}

const FEATURES: &[(&str, &str)] = &[
    ("assign", "a = 1\nb = a + 2\nc = d = b"),
    ("def", "def f(a, b=2, *args, c, d=4, **kw):\n    return a + b\nf(1, c=2)"),
    ("posonly", "def f(a, /, b):\n    return a\n"),
    ("closure", "def f():\n    x = 1\n    def g():\n        return x\n    return g"),
    ("nonlocal", "def f():\n    x = 1\n    def g():\n        nonlocal x\n        x += 1\n    g()\n    return x"),
    ("global", "def f():\n    global g\n    g = 1\n    del g\nglobal h\nh = 2"),
    ("lambda", "f = lambda x, y=2: x * y\ng = lambda: (yield)"),
    ("decorators", "@a\n@b(1)\ndef f(): pass\n@c\nclass K: pass"),
    ("class", "class C(B):\n    '''doc'''\n    x = 1\n    def m(self):\n        return self.x\n"),
    ("super", "class C(B):\n    def m(self):\n        return super().m()\n    def n(self):\n        return __class__"),
    ("if", "if a:\n    b()\nelif c:\n    d()\nelse:\n    e()"),
    (
        "while",
        "i = 0\nwhile i < 10:\n    i += 1\n    if i == 3:\n        continue\n    if i == 5:\n        break\nelse:\n    x = 1",
    ),
    ("for", "for i in range(3):\n    if i:\n        break\n    continue\nelse:\n    pass"),
    ("nested for", "for i in a:\n    for j in b:\n        if j:\n            break\n"),
    (
        "try except",
        "try:\n    a()\nexcept E as e:\n    b(e)\nexcept (F, G):\n    pass\nexcept:\n    raise\nelse:\n    c()",
    ),
    ("try finally", "try:\n    a()\nfinally:\n    b()"),
    ("try all", "try:\n    a()\nexcept E:\n    b()\nelse:\n    c()\nfinally:\n    d()"),
    ("raise", "raise E\nraise E from F"),
    ("return in finally", "def f():\n    try:\n        return g()\n    finally:\n        h()"),
    (
        "break in finally",
        "def f():\n    for x in y:\n        try:\n            break\n        finally:\n            h()",
    ),
    (
        "continue in except",
        "def f():\n    while a:\n        try:\n            g()\n        except E as e:\n            continue",
    ),
    (
        "return in except",
        "def f():\n    try:\n        g()\n    except E as e:\n        return e\n    except:\n        return 1",
    ),
    (
        "return in for in try",
        "def f():\n    try:\n        for x in y:\n            return x\n    finally:\n        pass",
    ),
    (
        "nested try",
        "def f():\n    try:\n        try:\n            a()\n        finally:\n            b()\n    except E:\n        return c()",
    ),
    ("chained compare", "x = a < b < c\nif a < b <= c != d:\n    pass"),
    ("boolops", "x = a and b or c\nif not (a or b) and c:\n    pass\ny = not a"),
    ("ifexp", "x = a if b else c\nif (a if b else c):\n    pass"),
    ("augassign", "a += 1\na.b -= 2\na[i] *= 3\na[1:2] //= 4\nx **= 2"),
    ("unpack", "a, b = c\n[a, (b, c)] = d\na, *b, c = e\n*a, = f\nx.y, z[0] = 1, 2"),
    ("displays", "a = [1, 2, *b]\nc = (1, *d)\ne = {1, *f}\ng = {1: 2, **h, 3: x}\ni = []\nj = {}\nk = ()"),
    (
        "comprehensions",
        "a = [x for x in y if x]\nb = {x for x in y}\nc = {k: v for k, v in z}\nd = [x * y for x in a for y in b if x if y]",
    ),
    ("genexpr", "g = (x for x in y)\ns = sum(x * x for x in range(10))"),
    ("generator", "def g(n):\n    i = 0\n    while i < n:\n        got = yield i\n        i += 1\n    return i"),
    ("yield from", "def g():\n    yield from range(3)"),
    ("slicing", "a = b[1:2]\nc = b[::2]\nd = b[:]\nb[1:2] = e\nf = b[1:2, 3]"),
    ("containment", "x = a in b\ny = a not in b\nz = a is b\nw = a is not None\nif a is None:\n    pass"),
    ("fstrings", "x = f'{a}'\ny = f'a{b!r}c{d:>{w}}'\nz = f'{e!s}{f!a}'\nw = f''"),
    ("percent", "x = '%s' % (a,)"),
    ("del", "del a\ndel a.b, a[0], a[1:2]\ndef f():\n    x = 1\n    del x"),
    ("assert", "assert a\nassert a, 'msg'"),
    ("pass", "pass"),
    (
        "imports",
        "import a\nimport a as b\nimport a.b\nimport a.b.c as d\nfrom m import x, y as z\nfrom . import r\nfrom ..p import q\nfrom m import *",
    ),
    ("walrus", "if (n := len(a)) > 10:\n    pass\ndef f():\n    return [y for x in a if (y := x)]"),
    ("calls", "f(*a)\nf(1, *a, 2)\nf(**k)\nf(a, b=1, **k)\nf(*a, **k)\no.m(1, x=2)\no.m(*a)\nprint(1)"),
    ("big int", "x = 123456789012345678901234567890\ny = -9223372036854775808"),
    ("ellipsis", "x = ...\ny = None\nz = True"),
    ("unary", "a = -b\nc = +d\ne = ~f\ng = not h\ni = -1.5"),
    ("floats", "x = 1.5 + 2e10 + 1e-7"),
    ("docstring", "'''module doc'''\ndef f():\n    'doc'\n    return 1"),
    ("ann assign", "x: int = 1\ny: int\ndef f():\n    z: int = 2\n    return z"),
    (
        "class in function",
        "def f():\n    v = 1\n    class K:\n        w = v\n        def m(self):\n            return v\n    return K",
    ),
    ("private names", "class C:\n    __x = 1\n    def m(self):\n        return self.__x"),
    ("while true", "while True:\n    if a():\n        break\n"),
    ("dead code", "def f():\n    return 1\n    x = 2\nwhile 0:\n    y()"),
    (
        "many args",
        "f(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)",
    ),
    (
        "big list",
        "x = [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, bb, cc, dd, ee, ff]",
    ),
    ("generator try", "def g():\n    try:\n        yield 1\n    finally:\n        print(2)"),
    ("comprehension in class", "class C:\n    xs = [1, 2]\n    ys = [x for x in xs]"),
    ("kwonly defaults with closures", "def f(a):\n    def g(*, b=a, c=lambda: a):\n        return b\n    return g"),
];

#[test]
fn every_feature_compiles_and_is_well_formed() {
    for (name, src) in FEATURES {
        let r = std::panic::catch_unwind(|| check(src));
        assert!(r.is_ok(), "feature {name} failed");
    }
}

#[test]
fn stack_depths() {
    assert_eq!(check("a = b + c").stacksize, 2);
    // callable, null, 3 args
    assert_eq!(check("f(1, 2, 3)").stacksize, 5);
    // except handler: exc pushed, PUSH_EXC_INFO, type, CHECK_EXC_MATCH.
    assert_eq!(check("try:\n    pass\nexcept E:\n    pass").stacksize, 0);
    // cleanup handler: prev_exc, lasti, exc, then COPY 3.
    assert_eq!(check("try:\n    a()\nexcept E:\n    pass").stacksize, 4);
    // cleanup handler entry: prev_exc + lasti + exc, then COPY 3.
    let c = check("try:\n    a()\nexcept E as e:\n    b()");
    assert_eq!(c.stacksize, 4);
    // A for loop keeps the iterator.
    let f = check("def f(x):\n    for i in x:\n        g(i)");
    assert_eq!(find(&f, "f").stacksize, 4);
    // Generator body handler: lasti + exc.
    let g = check("def g():\n    yield 1");
    assert_eq!(find(&g, "g").stacksize, 2);
}

#[test]
fn exception_table_is_sorted_and_disjoint() {
    let src = "def f():\n    for x in y:\n        try:\n            try:\n                a()\n            except E as e:\n                return e\n            finally:\n                b()\n        except:\n            continue\n";
    let code = check(src);
    let f = find(&code, "f");
    assert!(f.exceptiontable.len() >= 4);
    // Handlers inside the loop keep the iterator on the stack.
    assert!(f.exceptiontable.iter().all(|e| e.depth >= 1));
}

#[test]
fn conditions_and_comparisons() {
    let c = check("def f(a, b):\n    if a < b:\n        return 1\n    return a < b");
    let f = ops(find(&c, "f"));
    assert!(f.contains(&(Opcode::COMPARE_OP, 16)), "{f:?}");
    assert!(f.contains(&(Opcode::COMPARE_OP, 0)), "{f:?}");
    assert!(!f.iter().any(|(op, _)| *op == Opcode::TO_BOOL));
    let c = check("def f(a):\n    if a:\n        return 1");
    let f = ops(find(&c, "f"));
    let i = f.iter().position(|x| x.0 == Opcode::TO_BOOL).unwrap();
    assert_eq!(f[i + 1].0, Opcode::POP_JUMP_IF_FALSE);
}

#[test]
fn names_are_resolved_like_cpython() {
    let c = check("def f(a):\n    b = a\n    def g():\n        return a + c\n    return g");
    let f = find(&c, "f");
    assert_eq!(f.localsplusnames, ["a", "b", "g"]);
    assert_eq!(f.localspluskinds[0], kinds::LOCAL | kinds::CELL);
    assert_eq!(f.flags & (flags::OPTIMIZED | flags::NEWLOCALS), flags::OPTIMIZED | flags::NEWLOCALS);
    assert_eq!(ops(f)[0], (Opcode::MAKE_CELL, 0));
    let g = find(&c, "g");
    assert_eq!(g.qualname, "f.<locals>.g");
    assert_eq!(g.localsplusnames, ["a"]);
    assert_eq!(g.localspluskinds, [kinds::FREE]);
    assert_eq!(g.flags & flags::NESTED, flags::NESTED);
    let gops = ops(g);
    assert_eq!(gops[0], (Opcode::COPY_FREE_VARS, 1));
    assert!(gops.contains(&(Opcode::LOAD_DEREF, 0)));
    assert!(gops.contains(&(Opcode::LOAD_GLOBAL, 0)));
    // Method call and global call forms.
    let c = check("def f(o):\n    o.m(1)\n    len(o)");
    let f = ops(find(&c, "f"));
    assert!(f.contains(&(Opcode::LOAD_ATTR, 1)), "{f:?}");
    assert!(f.contains(&(Opcode::LOAD_GLOBAL, 3)), "{f:?}");
    assert!(!f.iter().any(|x| x.0 == Opcode::PUSH_NULL));
}

#[test]
fn class_layout() {
    let c = check("class C(B):\n    def m(self):\n        return super().m()");
    let m = ops(&c);
    let i = m.iter().position(|x| x.0 == Opcode::LOAD_BUILD_CLASS).unwrap();
    assert_eq!(m[i + 1].0, Opcode::PUSH_NULL);
    assert_eq!(m[i + 2].0, Opcode::LOAD_CONST);
    let body = find(&c, "C");
    let b = ops(body);
    assert_eq!(b[0].0, Opcode::MAKE_CELL);
    let cc = body.names.iter().position(|n| n == "__classcell__").unwrap() as u32;
    assert!(b.ends_with(&[
        (Opcode::LOAD_CLOSURE, 0),
        (Opcode::COPY, 1),
        (Opcode::STORE_NAME, cc),
        (Opcode::RETURN_VALUE, 0)
    ]));
    assert_eq!(body.names[..3], ["__name__", "__module__", "__qualname__"]);
    let meth = find(&c, "m");
    assert_eq!(meth.qualname, "C.m");
    assert_eq!(meth.localsplusnames, ["self", "__class__"]);
}

#[test]
fn generator_prefix() {
    let c = check("def g(x):\n    def h():\n        return x\n    yield h");
    let g = ops(find(&c, "g"));
    assert_eq!(
        &g[..4],
        &[(Opcode::MAKE_CELL, 0), (Opcode::RETURN_GENERATOR, 0), (Opcode::POP_TOP, 0), (Opcode::RESUME, 0)]
    );
    assert_ne!(find(&c, "g").flags & flags::GENERATOR, 0);
    let c = check("x = (i for i in y)");
    let ge = find(&c, "<genexpr>");
    assert_eq!(ge.argcount, 1);
    assert_eq!(ge.localsplusnames[0], ".0");
}

#[test]
fn line_numbers_follow_expressions() {
    let c = check("x = f(\n    a,\n    b)\ny = 2\n");
    let lines: Vec<(Opcode, u32)> = c.instructions().map(|(off, op, _)| (op, c.line_for(off))).collect();
    assert!(lines.contains(&(Opcode::CALL, 1)));
    assert!(lines.contains(&(Opcode::LOAD_NAME, 2)));
    assert!(lines.contains(&(Opcode::STORE_NAME, 4)));
}

#[test]
fn constants() {
    let c = check("x = 123456789012345678901234567890\ny = -5\nz = 0.0\nw = -0.0\nv = (1, 'a', None)");
    assert!(c.consts.contains(&Constant::BigInt("123456789012345678901234567890".into())));
    assert!(c.consts.contains(&Constant::Int(-5)));
    let floats: Vec<&Constant> = c.consts.iter().filter(|k| matches!(k, Constant::Float(_))).collect();
    assert_eq!(floats.len(), 2, "0.0 and -0.0 are distinct constants");
}

#[test]
fn golden_disassembly() {
    let src = include_str!("golden/sample.py");
    let code = compile_module(src, "sample.py").expect("compiles");
    for c in all_codes(&code) {
        check_code(c);
    }
    let text = disassemble(&code);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/sample.dis");
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(path, &text).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    assert!(expected == text, "disassembly differs from {path}; rerun with BLESS=1 to update\n{text}");
}

fn syntax(src: &str) -> (String, u32, u32, String) {
    match compile_module(src, "t.py") {
        Err(CompileError::Syntax { msg, line, col, text, .. }) => (msg, line, col, text),
        other => panic!("expected SyntaxError for {src:?}, got {other:?}"),
    }
}

#[test]
fn syntax_errors() {
    let cases: &[(&str, &str, u32)] = &[
        ("x = 1\nreturn x", "'return' outside function", 2),
        ("x = 1\n\nbreak", "'break' outside loop", 3),
        ("def f():\n    continue", "'continue' not properly in loop", 2),
        ("yield 1", "'yield' outside function", 1),
        ("class C:\n    yield 1", "'yield' outside function", 2),
        ("def f():\n    nonlocal x", "no binding for nonlocal 'x' found", 2),
        ("nonlocal x", "nonlocal declaration not allowed at module level", 1),
        ("def f(a):\n    global a", "name 'a' is parameter and global", 2),
        ("def f():\n    x = 1\n    global x", "name 'x' is assigned to before global declaration", 3),
        ("f() = 1", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1),
        ("for 1 in x: pass", "cannot assign to literal", 1),
        ("del f()", "cannot delete function call", 1),
        ("def f(a, a): pass", "duplicate argument 'a' in function definition", 1),
        ("x = 1\ny = (1,\n", "'(' was never closed", 2),
        ("if x:\n    a = 1\n  b = 2", "unindent does not match any outer indentation level", 3),
        ("x = 1\nprint 'a'\n", "invalid syntax", 2),
        ("x = 'abc\n", "unterminated string literal (detected at line 1)", 1),
        ("try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass", "default 'except:' must be last", 3),
        ("a, *b, *c = d", "multiple starred expressions in assignment", 1),
        ("def f():\n    from m import *", "import * only allowed at module level", 2),
    ];
    for (src, msg, line) in cases {
        let (m, l, _, text) = syntax(src);
        assert_eq!((m.as_str(), l), (*msg, *line), "for {src:?}");
        assert_eq!(text, src.lines().nth(*line as usize - 1).unwrap_or(""), "text for {src:?}");
    }
}

#[test]
fn unsupported_features() {
    let cases: &[(&str, &str, u32)] = &[
        ("async with a:\n    pass", "async with statement", 1),
        ("x = 1\nasync def f():\n    yield 1", "async generator", 3),
        ("async def f():\n    async for x in y:\n        pass", "async for statement", 2),
        ("match x:\n    case 1:\n        pass", "match statement", 1),
        ("try:\n    pass\nexcept* E:\n    pass", "try/except* statement", 1),
        ("type X = int", "type statement", 1),
        ("def f[T](x): pass", "type parameters", 1),
        ("x = 1j", "complex literal", 1),
    ];
    for (src, what, line) in cases {
        match compile_module(src, "t.py") {
            Err(CompileError::Unsupported { what: w, line: l, .. }) => {
                assert_eq!((w.as_str(), l), (*what, *line), "for {src:?}")
            }
            other => panic!("expected Unsupported for {src:?}, got {other:?}"),
        }
    }
}

#[test]
fn no_panics_on_odd_input() {
    for src in ["", "\n\n", "#c", "(", ")", "x = [", "def", "lambda: (yield)", "\t x", "'''", "f(**)", "@\n"] {
        let _ = compile_module(src, "t.py");
    }
}

#[test]
fn instruction_encoding() {
    let c = check("x = 1");
    let (op, arg) = decode(c.code[0]);
    assert_eq!((op, arg), (Opcode::RESUME as u8, 0));
}
