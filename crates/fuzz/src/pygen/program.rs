//! The top-level plan of a program: imports, a few module globals, user exception classes,
//! then a random interleaving of definitions (functions, closures, generators, recursion,
//! classes) and top-level statements that are mostly hot loops, a final print of what is in
//! scope, and sometimes an uncaught exception at the very end.

use super::{Gen, Ty};

impl Gen {
    pub fn program(&mut self) {
        self.line("import math");
        for _ in 0..self.int(2, 4) {
            self.new_var();
        }
        for _ in 0..self.int(0, 2) {
            self.exc_def();
        }
        let items = self.int(8, 18);
        for _ in 0..items {
            let callables = !self.funcs.is_empty() || !self.classes.is_empty();
            let w = [
                if self.funcs.len() < 8 { 4 } else { 0 },
                if self.classes.len() < 3 { 2 } else { 0 },
                1,                             // closure
                1,                             // generator
                1,                             // recursion
                2,                             // edge values
                1,                             // instance layouts churning
                1,                             // call shapes
                1,                             // heterogeneous operators
                if callables { 6 } else { 0 }, // hot loop of calls
                8,                             // top-level statement
            ];
            match self.weighted(&w) {
                0 => self.func_def(),
                1 => self.class_def(),
                2 => self.closure_def(),
                3 => self.gen_def(),
                4 => self.rec_def(),
                5 => self.edge_loop(),
                6 => self.layout_churn(),
                7 => self.call_shapes(),
                8 => self.hetero_ops(),
                9 => self.call_loop(),
                _ => self.top_stmt(),
            }
        }
        // What is left in scope, once more.
        let names: Vec<(String, Ty)> = self.vars.iter().map(|v| (v.name.clone(), v.ty)).collect();
        for chunk in names.chunks(4) {
            let parts: Vec<String> = chunk
                .iter()
                .map(|(n, t)| match t {
                    Ty::Set => format!("sorted({n})"),
                    Ty::Obj(c) => {
                        let c = *c;
                        if self.classes[c].has_repr {
                            format!("repr({n})")
                        } else {
                            format!("{n}.{}", self.classes[c].attrs[0].0)
                        }
                    }
                    Ty::Any => format!("repr({n})"),
                    _ => n.clone(),
                })
                .collect();
            line!(self, "print('end', {})", parts.join(", "));
        }
        if self.chance(0.08) {
            self.uncaught();
        }
    }

    /// A top-level statement: usually a hot loop with something dynamic in it.
    fn top_stmt(&mut self) {
        match self.weighted(&[6, 1, 1, 4]) {
            0 => self.hot_loop(),
            1 => self.try_stmt(),
            2 => self.if_stmt(),
            _ => self.stmt(),
        }
    }

    /// A module-level `for` loop whose body mixes ordinary statements with mid-loop rebinding
    /// of functions, class attributes and methods.
    fn hot_loop(&mut self) {
        let Some(n) = Some(self.int(20, 200) as u64).filter(|&n| self.affords(n * 10)) else {
            return self.stmt();
        };
        let i = self.fresh("i");
        open!(self, "for {i} in range({n}):");
        self.ctx_mut().mult *= n;
        self.ctx_mut().loops += 1;
        self.add_var(&i, Ty::Int);
        self.set_frozen(&i, true);
        let k = self.int(2, 6) as usize;
        for _ in 0..k {
            match self.weighted(&[10, 1, 1]) {
                0 => self.stmt(),
                1 => self.rebind_stmt(),
                _ => self.class_mutation(),
            }
        }
        self.ctx_mut().loops -= 1;
        self.ctx_mut().mult /= n;
        self.close();
    }

