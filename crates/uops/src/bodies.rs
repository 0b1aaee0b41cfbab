//! Uop bodies: the semantics of every uop in [`crate::uop`], one function each, same name.
//!
//! Every body has the signature `unsafe fn<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) ->
//! Step` and is written so that it compiles, unchanged, into a `#![no_std]` copy-and-patch
//! stencil (DESIGN.md §2.5): only `core`, no panicking paths (no indexing, no `unwrap`, no
//! overflow checks that can fire), no allocation except through [`Rt`], no state but `cx`.
//! The build script compiles this file with the stencil flags against [`crate::abi::ExternRt`]
//! and fails on any undefined symbol outside the ABI layer.
//!
//! Stack discipline (:pop-clears:): a popped slot is set back to 0, so the frame never holds a
//! stale word. A guard returns [`Step::Deopt`] before it changes anything. A body that raises
//! first releases the inputs it consumed, then returns [`Step::Error`].

#![allow(non_snake_case)]
#![allow(clippy::missing_safety_doc)]

use crate::abi::{
    BUILTIN_OWNER_OFFSET, Ctx, DICT_VERSION_OFFSET, FloatObj, INSTANCE_DICT_OFFSET, INSTANCE_LEN_OFFSET,
    INSTANCE_SLOTS_OFFSET, Known, ObjHead, Rt, STR_HASH_OFFSET, Step, TYPE_KEYS_ITEMS_OFFSET, TYPE_KEYS_LEN_OFFSET,
    TYPE_KEYS_MASK_OFFSET, TYPE_PLAIN_OFFSET, TYPE_VERSION_OFFSET,
};
use crate::opcode::{BinaryOp, Opcode};

// The bodies of calls and frames. The path is spelled out because the stencil build
// (`crates/jit-stencil/build.rs`) includes this file from elsewhere by its path.
#[path = "bodies/calls.rs"]
mod calls;
pub use calls::*;
// The float operations fused with the store of their result (`fuse_float_stores`).
#[path = "bodies/float_stores.rs"]
mod float_stores;
pub use float_stores::*;
// The generic uops' fast cases.
#[path = "bodies/generic.rs"]
mod generic;
use generic::generic;
// Int and float arithmetic (:small-results:).
#[path = "bodies/arith.rs"]
mod arith;
pub use arith::*;

const SMALL_MIN: i64 = -(1 << 62);
const SMALL_MAX: i64 = (1 << 62) - 1;

#[inline(always)]
unsafe fn peek(cx: &Ctx, n: usize) -> u64 {
    // SAFETY: the caller's stack effect guarantees n live slots.
    unsafe { *cx.sp.sub(n) }
}

#[inline(always)]
unsafe fn set(cx: &Ctx, n: usize, w: u64) {
    unsafe { *cx.sp.sub(n) = w }
}

#[inline(always)]
unsafe fn pop(cx: &mut Ctx) -> u64 {
    unsafe {
        cx.sp = cx.sp.sub(1);
        let w = *cx.sp;
        *cx.sp = 0;
        w
    }
}

#[inline(always)]
unsafe fn push(cx: &mut Ctx, w: u64) {
    unsafe {
        *cx.sp = w;
        cx.sp = cx.sp.add(1);
    }
}

#[inline(always)]
fn is_small(w: u64) -> bool {
    w & 1 == 1
}

#[inline(always)]
fn small_value(w: u64) -> i64 {
    (w as i64) >> 1
}

#[inline(always)]
fn make_small(i: i64) -> u64 {
    ((i << 1) | 1) as u64
}

#[inline(always)]
fn fits_small(i: i64) -> bool {
    (SMALL_MIN..=SMALL_MAX).contains(&i)
}

#[inline(always)]
fn is_obj(w: u64) -> bool {
    // Even and non-zero, in one test: rotating the tag bit to the top makes small ints
    // negative and NULL zero (see `Value::is_obj`).
    (w.rotate_right(1) as i64) > 0
}

#[inline(always)]
unsafe fn type_of(w: u64) -> u64 {
    unsafe { (*(w as *const ObjHead)).ty as u64 }
}

/// Is `w` a heap object of exactly type `t`?
#[inline(always)]
unsafe fn has_type(w: u64, t: u64) -> bool {
    is_obj(w) && unsafe { type_of(w) } == t
}

#[inline(always)]
unsafe fn incref(w: u64) {
    if is_obj(w) {
        let h = w as *mut ObjHead;
        unsafe {
            if (*h).refcnt >= 0 {
                (*h).refcnt += 1;
            }
        }
    }
}

#[inline(always)]
unsafe fn decref<R: Rt>(w: u64) {
    if is_obj(w) {
        let h = w as *mut ObjHead;
        unsafe {
            let rc = (*h).refcnt;
            if rc > 1 {
                (*h).refcnt = rc - 1;
            } else if rc == 1 {
                (*h).refcnt = 0;
                R::dealloc(w);
            }
        }
    }
}

