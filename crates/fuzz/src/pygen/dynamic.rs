//! Dynamic behaviour aimed at what tier 1 specializes and tier 2 guards: instance layouts that
//! churn in a hot loop (attributes added out of order, deleted and re-added, set through
//! `setattr`, shadowing class attributes, read through `__dict__`), calls of one function in
//! many shapes (defaults, keywords, `*args`, `**kwargs`), and binary operators over a
//! heterogeneous list whose errors are caught and printed.

use super::Gen;

const ATTRS: &[&str] = &["x", "y", "z", "w", "u", "name", "size", "k0"];

impl Gen {
    /// A class whose instances change layout inside a hot loop.
    pub fn layout_churn(&mut self) {
        let cls = format!("L{}", self.fresh(""));
        let n_init = self.int(1, 4) as usize;
        let mut init: Vec<&str> = Vec::new();
        while init.len() < n_init {
            let a = *self.pick(ATTRS);
            if !init.contains(&a) {
                init.push(a);
            }
        }
        open!(self, "class {cls}:");
        if self.chance(0.4) {
            let a = *self.pick(ATTRS);
            line!(self, "{a} = {}", self.int(-5, 50));
        }
        open!(self, "def __init__(self, v):");
        for (k, a) in init.iter().enumerate() {
            line!(self, "self.{a} = v + {k}");
        }
        self.close();
        open!(self, "def total(self):");
        line!(self, "return sum(getattr(self, n, 0) for n in {:?})", ATTRS);
        self.close();
        self.close();
        let n = self.int(20, 120) as u64;
        if !self.affords(n * 12) || !self.may_print_n(n / 4 + 4) {
            return;
        }
        let objs = self.fresh("objs");
        let i = self.fresh("i");
        let o = self.fresh("o");
        line!(self, "{objs} = []");
        open!(self, "for {i} in range({n}):");
        line!(self, "{o} = {cls}({i})");
        for _ in 0..self.int(2, 6) {
            let a = *self.pick(ATTRS);
            let c = format!("{i} % {} == {}", self.int(2, 7), self.int(0, 1));
            match self.below(9) {
                0 => line!(self, "if {c}: {o}.{a} = {i} * {}", self.int(-3, 3)),
                1 => {
                    open!(self, "if {c} and '{a}' in {o}.__dict__:");
                    line!(self, "del {o}.{a}");
                    self.close();
                }
                2 => line!(self, "setattr({o}, '{a}', getattr({o}, '{a}', 0) + 1)"),
                3 => line!(self, "setattr({o}, {:?}[{i} % {}], {i})", ATTRS, ATTRS.len()),
                4 => {
                    open!(self, "if {c} and '{a}' in {o}.__dict__:");
                    line!(self, "delattr({o}, '{a}')");
                    line!(self, "{o}.{a} = -{i}");
                    self.close();
                }
                5 => line!(self, "if {c}: {cls}.{a} = {i}"),
                6 => line!(self, "{o}.__dict__['{a}'] = {i} + 100"),
                7 => line!(self, "if {c}: {objs}.append(len({o}.__dict__))"),
                _ => line!(self, "{objs}.append(getattr({o}, '{a}', -1))"),
            }
        }
        line!(self, "{objs}.append({o}.total())");
        open!(self, "if {i} % 4 == 0:");
        line!(self, "print({i}, list({o}.__dict__.items()), {o}.total())");
        self.close();
        self.close();
        line!(self, "print(len({objs}), sum({objs}), {objs}[-6:])");
        self.ctx_mut().cost += n * 12;
    }