    /// A hot loop over values at the edges of representations (the small-int range of a
    /// tagged word is 63 bits, machine words are 64, floats have -0.0, inf, nan and 53-bit
    /// mantissas), combined by one operator: specializations guess from the first values
    /// and must deoptimize or overflow correctly on the later ones.
    pub fn edge_loop(&mut self) {
        const INTS: &[&str] = &[
            "0",
            "1",
            "-1",
            "7",
            "-7",
            "(2 ** 62 - 1)",
            "(2 ** 62)",
            "(-(2 ** 62))",
            "(-(2 ** 62) - 1)",
            "(2 ** 63 - 1)",
            "(-(2 ** 63))",
            "(2 ** 63)",
            "(2 ** 64 - 1)",
            "(2 ** 64)",
            "(2 ** 31)",
            "(-(2 ** 31))",
            "(2 ** 53 + 1)",
            "(3 ** 40)",
            "(-(10 ** 19))",
            "(2 ** 61 + 12345)",
        ];
        const FLTS: &[&str] =
            &["0.0", "-0.0", "1.5", "-2.5", "float('inf')", "float('-inf')", "1e308", "2.0 ** 53", "0.1", "-1e-300"];
        let floats = self.chance(0.3);
        let n = self.int(5, 9) as usize;
        let mut vals: Vec<String> = (0..n).map(|_| self.pick(INTS).to_string()).collect();
        if floats {
            for _ in 0..self.int(1, 3) {
                let f = self.pick(FLTS).to_string();
                let at = self.below(vals.len() + 1);
                vals.insert(at, f);
            }
        }
        let e = self.fresh("edge");
        line!(self, "{e} = [{}]", vals.join(", "));
        let iters = (vals.len() * self.int(3, 8) as usize) as u64;
        if !self.affords(iters * 4) || !self.may_print_n(iters) {
            return;
        }
        let i = self.fresh("i");
        let (a, b) = (self.fresh("a"), self.fresh("b"));
        let k = self.int(1, 6);
        open!(self, "for {i} in range({iters}):");
        line!(self, "{a} = {e}[{i} % len({e})]");
        line!(self, "{b} = {e}[({i} * {k} + 1) % len({e})]");
        let ops: &[&str] = if floats {
            &[
                "{a} + {b}",
                "{a} - {b}",
                "{a} * {b}",
                "{a} < {b}",
                "{a} == {b}",
                "{a} >= {b}",
                "-{a}",
                "abs({a})",
                "{a} * 2 - {b}",
                "{a} != {b}",
            ]
        } else {
            &[
                "{a} + {b}",
                "{a} - {b}",
                "{a} * {b}",
                "{a} & {b}",
                "{a} | {b}",
                "{a} ^ {b}",
                "{a} < {b}",
                "{a} == {b}",
                "{a} // ({b} or 3)",
                "{a} % ({b} or 5)",
                "{a} << 3",
                "{a} >> 2",
                "-{a}",
                "abs({a})",
                "~{a}",
                "{a} + 1",
                "{a} - 1",
                "{a} * -1",
                "{a} * 2",
                "{a} <= {b}",
                "divmod({a}, ({b} or 7))",
            ]
        };
        let m = self.int(1, 3);
        let exprs: Vec<String> = (0..m).map(|_| self.pick(ops).replace("{a}", &a).replace("{b}", &b)).collect();
        line!(self, "print({i}, {})", exprs.join(", "));
        if self.chance(0.5) {
            let acc = self.fresh("acc");
            self.close();
            // A running value crossing the small-int boundary in a hot loop.
            let start =
                *self.pick(&["(2 ** 62 - 40)", "(-(2 ** 62) + 40)", "(2 ** 63 - 40)", "(2 ** 64 - 40)", "(2 ** 61)"]);
            let op = *self.pick(&["{x} += {s}", "{x} -= {s}", "{x} = {x} + {s} * {i}", "{x} = -{x} + {s}"]);
            let st = self.int(1, 9).to_string();
            line!(self, "{acc} = {start}");
            open!(self, "for {i} in range({}):", self.int(20, 90));
            let upd = op.replace("{x}", &acc).replace("{s}", &st).replace("{i}", &i);
            self.line(upd);
            open!(self, "if {i} % {} == 0:", self.int(5, 12));
            line!(self, "print({i}, {acc}, {acc} > {start}, {acc} & 255)");
            self.close();
            self.close();
            return;
        }
        self.close();
    }

    /// An exception that nothing catches, at the very end (compared by exit status and the
    /// last line of stderr).
    fn uncaught(&mut self) {
        self.line("print('before the end')");
        let e = match self.below(4) {
            0 => self.exc_ctor(),
            1 => "ValueError('the end')".into(),
            2 => {
                self.line("print(1 // 0)");
                return;
            }
            _ => {
                self.line("print({'a': 1}['b'])");
                return;
            }
        };
        line!(self, "raise {e}");
    }
}
