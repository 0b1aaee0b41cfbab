//! Statements: assignments and updates that keep values bounded inside loops (ints wrapped
//! modulo a big modulus, strings and lists grown by small pieces), prints within an output
//! budget, `if`/`elif`/`else` whose direction changes mid-loop, `for` and `while` loops over
//! ranges, lists, dicts, strings and generators, `try`/`except`/`else`/`finally` with
//! exceptions raised inside loops, `break`/`continue`, and type-unstable assignments.

use super::expr::MODS;
use super::{Gen, Ty};

const FMODS: &[&str] = &["1000.0", "1e6", "7.5", "360.0"];

impl Gen {
    /// `n` statements at the current indentation.
    pub fn block(&mut self, n: usize) {
        for _ in 0..n {
            self.stmt();
        }
    }

    /// One statement chosen for the context.
    pub fn stmt(&mut self) {
        let in_loop = self.in_loop();
        let depth = self.ctx().loops;
        let can_loop = depth < 3 && self.affords(20);
        let w = [
            6,                                       // new variable
            8,                                       // update
            if in_loop { 4 } else { 5 },             // print
            3,                                       // if
            if can_loop { 5 } else { 0 },            // loop
            2,                                       // try
            2,                                       // call as a statement
            if in_loop { 2 } else { 0 },             // break / continue
            1,                                       // unstable value
            1,                                       // unpacking / walrus
            if self.ctx().safe > 0 { 1 } else { 0 }, // raise / assert
        ];
        match self.weighted(&w) {
            0 => self.new_var(),
            1 => self.update(),
            2 => self.print_stmt(),
            3 => self.if_stmt(),
            4 => self.loop_stmt(),
            5 => self.try_stmt(),
            6 => self.call_stmt(),
            7 => self.break_continue(),
            8 => self.unstable(),
            9 => self.unpack(),
            _ => self.raise_stmt(),
        }
        self.charge(1);
    }

    /// A type for a new variable.
    pub fn new_ty(&mut self) -> Ty {
        let mut tys = vec![
            Ty::Int,
            Ty::Int,
            Ty::Float,
            Ty::Num,
            Ty::Str,
            Ty::Str,
            Ty::List,
            Ty::Dict,
            Ty::Set,
            Ty::Tuple,
            Ty::Bool,
        ];
        for c in 0..self.classes.len() {
            tys.push(Ty::Obj(c));
        }
        *self.pick(&tys)
    }

    /// An int to store: wrapped modulo a big modulus inside loops so that nothing explodes.
    pub fn stored_int(&mut self) -> String {
        let e = self.int_expr(3);
        if self.in_loop() || self.level() > 0 { self.wrap_int(&e) } else { e }
    }

    pub fn wrap_int(&mut self, e: &str) -> String {
        if !e.contains(['(', ' ']) {
            return e.to_string();
        }
        let m = *self.pick(MODS);
        if self.chance(0.3) { format!("({e}) % {m} - {m} // 2") } else { format!("({e}) % {m}") }
    }

    pub fn stored(&mut self, ty: Ty) -> String {
        let bounded = self.in_loop() || self.level() > 0;
        match ty {
            Ty::Int => self.stored_int(),
            Ty::Float | Ty::Num if bounded => {
                let e = self.expr(ty, 2);
                let m = *self.pick(FMODS);
                format!("({e}) % {m}")
            }
            Ty::Str if bounded => self.str_expr(2, true),
            Ty::List if bounded => self.list_expr(1),
            _ => self.expr(ty, 2),
        }
    }

    pub fn new_var(&mut self) {
        let ty = self.new_ty();
        let name = self.fresh("v");
        let e = self.stored(ty);
        line!(self, "{name} = {e}");
        self.add_var(&name, ty);
    }

