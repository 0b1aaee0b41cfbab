//! `remove_unneeded_uops` (CPython's `optimizer_analysis.c` pass of the same name).
//!
//! Trace formation puts `_CHECK_VALIDITY` and `_SET_IP` before every instruction, and a
//! `_NOP` where a callee's `RESUME` was; the `_NOP`s go. This pass
//! keeps a `_SET_IP` only if a uop after it (before the next `_SET_IP`) may raise or escape:
//! only then does anything read the instruction pointer (tracebacks, exception-table lookup);
//! exits and deopts resume at their own uop's `target`. A uop that can raise but runs no other
//! code (`Uop::raises_at_target`: `_LOAD_FAST_CHECK`, `_LOAD_DEREF`, `_BUILD_LIST` …) does not
//! count when its target is the `_SET_IP`'s instruction: every engine's error path sets the
//! pointer to that target itself (:ip-at-error:). Nor does `_JUMP_TO_TOP`, the loop's safe
//! point, which sets it to its operand before it serves the eval breaker. It keeps a
//! `_CHECK_VALIDITY` only if something may have escaped since the trace started, since the
//! lap began, or since the last check: only code that runs outside the trace (Python code,
//! `__eq__`, a destructor) can invalidate the executor while it runs. None is needed where
//! the trace starts or a lap begins (:lap-validity:): nothing enters an invalid executor,
//! and `_JUMP_TO_TOP` checks validity itself after serving the eval breaker.
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
    // :lap-validity: no check is needed where the trace starts. Nothing enters an invalid
    // executor: invalidation puts its `JUMP_BACKWARD` back and unlinks every exit into it,
    // and the host follows an exit only to a valid one. A pending SIGINT waits for the next
    // safe point: `_JUMP_TO_TOP`, tier 1's, or the host's at the end of a chain of 64
    // transfers (:chain-cap:). Around the loop, `_JUMP_TO_TOP` checks validity itself after
    // serving the breaker, the only thing on its way that could invalidate.
    let mut may_have_escaped = false;
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
                // The back-edge is a safe point that may raise KeyboardInterrupt or run a
                // collection; it sets the instruction pointer to its `JUMP_BACKWARD` itself
                // (its operand) before serving the breaker, so a `_SET_IP` of that instruction
                // is not needed (:ip-at-error:).
                if pending_set_ip.is_some_and(|p| trace[p].operand != u.operand) {
                    pending_set_ip = None;
                }
                // Around the loop nothing escaped yet (see above).
                may_have_escaped = false;
            }
            _ => {
                let f = u.uop.flags();
                // :ip-at-error: a uop that can only raise sets the instruction pointer to its
                // own target on its error path, which is this `_SET_IP`'s when both name the
                // same instruction.
                let own_ip =
                    u.uop.names_own_ip() && pending_set_ip.is_some_and(|p| trace[p].operand == u.target as u64);
                // Entering a frame can raise `RecursionError` at the call, which `_PUSH_FRAME`
                // names itself.
                if (f & (flags::ERROR | flags::ESCAPES) != 0 || matches!(u.uop, Uop::_PUSH_FRAME)) && !own_ip {
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
            // :lap-validity: the first check goes too.
            vec![_START_EXECUTOR, _GUARD_TOS_INT, _SET_IP, _BINARY_OP, _CHECK_VALIDITY, _POP_TOP, _JUMP_TO_TOP]
        );
    }

    #[test]
    fn a_uop_that_only_raises_at_its_own_instruction_needs_no_set_ip() {
        use Uop::*;
        let at = |uop, target| UopInst::new(uop, 0, if uop == _SET_IP { target as u64 } else { 0 }, target);
        // _LOAD_FAST_CHECK at 4 under `_SET_IP 4`: dropped; `_LOAD_DEREF` at 5 under `_SET_IP 4`
        // (its own was dropped by another pass): kept; `_BINARY_OP` escapes: kept.
        for (trace, kept) in [
            (vec![at(_SET_IP, 4), at(_LOAD_FAST_CHECK, 4), at(_POP_TOP, 4)], vec![_LOAD_FAST_CHECK, _POP_TOP]),
            (vec![at(_SET_IP, 4), at(_LOAD_DEREF, 5)], vec![_SET_IP, _LOAD_DEREF]),
            (
                vec![at(_SET_IP, 4), at(_LOAD_FAST_CHECK, 4), at(_BINARY_OP, 4)],
                vec![_SET_IP, _LOAD_FAST_CHECK, _BINARY_OP],
            ),
        ] {
            let mut trace = trace;
            remove_unneeded_uops(&mut trace);
            assert_eq!(trace.iter().map(|u| u.uop).collect::<Vec<_>>(), kept);
        }
        assert!(_LOAD_FAST_CHECK.raises_at_target() && _BUILD_LIST.raises_at_target());
        assert!(!_JUMP_TO_TOP.raises_at_target() && !_BINARY_OP.raises_at_target());
        assert!(!_CREATE_INIT_FRAME.raises_at_target());
    }
}
