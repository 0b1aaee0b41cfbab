//! The program generator: one seed in, one random *valid* Python program out, over the
//! subset tracelift supports (tests/README.md "Conventions"). It is typed — every variable,
//! attribute, function and method has a static type here — so that what it writes rarely fails
//! by accident; what does fail (a deliberate `raise`, a `KeyError`, a `ZeroDivisionError`) is
//! deterministic and is compared like any output. A cost model (statement executions, printed
//! lines) keeps each program well under a second on CPython while its loops still run long
//! enough for a JIT at threshold 1.
//!
//! The families live apart: `expr` (typed expressions), `stmt` (statements, loops, branches,
//! try/except), `defs` (functions, closures, generators, recursion), `classes` (classes,
//! inheritance, methods, user exceptions), `dynamic` (layout churn, call shapes,
//! heterogeneous operators) and `program` (the top-level plan, edge values).

/// `line!(self, "fmt", args)`: formats first, then writes the line (the arguments may use
/// the generator mutably).
macro_rules! line {
    ($g:expr, $($a:tt)*) => {{
        let s = format!($($a)*);
        $g.line(s)
    }};
}
/// `open!(self, "fmt", args)`: formats first, then opens a block.
macro_rules! open {
    ($g:expr, $($a:tt)*) => {{
        let s = format!($($a)*);
        $g.open(s)
    }};
}

mod classes;
mod defs;
mod dynamic;
mod expr;
mod program;
mod stmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Generates the program for `seed`. The same seed gives the same text for as long as this
/// generator's code is unchanged (ChaCha8 is value-stable across `rand_chacha` versions).
pub fn generate(seed: u64) -> String {
    let mut g = Gen::new(seed);
    g.line(format!("# tracelift-fuzz seed {seed}"));
    g.program();
    let mut s = g.lines.join("\n");
    s.push('\n');
    s
}

/// A static type of the generator. Values of type `List` hold ints, `Dict` maps str to int,
/// `Set` holds ints, `Tuple` holds ints; `Num` is an int or a float (type-unstable on
/// purpose); `Any` is anything printable (used only through `repr`, `type`, `==`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ty {
    /// An int (never a bool), of any size.
    Int,
    /// A float.
    Float,
    /// An int or a float, changing from one iteration to the next.
    Num,
    /// A str.
    Str,
    /// A bool.
    Bool,
    /// A list of ints.
    List,
    /// A dict from str to int.
    Dict,
    /// A set of ints.
    Set,
    /// A tuple of ints.
    Tuple,
    /// An instance of generated class number `.0` (or of one of its subclasses).
    Obj(usize),
    /// Any value: int, float, str, None, tuple, list.
    Any,
}

/// A variable in scope.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub name: String,
    pub ty: Ty,
    /// Function nesting level that owns it (0 = module).
    pub level: usize,
    /// Loop variables and iterated containers are not reassigned or mutated.
    pub frozen: bool,
}

/// A callable: a module-level function, a closure held in a module-level variable, a
/// generator function (returns `Ty::List`-like iteration of ints) or a method.
#[derive(Clone, Debug)]
pub(crate) struct Func {
    pub name: String,
    pub params: Vec<Ty>,
    pub ret: Ty,
    /// Estimated statement executions per call.
    pub cost: u64,
    /// May raise an exception on some arguments: only called inside a `try` with a
    /// catch-all handler.
    pub may_raise: bool,
    /// A generator function (yields ints); `ret` is then `Ty::Int`, the item type.
    pub is_gen: bool,
    /// Lines printed per call.
    pub out: u64,
    /// Calls a method, directly or not: never called from a method (no cycles through
    /// overrides).
    pub calls_methods: bool,
}

/// A generated class.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    pub name: String,
    pub parent: Option<usize>,
    /// Instance attributes set by `__init__` (inherited ones included).
    pub attrs: Vec<(String, Ty)>,
    /// Class attributes (inherited ones included).
    pub cattrs: Vec<(String, Ty)>,
    /// Methods other than `__init__` (inherited ones included; an override keeps the name).
    pub methods: Vec<Func>,
    /// Parameter types of the constructor.
    pub ctor: Vec<Ty>,
    pub ctor_cost: u64,
    /// Has a deterministic `__repr__`.
    pub has_repr: bool,
    /// A binary operator whose dunder a root class defines (`__add__` for `+`, returning an
    /// int from one int attribute of both operands), inherited by subclasses: the operator
    /// and the class that defines it (both operands must be its instances).
    pub binop: Option<(&'static str, usize)>,
}

