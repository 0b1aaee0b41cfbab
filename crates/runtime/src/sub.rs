//! Instances of user subclasses of `list`, `dict`, `tuple`, `int` and `str` (decision 74).
//!
//! Such an instance is the builtin object itself, its header naming the subclass, followed
//! in the same allocation by the instance dict slot ([`SubObject`]). So every builtin
//! operation works on it unchanged: the downcasts (`as_list`, `as_dict`, `as_tuple`) look
//! at the type's [`Kind`], and the VM asks the subclass for an overridden dunder before it
//! does the builtin thing. Specialized code guards on the exact builtin type, so it never
//! runs on them. The class's `dealloc` is [`dealloc_for`] of its kind.

use std::cell::UnsafeCell;

use crate::dict::DictObject;
use crate::int::IntObject;
use crate::seq::{ListObject, TupleObject};
use crate::str::StrObject;
use crate::types::{Kind, TypeObject};
use crate::value::{ObjHeader, Value, alloc};

/// A builtin object of layout `T` with an instance dict after it.
#[repr(C)]
pub struct SubObject<T> {
    pub base: T,
    /// The instance dict (NULL until an attribute is stored).
    pub dict: UnsafeCell<Value>,
}

/// Can a user class extend a builtin type of this kind (besides instances, exceptions and
/// `type`)?
pub fn subclassable(kind: Kind) -> bool {
    matches!(kind, Kind::List | Kind::Dict | Kind::Tuple | Kind::Int | Kind::Str)
}

/// Is `v` an instance of a user subclass of a builtin type?
#[inline(always)]
pub fn is_sub(v: &Value) -> bool {
    v.is_obj() && {
        let t = v.ty();
        t.is_heap_type() && subclassable(t.kind)
    }
}

/// The `dealloc` of a user subclass of a builtin type of kind `kind`.
pub fn dealloc_for(kind: Kind) -> Option<unsafe fn(*mut ObjHeader)> {
    Some(match kind {
        Kind::List => dealloc_sub::<ListObject>,
        Kind::Dict => dealloc_sub::<DictObject>,
        Kind::Tuple => dealloc_sub::<TupleObject>,
        Kind::Int => dealloc_sub::<IntObject>,
        Kind::Str => crate::str::dealloc_sub_str,
        _ => return None,
    })
}

/// Frees an instance of a user subclass of a builtin type.
///
/// # Safety
/// `p` was made by [`new_sub`] with a `T` base and its count reached zero.
unsafe fn dealloc_sub<T>(p: *mut ObjHeader) {
    // SAFETY: per the contract; dropping the box drops the base's fields and the dict; the
    // class reference taken in `new_sub` is released after.
    unsafe {
        crate::gc::untrack(p);
        let ty = (*p).ty;
        drop(Box::from_raw(p as *mut SubObject<T>));
        crate::value::decref(ty as *mut ObjHeader);
    }
}

/// A new instance of the user class `cls` whose base object is `base` (with `cls` in its
/// header), holding a reference to its class; the cycle collector tracks the container
/// layouts (an int subclass instance, like an int, is not tracked: a cycle through its
/// attributes is not collected).
fn new_sub<T>(cls: &TypeObject, base: T) -> Value {
    debug_assert!(cls.is_heap_type() && subclassable(cls.kind));
    std::mem::forget(cls.to_value());
    let v = alloc(SubObject { base, dict: UnsafeCell::new(Value::NULL) });
    crate::gc::track(&v);
    v
}

/// An instance of a user subclass of `int` with value `value`.
pub fn new_int(cls: &TypeObject, value: num_bigint::BigInt) -> Value {
    new_sub(cls, IntObject { header: ObjHeader::new(cls), value })
}

/// An instance of a user subclass of `list` holding `items`.
pub fn new_list(cls: &TypeObject, items: Vec<Value>) -> Value {
    new_sub(
        cls,
        ListObject { header: ObjHeader::new(cls), items: UnsafeCell::new(items), gc: crate::gc::GcLink::new() },
    )
}

/// An instance of a user subclass of `str` with text `text` (its text follows the dict slot
/// in the same allocation; not tracked, like an int subclass instance).
pub fn new_str(cls: &TypeObject, text: &str) -> Value {
    debug_assert!(cls.is_heap_type() && cls.kind == Kind::Str);
    crate::str::new_sub_str(cls, text)
}

/// An empty instance of a user subclass of `dict`.
pub fn new_dict(cls: &TypeObject) -> Value {
    new_sub(cls, crate::dict::dict_object(cls, 0))
}

/// An instance of a user subclass of `tuple` holding `items`.
pub fn new_tuple(cls: &TypeObject, items: Vec<Value>) -> Value {
    new_sub(
        cls,
        TupleObject { header: ObjHeader::new(cls), items: items.into_boxed_slice(), gc: crate::gc::GcLink::new() },
    )
}

/// The instance dict slot of an instance of a user subclass of a builtin type, if `v` is
/// one.
#[allow(clippy::mut_from_ref)]
pub fn dict_slot(v: &Value) -> Option<&mut Value> {
    if !v.is_obj() {
        return None;
    }
    let ty = v.ty();
    if !ty.is_heap_type() {
        return None;
    }
    // SAFETY: a heap type of these kinds lays its instances out as `SubObject<T>` (only
    // `new_sub` makes them); the slot is only borrowed by one caller at a time
    // (single-threaded VM).
    unsafe {
        let p = v.ptr();
        Some(match ty.kind {
            Kind::List => &mut *(*(p as *const SubObject<ListObject>)).dict.get(),
            Kind::Dict => &mut *(*(p as *const SubObject<DictObject>)).dict.get(),
            Kind::Tuple => &mut *(*(p as *const SubObject<TupleObject>)).dict.get(),
            Kind::Int => &mut *(*(p as *const SubObject<IntObject>)).dict.get(),
            Kind::Str => &mut *(*(p as *const SubObject<StrObject>)).dict.get(),
            _ => return None,
        })
    }
}