    pub fn update(&mut self) {
        let ty = self.new_ty();
        let cands = self.assignable(ty);
        if cands.is_empty() {
            return self.new_var();
        }
        let v = {
            let k = self.below(cands.len());
            self.vars[cands[k]].clone()
        }
        .name
        .clone();
        let in_loop = self.in_loop();
        let s = match ty {
            Ty::Int => match self.below(5) {
                0 => format!("{v} += {}", self.int_leaf()),
                1 => format!("{v} -= {}", self.int_leaf()),
                2 => format!("{v} &= {}", self.int_lit()),
                3 => format!("{v} >>= {}", self.int(0, 5)),
                _ => format!("{v} = {}", self.stored_int()),
            },
            Ty::Float | Ty::Num => match self.below(4) {
                0 => format!("{v} += {}", self.float_leaf()),
                1 => format!("{v} *= {}", self.pick(&["0.5", "0.99", "1.01", "-1.0"])),
                2 => format!("{v} -= {}", self.int_leaf()),
                _ => format!("{v} = {}", self.stored(ty)),
            },
            Ty::Str => match self.below(4) {
                0 | 1 => format!("{v} += {}", self.str_expr(1, true)),
                2 => format!("{v} = {v}[-{}:]", self.int(1, 12)),
                _ => format!("{v} = {}", self.stored(ty)),
            },
            Ty::List => match self.below(if in_loop { 9 } else { 10 }) {
                0..=2 => format!("{v}.append({})", self.stored_int()),
                3 => format!("if {v}:\n{}    {v}.pop()", self.pad()),
                4 => format!("if {v}:\n{}    {v}[{} % len({v})] = {}", self.pad(), self.int_expr(1), self.stored_int()),
                5 => format!("{v}.insert({}, {})", self.int(-2, 2), self.stored_int()),
                6 => format!("{v}.extend([{}, {}])", self.int_leaf(), self.int_leaf()),
                7 => format!("{v}.{}()", self.pick(&["sort", "reverse"])),
                8 => format!("{v} = {v}[-{}:]", self.int(1, 30)),
                _ => format!("{v} = {}", self.list_expr(2)),
            },
            Ty::Dict => match self.below(6) {
                0 | 1 => format!("{v}[{}] = {}", self.key_expr(), self.stored_int()),
                2 => {
                    let k = self.key_expr();
                    format!("{v}[{k}] = {v}.get({k}, 0) + 1")
                }
                3 => format!("{v}.pop({}, None)", self.key_expr()),
                4 => {
                    let k = self.key_expr();
                    format!("if {k} in {v}:\n{}    del {v}[{k}]", self.pad())
                }
                _ => format!("{v}.setdefault({}, {})", self.key_expr(), self.int_leaf()),
            },
            Ty::Set => match self.below(3) {
                0 => format!("{v}.add({} % 50)", self.int_expr(1)),
                1 => format!("{v}.discard({})", self.int(-3, 30)),
                _ => format!("{v} = {}", self.set_expr(1)),
            },
            Ty::Obj(c) => {
                let attrs = self.classes[c].attrs.clone();
                let (a, t) = attrs[self.below(attrs.len())].clone();
                match t {
                    Ty::Int if self.chance(0.5) => format!("{v}.{a} += {}", self.int_leaf()),
                    _ => format!("{v}.{a} = {}", self.stored(t)),
                }
            }
            _ => format!("{v} = {}", self.stored(ty)),
        };
        self.line(s);
    }

    fn pad(&self) -> String {
        "    ".repeat(self.indent_level())
    }

    /// A printable rendering of a value of type `ty`.
    pub fn printable(&mut self, ty: Ty) -> String {
        match ty {
            Ty::Set => format!("sorted({})", self.set_expr(1)),
            Ty::Obj(c) => {
                let o = self.obj_expr(c);
                if self.classes[c].has_repr && self.chance(0.6) {
                    format!("repr({o})")
                } else {
                    let attrs = self.classes[c].attrs.clone();
                    let (a, _) = &attrs[self.below(attrs.len())];
                    format!("{o}.{a}")
                }
            }
            Ty::Any => match self.var_of(Ty::Any) {
                Some(v) => match self.below(3) {
                    0 => format!("repr({v})"),
                    1 => format!("type({v}).__name__"),
                    _ => format!("({v} == {})", self.int_leaf()),
                },
                None => self.expr(Ty::Int, 2),
            },
            _ => self.expr(ty, 2),
        }
    }

