//! Abstract interpretation of a trace over the symbol lattice ([`crate::symbols`]; CPython's
//! `optimizer_analysis.c` / `optimizer_bytecodes.c`).
//!
//! [`State`] runs a trace forward, one uop at a time, on symbols instead of values: a stack of
//! symbols and, per frame the trace is in, its locals. It knows nothing at the trace's start
//! (the loop head is reached from the back-edge too, and no fixpoint is computed), and only
//! what the trace proves after that.
//!
//! Each uop's rule comes from its row of the uop table ([`tracelift_uops::uop::Transfer`]:
//! the facts a guard proves about its inputs, the inputs it leaves in place, the types of what
//! it pushes). What the table cannot say, the moves between stack, locals and frames, is here,
//! in [`State::step`]: `_LOAD_FAST*`, `_STORE_FAST`, `_MAKE_CELL`, `_LOAD_CONST`, `_PUSH_NULL`, `_COPY`,
//! `_SWAP`, `_PUSH_FRAME`, `_CREATE_INIT_FRAME`, `_POP_FRAME`, `_RETURN_TO_CALLER`, the
//! bound-method rewrite
//! `_INIT_CALL_BOUND_METHOD_EXACT_ARGS`, and what `_CHECK_FUNCTION_EXACT_ARGS`'s operand says
//! of `self_or_null`.
//!
//! A uop that escapes makes every symbol forget its type version, unless the state runs with
//! *watched versions* ([`State::watched`], the `promote_type_versions` pass): an executor
//! depends on every type version its guards check, and it is invalidated when such a type
//! changes or an instance of it has its `__class__` assigned. So once a `_CHECK_VALIDITY`
//! has passed after the last escape, every version proven before is still true.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

use crate::symbols::{Null, Sym, SymId, Symbols};
use tracelift_uops::uop::Ty;

/// What the optimizer may ask of the VM about the code a trace runs.
pub trait Env {
    /// What is known of constant `idx` of code `code` (0: the trace's own code; otherwise a
    /// frame-entering uop's operand).
    fn constant(&self, code: u64, idx: u32) -> Sym;

    /// The object that global `names[name]` of code `code` is now, if the globals dict (the
    /// builtins dict with `builtins`) has keys version `version`, holds that name at entry
    /// `hint`, and its values may still be promoted. Answering records that the executor
    /// depends on that dict's keys and values (so a change invalidates it).
    fn global(&self, _code: u64, _builtins: bool, _name: u32, _hint: u32, _version: u32) -> Option<u64> {
        None
    }

    /// The object that attribute `names[name]` (of code `code`) of module `module` is now, if
    /// the module's dict has keys version `version` and holds that name at entry `hint`;
    /// records the dependency as [`Env::global`] does.
    fn module_attr(&self, _code: u64, _module: u64, _name: u32, _hint: u32, _version: u32) -> Option<u64> {
        None
    }

    /// What object `addr` (a promoted constant, alive) is.
    fn object(&self, addr: u64) -> ObjInfo {
        ObjInfo { sym: Sym::constant(crate::symbols::Const::Object(addr)), kind: ObjKind::Other }
    }

    /// The word of constant `c` if it needs no reference kept by the executor (a small int,
    /// `True`, `False`, `None`), for a folded result's `_LOAD_CONST_INLINE`.
    fn constant_word(&self, _c: crate::symbols::Const) -> Option<u64> {
        None
    }

    /// Records that the executor depends on the function version `v` (a dropped
    /// `_CHECK_FUNCTION_EXACT_ARGS` no longer names it).
    fn depend_on_function(&self, _v: u32) {}

    /// Does the class whose version tag is `version` have shared key `index`, and is it
    /// `names[name]` of code `code`? (A class's keys are only appended, so the answer stays.)
    fn class_key_is(&self, _version: u32, _index: u32, _code: u64, _name: u32) -> bool {
        false
    }

    /// How many shared keys the class whose version tag is `version` has, if `names[name]` of
    /// code `code` is none of them. (Keys are only appended: the first that many stay
    /// without the name.)
    fn class_lacks_key(&self, _version: u32, _code: u64, _name: u32) -> Option<u32> {
        None
    }

    /// How many of code `code`'s first locals a positional call fills with its arguments,
    /// in order: the parameters before `*args` when it has `*args`, `**kwargs` or
    /// keyword-only parameters (the rest are bound otherwise), else all of them.
    fn positional_params(&self, _code: u64) -> usize {
        usize::MAX
    }
}