    /// One function called in many shapes inside a hot loop.
    pub fn call_shapes(&mut self) {
        let f = self.fresh("fk");
        let nd = self.int(0, 2);
        let star = self.chance(0.5);
        let kwonly = self.chance(0.5);
        let kw = self.chance(0.5);
        let mut sig = vec!["a".to_string()];
        let mut body = vec!["a".to_string()];
        for k in 0..nd {
            sig.push(format!("d{k}={}", self.int(-3, 9)));
            body.push(format!("d{k} * {}", k + 2));
        }
        if star {
            sig.push("*args".into());
            body.push("sum(args)".into());
        }
        if kwonly {
            if !star {
                sig.push("*".into());
            }
            sig.push(format!("c={}", self.int(0, 5)));
            body.push("c * 7".into());
        }
        if kw {
            sig.push("**kw".into());
            body.push("sum(kw.values())".into());
        }
        open!(self, "def {f}({}):", sig.join(", "));
        line!(self, "return {}", body.join(" + "));
        self.close();
        let n = self.int(20, 100) as u64;
        if !self.affords(n * 8) || !self.may_print_n(n / 5 + 1) {
            return;
        }
        let i = self.fresh("i");
        let acc = self.fresh("acc");
        line!(self, "{acc} = []");
        open!(self, "for {i} in range({n}):");
        let mut shapes = vec![format!("{f}({i})"), format!("{f}(a={i})")];
        if nd > 0 {
            shapes.push(format!("{f}({i}, {i} + 1)"));
            shapes.push(format!("{f}({i}, d0=2)"));
            shapes.push(format!("{f}(*[{i}, 3])"));
        }
        if star {
            shapes.push(format!("{f}({i}, {})", (0..nd + 2).map(|k| k.to_string()).collect::<Vec<_>>().join(", ")));
            shapes.push(format!("{f}(*range({i} % 6))").replace("range(0)", "range(1)"));
        }
        if kwonly {
            shapes.push(format!("{f}({i}, c={i} % 4)"));
        }
        if kw {
            shapes.push(format!("{f}({i}, zz={i}, yy=2)"));
            shapes.push(format!("{f}(**{{'a': {i}, 'q': 1}})"));
        }
        let picks = self.int(2, 4);
        for _ in 0..picks {
            let s = self.pick(&shapes).clone();
            // `*range(0)` would pass no `a`: start at 1.
            let s = s.replace(&format!("range({i} % 6)"), &format!("range(1, {i} % 6 + 2)"));
            let c = format!("{i} % {} == {}", self.int(1, 4), 0);
            line!(self, "if {c}: {acc}.append({s})");
        }
        open!(self, "if {i} % 5 == 0:");
        line!(self, "print({i}, {acc}[-3:])");
        self.close();
        self.close();
        line!(self, "print(len({acc}), sum({acc}))");
        self.ctx_mut().cost += n * 8;
    }

    /// Binary operators over values of many types; errors are caught and printed.
    pub fn hetero_ops(&mut self) {
        const VALS: &[&str] = &[
            "1",
            "2.5",
            "2 ** 70",
            "-3",
            "'ab'",
            "[1, 2]",
            "(3,)",
            "None",
            "True",
            "0.0",
            "-0.0",
            "0",
            "'7'",
            "-(2 ** 64)",
        ];
        const OPS: &[&str] = &["+", "-", "*", "<", "==", "!=", ">=", "//", "in"];
        let k = self.int(4, 8) as usize;
        let vals: Vec<&str> = (0..k).map(|_| *self.pick(VALS)).collect();
        let n = (k * self.int(2, 5) as usize) as u64;
        if !self.affords(n * 6) || !self.may_print_n(n) {
            return;
        }
        let vs = self.fresh("hv");
        let (i, a, b, r, e) = (self.fresh("i"), self.fresh("a"), self.fresh("b"), self.fresh("r"), self.fresh("e"));
        let op = *self.pick(OPS);
        let m = self.int(1, 5);
        line!(self, "{vs} = [{}]", vals.join(", "));
        open!(self, "for {i} in range({n}):");
        line!(self, "{a} = {vs}[{i} % len({vs})]");
        line!(self, "{b} = {vs}[({i} * {m} + 1) % len({vs})]");
        open!(self, "try:");
        line!(self, "{r} = {a} {op} {b}");
        self.close();
        open!(self, "except Exception as {e}:");
        line!(self, "{r} = type({e}).__name__ + ': ' + str({e})");
        self.close();
        line!(self, "print({i}, repr({r}))");
        self.close();
        self.ctx_mut().cost += n * 6;
    }
}
