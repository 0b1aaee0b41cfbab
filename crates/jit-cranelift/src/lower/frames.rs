//! :inline-frame: entering and leaving the frames of plain Python calls (decision 97).
//!
//! The host's general frame functions (`tl_exec_enter_frame`, `tl_exec_leave_frame`,
//! `tl_exec_return_to_caller`) decide at every call what the trace already knows when it is
//! compiled: which instruction makes the call and its cache size, the callee's code and how
//! its arguments bind, the caller's extent. For a *plain* call (a `CALL` or a `__getitem__`
//! of a function that is not a generator's, so not an operator's or an `__init__`'s frame,
//! which keep operands for their return) the lowering uses that knowledge;
//! `TRACELIFT_CRANELIFT_FRAMES` picks how far:
//!
//! - `inline` (default): when the arguments bind by position (missing ones from the
//!   function's defaults), `_PUSH_FRAME` writes the frame record in machine code, from the
//!   layouts learned at start ([`crate::layout::FrameLayout`]), and moves the arguments from
//!   SSA values straight into the callee's slots. A few tests at run time (a pending
//!   eval-breaker bit, the recursion limit, room in the record vector and the value stack,
//!   the `self` slot, the function's code, its defaults) send the call to the host's function
//!   on a cold path instead; both paths leave the same frame, so the lowering goes on from one
//!   state. Other plain calls enter as in `call`.
//! - `call`: `_PUSH_FRAME` is one call of `tl_exec_push_plain`, told where the caller resumes.
//! - `host`: the general functions, as before decision 97.
//!
//! Under `inline` and `call` a frame's return keeps the return value an SSA value: `_POP_FRAME`
//! of any frame the trace entered (the host enters `__init__`'s and operators' frames), while
//! the lowering still knows its stack, is one call of `tl_exec_return_value`, which gives back
//! the call's result, and the caller's stack and registers are the ones the lowering kept at
//! the call; `_RETURN_TO_CALLER` is one call of `tl_exec_return_plain`.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};
use std::rc::Rc;
use tracelift_uops::Uop;
use tracelift_uops::abi::{Known, Rt, leave};
use tracelift_uops::trace::UopInst;
use tracelift_vm::objects::Code;
use tracelift_vm::tier1rt::Tier1Rt;
use tracelift_vm::tier2::FrameCall;
use tracelift_vm::tier2::backend::{
    tl_exec_init_alloc, tl_exec_init_pending, tl_exec_leave_frame, tl_exec_pop_plain, tl_exec_push_plain,
    tl_exec_return_plain, tl_exec_return_to_caller, tl_exec_return_value,
};

use super::{I32, I64, Lower, Reg, Slot, Stack};

/// :inline-pop: the most callee slots `_POP_FRAME` releases in machine code (each is a load,
/// a store and a count's test, about 20 CLIF instructions in three blocks); a frame with more
/// is released by one call of the host (`tl_exec_pop_plain`).
const INLINE_POP_MAX_LOCALS: usize = 8;

/// :caller-floats: what a caller keeps in registers while a plain callee it entered runs:
/// the unboxed floats right below the call's inputs on its stack (`acc` in
/// `acc += f(x) * y`), and its unboxed locals. Their frame slots hold null meanwhile; every
/// way out of the machine code writes them into the frame (boxed) on its cold path, and a
/// helper that can run any code writes them back for good first, so that nothing outside
/// the trace ever sees the caller without them. The callee's return takes them back as they
/// were, so a float that a loop carries across a call is not boxed each time round.
#[derive(Clone)]
pub(super) struct Pending {
    /// The caller's stack base, and the depth of the first deferred slot.
    base: Value,
    depth: i64,
    /// The caller's unboxed slots at `depth ..` (floats and float constants).
    slots: Vec<Slot>,
    /// The caller's locals and its unboxed ones.
    locals: Value,
    shadow: Vec<(u32, Value)>,
}

impl Pending {
    /// The depth of the caller's stack with its deferred slots: where the call's inputs began.
    fn end(&self) -> i64 {
        self.depth + self.slots.len() as i64
    }
}

/// What the lowering keeps of a frame the trace entered.
#[derive(Clone)]
pub(super) struct Entered {
    /// The caller's stack base and depth below the call (where the result goes).
    base: Value,
    mem: i64,
    /// The caller's registers.
    pub(super) locals: Value,
    consts: Reg,
    names: Reg,
    globals: Reg,
    /// The base of the callee's stack segment (its stack is empty there).
    pub(super) callee_bottom: Value,
    /// :inline-pop: for a plain call's frame, the callee's `nlocalsplus` and the address of
    /// its code's `Rc` allocation, so that `_POP_FRAME` can release the frame in machine code.
    plain: Option<(usize, u64)>,
    /// :caller-floats: the caller's deferred state, until something writes it back.
    pending: Option<Pending>,
    /// :inline-init: an `__init__`'s frame, entered in machine code: its record keeps the
    /// instance, which its return gives the caller.
    init: bool,
    /// :inline-binop: a binary operator's dunder frame, entered in machine code: its record
    /// keeps both operands, which its return releases.
    binop: bool,
}

/// What the trace knows of a plain call at compile time.
struct Plan {
    /// The callee's code.
    callee: Rc<Code>,
    /// The caller's extent (`nlocalsplus + stacksize`).
    caller_extent: usize,
    /// How the arguments bind, when they bind by position alone: whether the `self` slot is
    /// an argument (the call passes `oparg + 1`, as the call's guard saw it when the trace was
    /// formed), and how many trailing parameters take their defaults.
    positional: Option<(bool, usize)>,
    /// Where the caller resumes.
    resume: u64,
    /// :inline-binop: a binary operator's dunder, with its `BINARY_OP` oparg.
    binop: Option<u8>,
}

