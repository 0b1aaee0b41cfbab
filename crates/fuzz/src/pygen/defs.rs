//! Functions and what a JIT must follow through them: plain functions (with `global`
//! rebinding of module variables), closures over enclosing variables (with `nonlocal`
//! counters), generator functions, bounded recursion (linear and tree-shaped), and module
//! globals bound to functions that are rebound mid-loop.

use super::expr::MODS;
use super::{FnCtx, Func, Gen, Ty};

/// Parameter names (never clash with generated variables, which carry a number).
const PARAMS: &[&str] = &["p", "q", "r"];

impl Gen {
    /// Enters a new function body at the current indentation (after its `def` line has been
    /// opened); `class` is the method's class.
    pub fn enter_fn(&mut self, class: Option<usize>) {
        let body_start = self.lines.len();
        self.fns.push(FnCtx {
            mult: 1,
            cost: 0,
            globals: Vec::new(),
            body_start,
            loops: 0,
            safe: 0,
            class,
            out: 0,
            calls_methods: false,
        });
    }

    /// Leaves a function body; inserts its `global` line; returns its cost, its printed lines
    /// and whether it (transitively) calls methods.
    pub fn leave_fn(&mut self) -> (u64, u64, bool) {
        let ctx = self.fns.pop().expect("function context");
        if !ctx.globals.is_empty() {
            let pad = "    ".repeat(self.indent_level());
            self.lines.insert(ctx.body_start, format!("{pad}global {}", ctx.globals.join(", ")));
        }
        (ctx.cost + 2, ctx.out, ctx.calls_methods)
    }

    fn param_ty(&mut self) -> Ty {
        let mut tys = vec![Ty::Int, Ty::Int, Ty::Int, Ty::Float, Ty::Num, Ty::Str, Ty::List];
        for c in 0..self.classes.len() {
            tys.push(Ty::Obj(c));
        }
        *self.pick(&tys)
    }

    /// Declares the parameters of a function being entered.
    fn add_params(&mut self, tys: &[Ty]) -> Vec<String> {
        let names: Vec<String> = (0..tys.len()).map(|k| PARAMS[k].to_string()).collect();
        for (n, t) in names.iter().zip(tys) {
            self.add_var(n, *t);
        }
        names
    }

    /// `def fN(p, q): ... return ...` — maybe raising, maybe rebinding a module global.
    pub fn func_def(&mut self) {
        let name = self.fresh("f");
        let n = self.int(0, 3) as usize;
        let params: Vec<Ty> = (0..n).map(|_| self.param_ty()).collect();
        let ret = *self.pick(&[Ty::Int, Ty::Int, Ty::Float, Ty::Str, Ty::List, Ty::Bool]);
        let names: Vec<String> = (0..n).map(|k| PARAMS[k].to_string()).collect();
        open!(self, "def {name}({}):", names.join(", "));
        self.enter_fn(None);
        self.add_params(&params);
        let mut may_raise = false;
        if self.chance(0.2) {
            may_raise = true;
            let c = match self.var_of(Ty::Int) {
                Some(p) => format!("{p} % {} == {}", self.int(3, 9), self.int(0, 2)),
                None => "True".into(),
            };
            let e = self.exc_ctor();
            open!(self, "if {c}:");
            line!(self, "raise {e}");
            self.close();
        }
        if self.chance(0.3) {
            self.global_rebind();
        }
        let k = self.int(1, 4) as usize;
        self.block(k);
        let r = self.stored(ret);
        line!(self, "return {r}");
        let (cost, out, calls_methods) = self.leave_fn();
        self.close();
        let mut f = Func { name: name.clone(), params, ret, cost, may_raise, is_gen: false, out, calls_methods };
        // A same-signature partner makes a rebinding candidate.
        let partner = self
            .funcs
            .iter()
            .find(|g| {
                !g.is_gen
                    && g.params == f.params
                    && g.ret == f.ret
                    && g.may_raise == f.may_raise
                    && g.name.starts_with('f')
            })
            .map(|g| g.name.clone());
        if let Some(p) = partner {
            self.rebindable.push((p.clone(), name.clone()));
            // The bound name may now run either body.
            let q = self.funcs.iter().find(|g| g.name == p).cloned().expect("partner");
            f.cost = f.cost.max(q.cost);
            f.out = f.out.max(q.out);
            f.calls_methods |= q.calls_methods;
            for g in self.funcs.iter_mut() {
                if g.name == p {
                    g.cost = f.cost;
                    g.out = f.out;
                    g.calls_methods = f.calls_methods;
                }
            }
        }
        self.funcs.push(f);
    }

    /// `global G` and an update of G (the line is inserted at the body's start).
    fn global_rebind(&mut self) {
        let cands: Vec<String> =
            self.vars.iter().filter(|v| v.level == 0 && v.ty == Ty::Int && !v.frozen).map(|v| v.name.clone()).collect();
        if cands.is_empty() {
            return;
        }
        let g = cands[self.below(cands.len())].clone();
        if !self.ctx().globals.contains(&g) {
            self.ctx_mut().globals.push(g.clone());
        }
        let e = self.int_expr(1);
        let m = *self.pick(MODS);
        line!(self, "{g} = ({g} + {e}) % {m}");
    }

