//! The trace verifier: run after trace formation and after every pass.
//!
//! It checks that the trace starts with `_START_EXECUTOR` and ends with exactly one terminator
//! (`_JUMP_TO_TOP` or `_EXIT_TRACE`); that no tier-1-only uop (a `JUMP` or `FRAME` uop) is in
//! it; that the stack balances around a loop (`_JUMP_TO_TOP` traces have net effect zero);
//! that every uop that can leave has a target inside the code; and, once exits are assigned,
//! that every uop with the `EXIT` flag has an exit and every exit index is in range.

use tracelift_uops::Uop;
use tracelift_uops::trace::{NO_EXIT, UopInst};
use tracelift_uops::uop::flags;

/// Checks `trace` (see the module docs). `code_len` is the number of code units of the code
/// object; `exits` is the executor's number of exits once they are assigned.
pub fn verify(trace: &[UopInst], code_len: usize, exits: Option<usize>) -> Result<(), String> {
    let Some(first) = trace.first() else { return Err("empty trace".into()) };
    if first.uop != Uop::_START_EXECUTOR {
        return Err(format!("trace starts with {}, not _START_EXECUTOR", first.uop.name()));
    }
    let mut depth: i64 = 0;
    for (i, u) in trace.iter().enumerate() {
        let f = u.uop.flags();
        let last = i + 1 == trace.len();
        let is_end = matches!(u.uop, Uop::_JUMP_TO_TOP | Uop::_EXIT_TRACE);
        if is_end != last {
            return Err(format!("uop {i} ({}): a terminator must be the last uop, and only it", u.uop.name()));
        }
        if f & (flags::JUMP | flags::FRAME) != 0 {
            return Err(format!("uop {i} ({}) is tier-1 only", u.uop.name()));
        }
        if u.can_leave() && u.target as usize >= code_len {
            return Err(format!("uop {i} ({}): target {} is outside the code", u.uop.name(), u.target));
        }
        if let Some(n) = exits {
            if f & flags::EXIT != 0 && u.exit == NO_EXIT {
                return Err(format!("uop {i} ({}) can exit but has no exit", u.uop.name()));
            }
            if u.exit != NO_EXIT && u.exit as usize >= n {
                return Err(format!("uop {i} ({}): exit {} out of range", u.uop.name(), u.exit));
            }
        }
        let (pops, pushes) = u.uop.stack_effect(u.oparg);
        depth += pushes as i64 - pops as i64;
    }
    if trace.last().map(|u| u.uop) == Some(Uop::_JUMP_TO_TOP) && depth != 0 {
        return Err(format!("the loop changes the stack depth by {depth}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(uops: &[(Uop, u32)]) -> Vec<UopInst> {
        uops.iter().map(|(u, o)| UopInst::new(*u, *o, 0, 0)).collect()
    }

    #[test]
    fn accepts_a_balanced_loop_and_rejects_broken_traces() {
        use Uop::*;
        let ok = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0), (_STORE_FAST, 1), (_JUMP_TO_TOP, 0)]);
        assert_eq!(verify(&ok, 10, None), Ok(()));
        let unbalanced = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0), (_JUMP_TO_TOP, 0)]);
        assert!(verify(&unbalanced, 10, None).unwrap_err().contains("stack depth"));
        let no_end = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0)]);
        assert!(verify(&no_end, 10, None).is_err());
        let tier1 = t(&[(_START_EXECUTOR, 0), (_ITER_JUMP_RANGE, 0), (_EXIT_TRACE, 0)]);
        assert!(verify(&tier1, 10, None).unwrap_err().contains("tier-1 only"));
        let mut far = t(&[(_START_EXECUTOR, 0), (_EXIT_TRACE, 0)]);
        far[1].target = 10;
        assert!(verify(&far, 10, None).unwrap_err().contains("outside"));
        let no_exit = t(&[(_START_EXECUTOR, 0), (_EXIT_TRACE, 0)]);
        assert!(verify(&no_exit, 10, Some(0)).unwrap_err().contains("no exit"));
    }
}