    pub fn print_stmt(&mut self) {
        if !self.may_print() {
            return self.update();
        }
        let n = self.int(1, 3);
        let mut parts = Vec::new();
        // Prefer what is in scope: variables get printed often.
        for _ in 0..n {
            let e = if self.chance(0.6) && !self.vars.is_empty() {
                let v = {
                    let k = self.below(self.vars.len());
                    self.vars[k].clone()
                }
                .clone();
                match v.ty {
                    Ty::Set => format!("sorted({})", v.name),
                    Ty::Obj(_) | Ty::Any => {
                        let t = v.ty;
                        self.printable(t)
                    }
                    _ => v.name,
                }
            } else {
                let t = self.new_ty();
                self.printable(t)
            };
            parts.push(e);
        }
        let tag = format!("'p{}'", self.lines.len());
        let extra = match self.below(6) {
            0 => ", sep=', '",
            1 => ", sep=''",
            _ => "",
        };
        line!(self, "print({tag}, {}{extra})", parts.join(", "));
    }

    /// A condition that flips during a loop, or any boolean.
    pub fn cond(&mut self) -> String {
        let lv: Vec<String> =
            self.vars.iter().filter(|v| v.frozen && v.ty == Ty::Int).map(|v| v.name.clone()).collect();
        if !lv.is_empty() && self.chance(0.6) {
            let i = lv[self.below(lv.len())].clone();
            return match self.below(4) {
                0 => format!("{i} < {}", self.int(1, 60)),
                1 => format!("{i} % {} == {}", self.int(2, 7), self.int(0, 1)),
                2 => format!("{i} > {}", self.int(5, 100)),
                _ => format!("{i} == {}", self.int(0, 40)),
            };
        }
        self.bool_expr(2)
    }

    pub fn if_stmt(&mut self) {
        let c = self.cond();
        open!(self, "if {c}:");
        let n = self.int(1, 3) as usize;
        self.block(n);
        self.close();
        if self.chance(0.3) {
            let c = self.cond();
            open!(self, "elif {c}:");
            self.block(1);
            self.close();
        }
        if self.chance(0.4) {
            self.open("else:");
            let n = self.int(1, 2) as usize;
            self.block(n);
            self.close();
        }
    }

    /// Iteration count for a new loop, or `None` when the budget is spent.
    fn loop_count(&mut self) -> Option<u64> {
        let mut n: u64 = if self.ctx().loops == 0 && self.level() == 0 {
            self.int(10, 220) as u64
        } else if self.ctx().loops == 0 {
            self.int(2, 25) as u64
        } else {
            self.int(2, 10) as u64
        };
        while n >= 2 && !self.affords(n * 8) {
            n /= 2;
        }
        if n < 2 { None } else { Some(n) }
    }

    /// Runs `body` as a loop body with multiplicity `n`.
    fn loop_body(&mut self, n: u64, loop_vars: &[(String, Ty)]) {
        self.ctx_mut().mult *= n;
        self.ctx_mut().loops += 1;
        for (v, t) in loop_vars {
            self.add_var(v, *t);
            self.set_frozen(v, true);
        }
        let k = self.int(2, 5) as usize;
        self.block(k);
        self.ctx_mut().loops -= 1;
        self.ctx_mut().mult /= n;
    }

