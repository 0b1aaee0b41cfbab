//! `set` and `frozenset`: a port of CPython 3.11's open-addressing set table
//! (`Objects/setobject.c`: linear probes of 9, then perturbed probing; resize at 60% fill).
//!
//! DESIGN.md §2.2 asks for compact insertion-ordered sets, but CPython's sets are *not*
//! insertion-ordered: `print({3, 1, 2})` prints `{1, 2, 3}`. Output must match CPython byte for
//! byte, so iteration order here follows CPython's table layout exactly (see
//! `docs/decisions.md`).

use std::cell::{Cell, UnsafeCell};

use crate::exc::{PyErr, PyResult};
use crate::keys::{eq_value, hash_value};
use crate::types::{FROZENSET_TYPE, SET_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc};

const MINSIZE: usize = 8;
const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;

/// One slot. Unused: key NULL, hash 0. Dummy (deleted): key NULL, hash -1.
#[derive(Default)]
pub struct SetEntry {
    pub hash: i64,
    pub key: Value,
}

impl Default for Value {
    fn default() -> Value {
        Value::NULL
    }
}

/// The table of a set.
pub struct SetInner {
    pub table: Vec<SetEntry>,
    pub fill: usize,
    pub used: usize,
    pub mask: usize,
    finger: usize,
}

impl Default for SetInner {
    fn default() -> SetInner {
        SetInner {
            table: (0..MINSIZE).map(|_| SetEntry::default()).collect(),
            fill: 0,
            used: 0,
            mask: MINSIZE - 1,
            finger: 0,
        }
    }
}

/// A set or frozenset object.
#[repr(C)]
pub struct SetObject {
    pub header: ObjHeader,
    /// Cached hash for frozensets (-1 until computed).
    pub hash: Cell<i64>,
    inner: UnsafeCell<SetInner>,
}

/// A new empty set (or frozenset when `frozen`).
pub fn new_set(frozen: bool) -> Value {
    let ty: &TypeObject = if frozen { &FROZENSET_TYPE } else { &SET_TYPE };
    alloc(SetObject { header: ObjHeader::new(ty), hash: Cell::new(-1), inner: UnsafeCell::new(SetInner::default()) })
}

impl Value {
    /// The set object, if this is a set or frozenset.
    pub fn as_set(&self) -> Option<&SetObject> {
        if self.is_type(&SET_TYPE) || self.is_type(&FROZENSET_TYPE) {
            // SAFETY: set/frozenset types mean SetObject layout.
            Some(unsafe { self.as_ref::<SetObject>() })
        } else {
            None
        }
    }
}

