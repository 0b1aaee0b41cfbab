//! The cycle collector (decision 22): CPython's algorithm (`Modules/gcmodule.c`) over the
//! containers that can form cycles among themselves: instances, lists, dicts, tuples, user
//! classes, and the layouts the VM describes with `TypeObject::gc_ops` (functions, cells).
//!
//! Every such object is *tracked*: its constructor puts it in a per-thread registry and its
//! `dealloc` takes it out (the object keeps its registry index in a [`GcLink`] field, so both
//! are O(1)). A collection
//! 1. copies each tracked object's reference count into `gc_refs`;
//! 2. subtracts every reference that one tracked object holds to another (`traverse`), so
//!    what is left counts references from outside the tracked set: the frame stack, the VM's
//!    own fields, untracked objects (functions, cells, modules …), Rust locals;
//! 3. marks everything reachable from an object with `gc_refs > 0`;
//! 4. clears the rest (unreachable cycles and what only they reach): each is kept alive by an
//!    extra reference while all of them drop their contents, then released, so plain
//!    reference counting frees them.
//!
//! Nothing here runs Python code (there are no `__del__` methods or weak references), so
//! clearing cannot resurrect anything. Missing a reference in `traverse` can only keep garbage
//! alive; `traverse` never reports a reference the object does not own.
//!
//! Collections run only at safe points the VM chooses ([`pending`] says one is due): the
//! registry only grows by objects that are still alive, so collecting when it has grown by
//! half since the last collection's survivors (at least [`MIN_THRESHOLD`]) costs amortized
//! constant time per allocation.

use std::cell::{Cell, UnsafeCell};
use std::mem::ManuallyDrop;

use crate::dict::DictObject;
use crate::object::InstanceObject;
use crate::seq::{ListObject, TupleObject};
use crate::types::{Kind, TypeObject};
use crate::value::{ObjHeader, Value, dealloc_box, decref, incref};

/// A tracked object's index in the registry.
pub struct GcLink(Cell<usize>);

impl GcLink {
    /// A link for an object that [`track`] will register.
    pub const fn new() -> GcLink {
        GcLink(Cell::new(usize::MAX))
    }
}

impl GcLink {
    /// Is the object in the registry? (A registered object's link is its index there; every
    /// other object's is `usize::MAX`, which [`untrack`] leaves set on objects it frees.)
    #[inline(always)]
    pub fn is_linked(&self) -> bool {
        self.0.get() != usize::MAX
    }
}

impl Default for GcLink {
    fn default() -> GcLink {
        GcLink::new()
    }
}

/// Tracked objects between collections, at the least, before one is due.
pub const MIN_THRESHOLD: usize = 10_000;

/// How many tracked objects a new class counts as toward the next collection. A class
/// carries far more memory than the average container (its dict, MRO, slot table and the
/// functions its methods are), so a program that makes classes in a loop gets collected
/// every few hundred classes rather than every few thousand.
pub const TYPE_WEIGHT: usize = 16;

/// What the collector has done so far on this thread.
#[derive(Clone, Copy, Default, Debug)]
pub struct GcStats {
    pub collections: u64,
    /// Objects found unreachable and cleared.
    pub collected: u64,
}

/// The per-thread registry and the size at which the next collection is due: read and written
/// at every registration, so they share one thread-local.
struct Registry {
    tracked: Vec<*mut ObjHeader>,
    threshold: usize,
}

thread_local! {
    /// Without drop glue, so that an access is one address computation: a thread-local with a
    /// destructor tests at every access whether the destructor is registered yet, and
    /// `RefCell` tests and sets its borrow flag. The registry lists objects it does not own,
    /// so leaving its buffer to the process's end (the VM's thread ends with the program)
    /// loses nothing. See [`with_registry`] for why no `RefCell` is needed.
    static REGISTRY: UnsafeCell<ManuallyDrop<Registry>> =
        const { UnsafeCell::new(ManuallyDrop::new(Registry { tracked: Vec::new(), threshold: MIN_THRESHOLD })) };
    static MIN: Cell<usize> = const { Cell::new(MIN_THRESHOLD) };
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static STATS: Cell<GcStats> = const { Cell::new(GcStats { collections: 0, collected: 0 }) };
}