    pub fn loop_stmt(&mut self) {
        let Some(n) = self.loop_count() else { return self.update() };
        let i = self.fresh("i");
        match self.weighted(&[6, 2, 2, 1, 1, 1, 1, 1]) {
            0 => {
                let hdr = match self.below(4) {
                    0 => format!("for {i} in range({n}):"),
                    1 => format!("for {i} in range({}, {}):", -(n as i64) / 2, n - n / 2),
                    2 => format!("for {i} in range({n}, 0, -1):"),
                    _ => format!("for {i} in range(0, {}, 2):", 2 * n),
                };
                self.open(hdr);
                self.loop_body(n, &[(i, Ty::Int)]);
                self.close();
            }
            1 => {
                // `while` with its counter stepped first, so `continue` cannot skip it.
                let w = self.fresh("w");
                line!(self, "{w} = 0");
                open!(self, "while {w} < {n}:");
                line!(self, "{w} += 1");
                self.loop_body(n, &[(w, Ty::Int)]);
                self.close();
            }
            2 => {
                // A list built for the loop (never the one being mutated).
                let l = self.fresh("l");
                let items = match self.below(3) {
                    0 => format!("list(range({n}))"),
                    1 => format!("[{} * k % {} for k in range({n})]", self.int(1, 9), self.int(3, 50)),
                    _ => format!("[k * 0.25 if k % 3 else k for k in range({n})]"),
                };
                line!(self, "{l} = {items}");
                open!(self, "for {i} in {l}:");
                let t = if items.contains("0.25") { Ty::Num } else { Ty::Int };
                self.loop_body(n, &[(i, t)]);
                self.close();
            }
            3 => {
                let s = self.fresh("s");
                let lit = *self.pick(&["'abcdefgh'", "'hello world'", "'a1b2c3'", "'xyz'"]);
                let reps = (n / 8).max(1);
                line!(self, "{s} = {lit} * {reps}");
                let ch = self.fresh("ch");
                open!(self, "for {ch} in {s}:");
                self.add_var(&i, Ty::Int);
                self.set_frozen(&i, true);
                line!(self, "{i} = ord({ch})");
                let len = reps * (lit.len() as u64 - 2);
                self.loop_body(len.max(1), &[(ch, Ty::Str)]);
                self.close();
            }
            4 => {
                let d = self.fresh("d");
                line!(self, "{d} = {{'k' + str(k): k * {} for k in range({n})}}", self.int(1, 7));
                let k = self.fresh("k");
                open!(self, "for {k}, {i} in {d}.items():");
                self.loop_body(n, &[(k, Ty::Str), (i, Ty::Int)]);
                self.close();
            }
            5 => {
                let x = self.fresh("x");
                open!(self, "for {i}, {x} in enumerate(range({}, {}, 3)):", self.int(-9, 9), 3 * n);
                self.loop_body(n, &[(i, Ty::Int), (x, Ty::Int)]);
                self.close();
            }
            6 => match self.gen_func() {
                Some((f, args)) => {
                    open!(self, "for {i} in {f}({args}):");
                    self.loop_body(30, &[(i, Ty::Int)]);
                    self.close();
                }
                None => return self.update(),
            },
            _ => {
                let x = self.fresh("x");
                open!(self, "for {i}, {x} in zip(range({n}), 'abcdefghij' * {}):", n / 10 + 1);
                self.loop_body(n, &[(i, Ty::Int), (x, Ty::Str)]);
                self.close();
            }
        }
        if self.chance(0.15) {
            self.open("else:");
            self.print_stmt();
            self.close();
        }
    }

    pub fn break_continue(&mut self) {
        let c = self.cond();
        open!(self, "if {c}:");
        if self.chance(0.3) {
            self.print_stmt();
        }
        let k = *self.pick(&["break", "continue", "continue"]);
        self.line(k);
        self.close();
    }

    pub fn try_stmt(&mut self) {
        self.open("try:");
        self.ctx_mut().safe += 1;
        let n = self.int(1, 3) as usize;
        self.block(n);
        // Something that raises now and then.
        match self.below(6) {
            0 => {
                let c = self.cond();
                let e = self.exc_ctor();
                open!(self, "if {c}:");
                line!(self, "raise {e}");
                self.close();
            }
            1 => match self.var_of(Ty::Dict) {
                Some(d) => {
                    let v = self.fresh("v");
                    line!(self, "{v} = {d}[{}]", self.key_expr());
                }
                None => line!(self, "{} = 10 // ({} % 3)", self.fresh("v"), self.int_expr(1)),
            },
            2 => line!(self, "{} = 10 // ({} % 3)", self.fresh("v"), self.int_expr(1)),
            3 => match self.var_of(Ty::List) {
                Some(l) => line!(self, "{} = {l}[{}]", self.fresh("v"), self.int(-8, 12)),
                None => line!(self, "{} = int({})", self.fresh("v"), self.str_expr(1, true)),
            },
            4 => line!(self, "{} = int({})", self.fresh("v"), self.str_expr(1, true)),
            _ => self.stmt(),
        }
        self.ctx_mut().safe -= 1;
        self.close();
        let handlers = self.int(1, 3);
        let mut caught_all = false;
        for h in 0..handlers {
            let last = h == handlers - 1;
            let name = self.fresh("e");
            let what = if last && self.chance(0.7) {
                caught_all = true;
                "Exception".to_string()
            } else {
                let mut pool: Vec<String> = [
                    "ValueError",
                    "ZeroDivisionError",
                    "KeyError",
                    "IndexError",
                    "(TypeError, ValueError)",
                    "ArithmeticError",
                    "LookupError",
                ]
                .iter()
                .map(|s| s.to_string())
                .collect();
                for (e, _) in &self.excs {
                    pool.push(e.clone());
                }
                self.pick(&pool).clone()
            };
            open!(self, "except {what} as {name}:");
            if self.may_print() {
                line!(self, "print('caught', type({name}).__name__, str({name}))");
            }
            if self.chance(0.4) {
                self.stmt();
            }
            self.close();
        }
        if !caught_all && self.ctx().safe > 0 {
            // An outer handler catches what these do not.
        } else if !caught_all {
            let name = self.fresh("e");
            open!(self, "except Exception as {name}:");
            if self.may_print() {
                line!(self, "print('other', type({name}).__name__, str({name}))");
            }
            self.close();
        }
        if self.chance(0.25) {
            self.open("else:");
            self.stmt();
            self.close();
        }
        if self.chance(0.25) {
            self.open("finally:");
            self.update();
            self.close();
        }
    }

