//! Tier 1's implementation of the uop runtime ABI ([`tracelift_uops::abi::Rt`]).
//!
//! The specialized tier-1 instructions run the uop bodies of `tracelift_uops::bodies`
//! instantiated with [`Tier1Rt`], so every service call here inlines into the eval loop. The
//! stencil backend will reach the same services through `extern "C"` exports of the
//! `tl_rt_*` symbols; these functions are what those exports will wrap.
//!
//! :abi-layout: the offsets the bodies read directly are checked against the runtime's
//! `#[repr(C)]` layouts at compile time below.

use std::mem::offset_of;
use std::sync::atomic::{AtomicU64, Ordering};

use tracelift_runtime::Value;
use tracelift_runtime::array::ARRAY_TYPE;
use tracelift_runtime::dict::DictObject;
use tracelift_runtime::exc::PyErr;
use tracelift_runtime::float::FloatObject;
use tracelift_runtime::object::{IterState, LIST_ITER_TYPE, RANGE_ITER_TYPE, TUPLE_ITER_TYPE, new_iter, range_len};
use tracelift_runtime::seq::{ListObject, TupleObject};
use tracelift_runtime::types::{
    BOOL_TYPE, DICT_TYPE, FALSE, FLOAT_TYPE, INT_TYPE, LIST_TYPE, NONE, SET_TYPE, STR_TYPE, TRUE, TUPLE_TYPE,
    TYPE_TYPE, TypeObject,
};
use tracelift_runtime::value::ObjHeader;
use tracelift_uops::abi::{self, Ctx, Known, Layout, Rt, Step};
use tracelift_uops::rt_exports;

use crate::Vm;
use crate::objects::{BUILTIN_TYPE, FUNCTION_TYPE, METHOD_TYPE, MODULE_TYPE, VmValue};

const _: () = {
    assert!(offset_of!(ObjHeader, refcnt) == 0);
    assert!(offset_of!(ObjHeader, ty) == 8);
    assert!(offset_of!(FloatObject, value) == offset_of!(abi::FloatObj, value));
    assert!(offset_of!(TypeObject, version) == abi::TYPE_VERSION_OFFSET);
    assert!(offset_of!(TypeObject, plain) == abi::TYPE_PLAIN_OFFSET);
    assert!(tracelift_runtime::types::TYPE_KEYS_ITEMS_OFFSET == abi::TYPE_KEYS_ITEMS_OFFSET);
    assert!(tracelift_runtime::object::INSTANCE_LEN_OFFSET == abi::INSTANCE_LEN_OFFSET);
    assert!(tracelift_runtime::object::INSTANCE_SLOTS_OFFSET == abi::INSTANCE_SLOTS_OFFSET);
    assert!(tracelift_runtime::object::INSTANCE_DICT_OFFSET == abi::INSTANCE_DICT_OFFSET);
    assert!(tracelift_runtime::types::TYPE_KEYS_MASK_OFFSET == abi::TYPE_KEYS_MASK_OFFSET);
    assert!(tracelift_runtime::types::TYPE_KEYS_LEN_OFFSET == abi::TYPE_KEYS_LEN_OFFSET);
    assert!(offset_of!(tracelift_runtime::str::StrObject, hash) == abi::STR_HASH_OFFSET);
    assert!(offset_of!(DictObject, version) == abi::DICT_VERSION_OFFSET);
    assert!(offset_of!(crate::objects::BuiltinObject, owner) == abi::BUILTIN_OWNER_OFFSET);
    assert!(tracelift_runtime::breaker::SIGINT_PENDING == abi::BREAKER_SIGINT);
    assert!(offset_of!(abi::ExecHead, valid) == abi::EXEC_HEAD_VALID_OFFSET);
};

/// The tier-1 runtime services (zero-sized; all state is in `Ctx::vm`).
pub struct Tier1Rt;

/// The [`Known`] objects' addresses, laid out as the ABI's `tl_rt_known: [u64; KNOWN_COUNT]`.
#[repr(transparent)]
pub struct KnownTable([*const u8; abi::KNOWN_COUNT]);

// SAFETY: the addresses of immutable statics, never written after compile time.
unsafe impl Sync for KnownTable {}

