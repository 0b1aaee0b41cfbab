//! The value word and the object header.
//!
//! A [`Value`] is one tagged 64-bit word (DESIGN.md §2.2):
//! - bit 0 set: a small int, the payload is the word shifted right by one (63 bits signed);
//! - bit 0 clear, non-zero: a pointer to a `#[repr(C)]` heap object starting with [`ObjHeader`];
//! - zero: `NULL`, an empty slot (an unbound local, the `self_or_null` of a call).
//!
//! Small ints that overflow become [`crate::int::IntObject`] bigints; an int that fits the
//! small range is *always* small (:int-canonical:), so equality of small ints is word equality.
//!
//! `Value` owns one reference: `Clone` increments the count, `Drop` decrements it and frees the
//! object at zero through its type's `dealloc`. Immortal objects (None, True, False, builtin
//! types, interned strings) carry a negative count and are never counted or freed, as in
//! CPython 3.12.

use std::cell::Cell;
use std::fmt;

use crate::types::TypeObject;

/// Header of every heap object. JIT code reads `refcnt` at offset 0 and `ty` at offset 8.
#[repr(C)]
pub struct ObjHeader {
    /// Reference count; negative means immortal.
    pub refcnt: Cell<isize>,
    /// The object's type.
    pub ty: *const TypeObject,
}

/// Reference count of immortal objects.
pub const IMMORTAL: isize = isize::MIN / 2;

impl ObjHeader {
    /// A header for a fresh object holding one reference.
    pub const fn new(ty: *const TypeObject) -> ObjHeader {
        ObjHeader { refcnt: Cell::new(1), ty }
    }

    /// A header for an immortal (static or leaked) object.
    pub const fn immortal(ty: *const TypeObject) -> ObjHeader {
        ObjHeader { refcnt: Cell::new(IMMORTAL), ty }
    }
}

/// Smallest small int.
pub const SMALL_MIN: i64 = -(1 << 62);
/// Largest small int.
pub const SMALL_MAX: i64 = (1 << 62) - 1;

/// One tagged word: small int, object pointer, or NULL. See the module docs.
#[repr(transparent)]
pub struct Value(u64);

impl Value {
    /// The empty slot.
    pub const NULL: Value = Value(0);

    /// A small int. The caller guarantees `SMALL_MIN <= i <= SMALL_MAX`.
    #[inline(always)]
    pub const fn small(i: i64) -> Value {
        Value(((i << 1) | 1) as u64)
    }

    /// Whether `i` fits the small-int range.
    #[inline(always)]
    pub const fn fits_small(i: i64) -> bool {
        i >= SMALL_MIN && i <= SMALL_MAX
    }

    /// Takes ownership of one reference to a heap object.
    ///
    /// # Safety
    /// `p` must point to a live object that starts with an [`ObjHeader`], and the caller gives
    /// up one reference it owned.
    #[inline(always)]
    pub unsafe fn from_owned_ptr(p: *mut ObjHeader) -> Value {
        Value(p as u64)
    }

    /// A new reference to a heap object (increments its count).
    ///
    /// # Safety
    /// `p` must point to a live object that starts with an [`ObjHeader`].
    #[inline(always)]
    pub unsafe fn from_borrowed_ptr(p: *const ObjHeader) -> Value {
        // SAFETY: the caller guarantees p is live.
        unsafe { incref(p) };
        Value(p as u64)
    }

    /// The raw word, keeping the reference (pair with [`Value::from_raw`]).
    #[inline(always)]
    pub fn into_raw(self) -> u64 {
        let w = self.0;
        std::mem::forget(self);
        w
    }

    /// Rebuilds a value from [`Value::into_raw`].
    ///
    /// # Safety
    /// `w` must come from `into_raw` (or be a small int or 0) and own its reference.
    #[inline(always)]
    pub unsafe fn from_raw(w: u64) -> Value {
        Value(w)
    }

    /// The raw word without touching the count.
    #[inline(always)]
    pub fn raw(&self) -> u64 {
        self.0
    }

    /// Is this the empty slot?
    #[inline(always)]
    pub fn is_null(&self) -> bool {
        self.0 == 0
    }

    /// Is this a small int?
    #[inline(always)]
    pub fn is_small(&self) -> bool {
        self.0 & 1 == 1
    }

    /// The small int payload; only meaningful when [`Value::is_small`].
    #[inline(always)]
    pub fn small_value(&self) -> i64 {
        (self.0 as i64) >> 1
    }

    /// Is this a heap object (not small, not NULL)?
    #[inline(always)]
    pub fn is_obj(&self) -> bool {
        // Even and non-zero, in one signed test: rotating the tag bit into the sign bit makes
        // every small int negative, leaves NULL zero, and a pointer positive.
        (self.0.rotate_right(1) as i64) > 0
    }