    /// A constructor call for an exception to raise.
    pub fn exc_ctor(&mut self) -> String {
        let i = self.int_leaf();
        if !self.excs.is_empty() && self.chance(0.5) {
            let (e, code) = {
                let k = self.below(self.excs.len());
                self.excs[k].clone()
            }
            .clone();
            return if code { format!("{e}({i})") } else { format!("{e}('bad', {i})") };
        }
        match self.below(4) {
            0 => format!("ValueError('value ' + str({i}))"),
            1 => format!("KeyError({})", self.key_expr()),
            2 => "ZeroDivisionError('manual')".into(),
            _ => format!("IndexError({i})"),
        }
    }

    pub fn raise_stmt(&mut self) {
        let c = self.cond();
        if self.chance(0.3) {
            let e = self.int_expr(1);
            line!(self, "assert {c} or True, {e}");
            return;
        }
        let e = self.exc_ctor();
        open!(self, "if {c}:");
        line!(self, "raise {e}");
        self.close();
    }

    pub fn call_stmt(&mut self) {
        let ty = *self.pick(&[Ty::Int, Ty::Float, Ty::Str, Ty::List, Ty::Bool]);
        match self.call_expr(ty, 1) {
            Some(c) => {
                let v = self.fresh("r");
                line!(self, "{v} = {c}");
                self.add_var(&v, ty);
            }
            None => self.update(),
        }
    }

    /// A type-unstable value: an int on some iterations, a float (or anything) on others.
    pub fn unstable(&mut self) {
        let c = self.cond();
        if self.chance(0.35) {
            let v = self.fresh("y");
            let idx = match self.var_of(Ty::Int) {
                Some(x) => format!("{x} % 6"),
                None => self.int(0, 5).to_string(),
            };
            line!(self, "{v} = [1, 2.5, 'ab', None, (1, 2), [3]][{idx}]");
            self.add_var(&v, Ty::Any);
            return;
        }
        let cands = self.assignable(Ty::Num);
        let v = if cands.is_empty() || self.chance(0.3) {
            let v = self.fresh("n");
            let (a, b) = (self.stored(Ty::Int), self.stored(Ty::Float));
            line!(self, "{v} = {a} if {c} else {b}");
            self.add_var(&v, Ty::Num);
            return;
        } else {
            {
                let k = self.below(cands.len());
                self.vars[cands[k]].clone()
            }
            .name
            .clone()
        };
        let (a, b) = (self.stored(Ty::Int), self.stored(Ty::Float));
        line!(self, "{v} = {a} if {c} else {b}");
    }

    pub fn unpack(&mut self) {
        match self.below(3) {
            0 => {
                let (a, b) = (self.fresh("q"), self.fresh("q"));
                line!(self, "{a}, {b} = divmod({}, ({} or 5))", self.int_expr(2), self.int_expr(1));
                self.add_var(&a, Ty::Int);
                self.add_var(&b, Ty::Int);
            }
            1 => {
                let c = self.assignable(Ty::Int);
                if c.len() >= 2 {
                    let a = self.vars[c[0]].name.clone();
                    let b = self.vars[c[c.len() - 1]].name.clone();
                    if a != b {
                        return line!(self, "{a}, {b} = {b}, {a}");
                    }
                }
                self.new_var()
            }
            _ => {
                let w = self.fresh("z");
                let e = self.int_expr(2);
                open!(self, "if ({w} := {e}) > {}:", self.int(-5, 50));
                self.add_var(&w, Ty::Int);
                self.print_stmt();
                self.close();
            }
        }
    }
}