const fn known_table() -> KnownTable {
    const fn a<T>(p: &'static T) -> *const u8 {
        p as *const T as *const u8
    }
    let mut t = [std::ptr::null(); abi::KNOWN_COUNT];
    t[Known::IntType as usize] = a(&INT_TYPE);
    t[Known::FloatType as usize] = a(&FLOAT_TYPE);
    t[Known::StrType as usize] = a(&STR_TYPE);
    t[Known::ListType as usize] = a(&LIST_TYPE);
    t[Known::TupleType as usize] = a(&TUPLE_TYPE);
    t[Known::DictType as usize] = a(&DICT_TYPE);
    t[Known::SetType as usize] = a(&SET_TYPE);
    t[Known::BoolType as usize] = a(&BOOL_TYPE);
    t[Known::None as usize] = a(&NONE);
    t[Known::True as usize] = a(&TRUE);
    t[Known::False as usize] = a(&FALSE);
    t[Known::ModuleType as usize] = a(&MODULE_TYPE);
    t[Known::FunctionType as usize] = a(&FUNCTION_TYPE);
    t[Known::MethodType as usize] = a(&METHOD_TYPE);
    t[Known::BuiltinType as usize] = a(&BUILTIN_TYPE);
    t[Known::TypeType as usize] = a(&TYPE_TYPE);
    t[Known::ArrayType as usize] = a(&ARRAY_TYPE);
    t[Known::RangeIterType as usize] = a(&RANGE_ITER_TYPE);
    t[Known::ListIterType as usize] = a(&LIST_ITER_TYPE);
    t[Known::TupleIterType as usize] = a(&TUPLE_ITER_TYPE);
    KnownTable(t)
}

/// The ABI's table of known objects (machine code and stencils read it by name).
#[unsafe(no_mangle)]
#[allow(non_upper_case_globals)]
pub static tl_rt_known: KnownTable = known_table();

/// The [`Layout`] offsets, laid out as the ABI's `tl_rt_layout` (:seq-layout:).
#[repr(transparent)]
pub struct LayoutTable([AtomicU64; abi::LAYOUT_COUNT]);

/// The ABI's table of learned offsets, filled by [`learn_layouts`] before any stencil is
/// compiled; stencils read it by name.
#[unsafe(no_mangle)]
#[allow(non_upper_case_globals)]
pub static tl_rt_layout: LayoutTable = LayoutTable([const { AtomicU64::new(0) }; abi::LAYOUT_COUNT]);

/// Fills `tl_rt_layout` from the runtime's learned layouts: `false` (the table left empty) if
/// they could not be learned, and then no stencil may run. Idempotent.
pub fn learn_layouts() -> bool {
    let Some(l) = tracelift_runtime::layout::seq_layout() else { return false };
    for (k, v) in [
        (Layout::ListItems, l.list_items),
        (Layout::ListLen, l.list_len),
        (Layout::TupleItems, l.tuple_items),
        (Layout::TupleLen, l.tuple_len),
    ] {
        tl_rt_layout.0[k as usize].store(v as u64, Ordering::Relaxed);
    }
    true
}

// The exported `tl_rt_*` functions, one per line of the ABI table, over `Tier1Rt`; and
// `rt_symbol_addresses()`, which backends bind symbols with.
tracelift_uops::rt_functions!(rt_exports! { Tier1Rt, tl_rt_known, tl_rt_layout; });

/// Borrows a word as a `Value` without taking a reference.
///
/// # Safety
/// `w` must be a valid value word that stays alive while the result is used.
#[inline(always)]
unsafe fn borrow(w: &u64) -> &Value {
    // SAFETY: Value is repr(transparent) over u64; the caller keeps it alive.
    unsafe { &*(w as *const u64 as *const Value) }
}

/// The VM behind a context.
///
/// # Safety
/// `cx.vm` must be the running VM (set by the eval loop, which is not using its own borrow
/// while a body runs).
#[inline(always)]
unsafe fn vm(cx: &mut Ctx) -> &mut Vm {
    // SAFETY: see the function's contract.
    unsafe { &mut *(cx.vm as *mut Vm) }
}

/// The Python function a heap class's `__getitem__` resolves to (`BINARY_SUBSCR_GETITEM`).
/// The class's dict holds it, so a caller may keep it borrowed while the class lives.
/// `BINARY_SUBSCR_GETITEM` runs it twice per execution (guard and call set-up): it goes
/// through the type attribute cache, where a walk of the MRO compared strs in every dict.
pub(crate) fn getitem_function(vm: &mut Vm, t: &TypeObject) -> Option<Value> {
    getitem_word(vm, t).map(|w| {
        // SAFETY: a live function, which the class's MRO holds (:getitem-cache:).
        unsafe { Value::from_borrowed_ptr(w as *const ObjHeader) }
    })
}

