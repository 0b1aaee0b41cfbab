//! `tuple` and `list`.

use std::cell::UnsafeCell;

use crate::types::{LIST_TYPE, TUPLE_TYPE};
use crate::value::{IMMORTAL, ObjHeader, Value, alloc};

/// An immutable tuple.
#[repr(C)]
pub struct TupleObject {
    pub header: ObjHeader,
    pub items: Box<[Value]>,
    /// Cycle-collector registration (last, see `crate::gc`).
    pub gc: crate::gc::GcLink,
}

/// A mutable list. Access goes through [`ListObject::items`] / [`ListObject::items_mut`];
/// the VM is single-threaded and never holds a borrow across a call back into Python code
/// (:list-borrow:).
#[repr(C)]
pub struct ListObject {
    pub header: ObjHeader,
    pub items: UnsafeCell<Vec<Value>>,
    /// Cycle-collector registration (last, see `crate::gc`).
    pub gc: crate::gc::GcLink,
}

impl ListObject {
    /// Shared view of the items.
    #[inline(always)]
    pub fn items(&self) -> &Vec<Value> {
        // SAFETY: :list-borrow: no mutable borrow is alive while this one is used.
        unsafe { &*self.items.get() }
    }

    /// Mutable view of the items.
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub fn items_mut(&self) -> &mut Vec<Value> {
        // SAFETY: :list-borrow: callers never keep another borrow alive across this one.
        unsafe { &mut *self.items.get() }
    }

    /// `list.append(v)`: `MemoryError` when the list cannot grow.
    #[inline]
    pub fn push(&self, v: Value) -> crate::PyResult<()> {
        crate::mem::push(self.items_mut(), v)
    }

    /// `list.extend(items)` for items already collected: `MemoryError` when the list cannot
    /// grow (nothing is added then).
    pub fn extend(&self, items: Vec<Value>) -> crate::PyResult<()> {
        crate::mem::reserve(self.items_mut(), items.len())?;
        self.items_mut().extend(items);
        Ok(())
    }
}

impl Value {
    /// A new tuple.
    pub fn tuple(items: Vec<Value>) -> Value {
        if items.is_empty() {
            return empty_tuple();
        }
        // A tuple of atoms can never be part of a cycle: only tuples holding a container are
        // tracked (CPython untracks such tuples lazily; ours never start tracked).
        let container = items.iter().any(crate::gc::is_tracked_kind);
        let t = alloc(TupleObject {
            header: ObjHeader::new(&TUPLE_TYPE),
            items: items.into_boxed_slice(),
            gc: crate::gc::GcLink::new(),
        });
        if container {
            crate::gc::track(&t);
        }
        t
    }

    /// A new list.
    pub fn list(items: Vec<Value>) -> Value {
        let l = alloc(ListObject {
            header: ObjHeader::new(&LIST_TYPE),
            items: UnsafeCell::new(items),
            gc: crate::gc::GcLink::new(),
        });
        crate::gc::track(&l);
        l
    }

    /// Is this exactly a tuple?
    #[inline(always)]
    pub fn is_tuple(&self) -> bool {
        self.is_type(&TUPLE_TYPE)
    }

    /// Is this exactly a list?
    #[inline(always)]
    pub fn is_list(&self) -> bool {
        self.is_type(&LIST_TYPE)
    }

    /// The tuple's items, if this is a tuple (or an instance of a user subclass of tuple).
    #[inline(always)]
    pub fn as_tuple(&self) -> Option<&[Value]> {
        if self.is_tuple() || self.is_obj() && self.ty().kind == crate::types::Kind::Tuple {
            // SAFETY: tuple kind means TupleObject layout (`crate::sub` for subclasses).
            Some(unsafe { &self.as_ref::<TupleObject>().items })
        } else {
            None
        }
    }

    /// The list object, if this is a list (or an instance of a user subclass of list).
    #[inline(always)]
    pub fn as_list(&self) -> Option<&ListObject> {
        if self.is_list() || self.is_obj() && self.ty().kind == crate::types::Kind::List {
            // SAFETY: list kind means ListObject layout (`crate::sub` for subclasses).
            Some(unsafe { self.as_ref::<ListObject>() })
        } else {
            None
        }
    }
}

thread_local! {
    /// The word of the empty tuple, once made.
    static EMPTY_TUPLE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The empty tuple: one immortal object, as CPython's singleton (`() is ()`), so that a call
/// binding an empty `*args` allocates nothing.
fn empty_tuple() -> Value {
    EMPTY_TUPLE.with(|w| {
        if w.get() == 0 {
            let t = alloc(TupleObject {
                header: ObjHeader::new(&TUPLE_TYPE),
                items: Box::default(),
                gc: crate::gc::GcLink::new(),
            });
            // SAFETY: a fresh tuple we own; immortal, it is never freed.
            unsafe { (*t.ptr()).refcnt.set(IMMORTAL) };
            w.set(t.into_raw());
        }
        // SAFETY: the word is the immortal empty tuple made above.
        unsafe { Value::from_raw(w.get()) }
    })
}