    /// A closure factory and a module variable holding one closure (an `Int -> Int` callable).
    pub fn closure_def(&mut self) {
        let mk = self.fresh("mk");
        let m = *self.pick(MODS);
        let counter = self.chance(0.5);
        open!(self, "def {mk}(p):");
        self.enter_fn(None);
        self.add_var("p", Ty::Int);
        let base = self.fresh("b");
        line!(self, "{base} = {}", self.int_lit());
        let inner = self.fresh("inner");
        open!(self, "def {inner}(q):");
        if counter {
            line!(self, "nonlocal {base}");
            line!(self, "{base} = ({base} + q * p + 1) % {m}");
            line!(self, "return {base}");
        } else {
            let k = self.int(1, 9);
            line!(self, "return (q * p + {base} * {k}) % {m}");
        }
        self.close();
        line!(self, "return {inner}");
        self.leave_fn();
        self.close();
        let v = self.fresh("clo");
        let a = self.int_lit();
        line!(self, "{v} = {mk}({a})");
        self.funcs.push(Func {
            name: v,
            params: vec![Ty::Int],
            ret: Ty::Int,
            cost: 3,
            may_raise: false,
            is_gen: false,
            out: 0,
            calls_methods: false,
        });
    }

    /// A generator function yielding ints (at most 30 of them).
    pub fn gen_def(&mut self) {
        let name = self.fresh("g");
        open!(self, "def {name}(p, q):");
        self.enter_fn(None);
        self.add_params(&[Ty::Int, Ty::Int]);
        let acc = self.fresh("a");
        line!(self, "{acc} = q % 1000");
        self.add_var(&acc, Ty::Int);
        let j = self.fresh("j");
        let n = self.int(3, 30);
        open!(self, "for {j} in range(min(abs(p) % 31, {n})):");
        self.ctx_mut().loops += 1;
        self.ctx_mut().mult = 30;
        self.add_var(&j, Ty::Int);
        self.set_frozen(&j, true);
        let m = *self.pick(MODS);
        line!(self, "{acc} = ({acc} * {} + {j}) % {m}", self.int(2, 7));
        if self.chance(0.5) {
            open!(self, "if {j} % {} == 1:", self.int(2, 5));
            self.line("continue");
            self.close();
        }
        if self.chance(0.4) {
            self.stmt();
        }
        let e = if self.chance(0.5) { acc.clone() } else { self.stored_int() };
        line!(self, "yield {e}");
        self.ctx_mut().loops -= 1;
        self.ctx_mut().mult = 1;
        self.close();
        if self.chance(0.3) {
            line!(self, "yield from range({})", self.int(0, 4));
        }
        let (cost, out, calls_methods) = self.leave_fn();
        self.close();
        self.funcs.push(Func {
            name,
            params: vec![Ty::Int, Ty::Int],
            ret: Ty::Int,
            cost: cost.max(60),
            may_raise: false,
            is_gen: true,
            out,
            calls_methods,
        });
    }

    /// Bounded recursion: linear (depth below 20) or tree-shaped (fib below 12).
    pub fn rec_def(&mut self) {
        let name = self.fresh("rec");
        let m = *self.pick(MODS);
        if self.chance(0.5) {
            open!(self, "def {name}(p, q):");
            self.line("p = abs(p) % 20");
            self.open("if p == 0:");
            self.line("return q");
            self.close();
            let k = self.int(2, 9);
            line!(self, "return {name}(p - 1, (q * {k} + p) % {m})");
            self.close();
            self.funcs.push(Func {
                name,
                params: vec![Ty::Int, Ty::Int],
                ret: Ty::Int,
                cost: 80,
                may_raise: false,
                is_gen: false,
                out: 0,
                calls_methods: false,
            });
        } else {
            open!(self, "def {name}(p):");
            self.line("p = abs(p) % 12");
            self.open("if p < 2:");
            self.line("return p");
            self.close();
            line!(self, "return {name}(p - 1) + {name}(p - 2)");
            self.close();
            self.funcs.push(Func {
                name,
                params: vec![Ty::Int],
                ret: Ty::Int,
                cost: 900,
                may_raise: false,
                is_gen: false,
                out: 0,
                calls_methods: false,
            });
        }
    }

    /// Mid-loop rebinding of a module global bound to a function (module level only).
    pub fn rebind_stmt(&mut self) {
        if self.rebindable.is_empty() || self.level() != 0 {
            return self.update();
        }
        let (a, b) = {
            let k = self.below(self.rebindable.len());
            self.rebindable[k].clone()
        }
        .clone();
        let c = self.cond();
        open!(self, "if {c}:");
        if self.chance(0.5) {
            line!(self, "{a} = {b}");
        } else {
            // Swap through a temporary: both names keep a function of the same signature.
            let t = self.fresh("t");
            line!(self, "{t} = {a}");
            line!(self, "{a} = {b}");
            line!(self, "{b} = {t}");
        }
        self.close();
    }