#[inline(always)]
fn bool_word<R: Rt>(b: bool) -> u64 {
    R::known(if b { Known::True } else { Known::False })
}

#[inline(always)]
unsafe fn read_u32(obj: u64, offset: usize) -> u32 {
    unsafe { *((obj as usize + offset) as *const u32) }
}

#[inline(always)]
unsafe fn read_u64(obj: u64, offset: usize) -> u64 {
    unsafe { *((obj as usize + offset) as *const u64) }
}

#[inline(always)]
unsafe fn float_value(w: u64) -> f64 {
    unsafe { (*(w as *const FloatObj)).value }
}

/// Name `names[i]` of the running code.
#[inline(always)]
unsafe fn name(cx: &Ctx, i: u32) -> u64 {
    unsafe { *cx.names.add(i as usize) }
}

// ---- guards on operand types ----

pub unsafe fn _GUARD_NOS_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if is_small(unsafe { peek(cx, 2) }) { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_TOS_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if is_small(unsafe { peek(cx, 1) }) { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::FloatType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_TOS_FLOAT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 1), R::known(Known::FloatType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_BOTH_UNICODE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let t = R::known(Known::StrType);
    if unsafe { has_type(peek(cx, 1), t) && has_type(peek(cx, 2), t) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_UNICODE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::StrType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::ListType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::TupleType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_ARRAY<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::ArrayType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_NOS_DICT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 2), R::known(Known::DictType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_TOS_DICT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 1), R::known(Known::DictType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_TOS_SET<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 1), R::known(Known::SetType)) } { Step::Next } else { Step::Deopt }
}

// ---- subscripts ----

/// Normalizes a small-int index against `len`; `None` when out of range.
#[inline(always)]
fn index(i: i64, len: usize) -> Option<usize> {
    let j = if i < 0 { i.wrapping_add(len as i64) } else { i };
    if j >= 0 && (j as u64) < len as u64 { Some(j as usize) } else { None }
}

/// The item pointer and length of `seq`, a list (`list`) or a tuple (:seq-layout:).
#[inline(always)]
unsafe fn seq_parts<R: Rt>(seq: u64, list: bool) -> (*mut u64, usize) {
    unsafe { if list { (R::list_items(seq), R::list_len(seq)) } else { (R::tuple_items(seq), R::tuple_len(seq)) } }
}

#[inline(always)]
unsafe fn seq_subscr<R: Rt>(cx: &mut Ctx, list: bool) -> Step {
    unsafe {
        let seq = peek(cx, 2);
        let (items, len) = seq_parts::<R>(seq, list);
        let Some(j) = index(small_value(peek(cx, 1)), len) else {
            return Step::Deopt;
        };
        let item = *items.add(j);
        incref(item);
        pop(cx);
        set(cx, 1, item);
        decref::<R>(seq);
    }
    Step::Next
}

pub unsafe fn _BINARY_SUBSCR_LIST_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { seq_subscr::<R>(cx, true) }
}

pub unsafe fn _BINARY_SUBSCR_TUPLE_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { seq_subscr::<R>(cx, false) }
}

pub unsafe fn _BINARY_SUBSCR_STR_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let s = peek(cx, 2);
        let c = R::str_getitem(s, small_value(peek(cx, 1)));
        if c == 0 {
            return Step::Deopt;
        }
        pop(cx);
        set(cx, 1, c);
        decref::<R>(s);
    }
    Step::Next
}

pub unsafe fn _BINARY_SUBSCR_ARRAY_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let a = peek(cx, 2);
        let item = R::array_getitem(a, small_value(peek(cx, 1)));
        if item == 0 {
            return Step::Deopt;
        }
        pop(cx);
        set(cx, 1, item);
        decref::<R>(a);
    }
    Step::Next
}

pub unsafe fn _BINARY_SUBSCR_ARRAY_DOUBLE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    if unsafe { R::array_code(peek(cx, 2)) } != b'd' as u32 {
        return Step::Deopt;
    }
    unsafe { _BINARY_SUBSCR_ARRAY_INT::<R>(cx, oparg, operand) }
}

#[inline(always)]
pub unsafe fn _BINARY_SUBSCR_DICT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let key = pop(cx);
        let d = pop(cx);
        let r = R::dict_getitem(cx, d, key);
        decref::<R>(d);
        decref::<R>(key);
        if r == 0 {
            return Step::Error;
        }
        push(cx, r);
    }
    Step::Next
}

// ---- comparisons and containment ----

/// Evaluates comparison number `op` (`<`, `<=`, `==`, `!=`, `>`, `>=`) on ordered values.
#[inline(always)]
fn compare<T: PartialOrd>(op: u32, a: T, b: T) -> bool {
    match op {
        0 => a < b,
        1 => a <= b,
        2 => a == b,
        3 => a != b,
        4 => a > b,
        _ => a >= b,
    }
}