/// What a promoted object is, as far as the guards the optimizer decides on constants need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjKind {
    /// A builtin function (what `_CHECK_BUILTIN` checks).
    Builtin,
    /// A builtin function whose one-argument call this uop does (`math.sqrt`:
    /// `_CALL_BUILTIN_SQRT`), given the builtin as its operand.
    BuiltinUop(Uop),
    /// The builtin type `range` (`_CALL_RANGE_ITER` does `iter(range(...))`).
    RangeType,
    /// A module.
    Module,
    /// A Python function with this version.
    Function(u32),
    /// Anything else.
    Other,
}

/// [`Env::object`]'s answer: the symbol of the constant and its kind.
#[derive(Clone, Copy, Debug)]
pub struct ObjInfo {
    /// Its symbol (`value` is `Const::Object(addr)`; `ty` when it is a builtin type).
    pub sym: Sym,
    /// What it is.
    pub kind: ObjKind,
}

/// An environment that knows no constants (tests, and callers without code objects).
pub struct NoEnv;

impl Env for NoEnv {
    fn constant(&self, _code: u64, _idx: u32) -> Sym {
        Sym::object()
    }
}

/// One frame of the trace.
#[derive(Debug)]
struct Frame {
    /// Its code (0: the trace's own).
    code: u64,
    /// Its locals, grown on demand (a local not in the vector is unknown).
    locals: Vec<SymId>,
    /// The caller's stack below the call, while this frame runs.
    caller_stack: Vec<SymId>,
    /// An `__init__` frame: returning pushes the new instance, not the return value.
    init: bool,
}

/// The abstract state at one point of the trace.
pub struct State<'e> {
    env: &'e dyn Env,
    /// Every symbol made so far.
    pub syms: Symbols,
    stack: Vec<SymId>,
    frames: Vec<Frame>,
    /// Version facts survive escapes behind a validity check (see the module docs).
    pub watched: bool,
    /// Escapes so far.
    epoch: u32,
    /// `epoch` at the last `_CHECK_VALIDITY`.
    checked: u32,
}

