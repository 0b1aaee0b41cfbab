//! :stale-guard: a root trace whose guard keeps failing because tier 1 has since specialized
//! the instruction differently is formed again, instead of growing a side trace.
//!
//! A trace specializes on what tier 1 had specialized when it was formed. When the types a
//! loop sees change for good after that — the first call of pyperformance spectral_norm's
//! `part_A_times_u` multiplies by the ints of `[1] * n`, every later call by floats — the guard
//! of the old specialization fails on every pass, and the hot exit gets a side trace that does
//! the new work and jumps back to the loop's head: every iteration leaves the loop's code
//! through the exit, with its unboxed floats boxed on the way out. Tier 1 meanwhile has run
//! the instruction at each exit and specialized it again for the types it now sees.
//!
//! So when an exit turns hot (`warm_exit`), before a side trace is formed: if the exit's uop
//! is a guard one of the instruction family's specializations makes, and the instruction's
//! current specialization makes no such guard, the trace's assumption is stale. A root trace
//! (installed over a back-edge or a function's `RESUME`) is then invalidated, so that its hot
//! point forms a trace again from the current specializations, and the exit goes to tier 1 as
//! a cold one. Each code gets at most [`MAX_STALE_RETRACES`] such re-formations: a site whose
//! types keep alternating falls back to side traces, as before.

use std::rc::Rc;

use tracelift_uops::Uop;
use tracelift_uops::expand::tier2_expansion;
use tracelift_uops::opcode::Opcode;

use super::Executor;
use crate::objects::Code;

/// Most root traces of one code re-formed because a guard went stale.
pub(crate) const MAX_STALE_RETRACES: u8 = 4;

/// Does `uop` come from the expansion of `op`?
fn expands_to(op: Opcode, uop: Uop) -> bool {
    tier2_expansion(op).is_some_and(|steps| steps.iter().any(|s| s.uop == uop))
}

/// Is the guard `uop` at instruction `target` of `code` stale: one that a specialization of
/// the instruction's family makes, where the instruction is now specialized into a form that
/// does not make it?
pub(crate) fn is_stale(code: &Code, target: usize, uop: Uop) -> bool {
    let Some(now) = code.instrs.get(target).and_then(|u| Opcode::from_u8(u.get() as u8)) else {
        return false;
    };
    let family = now.family();
    if now == family || now == Opcode::ENTER_EXECUTOR || expands_to(now, uop) {
        // Not specialized now (tier 1 gave up or is waiting), or still makes the guard.
        return false;
    }
    (0..=u8::MAX)
        .filter_map(Opcode::from_u8)
        .any(|op| op != family && op != now && op.family() == family && expands_to(op, uop))
}

/// :stale-guard: should the hot exit `exit` of `ex`, taken in the frame running `code`,
/// re-form `ex` instead of getting a side trace? Only a root trace is re-formed, at most
/// [`MAX_STALE_RETRACES`] times per code; the count is taken here.
pub(crate) fn should_reform(ex: &Rc<Executor>, exit: usize, code: &Code) -> bool {
    let e = &ex.exits[exit];
    let Some(root) = ex.code.upgrade() else { return false };
    if ex.installed_at.get().is_none() || root.stale_retraces.get() >= MAX_STALE_RETRACES {
        return false;
    }
    if !is_stale(code, e.target as usize, e.uop) {
        return false;
    }
    root.stale_retraces.set(root.stale_retraces.get() + 1);
    true
}
