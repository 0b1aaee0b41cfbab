//! One superblock, lowered uop by uop into one Cranelift function (`docs/cranelift.md`).
//!
//! The function is `tail fn(cx: *mut Ctx) -> u64`: it runs the trace on the frame `cx`
//! describes and returns a `leave` code. Each uop gets hand-written IR ([`Lower::uop`]'s
//! match) or, by default, a call of its body (`uop_helper`), so every uop works.
//!
//! :frame-sync: the evaluation stack lives in SSA values ([`Stack`]) between uops and is
//! written to the frame only before something that can leave, raise or escape: a helper call
//! (the body reads the stack in memory), a side exit or deopt (in its cold block, from the
//! stack as it is there), the loop's back-edge. In between, hand-written uops push and pop
//! SSA values; the stores that a frame-based lowering would have made for them are counted
//! in `compile_stores_saved`.
//!
//! :unboxed-local: a local stored from an unboxed float stays an `f64` in a register (its
//! frame slot is released and holds null meanwhile) until the frame must be exact: every
//! write-back (exits, deopts, helper calls, frame changes) boxes it into its slot. A loop
//! whose back-edge still has such locals is peeled: the back-edge jumps to a second copy of
//! the trace whose head takes them as `f64` block parameters, so a float that goes round the
//! loop is boxed only on the way out (`compile_locals_unboxed` counts them).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, InstructionData, MemFlagsData, Opcode, Signature, Type, Value, ValueDef, types,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::FunctionBuilder;
use std::mem::offset_of;
use tracelift_runtime::object::{INSTANCE_LEN_OFFSET, INSTANCE_SLOTS_OFFSET};
use tracelift_uops::abi::{self, AbiKind, Known, Rt, leave};
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;
use tracelift_vm::tier1rt::Tier1Rt;

use crate::layout::Layouts;
use tracelift_vm::tier2::Executor;
use tracelift_vm::tier2::backend::{tl_exec_enter_frame, uop_helper};

const I64: Type = types::I64;
const I32: Type = types::I32;
const F64: Type = types::F64;

/// Offset of a `Ctx` field.
macro_rules! cx_off {
    ($f:ident) => {
        std::mem::offset_of!(tracelift_uops::abi::Ctx, $f) as i32
    };
}

// After `cx_off!`, which they use.
mod arith;
mod attrs;
mod builtins;
mod frames;
mod uops;

/// Offset of an iterator's state.
const ITER_STATE: i32 = abi::ITER_STATE_OFFSET as i32;

/// Offset of a float's value.
const FLOAT_VALUE: i32 = offset_of!(abi::FloatObj, value) as i32;

/// One SSA stack slot (:unboxed-float:).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// A word, as the frame holds it (an owned reference, a small int, or null).
    Word(Value),
    /// A float that has no box yet: the `f64` result of a float operation. It is boxed
    /// (`tl_rt_float_new`) only when something needs the word: a non-float uop pops or peeks
    /// it, or the stack is written back (a helper call, a side exit, the back-edge).
    Float(Value),
    /// A float constant: its `f64` immediate, and the address of its box (owned by the code,
    /// which outlives the executor), referenced only when the object is needed.
    Const(Value, u64),
    /// :borrowed: a word whose reference something else holds (a local, or an attribute of a
    /// borrowed owner). It is counted only when the slot must own it: when something pops or
    /// peeks it as a word, when the stack is written back, and before any uop that could drop
    /// the reference it borrows ([`Lower::own_borrowed`]).
    Borrowed(Value),
}

/// :shared-exit: everything [`Lower::write_back`] reads: the stack (each slot, and whether its
/// word is a known heap object), the unboxed locals, and the frame registers. Two exits with
/// equal keys write back the same stores, so they share one write-back block.
#[derive(PartialEq, Eq)]
struct WriteBackKey {
    base: Value,
    mem: i64,
    vals: Vec<(Slot, bool)>,
    shadow: Vec<(u32, Value)>,
    locals: Value,
    /// :caller-floats: which deferred state of the callers it writes too.
    pending: u32,
}

/// What the shared exit stub loads for a deopt: a `jit` cell that never links, so the stub
/// returns the deopt's leave code to the host.
pub static NEVER_LINKED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The evaluation stack during lowering (:frame-sync:): slots `[0, mem)` of the current
/// segment are in the frame, at `base + 8 * i`; slots `[mem, mem + vals.len())` are SSA values.
/// A segment starts where the trace enters a frame (the head, after a frame helper); `base` is
/// `cx.sp` there and depths are relative to it (they go negative after `_POP_FRAME`).
struct Stack {
    base: Value,
    mem: i64,
    vals: Vec<Slot>,
}

impl Stack {
    fn depth(&self) -> i64 {
        self.mem + self.vals.len() as i64
    }
}

/// :short-regs: where the lowering finds a frame register that few uops read (the consts
/// and names tables, the globals dict). Each read makes a fresh `load` or `iconst` rather
/// than holding one value from the segment's start, so the value lives for a few
/// instructions, not across the whole trace, and the register allocator has that many fewer
/// long live ranges to place around every call and exit.
#[derive(Clone, Copy)]
pub(crate) enum Reg {
    /// What `cx` holds at this offset (true until a frame change writes `cx`).
    Cx(i32),
    /// A constant address (a known code's table).
    Known(u64),
    /// A value computed once (a callee's globals, read from its function).
    Val(Value),
}

