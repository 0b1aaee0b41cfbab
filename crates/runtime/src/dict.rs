//! `dict`: compact and insertion-ordered like CPython's. Entries live in a vector in insertion
//! order (deleted entries leave a hole with a NULL key until the next compaction); the index is
//! a `hashbrown::HashTable` of entry positions, probed with Python hashes and Python equality.
//! A dict of at most `SMALL` entries (holes included) has no index: lookups scan the entries,
//! comparing the stored hash first. Most instance dicts stay that small, and skipping the
//! index saves an allocation and a hash-table insert per attribute.
//!
//! `version` is the *keys version*: it changes whenever the set of keys or their positions
//! change (insert of a new key, delete, clear, compaction), never when only a value is
//! replaced. A cached entry position is valid while the version is unchanged — the guard that
//! `LOAD_GLOBAL_MODULE`/`LOAD_GLOBAL_BUILTIN` use.

use std::cell::{Cell, UnsafeCell};

use hashbrown::HashTable;

use crate::exc::PyResult;
use crate::keys::{eq_atoms, eq_value, hash_value};
use crate::types::{DICT_TYPE, TypeObject, next_version};
use crate::value::{ObjHeader, Value, alloc};

/// One entry; `key` is NULL for a deleted entry.
pub struct DictEntry {
    pub hash: i64,
    pub key: Value,
    pub value: Value,
}

/// The mutable contents of a dict.
#[derive(Default)]
pub struct DictInner {
    pub entries: Vec<DictEntry>,
    /// Positions of the live entries; empty (unallocated) while `entries.len() <= SMALL`.
    index: HashTable<usize>,
    used: usize,
}

/// Largest entries vector (holes included) that is scanned instead of indexed.
const SMALL: usize = 8;

impl DictInner {
    /// Is the dict in scanning mode (no index)?
    #[inline(always)]
    fn small(&self) -> bool {
        self.entries.len() <= SMALL
    }

    /// Position of the live entry with hash `hash` for which `eq` holds.
    #[inline(always)]
    fn find_by(&self, hash: i64, mut eq: impl FnMut(&DictEntry) -> bool) -> Option<usize> {
        if self.small() {
            self.entries.iter().position(|e| e.hash == hash && !e.key.is_null() && eq(e))
        } else {
            self.index.find(mix(hash), |&i| eq(&self.entries[i])).copied()
        }
    }

    /// Rebuilds the index from the live entries, or drops it when the entries are few enough
    /// to scan.
    fn reindex(&mut self) {
        if self.small() {
            self.index = HashTable::new();
            return;
        }
        self.index = HashTable::with_capacity(self.entries.len());
        let entries = &self.entries;
        for (pos, e) in entries.iter().enumerate() {
            if !e.key.is_null() {
                self.index.insert_unique(mix(e.hash), pos, |&j| mix(entries[j].hash));
            }
        }
    }
}

/// How many value replacements a value-watched dict reports before its values stop being
/// promoted to constants ([`DictObject::values_promotable`]); also how many keys changes a
/// watched dict reports. Low: each report invalidates executors (decision 78).
pub const VALUE_EDIT_LIMIT: u8 = 2;

/// A dict object.
#[repr(C)]
pub struct DictObject {
    pub header: ObjHeader,
    /// Keys version (see module docs).
    pub version: Cell<u32>,
    /// Keys changes are reported to `crate::watch` (tier 2 depends on this dict).
    watched: Cell<bool>,
    /// Value replacements are reported too (a trace holds one of the values as a constant).
    values_watched: Cell<bool>,
    /// Values replaced while value-watched, up to [`VALUE_EDIT_LIMIT`].
    value_edits: Cell<u8>,
    /// Keys changes while watched, up to [`VALUE_EDIT_LIMIT`]: past it the dict is watched no
    /// more, so traces keep their version guards instead of being invalidated at every change.
    key_edits: Cell<u8>,
    inner: UnsafeCell<DictInner>,
    /// Bit `hash & 63` is set for every key ever inserted since the last `clear`: a name whose
    /// bit is clear is certainly absent (a one-word filter in front of attribute misses).
    keymask: Cell<u64>,
    /// Cycle-collector registration (last, see `crate::gc`).
    pub gc: crate::gc::GcLink,
}

