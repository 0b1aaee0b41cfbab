//! The trace verifier: run after trace formation and after every pass.
//!
//! It checks that the trace starts with `_START_EXECUTOR` and ends with exactly one terminator
//! (`_JUMP_TO_TOP` or `_EXIT_TRACE`); that no tier-1-only uop (a `JUMP` uop) is in it; that
//! frames nest (every `_POP_FRAME` returns from a frame that a `_PUSH_FRAME` or
//! `_CREATE_INIT_FRAME` of the same trace entered, and a loop closes in the frame it started
//! in); that the stack balances around a loop (`_JUMP_TO_TOP` traces have net effect zero);
//! that every uop that can leave has a target inside the code of the frame it runs in; and,
//! once exits are assigned, that every uop with the `EXIT` flag has an exit and every exit
//! index is in range.

use tracelift_uops::Uop;
use tracelift_uops::trace::{NO_EXIT, UopInst};
use tracelift_uops::uop::flags;

/// Checks `trace` (see the module docs). `code_len(c)` is the number of code units of the code
/// object that a frame-entering uop names in its operand `c`, and of the trace's own code for
/// `c == 0`; `None` means the code is unknown. `exits` is the executor's number of exits once
/// they are assigned.
pub fn verify(trace: &[UopInst], code_len: &dyn Fn(u64) -> Option<usize>, exits: Option<usize>) -> Result<(), String> {
    let Some(first) = trace.first() else { return Err("empty trace".into()) };
    if first.uop != Uop::_START_EXECUTOR {
        return Err(format!("trace starts with {}, not _START_EXECUTOR", first.uop.name()));
    }
    let Some(root_len) = code_len(0) else { return Err("the trace's code is unknown".into()) };
    // The code length of each frame the trace is in, innermost last.
    let mut frames = vec![root_len];
    // A `_RETURN_TO_CALLER` left the trace's own frame.
    let mut returned = false;
    let mut depth: i64 = 0;
    for (i, u) in trace.iter().enumerate() {
        let f = u.uop.flags();
        let last = i + 1 == trace.len();
        let is_end = matches!(u.uop, Uop::_JUMP_TO_TOP | Uop::_EXIT_TRACE);
        if is_end != last {
            return Err(format!("uop {i} ({}): a terminator must be the last uop, and only it", u.uop.name()));
        }
        if f & flags::JUMP != 0 {
            return Err(format!("uop {i} ({}) is tier-1 only", u.uop.name()));
        }
        let len = *frames.last().unwrap_or(&root_len);
        if u.can_leave() && u.target as usize >= len {
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
        match u.uop {
            Uop::_PUSH_FRAME | Uop::_CREATE_INIT_FRAME => match code_len(u.operand) {
                Some(n) if u.operand != 0 => frames.push(n),
                _ => return Err(format!("uop {i} ({}) enters an unknown code object", u.uop.name())),
            },
            Uop::_POP_FRAME => {
                if frames.len() < 2 {
                    return Err(format!("uop {i} (_POP_FRAME) returns from the trace's own frame"));
                }
                frames.pop();
            }
            Uop::_RETURN_TO_CALLER => {
                if frames.len() != 1 {
                    return Err(format!("uop {i} (_RETURN_TO_CALLER) is {} frames deep", frames.len() - 1));
                }
                match code_len(u.operand) {
                    Some(n) if u.operand != 0 => frames[0] = n,
                    _ => return Err(format!("uop {i} (_RETURN_TO_CALLER) returns to an unknown code object")),
                }
                returned = true;
            }
            Uop::_JUMP_TO_TOP if returned => {
                return Err(format!("uop {i}: the loop closes in a caller"));
            }
            Uop::_JUMP_TO_TOP if frames.len() > 1 => {
                return Err(format!("uop {i}: the loop closes {} frames deep", frames.len() - 1));
            }
            _ => {}
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
        let ten = |c: u64| (c == 0).then_some(10);
        let ok = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0), (_STORE_FAST, 1), (_JUMP_TO_TOP, 0)]);
        assert_eq!(verify(&ok, &ten, None), Ok(()));
        let unbalanced = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0), (_JUMP_TO_TOP, 0)]);
        assert!(verify(&unbalanced, &ten, None).unwrap_err().contains("stack depth"));
        let no_end = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0)]);
        assert!(verify(&no_end, &ten, None).is_err());
        let tier1 = t(&[(_START_EXECUTOR, 0), (_ITER_JUMP_RANGE, 0), (_EXIT_TRACE, 0)]);
        assert!(verify(&tier1, &ten, None).unwrap_err().contains("tier-1 only"));
        let mut far = t(&[(_START_EXECUTOR, 0), (_EXIT_TRACE, 0)]);
        far[1].target = 10;
        assert!(verify(&far, &ten, None).unwrap_err().contains("outside"));
        let no_exit = t(&[(_START_EXECUTOR, 0), (_EXIT_TRACE, 0)]);
        assert!(verify(&no_exit, &ten, Some(0)).unwrap_err().contains("no exit"));
    }

    #[test]
    fn follows_frames() {
        use Uop::*;
        // The callee (operand 7) has 3 code units; the trace's own code has 10.
        let lens = |c: u64| match c {
            0 => Some(10),
            7 => Some(3),
            _ => None,
        };
        let mut call = t(&[
            (_START_EXECUTOR, 0),
            (_LOAD_FAST, 0),
            (_PUSH_NULL, 0),
            (_PUSH_FRAME, 0),
            (_LOAD_FAST, 0),
            (_POP_FRAME, 0),
            (_POP_TOP, 0),
            (_JUMP_TO_TOP, 0),
        ]);
        call[3].operand = 7;
        assert_eq!(verify(&call, &lens, None), Ok(()));
        // An exit inside the callee must target the callee's code.
        let mut inside = call.clone();
        inside[4] = UopInst::new(_EXIT_TRACE, 0, 0, 5);
        inside.truncate(5);
        assert!(verify(&inside, &lens, None).unwrap_err().contains("outside"));
        inside[4].target = 2;
        assert_eq!(verify(&inside, &lens, None), Ok(()));
        // Unknown callee, a return from the root frame, and a loop closing in the callee.
        let mut unknown = call.clone();
        unknown[3].operand = 9;
        assert!(verify(&unknown, &lens, None).unwrap_err().contains("unknown code"));
        let root_return = t(&[(_START_EXECUTOR, 0), (_LOAD_FAST, 0), (_POP_FRAME, 0), (_EXIT_TRACE, 0)]);
        assert!(verify(&root_return, &lens, None).unwrap_err().contains("own frame"));
        let mut deep = call.clone();
        deep.truncate(5);
        deep.push(UopInst::new(_JUMP_TO_TOP, 0, 0, 0));
        assert!(verify(&deep, &lens, None).unwrap_err().contains("frames deep"));
    }
}
