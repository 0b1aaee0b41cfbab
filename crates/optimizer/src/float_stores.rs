//! `fuse_float_stores` (:float-store:, issue 19's float stencils): a float operation whose
//! result the next instruction stores into a local becomes one uop that computes and stores
//! (`_BINARY_OP_MULTIPLY_FLOAT` + `_STORE_FAST x` → `_BINARY_OP_MULTIPLY_FLOAT_STORE_FAST x`).
//!
//! The fused body writes the result into the local's old float box when only the local holds
//! it, so `x = a * b` in a loop that rebinds `x` each pass makes and frees no box at all; the
//! uop interpreter and the stencil backend run it as they run any body. The Cranelift backend
//! lowers the two parts ([`UopInst::parts`]): it keeps float locals unboxed in registers
//! already (:unboxed-local:) and overwrites dead boxes where it must box (:float-in-place:).
//!
//! What it may assume: a float operation does not escape and the store cannot raise, so only
//! `_SET_IP` / `_CHECK_VALIDITY` can sit between the two (none do after
//! `remove_unneeded_uops`); they are dropped with the fusion, since nothing between the two
//! reads the instruction pointer or can invalidate the executor. The fused uop keeps the
//! operation's target: a zero divisor deopts before anything changes, and tier 1 runs both
//! instructions. It runs last, after every pass that reasons about stores to locals (the
//! analysis runs a fused uop as its two parts all the same).

use tracelift_uops::Uop;
use tracelift_uops::trace::{FLOAT_STORES, UopInst};

use crate::analysis::Env;

/// Fuses each float operation with the `_STORE_FAST` of its result.
pub fn fuse_float_stores(trace: &mut Vec<UopInst>, _env: &dyn Env) {
    let mut out: Vec<UopInst> = Vec::with_capacity(trace.len());
    let mut i = 0;
    while i < trace.len() {
        let u = trace[i];
        if let Some(&(_, fused)) = FLOAT_STORES.iter().find(|(op, _)| *op == u.uop) {
            let skip =
                trace[i + 1..].iter().take_while(|n| matches!(n.uop, Uop::_SET_IP | Uop::_CHECK_VALIDITY)).count();
            if let Some(store) = trace.get(i + 1 + skip).filter(|n| n.uop == Uop::_STORE_FAST) {
                out.push(UopInst { uop: fused, oparg: store.oparg, operand: store.target as u64, ..u });
                i += skip + 2;
                continue;
            }
        }
        out.push(u);
        i += 1;
    }
    *trace = out;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::NoEnv;

    fn t(uops: &[(Uop, u32, u64, u32)]) -> Vec<UopInst> {
        uops.iter().map(|&(u, o, x, target)| UopInst::new(u, o, x, target)).collect()
    }

    #[test]
    fn a_float_result_stored_into_a_local_is_one_uop_and_its_parts_are_the_two() {
        use Uop::*;
        // `x = a * b; y = a / b; z = a + b` (the last one leaves its result on the stack).
        let mut trace = t(&[
            (_LOAD_FAST, 0, 0, 10),
            (_LOAD_FAST, 1, 0, 11),
            (_BINARY_OP_MULTIPLY_FLOAT, 5, 0, 12),
            (_STORE_FAST, 2, 0, 14),
            (_LOAD_FAST, 0, 0, 15),
            (_LOAD_FAST, 1, 0, 16),
            (_BINARY_OP_TRUE_DIVIDE_FLOAT, 11, 0, 17),
            (_CHECK_VALIDITY, 0, 0, 19),
            (_SET_IP, 0, 19, 19),
            (_STORE_FAST, 3, 0, 19),
            (_LOAD_FAST, 0, 0, 20),
            (_LOAD_FAST, 1, 0, 21),
            (_BINARY_OP_ADD_FLOAT, 0, 0, 22),
            (_POP_TOP, 0, 0, 24),
        ]);
        let original = trace.clone();
        fuse_float_stores(&mut trace, &NoEnv);
        let got: Vec<(Uop, u32, u64, u32)> = trace.iter().map(|u| (u.uop, u.oparg, u.operand, u.target)).collect();
        assert_eq!(
            got[..6],
            [
                (_LOAD_FAST, 0, 0, 10),
                (_LOAD_FAST, 1, 0, 11),
                (_BINARY_OP_MULTIPLY_FLOAT_STORE_FAST, 2, 14, 12),
                (_LOAD_FAST, 0, 0, 15),
                (_LOAD_FAST, 1, 0, 16),
                (_BINARY_OP_TRUE_DIVIDE_FLOAT_STORE_FAST, 3, 19, 17),
            ]
        );
        assert_eq!(got[8].0, _BINARY_OP_ADD_FLOAT);
        // The parts are the operation (its target, no oparg) and the store (its own target).
        let [op, store] = trace[2].parts().expect("fused");
        assert_eq!((op.uop, op.target, store), (_BINARY_OP_MULTIPLY_FLOAT, 12, original[3]));
        assert!(trace[8].parts().is_none());
    }
}
