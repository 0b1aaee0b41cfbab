//! Plain instances of user classes, `range`, `slice`, and the builtin iterator objects.

use std::cell::{Cell, UnsafeCell};

use crate::types::{Kind, RANGE_TYPE, SLICE_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// Most attribute names a class's shared keys hold (CPython's `SHARED_KEYS_MAX_SIZE`).
pub const MAX_SHARED_KEYS: usize = 30;

/// Inline slots of a class's first instance, made before any attribute name is known.
const FIRST_SLOTS: usize = 6;

/// An instance of a user class (or of `object`): CPython 3.11's inline values (decision 33).
///
/// Attributes live in one of two places:
/// - **inline**, while `dict` is NULL: slot `i < len` of the value array that follows the
///   struct (in the same allocation) holds the attribute named `shared_keys()[i]` of the
///   class; slots `len..cap` are unused. An instance stays inline while it adds attributes in
///   its class's key order and within the capacity it was made with (see `new_instance`).
/// - **dict**, otherwise (`__dict__` was asked for; an attribute was deleted, or added out of
///   order or past the capacity): every attribute is in `dict` and `len` is 0. An instance
///   never goes back.
///
/// Member slots (`__slots__`, one per name in the class's `members()`) follow the `cap`
/// inline values in the same allocation; NULL means unset. A class whose instances have no
/// `__dict__` (`TypeObject::no_dict`) gives them no inline values at all.
///
/// Materializing moves the slots into a new dict in order, so that dict entry `i` is then
/// the key of slot `i`: a specialized site's slot hint stays right as an entry hint. JIT code
/// reads `dict` at offset 16.
#[repr(C)]
pub struct InstanceObject {
    pub header: ObjHeader,
    pub dict: UnsafeCell<Value>,
    /// Inline attributes in use (0 once the dict exists).
    len: Cell<u32>,
    /// Inline slots allocated after the struct.
    cap: u32,
    /// Cycle-collector registration (last field, see `crate::gc`; the slots follow it).
    pub gc: crate::gc::GcLink,
}

/// Offset of an instance's count of inline attributes in use (a `u32`), for machine code.
pub const INSTANCE_LEN_OFFSET: usize = std::mem::offset_of!(InstanceObject, len);
/// Offset of an instance's count of inline slots (a `u32`; its member slots follow them).
pub const INSTANCE_CAP_OFFSET: usize = std::mem::offset_of!(InstanceObject, cap);
/// Offset of an instance's dict slot (NULL while the attributes are inline).
pub const INSTANCE_DICT_OFFSET: usize = std::mem::offset_of!(InstanceObject, dict);
/// Offset of an instance's first inline slot (they follow the struct).
pub const INSTANCE_SLOTS_OFFSET: usize = std::mem::size_of::<InstanceObject>();

/// The allocation of an instance with `cap` inline slots.
fn instance_layout(cap: usize) -> std::alloc::Layout {
    let size = std::mem::size_of::<InstanceObject>() + cap * std::mem::size_of::<Value>();
    std::alloc::Layout::from_size_align(size, std::mem::align_of::<InstanceObject>()).expect("instance layout")
}

impl InstanceObject {
    /// The dict slot (NULL while the attributes are inline).
    #[allow(clippy::mut_from_ref)]
    #[inline(always)]
    pub fn dict_slot(&self) -> &mut Value {
        // SAFETY: single-threaded VM; callers never hold two borrows of the slot.
        unsafe { &mut *self.dict.get() }
    }

    #[inline(always)]
    fn class(&self) -> &TypeObject {
        // SAFETY: an instance holds its class alive.
        unsafe { &*self.header.ty }
    }

    /// The first inline slot.
    #[inline(always)]
    fn slots(&self) -> *mut Value {
        // SAFETY: the slots follow the struct inside the object's allocation (`new_instance`),
        // which the object pointer this reference came from spans.
        unsafe { (self as *const InstanceObject as *mut InstanceObject).add(1) as *mut Value }
    }

    /// The inline attribute values, in shared-key order (empty once the dict exists).
    #[inline(always)]
    pub fn inline_values(&self) -> &[Value] {
        // SAFETY: slots `0..len` are initialized and owned by the instance.
        unsafe { std::slice::from_raw_parts(self.slots(), self.len.get() as usize) }
    }

    /// Position of `name` (a str) in the class's shared keys: by identity, then by text.
    fn key_index(&self, name: &Value) -> Option<usize> {
        let so = name.as_str_obj()?;
        let h = so.hash();
        let ty = self.class();
        if !ty.may_be_shared_key(h) {
            return None;
        }
        ty.shared_keys()
            .iter()
            .position(|k| k.is(name) || k.as_str_obj().is_some_and(|ko| ko.hash() == h && ko.s == so.s))
    }

    /// Inline slot of the attribute `name`, if the instance has it there.
    fn slot_of(&self, name: &Value) -> Option<usize> {
        self.key_index(name).filter(|&i| i < self.len.get() as usize)
    }

    /// The attribute `name` (a str), if the instance has it.
    #[inline]
    pub fn get(&self, name: &Value) -> Option<Value> {
        let d = self.dict_slot();
        if !d.is_null() {
            return d.as_dict()?.get_name(name);
        }
        self.slot_of(name).map(|i| self.inline_values()[i].clone())
    }

    /// Does the instance lack the attribute `name`, an interned str? (Shared keys are interned,
    /// so identity decides for inline attributes.)
    #[inline(always)]
    pub fn lacks_interned(&self, name: &Value) -> bool {
        let d = self.dict_slot();
        if d.is_null() {
            let ty = self.class();
            if !name.as_str_obj().is_some_and(|so| ty.may_be_shared_key(so.hash())) {
                return true;
            }
            let len = self.len.get() as usize;
            return !ty.shared_keys().iter().take(len).any(|k| k.is(name));
        }
        d.as_dict().is_none_or(|d| d.get_name(name).is_none())
    }

    /// The value (borrowed, raw) of the attribute at hint `i` (inline slot, or dict entry)
    /// if its name there is the object `name`; 0 otherwise.
    #[inline(always)]
    pub fn get_hint(&self, i: usize, name: u64) -> u64 {
        if !self.dict_slot().is_null() {
            return self.dict_get_hint(i, name);
        }
        let keys = self.class().shared_keys();
        if i < self.len.get() as usize && i < keys.len() && keys[i].raw() == name {
            // SAFETY: slot `i < len` is initialized.
            return unsafe { (*self.slots().add(i)).raw() };
        }
        self.get_unhinted(name)
    }

    /// [`InstanceObject::get_hint`] when the hint is wrong: the attribute found by its name.
    /// A site whose instances have their attributes in different orders (a method inherited
    /// by classes whose `__init__`s store them in different orders) then reads the value
    /// where it is instead of leaving tier 2 at every other instance.
    #[inline(never)]
    fn get_unhinted(&self, name: u64) -> u64 {
        let keys = self.class().shared_keys();
        let n = (self.len.get() as usize).min(keys.len());
        match keys[..n].iter().position(|k| k.raw() == name) {
            // SAFETY: slot `j < len` is initialized.
            Some(j) => unsafe { (*self.slots().add(j)).raw() },
            None => 0,
        }
    }

    /// [`InstanceObject::get_hint`] of a dict instance (kept out of the inline path); by name
    /// when the hint is wrong.
    #[inline(never)]
    fn dict_get_hint(&self, i: usize, name: u64) -> u64 {
        let Some(d) = self.dict_slot().as_dict() else { return 0 };
        match d.entries().get(i) {
            Some(e) if e.key.raw() == name => e.value.raw(),
            _ => {
                // SAFETY: `name` is a live str (a `co_names` entry), borrowed for the lookup.
                let name = std::mem::ManuallyDrop::new(unsafe { Value::from_raw(name) });
                // The dict holds the value, so its raw word stays valid after the clone goes.
                d.get_name(&name).map_or(0, |v| v.raw())
            }
        }
    }

    /// Stores `v` as the attribute at hint `i` if its name there is the object `name`: an
    /// inline slot in use, the next inline slot (adding the attribute), or a dict entry. Gives
    /// `v` back otherwise. An old value is released after the store.
    #[inline(always)]
    pub fn set_hint(&self, i: usize, name: u64, v: Value) -> Result<(), Value> {
        if !self.dict_slot().is_null() {
            return self.dict_set_hint(i, name, v);
        }
        let keys = self.class().shared_keys();
        if i >= keys.len() || keys[i].raw() != name {
            return Err(v);
        }
        self.put_slot(i, v)
    }

    /// Stores `v` in inline slot `i`: replaces slot `i < len`, or adds slot `i == len < cap`.
    /// Gives `v` back otherwise. An old value is released after the store.
    #[inline(always)]
    fn put_slot(&self, i: usize, v: Value) -> Result<(), Value> {
        let len = self.len.get() as usize;
        if i < len {
            // SAFETY: slot `i < len` is initialized; the old value is dropped after the write.
            let old = unsafe { std::ptr::replace(self.slots().add(i), v) };
            drop(old);
            Ok(())
        } else if i == len && len < self.cap as usize {
            // SAFETY: slot `len < cap` is allocated and unused.
            unsafe { self.slots().add(len).write(v) };
            self.len.set(len as u32 + 1);
            Ok(())
        } else {
            Err(v)
        }
    }

    /// Appends `name` (not yet a key) to the class's shared keys when this instance, holding
    /// `held` attributes, holds every key so far (it is laying the class out) and there is
    /// room; returns the new slot.
    fn extend_layout(&self, name: &Value, held: usize) -> Option<usize> {
        let ty = self.class();
        (ty.is_heap_type() && held == ty.shared_keys().len() && held < MAX_SHARED_KEYS)
            .then(|| ty.push_shared_key(crate::str::intern(name.as_str().unwrap_or(""))))
    }

    /// [`InstanceObject::set_hint`] of a dict instance (kept out of the inline path).
    #[inline(never)]
    fn dict_set_hint(&self, i: usize, name: u64, v: Value) -> Result<(), Value> {
        match self.dict_slot().as_dict() {
            Some(d) => d.replace_value_at(i, name, v),
            None => Err(v),
        }
    }

    /// The hint a specialized load of `name` caches (see [`InstanceObject::get_hint`]).
    pub fn load_hint(&self, name: &Value) -> Option<usize> {
        match self.dict_slot().as_dict() {
            Some(d) => d.entry_hint(name),
            None => self.slot_of(name),
        }
    }

    /// The hint a specialized store of `name` caches: also the next inline slot, for a store
    /// that adds the attribute in key order (see [`InstanceObject::set_hint`]).
    pub fn store_hint(&self, name: &Value) -> Option<usize> {
        match self.dict_slot().as_dict() {
            Some(d) => d.entry_hint(name),
            None => {
                let len = self.len.get() as usize;
                self.key_index(name).filter(|&i| i < len || (i == len && len < self.cap as usize))
            }
        }
    }

    /// `self.name = v` for a str `name` (never raises: str keys cannot fail to hash).
    pub fn set(&self, name: Value, mut v: Value) {
        if self.dict_slot().is_null() {
            let held = self.len.get() as usize;
            if let Some(i) = self.key_index(&name).or_else(|| self.extend_layout(&name, held)) {
                match self.put_slot(i, v) {
                    Ok(()) => return,
                    Err(back) => v = back,
                }
            }
        }
        let d = self.dict();
        let dict = d.as_dict().expect("instance dict");
        if self.key_index(&name).is_none() {
            // A dict instance that so far follows the layout (the first instance, past its
            // slots, say) still extends it, so that later instances get the slots.
            self.extend_layout(&name, dict.len());
        }
        dict.set_name(name, v);
    }

    /// The attribute dict, made from the inline slots on first use (the instance stays a dict
    /// instance from then on).
    pub fn dict(&self) -> Value {
        let d = self.dict_slot();
        if d.is_null() {
            let len = self.len.replace(0) as usize;
            let nd = crate::dict::new_dict_with_capacity(len);
            let dict = nd.as_dict().expect("dict");
            let keys = self.class().shared_keys();
            for (i, k) in keys.iter().enumerate().take(len) {
                // SAFETY: slot `i < len` was initialized; `len` is already 0, so it is moved
                // out exactly once.
                dict.set_name(k.clone(), unsafe { self.slots().add(i).read() });
            }
            *d = nd;
        }
        d.clone()
    }

    /// Drops every attribute (the cycle collector's `clear`, and `dealloc`).
    pub fn clear(&self) {
        let d = std::mem::take(self.dict_slot());
        let len = self.len.replace(0) as usize;
        for i in 0..len {
            // SAFETY: slot `i < len` was initialized; `len` is already 0, so each value is
            // moved out once, and a destructor that reaches this object sees no slots.
            drop(unsafe { self.slots().add(i).read() });
        }
        let members: Vec<Value> = (0..self.class().members().len()).map(|k| self.swap_member(k, Value::NULL)).collect();
        drop(members);
        drop(d);
    }

    /// The member slots (`__slots__` values, NULL where unset), in the class's member order.
    #[inline]
    pub fn member_values(&self) -> &[Value] {
        // SAFETY: the class's member count of slots follows the `cap` inline slots and is
        // initialized (NULL or a value) by `new_instance`; `__class__` assignment only
        // switches between classes with the same members.
        unsafe { std::slice::from_raw_parts(self.slots().add(self.cap as usize), self.class().members().len()) }
    }

    /// Member slot `k` (`None` when unset or out of range).
    #[inline]
    pub fn member(&self, k: usize) -> Option<Value> {
        self.member_values().get(k).filter(|v| !v.is_null()).cloned()
    }

    /// Replaces member slot `k` with `v` (NULL unsets it); returns the old value (NULL when
    /// it was unset or `k` is out of range, in which case nothing is stored).
    pub fn swap_member(&self, k: usize, v: Value) -> Value {
        if k >= self.class().members().len() {
            return Value::NULL;
        }
        // SAFETY: slot `cap + k` is an initialized member slot (see `member_values`).
        unsafe { std::ptr::replace(self.slots().add(self.cap as usize + k), v) }
    }
}

/// A new instance of `ty` (kind Instance), with as many inline slots as its class has shared
/// keys or its methods store attributes (a few for the first instance of a class that has
/// neither).
pub fn new_instance(ty: &TypeObject) -> Value {
    let cap = if ty.is_heap_type() {
        std::mem::forget(ty.to_value());
        let n = ty.shared_keys().len().max(ty.expected_attrs.get() as usize);
        if ty.no_dict.get() {
            0
        } else if n == 0 && !ty.made_instance.replace(true) {
            FIRST_SLOTS
        } else {
            n
        }
    } else {
        0
    };
    let members = ty.members().len();
    let layout = instance_layout(cap + members);
    // SAFETY: the layout has a non-zero size; the header and fields are written before the
    // pointer becomes a value, the member slots are set to NULL, and the inline slots stay
    // unused until written (`len` is 0).
    let v = unsafe {
        let p = std::alloc::alloc(layout) as *mut InstanceObject;
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        p.write(InstanceObject {
            header: ObjHeader::new(ty),
            dict: UnsafeCell::new(Value::NULL),
            len: Cell::new(0),
            cap: cap as u32,
            gc: crate::gc::GcLink::new(),
        });
        let first_member = (p.add(1) as *mut Value).add(cap);
        for k in 0..members {
            first_member.add(k).write(Value::NULL);
        }
        Value::from_owned_ptr(p as *mut ObjHeader)
    };
    crate::gc::track(&v);
    v
}

/// `dealloc` of instances: leaves the collector's registry, drops the attributes, frees the
/// allocation of `new_instance`, then releases a heap class.
///
/// # Safety
/// `p` must be an instance made by [`new_instance`] whose count reached zero.
pub unsafe fn dealloc_instance(p: *mut ObjHeader) {
    // SAFETY: per the contract; the class pointer is read before the memory goes.
    unsafe {
        crate::gc::untrack(p);
        let inst = p as *mut InstanceObject;
        let ty = (*p).ty;
        let size = (*inst).cap as usize + (*ty).members().len();
        (*inst).clear();
        std::ptr::drop_in_place(inst);
        std::alloc::dealloc(p as *mut u8, instance_layout(size));
        if (*ty).is_heap_type() {
            crate::value::decref(ty as *mut ObjHeader);
        }
    }
}

/// `obj.__class__ = new` once the VM has checked that the classes are compatible (both heap
/// types, same instance layout and members): switches the type pointer, moving the new class
/// reference in and releasing the old one. An instance's inline values are keyed by its old
/// class's shared keys, so they move into a dict first (decision 33's "leaving"). Specialized
/// code guards on the type (its version tag or its plain mark), so it misses from now on.
pub fn set_class(obj: &Value, new: &TypeObject) {
    if let Some(inst) = obj.as_instance()
        && inst.dict_slot().is_null()
        && inst.len.get() > 0
    {
        drop(inst.dict());
    }
    let new_ref = new.to_value();
    let p = obj.ptr();
    // SAFETY: `obj` is a live object (single-threaded VM) and no reference into its header
    // is held across this write; the instance held one reference to its old (heap) class,
    // which is released after the new one has been stored.
    unsafe {
        let old = (*p).ty;
        (*p).ty = new as *const TypeObject;
        std::mem::forget(new_ref);
        if (*old).is_heap_type() {
            crate::value::decref(old as *mut ObjHeader);
        }
    }
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
    // In u64: the distance between two i64s and the step's magnitude fit, and a u64 division
    // is one instruction where an i128 one is a library call (every `range()` asks).
    let n = if step > 0 && start < stop {
        (stop.wrapping_sub(start) as u64 - 1) / step as u64 + 1
    } else if step < 0 && start > stop {
        (start.wrapping_sub(stop) as u64 - 1) / step.unsigned_abs() + 1
    } else {
        0
    };
    n.min(i64::MAX as u64) as i64
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
///
/// `#[repr(u64)]` so that machine code can read the hot states at fixed offsets (DESIGN.md
/// §2.2): the discriminant is the first word and each variant's fields follow as in a
/// `#[repr(C)]` struct. `Range` is discriminant 0 (`next`, `step`, `remaining` at words 1, 2,
/// 3); `Seq` is 2 (`seq`, `index` at words 1, 2). The ABI's `ITER_*` constants say so and a
/// test checks them.
#[repr(u64)]
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

#[cfg(test)]
mod tests {
    use super::range_len;

    /// The length by the definition, in i128.
    fn reference(start: i64, stop: i64, step: i64) -> i64 {
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

    #[test]
    fn range_len_matches_the_definition_at_the_edges() {
        let ends = [i64::MIN, i64::MIN + 1, -1_000_003, -7, -1, 0, 1, 2, 7, 1_000_003, i64::MAX - 1, i64::MAX];
        let steps = [i64::MIN, i64::MIN + 1, -1_000_003, -3, -2, -1, 1, 2, 3, 1_000_003, i64::MAX];
        for &a in &ends {
            for &b in &ends {
                for &s in &steps {
                    assert_eq!(range_len(a, b, s), reference(a, b, s), "range({a}, {b}, {s})");
                }
            }
        }
    }
}