pub unsafe fn _COMPARE_OP_INT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let b = small_value(pop(cx));
        let a = small_value(peek(cx, 1));
        set(cx, 1, bool_word::<R>(compare(oparg >> 5, a, b)));
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _COMPARE_OP_FLOAT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let rhs = pop(cx);
        let lhs = pop(cx);
        let r = compare(oparg >> 5, float_value(lhs), float_value(rhs));
        decref::<R>(lhs);
        decref::<R>(rhs);
        push(cx, bool_word::<R>(r));
    }
    Step::Next
}

pub unsafe fn _COMPARE_OP_FLOAT_INT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { mixed_compare::<R>(cx, oparg, false) }
}

pub unsafe fn _COMPARE_OP_INT_FLOAT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { mixed_compare::<R>(cx, oparg, true) }
}

/// A comparison of a float and a small int (`int_first`: the int is the left operand), exact
/// while the int converts to a float exactly.
#[inline(always)]
unsafe fn mixed_compare<R: Rt>(cx: &mut Ctx, oparg: u32, int_first: bool) -> Step {
    unsafe {
        let (f, i) = if int_first { (peek(cx, 1), peek(cx, 2)) } else { (peek(cx, 2), peek(cx, 1)) };
        let n = small_value(i);
        if !(-EXACT_FLOAT_INT..=EXACT_FLOAT_INT).contains(&n) {
            return Step::Deopt;
        }
        let (x, y) = if int_first { (n as f64, float_value(f)) } else { (float_value(f), n as f64) };
        let r = compare(oparg >> 5, x, y);
        pop(cx);
        pop(cx);
        decref::<R>(f);
        push(cx, bool_word::<R>(r));
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _COMPARE_OP_STR<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let rhs = pop(cx);
        let lhs = pop(cx);
        let eq = lhs == rhs || R::str_eq(lhs, rhs);
        decref::<R>(lhs);
        decref::<R>(rhs);
        push(cx, bool_word::<R>(eq == (oparg >> 5 == 2)));
    }
    Step::Next
}

#[inline(always)]
unsafe fn contains_result<R: Rt>(cx: &mut Ctx, oparg: u32, r: i32, key: u64, container: u64) -> Step {
    unsafe {
        decref::<R>(key);
        decref::<R>(container);
        if r < 0 {
            return Step::Error;
        }
        push(cx, bool_word::<R>((r == 1) != (oparg == 1)));
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _CONTAINS_OP_DICT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let d = pop(cx);
        let key = pop(cx);
        let r = R::dict_contains(cx, d, key);
        contains_result::<R>(cx, oparg, r, key, d)
    }
}

#[inline(always)]
pub unsafe fn _CONTAINS_OP_SET<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let s = pop(cx);
        let key = pop(cx);
        let r = R::set_contains(cx, s, key);
        contains_result::<R>(cx, oparg, r, key, s)
    }
}

// ---- truth ----

pub unsafe fn _TO_BOOL_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    let v = unsafe { peek(cx, 1) };
    if !is_small(v) {
        return Step::Deopt;
    }
    unsafe { set(cx, 1, bool_word::<R>(v != make_small(0))) };
    Step::Next
}

pub unsafe fn _TO_BOOL_BOOL<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { has_type(peek(cx, 1), R::known(Known::BoolType)) } { Step::Next } else { Step::Deopt }
}

pub unsafe fn _TO_BOOL_NONE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    if unsafe { peek(cx, 1) } != R::known(Known::None) {
        return Step::Deopt;
    }
    unsafe { set(cx, 1, R::known(Known::False)) };
    Step::Next
}

pub unsafe fn _REPLACE_WITH_TRUE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = peek(cx, 1);
        set(cx, 1, R::known(Known::True));
        decref::<R>(v);
    }
    Step::Next
}

pub unsafe fn _TO_BOOL_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = peek(cx, 1);
        if !has_type(v, R::known(Known::ListType)) {
            return Step::Deopt;
        }
        let len = R::list_len(v);
        set(cx, 1, bool_word::<R>(len != 0));
        decref::<R>(v);
    }
    Step::Next
}

pub unsafe fn _TO_BOOL_STR<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = peek(cx, 1);
        if !has_type(v, R::known(Known::StrType)) {
            return Step::Deopt;
        }
        set(cx, 1, bool_word::<R>(R::str_len(v) != 0));
        decref::<R>(v);
    }
    Step::Next
}

// ---- attributes ----

pub unsafe fn _GUARD_TYPE_VERSION<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        if is_obj(owner) && read_u32(type_of(owner), TYPE_VERSION_OFFSET) == operand as u32 {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _GUARD_TYPE_PLAIN<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        if is_obj(owner) {
            let t = type_of(owner);
            let plain = read_u32(t, TYPE_PLAIN_OFFSET);
            if plain != 0 && plain == read_u32(t, TYPE_VERSION_OFFSET) {
                return Step::Next;
            }
        }
        Step::Deopt
    }
}

/// Is inline slot `i` of the instance `owner` in use (below its count of slots)?
#[inline(always)]
unsafe fn slot_in_use(owner: u64, i: usize) -> bool {
    unsafe { read_u32(owner, INSTANCE_LEN_OFFSET) as usize > i }
}

