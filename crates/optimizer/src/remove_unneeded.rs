//! `remove_unneeded_uops` (CPython's `optimizer_analysis.c` pass of the same name).
//!
//! Trace formation puts `_CHECK_VALIDITY` and `_SET_IP` before every instruction, and a
//! `_NOP` where a callee's `RESUME` was; the `_NOP`s go. This pass
//! keeps a `_SET_IP` only if a uop after it (before the next `_SET_IP`) may raise or escape
//! (`_JUMP_TO_TOP` may: it is the loop's safe point):
//! only then does anything read the instruction pointer (tracebacks, exception-table lookup);
//! exits and deopts resume at their own uop's `target`. It keeps a `_CHECK_VALIDITY` only if
//! something may have escaped since the trace started or since the last check: only code that
//! runs outside the trace (Python code, `__eq__`, a destructor) can invalidate the executor
//! while it runs.
//!
//! Then it drops a pure push that is popped at once: a `_LOAD_FAST`, `_LOAD_CONST` or
//! `_LOAD_CONST_INLINE` (without its null) followed by `_POP_TOP`, with nothing but `_SET_IP`
//! between (what `promote_globals` leaves of `math` in `math.sqrt`, and `fold_constants` of
//! folded operands). Not across a `_CHECK_VALIDITY`: a deopt there resumes tier 1 with the
//! pushed value on the stack.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

/// Drops the `_SET_IP` and `_CHECK_VALIDITY` uops that nothing needs.
pub fn remove_unneeded_uops(trace: &mut Vec<UopInst>) {
    let mut keep = vec![true; trace.len()];
    // The first check is needed: the executor may have been invalidated before it is entered.
    let mut may_have_escaped = true;
    let mut pending_set_ip: Option<usize> = None;
    for (i, u) in trace.iter().enumerate() {
        match u.uop {
            Uop::_SET_IP => {
                if let Some(p) = pending_set_ip {
                    keep[p] = false;
                }
                pending_set_ip = Some(i);
            }
            Uop::_CHECK_VALIDITY => {
                if may_have_escaped {
                    may_have_escaped = false;
                } else {
                    keep[i] = false;
                }
            }
            // A callee's `RESUME` (`_NOP`): nothing to run, a dispatch in the uop
            // interpreter.
            Uop::_NOP => keep[i] = false,
            Uop::_JUMP_TO_TOP => {
                // The back-edge is a safe point that may raise KeyboardInterrupt: its
                // _SET_IP stays, so the exception is raised at the loop's JUMP_BACKWARD.
                pending_set_ip = None;
                // Around the loop the first check runs again.
                may_have_escaped = true;
            }
            _ => {
                let f = u.uop.flags();
                // Entering a frame can raise `RecursionError` at the call.
                if f & (flags::ERROR | flags::ESCAPES) != 0 || matches!(u.uop, Uop::_PUSH_FRAME) {
                    // This _SET_IP is needed; the next one starts a new window.
                    pending_set_ip = None;
                }
                if f & flags::ESCAPES != 0 {
                    may_have_escaped = true;
                }
            }
        }
    }
    if let Some(p) = pending_set_ip {
        keep[p] = false;
    }
    crate::retain_marked(trace, &keep);
    drop_dead_pushes(trace);
}

/// Drops `push; _POP_TOP` pairs of pure pushes (see the module docs), repeatedly: folding
/// `a + b` leaves `push a; push b; _POP_TOP; _POP_TOP`.
fn drop_dead_pushes(trace: &mut Vec<UopInst>) {
    let mut out: Vec<UopInst> = Vec::with_capacity(trace.len());
    for u in trace.drain(..) {
        if u.uop == Uop::_POP_TOP
            && let Some(j) = out.iter().rposition(|p| p.uop != Uop::_SET_IP)
            && match out[j].uop {
                Uop::_LOAD_FAST | Uop::_LOAD_CONST => true,
                Uop::_LOAD_CONST_INLINE => out[j].oparg & 1 == 0,
                _ => false,
            }
        {
            out.remove(j);
            continue;
        }
        out.push(u);
    }
    *trace = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(uops: &[Uop]) -> Vec<UopInst> {
        uops.iter().map(|u| UopInst::new(*u, 0, 0, 0)).collect()
    }

    #[test]
    fn keeps_set_ip_only_before_errors_and_validity_checks_only_after_escapes_and_drops_nops() {
        use Uop::*;
        let mut trace = t(&[
            _START_EXECUTOR,
            _CHECK_VALIDITY,
            _SET_IP,
            _GUARD_TOS_INT,
            _CHECK_VALIDITY,
            _SET_IP,
            _BINARY_OP,
            _CHECK_VALIDITY,
            _SET_IP,
            _NOP,
            _POP_TOP,
            _CHECK_VALIDITY,
            _SET_IP,
            _JUMP_TO_TOP,
        ]);
        remove_unneeded_uops(&mut trace);
        let names: Vec<Uop> = trace.iter().map(|u| u.uop).collect();
        assert_eq!(
            names,
            vec![
                _START_EXECUTOR,
                _CHECK_VALIDITY,
                _GUARD_TOS_INT,
                _SET_IP,
                _BINARY_OP,
                _CHECK_VALIDITY,
                _POP_TOP,
                _SET_IP,
                _JUMP_TO_TOP
            ]
        );
    }
}