/// [`getitem_function`] as a borrowed word (the class or its MRO keeps it counted), from the
/// class's own cache when it was filled at the class's current version (:getitem-cache:);
/// the lookup fills it.
#[inline]
pub(crate) fn getitem_word(vm: &mut Vm, t: &TypeObject) -> Option<u64> {
    if !t.is_heap_type() {
        return None;
    }
    if let Some(w) = t.cached_getitem() {
        return (w != 0).then_some(w);
    }
    let f = vm.heap_lookup_static(t, "__getitem__").filter(|f| f.as_function().is_some());
    if t.version.get() == 0 {
        // No version to cache at: the class's MRO holds the function while the caller uses it.
        return f.as_ref().map(Value::raw);
    }
    t.cache_getitem(f.as_ref());
    t.cached_getitem().filter(|&w| w != 0)
}

/// `CALL_ALLOC_AND_ENTER_INIT`'s set-up: the Python `__init__` class `t` gives and a new
/// instance of it; `None` (and nothing made) when its `__init__` is no Python function.
pub(crate) fn init_and_instance(vm: &mut Vm, t: &TypeObject) -> Option<(Value, Value)> {
    let name = vm.init_name.clone();
    let init = vm.type_lookup_cached(t, &name, false).filter(|i| i.as_function().is_some())?;
    Some((init, tracelift_runtime::object::new_instance(t)))
}

/// The Python function a heap class's dunder for `BINARY_OP` operator `oparg` resolves to
/// (`BINARY_OP_PY`, :binop-frame:): `__add__` for `+` and for `+=` (the specializer chooses
/// the in-place form only for a class without `__iadd__`). The class's dict holds it. It
/// goes through the type attribute cache, as `getitem_function` does.
pub(crate) fn binop_function(vm: &mut Vm, t: &TypeObject, oparg: u32) -> Option<Value> {
    use tracelift_uops::BinaryOp;
    if !t.is_heap_type() {
        return None;
    }
    let (op, _) = BinaryOp::from_arg(oparg)?;
    vm.heap_lookup_static(t, crate::ops::dunder_names(op).0).filter(|f| f.as_function().is_some())
}

/// Stores an exception for the eval loop to raise after a body returns `Step::Error`.
#[inline(never)]
fn raise(cx: &mut Ctx, e: PyErr) {
    // SAFETY: cx.vm is the running VM.
    unsafe { vm(cx) }.uop_error = Some(e);
}

#[inline(always)]
fn addr<T>(p: &T) -> u64 {
    p as *const T as u64
}

impl Rt for Tier1Rt {
    #[inline(always)]
    fn known(k: Known) -> u64 {
        match k {
            Known::IntType => addr(&INT_TYPE),
            Known::FloatType => addr(&FLOAT_TYPE),
            Known::StrType => addr(&STR_TYPE),
            Known::ListType => addr(&LIST_TYPE),
            Known::TupleType => addr(&TUPLE_TYPE),
            Known::DictType => addr(&DICT_TYPE),
            Known::SetType => addr(&SET_TYPE),
            Known::BoolType => addr(&BOOL_TYPE),
            Known::None => addr(&NONE),
            Known::True => addr(&TRUE),
            Known::False => addr(&FALSE),
            Known::ModuleType => addr(&MODULE_TYPE),
            Known::FunctionType => addr(&FUNCTION_TYPE),
            Known::MethodType => addr(&METHOD_TYPE),
            Known::BuiltinType => addr(&BUILTIN_TYPE),
            Known::TypeType => addr(&TYPE_TYPE),
            Known::ArrayType => addr(&ARRAY_TYPE),
            Known::RangeIterType => addr(&RANGE_ITER_TYPE),
            Known::ListIterType => addr(&LIST_ITER_TYPE),
            Known::TupleIterType => addr(&TUPLE_ITER_TYPE),
        }
    }