impl Drop for DictObject {
    /// A watched dict that dies takes what executors assumed of it along: they are told
    /// before its values are released.
    fn drop(&mut self) {
        let addr = self as *const DictObject as u64;
        if self.watched.get() {
            crate::watch::notify(crate::watch::dict(addr));
        }
        if self.values_watched.get() {
            crate::watch::notify(crate::watch::dict_values(addr));
        }
    }
}

/// A new empty dict.
pub fn new_dict() -> Value {
    new_dict_with_capacity(0)
}

/// A new empty dict with room for `n` keys. It is not registered with the cycle collector
/// until it holds a key or value that can be part of a cycle (:lazy-dict-track:, as CPython's
/// `MAINTAIN_TRACKING`): a dict of atoms (a `**kwargs` that got none, a memo of ints, a JSON
/// object of strings and numbers) never costs the registry a push and a removal.
pub fn new_dict_with_capacity(n: usize) -> Value {
    alloc(dict_object(&DICT_TYPE, n))
}

/// The fields of an empty dict of type `ty` (`dict` or a user subclass, `crate::sub`).
pub(crate) fn dict_object(ty: &TypeObject, n: usize) -> DictObject {
    let index = if n > SMALL { HashTable::with_capacity(n) } else { HashTable::new() };
    let inner = DictInner { entries: Vec::with_capacity(n), index, used: 0 };
    DictObject {
        header: ObjHeader::new(ty),
        version: Cell::new(next_version()),
        watched: Cell::new(false),
        values_watched: Cell::new(false),
        value_edits: Cell::new(0),
        key_edits: Cell::new(0),
        inner: UnsafeCell::new(inner),
        keymask: Cell::new(0),
        gc: crate::gc::GcLink::new(),
    }
}

impl Value {
    /// The dict, if this is a dict or an instance of a user subclass of dict (which the VM
    /// asks for overridden methods first, `crate::sub`).
    #[inline(always)]
    pub fn as_dict(&self) -> Option<&DictObject> {
        if self.is_type(&DICT_TYPE) || self.is_obj() && self.ty().kind == crate::types::Kind::Dict {
            // SAFETY: dict type means DictObject layout.
            Some(unsafe { self.as_ref::<DictObject>() })
        } else {
            None
        }
    }
}

impl DictObject {
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    fn inner(&self) -> &mut DictInner {
        // SAFETY: single-threaded VM; every method below finishes with the borrow before it
        // calls out to Python code (equality hooks get cloned keys, not borrows).
        unsafe { &mut *self.inner.get() }
    }

