//! Arithmetic: small ints on tagged words (:small-results:), floats unboxed
//! (:unboxed-float:), int/float mixes (`_BINARY_OP_FLOAT_INT` and kin) and the polymorphic
//! `_BINARY_OP_NUM` (:num-arith:).

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, Value};
use tracelift_uops::Uop;
use tracelift_uops::abi::{Known, Rt};
use tracelift_uops::opcode::BinaryOp;
use tracelift_uops::trace::UopInst;
use tracelift_vm::tier1rt::Tier1Rt;

use super::{F64, FLOAT_VALUE, I64, Lower, Slot};

impl<'a, 'f> Lower<'a, 'f> {
    /// `a + b` / `a - b` of two small ints (guarded): on tagged words directly; a result out
    /// of the small range leaves through `u`, with the operands on the stack (:small-results:).
    pub(super) fn int_add_sub(&mut self, u: &UopInst) {
        let (a, b) = (self.peek_word(2), self.peek_word(1));
        // Tagged: (2x+1) + (2y+1) - 1 = 2(x+y)+1 and (2x+1) - (2y+1) + 1 = 2(x-y)+1; the
        // i64 operation overflows exactly when x±y leaves the small range.
        let (r, of) = if u.uop == Uop::_BINARY_OP_ADD_INT {
            let am1 = self.b.ins().iadd_imm_s(a, -1);
            self.b.ins().sadd_overflow(am1, b)
        } else {
            let (d, of) = self.b.ins().ssub_overflow(a, b);
            (self.b.ins().iadd_imm_s(d, 1), of)
        };
        self.leave_if(of, u);
        self.pop_small();
        self.pop_small();
        self.push(r);
    }

    /// `a * b` of two small ints: payloads multiplied, the result tagged; a product out of
    /// the small range leaves through `u`, with the operands on the stack (:small-results:).
    pub(super) fn int_mul(&mut self, u: &UopInst) {
        let (a, b) = (self.peek_word(2), self.peek_word(1));
        let (x, y) = (self.b.ins().sshr_imm_u(a, 1), self.b.ins().sshr_imm_u(b, 1));
        let (p, of) = self.b.ins().smul_overflow(x, y);
        let (t, of2) = self.b.ins().sadd_overflow(p, p);
        let bad = self.b.ins().bor(of, of2);
        self.leave_if(bad, u);
        let tagged = self.b.ins().bor_imm_u(t, 1);
        self.pop_small();
        self.pop_small();
        self.push(tagged);
    }

