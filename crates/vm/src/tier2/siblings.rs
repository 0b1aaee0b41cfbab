//! Siblings: traces formed at the guard their parent starts with (`docs/exit-protocol.md`).
//!
//! An exit back to where its own executor starts normally gets no trace: one formed there
//! would start with the guard that just failed. Two kinds of guard at a trace's start are
//! different, because a trace formed when one fails starts with another guard:
//! - a branch guard (:branch-siblings:): formation reads the condition on the stack and goes
//!   the way it goes now, so the sibling starts with the opposite guard, and its own exit
//!   there links back to the parent. One of the pair always passes.
//! - a type-version guard (:type-siblings:): formation specializes on what tier 1 saw last,
//!   so the sibling guards the type that just arrived. Siblings form a chain (parent, first
//!   sibling, second …), each guarding a type no trace before it in the chain guards, at most
//!   [`MAX_TYPE_SIBLINGS`] long; the last one's exit goes to tier 1. Nothing links back, so a
//!   type no trace of the chain guards walks the chain once and leaves.

use std::rc::Rc;

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

use super::{Executor, ExitData};
use crate::objects::Code;

/// Most traces in a chain of type siblings after the one that starts it.
pub(crate) const MAX_TYPE_SIBLINGS: u8 = 3;

/// What a trace formed at side exit `exit` of `parent` is to it.
pub(crate) enum Sibling {
    /// Not a sibling (the exit is not at the guard the parent starts with).
    No,
    /// A branch sibling; its exit `exit` (its own start guard) links back to the parent.
    Branch { exit: usize },
    /// A type sibling, at this place in its chain.
    Type { depth: u8 },
    /// A sibling that would check what its parent (or a trace before it) checks: dropped.
    Reject,
}

/// The exit of the guard a trace starts with: its first uop that can exit, if that is at the
/// trace's first instruction. (An exit deeper in the trace may have the same target in a
/// callee's code, a recursive call's.)
pub(crate) fn start_exit(trace: &[UopInst], exits: &[ExitData]) -> Option<usize> {
    let start = trace.first()?.target;
    let u = trace.iter().find(|u| u.uop.flags() & flags::EXIT != 0)?;
    let e = exits.get(u.exit as usize)?;
    (e.target == start).then_some(u.exit as usize)
}

/// The uop of the guard `exit` names in `trace`, with its operand.
fn guard(trace: &[UopInst], exit: usize) -> Option<&UopInst> {
    trace.iter().find(|u| u.uop.flags() & flags::EXIT != 0 && u.exit as usize == exit)
}

/// The branch guard that passes exactly where `uop` fails; any other uop itself.
pub(crate) fn other_way(uop: Uop) -> Uop {
    match uop {
        Uop::_GUARD_IS_TRUE_POP => Uop::_GUARD_IS_FALSE_POP,
        Uop::_GUARD_IS_FALSE_POP => Uop::_GUARD_IS_TRUE_POP,
        Uop::_GUARD_IS_NONE_POP => Uop::_GUARD_IS_NOT_NONE_POP,
        Uop::_GUARD_IS_NOT_NONE_POP => Uop::_GUARD_IS_NONE_POP,
        other => other,
    }
}

pub(crate) fn is_branch_guard(uop: Uop) -> bool {
    other_way(uop) != uop
}

/// The branch guard a trace starts with, if it starts with one.
pub(crate) fn start_branch(ex: &Executor) -> Option<Uop> {
    ex.start_guard.map(|i| ex.exits[i].uop).filter(|u| is_branch_guard(*u))
}

/// :branch-siblings: whether exit `exit` of `ex`, taken in a frame running `code`, is a
/// branch guard's at the branch `ex` starts with: the trace's first instruction, in its own
/// code (the frame of a recursive call counts).
pub(crate) fn at_start_branch(ex: &Executor, exit: usize, code: &Rc<Code>) -> bool {
    let e = &ex.exits[exit];
    start_branch(ex).is_some()
        && is_branch_guard(e.uop)
        && ex.uops.first().is_some_and(|u| u.target == e.target)
        && std::ptr::eq(ex.code.as_ptr(), Rc::as_ptr(code))
}

/// :type-siblings: whether exit `exit` of `ex` is the type-version guard `ex` starts with,
/// and the chain `ex` is in has room for one more trace.
pub(crate) fn at_start_type_guard(ex: &Executor, exit: usize) -> bool {
    ex.start_guard == Some(exit)
        && ex.exits[exit].uop == Uop::_GUARD_TYPE_VERSION
        && ex.sibling_of.as_ref().map_or(0, |s| s.1) < MAX_TYPE_SIBLINGS
}

/// What the trace `trace` (with `exits`, starting with the guard of exit `mine`), formed in
/// `code` at exit `exit` of `parent`, is to its parent.
pub(crate) fn classify(
    parent: &Executor,
    exit: usize,
    code: &Rc<Code>,
    trace: &[UopInst],
    exits: &[ExitData],
    mine: Option<usize>,
) -> Sibling {
    if at_start_branch(parent, exit, code) {
        return match (start_branch(parent), mine) {
            (Some(first), Some(i)) if exits[i].uop == other_way(first) => Sibling::Branch { exit: i },
            _ => Sibling::Reject,
        };
    }
    if !at_start_type_guard(parent, exit) {
        return Sibling::No;
    }
    let Some(g) = mine.filter(|i| exits[*i].uop == Uop::_GUARD_TYPE_VERSION).and_then(|i| guard(trace, i)) else {
        return Sibling::Reject;
    };
    // Every trace of the chain so far, from the parent back to the one that started it.
    let mut at: Option<Rc<Executor>> = None;
    loop {
        let x: &Executor = at.as_deref().unwrap_or(parent);
        let theirs = x.start_guard.and_then(|i| guard(&x.uops, i));
        if theirs.is_some_and(|t| t.uop == g.uop && t.operand == g.operand && t.oparg == g.oparg) {
            return Sibling::Reject;
        }
        match x.sibling_of.as_ref().and_then(|(prev, _)| prev.upgrade()) {
            Some(p) => at = Some(p),
            None => break,
        }
    }
    Sibling::Type { depth: parent.sibling_of.as_ref().map_or(0, |s| s.1) + 1 }
}