/// :inline-attr: the attribute `name` of `owner` (an instance of a guarded class) in inline
/// slot `i`, read without a call when the slot is in use and the class's key `i` is `name`
/// (its shared keys only grow, so the key is checked, not searched); 0 otherwise, for the
/// runtime to look further (a dict instance, another slot).
#[inline(always)]
unsafe fn inline_attr(owner: u64, i: usize, name: u64) -> u64 {
    unsafe {
        if !slot_in_use(owner, i) {
            return 0;
        }
        let keys = read_u64(read_u64(owner, 8), TYPE_KEYS_ITEMS_OFFSET);
        if keys == 0 || read_u64(keys, i * 8) != name {
            return 0;
        }
        read_u64(owner, INSTANCE_SLOTS_OFFSET + i * 8)
    }
}

/// Pushes a null after the attribute when the instruction is a method load (`oparg & 1`).
#[inline(always)]
unsafe fn null_if_method(cx: &mut Ctx, oparg: u32) {
    if oparg & 1 != 0 {
        unsafe { push(cx, 0) };
    }
}

#[inline(always)]
pub unsafe fn _LOAD_ATTR_INSTANCE_VALUE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let attr = inline_attr(owner, operand as usize, name(cx, oparg >> 1));
        load_attr_instance::<R>(cx, oparg, operand, owner, attr)
    }
}

/// :known-class: the optimizer proved the owner's class and that its shared key `operand` is
/// the name, so an inline slot in use is the attribute: only the count is tested.
#[inline(always)]
pub unsafe fn _LOAD_ATTR_INSTANCE_KNOWN<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let i = operand as usize;
        let attr = if slot_in_use(owner, i) { read_u64(owner, INSTANCE_SLOTS_OFFSET + i * 8) } else { 0 };
        load_attr_instance::<R>(cx, oparg, operand, owner, attr)
    }
}

/// The rest of an instance attribute load, given what the inline slot held (`attr`, 0 when
/// it did not answer): the runtime for the rest (the name is read only then), a deopt if the
/// attribute is missing.
#[inline(always)]
unsafe fn load_attr_instance<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64, owner: u64, attr: u64) -> Step {
    unsafe {
        let mut attr = attr;
        if attr == 0 {
            attr = R::instance_get_hint(owner, operand as u32, name(cx, oparg >> 1));
        }
        if attr == 0 {
            return Step::Deopt;
        }
        incref(attr);
        set(cx, 1, attr);
        decref::<R>(owner);
        null_if_method(cx, oparg);
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _GUARD_NO_SHADOW<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let (owner, name) = (peek(cx, 1), name(cx, oparg >> 1));
        // :no-shadow-mask: an instance without a dict whose class's key mask lacks the name's
        // hash bit lacks the name, without a call; only the rest ask the runtime. (A name
        // whose hash is not computed yet asks too.)
        let h = read_u64(name, STR_HASH_OFFSET) as i64;
        if h != -1
            && read_u64(owner, INSTANCE_DICT_OFFSET) == 0
            && read_u64(type_of(owner), TYPE_KEYS_MASK_OFFSET) & (1u64 << (h & 63)) == 0
        {
            return Step::Next;
        }
        if R::instance_lacks(owner, name) { Step::Next } else { Step::Deopt }
    }
}

#[inline(always)]
pub unsafe fn _GUARD_NO_SHADOW_KNOWN<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        // The owner's class is proven, and the name is none of its first `operand` keys.
        let owner = peek(cx, 1);
        if read_u64(owner, INSTANCE_DICT_OFFSET) == 0
            && read_u32(type_of(owner), TYPE_KEYS_LEN_OFFSET) as u64 == operand
        {
            return Step::Next;
        }
        _GUARD_NO_SHADOW::<R>(cx, oparg, 0)
    }
}

pub unsafe fn _LOAD_ATTR_METHOD_WITH_VALUES<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        // The method is held by the guarded type's dict; the owner's reference moves up.
        let owner = peek(cx, 1);
        incref(operand);
        set(cx, 1, operand);
        push(cx, owner);
    }
    Step::Next
}

pub unsafe fn _GUARD_METHOD_OWNER<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        if is_obj(owner) && type_of(owner) == read_u64(operand, BUILTIN_OWNER_OFFSET) {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _CHECK_ATTR_CLASS<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        if is_obj(owner)
            && type_of(owner) == R::known(Known::TypeType)
            && read_u32(owner, TYPE_VERSION_OFFSET) == operand as u32
        {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _LOAD_ATTR_CLASS<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        incref(operand);
        set(cx, 1, operand);
        decref::<R>(owner);
        null_if_method(cx, oparg);
    }
    Step::Next
}