impl<'a, 'f> Lower<'a, 'f> {
    /// The plan for `_PUSH_FRAME` `u` when it is a plain call: a `CALL` or a `__getitem__`
    /// (not an operator's or an `__init__`'s frame, which keep operands) of a function that is
    /// not a generator's (whose call makes no frame that returns).
    fn push_plan(&self, u: &UopInst) -> Option<Plan> {
        if self.frames == crate::Frames::Host {
            return None;
        }
        let (callee, resume, kind) = self.ex.frame_call(self.code as u64, u)?;
        let binop = match kind {
            FrameCall::Binop(op) => Some(op),
            _ => None,
        };
        let caller = self.known_code(self.code as u64)?;
        // `_CHECK_FUNCTION_EXACT_ARGS`'s operand says whether the call had `self`; a call
        // whose guard the optimizer dropped calls a promoted global function, without. A
        // `__getitem__` is called with the container as `self` (:dunder-call:). A signature
        // with `*args`, `**kwargs` or keyword-only parameters has no `exact_argc`.
        let with_self = kind != FrameCall::Call
            || u.uop == Uop::_CREATE_INIT_FRAME
            || self.call_guard.filter(|g| g.0 == u.target).is_some_and(|g| g.1 >> 32 != 0);
        let positional = (callee.exact_argc != usize::MAX)
            .then(|| callee.exact_argc.checked_sub(u.oparg as usize + with_self as usize))
            .flatten()
            .map(|missing| (with_self, missing));
        Some(Plan { callee, caller_extent: caller.nlocalsplus + caller.stacksize, positional, resume, binop })
    }

