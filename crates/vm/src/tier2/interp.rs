//! The uop interpreter (`--engine uops`) and the exit protocol (docs/exit-protocol.md).
//!
//! An executor runs in the frame that entered it. Its uops work on the frame stack in place
//! (the stack is never cached elsewhere), so leaving needs no write-back beyond the stack
//! pointer: a deopt resumes tier 1 at the failing uop's `target` (the instruction it belongs
//! to, which runs again generically), a side exit at its exit's `target`, and an error unwinds
//! from the instruction that the last `_SET_IP` recorded.

use std::rc::Rc;

use tracelift_runtime::exc::{PyErr, SYSTEM_ERROR};
use tracelift_uops::abi::{Ctx, ExecHead, Step};
use tracelift_uops::dispatch::run_uop;
use tracelift_uops::uop::flags;

use super::{Executor, Link, MAX_CHAIN_DEPTH};
use crate::Vm;
use crate::tier1rt::Tier1Rt;

/// How a run of executors ended.
pub enum Leave {
    /// Continue in tier 1 at this instruction.
    Resume(usize),
    /// An exception, raised by the instruction at `lasti`.
    Error(PyErr, usize),
}

impl Vm {
    /// Runs `ex` (and whatever its exits chain to) in frame `fi`, whose stack pointer is
    /// `*sp`. On return `*sp` is the frame's stack pointer again.
    pub(crate) fn run_executor(&mut self, ex: Rc<Executor>, sp: &mut usize, fi: usize) -> Leave {
        let stats_on = self.spec_stats.is_some();
        let code = self.frames[fi].code.clone();
        let stack_base = self.stack.as_mut_ptr() as *mut u64;
        let base = self.frames[fi].base;
        let mut ex = ex;
        let mut depth = 0u32;
        // SAFETY: sp and base index the fixed frame stack (:stack-fixed:).
        let mut cx = unsafe {
            Ctx {
                sp: stack_base.add(*sp),
                locals: stack_base.add(base),
                consts: code.consts.as_ptr() as *const u64,
                names: code.names.as_ptr() as *const u64,
                globals: self.frames[fi].globals.raw(),
                builtins: self.builtins.raw(),
                vm: self as *mut Vm as *mut std::ffi::c_void,
                ip: 0,
                executor: std::ptr::null(),
            }
        };
        let leave = 'chain: loop {
            cx.executor = &*ex.head as *const ExecHead;
            cx.ip = ex.uops.first().map_or(0, |u| u.target as u64);
            if let Some(t2) = self.tier2.as_deref_mut() {
                t2.stats.traces_executed += 1;
            }
            let mut pc = 0usize;
            loop {
                let Some(u) = ex.uops.get(pc).copied() else {
                    break 'chain Leave::Error(PyErr::new(&SYSTEM_ERROR, "trace ran off its end"), cx.ip as usize);
                };
                if stats_on && let Some(t2) = self.tier2.as_deref_mut() {
                    t2.stats.uops_executed += 1;
                    t2.stats.uop_counts[u.uop as usize] += 1;
                }
                // SAFETY: the verifier checked the trace; its guards establish each body's
                // preconditions, and cx describes frame `fi`.
                let step = unsafe { run_uop::<Tier1Rt>(u.uop, &mut cx, u.oparg, u.operand) };
                match step {
                    Step::Next => pc += 1,
                    Step::Jump => pc = 0,
                    Step::Error => {
                        let e = self
                            .uop_error
                            .take()
                            .unwrap_or_else(|| PyErr::new(&SYSTEM_ERROR, "uop failed without an exception"));
                        break 'chain Leave::Error(e, cx.ip as usize);
                    }
                    Step::Frame => {
                        break 'chain Leave::Error(
                            PyErr::new(&SYSTEM_ERROR, "a trace may not enter a frame"),
                            cx.ip as usize,
                        );
                    }
                    Step::Deopt => {
                        if u.uop.flags() & flags::EXIT == 0 {
                            if let Some(t2) = self.tier2.as_deref_mut() {
                                t2.stats.deopts += 1;
                            }
                            break 'chain Leave::Resume(u.target as usize);
                        }
                        // A side exit.
                        let exit = &ex.exits[u.exit as usize];
                        if let Some(t2) = self.tier2.as_deref_mut() {
                            t2.stats.exits_taken += 1;
                        }
                        let next = match &*exit.executor.borrow() {
                            Link::Owned(x) => Some(x.clone()),
                            Link::Linked(w) => w.upgrade(),
                            Link::Cold => None,
                        };
                        let next = match next {
                            Some(x) if x.is_valid() => Some(x),
                            Some(_) => {
                                // Its executor died: the exit is cold again.
                                *exit.executor.borrow_mut() = Link::Cold;
                                None
                            }
                            None => self.warm_exit(&ex, u.exit as usize, fi, &cx),
                        };
                        match next {
                            Some(x) if depth < MAX_CHAIN_DEPTH => {
                                depth += 1;
                                ex = x;
                                continue 'chain;
                            }
                            _ => break 'chain Leave::Resume(exit.target as usize),
                        }
                    }
                }
            }
        };
        // SAFETY: cx.sp still points into the frame stack.
        *sp = unsafe { cx.sp.offset_from(stack_base) } as usize;
        leave
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
        // SAFETY: cx.sp points into the frame stack.
        let sp = unsafe { cx.sp.offset_from(self.stack.as_ptr() as *const u64) } as usize;
        self.frames[fi].sp = sp;
        let code = ex.code.upgrade()?;
        let target = e.target as usize;
        // An exit to a loop's back-edge links to the loop's executor.
        let unit = code.instrs[target].get();
        if unit & 0xff == tracelift_uops::Opcode::ENTER_EXECUTOR as u32 {
            let other = code.executors.borrow().get((unit >> 8) as usize).cloned().flatten();
            if let Some(other) = other {
                *e.executor.borrow_mut() = Link::Linked(Rc::downgrade(&other));
                if let Some(t2) = self.tier2.as_deref_mut() {
                    t2.stats.exits_linked += 1;
                }
                return Some(other);
            }
        }
        let made = if unit & 0xff == tracelift_uops::Opcode::JUMP_BACKWARD as u32 {
            // A loop that is not hot yet: its own counter decides.
            None
        } else {
            self.tier2_hot_exit(ex, exit, fi)
        };
        if made.is_none() {
            // Back off: 2, 4, 8 … times the threshold before the next attempt.
            let f = (e.failures.get() + 1).min(10);
            e.failures.set(f);
            e.temperature.set(-(threshold << f).min(1 << 20));
        }
        made
    }
}