    // Tier 1 reads the items through the types themselves, with no table (:seq-layout:).
    #[inline(always)]
    unsafe fn list_items(l: u64) -> *mut u64 {
        // SAFETY: a live exact list (guarded).
        unsafe { (*(l as *const ListObject)).items_mut().as_mut_ptr() as *mut u64 }
    }

    #[inline(always)]
    unsafe fn list_len(l: u64) -> usize {
        // SAFETY: a live exact list (guarded).
        unsafe { (*(l as *const ListObject)).items().len() }
    }

    #[inline(always)]
    unsafe fn tuple_items(t: u64) -> *mut u64 {
        // SAFETY: a live exact tuple (guarded).
        let items: &[Value] = unsafe { &(*(t as *const TupleObject)).items };
        items.as_ptr() as *mut u64
    }

    #[inline(always)]
    unsafe fn tuple_len(t: u64) -> usize {
        // SAFETY: a live exact tuple (guarded).
        let items: &[Value] = unsafe { &(*(t as *const TupleObject)).items };
        items.len()
    }

    #[inline(always)]
    unsafe fn dealloc(obj: u64) {
        // SAFETY: the body saw the count reach zero on a live object.
        unsafe { ((*(*(obj as *const ObjHeader)).ty).dealloc)(obj as *mut ObjHeader) }
    }

    #[inline(always)]
    unsafe fn float_new(v: f64) -> u64 {
        Value::float(v).into_raw()
    }

    #[inline(always)]
    unsafe fn float_sqrt(v: f64) -> f64 {
        v.sqrt()
    }

    #[inline(always)]
    unsafe fn float_pow(a: f64, b: f64) -> f64 {
        tracelift_runtime::floatops::float_pow(a, b).unwrap_or(f64::NAN)
    }

    #[inline(always)]
    unsafe fn int_from_i64(v: i64) -> u64 {
        Value::int(v).into_raw()
    }

