//! Uop bodies of int and float arithmetic: small ints on tagged words, whose results are
//! small ints or a deopt (:small-results:), floats reusing a box nobody else holds, and the
//! mixed forms. Part of [`crate::bodies`], whose helpers and rules they share.

#![allow(clippy::missing_safety_doc)]

use super::*;

/// Replaces the two top items (small ints, no references) by the int `r`.
#[inline(always)]
unsafe fn int_result<R: Rt>(cx: &mut Ctx, r: i64) -> Step {
    let w = if fits_small(r) { make_small(r) } else { unsafe { R::int_from_i64(r) } };
    unsafe {
        pop(cx);
        set(cx, 1, w);
    }
    Step::Next
}

/// :small-results: replaces the two small ints on top by the small int `r`, or deopts, with
/// nothing changed, when `r` leaves the small range (tier 1 makes the big int). So the
/// result of every small-int operation is a small int, and the optimizer drops the guards
/// of what uses it.
#[inline(always)]
unsafe fn small_result(cx: &mut Ctx, r: i64) -> Step {
    if !fits_small(r) {
        return Step::Deopt;
    }
    unsafe {
        pop(cx);
        set(cx, 1, make_small(r));
    }
    Step::Next
}

pub unsafe fn _BINARY_OP_ADD_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // Two 63-bit payloads: the i64 sum cannot overflow.
    let r = small_value(unsafe { peek(cx, 2) }).wrapping_add(small_value(unsafe { peek(cx, 1) }));
    unsafe { small_result(cx, r) }
}

pub unsafe fn _BINARY_OP_SUBTRACT_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let r = small_value(unsafe { peek(cx, 2) }).wrapping_sub(small_value(unsafe { peek(cx, 1) }));
    unsafe { small_result(cx, r) }
}

pub unsafe fn _BINARY_OP_MULTIPLY_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = (small_value(unsafe { peek(cx, 2) }), small_value(unsafe { peek(cx, 1) }));
    match a.checked_mul(b) {
        Some(r) => unsafe { small_result(cx, r) },
        None => Step::Deopt,
    }
}

/// The payloads of the two small ints on top: (second, top).
#[inline(always)]
unsafe fn small_pair(cx: &Ctx) -> (i64, i64) {
    unsafe { (small_value(peek(cx, 2)), small_value(peek(cx, 1))) }
}

pub unsafe fn _BINARY_OP_REMAINDER_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    if b == 0 {
        return Step::Deopt;
    }
    // Payloads are within ±2^62, so neither `%` nor the correction can overflow.
    let r = a.wrapping_rem(b);
    let r = if r != 0 && (r ^ b) < 0 { r.wrapping_add(b) } else { r };
    unsafe { small_result(cx, r) }
}

pub unsafe fn _BINARY_OP_FLOOR_DIVIDE_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    if b == 0 {
        return Step::Deopt;
    }
    let q = a.wrapping_div(b);
    let q = if a.wrapping_rem(b) != 0 && (a ^ b) < 0 { q.wrapping_sub(1) } else { q };
    // -2^62 // -1 is 2^62, just outside the small range: a deopt.
    unsafe { small_result(cx, q) }
}

pub unsafe fn _BINARY_OP_AND_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    unsafe { small_result(cx, a & b) }
}

pub unsafe fn _BINARY_OP_OR_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    unsafe { small_result(cx, a | b) }
}

pub unsafe fn _BINARY_OP_XOR_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    unsafe { small_result(cx, a ^ b) }
}

pub unsafe fn _BINARY_OP_LSHIFT_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    if !(0..63).contains(&b) {
        return Step::Deopt;
    }
    let r = a.wrapping_shl(b as u32);
    if r.wrapping_shr(b as u32) != a {
        return Step::Deopt;
    }
    unsafe { small_result(cx, r) }
}

pub unsafe fn _BINARY_OP_RSHIFT_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { small_pair(cx) };
    if b < 0 {
        return Step::Deopt;
    }
    let s = if b > 63 { 63 } else { b as u32 };
    unsafe { small_result(cx, a.wrapping_shr(s)) }
}

/// Replaces the two top floats by `r`, writing it into an operand nobody else holds.
#[inline(always)]
pub(super) unsafe fn float_result<R: Rt>(cx: &mut Ctx, r: f64) -> Step {
    unsafe {
        let rhs = pop(cx);
        let lhs = peek(cx, 1);
        let (l, rh) = (lhs as *mut FloatObj, rhs as *mut FloatObj);
        if (*l).head.refcnt == 1 {
            (*l).value = r;
            decref::<R>(rhs);
        } else if (*rh).head.refcnt == 1 {
            (*rh).value = r;
            set(cx, 1, rhs);
            decref::<R>(lhs);
        } else {
            set(cx, 1, R::float_new(r));
            decref::<R>(lhs);
            decref::<R>(rhs);
        }
    }
    Step::Next
}

pub unsafe fn _BINARY_OP_ADD_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) + float_value(peek(cx, 1)) };
    unsafe { float_result::<R>(cx, r) }
}

pub unsafe fn _BINARY_OP_SUBTRACT_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) - float_value(peek(cx, 1)) };
    unsafe { float_result::<R>(cx, r) }
}

pub unsafe fn _BINARY_OP_MULTIPLY_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) * float_value(peek(cx, 1)) };
    unsafe { float_result::<R>(cx, r) }
}

pub unsafe fn _BINARY_OP_TRUE_DIVIDE_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let d = unsafe { float_value(peek(cx, 1)) };
    if d == 0.0 {
        return Step::Deopt;
    }
    let r = unsafe { float_value(peek(cx, 2)) } / d;
    unsafe { float_result::<R>(cx, r) }
}

