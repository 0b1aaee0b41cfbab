//! Uop bodies of the float operations fused with the `_STORE_FAST` of their result
//! (`fuse_float_stores`, :float-store:). Part of [`crate::bodies`], whose helpers and rules
//! they share.
//!
//! `x = a * b` otherwise makes a box for the product (unless an operand is a temporary
//! nobody else holds) and frees `x`'s old box at the store. When the old value of `x` is a
//! float box that only `x` holds, the fused body writes the result into it instead: nothing
//! is allocated or freed, and nothing can tell, since nothing else references that box.

#![allow(clippy::missing_safety_doc)]

use super::*;

/// Stores the float `r`, the result of the two floats on top, into local `oparg`.
#[inline(always)]
unsafe fn float_store<R: Rt>(cx: &mut Ctx, oparg: u32, r: f64) -> Step {
    unsafe {
        let slot = cx.locals.add(oparg as usize);
        let old = *slot;
        if is_obj(old) && (*(old as *const ObjHead)).refcnt == 1 && has_type(old, R::known(Known::FloatType)) {
            // Only the local holds the box, so it is not an operand (those hold it too).
            (*(old as *mut FloatObj)).value = r;
            let rhs = pop(cx);
            let lhs = pop(cx);
            decref::<R>(rhs);
            decref::<R>(lhs);
            return Step::Next;
        }
        float_result::<R>(cx, r);
        *slot = pop(cx);
        decref::<R>(old);
    }
    Step::Next
}

pub unsafe fn _BINARY_OP_ADD_FLOAT_STORE_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) + float_value(peek(cx, 1)) };
    unsafe { float_store::<R>(cx, oparg, r) }
}

pub unsafe fn _BINARY_OP_SUBTRACT_FLOAT_STORE_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) - float_value(peek(cx, 1)) };
    unsafe { float_store::<R>(cx, oparg, r) }
}

pub unsafe fn _BINARY_OP_MULTIPLY_FLOAT_STORE_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let r = unsafe { float_value(peek(cx, 2)) * float_value(peek(cx, 1)) };
    unsafe { float_store::<R>(cx, oparg, r) }
}

pub unsafe fn _BINARY_OP_TRUE_DIVIDE_FLOAT_STORE_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let d = unsafe { float_value(peek(cx, 1)) };
    if d == 0.0 {
        return Step::Deopt;
    }
    let r = unsafe { float_value(peek(cx, 2)) } / d;
    unsafe { float_store::<R>(cx, oparg, r) }
}