pub unsafe fn _CHECK_ATTR_MODULE<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        if has_type(owner, R::known(Known::ModuleType))
            && read_u32(R::module_dict(owner), DICT_VERSION_OFFSET) == operand as u32
        {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _LOAD_ATTR_MODULE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let v = R::dict_entry_value(R::module_dict(owner), operand as u32);
        if v == 0 {
            return Step::Deopt;
        }
        incref(v);
        set(cx, 1, v);
        decref::<R>(owner);
        null_if_method(cx, oparg);
    }
    Step::Next
}

#[inline(always)]
pub unsafe fn _STORE_ATTR_INSTANCE_VALUE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let v = peek(cx, 2);
        if !R::instance_set_hint(owner, operand as u32, name(cx, oparg), v) {
            return Step::Deopt;
        }
        stored_attr::<R>(cx, owner);
    }
    Step::Next
}

/// :known-class: as `_LOAD_ATTR_INSTANCE_KNOWN`: an inline slot in use is replaced (the old
/// value released) without a call; anything else goes to the runtime.
#[inline(always)]
pub unsafe fn _STORE_ATTR_INSTANCE_KNOWN<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let v = peek(cx, 2);
        let i = operand as usize;
        if slot_in_use(owner, i) {
            let at = (owner as usize + INSTANCE_SLOTS_OFFSET + i * 8) as *mut u64;
            let old = at.read();
            at.write(v);
            decref::<R>(old);
        } else if !R::instance_set_hint(owner, operand as u32, name(cx, oparg), v) {
            return Step::Deopt;
        }
        stored_attr::<R>(cx, owner);
    }
    Step::Next
}

pub unsafe fn _LOAD_ATTR_SLOT<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let attr = R::instance_member(owner, operand as u32);
        if attr == 0 {
            return Step::Deopt;
        }
        incref(attr);
        set(cx, 1, attr);
        decref::<R>(owner);
    }
    Step::Next
}

pub unsafe fn _STORE_ATTR_SLOT<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let v = peek(cx, 2);
        if !R::instance_set_member(owner, operand as u32, v) {
            return Step::Deopt;
        }
        stored_attr::<R>(cx, owner);
    }
    Step::Next
}

/// After an attribute store that took `v` (below the owner): clears both slots and releases
/// the owner.
#[inline(always)]
unsafe fn stored_attr<R: Rt>(cx: &mut Ctx, owner: u64) {
    unsafe {
        pop(cx);
        set(cx, 1, 0);
        cx.sp = cx.sp.sub(1);
        decref::<R>(owner);
    }
}

pub unsafe fn _STORE_ATTR_INSTANCE_DICT<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let owner = peek(cx, 1);
        let v = peek(cx, 2);
        if !R::instance_store(owner, name(cx, oparg), v) {
            return Step::Deopt;
        }
        stored_attr::<R>(cx, owner);
    }
    Step::Next
}

// ---- globals ----

pub unsafe fn _GUARD_GLOBALS_VERSION<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    if unsafe { read_u32(cx.globals, DICT_VERSION_OFFSET) } == operand as u32 { Step::Next } else { Step::Deopt }
}

pub unsafe fn _GUARD_BUILTINS_VERSION<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    if unsafe { read_u32(cx.builtins, DICT_VERSION_OFFSET) } == operand as u32 { Step::Next } else { Step::Deopt }
}

#[inline(always)]
unsafe fn load_entry<R: Rt>(cx: &mut Ctx, d: u64, oparg: u32, operand: u64) -> Step {
    unsafe {
        let v = R::dict_entry_value(d, operand as u32);
        if v == 0 {
            return Step::Deopt;
        }
        incref(v);
        push(cx, v);
        null_if_method(cx, oparg);
    }
    Step::Next
}

pub unsafe fn _LOAD_GLOBAL_MODULE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe { load_entry::<R>(cx, cx.globals, oparg, operand) }
}

pub unsafe fn _LOAD_GLOBAL_BUILTIN<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe { load_entry::<R>(cx, cx.builtins, oparg, operand) }
}

// ---- iteration ----

/// The words of a list or tuple iterator's state (`seq`, `index`, after its kind).
#[inline(always)]
unsafe fn seq_state(it: u64) -> *mut u64 {
    unsafe { (it as *mut u8).add(crate::abi::ITER_STATE_OFFSET + 8) as *mut u64 }
}

/// The words of a range iterator's state (`next`, `step`, `remaining`, after its kind).
#[inline(always)]
unsafe fn range_state(it: u64) -> *mut i64 {
    unsafe { (it as *mut u8).add(crate::abi::ITER_STATE_OFFSET + 8) as *mut i64 }
}

/// Is `it` exactly an iterator of type `ty` whose state is of kind `kind`? Read in place: the
/// type and the state's first word (:seq-layout:).
#[inline(always)]
unsafe fn iter_check<R: Rt>(cx: &mut Ctx, ty: Known, kind: u64) -> Step {
    unsafe {
        let it = peek(cx, 1);
        if has_type(it, R::known(ty)) && *((it as *const u8).add(crate::abi::ITER_STATE_OFFSET) as *const u64) == kind {
            Step::Next
        } else {
            Step::Deopt
        }
    }
}

