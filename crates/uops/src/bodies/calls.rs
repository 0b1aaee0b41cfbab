//! Uop bodies of calls and frames: bound methods, exact-argument Python calls, dunders entered
//! as calls (`__getitem__`, binary operators), builtins, `__init__`. Part of
//! [`crate::bodies`], whose helpers and rules they share.

#![allow(clippy::missing_safety_doc)]

use super::*;
pub unsafe fn _CHECK_CALL_BOUND_METHOD_EXACT_ARGS<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        if peek(cx, n + 1) == 0 && has_type(peek(cx, n + 2), R::known(Known::MethodType)) {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _INIT_CALL_BOUND_METHOD_EXACT_ARGS<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        let m = peek(cx, n + 2);
        let f = R::bound_method_func(m);
        if f == 0 {
            return Step::Deopt;
        }
        let s = R::bound_method_self(m);
        incref(f);
        incref(s);
        set(cx, n + 2, f);
        set(cx, n + 1, s);
        decref::<R>(m);
    }
    Step::Next
}

pub unsafe fn _CHECK_FUNCTION_EXACT_ARGS<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        let has_self = (peek(cx, n + 1) != 0) as u64;
        if R::func_version(peek(cx, n + 2)) == operand as u32 && has_self == operand >> 32 {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _CHECK_GETITEM<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe { check_dunder::<R>(cx, operand, |cx, t| R::type_getitem(cx, t)) }
}

pub unsafe fn _INIT_GETITEM_CALL<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let c = peek(cx, 2);
        let f = if is_obj(c) { R::type_getitem(cx, type_of(c)) } else { 0 };
        init_dunder_call(cx, f)
    }
}

pub unsafe fn _CHECK_BINOP_PY<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe { check_dunder::<R>(cx, operand, |cx, t| R::type_binop(cx, t, oparg)) }
}

pub unsafe fn _INIT_BINOP_CALL<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let a = peek(cx, 2);
        let f = if is_obj(a) { R::type_binop(cx, type_of(a), oparg) } else { 0 };
        init_dunder_call(cx, f)
    }
}

/// The guard of a dunder entered as a call (`_CHECK_GETITEM`, `_CHECK_BINOP_PY`): the second
/// item's class has the version `operand >> 32`, and the Python function `dunder` finds on
/// it has the version `operand & 0xffffffff`.
#[inline(always)]
unsafe fn check_dunder<R: Rt>(cx: &mut Ctx, operand: u64, dunder: impl FnOnce(&mut Ctx, u64) -> u64) -> Step {
    unsafe {
        let a = peek(cx, 2);
        if !is_obj(a) || read_u32(type_of(a), TYPE_VERSION_OFFSET) != (operand >> 32) as u32 {
            return Step::Deopt;
        }
        let f = dunder(cx, type_of(a));
        if f != 0 && R::func_version(f) == operand as u32 { Step::Next } else { Step::Deopt }
    }
}

/// `(a, b)` -> `(f, a, b)`: the call of the dunder `f` (borrowed from `a`'s class; 0 when it
/// has none, which deopts with nothing changed) that `_PUSH_FRAME` enters with one argument
/// after `self`.
#[inline(always)]
unsafe fn init_dunder_call(cx: &mut Ctx, f: u64) -> Step {
    if f == 0 {
        return Step::Deopt;
    }
    unsafe {
        let (b, a) = (peek(cx, 1), peek(cx, 2));
        incref(f);
        set(cx, 2, f);
        set(cx, 1, a);
        push(cx, b);
    }
    Step::Next
}

pub unsafe fn _PUSH_FRAME<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // Whoever runs the body owns the frame stack and pushes the callee's record on
    // `Step::Frame` (the eval loop, the uop interpreter, machine code's frame helper).
    Step::Frame
}

pub unsafe fn _CHECK_BUILTIN<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        if peek(cx, n + 1) == 0 && has_type(peek(cx, n + 2), R::known(Known::BuiltinType)) {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _CHECK_BUILTIN_METHOD<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        if peek(cx, n + 1) != 0 && has_type(peek(cx, n + 2), R::known(Known::BuiltinType)) {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _CALL_BUILTIN_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { R::call_builtin(cx, oparg) }
}

#[inline(always)]
pub unsafe fn _CALL_LEN<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        if oparg != 1 || peek(cx, 3) != operand || peek(cx, 2) != 0 {
            return Step::Deopt;
        }
        let arg = pop(cx);
        let r = R::len(cx, arg);
        decref::<R>(arg);
        pop(cx);
        let callable = pop(cx);
        decref::<R>(callable);
        if r == 0 {
            return Step::Error;
        }
        push(cx, r);
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _CALL_RANGE_ITER<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        if !(1..=2).contains(&n) || peek(cx, n + 2) != operand || peek(cx, n + 1) != 0 {
            return Step::Deopt;
        }
        let stop = peek(cx, 1);
        let start = if n == 2 { peek(cx, 2) } else { make_small(0) };
        if !is_small(start) || !is_small(stop) {
            return Step::Deopt;
        }
        let it = R::range_iter_new(small_value(start), small_value(stop));
        // The arguments are small ints (nothing to release), then the null.
        for _ in 0..=n {
            pop(cx);
        }
        let callable = pop(cx);
        decref::<R>(callable);
        push(cx, it);
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _CALL_ISINSTANCE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        if oparg != 2 || peek(cx, 4) != operand || peek(cx, 3) != 0 {
            return Step::Deopt;
        }
        let cls = pop(cx);
        let v = pop(cx);
        let r = R::isinstance(cx, v, cls);
        decref::<R>(v);
        decref::<R>(cls);
        pop(cx);
        let callable = pop(cx);
        decref::<R>(callable);
        if r < 0 {
            return Step::Error;
        }
        push(cx, bool_word::<R>(r == 1));
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _CALL_LIST_APPEND<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let list = peek(cx, 2);
        if oparg != 1 || peek(cx, 3) != operand || !has_type(list, R::known(Known::ListType)) {
            return Step::Deopt;
        }
        let v = pop(cx);
        let ok = R::list_append(cx, list, v);
        pop(cx);
        decref::<R>(list);
        let callable = pop(cx);
        decref::<R>(callable);
        if !ok {
            return Step::Error;
        }
        push(cx, R::known(Known::None));
    }
    Step::Next
}

pub unsafe fn _CHECK_CLASS_VERSION<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    let n = oparg as usize;
    unsafe {
        let cls = peek(cx, n + 2);
        if peek(cx, n + 1) == 0
            && is_obj(cls)
            && type_of(cls) == R::known(Known::TypeType)
            && read_u32(cls, TYPE_VERSION_OFFSET) == operand as u32
        {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _CREATE_INIT_FRAME<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { R::alloc_and_enter_init(cx, oparg) }
}