/// The link of a tracked layout, `None` for any other object.
///
/// # Safety
/// `p` must point to a live object header (its fields may be partly dropped only if they come
/// after the link, which is the last field of every tracked layout).
#[inline]
unsafe fn link<'a>(p: *mut ObjHeader) -> Option<&'a GcLink> {
    // SAFETY: the kind names the layout (a user subclass of a builtin container starts with
    // the container's layout, `crate::sub`).
    unsafe {
        match (*(*p).ty).kind {
            Kind::Instance => Some(&(*(p as *const InstanceObject)).gc),
            Kind::List => Some(&(*(p as *const ListObject)).gc),
            Kind::Dict => Some(&(*(p as *const DictObject)).gc),
            Kind::Tuple => Some(&(*(p as *const TupleObject)).gc),
            Kind::Type => Some(&(*(p as *const TypeObject)).gc),
            _ => (*(*p).ty).gc_ops.map(|o| &*(o.link)(p)),
        }
    }
}

/// Is `v` an object of a layout the collector tracks (so a tuple holding it must be tracked
/// too, to see cycles through it)?
#[inline]
pub fn is_tracked_kind(v: &Value) -> bool {
    v.is_obj() && {
        let t = v.ty();
        matches!(t.kind, Kind::Instance | Kind::List | Kind::Dict | Kind::Tuple) || t.heap || t.gc_ops.is_some()
    }
}

/// Can `v` be part of a cycle the collector finds: an object of a tracked layout, or a class
/// (classes are tracked, though a class is not a tracked kind for [`is_tracked_kind`]). A
/// dict is registered when it first holds such a key or value (:lazy-dict-track:).
#[inline]
pub fn may_link(v: &Value) -> bool {
    is_tracked_kind(v) || v.is_obj() && v.ty().kind == Kind::Type
}

/// Is `v` in the registry (`gc.is_tracked`)?
pub fn is_tracked(v: &Value) -> bool {
    // SAFETY: a value that is an object points to a live header.
    v.is_obj() && unsafe { registered(v.ptr()) }
}

/// Runs `f` on this thread's registry. Every use is a few reads and writes of the registry and
/// of objects' links that calls nothing else: no `f` reaches the registry again, so the
/// mutable borrow is unique while it lasts (a collection works on a copy of the list,
/// [`collect`]).
#[inline(always)]
fn with_registry<R>(f: impl FnOnce(&mut Registry) -> R) -> R {
    // Only the address comes out of `with`: a closure that small is inlined, where a bigger one
    // left `with` out of line, reaching the thread-local through a call by pointer.
    let r: *mut ManuallyDrop<Registry> = REGISTRY.with(UnsafeCell::get);
    // SAFETY: the thread's own registry, which lives as long as the thread (it has no
    // destructor), borrowed only here and never re-entered (above).
    f(unsafe { &mut *r })
}

/// Is the object at `p` in the registry? Read from its link alone.
///
/// # Safety
/// `p` must point to a live (or dying but whole) object header.
#[inline]
unsafe fn registered(p: *mut ObjHeader) -> bool {
    // SAFETY: forwarded.
    unsafe { link(p) }.is_some_and(GcLink::is_linked)
}

/// Registers a freshly made container.
pub fn track(v: &Value) {
    // SAFETY: v is a live object.
    unsafe { track_ptr(v.ptr()) }
}

/// [`track`] of the object at `p`.
///
/// # Safety
/// `p` must point to a live object that is not registered yet.
pub unsafe fn track_ptr(p: *mut ObjHeader) {
    // SAFETY: p is a live object (the contract).
    let Some(l) = (unsafe { link(p) }) else { return };
    // SAFETY: p is a live object (the contract).
    let class = unsafe { (*(*p).ty).kind } == Kind::Type && ENABLED.with(|e| e.get());
    let due = with_registry(|r| {
        l.0.set(r.tracked.len());
        r.tracked.push(p);
        if class {
            r.threshold = r.threshold.saturating_sub(TYPE_WEIGHT - 1);
        }
        // Disabled means an unreachable threshold, so this is the only test.
        r.tracked.len() >= r.threshold
    });
    if due {
        crate::breaker::set(crate::breaker::GC_PENDING);
    }
}

/// Is the object at `p` in the registry?
///
/// # Safety
/// `p` must point to a live object header.
unsafe fn index_of(t: &[*mut ObjHeader], p: *mut ObjHeader) -> Option<usize> {
    // SAFETY: forwarded.
    let i = unsafe { link(p) }?.0.get();
    (t.get(i) == Some(&p)).then_some(i)
}

/// `dealloc` of the tracked layouts: leaves the registry, then frees as [`dealloc_box`].
///
/// # Safety
/// As [`dealloc_box`].
pub unsafe fn dealloc_tracked<T>(p: *mut ObjHeader) {
    // SAFETY: forwarded.
    unsafe {
        untrack(p);
        dealloc_box::<T>(p);
    }
}

