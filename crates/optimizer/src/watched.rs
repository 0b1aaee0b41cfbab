//! `promote_type_versions`: type-version guards become watched dependencies (CPython's
//! `_GUARD_TYPE_VERSION` with a type watcher).
//!
//! Every `_GUARD_TYPE_VERSION` left in a trace puts its version in the executor's
//! dependencies; changing that type, or assigning `__class__` on an instance of it,
//! invalidates the executor. So a second check of the same object's version is not needed
//! even after something escaped (a call, a generic operation), provided a `_CHECK_VALIDITY`
//! ran after the escape: `guard_elimination` alone must keep it, since Python code may have
//! changed the type. This pass runs the same analysis with that rule
//! ([`crate::analysis::State::watched`]) and drops only type-version guards.

use tracelift_uops::trace::UopInst;

use crate::analysis::Env;

/// Drops type-version guards that a watched earlier guard of the same object proves.
pub fn promote_type_versions(trace: &mut Vec<UopInst>, env: &dyn Env) {
    crate::guards::eliminate(trace, env, true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::NoEnv;
    use tracelift_uops::Uop;

    #[test]
    fn a_version_proven_before_an_escape_holds_after_a_validity_check() {
        use Uop::*;
        let mk = |check: bool| -> Vec<UopInst> {
            let mut v = vec![
                (_START_EXECUTOR, 0),
                (_LOAD_FAST, 0),
                (_GUARD_TYPE_VERSION, 0),
                (_LOAD_FAST, 1),
                (_LOAD_FAST, 1),
                (_BINARY_OP, 0),
                (_POP_TOP, 0),
            ];
            if check {
                v.push((_CHECK_VALIDITY, 0));
            }
            v.extend([(_GUARD_TYPE_VERSION, 0), (_EXIT_TRACE, 0)]);
            v.iter().map(|(u, o)| UopInst::new(*u, *o, 9, 0)).collect()
        };
        let count = |t: &[UopInst]| t.iter().filter(|u| u.uop == _GUARD_TYPE_VERSION).count();
        let mut with_check = mk(true);
        promote_type_versions(&mut with_check, &NoEnv);
        assert_eq!(count(&with_check), 1);
        let mut without = mk(false);
        promote_type_versions(&mut without, &NoEnv);
        assert_eq!(count(&without), 2);
        // guard_elimination alone keeps it either way.
        let mut plain = mk(true);
        crate::guards::guard_elimination(&mut plain, &NoEnv);
        assert_eq!(count(&plain), 2);
    }
}
