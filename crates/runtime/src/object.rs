//! Plain instances of user classes, `range`, `slice`, and the builtin iterator objects.

use std::cell::UnsafeCell;

use crate::types::{Kind, RANGE_TYPE, SLICE_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// An instance of a user class (or of `object`). Attributes live in `dict` (a dict value,
/// NULL until first used). JIT code reads `dict` at offset 16.
#[repr(C)]
pub struct InstanceObject {
    pub header: ObjHeader,
    pub dict: UnsafeCell<Value>,
    /// Cycle-collector registration (last, see `crate::gc`).
    pub gc: crate::gc::GcLink,
}

impl InstanceObject {
    /// The dict slot.
    #[allow(clippy::mut_from_ref)]
    pub fn dict_slot(&self) -> &mut Value {
        // SAFETY: single-threaded VM; callers never hold two borrows of the slot.
        unsafe { &mut *self.dict.get() }
    }
}

/// Notes that an instance of `ty` has `len` attributes, so that later instances start with a
/// dict that large (`TypeObject::attr_hint`; builtin types are never written).
#[inline]
pub fn note_attr_count(ty: &TypeObject, len: usize) {
    if len > ty.attr_hint.get() as usize && len <= 16 && ty.is_heap_type() {
        ty.attr_hint.set(len as u8);
    }
}

/// A new instance of `ty` (kind Instance) with an empty attribute dict.
pub fn new_instance(ty: &TypeObject) -> Value {
    if ty.is_heap_type() {
        std::mem::forget(ty.to_value());
    }
    let v = alloc(InstanceObject {
        header: ObjHeader::new(ty),
        dict: UnsafeCell::new(crate::dict::new_dict_with_capacity(ty.attr_hint.get() as usize)),
        gc: crate::gc::GcLink::new(),
    });
    crate::gc::track(&v);
    v
}

impl Value {
    /// The instance, if the value's layout is [`InstanceObject`].
    pub fn as_instance(&self) -> Option<&InstanceObject> {
        if self.is_obj() && self.ty().kind == Kind::Instance {
            // SAFETY: kind Instance means InstanceObject layout.
            Some(unsafe { self.as_ref::<InstanceObject>() })
        } else {
            None
        }
    }
}

/// `range(start, stop, step)` with machine-word bounds.
#[repr(C)]
pub struct RangeObject {
    pub header: ObjHeader,
    pub start: i64,
    pub stop: i64,
    pub step: i64,
    /// Bounds that do not fit a machine word (then the i64 fields are unused).
    pub big: Option<Box<[num_bigint::BigInt; 3]>>,
}

impl RangeObject {
    /// Number of elements (saturating at `i64::MAX` for huge big ranges).
    pub fn len(&self) -> i64 {
        use num_traits::ToPrimitive;
        match &self.big {
            Some(b) => big_range_len(&b[0], &b[1], &b[2]).to_i64().unwrap_or(i64::MAX),
            None => range_len(self.start, self.stop, self.step),
        }
    }
    /// Is the range empty?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Length of `range(start, stop, step)` (step != 0).
pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    let n = if step > 0 {
        if start < stop { (stop - start - 1) / step + 1 } else { 0 }
    } else if start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    };
    n.min(i64::MAX as i128) as i64
}

impl RangeObject {
    /// `(start, stop, step)` as bigints, whatever the representation.
    pub fn big_bounds(&self) -> [num_bigint::BigInt; 3] {
        match &self.big {
            Some(b) => (**b).clone(),
            None => [self.start.into(), self.stop.into(), self.step.into()],
        }
    }

    /// The index of `x` in the range, if it is there (exact for any bounds).
    pub fn position(&self, x: &num_bigint::BigInt) -> Option<num_bigint::BigInt> {
        use num_integer::Integer;
        use num_traits::{Signed, Zero};
        let [start, stop, step] = self.big_bounds();
        let inside = if step.is_positive() { x >= &start && x < &stop } else { x <= &start && x > &stop };
        if !inside {
            return None;
        }
        let (q, r) = (x - &start).div_mod_floor(&step);
        if r.is_zero() { Some(q) } else { None }
    }
}

/// Length of a range with bigint bounds (step != 0).
pub fn big_range_len(
    start: &num_bigint::BigInt,
    stop: &num_bigint::BigInt,
    step: &num_bigint::BigInt,
) -> num_bigint::BigInt {
    use num_traits::{Signed, Zero};
    let one = num_bigint::BigInt::from(1);
    if step.is_positive() {
        if start < stop { (stop - start - &one) / step + one } else { num_bigint::BigInt::zero() }
    } else if start > stop {
        (start - stop - &one) / (-step) + one
    } else {
        num_bigint::BigInt::zero()
    }
}

/// `slice(start, stop, step)`; each part may be None.
#[repr(C)]
pub struct SliceObject {
    pub header: ObjHeader,
    pub start: Value,
    pub stop: Value,
    pub step: Value,
}