/// Takes a dying tracked object out of the registry (the first step of its `dealloc`).
///
/// # Safety
/// `p` must point to a whole tracked object whose count reached zero.
#[inline]
pub unsafe fn untrack(p: *mut ObjHeader) {
    // SAFETY: p is still whole. Most dicts and tuples never get registered: they leave here,
    // inline in their `dealloc`, without touching the registry.
    if unsafe { registered(p) } {
        // SAFETY: forwarded.
        unsafe { unregister(p) }
    }
}

/// The registry half of [`untrack`].
///
/// # Safety
/// As [`untrack`].
#[inline(never)]
unsafe fn unregister(p: *mut ObjHeader) {
    with_registry(|r| {
        let t = &mut r.tracked;
        // SAFETY: p is still whole; the registry holds live objects only.
        unsafe {
            if let Some(i) = index_of(t, p) {
                t.swap_remove(i);
                if let Some(&moved) = t.get(i) {
                    link(moved).expect("tracked").0.set(i);
                }
            }
        }
    });
}

/// A value word for a pointer held elsewhere, never released.
///
/// # Safety
/// `p` must point to a live object for as long as the result is used.
unsafe fn borrowed(p: *const ObjHeader) -> std::mem::ManuallyDrop<Value> {
    // SAFETY: per the contract; ManuallyDrop keeps the count untouched.
    std::mem::ManuallyDrop::new(unsafe { Value::from_raw(p as u64) })
}

/// Calls `f` with every object reference that the tracked object at `p` owns.
///
/// # Safety
/// `p` must be a live tracked object.
unsafe fn traverse(p: *mut ObjHeader, f: &mut impl FnMut(*mut ObjHeader)) {
    let mut visit = |v: &Value| {
        if v.is_obj() {
            f(v.ptr());
        }
    };
    // SAFETY: the kind names the layout; nothing mutates the object while we look.
    unsafe {
        match (*(*p).ty).kind {
            Kind::Instance => {
                let inst = &*(p as *const InstanceObject);
                // An instance of a user class holds a reference to its class.
                let ty = (*p).ty;
                if (*ty).heap {
                    visit(&borrowed(ty as *const ObjHeader));
                }
                visit(inst.dict_slot());
                inst.inline_values().iter().for_each(&mut visit);
                inst.member_values().iter().for_each(&mut visit);
            }
            Kind::List | Kind::Dict | Kind::Tuple => {
                // An instance of a user subclass: its class and its dict too.
                let v = borrowed(p);
                if let Some(d) = crate::sub::dict_slot(&v) {
                    visit(&borrowed((*p).ty as *const ObjHeader));
                    visit(d);
                }
                match (*(*p).ty).kind {
                    Kind::List => (*(p as *const ListObject)).items().iter().for_each(&mut visit),
                    Kind::Dict => (*(p as *const DictObject)).for_each_entry(|k, v| {
                        visit(k);
                        visit(v);
                    }),
                    _ => (*(p as *const TupleObject)).items.iter().for_each(&mut visit),
                }
            }
            Kind::Type => {
                let t = &*(p as *const TypeObject);
                for b in t.bases().into_iter().chain([&*(*p).ty]).filter(|b| b.heap) {
                    visit(&borrowed(b as *const TypeObject as *const ObjHeader));
                }
                visit(t.dict());
                if let Some(f) = t.getitem_ref() {
                    visit(&f);
                }
            }
            _ => {
                if let Some(o) = (*(*p).ty).gc_ops {
                    (o.traverse)(p, &mut visit);
                }
            }
        }
    }
}

/// Drops everything the tracked object at `p` holds.
///
/// # Safety
/// `p` must be a live tracked object that no one else is using (it is garbage).
unsafe fn clear(p: *mut ObjHeader) {
    // SAFETY: as above; the contents are moved out before they are dropped, so a drop that
    // frees another cleared object never sees this one half-changed.
    unsafe {
        match (*(*p).ty).kind {
            Kind::Instance => (*(p as *const InstanceObject)).clear(),
            Kind::List | Kind::Dict | Kind::Tuple if (*(*p).ty).heap => {
                if let Some(d) = crate::sub::dict_slot(&borrowed(p)) {
                    drop(std::mem::take(d));
                }
                match (*(*p).ty).kind {
                    Kind::List => drop(std::mem::take((*(p as *const ListObject)).items_mut())),
                    Kind::Dict => (*(p as *const DictObject)).clear(),
                    _ => {
                        let items = &mut (*(p as *mut TupleObject)).items;
                        let taken: Vec<Value> = items.iter_mut().map(std::mem::take).collect();
                        drop(taken);
                    }
                }
            }
            Kind::List => drop(std::mem::take((*(p as *const ListObject)).items_mut())),
            Kind::Dict => (*(p as *const DictObject)).clear(),
            Kind::Tuple => {
                let items = &mut (*(p as *mut TupleObject)).items;
                let taken: Vec<Value> = items.iter_mut().map(std::mem::take).collect();
                drop(taken);
            }
            Kind::Type => (*(p as *const TypeObject)).clear_dict(),
            _ => {
                if let Some(o) = (*(*p).ty).gc_ops {
                    (o.clear)(p);
                }
            }
        }
    }
}