impl<'e> State<'e> {
    /// The state at the start of a trace: nothing known.
    pub fn new(env: &'e dyn Env) -> State<'e> {
        State {
            env,
            syms: Symbols::default(),
            stack: Vec::new(),
            frames: vec![Frame { code: 0, locals: Vec::new(), caller_stack: Vec::new(), init: false }],
            watched: false,
            epoch: 0,
            checked: 0,
        }
    }

    /// Does symbol `id` prove `want` (`operand` is the checking uop's)?
    pub fn sym_proves(&self, id: SymId, want: Ty, operand: u64) -> bool {
        let s = self.syms.get(id);
        s.proves(want, operand) && (want != Ty::Version || s.version_epoch == self.epoch || self.checked == self.epoch)
    }

    /// The code of the frame the trace is in (0: the trace's own).
    pub fn code(&self) -> u64 {
        self.frames.last().map_or(0, |f| f.code)
    }

    /// How deep in frames the trace is (0: its own).
    pub fn depth(&self) -> usize {
        self.frames.len() - 1
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("the trace's own frame is never popped")
    }

    /// The symbol of local `i` of the current frame (a new unknown one if none yet).
    pub fn local(&mut self, i: u32) -> SymId {
        let i = i as usize;
        if self.frame().locals.len() <= i {
            let missing = i + 1 - self.frame().locals.len();
            for _ in 0..missing {
                let s = self.syms.add(Sym::default());
                self.frame().locals.push(s);
            }
        }
        self.frame().locals[i]
    }

    /// The stack item `depth` from the top (1 is the top), made up when the trace reads below
    /// its entry stack.
    pub fn peek(&mut self, depth: usize) -> SymId {
        while self.stack.len() < depth {
            let s = self.syms.add(Sym::default());
            self.stack.insert(0, s);
        }
        self.stack[self.stack.len() - depth]
    }

    fn pop(&mut self) -> SymId {
        let s = self.peek(1);
        self.stack.pop();
        s
    }

    /// Pops `n` items, bottom first.
    fn pop_n(&mut self, n: usize) -> Vec<SymId> {
        if n == 0 {
            return Vec::new();
        }
        self.peek(n);
        let at = self.stack.len() - n;
        self.stack.split_off(at)
    }

    fn push_new(&mut self, s: Sym) {
        let id = self.syms.add(s);
        self.stack.push(id);
    }

    /// Does the state prove every fact `u` checks (so a pure guard `u` may go)? `false` for a
    /// uop that checks nothing the table names.
    pub fn proves_all(&mut self, u: &UopInst) -> bool {
        let t = u.uop.transfer();
        !t.proves.is_empty()
            && t.proves.iter().all(|&(d, ty)| {
                let id = self.peek(d as usize);
                self.sym_proves(id, ty, u.operand)
            })
    }

    /// The symbols of `u`'s inputs before it runs, bottom first (for dumps).
    pub fn inputs(&mut self, u: &UopInst) -> Vec<Sym> {
        let (pops, _) = u.uop.stack_effect(u.oparg);
        (1..=pops as usize)
            .rev()
            .map(|d| {
                let id = self.peek(d);
                *self.syms.get(id)
            })
            .collect()
    }

    /// Runs `u` on the abstract state.
    pub fn step(&mut self, u: &UopInst) {
        if let Some(parts) = u.parts() {
            for p in &parts {
                self.step(p);
            }
            return;
        }
        let o = u.oparg;
        match u.uop {
            Uop::_LOAD_FAST | Uop::_LOAD_FAST_CHECK => {
                // `_LOAD_FAST` is only in a trace for a local proven bound; `_LOAD_FAST_CHECK`
                // raised if it was not.
                let s = self.local(o);
                self.syms.get_mut(s).null = Null::NotNull;
                self.stack.push(s);
            }
            Uop::_STORE_FAST => {
                let s = self.pop();
                self.local(o);
                self.frame().locals[o as usize] = s;
            }
            Uop::_MAKE_CELL => {
                // The local becomes a cell holding what it held: nothing known of it stays.
                self.local(o);
                let fresh = self.syms.add(Sym::default());
                self.frame().locals[o as usize] = fresh;
            }
            Uop::_LOAD_CONST => {
                let c = self.env.constant(self.code(), o);
                self.push_new(c);
            }
            Uop::_LOAD_CONST_INLINE => {
                let c = self.env.object(u.operand).sym;
                self.push_new(c);
                if o & 1 != 0 {
                    self.push_new(Sym::null());
                }
            }
            Uop::_PUSH_NULL => self.push_new(Sym::null()),
            Uop::_COPY => {
                let s = self.peek(o.max(1) as usize);
                self.stack.push(s);
            }
            Uop::_SWAP => {
                self.peek(o.max(1) as usize);
                let n = self.stack.len();
                self.stack.swap(n - 1, n - o.max(1) as usize);
            }
            Uop::_INIT_CALL_BOUND_METHOD_EXACT_ARGS => {
                // (method, null, args…) -> (func, self, args…): the arguments stay.
                let args = self.pop_n(o as usize);
                self.pop_n(2);
                self.push_new(Sym::object());
                self.push_new(Sym::object());
                self.stack.extend(args);
            }
            Uop::_CHECK_GETITEM | Uop::_CHECK_BINOP_PY => {
                // The container's (left operand's) class has the version in the operand's
                // high half.
                self.step_table(u);
                let c = self.peek(2);
                let epoch = self.epoch;
                let s = self.syms.get_mut(c);
                s.refine(Ty::Version, u.operand >> 32);
                s.version_epoch = epoch;
            }
            Uop::_INIT_GETITEM_CALL | Uop::_INIT_BINOP_CALL => {
                // (c, s) -> (c.__getitem__, c, s): `c` is the call's `self` (and `a` of
                // `(a, b) -> (a.__op__, a, b)`).
                let s = self.pop();
                let c = self.pop();
                self.push_new(Sym::object());
                self.syms.get_mut(c).null = Null::NotNull;
                self.stack.push(c);
                self.stack.push(s);
            }
            Uop::_PUSH_FRAME | Uop::_CREATE_INIT_FRAME => {
                let mut ins = self.pop_n(2 + o as usize);
                let init = u.uop == Uop::_CREATE_INIT_FRAME;
                // The callee's first locals are its arguments: `self` first when it is set.
                let mut locals = match self.syms.get(ins[1]).null {
                    _ if init => Vec::new(),
                    Null::Null => ins.split_off(2),
                    Null::NotNull => ins.split_off(1),
                    Null::Unknown => Vec::new(),
                };
                locals.truncate(self.env.positional_params(u.operand));
                let caller_stack = std::mem::take(&mut self.stack);
                self.frames.push(Frame { code: u.operand, locals, caller_stack, init });
            }
            Uop::_RETURN_TO_CALLER => {
                // :return-to-caller: the trace goes on in the caller, of which nothing is known:
                // its frame replaces the trace's own, and its stack below the result is unknown.
                let ret = self.pop();
                self.frames.truncate(1);
                self.frames[0] = Frame { code: u.operand, locals: Vec::new(), caller_stack: Vec::new(), init: false };
                self.stack = vec![ret];
            }
            Uop::_POP_FRAME if self.frames.len() > 1 => {
                let ret = self.pop();
                let f = self.frames.pop().expect("checked above");
                self.stack = f.caller_stack;
                if f.init {
                    self.push_new(Sym::object());
                } else {
                    self.stack.push(ret);
                }
            }
            Uop::_CHECK_VALIDITY => self.checked = self.epoch,
            Uop::_CHECK_FUNCTION_EXACT_ARGS => {
                self.step_table(u);
                // Bit 32 of the operand says whether `self_or_null` (below the arguments) is
                // set.
                let s = self.peek(o as usize + 1);
                self.syms.get_mut(s).null = if u.operand >> 32 == 1 { Null::NotNull } else { Null::Null };
            }
            _ => self.step_table(u),
        }
        if u.uop.flags() & flags::ESCAPES != 0 {
            self.epoch += 1;
            if !self.watched {
                self.syms.forget_versions();
            }
        }
    }

    /// The table's rule: prove, keep, push.
    fn step_table(&mut self, u: &UopInst) {
        let f = u.uop.flags();
        let t = u.uop.transfer();
        let (pops, pushes) = u.uop.stack_effect(u.oparg);
        let (pops, pushes) = (pops as usize, pushes as usize);
        for &(d, ty) in t.proves {
            let id = self.peek(d as usize);
            let epoch = self.epoch;
            let s = self.syms.get_mut(id);
            s.refine(ty, u.operand);
            if ty == Ty::Version {
                s.version_epoch = epoch;
            }
        }
        let pure_guard = f & flags::PURE != 0 && f & flags::DEOPT != 0 && pops == pushes;
        let keeps = t.keeps.map_or(if pure_guard { pops } else { 0 }, usize::from).min(pops).min(pushes);
        let ins = self.pop_n(pops);
        self.stack.extend_from_slice(&ins[..keeps]);
        for j in 0..pushes - keeps {
            let s = t.pushes.get(j).map_or(Sym::default(), |&ty| Sym::of(ty));
            self.push_new(s);
        }
    }
}

/// The symbols of every uop's inputs, as the analysis infers them before the uop runs (what
/// `--dump uops` prints beside each uop).
pub fn analyze(trace: &[UopInst], env: &dyn Env) -> Vec<Vec<Sym>> {
    let mut st = State::new(env);
    trace
        .iter()
        .map(|u| {
            let ins = st.inputs(u);
            st.step(u);
            ins
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(uops: &[(Uop, u32)]) -> Vec<UopInst> {
        uops.iter().map(|(u, o)| UopInst::new(*u, *o, 0, 0)).collect()
    }

    #[test]
    fn guards_refine_the_local_a_value_was_loaded_from() {
        use Uop::*;
        let trace = t(&[
            (_LOAD_FAST_CHECK, 0),
            (_LOAD_FAST, 1),
            (_GUARD_NOS_FLOAT, 0),
            (_GUARD_TOS_FLOAT, 0),
            (_BINARY_OP_MULTIPLY_FLOAT, 0),
            (_LOAD_FAST, 0),
            (_BINARY_OP_ADD_FLOAT, 0),
        ]);
        let ins = analyze(&trace, &NoEnv);
        assert_eq!(ins[2], vec![Sym { null: Null::NotNull, ..Sym::default() }; 2]);
        // After the guards, local 0 is a float when loaded again, and so is the product.
        assert_eq!(ins[6].iter().map(|s| s.ty).collect::<Vec<_>>(), vec![Some(Ty::Float), Some(Ty::Float)]);
    }

    #[test]
    fn frames_pass_arguments_and_return_values() {
        use Uop::*;
        let mut trace = t(&[
            (_LOAD_FAST, 0),
            (_PUSH_NULL, 0),
            (_LOAD_FAST, 1),
            (_GUARD_TOS_INT, 0),
            (_PUSH_FRAME, 1),
            (_LOAD_FAST, 0),
            (_POP_FRAME, 0),
            (_GUARD_TOS_INT, 0),
        ]);
        trace[4].operand = 7;
        let ins = analyze(&trace, &NoEnv);
        // The callee's local 0 is the argument, a small int; it comes back to the caller.
        assert_eq!(ins[6][0].ty, Some(Ty::SmallInt));
        assert_eq!(ins[7][0].ty, Some(Ty::SmallInt));
    }

    #[test]
    fn escapes_forget_type_versions_but_not_types() {
        use Uop::*;
        let mut trace = t(&[
            (_LOAD_FAST, 0),
            (_GUARD_TYPE_VERSION, 0),
            (_GUARD_TOS_FLOAT, 0),
            (_LOAD_FAST, 1),
            (_LOAD_FAST, 1),
            (_BINARY_OP, 0),
            (_POP_TOP, 0),
            (_GUARD_TYPE_VERSION, 0),
        ]);
        trace[1].operand = 5;
        trace[7].operand = 5;
        let ins = analyze(&trace, &NoEnv);
        assert_eq!(ins[2][0].version, Some(5));
        assert_eq!(ins[7][0].version, None);
        assert_eq!(ins[7][0].ty, Some(Ty::Float));
    }
}