    #[inline(always)]
    unsafe fn str_concat(cx: *mut Ctx, a: u64, b: u64) -> u64 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: both are live exact strs (guarded).
        match unsafe { (borrow(&a).as_str_obj(), borrow(&b).as_str_obj()) } {
            (Some(a), Some(b)) => match Value::try_str_concat(a, b) {
                Ok(v) => v.into_raw(),
                Err(e) => {
                    raise(cx, e);
                    0
                }
            },
            _ => 0,
        }
    }

    #[inline(always)]
    unsafe fn str_getitem(s: u64, i: i64) -> u64 {
        // SAFETY: a live exact str (guarded).
        let so = unsafe { borrow(&s) }.as_str_obj();
        let Some(so) = so.filter(|o| o.is_ascii()) else { return 0 };
        let len = so.s.len() as i64;
        let j = if i < 0 { i + len } else { i };
        if j < 0 || j >= len {
            return 0;
        }
        tracelift_runtime::str::char_str(so.s.as_bytes()[j as usize] as char).into_raw()
    }

    #[inline(always)]
    unsafe fn str_eq(a: u64, b: u64) -> bool {
        // SAFETY: live exact strs (guarded).
        unsafe { borrow(&a).as_str() == borrow(&b).as_str() }
    }

    #[inline(always)]
    unsafe fn str_len(s: u64) -> usize {
        // SAFETY: a live exact str (guarded).
        unsafe { borrow(&s) }.as_str_obj().map_or(0, |o| o.char_len)
    }

    #[inline(always)]
    unsafe fn array_getitem(a: u64, i: i64) -> u64 {
        // SAFETY: a live exact array (guarded).
        let a = unsafe { borrow(&a) }.as_array().expect("an array");
        let n = a.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return 0;
        }
        a.get(j as usize).into_raw()
    }

    #[inline(always)]
    unsafe fn array_code(a: u64) -> u32 {
        // SAFETY: a live exact array (guarded).
        unsafe { borrow(&a) }.as_array().map_or(0, |a| a.code as u32)
    }

    #[inline(always)]
    unsafe fn array_setitem(a: u64, i: i64, v: u64) -> bool {
        // SAFETY: a live exact array (guarded) and a live value, both borrowed.
        let (a, v) = unsafe { (borrow(&a), borrow(&v)) };
        let a = a.as_array().expect("an array");
        let n = a.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return false;
        }
        match tracelift_runtime::array::value_word(a.code, v) {
            Ok(w) => {
                a.words_mut()[j as usize] = w;
                true
            }
            Err(_) => false,
        }
    }

    #[inline(always)]
    unsafe fn list_append(cx: *mut Ctx, list: u64, v: u64) -> bool {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: a live exact list (guarded); `v` is owned and moves into it.
        let r = unsafe { borrow(&list).as_list().map(|l| l.push(Value::from_raw(v))) };
        match r {
            Some(Err(e)) => {
                raise(cx, e);
                false
            }
            _ => true,
        }
    }

    unsafe fn dict_getitem(cx: *mut Ctx, d: u64, key: u64) -> u64 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: live dict and key; the VM is running.
        let (dv, k) = unsafe { (borrow(&d), borrow(&key)) };
        // The uop's guard proved an exact dict (no `__getitem__` or `__missing__` to ask):
        // straight to the table, not through every container `get_item` tries first.
        let r = match dv.as_dict() {
            Some(dict) if !dv.ty().is_heap_type() => match dict.get(k) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => Err(tracelift_runtime::exc::key_error(k.clone())),
                Err(e) => Err(e),
            },
            _ => unsafe { vm(cx) }.get_item(dv, k),
        };
        match r {
            Ok(v) => v.into_raw(),
            Err(e) => {
                raise(cx, e);
                0
            }
        }
    }

    unsafe fn dict_setitem(cx: *mut Ctx, d: u64, key: u64, v: u64) -> bool {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: live dict and key; `v` is owned.
        let (dv, k, v) = unsafe { (borrow(&d), borrow(&key).clone(), Value::from_raw(v)) };
        match dv.as_dict().map(|dict| dict.set(k, v)) {
            Some(Ok(())) => true,
            Some(Err(e)) => {
                raise(cx, e);
                false
            }
            None => false,
        }
    }

    unsafe fn dict_contains(cx: *mut Ctx, d: u64, key: u64) -> i32 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: live dict and key.
        let (dv, k) = unsafe { (borrow(&d), borrow(&key)) };
        match dv.as_dict().map(|dict| dict.get(k)) {
            Some(Ok(r)) => r.is_some() as i32,
            Some(Err(e)) => {
                raise(cx, e);
                -1
            }
            None => 0,
        }
    }

    unsafe fn set_contains(cx: *mut Ctx, s: u64, key: u64) -> i32 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: live set and key.
        let (sv, k) = unsafe { (borrow(&s), borrow(&key)) };
        match unsafe { vm(cx) }.contains(sv, k) {
            Ok(b) => b as i32,
            Err(e) => {
                raise(cx, e);
                -1
            }
        }
    }

    #[inline(always)]
    unsafe fn dict_entry_value(d: u64, index: u32) -> u64 {
        // SAFETY: a live dict.
        let Some(dict) = (unsafe { borrow(&d) }).as_dict() else { return 0 };
        match dict.entries().get(index as usize) {
            Some(e) if !e.key.is_null() => e.value.raw(),
            _ => 0,
        }
    }

    #[inline(always)]
    unsafe fn module_dict(m: u64) -> u64 {
        // SAFETY: a live module (guarded).
        unsafe { borrow(&m) }.as_module().map_or(0, |m| m.dict.raw())
    }

    #[inline(always)]
    unsafe fn instance_get_hint(owner: u64, hint: u32, name: u64) -> u64 {
        // SAFETY: a live object.
        let Some(inst) = (unsafe { borrow(&owner) }).as_instance() else { return 0 };
        inst.get_hint(hint as usize, name)
    }

    #[inline(always)]
    unsafe fn instance_member(owner: u64, k: u32) -> u64 {
        // SAFETY: a live object.
        let Some(inst) = (unsafe { borrow(&owner) }).as_instance() else { return 0 };
        inst.member_values().get(k as usize).map_or(0, |v| v.raw())
    }

    #[inline(always)]
    unsafe fn instance_set_member(owner: u64, k: u32, v: u64) -> bool {
        // SAFETY: a live object.
        let Some(inst) = (unsafe { borrow(&owner) }).as_instance() else { return false };
        if k as usize >= inst.member_values().len() {
            return false;
        }
        // SAFETY: `v` is owned and moves into the slot; the old value is released.
        drop(inst.swap_member(k as usize, unsafe { Value::from_raw(v) }));
        true
    }

    #[inline(always)]
    unsafe fn instance_set_hint(owner: u64, hint: u32, name: u64, v: u64) -> bool {
        // SAFETY: a live object; `v` is owned and moves in on success.
        let Some(inst) = (unsafe { borrow(&owner) }).as_instance() else { return false };
        inst.set_hint(hint as usize, name, unsafe { Value::from_raw(v) }).map_err(|v| v.into_raw()).is_ok()
    }

    #[inline(always)]
    unsafe fn instance_store(owner: u64, name: u64, v: u64) -> bool {
        // SAFETY: a live object; `v` is owned and moves in on success.
        let o = unsafe { borrow(&owner) };
        let Some(inst) = o.as_instance() else { return false };
        if !o.ty().is_heap_type() {
            return false;
        }
        // SAFETY: an interned str (a `co_names` entry), owned by the code object.
        let name = unsafe { borrow(&name) };
        inst.set(name.clone(), unsafe { Value::from_raw(v) });
        true
    }

    #[inline(always)]
    unsafe fn instance_lacks(owner: u64, name: u64) -> bool {
        // SAFETY: a live object and an interned str.
        let (o, n) = unsafe { (borrow(&owner), borrow(&name)) };
        match o.as_instance() {
            Some(inst) => inst.lacks_interned(n),
            None => false,
        }
    }

    #[inline(always)]
    unsafe fn func_version(f: u64) -> u32 {
        // SAFETY: a live object.
        unsafe { borrow(&f) }.as_function().map_or(0, |f| f.version.get())
    }

    #[inline(always)]
    unsafe fn type_getitem(cx: *mut Ctx, ty: u64) -> u64 {
        // SAFETY: `ty` is the type of a live object, so a live type; the ABI passes the
        // running frame's registers.
        let (t, cx) = unsafe { (&*(ty as *const TypeObject), &mut *cx) };
        getitem_word(unsafe { vm(cx) }, t).unwrap_or(0)
    }

    #[inline(always)]
    unsafe fn type_binop(cx: *mut Ctx, ty: u64, oparg: u32) -> u64 {
        // SAFETY: as for `type_getitem`.
        let (t, cx) = unsafe { (&*(ty as *const TypeObject), &mut *cx) };
        binop_function(unsafe { vm(cx) }, t, oparg).map_or(0, |f| f.raw())
    }

    #[inline(always)]
    unsafe fn bound_method_func(m: u64) -> u64 {
        // SAFETY: a live object.
        unsafe { borrow(&m) }.as_bound().map_or(0, |bm| bm.func.raw())
    }

    #[inline(always)]
    unsafe fn bound_method_self(m: u64) -> u64 {
        // SAFETY: a live object.
        unsafe { borrow(&m) }.as_bound().map_or(0, |bm| bm.self_.raw())
    }

    #[inline(always)]
    unsafe fn call_builtin(cx: *mut Ctx, oparg: u32) -> Step {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: cx.vm is the running VM; cx.sp points into its frame stack, which never
        // moves (:stack-fixed:), above the (guarded) builtin, a null and `oparg` arguments.
        unsafe {
            let cur = cx.sp;
            let vm = vm(cx);
            let stack_base = vm.stack.as_mut_ptr() as *mut u64;
            let sp = cur.offset_from(stack_base) as usize;
            let fidx = sp - oparg as usize - 2;
            // The guard's case, an unbound builtin, reads its arguments in place; anything else
            // takes the generic CALL's path.
            let r = match (*(stack_base.add(fidx) as *const Value)).as_builtin() {
                Some(b) if b.self_.is_null() => {
                    let func = b.func;
                    vm.call_builtin_in_place(fidx, sp, func)
                }
                _ => vm.call_from_stack(fidx, sp, Value::NULL),
            };
            cx.sp = stack_base.add(fidx);
            match r {
                Ok(v) => {
                    *cx.sp = v.into_raw();
                    cx.sp = cx.sp.add(1);
                    Step::Next
                }
                Err(e) => {
                    raise(cx, e);
                    Step::Error
                }
            }
        }
    }

    unsafe fn len(cx: *mut Ctx, v: u64) -> u64 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: a live value.
        let v = unsafe { borrow(&v) };
        match unsafe { vm(cx) }.len(v) {
            Ok(n) => Value::int(n as i64).into_raw(),
            Err(e) => {
                raise(cx, e);
                0
            }
        }
    }

    unsafe fn isinstance(cx: *mut Ctx, v: u64, cls: u64) -> i32 {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: live values.
        let (v, cls) = unsafe { (borrow(&v), borrow(&cls)) };
        // A user metaclass may answer (`__instancecheck__`, which runs Python: the uop escapes).
        // SAFETY: the running frame's context reaches its VM, borrowed for this call.
        match unsafe { vm(cx) }.meta_check(v, cls, true) {
            Ok(b) => b as i32,
            Err(e) => {
                raise(cx, e);
                -1
            }
        }
    }

    unsafe fn alloc_and_enter_init(cx: *mut Ctx, oparg: u32) -> Step {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        let n = oparg as usize;
        // SAFETY: the class (version-guarded) and a null are below the `n` arguments.
        unsafe {
            let fslot = cx.sp.sub(n + 2);
            let vm = vm(cx);
            let Some(t) = borrow(&*fslot).as_type() else { return Step::Deopt };
            let Some((init, inst)) = init_and_instance(vm, t) else { return Step::Deopt };
            vm.pending_init_self = inst.clone();
            drop(Value::from_raw(std::mem::replace(&mut *fslot, init.into_raw())));
            *fslot.add(1) = inst.into_raw();
        }
        Step::Frame
    }

    #[inline(always)]
    unsafe fn seq_iter(v: u64) -> u64 {
        // SAFETY: a live value the caller holds.
        let v = unsafe { borrow(&v) };
        if !v.is_obj() {
            return 0;
        }
        let ty = v.ty();
        let it = if std::ptr::eq(ty, &LIST_TYPE) {
            new_iter(&LIST_ITER_TYPE, IterState::Seq { seq: v.clone(), index: 0 })
        } else if std::ptr::eq(ty, &TUPLE_TYPE) {
            new_iter(&TUPLE_ITER_TYPE, IterState::Seq { seq: v.clone(), index: 0 })
        } else if let Some(r) = v.as_range().filter(|r| r.big.is_none()) {
            new_iter(&RANGE_ITER_TYPE, IterState::Range { next: r.start, step: r.step, remaining: r.len() })
        } else {
            return 0;
        };
        it.into_raw()
    }

    #[inline(always)]
    unsafe fn seq_slice(seq: u64, start: u64, stop: u64, step: u64) -> u64 {
        // SAFETY: live values the caller holds.
        let [seq, start, stop, step] = [&seq, &start, &stop, &step].map(|w| unsafe { borrow(w) });
        crate::items::fast_slice(seq, start, stop, step).map_or(0, Value::into_raw)
    }

    #[inline(always)]
    unsafe fn seq_getslice(seq: u64, s: u64) -> u64 {
        // SAFETY: live values the caller holds.
        let (seq, s) = unsafe { (borrow(&seq), borrow(&s)) };
        let Some(sl) = s.as_slice() else { return 0 };
        crate::items::fast_slice(seq, &sl.start, &sl.stop, &sl.step).map_or(0, Value::into_raw)
    }

    #[inline(always)]
    unsafe fn list_setslice(list: u64, start: u64, stop: u64, v: u64) -> bool {
        // SAFETY: live values the caller holds.
        let [list, start, stop, v] = [&list, &start, &stop, &v].map(|w| unsafe { borrow(w) });
        crate::items::fast_set_slice(list, start, stop, v)
    }

    #[inline(always)]
    unsafe fn slice_new(start: u64, stop: u64, step: u64) -> u64 {
        // SAFETY: the caller hands over its three references.
        let [start, stop, step] = [start, stop, step].map(|w| unsafe { Value::from_raw(w) });
        Value::slice(start, stop, step).into_raw()
    }

    #[inline(always)]
    unsafe fn cell_get(cell: u64) -> u64 {
        // SAFETY: a live value (a frame slot's).
        unsafe { borrow(&cell) }.as_cell().map_or(0, |c| c.slot().raw())
    }

    #[inline(always)]
    unsafe fn range_iter_new(start: i64, stop: i64) -> u64 {
        let remaining = range_len(start, stop, 1);
        new_iter(&RANGE_ITER_TYPE, IterState::Range { next: start, step: 1, remaining }).into_raw()
    }

    #[inline(never)]
    unsafe fn generic(cx: *mut Ctx, op: u32, oparg: u32) -> Step {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        let Some(op) = tracelift_uops::Opcode::from_u8(op as u8) else { return Step::Error };
        let cur = cx.sp;
        // SAFETY: cx.vm is the running VM.
        let vm = unsafe { vm(cx) };
        let stack_base = vm.stack.as_mut_ptr() as *mut u64;
        // SAFETY: cx.sp points into the frame stack, which never moves (:stack-fixed:).
        let mut sp = unsafe { cur.offset_from(stack_base) } as usize;
        let fi = vm.frames.len() - 1;
        let r = vm.generic_op(op, oparg, &mut sp, fi);
        // SAFETY: as above; generic_op keeps sp inside the frame's extent.
        cx.sp = unsafe { stack_base.add(sp) };
        match r {
            Ok(true) => Step::Next,
            Ok(false) => Step::Deopt,
            Err(e) => {
                raise(cx, e);
                Step::Error
            }
        }
    }

    #[inline(never)]
    unsafe fn handle_breaker(cx: *mut Ctx) -> bool {
        // SAFETY: the ABI passes the running frame's registers, borrowed for the call.
        let cx = unsafe { &mut *cx };
        // SAFETY: cx.vm is the running VM.
        match unsafe { vm(cx) }.handle_breaker() {
            Ok(()) => true,
            Err(e) => {
                raise(cx, e);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exported_known_table_matches_tier1() {
        for (i, k) in Known::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
            assert_eq!(tl_rt_known.0[i] as u64, Tier1Rt::known(*k), "{k:?}");
        }
    }

    /// :seq-layout: what stencils read through the learned table (`ExternRt`'s accessors)
    /// is what tier 1 reads through the types.
    #[test]
    fn stencils_read_lists_and_tuples_where_tier1_does() {
        use tracelift_uops::abi::ExternRt;
        assert!(learn_layouts());
        for n in [0usize, 1, 5, 100] {
            let l = Value::list((0..n as i64).map(Value::small).collect());
            let t = Value::tuple((0..n as i64).map(Value::small).collect());
            // SAFETY: live exact lists and tuples, as the accessors require.
            unsafe {
                assert_eq!(ExternRt::list_len(l.raw()), n);
                assert_eq!(ExternRt::list_len(l.raw()), Tier1Rt::list_len(l.raw()));
                assert_eq!(ExternRt::list_items(l.raw()), Tier1Rt::list_items(l.raw()));
                assert_eq!(ExternRt::tuple_len(t.raw()), n);
                assert_eq!(ExternRt::tuple_len(t.raw()), Tier1Rt::tuple_len(t.raw()));
                assert_eq!(ExternRt::tuple_items(t.raw()), Tier1Rt::tuple_items(t.raw()));
                if n > 0 {
                    assert_eq!(*ExternRt::list_items(l.raw()).add(n - 1), Value::small(n as i64 - 1).raw());
                }
            }
        }
    }

    #[test]
    fn iterator_states_are_where_the_abi_says() {
        use tracelift_runtime::object::{IterState, RANGE_ITER_TYPE, new_iter};
        let words = |v: &Value| -> [u64; 4] {
            // SAFETY: reads the first four words of a live iterator's state.
            unsafe { *((v.raw() as usize + abi::ITER_STATE_OFFSET) as *const [u64; 4]) }
        };
        let r = new_iter(&RANGE_ITER_TYPE, IterState::Range { next: 11, step: -3, remaining: 7 });
        assert_eq!(words(&r), [abi::ITER_STATE_RANGE, 11, (-3i64) as u64, 7]);
        let l = Value::list(vec![Value::small(1)]);
        let it = new_iter(&LIST_ITER_TYPE, IterState::Seq { seq: l.clone(), index: 5 });
        let w = words(&it);
        assert_eq!([w[0], w[1], w[2]], [abi::ITER_STATE_SEQ, l.raw(), 5]);
    }

    #[test]
    fn every_abi_symbol_is_exported_in_table_order() {
        let syms = rt_symbol_addresses();
        let names: Vec<&str> = syms.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, abi::ABI_SYMBOLS);
        // The two tables (`tl_rt_known`, `tl_rt_layout`), then one function per line.
        assert_eq!(abi::ABI_FUNCTIONS.len() + 2, syms.len());
        for (f, (n, a)) in abi::ABI_FUNCTIONS.iter().zip(&syms[2..]) {
            assert_eq!(f.symbol, *n);
            assert!(!a.is_null());
        }
    }
}