    /// `%`, `//`, `&`, `|`, `^`, `<<`, `>>` of two guarded small ints. The bitwise ones work
    /// on the tagged words (2x+1) as they are; the others untag, leave through `u` where the
    /// body deopts (a zero divisor, a negative count, a result out of the small range:
    /// `-2**62 // -1`, bits shifted out), and tag the result.
    pub(super) fn int_other(&mut self, u: &UopInst) {
        use Uop::*;
        if matches!(u.uop, _BINARY_OP_AND_INT | _BINARY_OP_OR_INT | _BINARY_OP_XOR_INT) {
            let b = self.pop_small();
            let a = self.pop_small();
            let w = match u.uop {
                _BINARY_OP_AND_INT => self.b.ins().band(a, b),
                _BINARY_OP_OR_INT => self.b.ins().bor(a, b),
                _ => {
                    let x = self.b.ins().bxor(a, b);
                    self.b.ins().bor_imm_u(x, 1)
                }
            };
            self.push(w);
            return;
        }
        let (wa, wb) = (self.peek_word(2), self.peek_word(1));
        let (x, y) = (self.b.ins().sshr_imm_u(wa, 1), self.b.ins().sshr_imm_u(wb, 1));
        let r = match u.uop {
            _BINARY_OP_REMAINDER_INT | _BINARY_OP_FLOOR_DIVIDE_INT => {
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                self.leave_if(zero, u);
                let r = self.b.ins().srem(x, y);
                // Python rounds toward minus infinity: when the remainder is not zero and its
                // sign differs from the divisor's, the remainder moves by `y`, the quotient by 1.
                let t = self.b.ins().bxor(r, y);
                let differ = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, t, 0);
                let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let fix = self.b.ins().band(differ, nonzero);
                if u.uop == _BINARY_OP_REMAINDER_INT {
                    let moved = self.b.ins().iadd(r, y);
                    self.b.ins().select(fix, moved, r)
                } else {
                    let q = self.b.ins().sdiv(x, y);
                    let q1 = self.b.ins().iadd_imm_s(q, -1);
                    self.b.ins().select(fix, q1, q)
                }
            }
            _BINARY_OP_LSHIFT_INT => {
                // Unsigned: a negative count is huge.
                let bad = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, y, 63);
                self.leave_if(bad, u);
                // Shifted one further: the tagged word's payload bits (so this arm's value
                // is the result doubled), and bits lost from it are bits the small range
                // cannot hold.
                let y1 = self.b.ins().iadd_imm_s(y, 1);
                let r = self.b.ins().ishl(x, y1);
                let back = self.b.ins().sshr(r, y1);
                let lost = self.b.ins().icmp(IntCC::NotEqual, back, x);
                self.leave_if(lost, u);
                r
            }
            _ => {
                let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, y, 0);
                self.leave_if(neg, u);
                let max = self.iconst(63);
                let s = self.b.ins().smin(y, max);
                self.b.ins().sshr(x, s)
            }
        };
        let w = if u.uop == _BINARY_OP_FLOOR_DIVIDE_INT {
            // `-2**62 // -1` leaves the small range: through `u` (:small-results:).
            let (t, of) = self.b.ins().sadd_overflow(r, r);
            self.leave_if(of, u);
            self.b.ins().bor_imm_u(t, 1)
        } else if u.uop == _BINARY_OP_LSHIFT_INT {
            // Doubled already, and within the small range (it left above if not).
            self.b.ins().bor_imm_u(r, 1)
        } else {
            // A remainder is smaller than its divisor, a right shift than its operand.
            let t = self.b.ins().ishl_imm_u(r, 1);
            self.b.ins().bor_imm_u(t, 1)
        };
        self.pop_small();
        self.pop_small();
        self.push(w);
    }

    /// `a op b` of two floats (guarded, or unboxed already): the result stays unboxed
    /// (:unboxed-float:); the operands' boxes, if they had any, are released.
    pub(super) fn float_arith(&mut self, op: Uop) {
        let (y, rhs) = self.pop_float();
        let (x, lhs) = self.pop_float();
        let r = match op {
            Uop::_BINARY_OP_ADD_FLOAT => self.b.ins().fadd(x, y),
            Uop::_BINARY_OP_SUBTRACT_FLOAT => self.b.ins().fsub(x, y),
            Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT => self.b.ins().fdiv(x, y),
            _ => self.b.ins().fmul(x, y),
        };
        for w in [lhs, rhs].into_iter().flatten() {
            self.decref(w);
        }
        self.push_float(r);
    }

    /// :float-pow: `_BINARY_OP_POWER_FLOAT`: `x ** y` of two floats through the runtime's
    /// `float_pow` (one pure call, the operands and the result unboxed), leaving before
    /// anything changes where the body would deopt.
    pub(super) fn power_float(&mut self, u: &UopInst) {
        let (y, x) = (self.peek_float(1), self.peek_float(2));
        let r = self.pow_or_leave(x, y, u);
        let (_, rhs) = self.pop_float();
        let (_, lhs) = self.pop_float();
        for w in [lhs, rhs].into_iter().flatten() {
            self.decref(w);
        }
        self.push_float(r);
    }

    /// :float-pow: `x ** y` as the bodies' `float_pow` computes it: leaves through `u` for an
    /// infinite, NaN or zero base or an infinite or NaN exponent (tier 1's special cases), and
    /// where the runtime answers NaN (an overflow, a complex result).
    fn pow_or_leave(&mut self, x: Value, y: Value, u: &UopInst) -> Value {
        let inf = self.b.ins().f64const(f64::INFINITY);
        let zero = self.b.ins().f64const(0.0);
        let (ax, ay) = (self.b.ins().fabs(x), self.b.ins().fabs(y));
        // `|v| < inf` is false for an infinity and for NaN.
        let x_ok = self.b.ins().fcmp(FloatCC::LessThan, ax, inf);
        let y_ok = self.b.ins().fcmp(FloatCC::LessThan, ay, inf);
        let nonzero = self.b.ins().fcmp(FloatCC::NotEqual, x, zero);
        let ok = self.b.ins().band(x_ok, y_ok);
        let ok = self.b.ins().band(ok, nonzero);
        let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.leave_if(bad, u);
        let r = self.call_rt("tl_rt_float_pow", &[x, y]).expect("a result");
        let nan = self.b.ins().fcmp(FloatCC::Unordered, r, r);
        self.leave_if(nan, u);
        r
    }

    /// The operator of a `_BINARY_OP_NUM` the lowering handles in IR (`+`, `-`, `*`).
    pub(super) fn num_op(u: &UopInst) -> Option<BinaryOp> {
        BinaryOp::from_arg(u.oparg)
            .map(|(op, _)| op)
            .filter(|op| matches!(op, BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply))
    }

    /// :num-arith: `_BINARY_OP_NUM` (`+`, `-`, `*` at a site that saw ints and floats): two
    /// small ints as `_BINARY_OP_*_INT` (a result out of the small range leaves), anything
    /// else as floats (a small int converted, a float unboxed; any other kind leaves before
    /// anything changes) with the result boxed. Before, a helper call: the whole stack and
    /// every unboxed local were written back around it.
    pub(super) fn num_arith(&mut self, u: &UopInst) {
        let op = Self::num_op(u).expect("checked by the caller");
        let may_be_int = !self.is_unboxed_float(1) && !self.is_unboxed_float(2);
        let join = self.b.create_block();
        self.b.append_block_param(join, I64);
        let float_blk = self.b.create_block();
        if may_be_int {
            let (a, b) = (self.peek_word(2), self.peek_word(1));
            let both = self.b.ins().band(a, b);
            let both = self.b.ins().band_imm_u(both, 1);
            let int_blk = self.b.create_block();
            self.b.ins().brif(both, int_blk, &[], float_blk, &[]);
            self.b.seal_block(int_blk);
            self.b.switch_to_block(int_blk);
            // Tagged words, as `int_add_sub` and `int_mul` compute them.
            let (r, of) = match op {
                BinaryOp::Add => {
                    let am1 = self.b.ins().iadd_imm_s(a, -1);
                    self.b.ins().sadd_overflow(am1, b)
                }
                BinaryOp::Subtract => {
                    let (d, of) = self.b.ins().ssub_overflow(a, b);
                    (self.b.ins().iadd_imm_s(d, 1), of)
                }
                _ => {
                    let (x, y) = (self.b.ins().sshr_imm_u(a, 1), self.b.ins().sshr_imm_u(b, 1));
                    let (p, of) = self.b.ins().smul_overflow(x, y);
                    let (t, of2) = self.b.ins().sadd_overflow(p, p);
                    let of = self.b.ins().bor(of, of2);
                    (self.b.ins().bor_imm_u(t, 1), of)
                }
            };
            self.leave_if(of, u);
            self.b.ins().jump(join, &[r.into()]);
        } else {
            self.b.ins().jump(float_blk, &[]);
        }
        self.b.seal_block(float_blk);
        self.b.switch_to_block(float_blk);
        let x = self.num_as_f64(u, 2);
        let y = self.num_as_f64(u, 1);
        let r = match op {
            BinaryOp::Add => self.b.ins().fadd(x, y),
            BinaryOp::Subtract => self.b.ins().fsub(x, y),
            _ => self.b.ins().fmul(x, y),
        };
        let w = self.call_rt("tl_rt_float_new", &[r]).expect("a result");
        self.b.ins().jump(join, &[w.into()]);
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        let result = self.b.block_params(join)[0];
        // The operands: a borrowed or unboxed one releases nothing, an owned word is released.
        for _ in 0..2 {
            match self.st.vals.last().copied() {
                Some(Slot::Borrowed(_) | Slot::Float(_) | Slot::Const(..)) => {
                    self.st.vals.pop();
                }
                _ => {
                    let w = self.pop();
                    self.decref(w);
                }
            }
        }
        self.push(result);
    }

    /// The `f64` of operand `n` of `_BINARY_OP_NUM`, in a block where it is not known that
    /// both are small ints: unboxed as it is, a small int converted (rounding to nearest, as
    /// CPython's `PyLong_AsDouble`), a float read; any other word leaves through `u`.
    fn num_as_f64(&mut self, u: &UopInst, n: usize) -> Value {
        if self.is_unboxed_float(n) {
            return self.peek_float(n);
        }
        let w = self.peek_word(n);
        let (small, obj, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.append_block_param(done, F64);
        let tag = self.b.ins().band_imm_u(w, 1);
        self.b.ins().brif(tag, small, &[], obj, &[]);
        self.b.seal_block(small);
        self.b.seal_block(obj);
        self.b.switch_to_block(small);
        let v = self.b.ins().sshr_imm_u(w, 1);
        let f = self.b.ins().fcvt_from_sint(F64, v);
        self.b.ins().jump(done, &[f.into()]);
        self.b.switch_to_block(obj);
        // Not a small int, so an object (the stack holds no null here).
        let t = self.load(I64, w, 8);
        let other = self.b.ins().icmp_imm_s(IntCC::NotEqual, t, Tier1Rt::known(Known::FloatType) as i64);
        self.leave_if(other, u);
        let f = self.load(F64, w, FLOAT_VALUE);
        self.b.ins().jump(done, &[f.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// `_BINARY_OP_FLOAT_INT`, `_BINARY_OP_INT_FLOAT` (`+`, `-`, `*`, `/`, `**` from the
    /// oparg) and `_BINARY_OP_TRUE_DIVIDE_INT`: the small int is untagged and converted
    /// (`fcvt`, rounding to nearest as CPython's `PyLong_AsDouble`), the result stays unboxed
    /// (:unboxed-float:). What would deopt in the body leaves first, before anything changes.
    pub(super) fn mixed_arith(&mut self, u: &UopInst) {
        let op = match u.uop {
            Uop::_BINARY_OP_TRUE_DIVIDE_INT => Some(BinaryOp::TrueDivide),
            _ => BinaryOp::from_arg(u.oparg).map(|(op, _)| op),
        };
        let div = op == Some(BinaryOp::TrueDivide);
        let pow = op == Some(BinaryOp::Power);
        if !pow && !matches!(op, Some(BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply | BinaryOp::TrueDivide)) {
            // Not an operator the specializer picks: the body would deopt, so leave.
            let always = self.b.ins().iconst(cranelift_codegen::ir::types::I8, 1);
            self.leave_if(always, u);
        }
        match u.uop {
            Uop::_BINARY_OP_FLOAT_INT if div => {
                let w = self.peek_word(1);
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, w, 1);
                self.leave_if(zero, u);
            }
            Uop::_BINARY_OP_INT_FLOAT if div => {
                let d = self.peek_float(1);
                let zero = self.b.ins().f64const(0.0);
                let is_zero = self.b.ins().fcmp(FloatCC::Equal, d, zero);
                self.leave_if(is_zero, u);
            }
            Uop::_BINARY_OP_TRUE_DIVIDE_INT => {
                // Beyond 2**53 CPython divides exactly and a float division could round twice.
                let (a, b) = (self.peek_word(2), self.peek_word(1));
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 1);
                let mut bad = zero;
                for w in [a, b] {
                    let v = self.b.ins().sshr_imm_u(w, 1);
                    let shifted = self.b.ins().iadd_imm_s(v, 1 << 53);
                    let big = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, shifted, 1 << 54);
                    bad = self.b.ins().bor(bad, big);
                }
                self.leave_if(bad, u);
            }
            _ => {}
        }
        let to_float = |l: &mut Self, w: Value| {
            let v = l.b.ins().sshr_imm_u(w, 1);
            l.b.ins().fcvt_from_sint(F64, v)
        };
        // :float-pow: the power, from the operands in place, before anything changes.
        let power = pow.then(|| {
            let (x, y) = if u.uop == Uop::_BINARY_OP_FLOAT_INT {
                let w = self.peek_word(1);
                (self.peek_float(2), to_float(self, w))
            } else {
                let w = self.peek_word(2);
                (to_float(self, w), self.peek_float(1))
            };
            self.pow_or_leave(x, y, u)
        });
        let (x, y, boxed) = match u.uop {
            Uop::_BINARY_OP_FLOAT_INT => {
                let b = self.pop_small();
                let (x, lhs) = self.pop_float();
                (x, to_float(self, b), lhs)
            }
            Uop::_BINARY_OP_INT_FLOAT => {
                let (y, rhs) = self.pop_float();
                let a = self.pop_small();
                (to_float(self, a), y, rhs)
            }
            _ => {
                let b = self.pop_small();
                let a = self.pop_small();
                (to_float(self, a), to_float(self, b), None)
            }
        };
        let r = match op {
            _ if let Some(p) = power => p,
            Some(BinaryOp::TrueDivide) => self.b.ins().fdiv(x, y),
            Some(BinaryOp::Add) => self.b.ins().fadd(x, y),
            Some(BinaryOp::Subtract) => self.b.ins().fsub(x, y),
            _ => self.b.ins().fmul(x, y),
        };
        if let Some(w) = boxed {
            self.decref(w);
        }
        self.push_float(r);
    }
}