pub unsafe fn _ITER_CHECK_RANGE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { iter_check::<R>(cx, Known::RangeIterType, crate::abi::ITER_STATE_RANGE) }
}

pub unsafe fn _ITER_CHECK_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { iter_check::<R>(cx, Known::ListIterType, crate::abi::ITER_STATE_SEQ) }
}

pub unsafe fn _ITER_CHECK_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { iter_check::<R>(cx, Known::TupleIterType, crate::abi::ITER_STATE_SEQ) }
}

/// Is the list (`list`) or tuple iterator `it` (checked) exhausted? Once it is, it lets go of
/// its sequence: exhausted for good, even if the list grows later (as in CPython).
#[inline(always)]
unsafe fn seq_exhausted<R: Rt>(it: u64, list: bool) -> bool {
    unsafe {
        let st = seq_state(it);
        let seq = *st;
        if seq == 0 {
            return true;
        }
        if *st.add(1) as usize >= seq_parts::<R>(seq, list).1 {
            *st = 0;
            decref::<R>(seq);
            return true;
        }
    }
    false
}

/// Leaves the loop (`Step::Jump`) when the iterator is exhausted, dropping it.
#[inline(always)]
unsafe fn iter_jump<R: Rt>(cx: &mut Ctx, exhausted: bool) -> Step {
    if exhausted {
        unsafe { decref::<R>(pop(cx)) };
        return Step::Jump;
    }
    Step::Next
}

pub unsafe fn _ITER_JUMP_RANGE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let done = *range_state(peek(cx, 1)).add(2) <= 0;
        iter_jump::<R>(cx, done)
    }
}

pub unsafe fn _ITER_JUMP_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let done = seq_exhausted::<R>(peek(cx, 1), true);
        iter_jump::<R>(cx, done)
    }
}

pub unsafe fn _ITER_JUMP_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let done = seq_exhausted::<R>(peek(cx, 1), false);
        iter_jump::<R>(cx, done)
    }
}

/// Pushes the next item of a list (`list`) or tuple iterator known not to be exhausted (the
/// guard before it said so and nothing ran between); an index past the end, which that
/// guard rules out, pushes NULL rather than read past the items.
#[inline(always)]
unsafe fn seq_next<R: Rt>(cx: &mut Ctx, list: bool) -> Step {
    unsafe {
        let st = seq_state(peek(cx, 1));
        let (seq, i) = (*st, *st.add(1) as usize);
        let mut v = 0;
        if seq != 0 {
            let (items, len) = seq_parts::<R>(seq, list);
            if i < len {
                v = *items.add(i);
                incref(v);
            }
        }
        *st.add(1) = (i + 1) as u64;
        push(cx, v);
    }
    Step::Next
}

pub unsafe fn _ITER_NEXT_RANGE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // :small-results: a value outside the small range (a range near ±2**62) deopts before
    // the iterator moves; tier 1 makes the big int.
    unsafe {
        let st = range_state(peek(cx, 1));
        let next = *st;
        if !fits_small(next) {
            return Step::Deopt;
        }
        *st = next.wrapping_add(*st.add(1));
        *st.add(2) -= 1;
        push(cx, make_small(next));
    }
    Step::Next
}

pub unsafe fn _ITER_NEXT_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { seq_next::<R>(cx, true) }
}

pub unsafe fn _ITER_NEXT_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { seq_next::<R>(cx, false) }
}

// ---- unpacking and stores ----

#[inline(always)]
unsafe fn unpack<R: Rt>(cx: &mut Ctx, ty: Known, n: usize) -> Step {
    unsafe {
        let seq = peek(cx, 1);
        if !has_type(seq, R::known(ty)) {
            return Step::Deopt;
        }
        let (items, len) = seq_parts::<R>(seq, ty == Known::ListType);
        if len != n {
            return Step::Deopt;
        }
        pop(cx);
        let mut i = n;
        while i > 0 {
            i -= 1;
            let v = *items.add(i);
            incref(v);
            push(cx, v);
        }
        decref::<R>(seq);
    }
    Step::Next
}

pub unsafe fn _UNPACK_SEQUENCE_TWO_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { unpack::<R>(cx, Known::TupleType, 2) }
}

pub unsafe fn _UNPACK_SEQUENCE_TUPLE<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { unpack::<R>(cx, Known::TupleType, oparg as usize) }
}

pub unsafe fn _UNPACK_SEQUENCE_LIST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe { unpack::<R>(cx, Known::ListType, oparg as usize) }
}

pub unsafe fn _STORE_SUBSCR_LIST_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let (sub, list) = (peek(cx, 1), peek(cx, 2));
        if !is_small(sub) || !has_type(list, R::known(Known::ListType)) {
            return Step::Deopt;
        }
        let Some(j) = index(small_value(sub), R::list_len(list)) else {
            return Step::Deopt;
        };
        let items = R::list_items(list);
        pop(cx);
        pop(cx);
        let v = pop(cx);
        let old = *items.add(j);
        *items.add(j) = v;
        decref::<R>(old);
        decref::<R>(list);
    }
    Step::Next
}