    /// `_PUSH_FRAME` (:inline-frame:).
    pub(super) fn push_frame(&mut self, u: &UopInst) {
        // :inline-binop: an operator's frame is entered here only when its return can be
        // released here too; the host's plain push knows no operands.
        let plan = self.push_plan(u).filter(|p| p.binop.is_none() || self.pops_inline(p));
        let Some(p) = plan else {
            // Its body only answers `Step::Frame`: no call of it, straight to the host's
            // part (one call per Python call in a trace, not two).
            self.flush();
            self.sync_ip();
            self.enter_frame(u);
            return;
        };
        let (Some((with_self, missing)), Some(lay), crate::Frames::Inline) = (p.positional, self.layouts, self.frames)
        else {
            return self.push_frame_lean(u, &p);
        };
        let fl = lay.frames;
        let k = 2 + u.oparg as usize;
        let init = (u.uop == Uop::_CREATE_INIT_FRAME).then(|| self.init_alloc(u, k));
        let pending = self.defer_caller(k);
        // The call's inputs, as owned words: callable, `self` or null, arguments.
        let mut ins: Vec<Value> = (0..k).map(|_| self.pop()).collect();
        ins.reverse();
        if let Some((f, inst)) = init {
            // :inline-init: `(cls, null, args)` becomes `(__init__, instance, args)`; the
            // instance keeps its class alive.
            self.incref(f);
            self.decref(ins[0]);
            ins[0] = f;
            ins[1] = inst;
        }
        self.flush();
        self.sync_ip();
        let callee = &p.callee;
        let (nlp, extent) = (callee.nlocalsplus, callee.nlocalsplus + callee.stacksize);
        let (cx, caller_locals) = (self.cx, self.locals);
        let fidx = self.b.ins().iadd_imm_s(self.st.base, self.st.mem * 8);
        let new_locals = self.b.ins().iadd_imm_s(caller_locals, (p.caller_extent * 8) as i64);
        let bottom = self.b.ins().iadd_imm_s(new_locals, (nlp * 8) as i64);
        let inner = Rc::as_ptr(callee) as u64 - fl.rc_value as u64;
        let mut saved = self.keep_caller(self.st.mem, bottom, Some((nlp, inner)));
        debug_assert!(pending.as_ref().is_none_or(|p| p.end() == self.st.mem), "deferred below the inputs");
        saved.pending = pending;
        saved.init = init.is_some();
        saved.binop = p.binop.is_some();
        // Entered from here on: the host's path below can fail, and leaving writes the
        // caller's deferred state back.
        self.entered.push(Some(saved));
        // What could send the call to the host: a pending eval-breaker bit (the call is a
        // safe point), the recursion limit, no room for the record or the slots, a `self`
        // slot other than the plan's, a function whose code is no longer the trace's.
        let vm = self.load(I64, cx, cx_off!(vm));
        let word = self.load(I64, cx, cx_off!(eval_breaker));
        let bits = self.load(I32, word, 0);
        let len = self.load(I64, vm, fl.frames_len);
        let cap = self.load(I64, vm, fl.frames_cap);
        let limit = self.load(I64, vm, fl.recursion_limit);
        let stack = self.load(I64, vm, fl.stack_ptr);
        let slots = self.load(I64, vm, fl.stack_len);
        let end = self.b.ins().iadd_imm_s(new_locals, (extent * 8) as i64);
        let room = self.b.ins().ishl_imm_u(slots, 3);
        let room = self.b.ins().iadd(stack, room);
        let code = self.load(I64, ins[0], fl.func_code);
        let bad = [
            self.b.ins().icmp_imm_s(IntCC::NotEqual, bits, 0),
            self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, len, cap),
            self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, len, limit),
            self.b.ins().icmp(IntCC::UnsignedGreaterThan, end, room),
            self.b.ins().icmp_imm_s(if with_self { IntCC::Equal } else { IntCC::NotEqual }, ins[1], 0),
            self.b.ins().icmp_imm_s(IntCC::NotEqual, code, inner as i64),
        ];
        let bad = self.any(&bad);
        let join = self.b.create_block();
        let globals = self.b.append_block_param(join, I64);
        let slow = self.b.create_block();
        let fast = self.b.create_block();
        self.b.set_cold_block(slow);
        self.b.ins().brif(bad, slow, &[], fast, &[]);
        self.b.seal_block(fast);
        // The defaults the call needs: the function's own (closures made from one `def`
        // share a version, not their defaults), from a tuple at least that long.
        self.b.switch_to_block(fast);
        let mut defaults = Vec::new();
        if missing > 0 {
            let defs = self.load(I64, ins[0], fl.func_defaults);
            let has = self.b.create_block();
            let fast2 = self.b.create_block();
            self.b.ins().brif(defs, has, &[], slow, &[]);
            self.b.seal_block(has);
            self.b.switch_to_block(has);
            let n = self.load(I64, defs, lay.tuple_len);
            let short = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, n, missing as i64);
            self.b.ins().brif(short, slow, &[], fast2, &[]);
            self.b.seal_block(fast2);
            self.b.switch_to_block(fast2);
            let items = self.load(I64, defs, lay.tuple_items);
            let from = self.b.ins().ishl_imm_u(n, 3);
            let from = self.b.ins().iadd(items, from);
            for i in 0..missing {
                defaults.push(self.load(I64, from, -(((missing - i) * 8) as i32)));
            }
        }
        let fast = self.b.current_block().expect("in the fast path");
        self.b.seal_block(slow);

        // The host enters the frame, from the stack as the call left it.
        self.b.switch_to_block(slow);
        for (i, w) in ins.iter().enumerate() {
            self.store(*w, fidx, (i * 8) as i32);
        }
        let sp = self.b.ins().iadd_imm_s(fidx, (k * 8) as i64);
        self.store(sp, cx, cx_off!(sp));
        if init.is_some() {
            // The host's push takes the record's instance from the VM.
            self.incref(ins[1]);
            let sig = self.frame_sig(&[I64, I64]);
            let f = self.iconst(tl_exec_init_pending as *const u8 as u64);
            self.b.ins().call_indirect(sig, f, &[cx, ins[1]]);
        }
        self.call_enter_frame(u);
        let g = self.load(I64, cx, cx_off!(globals));
        self.b.ins().jump(join, &[g.into()]);

        // Inline: the caller's record saves where it resumes; the arguments move into the
        // callee's slots (empty, :pop-clears:); the callee's record is written in place.
        self.b.switch_to_block(fast);
        let frames = self.load(I64, vm, fl.frames_ptr);
        let at = self.b.ins().imul_imm_s(len, fl.size);
        let rec = self.b.ins().iadd(frames, at);
        let caller_rec = self.b.ins().iadd_imm_s(rec, -fl.size);
        let resume = self.iconst(p.resume);
        self.store(resume, caller_rec, fl.ip);
        let call_at = self.iconst(u.target as u64);
        self.store(call_at, caller_rec, fl.lasti);
        let fidx_off = self.b.ins().isub(fidx, stack);
        let fidx_idx = self.b.ins().ushr_imm_u(fidx_off, 3);
        self.store(fidx_idx, caller_rec, fl.sp);
        let first = if with_self { 1 } else { 2 };
        for (i, w) in ins[first..].iter().enumerate() {
            self.store(*w, new_locals, (i * 8) as i32);
        }
        let given = k - first;
        for (i, d) in defaults.into_iter().enumerate() {
            self.incref(d);
            self.store(d, new_locals, ((given + i) * 8) as i32);
        }
        let inner = self.iconst(inner);
        let strong = self.load(I64, inner, fl.rc_strong);
        let strong1 = self.b.ins().iadd_imm_s(strong, 1);
        self.store(strong1, inner, fl.rc_strong);
        self.store(inner, rec, fl.code);
        self.store(ins[0], rec, fl.func);
        let g = self.load(I64, ins[0], fl.func_globals);
        self.known_obj(g);
        self.incref(g);
        self.store(g, rec, fl.globals);
        let zero = self.iconst(0);
        for off in [fl.locals, fl.ip, fl.lasti, fl.generator] {
            self.store(zero, rec, off);
        }
        if init.is_some() || p.binop.is_some() {
            // :inline-init: the record's own count of the instance, for the return;
            // :inline-binop: of the left operand.
            self.incref(ins[1]);
            self.store(ins[1], rec, fl.init_self);
        } else {
            self.store(zero, rec, fl.init_self);
        }
        let zero8 = self.b.ins().iconst(types::I8, 0);
        self.store(zero8, rec, fl.entry);
        if let Some(op) = p.binop {
            // :inline-binop: the right operand and the operator, for the return.
            self.incref(ins[2]);
            self.store(ins[2], rec, fl.binop_rhs);
            let op = self.b.ins().iconst(types::I8, op as i64);
            self.store(op, rec, fl.binop_op);
        } else {
            self.store(zero, rec, fl.binop_rhs);
            self.store(zero8, rec, fl.binop_op);
        }
        let base_off = self.b.ins().isub(new_locals, stack);
        let base_idx = self.b.ins().ushr_imm_u(base_off, 3);
        self.store(base_idx, rec, fl.base);
        let sp_idx = self.b.ins().iadd_imm_s(base_idx, nlp as i64);
        self.store(sp_idx, rec, fl.sp);
        let len1 = self.b.ins().iadd_imm_s(len, 1);
        self.store(len1, vm, fl.frames_len);
        self.store(bottom, cx, cx_off!(sp));
        self.b.ins().jump(join, &[g.into()]);

        // Both ways the callee's frame is the innermost, its stack empty.
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        self.in_callee(callee, new_locals, bottom, globals);
        self.store_registers();
    }

    /// Can the frame of plan `p` be entered in machine code when its record keeps operands
    /// (:inline-init:, :inline-binop:)? Under `inline` frames, when the arguments bind by
    /// position and the frame is small enough for its return to be released in machine code
    /// too (the host's plain pop knows no operands).
    fn pops_inline(&self, p: &Plan) -> bool {
        self.frames == crate::Frames::Inline
            && self.layouts.is_some()
            && p.positional.is_some()
            && p.callee.nlocalsplus <= INLINE_POP_MAX_LOCALS
    }

    /// :inline-init: can `_CREATE_INIT_FRAME` `u` enter its frame in machine code? Under
    /// `inline` frames, when the arguments bind by position and the frame is small enough for
    /// its return to be released in machine code too (the host's plain pop knows no
    /// instance). Otherwise its body and the host's push run, as before.
    pub(super) fn init_inline(&self, u: &UopInst) -> bool {
        self.push_plan(u).is_some_and(|p| self.pops_inline(&p))
    }

    /// :inline-init: the class `k` slots down must give a Python `__init__` (else the uop
    /// leaves, nothing changed, and tier 1 runs the call); then a new instance is made.
    /// Returns the function (uncounted: the class holds it) and the instance (owned).
    fn init_alloc(&mut self, u: &UopInst, k: usize) -> (Value, Value) {
        let cls = self.peek_word(k);
        let slot = self.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
            cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
            8,
            3,
        ));
        let at = self.b.ins().stack_addr(I64, slot, 0);
        let cx = self.cx;
        let sig = self.frame_sig_ret(&[I64, I64, I64], I64);
        let f = self.iconst(tl_exec_init_alloc as *const u8 as u64);
        let call = self.b.ins().call_indirect(sig, f, &[cx, cls, at]);
        let f = self.b.inst_results(call)[0];
        let none = self.b.ins().icmp_imm_s(IntCC::Equal, f, 0);
        self.leave_if(none, u);
        let inst = self.load(I64, at, 0);
        self.known_obj(f);
        self.known_obj(inst);
        (f, inst)
    }

    /// `_PUSH_FRAME` of a planned call by one call of the host (`tl_exec_push_plain`), from
    /// the stack written back; the callee's registers are known from the plan.
    fn push_frame_lean(&mut self, u: &UopInst, p: &Plan) {
        let pending = self.defer_caller(2 + u.oparg as usize);
        self.flush();
        self.sync_ip();
        let new_locals = self.b.ins().iadd_imm_s(self.locals, (p.caller_extent * 8) as i64);
        let bottom = self.b.ins().iadd_imm_s(new_locals, (p.callee.nlocalsplus * 8) as i64);
        let plain =
            self.layouts.map(|l| (p.callee.nlocalsplus, Rc::as_ptr(&p.callee) as u64 - l.frames.rc_value as u64));
        let mut saved = self.keep_caller(self.st.mem - 2 - u.oparg as i64, bottom, plain);
        debug_assert!(
            pending.as_ref().is_none_or(|p| p.end() == self.st.mem - 2 - u.oparg as i64),
            "deferred below the inputs"
        );
        saved.pending = pending;
        self.entered.push(Some(saved));
        let cx = self.cx;
        let sig = self.frame_sig(&[I64, I32, I32, I32]);
        let f = self.iconst(tl_exec_push_plain as *const u8 as u64);
        let o = self.b.ins().iconst(I32, u.oparg as i64);
        let t = self.b.ins().iconst(I32, u.target as i64);
        let r = self.b.ins().iconst(I32, p.resume as i64);
        let call = self.b.ins().call_indirect(sig, f, &[cx, o, t, r]);
        let ok = self.b.inst_results(call)[0];
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.return_if(failed, leave::encode(leave::ERROR, 0, 0));
        let globals = self.load(I64, cx, cx_off!(globals));
        self.in_callee(&p.callee, new_locals, bottom, globals);
    }

    /// The caller's state as the lowering keeps it for the callee's return: its stack base,
    /// `mem` (its depth once the call's inputs are gone) and registers; `bottom` is the
    /// callee's stack base.
    fn keep_caller(&mut self, mem: i64, bottom: Value, plain: Option<(usize, u64)>) -> Entered {
        // What `cx` holds now is the callee's once the frame is entered: the caller's
        // registers read from it are read here.
        let (consts, names, globals) = (self.kept(self.consts), self.kept(self.names), self.kept(self.globals));
        Entered {
            base: self.st.base,
            mem,
            locals: self.locals,
            consts,
            names,
            globals,
            callee_bottom: bottom,
            plain,
            pending: None,
            init: false,
            binop: false,
        }
    }

    /// `r` as a caller keeps it while its callee runs: a register read from `cx` is read now,
    /// before the callee's registers replace it there.
    fn kept(&mut self, r: Reg) -> Reg {
        match r {
            Reg::Cx(_) => Reg::Val(self.reg(r)),
            r => r,
        }
    }

    /// The lowering goes on in a new frame of `code`, whose stack is empty at `bottom`.
    fn in_callee(&mut self, code: &Code, locals: Value, bottom: Value, globals: Value) {
        self.st = Stack { base: bottom, mem: 0, vals: Vec::new() };
        self.locals = locals;
        self.consts = Reg::Known(code.consts.as_ptr() as u64);
        self.names = Reg::Known(code.names.as_ptr() as u64);
        self.globals = Reg::Val(globals);
    }

    /// The trace's own code or a callee's, at address `addr` (`Rc::as_ptr`), if it is alive.
    pub(super) fn known_code(&self, addr: u64) -> Option<Rc<Code>> {
        self.ex.known_code(addr)
    }

    /// Stores the frame registers other than `sp` into `cx`, for the helpers and the host.
    fn store_registers(&mut self) {
        let cx = self.cx;
        let l = self.locals;
        self.store(l, cx, cx_off!(locals));
        // A register `cx` holds already needs no store.
        for (r, off) in [(self.consts, cx_off!(consts)), (self.names, cx_off!(names)), (self.globals, cx_off!(globals))]
        {
            if !matches!(r, Reg::Cx(_)) {
                let v = self.reg(r);
                self.store(v, cx, off);
            }
        }
    }

    /// What `_POP_FRAME` needs of the caller when the host enters `u`'s frame, from the stack
    /// as written back for the call: the caller's state once the call's inputs are gone, and
    /// the callee's stack base as an offset from the caller's locals. `None` under `host`, or
    /// when the callee's code is not known (the return then reloads everything).
    pub(super) fn caller_kept(&mut self, u: &UopInst) -> Option<(Entered, i64)> {
        if self.frames == crate::Frames::Host || self.code.is_null() || !self.st.vals.is_empty() {
            return None;
        }
        let callee = self.known_code(u.operand)?;
        // SAFETY: as in `push_plan`.
        let caller = unsafe { &*self.code };
        let offset = ((caller.nlocalsplus + caller.stacksize + callee.nlocalsplus) * 8) as i64;
        Some((self.keep_caller(self.st.mem - 2 - u.oparg as i64, self.st.base, None), offset))
    }

    /// `_POP_FRAME` (:inline-frame:): for a frame this trace entered whose stack the lowering
    /// still knows (only the return value on it), the return value stays an SSA value: one
    /// call pops the frame (`tl_exec_return_value`) and gives back the call's result, and the
    /// caller's stack and registers are the ones the lowering kept from the call.
    pub(super) fn pop_frame(&mut self) {
        let e = self.entered.last().cloned().flatten();
        let Some(e) = e.filter(|e| self.st.base == e.callee_bottom && self.st.depth() == 1) else {
            // The host reloads the caller from its frame: what it deferred goes there first.
            self.flush_pending();
            self.entered.pop();
            self.pop_frame_host();
            return;
        };
        if let (Some((nlp, inner)), Some(lay), crate::Frames::Inline) = (e.plain, self.layouts, self.frames) {
            if nlp <= INLINE_POP_MAX_LOCALS {
                return self.pop_frame_inline(e, nlp, inner, &lay.frames);
            }
            return self.pop_frame_plain(e);
        }
        let v = self.pop();
        // :unboxed-local: the callee's unboxed locals die with it (their slots hold null).
        self.shadow.clear();
        let cx = self.cx;
        self.store(e.callee_bottom, cx, cx_off!(sp));
        let sig = self.frame_sig_ret(&[I64, I64], I64);
        let f = self.iconst(tl_exec_return_value as *const u8 as u64);
        let call = self.b.ins().call_indirect(sig, f, &[cx, v]);
        let r = self.b.inst_results(call)[0];
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, r, 0);
        self.return_if(failed, leave::encode(leave::ERROR, 0, 0));
        self.resume_caller(e, Slot::Word(r));
    }

    /// Calls the host's frame function `f(cx) -> bool` and returns an error to the host when
    /// it fails (the function stored it).
    fn call_frame_fn(&mut self, f: *const u8) {
        let cx = self.cx;
        let sig = self.frame_sig(&[I64]);
        let f = self.iconst(f as u64);
        let call = self.b.ins().call_indirect(sig, f, &[cx]);
        let ok = self.b.inst_results(call)[0];
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.return_if(failed, leave::encode(leave::ERROR, 0, 0));
    }

    /// Whether any of the flags `conds` is set: their `or`, as one value.
    fn any(&mut self, conds: &[Value]) -> Value {
        let mut conds = conds.to_vec();
        while conds.len() > 1 {
            let (a, b) = (conds.pop().expect("two"), conds.pop().expect("two"));
            conds.push(self.b.ins().bor(a, b));
        }
        conds[0]
    }

    /// :inline-pop: `_POP_FRAME` of a plain call's frame by one call of the host
    /// (`tl_exec_pop_plain`), which releases the frame; the return value stays the slot it is.
    fn pop_frame_plain(&mut self, e: Entered) {
        let top = self.pop_owned_slot();
        self.shadow.clear();
        let cx = self.cx;
        self.store(e.callee_bottom, cx, cx_off!(sp));
        self.call_frame_fn(tl_exec_pop_plain as *const u8);
        self.resume_caller(e, top);
    }

    /// The top slot, popped, owning what it holds (a :borrowed: word gets its count).
    fn pop_owned_slot(&mut self) -> Slot {
        match self.st.vals.pop() {
            Some(Slot::Borrowed(w)) => {
                self.incref(w);
                Slot::Word(w)
            }
            Some(s) => s,
            None => Slot::Word(self.pop()),
        }
    }

    /// Goes on in the caller kept in `e` once the callee's frame is gone, the call's result
    /// `top` on its stack, above what the caller deferred (:caller-floats:).
    fn resume_caller(&mut self, e: Entered, top: Slot) {
        self.entered.pop();
        (self.locals, self.consts, self.names, self.globals) = (e.locals, e.consts, e.names, e.globals);
        self.st = match e.pending {
            Some(p) => {
                self.pending_gen += 1;
                self.shadow = p.shadow;
                let mut vals = p.slots;
                vals.push(top);
                Stack { base: e.base, mem: p.depth, vals }
            }
            None => Stack { base: e.base, mem: e.mem, vals: vec![top] },
        };
        self.stores_saved += 1;
    }

    /// :caller-floats: takes the caller's unboxed floats right below the top `k` slots (a
    /// call's inputs) and its unboxed locals out of the lowering's stack, writes the rest of
    /// the stack back, and leaves the floats' slots empty in the frame; the inputs stay on top.
    fn defer_caller(&mut self, k: usize) -> Option<Pending> {
        if self.frames == crate::Frames::Host {
            return None;
        }
        let n = self.st.vals.len();
        let ins = self.st.vals.split_off(n.saturating_sub(k));
        let mut j = self.st.vals.len();
        while j > 0 && matches!(self.st.vals[j - 1], Slot::Float(_) | Slot::Const(..)) {
            j -= 1;
        }
        let slots = self.st.vals.split_off(j);
        let shadow = std::mem::take(&mut self.shadow);
        let pending = (!slots.is_empty() || !shadow.is_empty()).then(|| {
            self.flush();
            // The caller's own depth: below the inputs, some of which may already be in the
            // frame (a nested call's deferral wrote them back, so `n < k`). Counting those
            // would leave the caller's stack that many slots too deep once the call returns.
            let depth = self.st.mem - k.saturating_sub(n) as i64;
            self.st.mem += slots.len() as i64;
            self.pending_gen += 1;
            Pending { base: self.st.base, depth, slots, locals: self.locals, shadow }
        });
        self.st.vals.extend(ins);
        pending
    }

    /// :caller-floats: writes every caller's deferred state into its frame, on a way out
    /// (the lowering's state is unchanged).
    pub(super) fn write_pending(&mut self) {
        let all: Vec<Pending> = self.entered.iter().flatten().filter_map(|e| e.pending.clone()).collect();
        for p in &all {
            self.store_pending(p);
        }
    }

    /// :caller-floats: writes every caller's deferred state into its frame for good (before
    /// code that may look at the frames, or where the trace's own frame goes on).
    pub(super) fn flush_pending(&mut self) {
        for k in 0..self.entered.len() {
            if let Some(p) = self.entered[k].as_mut().and_then(|e| e.pending.take()) {
                self.shadows_flushed |= !p.shadow.is_empty();
                self.store_pending(&p);
                self.pending_gen += 1;
            }
        }
    }

    fn store_pending(&mut self, p: &Pending) {
        for (i, s) in p.slots.iter().enumerate() {
            let w = self.materialize(*s);
            self.store(w, p.base, ((p.depth + i as i64) * 8) as i32);
        }
        for &(i, f) in &p.shadow {
            let w = self.box_float(f);
            self.store(w, p.locals, (i * 8) as i32);
        }
    }

    /// :inline-pop: `_POP_FRAME` of a plain call's frame, in machine code. What the host's
    /// return does (`Vm::pop_call_frame` and the record's drop), knowing the frame at compile
    /// time: the callee's slots are released and emptied (:pop-clears:), the record gives back
    /// its counts of the code, the function and the globals, and the record vector shrinks by
    /// one. The return value goes on as the slot it is, an unboxed float included: nothing
    /// between the callee's last uop and the caller's next needs its box. Releasing runs no
    /// Python code (there are no `__del__` methods), so the order is the host's and nothing
    /// sees the frame half popped. A plain call's record is the same whichever way the call
    /// entered it (inline or by the host, :inline-frame:), and the function it holds keeps
    /// another count of the code, so the code's count never reaches zero here.
    fn pop_frame_inline(&mut self, e: Entered, nlp: usize, inner: u64, fl: &crate::layout::FrameLayout) {
        let mut top = self.pop_owned_slot();
        if e.init {
            top = Slot::Word(self.init_returned(&e, top));
        }
        if e.binop {
            top = self.binop_returned(&e, top);
        }
        // :unboxed-local: the callee's unboxed locals die with it (their slots hold null).
        self.shadow.clear();
        let locals = self.b.ins().iadd_imm_s(e.callee_bottom, -((nlp * 8) as i64));
        let top_rec = self.top_record(fl);
        self.release_top_frame(locals, nlp, inner, fl, top_rec);
        let cx = self.cx;
        let sp = self.b.ins().iadd_imm_s(e.base, e.mem * 8);
        self.store(sp, cx, cx_off!(sp));
        self.resume_caller(e, top);
        self.store_registers();
    }

    /// The VM, the record vector's length less one and the innermost record's address.
    fn top_record(&mut self, fl: &crate::layout::FrameLayout) -> (Value, Value, Value) {
        let cx = self.cx;
        let vm = self.load(I64, cx, cx_off!(vm));
        let len = self.load(I64, vm, fl.frames_len);
        let frames = self.load(I64, vm, fl.frames_ptr);
        let len1 = self.b.ins().iadd_imm_s(len, -1);
        let at = self.b.ins().imul_imm_s(len1, fl.size);
        (vm, len1, self.b.ins().iadd(frames, at))
    }

    /// :inline-init: the return of an `__init__`'s frame entered in machine code: `ret` must be
    /// None (else, on a cold path, the host's general return raises the `TypeError`, with the
    /// frame as it is); the call's result is the instance the record keeps, whose count moves
    /// to the caller's stack. Runs before the frame is released.
    fn init_returned(&mut self, e: &Entered, ret: Slot) -> Value {
        let none = Tier1Rt::known(Known::None);
        let ret = match ret {
            Slot::Word(w) | Slot::Borrowed(w) => w,
            s => {
                self.st.vals.push(s);
                self.pop()
            }
        };
        if self.known_word(ret) != Some(none) {
            let is_none = self.b.ins().icmp_imm_s(IntCC::Equal, ret, none as i64);
            self.raise_unless(e, ret, is_none);
        }
        let fl = self.layouts.expect("inline frames").frames;
        let (_, _, rec) = self.top_record(&fl);
        let inst = self.load(I64, rec, fl.init_self);
        let zero = self.iconst(0);
        self.store(zero, rec, fl.init_self);
        inst
    }

    /// :inline-binop: the return of an operator's dunder frame entered in machine code: `ret`
    /// must not be `NotImplemented` (else, on a cold path, the host's general return raises
    /// the `TypeError` the generic `BINARY_OP` would, with the frame as it is); the record's
    /// counts of both operands are released. `ret` goes on as the slot it is (an unboxed
    /// float stays one: it is not `NotImplemented`). Runs before the frame is released.
    fn binop_returned(&mut self, e: &Entered, ret: Slot) -> Slot {
        let ni = &tracelift_runtime::types::NOT_IMPLEMENTED as *const _ as u64;
        if let Slot::Word(w) | Slot::Borrowed(w) = ret
            && self.known_word(w).is_none_or(|k| k == ni)
        {
            let ok = self.b.ins().icmp_imm_s(IntCC::NotEqual, w, ni as i64);
            self.raise_unless(e, w, ok);
        }
        let fl = self.layouts.expect("inline frames").frames;
        let (_, _, rec) = self.top_record(&fl);
        let (lhs, rhs) = (self.load(I64, rec, fl.init_self), self.load(I64, rec, fl.binop_rhs));
        let zero = self.iconst(0);
        self.store(zero, rec, fl.init_self);
        self.store(zero, rec, fl.binop_rhs);
        self.decref(lhs);
        self.decref(rhs);
        ret
    }

    /// The cold path of a frame's checked return (:inline-init:, :inline-binop:): unless `ok`,
    /// the host's general return (`tl_exec_return_value`, which takes `ret`) raises with the
    /// frame as it is, and the trace leaves with the error.
    fn raise_unless(&mut self, e: &Entered, ret: Value, ok: Value) {
        let raise = self.branch_hot_cold(ok);
        let go = self.b.current_block().expect("the hot block");
        self.b.switch_to_block(raise);
        let cx = self.cx;
        self.store(e.callee_bottom, cx, cx_off!(sp));
        let sig = self.frame_sig_ret(&[I64, I64], I64);
        let f = self.iconst(tl_exec_return_value as *const u8 as u64);
        self.b.ins().call_indirect(sig, f, &[cx, ret]);
        self.write_pending();
        let r = self.iconst(leave::encode(leave::ERROR, 0, 0));
        self.b.ins().return_(&[r]);
        self.b.switch_to_block(go);
    }

    /// :inline-pop: releases the innermost frame, a plain call's: its `nlp` slots from `locals`
    /// (emptied, :pop-clears:), its record's counts of the code (`inner`, its `Rc`'s
    /// allocation), function and globals; `top` is the VM, the record vector's new length and
    /// the record's address. The host's order: slots, then the record.
    fn release_top_frame(
        &mut self,
        locals: Value,
        nlp: usize,
        inner: u64,
        fl: &crate::layout::FrameLayout,
        top: (Value, Value, Value),
    ) {
        let (vm, len1, rec) = top;
        let zero = self.iconst(0);
        for i in 0..nlp {
            let off = (i * 8) as i32;
            let w = self.load(I64, locals, off);
            self.store(zero, locals, off);
            self.decref(w);
        }
        let func = self.load(I64, rec, fl.func);
        let globals = self.load(I64, rec, fl.globals);
        self.store(len1, vm, fl.frames_len);
        let inner = self.iconst(inner);
        let strong = self.load(I64, inner, fl.rc_strong);
        let strong1 = self.b.ins().iadd_imm_s(strong, -1);
        self.store(strong1, inner, fl.rc_strong);
        self.decref(func);
        self.decref(globals);
    }

    /// :inline-pop: `_RETURN_TO_CALLER` in machine code, for the frame the trace runs in (`own`,
    /// of at most [`INLINE_POP_MAX_LOCALS`] slots, only the return value on its stack) returning
    /// to a caller whose code (`caller`) the lowering knows. The checks of
    /// `Vm::returns_to_caller` (a caller record, a plain call's frame, the caller's code and
    /// resume point) send the trace out through the uop's exit, with nothing changed; then the
    /// frame is released as `_POP_FRAME`'s is, the caller's registers are read from its record,
    /// and the return value goes on as the slot it is.
    fn return_to_caller_inline(&mut self, u: &UopInst, own: &Rc<Code>, caller: &Code, fl: &crate::layout::FrameLayout) {
        let cx = self.cx;
        let vm = self.load(I64, cx, cx_off!(vm));
        let len = self.load(I64, vm, fl.frames_len);
        let short = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, len, 2);
        self.leave_if(short, u);
        let frames = self.load(I64, vm, fl.frames_ptr);
        let len1 = self.b.ins().iadd_imm_s(len, -1);
        let at = self.b.ins().imul_imm_s(len1, fl.size);
        let rec = self.b.ins().iadd(frames, at);
        let crec = self.b.ins().iadd_imm_s(rec, -fl.size);
        let entry = self.load(types::I8, rec, fl.entry);
        let generator = self.load(I64, rec, fl.generator);
        let init_self = self.load(I64, rec, fl.init_self);
        let code = self.load(I64, crec, fl.code);
        let ip = self.load(I64, crec, fl.ip);
        let want = u.operand - fl.rc_value as u64;
        let bad = [
            self.b.ins().icmp_imm_s(IntCC::NotEqual, entry, 0),
            self.b.ins().icmp_imm_s(IntCC::NotEqual, generator, 0),
            self.b.ins().icmp_imm_s(IntCC::NotEqual, init_self, 0),
            self.b.ins().icmp_imm_s(IntCC::NotEqual, code, want as i64),
            self.b.ins().icmp_imm_s(IntCC::NotEqual, ip, u.oparg as i64),
        ];
        let bad = self.any(&bad);
        self.leave_if(bad, u);
        let top = self.pop_owned_slot();
        // :unboxed-local: the frame's unboxed locals die with it (their slots hold null).
        self.shadow.clear();
        let (locals, nlp) = (self.locals, own.nlocalsplus);
        let inner = Rc::as_ptr(own) as u64 - fl.rc_value as u64;
        self.release_top_frame(locals, nlp, inner, fl, (vm, len1, rec));
        // The caller's registers, from its record.
        let stack = self.load(I64, vm, fl.stack_ptr);
        let base = self.load(I64, crec, fl.base);
        let base8 = self.b.ins().ishl_imm_u(base, 3);
        let sp = self.load(I64, crec, fl.sp);
        let sp8 = self.b.ins().ishl_imm_u(sp, 3);
        let sp = self.b.ins().iadd(stack, sp8);
        self.locals = self.b.ins().iadd(stack, base8);
        self.globals = Reg::Val(self.load(I64, crec, fl.globals));
        self.consts = Reg::Known(caller.consts.as_ptr() as u64);
        self.names = Reg::Known(caller.names.as_ptr() as u64);
        self.store(sp, cx, cx_off!(sp));
        self.store_registers();
        self.st = Stack { base: sp, mem: 0, vals: vec![top] };
        self.stores_saved += 1;
    }

    /// Calls `tl_exec_return_plain(cx, code, ip)`; its answer.
    fn return_plain(&mut self, code: Value, ip: Value) -> Value {
        let cx = self.cx;
        let sig = self.frame_sig(&[I64, I64, I32]);
        let f = self.iconst(tl_exec_return_plain as *const u8 as u64);
        let call = self.b.ins().call_indirect(sig, f, &[cx, code, ip]);
        self.b.inst_results(call)[0]
    }

    /// `_POP_FRAME` by the host (`tl_exec_leave_frame`), from the frame written back.
    fn pop_frame_host(&mut self) {
        self.flush();
        self.call_frame_fn(tl_exec_leave_frame as *const u8);
        self.start_segment();
    }

    /// `_RETURN_TO_CALLER` (:return-to-caller:, :inline-frame:): the trace's own frame returns
    /// to the caller it was formed for. The return value stays an SSA value and one call
    /// releases the frame (`tl_exec_return_plain`) when it is a plain call's and its caller
    /// runs the expected code at the expected instruction; when it is not, nothing changed
    /// and the trace takes the uop's exit, the value back on the stack.
    pub(super) fn return_to_caller(&mut self, u: &UopInst) {
        if self.frames == crate::Frames::Host {
            // The host checks the frame and its caller, and pops the frame; when it refuses,
            // nothing changed and the trace takes the uop's exit.
            self.flush();
            let cx = self.cx;
            let sig = self.frame_sig(&[I64, I64, I32]);
            let f = self.iconst(tl_exec_return_to_caller as *const u8 as u64);
            let code = self.iconst(u.operand);
            let ip = self.b.ins().iconst(I32, u.oparg as i64);
            let call = self.b.ins().call_indirect(sig, f, &[cx, code, ip]);
            let ok = self.b.inst_results(call)[0];
            let refused = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
            self.leave_if(refused, u);
            self.start_segment();
            return;
        }
        let caller = self.known_code(u.operand);
        // The code of the frame returning: the trace's own, or a caller's it returned to.
        let own = self.known_code(self.code as u64);
        // A return leaves only its value on the frame's stack (the compiler pops a loop's
        // iterator first), so releasing the locals releases the frame.
        if let (Some(own), Some(c), Some(lay), crate::Frames::Inline) = (&own, &caller, self.layouts, self.frames)
            && own.nlocalsplus <= INLINE_POP_MAX_LOCALS
            && self.entered.is_empty()
        {
            return self.return_to_caller_inline(u, own, c, &lay.frames);
        }
        let v = self.pop();
        self.flush();
        let cx = self.cx;
        let code = self.iconst(u.operand);
        let ip = self.b.ins().iconst(I32, u.oparg as i64);
        let ok = self.return_plain(code, ip);
        let refused = self.branch_hot_cold(ok);
        let cont = self.b.current_block().expect("the hot block");
        self.b.switch_to_block(refused);
        let sp = self.b.ins().iadd_imm_s(self.st.base, self.st.depth() * 8);
        self.store(v, sp, 0);
        let sp1 = self.b.ins().iadd_imm_s(sp, 8);
        self.store(sp1, cx, cx_off!(sp));
        self.leave_through(u);
        self.b.switch_to_block(cont);
        let base = self.load(I64, cx, cx_off!(sp));
        self.st = Stack { base, mem: 0, vals: vec![Slot::Word(v)] };
        self.stores_saved += 1;
        self.locals = self.load(I64, cx, cx_off!(locals));
        self.globals = Reg::Cx(cx_off!(globals));
        match caller {
            Some(c) => {
                self.consts = Reg::Known(c.consts.as_ptr() as u64);
                self.names = Reg::Known(c.names.as_ptr() as u64);
            }
            None => {
                self.consts = Reg::Cx(cx_off!(consts));
                self.names = Reg::Cx(cx_off!(names));
            }
        }
    }
}