/// Is a collection due (the VM runs [`collect`] at its next safe point)?
#[inline(always)]
pub fn pending() -> bool {
    crate::breaker::get() & crate::breaker::GC_PENDING != 0
}

/// Turns automatic collection on or off (`gc.enable()` / `gc.disable()`).
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
    crate::breaker::take(crate::breaker::GC_PENDING);
    set_next_threshold(registry_len());
}

/// How many objects the registry holds.
fn registry_len() -> usize {
    with_registry(|r| r.tracked.len())
}

/// The registry size at which the next automatic collection is due, after `survivors`.
fn set_next_threshold(survivors: usize) {
    let next =
        if ENABLED.with(|e| e.get()) { survivors + (survivors / 2).max(MIN.with(|m| m.get())) } else { usize::MAX };
    with_registry(|r| r.threshold = next);
}

/// Sets the least number of tracked objects between automatic collections (default
/// [`MIN_THRESHOLD`]; tests force it low so that collections happen everywhere).
pub fn set_min_threshold(n: usize) {
    MIN.with(|m| m.set(n.max(1)));
    set_next_threshold(registry_len());
}

/// Is automatic collection on?
pub fn is_enabled() -> bool {
    ENABLED.with(|e| e.get())
}

/// The collector's counters.
pub fn stats() -> GcStats {
    STATS.with(|s| s.get())
}

/// Finds the unreachable tracked objects and frees them; returns how many there were.
pub fn collect() -> usize {
    crate::breaker::take(crate::breaker::GC_PENDING);
    // Phases 1-3 only read the heap, on a copy of the registry's list (`traverse` calls
    // functions the VM gives, which must not find the registry borrowed).
    let t = with_registry(|r| r.tracked.clone());
    let garbage: Vec<*mut ObjHeader> = {
        // SAFETY: every registered object is alive (dealloc unregisters it first), and none
        // is freed before phase 4.
        unsafe {
            let mut refs: Vec<isize> = t.iter().map(|&p| (*p).refcnt.get()).collect();
            for &p in t.iter() {
                traverse(p, &mut |c| {
                    if let Some(i) = index_of(&t, c) {
                        refs[i] -= 1;
                    }
                });
            }
            // Reachable: anything referenced from outside, and what it reaches.
            let mut reachable = vec![false; t.len()];
            let mut work: Vec<usize> = (0..t.len()).filter(|&i| refs[i] > 0).collect();
            for &i in &work {
                reachable[i] = true;
            }
            while let Some(i) = work.pop() {
                traverse(t[i], &mut |c| {
                    if let Some(j) = index_of(&t, c)
                        && !reachable[j]
                    {
                        reachable[j] = true;
                        work.push(j);
                    }
                });
            }
            (0..t.len()).filter(|&i| !reachable[i]).map(|i| t[i]).collect()
        }
    };
    drop(t);
    // Phase 4: hold every garbage object, clear them all, then let them go.
    // SAFETY: the garbage is alive (we hold a reference to each) and unreachable from the
    // program, so nothing else uses it while it is cleared.
    unsafe {
        for &p in &garbage {
            incref(p);
        }
        for &p in &garbage {
            clear(p);
        }
        for &p in &garbage {
            decref(p);
        }
    }
    set_next_threshold(registry_len());
    STATS.with(|s| {
        let mut v = s.get();
        v.collections += 1;
        v.collected += garbage.len() as u64;
        s.set(v);
    });
    garbage.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dict::new_dict;

    #[test]
    fn frees_a_cycle_and_keeps_what_is_referenced() {
        // a -> b -> a, unreachable; c -> d, held from here.
        let a = Value::list(Vec::new());
        let b = Value::list(vec![a.clone()]);
        a.as_list().unwrap().items_mut().push(b.clone());
        let c = new_dict();
        let d = Value::list(vec![Value::small(1)]);
        c.as_dict().unwrap().set_str("d", d.clone());
        let d_raw = d.ptr();
        drop(d);
        drop((a, b));
        assert_eq!(collect(), 2);
        // d is still alive, reachable from c.
        // SAFETY: c holds d.
        assert_eq!(unsafe { (*d_raw).refcnt.get() }, 1);
        assert_eq!(c.as_dict().unwrap().get_str("d").unwrap().as_list().unwrap().items().len(), 1);
        assert_eq!(collect(), 0);
    }
}