    /// Number of live entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.inner().used
    }

    /// Is the dict empty?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries vector (with holes). Do not keep the borrow across calls into Python.
    pub fn entries(&self) -> &Vec<DictEntry> {
        &self.inner().entries
    }

    /// Live `(key, value)` pairs, cloned, in order.
    pub fn items(&self) -> Vec<(Value, Value)> {
        self.inner().entries.iter().filter(|e| !e.key.is_null()).map(|e| (e.key.clone(), e.value.clone())).collect()
    }

    /// Live keys, cloned, in order.
    pub fn keys(&self) -> Vec<Value> {
        self.inner().entries.iter().filter(|e| !e.key.is_null()).map(|e| e.key.clone()).collect()
    }

    /// Live values, cloned, in order.
    pub fn values(&self) -> Vec<Value> {
        self.inner().entries.iter().filter(|e| !e.key.is_null()).map(|e| e.value.clone()).collect()
    }

    /// A new keys version. Versions only need to differ for the same dict (guards also check
    /// the dict's identity), so a per-dict counter is enough.
    #[inline]
    fn bump(&self) {
        self.version.set(self.version.get().wrapping_add(1));
        if self.watched.get() {
            let n = self.key_edits.get().saturating_add(1);
            self.key_edits.set(n);
            if n >= VALUE_EDIT_LIMIT {
                self.watched.set(false);
            }
            crate::watch::notify(crate::watch::dict(self as *const DictObject as u64));
        }
        if self.values_watched.get() {
            crate::watch::notify(crate::watch::dict_values(self as *const DictObject as u64));
        }
    }

    /// Reports every later change of this dict's keys to `crate::watch`, until the edit
    /// limit. False, and nothing watched, once its keys changed [`VALUE_EDIT_LIMIT`] times
    /// while watched (a module-level loop with `except … as e` adds and deletes a global at
    /// every pass: its executors would be invalidated and rebuilt without end).
    pub fn watch(&self) -> bool {
        let ok = self.key_edits.get() < VALUE_EDIT_LIMIT;
        self.watched.set(ok);
        ok
    }

    /// May a trace take this dict's values as constants? Not once they have been replaced
    /// [`VALUE_EDIT_LIMIT`] times while watched (a global that a loop rebinds would otherwise
    /// invalidate its executors without end; CPython stops at a similar count), nor once its
    /// keys have changed that often (it can no longer be watched).
    pub fn values_promotable(&self) -> bool {
        self.value_edits.get() < VALUE_EDIT_LIMIT && self.key_edits.get() < VALUE_EDIT_LIMIT
    }

    /// Reports every later replacement of a value (and change of keys) to `crate::watch` as
    /// [`crate::watch::dict_values`], until the edit limit. False, and nothing watched, once
    /// the limit is reached.
    pub fn watch_values(&self) -> bool {
        let ok = self.values_promotable();
        self.values_watched.set(ok);
        ok
    }

    /// A value of an existing key is about to be replaced (before the old one is released:
    /// its destructor may run code that would enter an executor holding it).
    #[inline]
    fn value_replaced(&self) {
        if self.values_watched.get() {
            let n = self.value_edits.get().saturating_add(1);
            self.value_edits.set(n);
            if n >= VALUE_EDIT_LIMIT {
                self.values_watched.set(false);
            }
            crate::watch::notify(crate::watch::dict_values(self as *const DictObject as u64));
        }
    }

    /// Position of `key` in the entries, if present.
    pub fn find(&self, key: &Value, hash: i64) -> PyResult<Option<usize>> {
        // The one-word key filter: no key with this hash's bit was ever inserted, so no key
        // can equal this one (equal keys have equal hashes). Most misses end here.
        if self.keymask.get() & 1 << (hash & 63) == 0 {
            return Ok(None);
        }
        // One probe settles most lookups without calling out: the key itself (identity implies
        // equality, as in CPython's lookup), and for an exact str or a small-int key every other
        // entry of its kind (exact strs equal only strs, two small ints only the same word). An
        // entry left undecided with the same hash (a float or a bool equal to an int key, a
        // str subclass with its own `__eq__`, any key of another type) is compared the general
        // way below; when there is none, the probe's answer stands.
        let ks = if key.is_str() { key.as_str() } else { None };
        let small = key.is_small();
        // An exact tuple key (a grid's `(x, y)`) against an exact tuple entry of the same hash:
        // decided here when their items settle it without calling out (`atoms_eq`).
        let tuple = if key.is_tuple() { key.as_tuple() } else { None };
        let undecided = std::cell::Cell::new(false);
        let found = self.inner().find_by(hash, |e| {
            if e.key.is(key) {
                return true;
            }
            if ks.is_some() && e.key.is_str() {
                return e.key.as_str() == ks;
            }
            if small && e.key.is_small() {
                return false;
            }
            if e.hash == hash {
                if let Some(t) = tuple
                    && e.key.is_tuple()
                    && let Some(eq) = atoms_eq(t, e.key.as_tuple().expect("a tuple"))
                {
                    return eq;
                }
                undecided.set(true);
            }
            false
        });
        if found.is_some() || !undecided.get() {
            return Ok(found);
        }
        let candidates: Vec<usize> = {
            let inner = self.inner();
            if inner.small() {
                (0..inner.entries.len()).filter(|&i| inner.entries[i].hash == hash).collect()
            } else {
                inner.index.iter_hash(mix(hash)).copied().collect()
            }
        };
        for i in candidates {
            let k = {
                let inner = self.inner();
                match inner.entries.get(i) {
                    Some(e) if e.hash == hash && !e.key.is_null() => e.key.clone(),
                    _ => continue,
                }
            };
            if eq_value(&k, key)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// `d[key]`, `None` if absent.
    #[inline]
    pub fn get(&self, key: &Value) -> PyResult<Option<Value>> {
        let h = hash_value(key)?;
        Ok(self.find(key, h)?.map(|i| self.inner().entries[i].value.clone()))
    }

    /// Lookup by text (for names); never raises.
    pub fn get_str(&self, name: &str) -> Option<Value> {
        self.get_hashed(name, crate::str::str_hash(name))
    }

    /// Lookup by text whose hash the caller already has (interned names cache it).
    #[inline]
    pub fn get_hashed(&self, name: &str, hash: i64) -> Option<Value> {
        let inner = self.inner();
        inner
            .find_by(hash, |e| match e.key.as_str() {
                Some(k) => k.as_ptr() == name.as_ptr() || k == name,
                None => false,
            })
            .map(|i| inner.entries[i].value.clone())
    }

    /// Lookup by a str value (uses its cached hash); never raises.
    #[inline]
    pub fn get_name(&self, name: &Value) -> Option<Value> {
        let so = name.as_str_obj()?;
        let (text, hash) = (&*so.s, so.hash());
        if self.keymask.get() & 1 << (hash & 63) == 0 {
            return None;
        }
        let inner = self.inner();
        inner
            // Interned names: the same object, no need to look inside.
            .find_by(hash, |e| e.key.is(name) || e.key.as_str() == Some(text))
            .map(|i| inner.entries[i].value.clone())
    }

    /// Position of a str key (for caches), never raises.
    pub fn index_of_str(&self, name: &str) -> Option<usize> {
        let h = crate::str::str_hash(name);
        let inner = self.inner();
        inner.find_by(h, |e| e.key.as_str() == Some(name))
    }

    /// Position of the str key `name` if that entry's key is the very object `name` (what a
    /// specialized site caches and then checks by identity).
    pub fn entry_hint(&self, name: &Value) -> Option<usize> {
        let i = self.index_of_str(name.as_str()?)?;
        (self.entries().get(i)?.key.raw() == name.raw()).then_some(i)
    }

    /// `d[key] = value`.
    pub fn set(&self, key: Value, value: Value) -> PyResult<()> {
        let h = hash_value(&key)?;
        self.set_with_hash(key, h, value)
    }

    /// `d[key] = value` with a known hash.
    pub fn set_with_hash(&self, key: Value, hash: i64, value: Value) -> PyResult<()> {
        if let Some(i) = self.find(&key, hash)? {
            self.value_replaced();
            self.track_for(&value);
            let old = std::mem::replace(&mut self.inner().entries[i].value, value);
            drop(old);
            return Ok(());
        }
        let inner = self.inner();
        let pos = inner.entries.len();
        // Growing is the only step that can fail (MemoryError): do it before anything changes.
        crate::mem::reserve(&mut inner.entries, 1)?;
        if pos > SMALL && inner.index.capacity() == inner.index.len() {
            let entries = &inner.entries;
            inner.index.try_reserve(1, |&i| mix(entries[i].hash)).map_err(|_| crate::mem::memory_error())?;
        }
        self.keymask.set(self.keymask.get() | 1 << (hash & 63));
        self.track_for(&key);
        self.track_for(&value);
        inner.entries.push(DictEntry { hash, key, value });
        if pos == SMALL {
            // Leaving scanning mode: index everything.
            inner.reindex();
        } else if pos > SMALL {
            let entries = &inner.entries;
            inner.index.insert_unique(mix(hash), pos, |&i| mix(entries[i].hash));
        }
        inner.used += 1;
        self.bump();
        Ok(())
    }

    /// Registers this dict with the cycle collector if it is not yet and is about to hold `v`,
    /// which can be part of a cycle (:lazy-dict-track:).
    #[inline(always)]
    fn track_for(&self, v: &Value) {
        if !self.gc.is_linked() && crate::gc::may_link(v) {
            // SAFETY: this dict is alive (borrowed) and not registered (checked).
            unsafe { crate::gc::track_ptr(self as *const DictObject as *mut crate::value::ObjHeader) };
        }
    }

    /// `d[name] = value` for a str object `name` (its hash is cached; never raises).
    pub fn set_name(&self, name: Value, value: Value) {
        debug_assert!(name.as_str_obj().is_some(), "set_name takes a str");
        let h = name.as_str_obj().map_or(0, |so| so.hash());
        // str keys never raise in hash or equality.
        let _ = self.set_with_hash(name, h, value);
    }

    /// `d[name] = value` for a str name (never raises).
    pub fn set_str(&self, name: &str, value: Value) {
        let key = crate::str::intern(name);
        let h = crate::str::str_hash(name);
        // str keys never raise in hash or equality.
        let _ = self.set_with_hash(key, h, value);
    }

    /// Removes `key`; returns the value if it was present.
    pub fn remove(&self, key: &Value) -> PyResult<Option<Value>> {
        let h = hash_value(key)?;
        let Some(i) = self.find(key, h)? else { return Ok(None) };
        Ok(Some(self.remove_at(i)))
    }

    /// Removes the live entry at position `i` and returns its value.
    pub fn remove_at(&self, i: usize) -> Value {
        let inner = self.inner();
        let hash = inner.entries[i].hash;
        if !inner.small()
            && let Ok(slot) = inner.index.find_entry(mix(hash), |&j| j == i)
        {
            slot.remove();
        }
        let e = &mut inner.entries[i];
        let _key = e.key.take();
        let v = e.value.take();
        inner.used -= 1;
        self.bump();
        if inner.entries.len() > 16 && inner.used * 2 < inner.entries.len() {
            self.compact();
        }
        v
    }

    /// Removes the holes left by deletions (keeps order).
    fn compact(&self) {
        let inner = self.inner();
        inner.entries.retain(|e| !e.key.is_null());
        inner.reindex();
        self.bump();
    }

    /// Calls `f` with the key and value of every live entry (the cycle collector's view).
    pub fn for_each_entry(&self, mut f: impl FnMut(&Value, &Value)) {
        for e in &self.inner().entries {
            if !e.key.is_null() {
                f(&e.key, &e.value);
            }
        }
    }

    /// Removes everything.
    pub fn clear(&self) {
        self.keymask.set(0);
        let old = std::mem::take(self.inner());
        drop(old);
        self.bump();
    }

    /// The last live entry, removed (`popitem`).
    pub fn pop_last(&self) -> Option<(Value, Value)> {
        let i = self.inner().entries.iter().rposition(|e| !e.key.is_null())?;
        let key = self.inner().entries[i].key.clone();
        let v = self.remove_at(i);
        Some((key, v))
    }

    /// The value at entry position `i` if that entry is live.
    pub fn value_at(&self, i: usize) -> Option<Value> {
        self.inner().entries.get(i).filter(|e| !e.key.is_null()).map(|e| e.value.clone())
    }

    /// Replaces the value of entry `i` if its key is the object `key` (by identity), without
    /// touching the keys version; gives `v` back otherwise. The old value is released after the
    /// entry is updated (its destructor may run Python code).
    pub fn replace_value_at(&self, i: usize, key: u64, v: Value) -> Result<(), Value> {
        let old = match self.inner().entries.get_mut(i) {
            Some(e) if e.key.raw() == key => {
                self.track_for(&v);
                std::mem::replace(&mut e.value, v)
            }
            _ => return Err(v),
        };
        self.value_replaced();
        drop(old);
        Ok(())
    }

    /// A shallow copy.
    pub fn copy(&self) -> Value {
        let d = new_dict();
        let dd = d.as_dict().expect("dict");
        for e in self.inner().entries.iter().filter(|e| !e.key.is_null()) {
            let _ = dd.set_with_hash(e.key.clone(), e.hash, e.value.clone());
        }
        d
    }
}

/// Spreads a Python hash over all 64 bits before it indexes the table: int keys hash to
/// themselves, and hashbrown takes its 7-bit tag from the top bits, which small ints leave
/// zero.
#[inline(always)]
fn mix(h: i64) -> u64 {
    (h as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Whether two tuples are equal, when their items decide it without running any code
/// ([`eq_atoms`]), in order as tuple equality compares them, up to the first unequal pair
/// (where the comparison stops, as CPython's does). `None` when a pair before that needs the
/// general comparison (floats, nested tuples, instances …), which may run code.
fn atoms_eq(a: &[Value], b: &[Value]) -> Option<bool> {
    if a.len() != b.len() {
        return Some(false);
    }
    for (x, y) in a.iter().zip(b) {
        if !eq_atoms(x, y)? {
            return Some(false);
        }
    }
    Some(true)
}
