//! `float`: a boxed `f64`.

use std::cell::Cell;

use crate::types::FLOAT_TYPE;
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// A float object. JIT code reads `value` at offset 16.
#[repr(C)]
pub struct FloatObject {
    pub header: ObjHeader,
    pub value: f64,
}

impl Value {
    /// A new float.
    #[inline]
    pub fn float(f: f64) -> Value {
        let obj = FloatObject { header: ObjHeader::new(&FLOAT_TYPE), value: f };
        let p = FREE_FLOATS.with(FreeFloats::take);
        if p.is_null() {
            return alloc(obj);
        }
        // SAFETY: a free-list block is a dead `FloatObject` allocation (see `dealloc_float`);
        // writing a fresh object into it gives one owned reference.
        unsafe {
            p.write(obj);
            Value::from_owned_ptr(p as *mut ObjHeader)
        }
    }

    /// Is this exactly a float?
    #[inline(always)]
    pub fn is_float(&self) -> bool {
        self.is_type(&FLOAT_TYPE)
    }

    /// The float value, if this is a float.
    #[inline(always)]
    pub fn as_f64(&self) -> Option<f64> {
        if self.is_float() {
            // SAFETY: float type means FloatObject layout.
            Some(unsafe { self.as_ref::<FloatObject>().value })
        } else {
            None
        }
    }

    /// The float value; the caller has checked [`Value::is_float`].
    #[inline(always)]
    pub fn float_value(&self) -> f64 {
        debug_assert!(self.is_float());
        // SAFETY: the caller checked the type.
        unsafe { self.as_ref::<FloatObject>().value }
    }
}

/// Dead float blocks kept for reuse, as CPython's float free list: float arithmetic makes and
/// drops a float per operation, and a block from here skips the allocator both ways. The list
/// threads through the blocks' `value` fields and holds at most [`FreeFloats::MAX`] blocks.
struct FreeFloats {
    head: Cell<*mut FloatObject>,
    len: Cell<u32>,
}

impl FreeFloats {
    const MAX: u32 = 256;

    fn take(&self) -> *mut FloatObject {
        let p = self.head.get();
        if !p.is_null() {
            // SAFETY: list blocks are valid `FloatObject` allocations whose `value` holds the
            // next block's address.
            self.head.set(unsafe { (*p).value.to_bits() } as usize as *mut FloatObject);
            self.len.set(self.len.get() - 1);
        }
        p
    }

    fn give(&self, p: *mut FloatObject) -> bool {
        if self.len.get() >= Self::MAX {
            return false;
        }
        // SAFETY: `p` is a dead float allocation (count zero) owned by the caller.
        unsafe { (*p).value = f64::from_bits(self.head.get() as usize as u64) };
        self.head.set(p);
        self.len.set(self.len.get() + 1);
        true
    }
}

thread_local! {
    static FREE_FLOATS: FreeFloats = const { FreeFloats { head: Cell::new(std::ptr::null_mut()), len: Cell::new(0) } };
}

/// `float`'s `dealloc`: the block goes to the free list, or back to the allocator when the
/// list is full.
///
/// # Safety
/// As for [`dealloc_box`]: `p` is a float made by [`Value::float`] whose count reached zero.
pub unsafe fn dealloc_float(p: *mut ObjHeader) {
    // Instances of float subclasses share this dealloc; they go back whole (with their
    // reference to the class).
    // SAFETY: `p` is a live header until freed.
    let exact = std::ptr::eq(unsafe { (*p).ty }, &FLOAT_TYPE);
    if !exact || !FREE_FLOATS.with(|f| f.give(p as *mut FloatObject)) {
        // SAFETY: forwarded from the caller.
        unsafe { dealloc_box::<FloatObject>(p) }
    }
}
