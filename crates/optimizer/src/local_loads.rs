//! `fuse_local_loads`: two `_LOAD_FAST`s in a row become one `_LOAD_FAST_PAIR` (tier 1's
//! `LOAD_FAST__LOAD_FAST` superinstruction, which trace formation splits, and any two
//! adjacent loads of bound locals: `a + b`, `f(x, y)`, `self.x` after a load of `o`).
//!
//! One dispatch fewer in the uop interpreter and one stencil boundary fewer in stencil
//! code; the analysis and the Cranelift lowering run the two parts ([`UopInst::parts`]).
//! What it may assume: a `_LOAD_FAST` cannot fail, raise or escape (its local is bound, or
//! it would be a `_LOAD_FAST_CHECK`), so neither target is ever used to leave; the first's
//! is the fused uop's, the second's rides in the operand for dumps and `parts`. Nothing may
//! sit between the two (a `_SET_IP` there is kept for a later uop and is not moved). Local
//! indices fit 16 bits each; a pair past that stays two uops. It runs last.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;

use crate::analysis::Env;

/// Fuses each pair of adjacent `_LOAD_FAST`s, left to right.
pub fn fuse_local_loads(trace: &mut Vec<UopInst>, _env: &dyn Env) {
    let mut out: Vec<UopInst> = Vec::with_capacity(trace.len());
    let mut i = 0;
    while i < trace.len() {
        let u = trace[i];
        if let Some(n) = trace.get(i + 1)
            && u.uop == Uop::_LOAD_FAST
            && n.uop == Uop::_LOAD_FAST
            && u.oparg <= 0xffff
            && n.oparg <= 0xffff
        {
            out.push(UopInst::new(Uop::_LOAD_FAST_PAIR, u.oparg << 16 | n.oparg, n.target as u64, u.target));
            i += 2;
            continue;
        }
        out.push(u);
        i += 1;
    }
    *trace = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_loads_pair_up_and_split_back() {
        use Uop::*;
        let t = |u, oparg, target| UopInst::new(u, oparg, 0, target);
        let mut trace = vec![
            t(_START_EXECUTOR, 0, 0),
            t(_LOAD_FAST, 3, 1),
            t(_LOAD_FAST, 7, 2),
            t(_LOAD_FAST, 1, 3),
            t(_SET_IP, 0, 4),
            t(_LOAD_FAST, 2, 4),
            t(_LOAD_FAST, 0x1_0000, 5),
            t(_JUMP_TO_TOP, 0, 6),
        ];
        fuse_local_loads(&mut trace, &crate::analysis::NoEnv);
        let names: Vec<Uop> = trace.iter().map(|u| u.uop).collect();
        // Three loads: the first two pair up; one across a `_SET_IP`, or past 16 bits, stays.
        assert_eq!(
            names,
            [_START_EXECUTOR, _LOAD_FAST_PAIR, _LOAD_FAST, _SET_IP, _LOAD_FAST, _LOAD_FAST, _JUMP_TO_TOP]
        );
        let [a, b] = trace[1].parts().expect("fused");
        assert_eq!((a.uop, a.oparg, a.target, b.uop, b.oparg, b.target), (_LOAD_FAST, 3, 1, _LOAD_FAST, 7, 2));
    }
}