    /// The object pointer; only meaningful when [`Value::is_obj`].
    #[inline(always)]
    pub fn ptr(&self) -> *mut ObjHeader {
        self.0 as *mut ObjHeader
    }

    /// The object pointer cast to a layout type.
    ///
    /// # Safety
    /// The value must be an object whose type has layout `T`.
    #[inline(always)]
    pub unsafe fn as_ref<T>(&self) -> &T {
        // SAFETY: the caller guarantees the layout; the value keeps the object alive.
        unsafe { &*(self.0 as *const T) }
    }

    /// The type of the value (int for small ints). Must not be called on NULL.
    #[inline(always)]
    pub fn ty(&self) -> &'static TypeObject {
        if self.is_small() {
            &crate::types::INT_TYPE
        } else {
            debug_assert!(!self.is_null(), "type of NULL");
            // SAFETY: a non-null, non-small value points to a live object with a header; types
            // outlive their instances (instances of heap types hold a reference to them), so
            // handing out 'static is sound for as long as the value is alive, which is how
            // every caller uses it.
            unsafe { &*(*self.ptr()).ty }
        }
    }

    /// Is the value an object of exactly this type (by identity)?
    #[inline(always)]
    pub fn is_type(&self, t: &TypeObject) -> bool {
        self.is_obj() && {
            // SAFETY: is_obj says it points to a live header.
            unsafe { std::ptr::eq((*self.ptr()).ty, t) }
        }
    }

    /// Identity (`is`).
    #[inline(always)]
    pub fn is(&self, other: &Value) -> bool {
        self.0 == other.0
    }

    /// Takes the value out, leaving NULL.
    #[inline(always)]
    pub fn take(&mut self) -> Value {
        std::mem::replace(self, Value::NULL)
    }

    /// Current reference count (immortal objects and small ints report `isize::MAX`).
    pub fn refcount(&self) -> isize {
        if self.is_obj() {
            // SAFETY: live object.
            let rc = unsafe { (*self.ptr()).refcnt.get() };
            if rc < 0 { isize::MAX } else { rc }
        } else {
            isize::MAX
        }
    }
}

/// Increments an object's count unless it is immortal.
///
/// # Safety
/// `p` must point to a live object header.
#[inline(always)]
pub unsafe fn incref(p: *const ObjHeader) {
    // SAFETY: caller guarantees liveness.
    let h = unsafe { &*p };
    let rc = h.refcnt.get();
    if rc >= 0 {
        h.refcnt.set(rc + 1);
    }
}

/// Decrements an object's count, freeing it at zero, unless it is immortal.
///
/// # Safety
/// `p` must point to a live object header and the caller gives up one reference.
#[inline(always)]
pub unsafe fn decref(p: *mut ObjHeader) {
    // SAFETY: caller guarantees liveness.
    let h = unsafe { &*p };
    let rc = h.refcnt.get();
    if rc > 1 {
        h.refcnt.set(rc - 1);
    } else if rc == 1 {
        h.refcnt.set(0);
        // SAFETY: the count reached zero, so this was the last reference; the type's dealloc
        // knows the layout.
        unsafe { ((*h.ty).dealloc)(p) };
    }
}

impl Clone for Value {
    #[inline(always)]
    fn clone(&self) -> Value {
        // Read once: the count's store could alias `self` as far as LLVM knows, and reading
        // the word again after it costs a load on every copy out of a stack slot.
        let v = Value(self.0);
        if v.is_obj() {
            // SAFETY: is_obj says it points to a live header.
            unsafe { incref(v.ptr()) };
        }
        v
    }
}

impl Drop for Value {
    #[inline(always)]
    fn drop(&mut self) {
        if self.is_obj() {
            // SAFETY: we own one reference to a live object.
            unsafe { decref(self.ptr()) };
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            write!(f, "NULL")
        } else if self.is_small() {
            write!(f, "{}", self.small_value())
        } else {
            write!(f, "<{} at {:#x}>", self.ty().name(), self.0)
        }
    }
}

/// Boxes a layout struct as a new heap object and returns the owning value.
pub fn alloc<T>(obj: T) -> Value {
    let p = Box::into_raw(Box::new(obj));
    // SAFETY: every layout struct is #[repr(C)] and starts with an ObjHeader whose count is 1.
    unsafe { Value::from_owned_ptr(p as *mut ObjHeader) }
}

/// A `dealloc` for objects allocated by [`alloc`].
///
/// # Safety
/// `p` must have been produced by `alloc::<T>` and its count must have reached zero.
pub unsafe fn dealloc_box<T>(p: *mut ObjHeader) {
    // SAFETY: the caller guarantees p came from Box<T>; dropping the box drops T's fields,
    // which releases the values it owns. A heap type's instances hold a reference to it,
    // released here after the fields.
    unsafe {
        let ty = (*p).ty;
        drop(Box::from_raw(p as *mut T));
        if (*ty).is_heap_type() {
            decref(ty as *mut ObjHeader);
        }
    }
}
