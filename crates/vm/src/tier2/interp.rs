//! The uop interpreter (`--engine uops`) and the exit protocol (docs/exit-protocol.md).
//!
//! An executor runs in the frame that entered it, and in the frames its trace enters
//! (`_PUSH_FRAME` pushes a real frame record, `_POP_FRAME` pops it). Its uops work on the
//! frame stack in place (the stack is never cached elsewhere), so leaving needs no write-back
//! beyond the stack pointer of the frame it is in: a deopt resumes tier 1 at the failing uop's
//! `target` (the instruction it belongs to, which runs again generically), a side exit at its
//! exit's `target`, and an error unwinds from the instruction that the last `_SET_IP`
//! recorded — always in the innermost frame, whose records are exact.

use std::rc::Rc;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, SYSTEM_ERROR};
use tracelift_uops::Uop;
use tracelift_uops::abi::{Ctx, ExecHead, Step, leave};
use tracelift_uops::dispatch::run_uop;
use tracelift_uops::opcode::Opcode;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

use super::{Counter, Executor, Link, MAX_CHAIN_DEPTH, in_machine_code};
use crate::Vm;

/// What `interpret` gives when the executor's machine code came while it ran
/// (:background-compile:): enter the executor again, in its code.
const RESTART: usize = usize::MAX;
use crate::tier1rt::Tier1Rt;

/// How a run of executors ended.
pub enum Leave {
    /// Continue in tier 1, in the innermost frame, at this instruction.
    Resume(usize),
    /// An exception, raised in the innermost frame by the instruction at `lasti`.
    Error(PyErr, usize),
}

impl Vm {
    /// Points `cx` at frame `fi`, whose stack pointer is `sp`.
    pub(crate) fn frame_ctx(&mut self, cx: &mut Ctx, fi: usize, sp: usize) {
        let stack_base = self.stack.as_mut_ptr() as *mut u64;
        let f = &self.frames[fi];
        // SAFETY: sp and base index the fixed frame stack (:stack-fixed:).
        unsafe {
            cx.sp = stack_base.add(sp);
            cx.locals = stack_base.add(f.base);
        }
        cx.consts = f.code.consts.as_ptr() as *const u64;
        cx.names = f.code.names.as_ptr() as *const u64;
        cx.globals = f.globals.raw();
    }

    /// The stack index `cx.sp` points at.
    pub(crate) fn ctx_sp(&self, cx: &Ctx) -> usize {
        // SAFETY: cx.sp points into the frame stack.
        unsafe { cx.sp.offset_from(self.stack.as_ptr() as *const u64) as usize }
    }

    /// :pop-clears: machine code leaves every slot above the innermost frame's stack top
    /// empty (debug builds check it at each return to the host, where it is still known
    /// which code left).
    #[cfg(debug_assertions)]
    fn check_clear_above(&self, cx: &Ctx, kind: u64, target: u32) {
        // Only the innermost frame's top is known here: a frame further out may be running
        // machine code or a helper of its own, its record's `sp` not written.
        let f = self.frames.last().expect("a frame");
        let (sp, end) = (self.ctx_sp(cx), f.base + f.code.nlocalsplus + f.code.stacksize);
        if let Some(i) = (sp..end).find(|&i| !self.stack[i].is_null()) {
            panic!(
                "machine code left a value above the stack top of {} (slot {} of {}, sp {}; leave {kind} at {target})",
                f.code.name,
                i - f.base,
                f.code.nlocalsplus + f.code.stacksize,
                sp - f.base
            );
        }
    }

    /// Runs `ex` (and whatever its exits chain to) in frame `fi`, whose record holds its
    /// stack pointer. On return the innermost frame's record holds its stack pointer again;
    /// the trace may have left frames pushed (tier 1 carries on in the innermost one).
    pub(crate) fn run_executor(&mut self, ex: Rc<Executor>, fi: usize) -> Leave {
        // Counting is decided once per run, not per uop.
        if self.spec_stats.is_some() { self.run_chain::<true>(ex, fi) } else { self.run_chain::<false>(ex, fi) }
    }

