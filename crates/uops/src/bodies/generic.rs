//! The fast cases of the generic uops (:generic-fast:). Part of [`crate::bodies`], whose
//! helpers and rules they share; the generic bodies themselves are derived from the uop
//! table there.

#![allow(clippy::missing_safety_doc)]

use super::*;

/// Releases and pops the top `n` items.
#[inline(always)]
unsafe fn release_top<R: Rt>(cx: &mut Ctx, n: usize) {
    for _ in 0..n {
        unsafe { decref::<R>(pop(cx)) };
    }
}

/// Releases and pops the top `n` items and pushes `r`.
#[inline(always)]
unsafe fn replace_top<R: Rt>(cx: &mut Ctx, n: usize, r: u64) -> Step {
    unsafe {
        release_top::<R>(cx, n);
        push(cx, r);
    }
    Step::Next
}

/// A generic uop's instruction (:generic-fast:): the common case of a few cheap ones here
/// (slices of exact lists and tuples by int or None bounds among them), everything else
/// (and their other cases) as tier 1 runs it, through [`Rt::generic`], whose way in and out
/// of the VM costs a few hundred instructions. `op` is a constant in each body, so the
/// `match` folds away.
#[inline(always)]
pub(super) unsafe fn generic<R: Rt>(cx: &mut Ctx, op: Opcode, oparg: u32) -> Step {
    unsafe {
        match op {
            Opcode::UNARY_NOT => {
                let v = peek(cx, 1);
                let (t, f) = (R::known(Known::True), R::known(Known::False));
                if v == t || v == f {
                    set(cx, 1, if v == t { f } else { t });
                    return Step::Next;
                }
            }
            Opcode::UNARY_NEGATIVE => {
                let v = peek(cx, 1);
                if is_small(v) {
                    let r = -small_value(v);
                    set(cx, 1, if fits_small(r) { make_small(r) } else { R::int_from_i64(r) });
                    return Step::Next;
                }
                if has_type(v, R::known(Known::FloatType)) {
                    // The sign bit flipped on the integer side: a float negation needs a mask
                    // constant, which a stencil cannot carry.
                    let bits = (&raw mut (*(v as *mut FloatObj)).value).cast::<u64>();
                    let neg = *bits ^ (1 << 63);
                    if (*(v as *const ObjHead)).refcnt == 1 {
                        *bits = neg;
                    } else {
                        set(cx, 1, R::float_new(f64::from_bits(neg)));
                        decref::<R>(v);
                    }
                    return Step::Next;
                }
            }
            Opcode::LOAD_DEREF => {
                let v = R::cell_get(*cx.locals.add(oparg as usize));
                if v != 0 {
                    incref(v);
                    push(cx, v);
                    return Step::Next;
                }
            }
            Opcode::LOAD_CLOSURE => {
                // The cell in local `oparg` (set by `MAKE_CELL` or `COPY_FREE_VARS`).
                let v = *cx.locals.add(oparg as usize);
                if v != 0 {
                    incref(v);
                    push(cx, v);
                    return Step::Next;
                }
            }
            Opcode::MAP_ADD => {
                // `{k: v for ...}`: the dict is `oparg` below the key and value.
                let d = peek(cx, oparg as usize + 2);
                if has_type(d, R::known(Known::DictType)) {
                    let v = pop(cx);
                    let k = pop(cx);
                    let ok = R::dict_setitem(cx, d, k, v);
                    decref::<R>(k);
                    return if ok { Step::Next } else { Step::Error };
                }
            }
            Opcode::LIST_APPEND => {
                let list = peek(cx, oparg as usize + 1);
                if has_type(list, R::known(Known::ListType)) {
                    let v = pop(cx);
                    return if R::list_append(cx, list, v) { Step::Next } else { Step::Error };
                }
            }
            Opcode::BUILD_SLICE => {
                let step = if oparg == 3 { pop(cx) } else { R::known(Known::None) };
                let stop = pop(cx);
                let start = pop(cx);
                push(cx, R::slice_new(start, stop, step));
                return Step::Next;
            }
            Opcode::BINARY_SLICE => {
                let r = R::seq_slice(peek(cx, 3), peek(cx, 2), peek(cx, 1), R::known(Known::None));
                if r != 0 {
                    return replace_top::<R>(cx, 3, r);
                }
            }
            Opcode::STORE_SLICE => {
                let stored = R::list_setslice(peek(cx, 3), peek(cx, 2), peek(cx, 1), peek(cx, 4));
                if stored {
                    release_top::<R>(cx, 4);
                    return Step::Next;
                }
            }
            Opcode::BINARY_SUBSCR => {
                let r = R::seq_getslice(peek(cx, 2), peek(cx, 1));
                if r != 0 {
                    return replace_top::<R>(cx, 2, r);
                }
            }
            Opcode::GET_ITER => {
                let v = peek(cx, 1);
                let it = R::seq_iter(v);
                if it != 0 {
                    set(cx, 1, it);
                    decref::<R>(v);
                    return Step::Next;
                }
            }
            _ => {}
        }
        R::generic(cx, op as u32, oparg)
    }
}