/// Lowers one trace.
pub struct Lower<'a, 'f> {
    b: &'a mut FunctionBuilder<'f>,
    ex: &'a Executor,
    cx: Value,
    st: Stack,
    locals: Value,
    consts: Reg,
    names: Reg,
    globals: Reg,
    /// The instruction the last `_SET_IP` named, and whether `cx.ip` holds it yet.
    ip: u64,
    ip_stored: bool,
    /// The block of uop 0, where `_JUMP_TO_TOP` goes.
    head: Block,
    /// Stack stores the hand-written lowerings avoided (see the module docs).
    pub stores_saved: u64,
    /// Float results the lowering kept unboxed (:unboxed-float:).
    pub floats_unboxed: u64,
    helper_sig: Option<cranelift_codegen::ir::SigRef>,
    layouts: Option<Layouts>,
    /// The shared side-exit stub, once made (sealed at the end).
    stub: Option<Block>,
    /// The code of the frame the uop being lowered runs in (for its constants).
    code: *const tracelift_vm::objects::Code,
    /// :unboxed-local: the current segment's locals that are unboxed floats, `(index, f64)`.
    shadow: Vec<(u32, Value)>,
    /// Unbox locals at all (`TRACELIFT_CRANELIFT_UNBOX_LOCALS=0` turns it off).
    unbox_locals: bool,
    /// Where the peeled loop stands (:unboxed-local:).
    peel: Peel,
    /// A main-path write-back has boxed unboxed locals (a call, a frame): the body boxes
    /// them every time round anyway, so peeling the loop would not pay.
    shadows_flushed: bool,
    /// Float locals carried round the loop in registers.
    pub locals_unboxed: u64,
    /// Why the lowering cannot be used, if it cannot (the trace is left to the interpreter).
    pub failed: Option<String>,
    /// :known-obj: values proven to be heap objects where they are used (a type or version
    /// guard on the main path passed, or a box was just made): their counts and types are
    /// reached without the small-int test.
    objs: std::collections::HashSet<Value>,
    /// :const-word: words never counted: the addresses of immortal constants (a small-int
    /// constant is recognized from its `iconst` itself, [`Lower::known_word`]).
    uncounted: std::collections::HashSet<Value>,
    /// :known-type: values a type guard on the main path proved to be of a builtin type
    /// (whose instances cannot change class): a second guard on the same value is dropped.
    known_types: std::collections::HashMap<Value, u64>,
    /// :isinstance: `iconst`s that are constant objects (from `_LOAD_CONST`,
    /// `_LOAD_CONST_INLINE`), which the lowering may look at while compiling.
    const_objs: std::collections::HashSet<Value>,
    /// :empty-slot: locals whose frame slot is known to be null here on the main path (a
    /// float local the back-edge dropped, :live-locals:), each with the `locals` register it
    /// was known under (another frame's locals never match). Storing an unboxed float there
    /// skips the release of the old word.
    empty: Vec<(Value, u32)>,
    /// :empty-slot: what the second copy's head assumes empty (the first back-edge's drops).
    empty_at_h2: Vec<u32>,
    /// :local-reuse: the word each local was last loaded as (or stored), with the `locals`
    /// register it was read under: a second `_LOAD_FAST` of it reuses the value, and so
    /// what guards proved of it. Forgotten when the local is stored and at any helper call.
    local_vals: Vec<(Value, u32, Value)>,
    /// :dunder-call: the function a `_CHECK_GETITEM` / `_CHECK_BINOP_PY` just found, for
    /// the `_INIT_*_CALL` after it (nothing but an ip or validity check comes between).
    dunder: Option<Value>,
    /// :shared-exit: the write-back blocks made so far, each with the state it writes back.
    write_backs: Vec<(WriteBackKey, Block)>,
    /// :inline-frame: the frames the trace entered so far and has not left, innermost last;
    /// what the lowering kept of the caller when it entered one inline.
    entered: Vec<Option<frames::Entered>>,
    /// :caller-floats: bumped whenever the callers' deferred state changes (a write-back
    /// block writes the state of its generation).
    pending_gen: u32,
    /// The last `_CHECK_FUNCTION_EXACT_ARGS` lowered: its target and operand (whose high
    /// half says whether the call passes `self`).
    call_guard: Option<(u32, u64)>,
    /// :inline-frame: how frames are entered and left.
    frames: crate::Frames,
}

/// The loop peeling of :unboxed-local:.
#[derive(Clone, Debug)]
enum Peel {
    /// No back-edge has carried a float local (yet).
    None,
    /// The first copy's back-edge jumps to this head with these locals; the second copy is
    /// still to be lowered.
    Pending(Block, Vec<u32>),
    /// The second copy is being lowered: its back-edge jumps to its own head.
    Second(Block, Vec<u32>),
}

/// The rare half of a decref: the count reached 0, so the object is freed.
///
/// # Safety
/// `w` is a heap object whose count the machine code has just set to 0.
pub unsafe extern "C" fn dealloc_zero(w: u64) {
    // SAFETY: see the function's contract; `dealloc` frees an object whose count is 0.
    unsafe { <Tier1Rt as Rt>::dealloc(w) }
}

/// :not-an-object: what the type-version and plain-type guards read in place of a word that
/// is not a heap object (a small int, null), so that they need no branch on the kind of word:
/// a header (never written) whose type is all zeros (version 0, no plain mark).
#[repr(C)]
pub struct NotAnObject {
    refcnt: i64,
    ty: &'static [u64; NOT_A_TYPE_WORDS],
}

/// Words of the all-zero type [`NotAnObject`] points to: past every type field machine code reads.
const NOT_A_TYPE_WORDS: usize = 8;
const _: () = assert!(abi::TYPE_VERSION_OFFSET + 4 <= NOT_A_TYPE_WORDS * 8);
const _: () = assert!(abi::TYPE_PLAIN_OFFSET + 4 <= NOT_A_TYPE_WORDS * 8);

pub(crate) static NOT_A_TYPE: [u64; NOT_A_TYPE_WORDS] = [0; NOT_A_TYPE_WORDS];

/// The one [`NotAnObject`].
pub static NOT_AN_OBJECT: NotAnObject = NotAnObject { refcnt: i64::MIN / 2, ty: &NOT_A_TYPE };

/// The signature of an executor function: `tail fn(cx: *mut Ctx) -> u64`.
pub fn executor_signature() -> Signature {
    let mut s = Signature::new(CallConv::Tail);
    s.params.push(AbiParam::new(I64));
    s.returns.push(AbiParam::new(I64));
    s
}

/// The signature of a uop body helper: `extern "C" fn(*mut Ctx, u32, u64) -> Step`.
pub fn helper_signature(cc: CallConv) -> Signature {
    let mut s = Signature::new(cc);
    s.params.extend([AbiParam::new(I64), AbiParam::new(I32), AbiParam::new(I64)]);
    s.returns.push(AbiParam::new(I32));
    s
}

fn abi_type(k: AbiKind) -> Type {
    match k {
        AbiKind::I64 => I64,
        AbiKind::I32 => I32,
        AbiKind::Bool => types::I8,
        AbiKind::F64 => F64,
    }
}

/// The machine signature of the runtime function `symbol` (from the ABI table).
fn rt_signature(symbol: &str, cc: CallConv) -> Signature {
    let f = abi::ABI_FUNCTIONS.iter().find(|f| f.symbol == symbol).expect("a tl_rt_ function of the ABI table");
    let mut s = Signature::new(cc);
    s.params.extend(f.params.iter().map(|k| AbiParam::new(abi_type(*k))));
    s.returns.extend(f.ret.map(|k| AbiParam::new(abi_type(k))));
    s
}

/// The address of `tl_rt_<name>`.
fn rt_address(symbol: &str) -> u64 {
    tracelift_vm::tier1rt::rt_symbol_addresses()
        .into_iter()
        .find(|(n, _)| *n == symbol)
        .map(|(_, a)| a as u64)
        .expect("an exported tl_rt_ symbol")
}