/// The statement-execution budget of a whole program, and of printed lines.
pub(crate) const MAX_COST: u64 = 80_000;
pub(crate) const MAX_OUT: u64 = 600;

/// Per function being generated (index 0 is the module).
#[derive(Debug)]
pub(crate) struct FnCtx {
    /// Product of the iteration counts of the enclosing loops in this function.
    pub mult: u64,
    /// Statement executions of one run of this body (module: of the program).
    pub cost: u64,
    /// Module globals this function rebinds (a `global` line is inserted at `body_start`).
    pub globals: Vec<String>,
    pub body_start: usize,
    /// Loop nesting depth in this function.
    pub loops: usize,
    /// Inside a `try` whose handlers catch `Exception`.
    pub safe: usize,
    /// The method's class when generating a method.
    pub class: Option<usize>,
    /// Lines printed by one run of this body (module: of the program).
    pub out: u64,
    /// Calls a method, directly or through a function.
    pub calls_methods: bool,
}

pub(crate) struct Gen {
    rng: ChaCha8Rng,
    pub lines: Vec<String>,
    indent: usize,
    pub vars: Vec<Var>,
    marks: Vec<usize>,
    pub fns: Vec<FnCtx>,
    pub funcs: Vec<Func>,
    pub classes: Vec<Class>,
    /// User exception classes: (name, takes a code argument).
    pub excs: Vec<(String, bool)>,
    next_id: usize,
    /// The module-level names bound to functions of the same signature, for rebinding.
    pub rebindable: Vec<(String, String)>,
    /// Inside an f-string's braces: no nested f-strings (their quotes would clash).
    pub in_fstring: bool,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            lines: Vec::new(),
            indent: 0,
            vars: Vec::new(),
            marks: Vec::new(),
            fns: vec![FnCtx {
                mult: 1,
                cost: 0,
                globals: Vec::new(),
                body_start: 0,
                loops: 0,
                safe: 0,
                class: None,
                out: 0,
                calls_methods: false,
            }],
            funcs: Vec::new(),
            classes: Vec::new(),
            excs: Vec::new(),
            next_id: 0,
            rebindable: Vec::new(),
            in_fstring: false,
        }
    }

    // ---- randomness ----

    /// A uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.gen_range(lo..=hi)
    }
    /// A uniform index below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.gen_range(0..n)
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.gen_bool(p)
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
    /// An index chosen with the given weights.
    pub fn weighted(&mut self, w: &[u32]) -> usize {
        let total: u32 = w.iter().sum();
        let mut r = self.rng.gen_range(0..total);
        for (i, &x) in w.iter().enumerate() {
            if r < x {
                return i;
            }
            r -= x;
        }
        w.len() - 1
    }

    // ---- output ----

    pub fn line(&mut self, s: impl AsRef<str>) {
        let pad = "    ".repeat(self.indent);
        self.lines.push(format!("{pad}{}", s.as_ref()));
    }
    /// Opens a block after `header` (which ends with `:`).
    pub fn open(&mut self, header: impl AsRef<str>) {
        self.line(header);
        self.indent += 1;
        self.marks.push(self.vars.len());
    }
    /// Closes a block; writes `pass` if it stayed empty; forgets its variables.
    pub fn close(&mut self) {
        let pad = "    ".repeat(self.indent);
        let last = self.lines.last().map(|l| l.starts_with(&pad)).unwrap_or(false);
        if !last {
            self.line("pass");
        }
        self.indent -= 1;
        let m = self.marks.pop().expect("balanced blocks");
        self.vars.truncate(m);
    }
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    // ---- context ----

    pub fn ctx(&self) -> &FnCtx {
        self.fns.last().expect("module context")
    }
    pub fn ctx_mut(&mut self) -> &mut FnCtx {
        self.fns.last_mut().expect("module context")
    }
    pub fn level(&self) -> usize {
        self.fns.len() - 1
    }
    pub fn mult(&self) -> u64 {
        self.ctx().mult
    }
    pub fn in_loop(&self) -> bool {
        self.ctx().loops > 0
    }
    /// Statement executions that the whole program has already committed to, seen from the
    /// current point (a function body's cost is counted where it is called).
    pub fn total_cost(&self) -> u64 {
        self.fns[0].cost
    }
    /// Whether `units` more executions at the current multiplicity fit the budget. Inside a
    /// function the budget is the function's own (small), since calls multiply it.
    pub fn affords(&self, units: u64) -> bool {
        let need = units.saturating_mul(self.mult());
        if self.level() == 0 {
            self.total_cost().saturating_add(need) <= MAX_COST
        } else {
            self.ctx().cost.saturating_add(need) <= 400
        }
    }
    pub fn charge(&mut self, units: u64) {
        let m = self.mult();
        let c = &mut self.ctx_mut().cost;
        *c = c.saturating_add(units.saturating_mul(m));
    }
    /// Whether a print here keeps the output budget (and charges it). A function body may
    /// print 3 lines per call at most.
    pub fn may_print(&mut self) -> bool {
        let m = self.mult();
        let lim = if self.level() == 0 { MAX_OUT } else { 3 };
        if self.ctx().out + m > lim {
            return false;
        }
        self.ctx_mut().out += m;
        true
    }
    /// Whether `n` printed lines at module level keep the output budget (and charges them).
    pub fn may_print_n(&mut self, n: u64) -> bool {
        if self.level() != 0 || self.ctx().out + n > MAX_OUT {
            return false;
        }
        self.ctx_mut().out += n;
        true
    }
    /// Whether a call of `f` here fits the budgets (and may be made from here at all).
    pub fn affords_call(&self, f: &Func) -> bool {
        if self.in_method() && f.calls_methods {
            return false;
        }
        let m = self.mult();
        let (cl, ol) = if self.level() == 0 { (MAX_COST, MAX_OUT) } else { (400, 3) };
        self.ctx().cost.saturating_add(m.saturating_mul(f.cost)) <= cl
            && self.ctx().out.saturating_add(m.saturating_mul(f.out)) <= ol
    }
    pub fn charge_call(&mut self, f: &Func, method: bool) {
        let m = self.mult();
        let c = self.ctx_mut();
        c.cost = c.cost.saturating_add(m.saturating_mul(f.cost));
        c.out = c.out.saturating_add(m.saturating_mul(f.out));
        c.calls_methods |= method || f.calls_methods;
    }
    /// Inside a method (or a function nested in one).
    pub fn in_method(&self) -> bool {
        self.fns.iter().any(|c| c.class.is_some())
    }
    pub fn indent_level(&self) -> usize {
        self.indent
    }

    // ---- variables ----

    pub fn add_var(&mut self, name: &str, ty: Ty) {
        let level = self.level();
        self.vars.push(Var { name: name.to_string(), ty, level, frozen: false });
    }
    /// Visible variables of a type (`Num` also accepts `Int` and `Float` when `loose`).
    pub fn vars_of(&self, ty: Ty) -> Vec<usize> {
        (0..self.vars.len()).filter(|&i| self.vars[i].ty == ty).collect()
    }
    /// Variables of the current function that can be reassigned.
    pub fn assignable(&self, ty: Ty) -> Vec<usize> {
        let l = self.level();
        (0..self.vars.len())
            .filter(|&i| self.vars[i].ty == ty && self.vars[i].level == l && !self.vars[i].frozen)
            .collect()
    }
    /// A visible variable of type `ty`, if any.
    pub fn var_of(&mut self, ty: Ty) -> Option<String> {
        let v = self.vars_of(ty);
        if v.is_empty() {
            return None;
        }
        let i = v[self.below(v.len())];
        Some(self.vars[i].name.clone())
    }
    pub fn set_frozen(&mut self, name: &str, frozen: bool) {
        for v in self.vars.iter_mut().rev() {
            if v.name == name {
                v.frozen = frozen;
                return;
            }
        }
    }
}