pub unsafe fn _STORE_SUBSCR_ARRAY_INT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        let (sub, a, v) = (peek(cx, 1), peek(cx, 2), peek(cx, 3));
        if !R::array_setitem(a, small_value(sub), v) {
            return Step::Deopt;
        }
        pop(cx);
        pop(cx);
        pop(cx);
        decref::<R>(a);
        decref::<R>(v);
    }
    Step::Next
}

pub unsafe fn _STORE_SUBSCR_ARRAY_DOUBLE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        if R::array_code(peek(cx, 2)) != b'd' as u32 || !has_type(peek(cx, 3), R::known(Known::FloatType)) {
            return Step::Deopt;
        }
        _STORE_SUBSCR_ARRAY_INT::<R>(cx, oparg, operand)
    }
}

pub unsafe fn _STORE_SUBSCR_DICT<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        if !has_type(peek(cx, 2), R::known(Known::DictType)) {
            return Step::Deopt;
        }
        let key = pop(cx);
        let d = pop(cx);
        let v = pop(cx);
        let ok = R::dict_setitem(cx, d, key, v);
        decref::<R>(key);
        decref::<R>(d);
        if !ok {
            return Step::Error;
        }
    }
    Step::Next
}

// ---- generic instructions ----

pub unsafe fn _NOP<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    Step::Next
}

pub unsafe fn _LOAD_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = *cx.locals.add(oparg as usize);
        incref(v);
        push(cx, v);
    }
    Step::Next
}

pub unsafe fn _LOAD_FAST_PAIR<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let a = *cx.locals.add((oparg >> 16) as usize);
        let b = *cx.locals.add((oparg & 0xffff) as usize);
        incref(a);
        incref(b);
        push(cx, a);
        push(cx, b);
    }
    Step::Next
}

pub unsafe fn _LOAD_FAST_CHECK<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = *cx.locals.add(oparg as usize);
        if v == 0 {
            // Unbound: the generic instruction raises UnboundLocalError.
            return R::generic(cx, Opcode::LOAD_FAST as u32, oparg);
        }
        incref(v);
        push(cx, v);
    }
    Step::Next
}

pub unsafe fn _STORE_FAST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = pop(cx);
        let slot = cx.locals.add(oparg as usize);
        let old = *slot;
        *slot = v;
        decref::<R>(old);
    }
    Step::Next
}

pub unsafe fn _LOAD_CONST<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = *cx.consts.add(oparg as usize);
        incref(v);
        push(cx, v);
    }
    Step::Next
}

pub unsafe fn _POP_TOP<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { decref::<R>(pop(cx)) };
    Step::Next
}

pub unsafe fn _PUSH_NULL<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { push(cx, 0) };
    Step::Next
}

pub unsafe fn _COPY<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let v = peek(cx, oparg as usize);
        incref(v);
        push(cx, v);
    }
    Step::Next
}

pub unsafe fn _SWAP<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let (top, other) = (peek(cx, 1), peek(cx, oparg as usize));
        set(cx, 1, other);
        set(cx, oparg as usize, top);
    }
    Step::Next
}

pub unsafe fn _IS_OP<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    unsafe {
        let b = pop(cx);
        let a = pop(cx);
        let r = (a == b) != (oparg == 1);
        decref::<R>(a);
        decref::<R>(b);
        push(cx, bool_word::<R>(r));
    }
    Step::Next
}

// The generic uops (those with `= OPCODE` in the uop table) run their tier-1 instruction whole:
// their bodies are derived from that column, never listed here.
macro_rules! generic_bodies {
    ($( $(#[doc = $doc:literal])* $name:ident : |$o:ident| ($pops:expr, $pushes:expr) [$($flag:ident)*] $(operand($kind:ident))? $(proves($($pd:literal : $pt:ident),*))? $(keeps($keep:literal))? $(pushes($($ot:ident),*))? $(= $generic:ident)?; )*) => {
        $( $(
            pub unsafe fn $name<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
                unsafe { generic::<R>(cx, Opcode::$generic, oparg) }
            }
        )? )*
    };
}

crate::uop::uop_table!(generic_bodies);

// ---- tier 2 ----

pub unsafe fn _START_EXECUTOR<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    Step::Next
}

pub unsafe fn _MAKE_WARM<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    Step::Next
}

pub unsafe fn _SET_IP<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    cx.ip = operand;
    Step::Next
}

pub unsafe fn _LOAD_CONST_INLINE<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        incref(operand);
        push(cx, operand);
        null_if_method(cx, oparg);
    }
    Step::Next
}

pub unsafe fn _CALL_BUILTIN_SQRT<R: Rt>(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
    unsafe {
        let x = peek(cx, 1);
        if oparg != 1 || peek(cx, 3) != operand || peek(cx, 2) != 0 || !has_type(x, R::known(Known::FloatType)) {
            return Step::Deopt;
        }
        let v = float_value(x);
        // A NaN passes (its root is a NaN, as in CPython); -0.0 too (its root is -0.0).
        if v < 0.0 {
            return Step::Deopt;
        }
        let r = R::float_new(R::float_sqrt(v));
        decref::<R>(pop(cx));
        pop(cx);
        decref::<R>(pop(cx));
        push(cx, r);
    }
    Step::Next
}

