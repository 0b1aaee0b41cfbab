//! `fold_constants`: operations on constants are done at optimization time, and branches on
//! constants go (CPython's `optimizer_bytecodes.c` folding of `_BINARY_OP_*_INT` and
//! `_GUARD_IS_*_POP`).
//!
//! The constants are those the analysis knows: `_LOAD_CONST`, promoted globals
//! (`promote_globals`), results folded before. At each uop:
//! - `_BINARY_OP_ADD_INT` / `_SUBTRACT_INT` / `_MULTIPLY_INT` of two small-int constants whose
//!   result is a small int, and `_COMPARE_OP_INT` of two small-int constants, become two
//!   `_POP_TOP`s and a `_LOAD_CONST_INLINE` of the result;
//! - `_TO_BOOL_INT` of a constant, and `_TO_BOOL_NONE` of `None`, become a `_POP_TOP` and the
//!   constant bool;
//! - a branch guard (`_GUARD_IS_TRUE_POP`, `_GUARD_IS_FALSE_POP`, `_GUARD_IS_NONE_POP`,
//!   `_GUARD_IS_NOT_NONE_POP`) whose input is known to pass becomes a `_POP_TOP`. One known to
//!   fail stays: the trace always leaves there, as tier 1 would branch.
//!
//! `remove_unneeded_uops` then drops each constant push that is popped at once. What it may
//! assume: the VM gives the word of a constant ([`Env::constant_word`]) only for values that
//! need no reference kept by the executor (small ints, `True`, `False`, `None`), and
//! [`Env::object`] describes those words as the constants they are.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::Ty;

use crate::analysis::{Env, State};
use crate::emit;
use crate::symbols::Const;

/// Folds operations on constants and branches on them.
pub fn fold_constants(trace: &mut Vec<UopInst>, env: &dyn Env) {
    let mut st = State::new(env);
    let mut out: Vec<UopInst> = Vec::with_capacity(trace.len());
    for &u in trace.iter() {
        let top = value(&mut st, 1);
        let folded = match u.uop {
            Uop::_BINARY_OP_ADD_INT
            | Uop::_BINARY_OP_SUBTRACT_INT
            | Uop::_BINARY_OP_MULTIPLY_INT
            | Uop::_COMPARE_OP_INT => match (value(&mut st, 2), top) {
                (Some(Const::Int(a)), Some(Const::Int(b))) => binary(u.uop, u.oparg, a, b).map(|c| (2, c)),
                _ => None,
            },
            Uop::_TO_BOOL_INT => match top {
                Some(Const::Int(i)) => Some((1, Const::Bool(i != 0))),
                _ => None,
            },
            Uop::_TO_BOOL_NONE => match top {
                Some(Const::None) => Some((1, Const::Bool(false))),
                _ => None,
            },
            _ => None,
        };
        if let Some((pops, c)) = folded
            && let Some(w) = env.constant_word(c)
        {
            for _ in 0..pops {
                emit(&mut st, &mut out, UopInst { uop: Uop::_POP_TOP, oparg: 0, operand: 0, ..u });
            }
            emit(&mut st, &mut out, UopInst { uop: Uop::_LOAD_CONST_INLINE, oparg: 0, operand: w, ..u });
            continue;
        }
        let passes = match u.uop {
            Uop::_GUARD_IS_TRUE_POP => top == Some(Const::Bool(true)),
            Uop::_GUARD_IS_FALSE_POP => top == Some(Const::Bool(false)),
            Uop::_GUARD_IS_NONE_POP => top == Some(Const::None),
            Uop::_GUARD_IS_NOT_NONE_POP => {
                let id = st.peek(1);
                let s = st.syms.get(id);
                s.ty.is_some_and(|t| t != Ty::NoneType) || s.value.is_some_and(|c| c != Const::None)
            }
            _ => false,
        };
        if passes {
            emit(&mut st, &mut out, UopInst { uop: Uop::_POP_TOP, oparg: 0, operand: 0, ..u });
            continue;
        }
        emit(&mut st, &mut out, u);
    }
    *trace = out;
}

/// The constant the stack item `depth` from the top is known to be.
fn value(st: &mut State, depth: usize) -> Option<Const> {
    let id = st.peek(depth);
    st.syms.get(id).value
}