impl Value {
    /// A new range.
    pub fn range(start: i64, stop: i64, step: i64) -> Value {
        alloc(RangeObject { header: ObjHeader::new(&RANGE_TYPE), start, stop, step, big: None })
    }
    /// A new range with bigint bounds.
    pub fn big_range(start: num_bigint::BigInt, stop: num_bigint::BigInt, step: num_bigint::BigInt) -> Value {
        alloc(RangeObject {
            header: ObjHeader::new(&RANGE_TYPE),
            start: 0,
            stop: 0,
            step: 1,
            big: Some(Box::new([start, stop, step])),
        })
    }
    /// The range, if this is one.
    pub fn as_range(&self) -> Option<&RangeObject> {
        if self.is_type(&RANGE_TYPE) {
            // SAFETY: range type means RangeObject layout.
            Some(unsafe { self.as_ref::<RangeObject>() })
        } else {
            None
        }
    }
    /// A new slice.
    pub fn slice(start: Value, stop: Value, step: Value) -> Value {
        alloc(SliceObject { header: ObjHeader::new(&SLICE_TYPE), start, stop, step })
    }
    /// The slice, if this is one.
    pub fn as_slice(&self) -> Option<&SliceObject> {
        if self.is_type(&SLICE_TYPE) {
            // SAFETY: slice type means SliceObject layout.
            Some(unsafe { self.as_ref::<SliceObject>() })
        } else {
            None
        }
    }
}

/// The state of a builtin iterator or view.
pub enum IterState {
    /// `range_iterator`: yields `next`, `next + step`, ... while `remaining > 0`.
    Range { next: i64, step: i64, remaining: i64 },
    /// `range_iterator` over bigint bounds: `[next, step, remaining]`, boxed so that the common
    /// states keep iterator objects small.
    BigRange(Box<[num_bigint::BigInt; 3]>),
    /// `list_iterator` / `tuple_iterator`: index into the sequence; `seq` NULL once exhausted.
    Seq { seq: Value, index: usize },
    /// `str_iterator`: byte position into the str.
    Str { s: Value, pos: usize },
    /// Dict key/value/item iterators: position in the entries; `len` at start (for the
    /// "changed size during iteration" check).
    Dict { dict: Value, pos: usize, len: usize, what: DictPart },
    /// `set_iterator`: slot position in the table.
    Set { set: Value, pos: usize, len: usize },
    /// `reversed` over a list or tuple: the next index to yield (counts down).
    Reversed { seq: Value, index: isize },
    /// `enumerate`
    Enumerate { it: Value, count: Value },
    /// `zip` (`strict`: unequal lengths raise `ValueError`)
    Zip { its: Vec<Value>, strict: bool },
    /// `map`
    Map { func: Value, its: Vec<Value> },
    /// `filter`
    Filter { func: Value, it: Value },
    /// `dict_keys` / `dict_values` / `dict_items` views (iterable, not iterators).
    DictView { dict: Value, what: DictPart },
    /// `iterator` over an object with `__getitem__` but no `__iter__` (the sequence protocol).
    GetItem { obj: Value, index: i64 },
    /// `iter(callable, sentinel)`
    Callable { func: Value, sentinel: Value },
    /// Exhausted (any kind).
    Done,
}

/// Which part of a dict an iterator or view yields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DictPart {
    Keys,
    Values,
    Items,
}

/// A builtin iterator or view object.
#[repr(C)]
pub struct IterObject {
    pub header: ObjHeader,
    pub state: UnsafeCell<IterState>,
}

impl IterObject {
    /// The mutable state.
    #[allow(clippy::mut_from_ref)]
    pub fn state(&self) -> &mut IterState {
        // SAFETY: single-threaded VM; `next` implementations never re-enter the same iterator
        // while holding this borrow (they take the fields they need out first).
        unsafe { &mut *self.state.get() }
    }
}

macro_rules! iter_types {
    ($($static:ident = $name:literal;)*) => {
        $( #[doc = concat!("`", $name, "`")]
           pub static $static: TypeObject = TypeObject::builtin(
               $name, Kind::Iter, Some(&crate::types::OBJECT_TYPE), dealloc_box::<IterObject>); )*
    };
}

iter_types! {
    RANGE_ITER_TYPE = "range_iterator";
    LIST_ITER_TYPE = "list_iterator";
    TUPLE_ITER_TYPE = "tuple_iterator";
    STR_ITER_TYPE = "str_ascii_iterator";
    DICT_KEYITER_TYPE = "dict_keyiterator";
    DICT_VALUEITER_TYPE = "dict_valueiterator";
    DICT_ITEMITER_TYPE = "dict_itemiterator";
    SET_ITER_TYPE = "set_iterator";
    REVERSED_TYPE = "reversed";
    ENUMERATE_TYPE = "enumerate";
    ZIP_TYPE = "zip";
    MAP_TYPE = "map";
    FILTER_TYPE = "filter";
    DICT_KEYS_TYPE = "dict_keys";
    DICT_VALUES_TYPE = "dict_values";
    DICT_ITEMS_TYPE = "dict_items";
    CALLABLE_ITER_TYPE = "callable_iterator";
    SEQ_ITER_TYPE = "iterator";
}

/// A new iterator/view object of type `ty` with `state`.
pub fn new_iter(ty: &'static TypeObject, state: IterState) -> Value {
    alloc(IterObject { header: ObjHeader::new(ty), state: UnsafeCell::new(state) })
}

impl Value {
    /// The iterator object, if this is a builtin iterator or view.
    pub fn as_iter(&self) -> Option<&IterObject> {
        if self.is_obj() && self.ty().kind == Kind::Iter {
            // SAFETY: kind Iter means IterObject layout.
            Some(unsafe { self.as_ref::<IterObject>() })
        } else {
            None
        }
    }
}