pub unsafe fn _CHECK_VALIDITY<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // SAFETY: a non-null executor pointer is the running executor's header.
    let invalid = !cx.executor.is_null() && !unsafe { (*cx.executor).is_valid() };
    // A pending SIGINT leaves the trace too, so that a chain of executors that never passes a
    // `_JUMP_TO_TOP` still reaches a tier-1 safe point (which raises KeyboardInterrupt). A due
    // collection does not: `_JUMP_TO_TOP` and `_PUSH_FRAME` serve it in place.
    // SAFETY: cx.eval_breaker is the breaker word.
    if invalid || unsafe { cx.breaker() } & crate::abi::BREAKER_SIGINT != 0 { Step::Deopt } else { Step::Next }
}

pub unsafe fn _JUMP_TO_TOP<R: Rt>(cx: &mut Ctx, _oparg: u32, operand: u64) -> Step {
    // The loop's back-edge is a safe point (:breaker-word:): one load, and only when a bit is
    // set a call that collects cycles or raises KeyboardInterrupt at this instruction, which
    // the operand names (:ip-at-error:).
    // SAFETY: cx.eval_breaker is the breaker word; cx describes the running frame.
    if unsafe { cx.breaker_set() } {
        cx.ip = operand;
        if !unsafe { R::handle_breaker(cx) } {
            return Step::Error;
        }
        // :lap-validity: the lap does not begin with a `_CHECK_VALIDITY`; what the
        // collection freed may have invalidated the executor.
        // SAFETY: a non-null executor pointer is the running executor's header.
        if !cx.executor.is_null() && !unsafe { (*cx.executor).is_valid() } {
            return Step::Deopt;
        }
    }
    Step::Jump
}

pub unsafe fn _EXIT_TRACE<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    Step::Deopt
}

pub unsafe fn _POP_FRAME<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // The host owns the frame records: it pops the callee's and switches `cx` to the caller.
    Step::Frame
}

pub unsafe fn _RETURN_TO_CALLER<R: Rt>(_cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    // The host checks the frames and the caller, then pops the frame as for `_POP_FRAME`, or
    // refuses and the trace exits (:return-to-caller:).
    Step::Frame
}

#[inline(always)]
unsafe fn guard_pop<R: Rt>(cx: &mut Ctx, ok: bool) -> Step {
    if !ok {
        return Step::Deopt;
    }
    unsafe { decref::<R>(pop(cx)) };
    Step::Next
}

pub unsafe fn _GUARD_IS_TRUE_POP<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { guard_pop::<R>(cx, peek(cx, 1) == R::known(Known::True)) }
}

pub unsafe fn _GUARD_IS_FALSE_POP<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { guard_pop::<R>(cx, peek(cx, 1) == R::known(Known::False)) }
}

pub unsafe fn _GUARD_IS_NONE_POP<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { guard_pop::<R>(cx, peek(cx, 1) == R::known(Known::None)) }
}

pub unsafe fn _GUARD_IS_NOT_NONE_POP<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { guard_pop::<R>(cx, peek(cx, 1) != R::known(Known::None)) }
}

#[inline(always)]
unsafe fn not_exhausted<R: Rt>(cx: &mut Ctx, list: bool) -> Step {
    unsafe {
        if seq_exhausted::<R>(peek(cx, 1), list) {
            // The exit's target is the loop's end (as tier 1's jump), so a trace formed at a hot
            // exit starts after the loop instead of failing here again.
            decref::<R>(pop(cx));
            return Step::Deopt;
        }
    }
    Step::Next
}

pub unsafe fn _GUARD_NOT_EXHAUSTED_RANGE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe {
        if *range_state(peek(cx, 1)).add(2) <= 0 {
            // As `not_exhausted`: the exit's target is the loop's end.
            decref::<R>(pop(cx));
            return Step::Deopt;
        }
    }
    Step::Next
}

pub unsafe fn _GUARD_NOT_EXHAUSTED_LIST<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { not_exhausted::<R>(cx, true) }
}

pub unsafe fn _GUARD_NOT_EXHAUSTED_TUPLE<R: Rt>(cx: &mut Ctx, _oparg: u32, _operand: u64) -> Step {
    unsafe { not_exhausted::<R>(cx, false) }
}

pub unsafe fn _FOR_ITER_TIER_TWO<R: Rt>(cx: &mut Ctx, oparg: u32, _operand: u64) -> Step {
    let st = unsafe { R::generic(cx, Opcode::FOR_ITER as u32, oparg) };
    if st == Step::Deopt {
        // Exhausted: drop the iterator; the exit's target is the loop's end.
        unsafe { decref::<R>(pop(cx)) };
    }
    st
}