/// `a op b` for two small ints, as the uop computes it (`None` when it would not be a
/// small-int or bool constant: the VM's small range is checked by [`Env::constant_word`]).
fn binary(op: Uop, oparg: u32, a: i64, b: i64) -> Option<Const> {
    Some(match op {
        Uop::_BINARY_OP_ADD_INT => Const::Int(a.checked_add(b)?),
        Uop::_BINARY_OP_SUBTRACT_INT => Const::Int(a.checked_sub(b)?),
        Uop::_BINARY_OP_MULTIPLY_INT => Const::Int(a.checked_mul(b)?),
        _ => Const::Bool(match oparg >> 5 {
            0 => a < b,
            1 => a <= b,
            2 => a == b,
            3 => a != b,
            4 => a > b,
            5 => a >= b,
            _ => return None,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{ObjInfo, ObjKind};
    use crate::symbols::Sym;

    /// Constant `i` is the small int `i`; words are `1000 + i` for ints, 1 for True, 2 for
    /// False, 3 for None.
    struct Ints;

    impl Env for Ints {
        fn constant(&self, _code: u64, idx: u32) -> Sym {
            Sym::constant(Const::Int(idx as i64))
        }
        fn constant_word(&self, c: Const) -> Option<u64> {
            match c {
                Const::Int(i) if (0..100).contains(&i) => Some(1000 + i as u64),
                Const::Bool(b) => Some(if b { 1 } else { 2 }),
                Const::None => Some(3),
                _ => None,
            }
        }
        fn object(&self, w: u64) -> ObjInfo {
            let c = match w {
                1 => Const::Bool(true),
                2 => Const::Bool(false),
                3 => Const::None,
                _ => Const::Int(w as i64 - 1000),
            };
            ObjInfo { sym: Sym::constant(c), kind: ObjKind::Other }
        }
    }

    fn t(uops: &[(Uop, u32)]) -> Vec<UopInst> {
        uops.iter().map(|&(u, o)| UopInst::new(u, o, 0, 0)).collect()
    }

    #[test]
    fn arithmetic_and_comparisons_of_constants_fold_and_their_branch_goes() {
        use Uop::*;
        // (3 * 4 + 5) < 20: a branch that always goes the same way.
        let mut trace = t(&[
            (_LOAD_CONST, 3),
            (_LOAD_CONST, 4),
            (_BINARY_OP_MULTIPLY_INT, 0),
            (_LOAD_CONST, 5),
            (_BINARY_OP_ADD_INT, 0),
            (_LOAD_CONST, 20),
            (_COMPARE_OP_INT, 0),
            (_GUARD_IS_TRUE_POP, 0),
            (_LOAD_FAST, 0),
        ]);
        fold_constants(&mut trace, &Ints);
        let words: Vec<u64> = trace.iter().filter(|u| u.uop == _LOAD_CONST_INLINE).map(|u| u.operand).collect();
        assert_eq!(words, vec![1012, 1017, 1]);
        assert!(!trace.iter().any(|u| u.uop == _GUARD_IS_TRUE_POP));
        crate::remove_unneeded::remove_unneeded_uops(&mut trace);
        assert_eq!(trace.iter().map(|u| u.uop).collect::<Vec<_>>(), vec![_LOAD_FAST]);
    }

    #[test]
    fn a_guard_known_to_fail_stays_and_unknown_or_too_big_values_are_left() {
        use Uop::*;
        let mut fails = t(&[(_LOAD_CONST, 0), (_TO_BOOL_INT, 0), (_GUARD_IS_TRUE_POP, 0)]);
        fold_constants(&mut fails, &Ints);
        assert_eq!(fails.last().map(|u| u.uop), Some(_GUARD_IS_TRUE_POP));
        // 60 + 50 is not a constant the VM gives a word for here.
        let mut big = t(&[(_LOAD_CONST, 60), (_LOAD_CONST, 50), (_BINARY_OP_ADD_INT, 0)]);
        fold_constants(&mut big, &Ints);
        assert_eq!(big[2].uop, _BINARY_OP_ADD_INT);
        let mut unknown = t(&[(_LOAD_FAST, 0), (_LOAD_CONST, 5), (_BINARY_OP_ADD_INT, 0)]);
        fold_constants(&mut unknown, &Ints);
        assert_eq!(unknown[2].uop, _BINARY_OP_ADD_INT);
    }
}