    fn run_chain<const STATS: bool>(&mut self, ex: Rc<Executor>, fi: usize) -> Leave {
        let mut fi = fi;
        let mut ex = ex;
        let mut depth = 0u32;
        let mut cx = Ctx {
            sp: std::ptr::null_mut(),
            locals: std::ptr::null_mut(),
            consts: std::ptr::null(),
            names: std::ptr::null(),
            globals: 0,
            builtins: self.builtins.raw(),
            vm: self as *mut Vm as *mut std::ffi::c_void,
            ip: 0,
            executor: std::ptr::null(),
            eval_breaker: tracelift_runtime::breaker::word(),
            chain: 0,
        };
        self.frame_ctx(&mut cx, fi, self.frames[fi].sp);
        let leave = 'chain: loop {
            cx.executor = &*ex.head as *const ExecHead;
            cx.ip = ex.uops.first().map_or(0, |u| u.target as u64);
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::trace_executed);
            }
            if let Some(t2) = self.tier2.as_deref_mut()
                && !t2.pending.is_empty()
            {
                t2.install_finished();
            }
            self.maybe_recompile(&ex);
            // Where the trace left, and how.
            let (exit, target) = if let Some(code) = ex.machine_code() {
                cx.chain = depth as u64;
                let (r, left_from) = {
                    let head: *const ExecHead = &*ex.head;
                    let cx = &mut cx;
                    in_machine_code(|| {
                        // SAFETY: cx describes frame `fi`, the innermost, where the trace
                        // starts; `ex` (held here) keeps its code, head and exits alive, and
                        // the code of the executors it transfers to stays until the outermost
                        // run returns (:graveyard:).
                        let r = unsafe { code.enter(cx) };
                        // The code may have transferred: `cx.executor` names the executor it
                        // left from. Its head must be read before the graveyard is emptied
                        // (when this closure returns), and a live one is held from here on.
                        let left_from = if std::ptr::eq(cx.executor, head) {
                            Some(None)
                        } else {
                            // SAFETY: machine code only stores live executors' heads, and a
                            // head freed during this run is still in the graveyard.
                            let h = unsafe { &*cx.executor };
                            h.is_valid().then(|| {
                                let p = h.owner.get() as *const Executor;
                                // SAFETY: a valid head's owner is alive (freeing invalidates).
                                unsafe {
                                    Rc::increment_strong_count(p);
                                    Some(Rc::from_raw(p))
                                }
                            })
                        };
                        (r, left_from)
                    })
                };
                if let Some(t2) = self.tier2.as_deref_mut() {
                    t2.stats.counters[Counter::exit_transferred] += cx.chain - depth as u64;
                }
                depth = cx.chain as u32;
                // The frame helpers may have moved the trace into other frames.
                fi = self.frames.len() - 1;
                let (kind, index, target) = leave::decode(r);
                #[cfg(debug_assertions)]
                self.check_clear_above(&cx, kind, target);
                match kind {
                    leave::DEOPT => {
                        if let Some(t2) = self.tier2.as_deref_mut() {
                            t2.stats.bump(Counter::exit_deopt);
                        }
                        break 'chain Leave::Resume(target as usize);
                    }
                    leave::EXIT => {
                        match left_from {
                            // It left from `ex` itself.
                            Some(None) => {}
                            Some(Some(other)) => ex = other,
                            // From an executor invalidated (or freed) meanwhile: the exit is
                            // taken without following it.
                            None => {
                                if let Some(t2) = self.tier2.as_deref_mut() {
                                    t2.stats.bump(Counter::exit_taken);
                                }
                                break 'chain Leave::Resume(target as usize);
                            }
                        }
                        (index as usize, target as usize)
                    }
                    _ => break 'chain self.uop_failed(&cx),
                }
            } else {
                match self.interpret::<STATS>(&ex, &mut cx, &mut fi) {
                    Ok(RESTART) => continue 'chain,
                    Ok(exit) => (exit, ex.exits[exit].target as usize),
                    Err(leave) => break 'chain leave,
                }
            };
            // A side exit.
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::exit_taken);
            }
            match self.follow_exit(&ex, exit, fi, &cx) {
                Some(x) => {
                    // From now on machine code takes this exit straight to `x` (:exit-link:).
                    if let Some(m) = ex.machine_code() {
                        ex.exits[exit].link_jit(m.backend(), &x);
                    }
                    if depth < MAX_CHAIN_DEPTH {
                        depth += 1;
                    } else if tracelift_runtime::breaker::get() == 0 {
                        // :chain-cap: a full chain comes back here, where what the executors
                        // freed during it left has been dropped (:graveyard:, unless machine
                        // code further up the stack still runs, as it would after a return
                        // to tier 1 too). With nothing for a safe point to do, the chain goes
                        // on with a fresh count instead of a round trip through tier 1.
                        depth = 0;
                    } else {
                        // Tier 1's next safe point handles the request.
                        break 'chain Leave::Resume(target);
                    }
                    ex = x;
                }
                None => break 'chain Leave::Resume(target),
            }
        };
        self.frames[fi].sp = self.ctx_sp(&cx);
        leave
    }

    /// `--engine tiered`: recompiles `ex` with the upgrade backend once its code was entered
    /// often enough (entries by transfer included: the stencil prelude counts them), once.
    fn maybe_recompile(&mut self, ex: &Rc<Executor>) {
        let Some(t2) = self.tier2.as_deref_mut() else { return };
        if t2.upgrade.is_none()
            || ex.upgraded.get()
            || ex.head.entries.get() < u64::from(t2.opts.recompile_threshold)
            || !ex.is_valid()
            || !ex.has_machine_code()
        {
            return;
        }
        ex.upgraded.set(true);
        if let Some(code) = ex.code.upgrade() {
            t2.recompile(ex, &code);
        }
    }

    /// The error a uop stored (its body returned `Step::Error`), raised at `cx.ip`.
    fn uop_failed(&mut self, cx: &Ctx) -> Leave {
        let e = self.uop_error.take().unwrap_or_else(|| PyErr::new(&SYSTEM_ERROR, "uop failed without an exception"));
        Leave::Error(e, cx.ip as usize)
    }

    /// [`Vm::uop_failed`] for the uop interpreter's `uop`, raised at its own `target` when it
    /// can only raise (:ip-at-error:: its `_SET_IP` may have been dropped). Out of line, off
    /// the dispatch loop.
    #[cold]
    #[inline(never)]
    fn uop_raised(&mut self, cx: &mut Ctx, uop: Uop, target: u32) -> Leave {
        if uop.raises_at_target() {
            cx.ip = target as u64;
        }
        self.uop_failed(cx)
    }

    /// Runs `ex`'s trace in the uop interpreter until it leaves: `Ok(exit)` for a side exit
    /// through `ex.exits[exit]`, `Ok(RESTART)` at its top when its machine code has come,
    /// `Err` for a deopt or an error.
    #[inline(always)]
    fn interpret<const STATS: bool>(&mut self, ex: &Executor, cx: &mut Ctx, fi: &mut usize) -> Result<usize, Leave> {
        // The trace's prologue (`_START_EXECUTOR`, `_MAKE_WARM`) does nothing here: the run,
        // and every lap of a loop, starts after it, two dispatches fewer. With per-uop counts
        // on, it runs, so that the counts show it.
        let top = if STATS {
            0
        } else {
            ex.uops.iter().take_while(|u| matches!(u.uop, Uop::_START_EXECUTOR | Uop::_MAKE_WARM)).count()
        };
        // The verifier checked that the trace ends with a terminator (`_JUMP_TO_TOP` or
        // `_EXIT_TRACE`), which always jumps or leaves: the walk needs no bounds check.
        // Checked here once, as the walk relies on it.
        let uops: &[UopInst] = &ex.uops;
        if !uops.last().is_some_and(|u| matches!(u.uop, Uop::_JUMP_TO_TOP | Uop::_EXIT_TRACE)) || top >= uops.len() {
            return Err(Leave::Error(PyErr::new(&SYSTEM_ERROR, "a trace without its terminator"), cx.ip as usize));
        }
        let start = uops.as_ptr();
        // SAFETY: `top < uops.len()`, checked above.
        let top_ptr = unsafe { start.add(top) };
        let mut pc = top_ptr;
        loop {
            // SAFETY: `pc` is within the trace: it starts there, advances only past uops that
            // are not the last (the last one is a terminator, which jumps to `top_ptr` or leaves),
            // and the trace outlives this call (`ex` is borrowed).
            let u = unsafe { *pc };
            if STATS && let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::trace_uops_executed);
                t2.stats.uop_counts[u.uop as usize] += 1;
            }
            // SAFETY: the verifier checked the trace; its guards establish each body's
            // preconditions, and cx describes frame `fi`.
            let step = unsafe { run_uop::<Tier1Rt>(u.uop, cx, u.oparg, u.operand) };
            match step {
                Step::Next => pc = pc.wrapping_add(1),
                // `_JUMP_TO_TOP`, which served the eval breaker already.
                Step::Jump => {
                    // :background-compile: a loop waiting for its machine code switches to it
                    // at its top, where the frame is as the trace starts.
                    if let Some(t2) = self.tier2.as_deref_mut()
                        && !t2.pending.is_empty()
                    {
                        t2.install_finished();
                        if ex.has_machine_code() {
                            return Ok(RESTART);
                        }
                    }
                    pc = top_ptr
                }
                Step::Error => return Err(self.uop_raised(cx, u.uop, u.target)),
                Step::Frame if u.uop == Uop::_RETURN_TO_CALLER => {
                    if !self.trace_return_to_caller(cx, u.operand, u.oparg) {
                        return Ok(u.exit as usize);
                    }
                    *fi -= 1;
                    pc = pc.wrapping_add(1);
                }
                Step::Frame if u.uop == Uop::_POP_FRAME => {
                    let r = self.trace_pop_frame(cx);
                    *fi -= 1;
                    if let Err(e) = r {
                        return Err(Leave::Error(e, self.frames[*fi].lasti));
                    }
                    pc = pc.wrapping_add(1);
                }
                Step::Frame => {
                    // `_PUSH_FRAME` or `_CREATE_INIT_FRAME`.
                    if let Err(e) = self.trace_push_frame(cx, u.oparg, u.target as usize) {
                        return Err(Leave::Error(e, u.target as usize));
                    }
                    *fi += 1;
                    pc = pc.wrapping_add(1);
                }
                Step::Deopt if u.uop.flags() & flags::EXIT == 0 => {
                    if let Some(t2) = self.tier2.as_deref_mut() {
                        t2.stats.bump(Counter::exit_deopt);
                    }
                    return Err(Leave::Resume(u.target as usize));
                }
                Step::Deopt => return Ok(u.exit as usize),
            }
        }
    }

    /// Side exit `exit` of `ex` was taken in frame `fi`: the executor to continue in, if the
    /// exit is linked (or warm enough to get one now).
    fn follow_exit(&mut self, ex: &Rc<Executor>, exit: usize, fi: usize, cx: &Ctx) -> Option<Rc<Executor>> {
        let e = &ex.exits[exit];
        if e.tier1_only {
            // :return-const-exit:
            return None;
        }
        let next = match &*e.executor.borrow() {
            Link::Owned(x) => Some(x.clone()),
            Link::Linked(w) => w.upgrade(),
            Link::Cold => None,
        };
        match next {
            Some(x) if x.is_valid() => Some(x),
            Some(_) => {
                // Its executor died: the exit is cold again.
                e.unlink_jit();
                *e.executor.borrow_mut() = Link::Cold;
                None
            }
            // An exit back to where this executor starts never gets a trace: one formed there
            // would start with the guard that just failed. Except at the guard the trace
            // starts with (`siblings.rs`): at its branch, going the trace's way the exit links
            // to the trace itself, going the other way it gets a trace that starts that way
            // (:branch-siblings:); at its type-version guard, it gets a trace for the type
            // seen now, while the chain is short (:type-siblings:).
            // The same instruction in another code (a callee's) is not where the executor
            // starts: such an exit warms as any other (it never did, and a trace through a
            // callee that exited at the callee's offset equal to its own start went back to
            // tier 1 on every pass).
            None if e.target == ex.uops[0].target
                && std::ptr::eq(ex.code.as_ptr(), Rc::as_ptr(&self.frames[fi].code))
                && !super::siblings::at_start_branch(ex, exit, &self.frames[fi].code)
                && !super::siblings::at_start_type_guard(ex, exit) =>
            {
                None
            }
            None => self.warm_exit(ex, exit, fi, cx),
        }
    }

    /// The host's part of `_PUSH_FRAME` / `_CREATE_INIT_FRAME` (which set the stack up, for
    /// `__init__` leaving the instance in `pending_init_self`), at the call instruction `call`
    /// of the innermost frame: writes the caller's record, pushes the callee's, and points `cx`
    /// at it. If that raises (`RecursionError`), the caller's record is left exact.
    pub(crate) fn trace_push_frame(&mut self, cx: &mut Ctx, oparg: u32, call: usize) -> Result<(), PyErr> {
        let fi = self.frames.len() - 1;
        let sp = self.ctx_sp(cx);
        let fidx = sp - 2 - oparg as usize;
        let mut init_self = std::mem::take(&mut self.pending_init_self);
        let f = &mut self.frames[fi];
        // The call is a `CALL`, a `BINARY_SUBSCR_GETITEM` or a `BINARY_OP_PY`: it resumes
        // after its own cache. (The instruction may have been respecialized since the trace
        // was formed, within its family, which keeps the cache size and the oparg.)
        let unit = f.code.instrs[call].get();
        let op = Opcode::from_u8(unit as u8).unwrap_or(Opcode::CALL).family();
        f.ip = call + 1 + op.cache_size();
        f.sp = fidx;
        f.lasti = call;
        // :binop-frame: the frame keeps both operands for its return.
        let binop = op.family() == Opcode::BINARY_OP;
        let mut rhs = Value::NULL;
        if binop {
            init_self = self.stack[fidx + 1].clone();
            rhs = self.stack[fidx + 2].clone();
        }
        self.trace_enter(cx, fi, fidx, sp, init_self)?;
        if binop {
            self.set_binop_frame(rhs, unit >> 8);
        }
        Ok(())
    }

    /// Enters the function at `stack[fidx]` called from frame `fi` (whose record holds where it
    /// resumes, with `sp` at `fidx`; the arguments end at `sp`) and points `cx` at the callee.
    /// On error the caller's record gets its stack pointer `sp` back.
    fn trace_enter(&mut self, cx: &mut Ctx, fi: usize, fidx: usize, sp: usize, init_self: Value) -> Result<(), PyErr> {
        match self.enter_function(fidx, sp, Value::NULL, init_self) {
            Ok(_) => {
                let sp = self.frames[fi + 1].sp;
                self.frame_ctx(cx, fi + 1, sp);
                Ok(())
            }
            Err(e) => {
                self.frames[fi].sp = sp;
                Err(e)
            }
        }
    }

    /// :inline-frame: `_PUSH_FRAME` of a plain call, the call instruction `call` resuming at
    /// `resume` (both known when the trace was compiled): as `trace_push_frame` without
    /// decoding the instruction. Points `cx` at the callee.
    pub(crate) fn trace_push_plain(&mut self, cx: &mut Ctx, oparg: u32, call: u32, resume: u32) -> Result<(), PyErr> {
        let fi = self.frames.len() - 1;
        let sp = self.ctx_sp(cx);
        let fidx = sp - 2 - oparg as usize;
        let f = &mut self.frames[fi];
        f.ip = resume as usize;
        f.sp = fidx;
        f.lasti = call as usize;
        self.trace_enter(cx, fi, fidx, sp, Value::NULL)
    }

    /// `_RETURN_TO_CALLER` (:return-to-caller:): returns from the innermost frame, the trace's
    /// own, to its caller when that is the caller the trace was formed for: the frame is a plain
    /// call's (tier 1 would return to the caller in the same run), and the caller runs code
    /// `code` and resumes at `ip`. `false`, with nothing changed, otherwise.
    pub(crate) fn trace_return_to_caller(&mut self, cx: &mut Ctx, code: u64, ip: u32) -> bool {
        // A plain frame's return cannot fail.
        self.returns_to_caller(code, ip) && self.trace_pop_frame(cx).is_ok()
    }

    /// Is the innermost frame a plain call's (tier 1 would return to the caller in the same
    /// run) whose caller runs code `code` and resumes at `ip`?
    fn returns_to_caller(&self, code: u64, ip: u32) -> bool {
        let n = self.frames.len();
        if n < 2 {
            return false;
        }
        let (f, c) = (&self.frames[n - 1], &self.frames[n - 2]);
        f.is_plain_call() && Rc::as_ptr(&c.code) as usize as u64 == code && c.ip == ip as usize
    }

    /// :inline-frame: machine code's `_RETURN_TO_CALLER`, the return value in its hands
    /// (`cx.sp` is below it): when [`Vm::returns_to_caller`], releases the frame's slots, drops
    /// its record and points `cx` at the caller, with `sp` where the call's result goes;
    /// `false`, with nothing changed, otherwise.
    pub(crate) fn trace_return_plain(&mut self, cx: &mut Ctx, code: u64, ip: u32) -> bool {
        self.returns_to_caller(code, ip) && self.trace_pop_plain(cx)
    }

    /// :inline-pop: pops the innermost frame when it is a plain call's (its slots below `cx.sp`
    /// released, its record dropped) and points `cx` at the caller, with `sp` where the call's
    /// result goes; `false`, with nothing changed, for another frame.
    pub(crate) fn trace_pop_plain(&mut self, cx: &mut Ctx) -> bool {
        let sp = self.ctx_sp(cx);
        if !self.pop_plain_frame(sp) {
            return false;
        }
        let fi = self.frames.len() - 1;
        let caller_sp = self.frames[fi].sp;
        self.frame_ctx(cx, fi, caller_sp);
        true
    }

    /// :inline-frame: machine code's `_POP_FRAME`, the return value `v` in its hands (`cx.sp`
    /// is below it): pops the innermost frame (entered by the trace, of any kind) and points
    /// `cx` at the caller, with `sp` where the call's result goes. The result is `v` for a
    /// plain call, the instance for an `__init__`, `v` after the `NotImplemented` test for a
    /// binary operator's dunder (:binop-frame:); an error is raised in the caller, at the call.
    pub(crate) fn trace_return_value(&mut self, cx: &mut Ctx, v: Value) -> Result<Value, PyErr> {
        let sp = self.ctx_sp(cx);
        let (init_self, rhs, op) = match self.pop_call_frame(sp) {
            Some(parts) => parts,
            None => {
                let mut f = self.pop_frame_at(sp);
                (std::mem::take(&mut f.init_self), std::mem::take(&mut f.binop_rhs), f.binop_op)
            }
        };
        let fi = self.frames.len() - 1;
        let caller_sp = self.frames[fi].sp;
        self.frame_ctx(cx, fi, caller_sp);
        crate::frame::returned(init_self, &rhs, op, v)
    }

    /// `_POP_FRAME`: returns from the innermost frame (entered by the trace) to its caller,
    /// moving the return value over, and points `cx` at the caller. An `__init__` frame gives
    /// back its instance, and raises if it returned anything but None; a binary operator's
    /// dunder raises if it returned `NotImplemented` (:binop-frame:; both in the caller, at
    /// the call).
    pub(crate) fn trace_pop_frame(&mut self, cx: &mut Ctx) -> Result<(), PyErr> {
        // SAFETY: the frame's stack holds the return value: `cx.sp - 1` is its slot.
        let v = unsafe {
            cx.sp = cx.sp.sub(1);
            std::ptr::replace(cx.sp as *mut Value, Value::NULL)
        };
        // A plain call's frame, the common case, gives back `v` as it is.
        let v = if self.trace_pop_plain(cx) { v } else { self.trace_return_value(cx, v)? };
        // SAFETY: the caller's stack has room for the call's result, at `cx.sp`, empty.
        unsafe {
            (cx.sp as *mut Value).write(v);
            cx.sp = cx.sp.add(1);
        }
        Ok(())
    }

    /// A cold exit was taken: counts its temperature; when hot, links it to the executor at
    /// its target or forms a new trace there. Returns the executor to continue in.
    fn warm_exit(&mut self, ex: &Rc<Executor>, exit: usize, fi: usize, cx: &Ctx) -> Option<Rc<Executor>> {
        let threshold = self.tier2.as_deref()?.opts.exit_threshold as i32;
        let e = &ex.exits[exit];
        let t = e.temperature.get() + 1;
        e.temperature.set(t);
        if t < threshold {
            return None;
        }
        // The frame must be exact before trace formation looks at it.
        self.frames[fi].sp = self.ctx_sp(cx);
        // The exit's target is in the code of the frame the exit is taken in.
        let code = self.frames[fi].code.clone();
        let target = e.target as usize;
        // :branch-siblings: a branch exit at the branch this executor starts with, going the
        // way the executor goes there (a recursive call's frame, or a later pass through it):
        // the executor itself continues.
        if super::siblings::at_start_branch(ex, exit, &code)
            && super::siblings::start_branch(ex).is_some_and(|first| e.uop == super::siblings::other_way(first))
        {
            e.unlink_jit();
            *e.executor.borrow_mut() = Link::Linked(Rc::downgrade(ex));
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::exit_linked);
            }
            return Some(ex.clone());
        }
        // An exit to a loop's back-edge links to the loop's executor.
        let unit = code.instrs[target].get();
        if unit & 0xff == Opcode::ENTER_EXECUTOR as u32
            && let Some(other) = code.executor((unit >> 8) as usize)
        {
            e.unlink_jit();
            *e.executor.borrow_mut() = Link::Linked(Rc::downgrade(&other));
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::exit_linked);
            }
            return Some(other);
        }
        if unit & 0xff == Opcode::JUMP_BACKWARD as u32 {
            // A loop that is not hot yet: its own counter decides. This is no failure to back
            // off from: the next time the exit is taken it looks again, so that it links as
            // soon as the loop has its executor (:loop-exit-recheck:; backing off here left
            // inner loops' exits going through tier 1 for up to 65,536 passes after it).
            e.temperature.set(threshold - 1);
            return None;
        }
        // :stale-guard: a guard tier 1 no longer specializes for re-forms the root trace.
        if super::stale::should_reform(ex, exit, &code) {
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.bump(Counter::exit_stale);
            }
            super::unlink(ex);
            return None;
        }
        let made = self.tier2_hot_exit(ex, exit, fi);
        if made.is_none() {
            // Back off: 2, 4, 8 … times the threshold before the next attempt.
            let f = (e.failures.get() + 1).min(10);
            e.failures.set(f);
            e.temperature.set(-(threshold << f).min(1 << 20));
        }
        made
    }
}