fn insert_clean(table: &mut [SetEntry], mask: usize, key: Value, hash: i64) {
    let mut perturb = hash as u64;
    let mut i = (hash as u64 as usize) & mask;
    loop {
        if table[i].key.is_null() {
            table[i] = SetEntry { hash, key };
            return;
        }
        if i + LINEAR_PROBES <= mask {
            for j in 1..=LINEAR_PROBES {
                if table[i + j].key.is_null() {
                    table[i + j] = SetEntry { hash, key };
                    return;
                }
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
    }
}

impl SetObject {
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    fn inner(&self) -> &mut SetInner {
        // SAFETY: single-threaded; methods do not hold the borrow across Python calls
        // (equality hooks are called with cloned keys and the table is re-checked after).
        unsafe { &mut *self.inner.get() }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.inner().used
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Is this a frozenset?
    pub fn is_frozen(&self) -> bool {
        std::ptr::eq(self.header.ty, &FROZENSET_TYPE)
    }

    /// The elements in table order (cloned).
    pub fn items(&self) -> Vec<Value> {
        let inner = self.inner();
        let mut out = Vec::with_capacity(inner.used);
        out.extend(inner.table.iter().filter(|e| !e.key.is_null()).map(|e| e.key.clone()));
        out
    }

    /// The elements with their hashes, read from the table in place one at a time (CPython's
    /// `set_next`), for an operation between two sets that looks them up in the other
    /// without hashing again (`set_contains_entry`). An `__eq__` those lookups run may change
    /// the set: the walk then sees what the table holds, never a freed entry.
    pub fn walk(&self) -> Walk<'_> {
        Walk { set: self, i: 0 }
    }

    /// `key in self` for a `key` whose hash is `hash` (taken from another set's entry).
    pub fn contains_entry(&self, key: &Value, hash: i64) -> PyResult<bool> {
        Ok(self.lookup(key, hash)?.is_some())
    }

    /// Removes the element equal to `key`, whose hash is `hash`; whether it was there.
    pub fn discard_entry(&self, key: &Value, hash: i64) -> PyResult<bool> {
        match self.lookup(key, hash)? {
            Some(i) => {
                let inner = self.inner();
                let e = &mut inner.table[i];
                let _old = e.key.take();
                e.hash = -1;
                inner.used -= 1;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Table slot count (for iterators).
    pub fn slots(&self) -> usize {
        self.inner().table.len()
    }

    /// The element in slot `i`, if live.
    pub fn slot(&self, i: usize) -> Option<Value> {
        self.inner().table.get(i).filter(|e| !e.key.is_null()).map(|e| e.key.clone())
    }

    /// Finds the slot holding an element equal to `key`.
    fn lookup(&self, key: &Value, hash: i64) -> PyResult<Option<usize>> {
        'restart: loop {
            let mask = self.inner().mask;
            let mut perturb = hash as u64;
            let mut i = (hash as u64 as usize) & mask;
            loop {
                let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
                for j in 0..=probes {
                    let idx = i + j;
                    let e = &self.inner().table[idx];
                    if e.hash == hash && e.key.is(key) {
                        // The common hit, decided without a count on the element.
                        return Ok(Some(idx));
                    }
                    if e.key.is_null() {
                        if e.hash == 0 {
                            return Ok(None);
                        }
                        continue;
                    }
                    if e.hash == hash {
                        let ekey = e.key.clone();
                        let table_len = self.inner().table.len();
                        let eq = eq_value(&ekey, key)?;
                        if self.inner().table.len() != table_len || !self.inner().table[idx].key.is(&ekey) {
                            continue 'restart;
                        }
                        if eq {
                            return Ok(Some(idx));
                        }
                    }
                }
                perturb >>= PERTURB_SHIFT;
                i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
            }
        }
    }

    /// `key in self` for an element that must hash (CPython's `set_contains_key`).
    pub fn contains(&self, key: &Value) -> PyResult<bool> {
        let h = hash_value(key)?;
        Ok(self.lookup(key, h)?.is_some())
    }

    /// The `in` operator: as [`SetObject::contains`], but a (mutable, unhashable) set key is
    /// looked up as a temporary frozenset with the same items, as CPython's `set_contains`.
    pub fn contains_op(&self, key: &Value) -> PyResult<bool> {
        match self.contains(key) {
            Err(e) => self.contains(&frozen_key(key, e)?),
            r => r,
        }
    }

    /// `self.add(key)`.
    pub fn add(&self, key: Value) -> PyResult<()> {
        let h = hash_value(&key)?;
        self.add_with_hash(key, h)
    }

    /// `self.add(key)` for a `key` whose hash is `hash` (from another set's entry).
    pub fn add_with_hash(&self, key: Value, hash: i64) -> PyResult<()> {
        if self.lookup(&key, hash)?.is_some() {
            return Ok(());
        }
        // Find the first unused slot along the probe sequence (dummies are not reused, as in
        // CPython 3.11).
        let inner = self.inner();
        let mask = inner.mask;
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        'outer: loop {
            let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
            for j in 0..=probes {
                let e = &mut inner.table[i + j];
                if e.hash == 0 && e.key.is_null() {
                    *e = SetEntry { hash, key };
                    break 'outer;
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
        inner.fill += 1;
        inner.used += 1;
        if inner.fill * 5 < mask * 3 {
            return Ok(());
        }
        let minused = if inner.used > 50000 { inner.used * 2 } else { inner.used * 4 };
        self.resize(minused)
    }

    /// Moves the entries into a table of at least `minused` slots; `MemoryError` (the set
    /// unchanged) when that table cannot be allocated.
    fn resize(&self, minused: usize) -> PyResult<()> {
        let mut newsize = MINSIZE;
        while newsize <= minused {
            newsize <<= 1;
        }
        let inner = self.inner();
        let mut table = crate::mem::vec_with_capacity(newsize)?;
        table.resize_with(newsize, SetEntry::default);
        let old = std::mem::replace(&mut inner.table, table);
        inner.mask = newsize - 1;
        inner.fill = inner.used;
        for e in old {
            if !e.key.is_null() {
                insert_clean(&mut inner.table, inner.mask, e.key, e.hash);
            }
        }
        Ok(())
    }

    /// `self.discard(key)`; returns whether it was present.
    pub fn discard(&self, key: &Value) -> PyResult<bool> {
        let h = hash_value(key)?;
        self.discard_entry(key, h)
    }

    /// `set.remove`/`set.discard`: as [`SetObject::discard`], but a set key stands for the
    /// frozenset with its items, as CPython's `set_remove`/`set_discard`.
    pub fn discard_op(&self, key: &Value) -> PyResult<bool> {
        match self.discard(key) {
            Err(e) => self.discard(&frozen_key(key, e)?),
            r => r,
        }
    }

    /// `self.pop()`: an arbitrary element (CPython's finger order), `None` if empty.
    pub fn pop(&self) -> Option<Value> {
        let inner = self.inner();
        if inner.used == 0 {
            return None;
        }
        let mut i = inner.finger & inner.mask;
        while inner.table[i].key.is_null() {
            i += 1;
            if i > inner.mask {
                i = 0;
            }
        }
        let e = &mut inner.table[i];
        let k = e.key.take();
        e.hash = -1;
        inner.used -= 1;
        inner.finger = i + 1;
        Some(k)
    }

    /// Removes everything.
    pub fn clear(&self) {
        let old = std::mem::take(self.inner());
        drop(old);
    }

    /// Adds every element of another set (CPython's `set_merge`, same resulting layout).
    pub fn merge(&self, other: &SetObject) -> PyResult<()> {
        if std::ptr::eq(self, other) || other.is_empty() {
            return Ok(());
        }
        let o = other.inner();
        {
            let inner = self.inner();
            if (inner.fill + o.used) * 5 >= inner.mask * 3 {
                self.resize((inner.used + o.used) * 2)?;
            }
        }
        let inner = self.inner();
        if inner.fill == 0 && inner.mask == o.mask && o.fill == o.used {
            for (dst, src) in inner.table.iter_mut().zip(&o.table) {
                *dst = SetEntry { hash: src.hash, key: src.key.clone() };
            }
            inner.fill = o.fill;
            inner.used = o.used;
            return Ok(());
        }
        if inner.fill == 0 {
            inner.fill = o.used;
            inner.used = o.used;
            let mask = inner.mask;
            for e in &o.table {
                if !e.key.is_null() {
                    insert_clean(&mut inner.table, mask, e.key.clone(), e.hash);
                }
            }
            return Ok(());
        }
        let pairs: Vec<(Value, i64)> =
            o.table.iter().filter(|e| !e.key.is_null()).map(|e| (e.key.clone(), e.hash)).collect();
        for (k, h) in pairs {
            self.add_with_hash(k, h)?;
        }
        Ok(())
    }

    /// Adds the keys of a dict (CPython's dict branch of `set_update_internal`).
    pub fn merge_dict_keys(&self, keys: Vec<(Value, i64)>) -> PyResult<()> {
        {
            let inner = self.inner();
            if (inner.fill + keys.len()) * 5 >= inner.mask * 3 {
                self.resize((inner.used + keys.len()) * 2)?;
            }
        }
        for (k, h) in keys {
            self.add_with_hash(k, h)?;
        }
        Ok(())
    }

    /// A copy with the same layout (type `frozen` or set).
    pub fn copy(&self, frozen: bool) -> PyResult<Value> {
        let s = new_set(frozen);
        s.as_set().expect("set").merge(self)?;
        Ok(s)
    }
}

/// [`SetObject::walk`]'s iterator.
pub struct Walk<'a> {
    set: &'a SetObject,
    i: usize,
}

impl Iterator for Walk<'_> {
    type Item = (Value, i64);

    fn next(&mut self) -> Option<(Value, i64)> {
        let table = &self.set.inner().table;
        while let Some(e) = table.get(self.i) {
            self.i += 1;
            if !e.key.is_null() {
                return Some((e.key.clone(), e.hash));
            }
        }
        None
    }
}

/// The temporary frozenset that stands for a set `key` whose hashing failed with `err` (set
/// `in`, `remove` and `discard` retry with it, as CPython's `set_contains`/`set_discard` do);
/// `err` itself for any other key or error.
fn frozen_key(key: &Value, err: PyErr) -> PyResult<Value> {
    match key.as_set() {
        Some(s) if !s.is_frozen() && err.matches(&crate::exc::TYPE_ERROR) => s.copy(true),
        _ => Err(err),
    }
}