pub unsafe fn _BINARY_OP_POWER_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (x, y) = unsafe { (float_value(peek(cx, 2)), float_value(peek(cx, 1))) };
    let Some(r) = float_pow::<R>(x, y) else { return Step::Deopt };
    unsafe { float_result::<R>(cx, r) }
}

/// `x ** y` where the runtime's `float_pow` gives a float without special cases to decide:
/// a finite nonzero base and a finite exponent (a negative base with a fractional exponent
/// gives a complex, and an overflow raises: `None` for those, as for the rest).
#[inline(always)]
fn float_pow<R: Rt>(x: f64, y: f64) -> Option<f64> {
    if !x.is_finite() || !y.is_finite() || x == 0.0 {
        return None;
    }
    // SAFETY: a pure runtime function.
    let r = unsafe { R::float_pow(x, y) };
    (!r.is_nan()).then_some(r)
}

/// `x <op> y` for the float operators of `BINARY_OP` (its oparg, in-place or not): `+`, `-`,
/// `*`, `/`, `**`; `None` for a zero divisor, a power `float_pow` leaves to tier 1, or
/// another operator.
#[inline(always)]
fn mixed_float_op<R: Rt>(oparg: u32, x: f64, y: f64) -> Option<f64> {
    match BinaryOp::from_arg(oparg)?.0 {
        BinaryOp::Add => Some(x + y),
        BinaryOp::Subtract => Some(x - y),
        BinaryOp::Multiply => Some(x * y),
        BinaryOp::TrueDivide if y != 0.0 => Some(x / y),
        BinaryOp::Power => float_pow::<R>(x, y),
        _ => None,
    }
}

/// Replaces the two operands, float `f` (one of them) and a small int, with the float `r`:
/// written into `f` when nothing else holds it, else a new float.
#[inline(always)]
unsafe fn mixed_float_result<R: Rt>(cx: &mut Ctx, f: u64, r: f64) -> Step {
    unsafe {
        pop(cx);
        let fo = f as *mut FloatObj;
        if (*fo).head.refcnt == 1 {
            (*fo).value = r;
            set(cx, 1, f);
        } else {
            set(cx, 1, R::float_new(r));
            decref::<R>(f);
        }
    }
    Step::Next
}

pub unsafe fn _BINARY_OP_FLOAT_INT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let f = unsafe { peek(cx, 2) };
    let y = small_value(unsafe { peek(cx, 1) }) as f64;
    let Some(r) = mixed_float_op::<R>(oparg, unsafe { float_value(f) }, y) else { return Step::Deopt };
    unsafe { mixed_float_result::<R>(cx, f, r) }
}

pub unsafe fn _BINARY_OP_INT_FLOAT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let f = unsafe { peek(cx, 1) };
    let x = small_value(unsafe { peek(cx, 2) }) as f64;
    let Some(r) = mixed_float_op::<R>(oparg, x, unsafe { float_value(f) }) else { return Step::Deopt };
    unsafe { mixed_float_result::<R>(cx, f, r) }
}

/// Largest magnitude for which an int converts to a float exactly (2**53).
pub(super) const EXACT_FLOAT_INT: i64 = 1 << 53;

pub unsafe fn _BINARY_OP_NUM<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { (peek(cx, 2), peek(cx, 1)) };
    let float = R::known(Known::FloatType);
    unsafe {
        match (is_small(a), is_small(b)) {
            (true, true) => {
                let (x, y) = (small_value(a), small_value(b));
                // Two 63-bit payloads: a sum or difference cannot overflow an i64.
                let r = match BinaryOp::from_arg(oparg).map(|(op, _)| op) {
                    Some(BinaryOp::Add) => x.wrapping_add(y),
                    Some(BinaryOp::Subtract) => x.wrapping_sub(y),
                    Some(BinaryOp::Multiply) => match x.checked_mul(y) {
                        Some(r) => r,
                        None => return Step::Deopt,
                    },
                    Some(BinaryOp::TrueDivide) => return _BINARY_OP_TRUE_DIVIDE_INT::<R>(cx, oparg, 0),
                    _ => return Step::Deopt,
                };
                int_result::<R>(cx, r)
            }
            (true, false) if has_type(b, float) => {
                let Some(r) = mixed_float_op::<R>(oparg, small_value(a) as f64, float_value(b)) else {
                    return Step::Deopt;
                };
                mixed_float_result::<R>(cx, b, r)
            }
            (false, true) if has_type(a, float) => {
                let Some(r) = mixed_float_op::<R>(oparg, float_value(a), small_value(b) as f64) else {
                    return Step::Deopt;
                };
                mixed_float_result::<R>(cx, a, r)
            }
            (false, false) if has_type(a, float) && has_type(b, float) => {
                let Some(r) = mixed_float_op::<R>(oparg, float_value(a), float_value(b)) else { return Step::Deopt };
                float_result::<R>(cx, r)
            }
            _ => Step::Deopt,
        }
    }
}

pub unsafe fn _BINARY_OP_TRUE_DIVIDE_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let (a, b) = unsafe { (small_value(peek(cx, 2)), small_value(peek(cx, 1))) };
    if b == 0
        || !(-EXACT_FLOAT_INT..=EXACT_FLOAT_INT).contains(&a)
        || !(-EXACT_FLOAT_INT..=EXACT_FLOAT_INT).contains(&b)
    {
        return Step::Deopt;
    }
    unsafe {
        pop(cx);
        set(cx, 1, R::float_new(a as f64 / b as f64));
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _BINARY_OP_ADD_UNICODE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let rhs = pop(cx);
        let lhs = pop(cx);
        let r = R::str_concat(cx, lhs, rhs);
        decref::<R>(lhs);
        decref::<R>(rhs);
        if r == 0 {
            return Step::Error;
        }
        push(cx, r);
    }
    Step::Next
}