    /// An argument for a parameter of type `ty` inside a call loop over `i`: int arguments
    /// follow the loop variable (sometimes across the small-int boundary).
    fn loop_arg(&mut self, ty: Ty, i: &str) -> String {
        match ty {
            Ty::Int => match self.below(6) {
                0 | 1 => i.to_string(),
                2 => format!("{i} * {} - {}", self.int(1, 9), self.int(0, 50)),
                3 => format!("(2 ** 62 - 3 + {i})"),
                4 => format!("{i} % {}", self.int(2, 9)),
                _ => self.int_expr(1),
            },
            Ty::Float => match self.below(3) {
                0 => format!("{i} * 0.25"),
                _ => self.float_expr(1),
            },
            Ty::Num => format!("({i} if {i} % {} else {i} * 0.5)", self.int(2, 5)),
            _ => self.expr(ty, 1),
        }
    }

    /// A hot module-level loop that calls functions, closures, recursive functions, methods,
    /// generators (with arguments that follow the loop variable) and binary operators'
    /// dunders.
    pub fn call_loop(&mut self) {
        let mut picks: Vec<(Option<String>, Func)> = Vec::new();
        let mut ctors = Vec::new();
        let mut binops: Vec<String> = Vec::new();
        for _ in 0..self.int(1, 3) {
            let use_method = !self.classes.is_empty() && (self.funcs.is_empty() || self.chance(0.4));
            if use_method {
                let k = self.below(self.classes.len());
                if self.classes[k].methods.is_empty() {
                    continue;
                }
                let o = self.fresh("o");
                let ctor = self.construct(k);
                ctors.push(format!("{o} = {ctor}"));
                if let Some((op, root)) = self.classes[k].binop
                    && self.chance(0.5)
                {
                    // The operator's dunder, with an instance of the defining class (or a
                    // subclass) on the right.
                    let o2 = self.fresh("o");
                    let ctor2 = self.obj_expr(root);
                    ctors.push(format!("{o2} = {ctor2}"));
                    binops.push(format!("{o} {op} {o2}"));
                    continue;
                }
                let m = self.classes[k].methods.clone();
                let f = m[self.below(m.len())].clone();
                picks.push((Some(o), f));
            } else if !self.funcs.is_empty() {
                let f = {
                    let k = self.below(self.funcs.len());
                    self.funcs[k].clone()
                };
                picks.push((None, f));
            }
        }
        if picks.is_empty() && binops.is_empty() {
            return;
        }
        let per: u64 = picks.iter().map(|(_, f)| f.cost + 3).sum::<u64>() + 6 * binops.len() as u64;
        let outs: u64 = picks.iter().map(|(_, f)| f.out).sum();
        let mut n = self.int(15, 150) as u64;
        while n >= 4
            && (self.total_cost() + n * per > super::MAX_COST || self.ctx().out + n * outs + n / 5 > super::MAX_OUT)
        {
            n /= 2;
        }
        if n < 4 {
            return;
        }
        self.ctx_mut().cost += n * per;
        self.ctx_mut().out += n * outs + n / 5 + 1;
        for c in ctors {
            self.line(c);
        }
        let i = self.fresh("i");
        let acc = self.fresh("acc");
        let m = *self.pick(MODS);
        line!(self, "{acc} = 0");
        open!(self, "for {i} in range({n}):");
        let any_raise = picks.iter().any(|(_, f)| f.may_raise);
        if any_raise {
            self.open("try:");
        }
        let mut shown = Vec::new();
        for (recv, f) in &picks {
            let args: Vec<String> = f.params.iter().map(|&t| self.loop_arg(t, &i)).collect();
            let call = match recv {
                Some(o) => format!("{o}.{}({})", f.name, args.join(", ")),
                None => format!("{}({})", f.name, args.join(", ")),
            };
            let r = self.fresh("r");
            if f.is_gen {
                line!(self, "{r} = list({call})");
                line!(self, "{acc} = ({acc} + sum({r})) % {m}");
            } else if f.ret == Ty::Int {
                line!(self, "{r} = {call}");
                line!(self, "{acc} = ({acc} + {r}) % {m}");
            } else {
                line!(self, "{r} = {call}");
            }
            shown.push(r);
        }
        for e in &binops {
            let r = self.fresh("r");
            line!(self, "{r} = {e}");
            line!(self, "{acc} = ({acc} + {r}) % {m}");
            shown.push(r);
        }
        if any_raise {
            self.close();
            let e = self.fresh("e");
            open!(self, "except Exception as {e}:");
            line!(self, "print('caught', {i}, type({e}).__name__, str({e}))");
            line!(self, "continue");
            self.close();
        }
        open!(self, "if {i} % {} == 0:", self.int(3, 8));
        line!(self, "print({i}, {acc}, {})", shown.join(", "));
        self.close();
        self.close();
        line!(self, "print({acc})");
    }
}
