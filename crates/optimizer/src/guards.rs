//! `guard_elimination`: drop the checks the trace has already proven (CPython's
//! `optimizer_bytecodes.c` guards that become `_NOP`).
//!
//! Runs the abstract interpretation ([`crate::analysis`]) forward and, at each uop:
//! - a pure guard (flags `DEOPT` and `PURE`) whose every `proves` fact already holds is
//!   dropped: a float operand that a previous guard, a float operation or a float constant
//!   proved, a second type-version check of the same object with nothing escaping in
//!   between;
//! - a repeated `_GUARD_GLOBALS_VERSION` / `_GUARD_BUILTINS_VERSION` of the same version in
//!   the same frame's code, with nothing escaping in between (only escaping uops change a
//!   dict), is dropped;
//! - `_LOAD_FAST_CHECK` of a local the trace has proven bound (stored, or checked before)
//!   becomes `_LOAD_FAST`, which cannot raise (so `remove_unneeded_uops` can then drop its
//!   `_SET_IP`).
//!
//! Dropping a guard never changes the abstract state: it only re-proves what is known.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

use crate::analysis::{Env, State};
use crate::symbols::Null;

/// Drops proven guards and turns proven-bound `_LOAD_FAST_CHECK`s into `_LOAD_FAST`.
pub fn guard_elimination(trace: &mut Vec<UopInst>, env: &dyn Env) {
    eliminate(trace, env, false);
}

/// The walk behind [`guard_elimination`] and [`crate::watched::promote_type_versions`]:
/// with `watched`, type-version facts survive escapes behind a validity check, and only
/// type-version guards are dropped.
pub(crate) fn eliminate(trace: &mut Vec<UopInst>, env: &dyn Env, watched: bool) {
    let mut st = State::new(env);
    st.watched = watched;
    let mut keep = vec![true; trace.len()];
    // (guard, version, frame depth) of the dict-version guards passed since the last escape.
    let mut dict_guards: Vec<(Uop, u64, usize)> = Vec::new();
    let mut depth = 0usize;
    for (i, u) in trace.iter_mut().enumerate() {
        let f = u.uop.flags();
        if f & flags::DEOPT != 0
            && f & flags::PURE != 0
            && (!watched || u.uop == Uop::_GUARD_TYPE_VERSION)
            && st.proves_all(u)
        {
            keep[i] = false;
            continue;
        }
        match u.uop {
            _ if watched => {}
            Uop::_GUARD_GLOBALS_VERSION | Uop::_GUARD_BUILTINS_VERSION => {
                let key = (u.uop, u.operand, depth);
                if dict_guards.contains(&key) {
                    keep[i] = false;
                    continue;
                }
                dict_guards.push(key);
            }
            Uop::_LOAD_FAST_CHECK => {
                let s = st.local(u.oparg);
                if st.syms.get(s).null == Null::NotNull {
                    u.uop = Uop::_LOAD_FAST;
                }
            }
            // Another frame has other globals: what was checked in one says nothing of the
            // other (the key's depth keeps them apart; a frame left is forgotten).
            Uop::_PUSH_FRAME | Uop::_CREATE_INIT_FRAME => depth += 1,
            Uop::_POP_FRAME => {
                dict_guards.retain(|g| g.2 != depth);
                depth = depth.saturating_sub(1);
            }
            // The caller is another frame at the same depth.
            Uop::_RETURN_TO_CALLER => dict_guards.retain(|g| g.2 != depth),
            _ => {}
        }
        if f & flags::ESCAPES != 0 {
            dict_guards.clear();
        }
        st.step(u);
    }
    crate::retain_marked(trace, &keep);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::NoEnv;

    fn names(trace: &[UopInst]) -> Vec<Uop> {
        trace.iter().map(|u| u.uop).collect()
    }

    /// A trace of `(uop, oparg)`, every operand `operand`.
    fn trace(uops: &[(Uop, u32)], operand: u64) -> Vec<UopInst> {
        uops.iter().map(|(u, o)| UopInst::new(*u, *o, operand, 0)).collect()
    }

    #[test]
    fn drops_guards_the_trace_has_proven() {
        use Uop::*;
        let mut trace = trace(
            &[
                (_START_EXECUTOR, 0),
                (_LOAD_FAST_CHECK, 0),
                (_LOAD_FAST_CHECK, 1),
                (_GUARD_NOS_FLOAT, 0),
                (_GUARD_TOS_FLOAT, 0),
                (_BINARY_OP_MULTIPLY_FLOAT, 0),
                (_LOAD_FAST_CHECK, 0),
                (_GUARD_NOS_FLOAT, 0),
                (_GUARD_TOS_FLOAT, 0),
                (_BINARY_OP_ADD_FLOAT, 0),
                (_STORE_FAST, 2),
                (_JUMP_TO_TOP, 0),
            ],
            0,
        );
        guard_elimination(&mut trace, &NoEnv);
        assert_eq!(
            names(&trace),
            vec![
                _START_EXECUTOR,
                _LOAD_FAST_CHECK,
                _LOAD_FAST_CHECK,
                _GUARD_NOS_FLOAT,
                _GUARD_TOS_FLOAT,
                _BINARY_OP_MULTIPLY_FLOAT,
                _LOAD_FAST,
                _BINARY_OP_ADD_FLOAT,
                _STORE_FAST,
                _JUMP_TO_TOP
            ]
        );
    }

    #[test]
    fn keeps_a_version_guard_and_a_dict_guard_after_an_escape() {
        use Uop::*;
        let mut trace = trace(
            &[
                (_START_EXECUTOR, 0),
                (_GUARD_GLOBALS_VERSION, 0),
                (_LOAD_FAST, 0),
                (_GUARD_TYPE_VERSION, 0),
                (_GUARD_TYPE_VERSION, 0),
                (_LOAD_FAST, 1),
                (_LOAD_FAST, 1),
                (_BINARY_OP, 0),
                (_POP_TOP, 0),
                (_GUARD_TYPE_VERSION, 0),
                (_GUARD_GLOBALS_VERSION, 0),
                (_GUARD_GLOBALS_VERSION, 0),
                (_EXIT_TRACE, 0),
            ],
            4,
        );
        guard_elimination(&mut trace, &NoEnv);
        assert_eq!(
            names(&trace),
            vec![
                _START_EXECUTOR,
                _GUARD_GLOBALS_VERSION,
                _LOAD_FAST,
                _GUARD_TYPE_VERSION,
                _LOAD_FAST,
                _LOAD_FAST,
                _BINARY_OP,
                _POP_TOP,
                _GUARD_TYPE_VERSION,
                _GUARD_GLOBALS_VERSION,
                _EXIT_TRACE
            ]
        );
    }
}