impl<'a, 'f> Lower<'a, 'f> {
    /// Sets up the entry block (the function's parameter is `cx`) and the head.
    pub fn new(
        b: &'a mut FunctionBuilder<'f>,
        ex: &'a Executor,
        layouts: Option<Layouts>,
        unbox_locals: bool,
        frames: crate::Frames,
    ) -> Lower<'a, 'f> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let cx = b.block_params(entry)[0];
        // Whoever entered (the host, or another executor's exit), this is the running
        // executor now: `_CHECK_VALIDITY` bodies and the host read `cx.executor`.
        let h = b.ins().iconst(I64, &*ex.head as *const abi::ExecHead as i64);
        b.ins().store(MemFlagsData::trusted(), h, cx, cx_off!(executor));
        // As the host does on entry: the instruction running is the trace's first (another
        // executor's exit may have left its own there).
        let ip0 = b.ins().iconst(I64, ex.uops.first().map_or(0, |u| u.target as i64));
        b.ins().store(MemFlagsData::trusted(), ip0, cx, cx_off!(ip));
        let head = b.create_block();
        b.ins().jump(head, &[]);
        b.switch_to_block(head);
        let zero = b.ins().iconst(I64, 0);
        let mut l = Lower {
            b,
            ex,
            cx,
            st: Stack { base: zero, mem: 0, vals: Vec::new() },
            locals: zero,
            consts: Reg::Val(zero),
            names: Reg::Val(zero),
            globals: Reg::Val(zero),
            ip: ex.uops.first().map_or(0, |u| u.target as u64),
            ip_stored: true,
            head,
            stores_saved: 0,
            floats_unboxed: 0,
            helper_sig: None,
            layouts,
            stub: None,
            code: std::ptr::null(),
            shadow: Vec::new(),
            unbox_locals,
            peel: Peel::None,
            shadows_flushed: false,
            locals_unboxed: 0,
            failed: None,
            objs: Default::default(),
            uncounted: Default::default(),
            known_types: Default::default(),
            const_objs: Default::default(),
            empty: Vec::new(),
            empty_at_h2: Vec::new(),
            local_vals: Vec::new(),
            dunder: None,
            write_backs: Vec::new(),
            entered: Vec::new(),
            pending_gen: 0,
            call_guard: None,
            frames,
        };
        l.start_segment();
        l.root_tables();
        l
    }

    /// In the trace's own frame, the consts and names tables are its code's, known now.
    pub(crate) fn root_tables(&mut self) {
        if let Some(code) = self.ex.code.upgrade() {
            self.consts = Reg::Known(code.consts.as_ptr() as u64);
            self.names = Reg::Known(code.names.as_ptr() as u64);
        }
    }

    /// The value of the frame register `r` here (:short-regs:).
    pub(crate) fn reg(&mut self, r: Reg) -> Value {
        match r {
            Reg::Cx(off) => {
                let cx = self.cx;
                self.load(I64, cx, off)
            }
            Reg::Known(a) => self.iconst(a),
            Reg::Val(v) => v,
        }
    }

    fn flags() -> MemFlagsData {
        MemFlagsData::trusted()
    }

    fn load(&mut self, ty: Type, p: Value, off: i32) -> Value {
        self.b.ins().load(ty, Self::flags(), p, off)
    }

    fn store(&mut self, v: Value, p: Value, off: i32) {
        self.b.ins().store(Self::flags(), v, p, off);
    }

    fn iconst(&mut self, v: u64) -> Value {
        self.b.ins().iconst(I64, v as i64)
    }

    /// A segment starts: the frame's registers are (re)read from `cx`.
    fn start_segment(&mut self) {
        let cx = self.cx;
        self.st = Stack { base: self.load(I64, cx, cx_off!(sp)), mem: 0, vals: Vec::new() };
        self.locals = self.load(I64, cx, cx_off!(locals));
        self.consts = Reg::Cx(cx_off!(consts));
        self.names = Reg::Cx(cx_off!(names));
        self.globals = Reg::Cx(cx_off!(globals));
    }

    fn slot_offset(depth: i64) -> i32 {
        (depth * 8) as i32
    }

    fn pop(&mut self) -> Value {
        match self.st.vals.pop() {
            Some(Slot::Word(v)) => return v,
            Some(s @ (Slot::Float(_) | Slot::Const(..) | Slot::Borrowed(_))) => return self.materialize(s),
            None => {}
        }
        self.st.mem -= 1;
        let (base, off) = (self.st.base, Self::slot_offset(self.st.mem));
        let v = self.load(I64, base, off);
        // :pop-clears: the frame never holds a stale word.
        let z = self.iconst(0);
        self.store(z, base, off);
        v
    }

    fn push(&mut self, v: Value) {
        self.st.vals.push(Slot::Word(v));
        // A frame-based lowering stores every push.
        self.stores_saved += 1;
    }

    /// Pushes a slot as it is.
    fn push_slot(&mut self, s: Slot) {
        self.st.vals.push(s);
        self.stores_saved += 1;
    }

    /// The word of an unboxed slot: a new box for a float, a new reference to a constant's.
    fn materialize(&mut self, s: Slot) -> Value {
        match s {
            Slot::Word(w) => w,
            Slot::Borrowed(w) => {
                self.incref(w);
                w
            }
            Slot::Float(f) => self.box_float(f),
            Slot::Const(_, w) => {
                let w = self.iconst(w);
                self.incref(w);
                w
            }
        }
    }

    /// Pushes an unboxed float (:unboxed-float:).
    fn push_float(&mut self, f: Value) {
        self.st.vals.push(Slot::Float(f));
        self.stores_saved += 1;
        self.floats_unboxed += 1;
    }

    /// Pops a float operand (a guard or the analysis proved it is one): its `f64`, and the
    /// word to release once it is used, if it had a box.
    fn pop_float(&mut self) -> (Value, Option<Value>) {
        match self.st.vals.last().copied() {
            Some(Slot::Float(f) | Slot::Const(f, _)) => {
                self.st.vals.pop();
                return (f, None);
            }
            // :borrowed: read, nothing to release.
            Some(Slot::Borrowed(w)) => {
                self.st.vals.pop();
                return (self.load(F64, w, FLOAT_VALUE), None);
            }
            _ => {}
        }
        let w = self.pop();
        (self.load(F64, w, FLOAT_VALUE), Some(w))
    }

    /// The `f64` of the float `n` from the top (guarded or unboxed), leaving the stack as it is.
    fn peek_float(&mut self, n: usize) -> Value {
        let k = self.st.vals.len();
        if n <= k {
            match self.st.vals[k - n] {
                Slot::Float(f) | Slot::Const(f, _) => return f,
                Slot::Borrowed(w) => return self.load(F64, w, FLOAT_VALUE),
                Slot::Word(_) => {}
            }
        }
        let w = self.peek(n);
        self.load(F64, w, FLOAT_VALUE)
    }

    /// Is the item `n` from the top a :borrowed: word?
    fn is_borrowed(&self, n: usize) -> bool {
        let k = self.st.vals.len();
        n <= k && matches!(self.st.vals[k - n], Slot::Borrowed(_))
    }

    /// The word of the item `n` from the top, to look at only: a :borrowed: slot stays
    /// borrowed (an unboxed float is boxed, as by [`Lower::peek`]).
    fn peek_word(&mut self, n: usize) -> Value {
        let k = self.st.vals.len();
        if n <= k
            && let Slot::Borrowed(w) = self.st.vals[k - n]
        {
            return w;
        }
        self.peek(n)
    }

    /// Pops a word that the uop does not release (a guarded small int, an immortal
    /// singleton), or whose release it decides itself: a borrowed one is taken as it is,
    /// without a count (:borrowed:).
    fn pop_small(&mut self) -> Value {
        if let Some(Slot::Borrowed(w)) = self.st.vals.last().copied() {
            self.st.vals.pop();
            return w;
        }
        self.pop()
    }

    /// Replaces the top (a container) with `part`, a word read out of it (an attribute, an
    /// item): :borrowed: when the container was borrowed, since it holds `part` and outlives
    /// it; otherwise `part` gets its own reference and the container's is released.
    fn replace_top_with_part(&mut self, borrowed: bool, part: Value, container: Value) {
        if borrowed {
            let k = self.st.vals.len();
            self.st.vals[k - 1] = Slot::Borrowed(part);
        } else {
            self.incref(part);
            self.set(1, part);
            self.decref(container);
        }
    }

    /// :borrowed: every borrowed slot takes its own reference (before a uop that could drop
    /// the reference it borrows).
    pub(crate) fn own_borrowed(&mut self) {
        self.own_borrowed_below(0);
    }

    /// [`Lower::own_borrowed`] for every slot but the top `n`.
    pub(crate) fn own_borrowed_below(&mut self, n: usize) {
        for i in 0..self.st.vals.len().saturating_sub(n) {
            if let Slot::Borrowed(w) = self.st.vals[i] {
                self.incref(w);
                self.st.vals[i] = Slot::Word(w);
            }
        }
    }

    /// Is the item `n` from the top an unboxed float?
    fn is_unboxed_float(&self, n: usize) -> bool {
        let k = self.st.vals.len();
        n <= k && matches!(self.st.vals[k - n], Slot::Float(_) | Slot::Const(..))
    }

    /// :float-in-place: stores float `f` into the container slot at `addr`, which holds an
    /// owned word. When that word is a float box that nothing else references, its value is
    /// overwritten: no allocation, nothing freed, and no one can tell (CPython's float
    /// operations reuse a dead operand the same way). Otherwise a new box goes in and the old
    /// word is released.
    fn store_float_in_place(&mut self, addr: Value, f: Value) {
        let old = self.load(I64, addr, 0);
        let (obj, check, reuse, fresh, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        // Not an object, not a float, or shared: a new box (three branches to one block).
        let is_obj = self.is_obj(old);
        self.b.ins().brif(is_obj, obj, &[], fresh, &[]);
        self.b.seal_block(obj);
        self.b.switch_to_block(obj);
        let t = self.load(I64, old, 8);
        let is_float = self.b.ins().icmp_imm_s(IntCC::Equal, t, Tier1Rt::known(Known::FloatType) as i64);
        self.b.ins().brif(is_float, check, &[], fresh, &[]);
        self.b.seal_block(check);
        self.b.switch_to_block(check);
        let rc = self.load(I64, old, 0);
        let alone = self.b.ins().icmp_imm_s(IntCC::Equal, rc, 1);
        self.b.ins().brif(alone, reuse, &[], fresh, &[]);
        self.b.seal_block(reuse);
        self.b.seal_block(fresh);
        self.b.switch_to_block(reuse);
        self.store(f, old, FLOAT_VALUE);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(fresh);
        let w = self.box_float(f);
        self.store(w, addr, 0);
        self.decref(old);
        self.b.ins().jump(done, &[]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
    }

    /// A new float object holding `f` (an owned reference).
    fn box_float(&mut self, f: Value) -> Value {
        let w = self.call_rt("tl_rt_float_new", &[f]).expect("a result");
        self.objs.insert(w);
        w
    }

    /// :known-obj: from here on (the main path after a guard), `w` is a heap object.
    fn known_obj(&mut self, w: Value) {
        self.objs.insert(w);
    }

    /// The item `n` from the top (1 is the top), as a word: an unboxed float is boxed, once.
    fn peek(&mut self, n: usize) -> Value {
        let k = self.st.vals.len();
        if n <= k {
            return match self.st.vals[k - n] {
                Slot::Word(w) => w,
                s => {
                    let w = self.materialize(s);
                    self.st.vals[k - n] = Slot::Word(w);
                    w
                }
            };
        }
        let d = self.st.depth() - n as i64;
        let base = self.st.base;
        self.load(I64, base, Self::slot_offset(d))
    }

    /// Replaces the item `n` from the top.
    fn set(&mut self, n: usize, v: Value) {
        let k = self.st.vals.len();
        if n <= k {
            self.st.vals[k - n] = Slot::Word(v);
        } else {
            let d = self.st.depth() - n as i64;
            let base = self.st.base;
            self.store(v, base, Self::slot_offset(d));
        }
    }

    /// Writes the SSA part of the stack and `cx.sp` to the frame (no change to the lowering's
    /// state; used on cold paths too): unboxed floats get their boxes here.
    fn write_back(&mut self) -> usize {
        self.write_back_with(&self.shadow.clone())
    }

    /// [`Lower::write_back`] boxing only the unboxed locals `shadow` (a subset of the current
    /// ones: an exit leaves the others' slots empty where they are dead, :live-locals:).
    fn write_back_with(&mut self, shadow: &[(u32, Value)]) -> usize {
        let (base, mem) = (self.st.base, self.st.mem);
        let vals = self.st.vals.clone();
        for (i, v) in vals.iter().enumerate() {
            let w = self.materialize(*v);
            self.store(w, base, Self::slot_offset(mem + i as i64));
        }
        // :unboxed-local: each unboxed local gets a box in its (null) slot.
        let locals = self.locals;
        for &(i, f) in shadow {
            let w = self.box_float(f);
            self.store(w, locals, (i * 8) as i32);
        }
        let sp = self.b.ins().iadd_imm_s(base, self.st.depth() * 8);
        let cx = self.cx;
        self.store(sp, cx, cx_off!(sp));
        vals.len()
    }

    /// Writes the stack back on the main path: from here on all of it is in the frame.
    fn flush(&mut self) {
        self.shadows_flushed |= !self.shadow.is_empty();
        let n = self.write_back();
        self.stores_saved = self.stores_saved.saturating_sub(n as u64);
        self.st.mem = self.st.depth();
        self.st.vals.clear();
        self.shadow.clear();
    }

    /// The `f64` of local `i` if it is unboxed (:unboxed-local:).
    fn shadowed(&self, i: u32) -> Option<Value> {
        self.shadow.iter().find(|e| e.0 == i).map(|e| e.1)
    }

    /// `_STORE_FAST i` of the unboxed float on top (:unboxed-local:): the local becomes (or
    /// stays) an `f64`; the first time, the object its slot held is released and the slot
    /// nulled.
    fn store_unboxed_local(&mut self, i: u32) {
        let f = match self.st.vals.pop() {
            Some(Slot::Float(f) | Slot::Const(f, _)) => f,
            _ => unreachable!("the caller checked for an unboxed float"),
        };
        if let Some(e) = self.shadow.iter_mut().find(|e| e.0 == i) {
            e.1 = f;
            return;
        }
        let (l, off) = (self.locals, (i * 8) as i32);
        self.forget_local(i);
        if let Some(k) = self.empty.iter().position(|&e| e == (l, i)) {
            // :empty-slot: nothing to release; the slot stays null while it is shadowed.
            self.empty.swap_remove(k);
            self.shadow.push((i, f));
            return;
        }
        let old = self.load(I64, l, off);
        let z = self.iconst(0);
        self.store(z, l, off);
        self.decref(old);
        self.shadow.push((i, f));
    }

    /// Stores the instruction the last `_SET_IP` named into `cx.ip`, if it is not there yet.
    fn sync_ip(&mut self) {
        if !self.ip_stored {
            let v = self.iconst(self.ip);
            let cx = self.cx;
            self.store(v, cx, cx_off!(ip));
            self.ip_stored = true;
        }
    }

    /// Branches on `cond` to a new block (taken when it is nonzero), where the lowering goes
    /// on, and to a new cold block, which it returns; both are sealed.
    fn branch_hot_cold(&mut self, cond: Value) -> Block {
        let (hot, cold) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(cold);
        self.b.ins().brif(cond, hot, &[], cold, &[]);
        self.b.seal_block(hot);
        self.b.seal_block(cold);
        self.b.switch_to_block(hot);
        cold
    }

    /// Leaves through `u`'s exit (or deopt) from a new cold block entered when `cond` is
    /// nonzero; the main path continues in a new block. The cold block names the exit and
    /// jumps to a write-back block, which writes the stack back and goes to the exit stub.
    ///
    /// :shared-exit: exits that would write back exactly the same stores share one write-back
    /// block (most guards in a row do: a guard changes no stack slot). This is sound for SSA:
    /// every value the shared block stores was written back at each exit that jumps to it, so
    /// it dominates all of the block's predecessors, hence the block. It keeps the function
    /// smaller, for the register allocator (see `docs/cranelift.md` for what that buys).
    fn leave_if(&mut self, cond: Value, u: &UopInst) {
        let cold = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(cold);
        self.b.ins().brif(cond, cold, &[], cont, &[]);
        self.b.seal_block(cold);
        self.b.seal_block(cont);
        self.b.switch_to_block(cold);
        self.jump_to_exit(u);
        self.b.switch_to_block(cont);
    }

    /// `_EXIT_TRACE`: leaves through `u`'s exit as a failed guard does, through the shared
    /// write-back block, so that only the unboxed locals live where the run goes on get a box
    /// (a helper call would write the whole stack back first and box every one of them). The
    /// lowering goes on in a block nothing reaches.
    pub(crate) fn leave_always(&mut self, u: &UopInst) {
        self.jump_to_exit(u);
        let dead = self.b.create_block();
        self.b.seal_block(dead);
        self.b.switch_to_block(dead);
    }

    /// Ends the current block with a jump to the write-back block of `u`'s exit (or deopt).
    fn jump_to_exit(&mut self, u: &UopInst) {
        let shadow = self.live_shadow(u);
        let wb = self.write_back_block(shadow);
        let code = self.exit_code(u);
        let exit = self.ex.exits.get(u.exit as usize).filter(|_| u.uop.flags() & flags::EXIT != 0);
        let cell = self.iconst(exit.map_or(NEVER_LINKED.as_ptr() as u64, |e| &e.jit as *const _ as u64));
        let r = self.iconst(code);
        self.b.ins().jump(wb, &[cell.into(), r.into()]);
    }

    /// The write-back block `wb(cell, code)` for the current state (:shared-exit:): made
    /// the first time, then reused; sealed at the end of the lowering.
    fn write_back_block(&mut self, shadow: Vec<(u32, Value)>) -> Block {
        let key = WriteBackKey {
            base: self.st.base,
            mem: self.st.mem,
            vals: self.st.vals.iter().map(|s| (*s, matches!(s, Slot::Borrowed(w) if self.objs.contains(w)))).collect(),
            shadow,
            locals: self.locals,
            pending: self.pending_gen,
        };
        if let Some((_, b)) = self.write_backs.iter().find(|(k, _)| *k == key) {
            return *b;
        }
        let here = self.b.current_block();
        let wb = self.b.create_block();
        self.b.set_cold_block(wb);
        let cell = self.b.append_block_param(wb, I64);
        let code = self.b.append_block_param(wb, I64);
        self.b.switch_to_block(wb);
        self.write_back_with(&key.shadow);
        self.write_pending();
        let stub = self.exit_stub();
        self.b.ins().jump(stub, &[cell.into(), code.into()]);
        if let Some(h) = here {
            self.b.switch_to_block(h);
        }
        self.write_backs.push((key, wb));
        wb
    }

    /// Ends the current (cold) block by leaving through `u`'s side exit or deopt, the frame
    /// already written back. A side exit whose `jit` cell links an executor's machine code
    /// transfers there with a tail call while the chain is short enough (:exit-link:);
    /// otherwise it returns its leave code to the host.
    fn leave_through(&mut self, u: &UopInst) {
        self.write_pending();
        let code = self.exit_code(u);
        let exit = self.ex.exits.get(u.exit as usize).filter(|_| u.uop.flags() & flags::EXIT != 0);
        let r = self.iconst(code);
        if let Some(e) = exit {
            let cell = self.iconst(&e.jit as *const _ as u64);
            let stub = self.exit_stub();
            self.b.ins().jump(stub, &[cell.into(), r.into()]);
        } else {
            self.b.ins().return_(&[r]);
        }
    }

    /// The function's one side-exit stub, `stub(cell, code)`: transfers to the machine code
    /// the exit's `jit` cell links (:exit-link:), or returns `code`. Shared by every exit so
    /// that each exit's cold block is only its write-back.
    fn exit_stub(&mut self) -> Block {
        if let Some(b) = self.stub {
            return b;
        }
        let here = self.b.current_block();
        let stub = self.b.create_block();
        let check = self.b.create_block();
        let go = self.b.create_block();
        let ret = self.b.create_block();
        for blk in [stub, check, go, ret] {
            self.b.set_cold_block(blk);
        }
        let cell = self.b.append_block_param(stub, I64);
        let code = self.b.append_block_param(stub, I64);
        self.b.switch_to_block(stub);
        let next = self.load(I64, cell, 0);
        self.b.ins().brif(next, check, &[], ret, &[]);
        self.b.seal_block(check);
        self.b.switch_to_block(check);
        let cx = self.cx;
        let chain = self.load(I64, cx, cx_off!(chain));
        let full = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, chain, abi::MAX_CHAIN as i64);
        self.b.ins().brif(full, ret, &[], go, &[]);
        self.b.seal_block(go);
        self.b.seal_block(ret);
        self.b.switch_to_block(go);
        let chain1 = self.b.ins().iadd_imm_s(chain, 1);
        self.store(chain1, cx, cx_off!(chain));
        let sig = self.b.import_signature(executor_signature());
        self.b.ins().return_call_indirect(sig, next, &[cx]);
        self.b.switch_to_block(ret);
        self.b.ins().return_(&[code]);
        if let Some(h) = here {
            self.b.switch_to_block(h);
        }
        self.stub = Some(stub);
        stub
    }

    /// :live-locals: the unboxed locals that `u`'s exit, deopt or error must box: those live
    /// where tier 1 resumes, at the exit's target or at the uop's own instruction (whose
    /// liveness includes what its exception handler reads); all of them when the code's
    /// liveness is not known.
    fn live_shadow(&self, u: &UopInst) -> Vec<(u32, Value)> {
        if self.shadow.is_empty() || self.code.is_null() {
            return self.shadow.clone();
        }
        let exit = match self.ex.exits.get(u.exit as usize) {
            Some(e) if u.uop.flags() & flags::EXIT != 0 => e.target,
            _ => u.target,
        };
        // SAFETY: the code of the frame the uop runs in, alive while the executor is compiled
        // (as in `float_const`).
        let code = unsafe { &*self.code };
        match code.live_locals() {
            Some(l) => {
                let live = |i: u32| l.is_live(exit as usize, i as usize) || l.is_live(u.target as usize, i as usize);
                self.shadow.iter().filter(|(i, _)| live(*i)).copied().collect()
            }
            None => self.shadow.clone(),
        }
    }

    /// :live-locals: at the back-edge, a float local that is dead at the loop's head leaves
    /// the shadow: it is neither carried round the loop nor boxed, and its slot stays empty
    /// until the next pass stores it (nothing reads it before: it would be live at the head).
    fn drop_dead_at_head(&mut self) {
        if self.shadow.is_empty() || self.code.is_null() {
            return;
        }
        let head = self.ex.uops.first().map_or(0, |u| u.target as usize);
        // SAFETY: the code of the frame the back-edge is in (the trace's own), alive while the
        // executor is compiled (as in `live_shadow`).
        let code = unsafe { &*self.code };
        if let Some(l) = code.live_locals() {
            let (dead, live): (Vec<_>, Vec<_>) = self.shadow.iter().partition(|(i, _)| !l.is_live(head, *i as usize));
            self.shadow = live;
            // :empty-slot: a dropped local's slot stays null.
            let locals = self.locals;
            self.empty.extend(dead.into_iter().map(|(i, _)| (locals, i)));
        }
    }

    /// :local-reuse: the word local `i` holds, loaded once while nothing stores it.
    pub(crate) fn local_word(&mut self, i: u32) -> Value {
        let l = self.locals;
        if let Some(&(_, _, v)) = self.local_vals.iter().find(|e| e.0 == l && e.1 == i) {
            return v;
        }
        let v = self.load(I64, l, (i * 8) as i32);
        self.local_vals.push((l, i, v));
        v
    }

    /// :local-reuse: local `i` (of the current frame) is being stored.
    pub(crate) fn forget_local(&mut self, i: u32) {
        let l = self.locals;
        self.local_vals.retain(|e| !(e.0 == l && e.1 == i));
    }

    /// :empty-slot: the slots known empty here (under the current `locals`).
    pub(crate) fn empty_now(&self) -> Vec<u32> {
        self.empty.iter().filter(|e| e.0 == self.locals).map(|e| e.1).collect()
    }

    /// :empty-slot: at the second copy's back-edge, a slot its head assumes empty but that is
    /// not empty here is released and cleared (the head's other edge left it so).
    pub(crate) fn empty_as_h2_assumes(&mut self) {
        let now = self.empty_now();
        for i in self.empty_at_h2.clone() {
            if !now.contains(&i) {
                self.forget_local(i);
                let (l, off) = (self.locals, (i * 8) as i32);
                let old = self.load(I64, l, off);
                let z = self.iconst(0);
                self.store(z, l, off);
                self.decref(old);
            }
        }
    }

    /// The leave code of a failing guard `u`: its side exit, or a deopt.
    fn exit_code(&self, u: &UopInst) -> u64 {
        match self.ex.exits.get(u.exit as usize) {
            Some(e) if u.uop.flags() & flags::EXIT != 0 => leave::encode(leave::EXIT, u.exit, e.target),
            _ => leave::encode(leave::DEOPT, 0, u.target),
        }
    }

    /// :const-word: the word `v` when it is an `iconst` (known while compiling).
    pub(crate) fn known_word(&self, v: Value) -> Option<u64> {
        let dfg = &self.b.func.dfg;
        if dfg.value_type(v) != I64 {
            return None;
        }
        let ValueDef::Result(inst, 0) = dfg.value_def(v) else { return None };
        match dfg.insts[inst] {
            InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits() as u64),
            _ => None,
        }
    }

    /// :const-word: `w` is known while compiling to need no count: a small int or null
    /// constant, or an immortal constant object.
    fn never_counted(&self, w: Value) -> bool {
        self.uncounted.contains(&w) || self.known_word(w).is_some_and(|k| k & 1 != 0 || k == 0)
    }

    /// :const-word: `w` (an immortal constant's address) is never counted.
    pub(crate) fn never_count(&mut self, w: Value) {
        self.uncounted.insert(w);
    }

    /// Goes on in a new block when `w` is a heap object (no test when that is known), and
    /// to `other` when it is a small int or null.
    fn go_on_if_obj(&mut self, w: Value, other: Block) {
        if self.objs.contains(&w) {
            return;
        }
        let obj = self.is_obj(w);
        let yes = self.b.create_block();
        self.b.ins().brif(obj, yes, &[], other, &[]);
        self.b.seal_block(yes);
        self.b.switch_to_block(yes);
    }

    fn is_obj(&mut self, w: Value) -> Value {
        let r = self.b.ins().rotr_imm_u(w, 1);
        self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, r, 0)
    }

    /// `w` is a heap object of exactly the known type `k`.
    fn has_type(&mut self, w: Value, k: Known) -> Value {
        self.has_type_at(w, Tier1Rt::known(k))
    }

    /// :not-an-object: `w` itself when it is a heap object, else the address of
    /// [`NOT_AN_OBJECT`], chosen without a branch (a `select`).
    pub(crate) fn obj_or_not(&mut self, w: Value) -> Value {
        if self.objs.contains(&w) {
            return w;
        }
        let obj = self.is_obj(w);
        let not = self.iconst(&NOT_AN_OBJECT as *const NotAnObject as u64);
        self.b.ins().select(obj, w, not)
    }

    /// Counts a reference to `w`. A branch on the kind of word, not a `select` through
    /// [`NOT_AN_OBJECT`]: the branch is predicted and keeps the count's address off the
    /// critical path, which measured faster (see `docs/cranelift.md`).
    fn incref(&mut self, w: Value) {
        if self.never_counted(w) {
            return;
        }
        if self.objs.contains(&w) {
            self.count_one_more(w);
            return;
        }
        let obj = self.is_obj(w);
        let yes = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(obj, yes, &[], done, &[]);
        self.b.seal_block(yes);
        self.b.switch_to_block(yes);
        self.count_one_more(w);
        self.b.ins().jump(done, &[]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
    }

    /// Adds one to the count of the object `w` unless it is immortal (a negative count):
    /// `rc + 1 + (rc >> 63)`, which x86-64 does in a shift and an `lea` (a compare, a
    /// zero-extension and an add before).
    fn count_one_more(&mut self, w: Value) {
        let rc = self.load(I64, w, 0);
        let sign = self.b.ins().sshr_imm_u(rc, 63);
        let rc1 = self.b.ins().iadd(rc, sign);
        let rc1 = self.b.ins().iadd_imm_s(rc1, 1);
        self.store(rc1, w, 0);
    }

    /// Releases a reference to `w`: the common case (a count above 1) is one predicted branch
    /// and a store; a count of 1 goes to 0 and frees, on a cold path, where an immortal's
    /// (negative) count is stored back unchanged.
    fn decref(&mut self, w: Value) {
        if self.never_counted(w) {
            return;
        }
        let many = self.b.create_block();
        let check_one = self.b.create_block();
        let done = self.b.create_block();
        self.go_on_if_obj(w, done);
        let rc = self.load(I64, w, 0);
        let gt1 = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, rc, 1);
        self.b.set_cold_block(check_one);
        self.b.ins().brif(gt1, many, &[], check_one, &[]);
        self.b.seal_block(many);
        self.b.seal_block(check_one);
        self.b.switch_to_block(many);
        let rc1 = self.b.ins().iadd_imm_s(rc, -1);
        self.store(rc1, w, 0);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(check_one);
        let mortal = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, rc, 0);
        let one = self.b.ins().uextend(I64, mortal);
        let rc1 = self.b.ins().isub(rc, one);
        self.store(rc1, w, 0);
        let free = self.b.create_block();
        self.b.set_cold_block(free);
        self.b.ins().brif(rc1, done, &[], free, &[]);
        self.b.seal_block(free);
        self.b.switch_to_block(free);
        let sig = self.b.import_signature({
            let mut s = Signature::new(CallConv::SystemV);
            s.params.push(AbiParam::new(I64));
            s
        });
        let f = self.iconst(dealloc_zero as *const u8 as u64);
        self.b.ins().call_indirect(sig, f, &[w]);
        self.b.ins().jump(done, &[]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
    }

    /// Calls runtime function `symbol` by address.
    fn call_rt(&mut self, symbol: &str, args: &[Value]) -> Option<Value> {
        let sig = rt_signature(symbol, CallConv::SystemV);
        let sig = self.b.import_signature(sig);
        let f = self.iconst(rt_address(symbol));
        let call = self.b.ins().call_indirect(sig, f, args);
        self.b.inst_results(call).first().copied()
    }

    pub(crate) fn bool_word(&mut self, cond: Value) -> Value {
        let t = self.iconst(Tier1Rt::known(Known::True));
        let f = self.iconst(Tier1Rt::known(Known::False));
        self.b.ins().select(cond, t, f)
    }

    /// When `cond` holds, a cold path runs `u`'s body on the frame (written back there) and
    /// leaves the way the body says: for the rare case of a uop whose common case is
    /// hand-written (an exhausted iterator, an unbound local). The body must not return
    /// `Step::Next` there.
    fn cold_helper_if(&mut self, cond: Value, u: &UopInst) {
        let cold = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(cold);
        self.b.ins().brif(cond, cold, &[], cont, &[]);
        self.b.seal_block(cold);
        self.b.seal_block(cont);
        self.b.switch_to_block(cold);
        // The bodies this is for read no local but the one they check (never unboxed).
        let shadow = self.live_shadow(u);
        self.write_back_with(&shadow);
        let stored = self.ip_stored;
        self.ip_stored = false;
        self.sync_ip();
        self.ip_stored = stored;
        let sig = self.helper_sig_ref();
        let callee = self.iconst(uop_helper(u.uop) as u64);
        let (cx, oparg) = (self.cx, self.b.ins().iconst(I32, u.oparg as i64));
        let operand = self.iconst(u.operand);
        let call = self.b.ins().call_indirect(sig, callee, &[cx, oparg, operand]);
        let step = self.b.inst_results(call)[0];
        self.leave_on_step(u, step);
        self.b.switch_to_block(cont);
    }

    fn helper_sig_ref(&mut self) -> cranelift_codegen::ir::SigRef {
        match self.helper_sig {
            Some(s) => s,
            None => {
                let s = self.b.import_signature(helper_signature(CallConv::SystemV));
                self.helper_sig = Some(s);
                s
            }
        }
    }

    /// :inline-attr: whether the instance `owner` keeps attribute `name` in inline slot `i`
    /// (`i` below its count of slots in use, and its class's shared key `i` is `name`), and
    /// that slot's address. Only the instance's own words and its class's key mirror
    /// (`abi::TYPE_KEYS_ITEMS_OFFSET`) are read: the uop before guarded its type.
    ///
    /// One test fewer than `InstanceObject::get_hint` makes, from the instance's invariants:
    /// an instance with a dict has a count of 0 (materializing and `__class__` assignment
    /// both move the slots out), and a count never exceeds its class's shared keys (a slot is
    /// only added for a key that exists; keys are only appended). So `i < count` alone says
    /// the attributes are inline and that key `i` exists.
    ///
    /// For a `_KNOWN` uop (:known-class:, `known`), whose key the optimizer already checked,
    /// only the count is tested.
    fn inline_attr_slot(&mut self, owner: Value, known: bool, i: u32, name_idx: u32) -> (Value, Value) {
        let slot = |l: &mut Self| l.b.ins().iadd_imm_s(owner, (INSTANCE_SLOTS_OFFSET + i as usize * 8) as i64);
        let len = self.load(I32, owner, INSTANCE_LEN_OFFSET as i32);
        let in_use = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, len, i as i64);
        // :known-class: the optimizer read the class's key `i` once, for every pass.
        if known {
            return (in_use, slot(self));
        }
        let name = self.attr_name(name_idx);
        let done = self.b.create_block();
        self.b.append_block_param(done, types::I8);
        let no = self.b.ins().iconst(types::I8, 0);
        let has_key = self.b.create_block();
        self.b.ins().brif(in_use, has_key, &[], done, &[no.into()]);
        self.b.seal_block(has_key);
        self.b.switch_to_block(has_key);
        let ty = self.load(I64, owner, 8);
        let keys = self.load(I64, ty, abi::TYPE_KEYS_ITEMS_OFFSET as i32);
        let key = self.load(I64, keys, (i as usize * 8) as i32);
        let same = self.b.ins().icmp(IntCC::Equal, key, name);
        self.b.ins().jump(done, &[same.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        let ok = self.b.block_params(done)[0];
        (ok, slot(self))
    }

    /// The attribute name `idx` of the running code's names, loaded from its table.
    fn attr_name(&mut self, idx: u32) -> Value {
        let names = self.reg(self.names);
        self.load(I64, names, (idx * 8) as i32)
    }

    /// `w` is a heap object whose type is at address `ty`.
    fn has_type_at(&mut self, w: Value, ty: u64) -> Value {
        if self.objs.contains(&w) {
            let t = self.load(I64, w, 8);
            return self.b.ins().icmp_imm_s(IntCC::Equal, t, ty as i64);
        }
        let obj = self.is_obj(w);
        let yes = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(done, types::I8);
        let f = self.b.ins().iconst(types::I8, 0);
        self.b.ins().brif(obj, yes, &[], done, &[f.into()]);
        self.b.seal_block(yes);
        self.b.switch_to_block(yes);
        let t = self.load(I64, w, 8);
        let eq = self.b.ins().icmp_imm_s(IntCC::Equal, t, ty as i64);
        self.b.ins().jump(done, &[eq.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// Leaves through `u`'s exit unless `w` is a heap object of exactly type `k`.
    ///
    /// Two branches to one cold block (not a select of the two tests and a third branch): a
    /// word that is not an object leaves before its type is read.
    fn type_guard(&mut self, u: &UopInst, w: Value, k: Known) {
        let ty = Tier1Rt::known(k);
        if self.known_types.get(&w) == Some(&ty) {
            return;
        }
        let cold = self.b.create_block();
        self.b.set_cold_block(cold);
        self.go_on_if_obj(w, cold);
        let t = self.load(I64, w, 8);
        let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, t, ty as i64);
        let cont = self.b.create_block();
        self.b.ins().brif(bad, cold, &[], cont, &[]);
        self.b.seal_block(cold);
        self.b.seal_block(cont);
        self.b.switch_to_block(cold);
        self.jump_to_exit(u);
        self.b.switch_to_block(cont);
        self.known_obj(w);
        self.known_types.insert(w, ty);
    }

    /// The builtins dict.
    fn builtins(&mut self) -> Value {
        let cx = self.cx;
        self.load(I64, cx, cx_off!(builtins))
    }

    /// Returns `code` when `cond` holds (the frame is already written back).
    fn return_if(&mut self, cond: Value, code: u64) {
        let out = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(out);
        self.b.ins().brif(cond, out, &[], cont, &[]);
        self.b.seal_block(out);
        self.b.seal_block(cont);
        self.b.switch_to_block(out);
        self.write_pending();
        let r = self.iconst(code);
        self.b.ins().return_(&[r]);
        self.b.switch_to_block(cont);
    }

    /// The signature of a host frame function (`tl_exec_*`): these parameters, a `bool` back.
    pub(crate) fn frame_sig(&mut self, params: &[Type]) -> cranelift_codegen::ir::SigRef {
        self.frame_sig_ret(params, types::I8)
    }

    /// The signature of a host function with these parameters and a result of type `ret`.
    pub(crate) fn frame_sig_ret(&mut self, params: &[Type], ret: Type) -> cranelift_codegen::ir::SigRef {
        let mut s = Signature::new(CallConv::SystemV);
        s.params.extend(params.iter().map(|t| AbiParam::new(*t)));
        s.returns.push(AbiParam::new(ret));
        self.b.import_signature(s)
    }

    /// The default lowering: write the stack back, call the uop's body, and leave on
    /// anything but `Step::Next` (entering the frame on `Step::Frame`).
    fn helper(&mut self, u: &UopInst) {
        // :empty-slot:, :local-reuse: a body may store into any local.
        self.empty.clear();
        self.local_vals.clear();
        let f = u.uop.flags();
        if f & flags::ESCAPES != 0 {
            // :caller-floats: code that runs here may look at the callers' frames.
            self.flush_pending();
        }
        self.flush();
        if f & (flags::ERROR | flags::ESCAPES | flags::FRAME) != 0 {
            self.sync_ip();
        }
        let sig = self.helper_sig_ref();
        let callee = self.iconst(uop_helper(u.uop) as u64);
        let (cx, oparg) = (self.cx, self.b.ins().iconst(I32, u.oparg as i64));
        let operand = self.iconst(u.operand);
        let call = self.b.ins().call_indirect(sig, callee, &[cx, oparg, operand]);
        let step = self.b.inst_results(call)[0];
        let (pops, pushes) = u.uop.stack_effect(u.oparg);
        if f & flags::FRAME != 0 {
            // `Step::Frame` is the normal outcome: the host's part of entering the frame.
            let is_frame = self.b.ins().icmp_imm_s(IntCC::Equal, step, abi::Step::Frame as i64);
            let enter = self.b.create_block();
            let other = self.b.create_block();
            self.b.ins().brif(is_frame, enter, &[], other, &[]);
            self.b.seal_block(enter);
            self.b.seal_block(other);
            self.b.switch_to_block(other);
            self.leave_on_step(u, step);
            self.b.switch_to_block(enter);
            self.enter_frame(u);
            return;
        }
        if f & (flags::DEOPT | flags::ERROR) != 0 {
            let next = self.b.ins().icmp_imm_s(IntCC::NotEqual, step, abi::Step::Next as i64);
            let out = self.b.create_block();
            let cont = self.b.create_block();
            self.b.set_cold_block(out);
            self.b.ins().brif(next, out, &[], cont, &[]);
            self.b.seal_block(out);
            self.b.seal_block(cont);
            self.b.switch_to_block(out);
            self.leave_on_step(u, step);
            self.b.switch_to_block(cont);
        }
        self.st.mem += pushes as i64 - pops as i64;
    }

    /// The host's part of a frame uop (`tl_exec_enter_frame`): pushes the callee's frame and
    /// goes on in it; an error (`RecursionError`) returns to the host. The stack is written
    /// back and `_SET_IP` synced. When the callee's code is known, the lowering keeps the
    /// caller's state for the frame's return and places the callee's stack without a load
    /// (:inline-frame:).
    pub(crate) fn enter_frame(&mut self, u: &UopInst) {
        let kept = self.caller_kept(u);
        self.call_enter_frame(u);
        self.start_segment();
        let entered = kept.map(|(mut e, offset)| {
            // The host placed the callee's stack there (`Vm::push_frame`).
            let bottom = self.b.ins().iadd_imm_s(e.locals, offset);
            self.st.base = bottom;
            e.callee_bottom = bottom;
            e
        });
        self.entered.push(entered);
    }

    /// Calls `tl_exec_enter_frame` for `u` (the frame written back) and returns an error to
    /// the host when it fails.
    pub(crate) fn call_enter_frame(&mut self, u: &UopInst) {
        let cx = self.cx;
        let sig = self.frame_sig(&[I64, I32, I32]);
        let callee = self.iconst(tl_exec_enter_frame as *const u8 as u64);
        let (o, t) = (self.b.ins().iconst(I32, u.oparg as i64), self.b.ins().iconst(I32, u.target as i64));
        let call = self.b.ins().call_indirect(sig, callee, &[cx, o, t]);
        let ok = self.b.inst_results(call)[0];
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.return_if(failed, leave::encode(leave::ERROR, 0, 0));
    }

    /// In a cold block after a helper returned something other than `Step::Next` (and
    /// `Step::Frame`): the body left the frame exact, so return its deopt, exit or error.
    fn leave_on_step(&mut self, u: &UopInst, step: Value) {
        let f = u.uop.flags();
        let err = leave::encode(leave::ERROR, 0, 0);
        match (f & flags::DEOPT != 0, f & flags::ERROR != 0) {
            (true, true) => {
                let is_err = self.b.ins().icmp_imm_s(IntCC::Equal, step, abi::Step::Error as i64);
                let raise = self.b.create_block();
                let out = self.b.create_block();
                self.b.set_cold_block(raise);
                self.b.set_cold_block(out);
                self.b.ins().brif(is_err, raise, &[], out, &[]);
                self.b.seal_block(raise);
                self.b.seal_block(out);
                self.b.switch_to_block(raise);
                self.write_pending();
                let e = self.iconst(err);
                self.b.ins().return_(&[e]);
                self.b.switch_to_block(out);
                self.leave_through(u);
            }
            (true, false) => self.leave_through(u),
            _ => {
                self.write_pending();
                let e = self.iconst(err);
                self.b.ins().return_(&[e]);
            }
        }
    }
}
