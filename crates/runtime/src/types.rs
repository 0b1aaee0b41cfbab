//! Type objects: the builtin types (immortal statics) and user classes (heap types).
//!
//! Every type carries a [`Kind`] (which layout its instances have and how the VM dispatches on
//! them), a base (the *solid* base whose layout its instances extend), for a user class its
//! bases and C3 method resolution order (a builtin type's MRO is its base chain), an
//! attribute dict for heap types, and a *version tag* that changes whenever the type or one of its bases is modified,
//! so that specialized code can guard on one integer (CPython's `tp_version_tag`).

use std::borrow::Cow;
use std::cell::{Cell, UnsafeCell};

use crate::value::{ObjHeader, Value, dealloc_box};

/// The instance layout and dispatch family of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// `object` itself and plain instances of user classes ([`crate::object::InstanceObject`]).
    Instance,
    /// `type`: a [`TypeObject`].
    Type,
    /// `NoneType`
    NoneType,
    /// `bool` (True and False are [`crate::int::IntObject`]-free immortal statics).
    Bool,
    /// `int`: small ints inline, big ones [`crate::int::IntObject`].
    Int,
    /// `float`: [`crate::float::FloatObject`].
    Float,
    /// `str`: [`crate::str::StrObject`].
    Str,
    /// `tuple`: [`crate::seq::TupleObject`].
    Tuple,
    /// `list`: [`crate::seq::ListObject`].
    List,
    /// `dict`: [`crate::dict::DictObject`].
    Dict,
    /// `set`: [`crate::set::SetObject`].
    Set,
    /// `frozenset`: [`crate::set::SetObject`].
    FrozenSet,
    /// `range`: [`crate::object::RangeObject`].
    Range,
    /// `slice`: [`crate::object::SliceObject`].
    Slice,
    /// Builtin iterators and views: [`crate::object::IterObject`].
    Iter,
    /// `BaseException` and subclasses: [`crate::exc::ExceptionObject`].
    Exception,
    /// Objects defined by the VM (functions, code, cells, modules, generators, bound methods,
    /// builtin functions...). The VM dispatches on the type's identity.
    Vm,
    /// `Ellipsis`, `NotImplemented` and other singletons with a header only.
    Singleton,
    /// `bytes`: [`crate::bytes::BytesObject`].
    Bytes,
    /// `bytearray`: [`crate::bytes::ByteArrayObject`].
    ByteArray,
    /// `array.array`: [`crate::array::ArrayObject`].
    Array,
}

/// Offset of the address of a type's first shared key (see [`TypeObject`]'s `keys_items`).
pub const TYPE_KEYS_ITEMS_OFFSET: usize = std::mem::offset_of!(TypeObject, keys_items);
/// Offset of a type's shared-key mask (bit `hash & 63` set for every shared key, a `u64`).
pub const TYPE_KEYS_MASK_OFFSET: usize = std::mem::offset_of!(TypeObject, keys_mask);
/// Offset of a type's count of shared keys (a `u32`, which only grows).
pub const TYPE_KEYS_LEN_OFFSET: usize = std::mem::offset_of!(TypeObject, keys_len);
/// Offset of the version tag at which a type's `__getitem__` was cached (a `u32`, 0: none;
/// see [`TypeObject::cached_getitem`]).
pub const TYPE_GETITEM_VERSION_OFFSET: usize = std::mem::offset_of!(TypeObject, getitem_version);
/// Offset of a type's cached `__getitem__` word (see [`TypeObject::cached_getitem`]).
pub const TYPE_GETITEM_OFFSET: usize = std::mem::offset_of!(TypeObject, getitem);

/// A type object. Builtin types are `static`s; user classes are heap objects.
#[repr(C)]
pub struct TypeObject {
    /// Object header; `ty` is `type`.
    pub header: ObjHeader,
    /// Layout and dispatch family.
    pub kind: Kind,
    /// True for user classes (allocated, refcounted, mutable).
    pub heap: bool,
    /// Version tag, bumped on every change to the type or its bases' attributes.
    pub version: Cell<u32>,
    /// The version tag at which the VM last found this class *plain* (an instance class whose
    /// classes define no data descriptor and no `__getattribute__`/`__setattr__`/
    /// `__delattr__`, so an attribute found in an instance's dict is the attribute); 0 when
    /// not. Any change to the class moves `version` on, so a stale mark never matches.
    pub plain: Cell<u32>,
    /// The address of the shared keys' first item (null while there are none): what
    /// `keys` holds, where code compiled before the VM's layout is known can read it
    /// (`tracelift_uops::abi::TYPE_KEYS_ITEMS_OFFSET`). Written with every key.
    keys_items: Cell<*const Value>,
    /// `__name__`.
    name: UnsafeCell<Cow<'static, str>>,
    /// The base class (NULL only for `object`): for a user class, the base whose instance
    /// layout it extends (CPython's `tp_base`, the "best base" of several).
    base: Cell<*const TypeObject>,
    /// A user class's bases as its class statement names them (`__bases__`), each heap one
    /// holding a reference; empty for builtin types, whose only base is `base`.
    bases: UnsafeCell<Vec<*const TypeObject>>,
    /// A user class's method resolution order after itself (the C3 linearization of its
    /// bases, `__mro__[1:]`); empty for builtin types, whose MRO is their base chain.
    mro: UnsafeCell<Vec<*const TypeObject>>,
    /// The class's own attributes (a dict value), NULL for builtin types.
    dict: UnsafeCell<Value>,
    /// Frees an instance whose count reached zero.
    pub dealloc: unsafe fn(*mut ObjHeader),
    /// Module name for user classes (`__module__`).
    module: UnsafeCell<Cow<'static, str>>,
    /// `__qualname__` of a user class (`Outer.Inner`, `f.<locals>.C`); builtin types use the
    /// name.
    qualname: UnsafeCell<Option<Box<str>>>,
    /// The class's *shared keys* (CPython's `ht_cached_keys`): the attribute names its
    /// instances keep in inline value slots, in slot order. Append-only (so a slot index never
    /// changes meaning for the class), interned, at most `object::MAX_SHARED_KEYS`; empty for
    /// builtin types. See `crate::object`.
    keys: UnsafeCell<Vec<Value>>,
    /// Bit `hash & 63` set for every shared key: a name whose bit is clear is not a key.
    keys_mask: Cell<u64>,
    /// How many shared keys there are (`keys.len()`, for machine code: a trace that proved a
    /// name is none of the first `n` keys knows it is no key while the count is still `n`).
    keys_len: Cell<u32>,
    /// :getitem-cache: the version tag at which `getitem` was found (0: nothing cached), and
    /// the class's `__getitem__` then, a Python function (CPython's `_spec_cache.getitem`),
    /// as a word that owns its reference (0 for "none"). Any change to the class or a base
    /// moves `version` on, so an entry whose version is the class's current one names the
    /// function the class's MRO gives. The reference is the class's (the collector sees it).
    getitem_version: Cell<u32>,
    getitem: Cell<u64>,
    /// Has an instance been made yet? The first one gets a few slots before any key is known.
    pub made_instance: Cell<bool>,
    /// How many attributes the class's methods (and its bases') store, as the VM counted them
    /// when it built the class (at most `object::MAX_SHARED_KEYS`): instances get at least
    /// that many inline slots, so that a class with few instances keeps them inline too.
    pub expected_attrs: Cell<u8>,
    /// The names of the *member slots* of its instances (`__slots__`, CPython's member
    /// descriptors), bases' first: member `k` of an instance is stored in value slot `k` after
    /// its inline values (`crate::object`). Set once, when the class is made, before any
    /// instance; empty for builtin types.
    members: UnsafeCell<Vec<Value>>,
    /// Instances have no `__dict__` (every class from this one up to `object` has
    /// `__slots__` without `"__dict__"`): they hold member slots only.
    pub no_dict: Cell<bool>,
    /// The user classes whose base this is (CPython's `tp_subclasses`), as weak pointers: a
    /// class enters its base's list when it is made and leaves it when it is freed
    /// (`dealloc_type`). Empty for builtin types, whose subclasses never need a version bump.
    subclasses: UnsafeCell<Vec<*const TypeObject>>,
    /// How the cycle collector handles instances of a layout the runtime does not know
    /// (functions and cells of the VM): CPython's `tp_traverse` / `tp_clear`. `None` for the
    /// layouts `crate::gc` knows itself and for types whose instances cannot form cycles.
    pub gc_ops: Option<&'static GcOps>,
    /// Cycle-collector registration of a user class (last, see `crate::gc`).
    pub gc: crate::gc::GcLink,
}

/// A visitor of the references an object owns (see [`GcOps::traverse`]).
pub type Visit<'a> = &'a mut dyn FnMut(&Value);

/// The cycle collector's view of a layout defined outside the runtime (see
/// [`TypeObject::gc_ops`]). Each function gets a live object of that layout.
pub struct GcOps {
    /// The object's registration link (its last field).
    pub link: unsafe fn(*mut ObjHeader) -> *const crate::gc::GcLink,
    /// Calls the visitor with every reference the object owns.
    pub traverse: unsafe fn(*mut ObjHeader, Visit),
    /// Drops every reference the object owns that can be part of a cycle.
    pub clear: unsafe fn(*mut ObjHeader),
}

// SAFETY: builtin type statics are never mutated after construction (their name, base and
// dict are fixed, their version never changes and their count is immortal, so no shared
// state is written); heap types are only ever touched by the thread that runs the VM that
// created them.
unsafe impl Sync for TypeObject {}

impl TypeObject {
    /// A builtin (static, immortal) type.
    pub const fn builtin(
        name: &'static str,
        kind: Kind,
        base: Option<&'static TypeObject>,
        dealloc: unsafe fn(*mut ObjHeader),
    ) -> TypeObject {
        TypeObject::builtin_in("builtins", name, kind, base, dealloc)
    }

    /// A builtin type defined by the module `module` (`array.array`).
    pub const fn builtin_in(
        module: &'static str,
        name: &'static str,
        kind: Kind,
        base: Option<&'static TypeObject>,
        dealloc: unsafe fn(*mut ObjHeader),
    ) -> TypeObject {
        TypeObject {
            header: ObjHeader::immortal(&TYPE_TYPE),
            kind,
            heap: false,
            version: Cell::new(1),
            plain: Cell::new(0),
            name: UnsafeCell::new(Cow::Borrowed(name)),
            base: Cell::new(match base {
                Some(b) => b as *const TypeObject,
                None => std::ptr::null(),
            }),
            bases: UnsafeCell::new(Vec::new()),
            mro: UnsafeCell::new(Vec::new()),
            dict: UnsafeCell::new(Value::NULL),
            dealloc,
            module: UnsafeCell::new(Cow::Borrowed(module)),
            qualname: UnsafeCell::new(None),
            keys: UnsafeCell::new(Vec::new()),
            keys_items: Cell::new(std::ptr::null()),
            keys_mask: Cell::new(0),
            keys_len: Cell::new(0),
            getitem_version: Cell::new(0),
            getitem: Cell::new(0),
            made_instance: Cell::new(false),
            expected_attrs: Cell::new(0),
            members: UnsafeCell::new(Vec::new()),
            no_dict: Cell::new(false),
            subclasses: UnsafeCell::new(Vec::new()),
            gc_ops: None,
            gc: crate::gc::GcLink::new(),
        }
    }

    /// A builtin type whose instances the cycle collector tracks through `ops`.
    pub const fn builtin_tracked(
        name: &'static str,
        base: Option<&'static TypeObject>,
        dealloc: unsafe fn(*mut ObjHeader),
        ops: &'static GcOps,
    ) -> TypeObject {
        let mut t = TypeObject::builtin(name, Kind::Vm, base, dealloc);
        t.gc_ops = Some(ops);
        t
    }

    /// A new user class of metaclass `type` with one base and the given attribute dict.
    pub fn new_heap(name: &str, qualname: &str, module: &str, base: &TypeObject, dict: Value) -> Value {
        let mro = linearize(&[base]).expect("one base always linearizes");
        Self::new_class(ClassParts { name, qualname, module, meta: &TYPE_TYPE, bases: &[base], base, mro }, dict)
    }

    /// A new user class (a dict value for its attributes). The caller has checked the parts:
    /// `base` is the one of `bases` whose layout the instances extend, `mro` is
    /// [`linearize`] of `bases`, `meta` is `type` or a subclass of it.
    pub fn new_class(parts: ClassParts, dict: Value) -> Value {
        let ClassParts { name, qualname, module, meta, bases, base, mro } = parts;
        // SAFETY: the bases and the metaclass are live types; a class holds a reference to
        // each heap one (released by `dealloc_type`).
        unsafe {
            for b in bases.iter().copied().chain([meta]) {
                if b.heap {
                    std::mem::forget(Value::from_borrowed_ptr(b as *const TypeObject as *const ObjHeader));
                }
            }
        }
        let kind = base.kind;
        let cls = crate::value::alloc(TypeObject {
            header: ObjHeader::new(meta),
            kind,
            heap: true,
            version: Cell::new(next_version()),
            plain: Cell::new(0),
            name: UnsafeCell::new(Cow::Owned(name.to_string())),
            base: Cell::new(base as *const TypeObject),
            bases: UnsafeCell::new(bases.iter().map(|&b| b as *const TypeObject).collect()),
            mro: UnsafeCell::new(mro),
            dict: UnsafeCell::new(dict),
            dealloc: crate::sub::dealloc_for(kind).unwrap_or(base.dealloc),
            module: UnsafeCell::new(Cow::Owned(module.to_string())),
            qualname: UnsafeCell::new(Some(qualname.into())),
            keys: UnsafeCell::new(Vec::new()),
            keys_items: Cell::new(std::ptr::null()),
            keys_mask: Cell::new(0),
            keys_len: Cell::new(0),
            getitem_version: Cell::new(0),
            getitem: Cell::new(0),
            made_instance: Cell::new(false),
            expected_attrs: Cell::new(0),
            members: UnsafeCell::new(Vec::new()),
            no_dict: Cell::new(false),
            subclasses: UnsafeCell::new(Vec::new()),
            gc_ops: None,
            gc: crate::gc::GcLink::new(),
        });
        // A class can be part of a cycle (a method's `__class__` cell, a class attribute
        // holding an instance), so the collector tracks it.
        crate::gc::track(&cls);
        // SAFETY: `cls` is the class just made.
        register_version(unsafe { &*(cls.ptr() as *const TypeObject) });
        for b in bases.iter().filter(|b| b.heap) {
            // SAFETY: single-threaded heap types (see the Sync impl); no other borrow of the
            // list is alive.
            unsafe { (*b.subclasses.get()).push(cls.ptr() as *const TypeObject) };
        }
        cls
    }

    /// The bases (`__bases__`): a user class's own list, a builtin type's one base.
    pub fn bases(&self) -> Vec<&TypeObject> {
        if self.heap {
            // SAFETY: set once when the class is made; each entry is kept alive by it.
            unsafe { (*self.bases.get()).iter().map(|&p| &*p).collect() }
        } else {
            self.base().into_iter().collect()
        }
    }

    /// The method resolution order, the type itself first (`__mro__`).
    pub fn mro(&self) -> impl Iterator<Item = &TypeObject> {
        // SAFETY: set once when the class is made; every entry is a base of the class or of
        // one of its bases, all kept alive by it.
        let rest: &[*const TypeObject] = if self.heap { unsafe { &*self.mro.get() } } else { &[] };
        let chain = if self.heap { None } else { self.base() };
        std::iter::once(self)
            // SAFETY: as above: the entries live as long as the class.
            .chain(rest.iter().map(|&p| unsafe { &*p }))
            .chain(std::iter::successors(chain, |t| t.base()))
    }

    /// Drops the class's attribute dict (the cycle collector clearing a garbage class).
    pub fn clear_dict(&self) {
        // SAFETY: single-threaded; no borrow of the dict slot is alive (the class is garbage).
        drop(std::mem::take(unsafe { &mut *self.dict.get() }));
        self.getitem_version.set(0);
        // SAFETY: a word `cache_getitem` counted, or 0.
        drop(unsafe { Value::from_raw(self.getitem.replace(0)) });
    }

    /// The user classes whose base this class is, now (see the field).
    pub fn subclasses(&self) -> Vec<&TypeObject> {
        // SAFETY: entries are live classes (each leaves the list before it is freed); the
        // list is not changed while this copy is made.
        unsafe { (*self.subclasses.get()).iter().map(|&p| &*p).collect() }
    }

    /// Is the class marked plain at its current version (see [`TypeObject::plain`])?
    #[inline]
    pub fn is_plain(&self) -> bool {
        let p = self.plain.get();
        p != 0 && p == self.version.get()
    }

    /// :getitem-cache: the `__getitem__` cached at the class's current version (a word the
    /// class keeps counted, 0 for "none"), if one is.
    #[inline]
    pub fn cached_getitem(&self) -> Option<u64> {
        let v = self.getitem_version.get();
        (v != 0 && v == self.version.get()).then(|| self.getitem.get())
    }

    /// :getitem-cache: records `f` (`None`: no Python `__getitem__`) as the class's
    /// `__getitem__` at its current version, releasing what was cached before.
    pub fn cache_getitem(&self, f: Option<&Value>) {
        self.getitem_version.set(self.version.get());
        let old = self.getitem.replace(f.map_or(0, |f| f.clone().into_raw()));
        // SAFETY: a word `cache_getitem` counted, or 0.
        drop(unsafe { Value::from_raw(old) });
    }

    /// :getitem-cache: the cached function, for the collector's traversal.
    pub fn getitem_ref(&self) -> Option<std::mem::ManuallyDrop<Value>> {
        let w = self.getitem.get();
        // SAFETY: a word the class keeps counted; ManuallyDrop leaves the count alone.
        (w != 0).then(|| std::mem::ManuallyDrop::new(unsafe { Value::from_raw(w) }))
    }

    /// Is this a user class?
    #[inline]
    pub fn is_heap_type(&self) -> bool {
        self.heap
    }

    /// `__name__`.
    pub fn name(&self) -> &str {
        // SAFETY: the name is only replaced through `set_name`, which takes no outstanding
        // borrows (single-threaded VM, callers do not hold the &str across it).
        unsafe { &*self.name.get() }
    }

    /// Renames a heap type (`C.__name__ = ...`).
    pub fn set_name(&self, name: &str) {
        if self.heap {
            // SAFETY: heap types are thread-local; see `name`.
            unsafe { *self.name.get() = Cow::Owned(name.to_string()) };
        }
    }

    /// Sets a heap type's `__module__` (`C.__module__ = ...`; `repr(C)` shows it).
    pub fn set_module(&self, module: &str) {
        if self.heap {
            // SAFETY: heap types are thread-local; callers hold no &str of the old module
            // across this (see `module`).
            unsafe { *self.module.get() = Cow::Owned(module.to_string()) };
        }
    }

    /// `__qualname__`.
    pub fn qualname(&self) -> &str {
        // SAFETY: never replaced after construction.
        match unsafe { &*self.qualname.get() } {
            Some(q) => q,
            None => self.name(),
        }
    }

    /// `__module__`.
    pub fn module(&self) -> &str {
        // SAFETY: replaced only by `set_module`, while no caller holds the &str.
        unsafe { &*self.module.get() }
    }

    /// CPython's `tp_name`, which error messages quote: the name, prefixed by its module for
    /// a builtin type that a module other than `builtins` defines (`array.array`).
    pub fn tp_name(&self) -> Cow<'_, str> {
        if self.heap || self.module() == "builtins" {
            Cow::Borrowed(self.name())
        } else {
            Cow::Owned(format!("{}.{}", self.module(), self.name()))
        }
    }

    /// The base class, if any.
    #[inline]
    pub fn base(&self) -> Option<&TypeObject> {
        let b = self.base.get();
        // SAFETY: bases are immortal statics or heap types kept alive by their subclasses.
        if b.is_null() { None } else { Some(unsafe { &*b }) }
    }

    /// The attribute dict of a heap type (NULL value for builtin types).
    #[inline]
    pub fn dict(&self) -> &Value {
        // SAFETY: the dict slot is only written by `new_heap` and dealloc.
        unsafe { &*self.dict.get() }
    }

    /// The shared keys (see the field): interned attribute names in slot order.
    #[inline(always)]
    pub fn shared_keys(&self) -> &[Value] {
        // SAFETY: only `push_shared_key` writes the vector, and no caller holds the slice
        // across it (single-threaded VM).
        unsafe { &*self.keys.get() }
    }

    /// Could a str with hash `h` be a shared key? (No means certainly not.)
    #[inline(always)]
    pub fn may_be_shared_key(&self, h: i64) -> bool {
        self.keys_mask.get() & 1 << (h & 63) != 0
    }

    /// Appends an attribute name (an interned str) to the shared keys; returns its slot index.
    pub fn push_shared_key(&self, name: Value) -> usize {
        let h = name.as_str_obj().map_or(0, |s| s.hash());
        self.keys_mask.set(self.keys_mask.get() | 1 << (h & 63));
        // SAFETY: as `shared_keys`.
        let keys = unsafe { &mut *self.keys.get() };
        keys.push(name);
        self.keys_items.set(keys.as_ptr());
        self.keys_len.set(keys.len() as u32);
        keys.len() - 1
    }

    /// The member slot names of instances (see the field), bases' first.
    #[inline(always)]
    pub fn members(&self) -> &[Value] {
        // SAFETY: written only by `set_members`, once, before any instance or lookup.
        unsafe { &*self.members.get() }
    }

    /// Sets the member slots and whether instances lack a dict; for a heap type just made,
    /// before it has instances (their allocation size depends on it).
    pub fn set_members(&self, names: Vec<Value>, no_dict: bool) {
        if self.heap {
            // SAFETY: heap types are thread-local, and nothing holds a borrow of the vector
            // of a class that has only just been made.
            unsafe { *self.members.get() = names };
            self.no_dict.set(no_dict);
        }
    }

    /// Is `self` the same as `other` or a subclass of it?
    pub fn is_subtype(&self, other: &TypeObject) -> bool {
        if !self.heap {
            let mut t: Option<&TypeObject> = Some(self);
            while let Some(ty) = t {
                if std::ptr::eq(ty, other) {
                    return true;
                }
                t = ty.base();
            }
            return false;
        }
        self.mro().any(|t| std::ptr::eq(t, other))
    }

    /// Bumps the version tag of a heap type (after its dict changed). Subclasses are found and
    /// bumped by the VM, which knows them; see `docs/`.
    pub fn modified(&self) {
        if self.heap {
            let old = self.version.get();
            unregister_version(self);
            self.version.set(next_version());
            register_version(self);
            crate::watch::notify(crate::watch::type_version(old));
        }
    }

    /// This type as a value (a new reference).
    pub fn to_value(&self) -> Value {
        // SAFETY: self is a live type object with a header.
        unsafe { Value::from_borrowed_ptr(self as *const TypeObject as *const ObjHeader) }
    }
}

/// What [`TypeObject::new_class`] makes a class from.
pub struct ClassParts<'a> {
    pub name: &'a str,
    pub qualname: &'a str,
    pub module: &'a str,
    /// The metaclass: the new class's type.
    pub meta: &'a TypeObject,
    /// The bases as the class statement names them.
    pub bases: &'a [&'a TypeObject],
    /// The base whose instance layout the class extends.
    pub base: &'a TypeObject,
    /// [`linearize`] of `bases`.
    pub mro: Vec<*const TypeObject>,
}

/// The C3 linearization of `bases` (the method resolution order of a class with these
/// bases, after the class itself), or None when the bases admit none: CPython's
/// `mro_implementation`. Merges the bases' MROs and the list of bases, each step taking the
/// first head that is in no list's tail.
pub fn linearize(bases: &[&TypeObject]) -> Option<Vec<*const TypeObject>> {
    let mut seqs: Vec<Vec<*const TypeObject>> =
        bases.iter().map(|b| b.mro().map(|t| t as *const TypeObject).collect()).collect();
    seqs.push(bases.iter().map(|&b| b as *const TypeObject).collect());
    let mut out = Vec::new();
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Some(out);
        }
        let head = seqs.iter().map(|s| s[0]).find(|&h| !seqs.iter().any(|s| s[1..].contains(&h)))?;
        out.push(head);
        for s in &mut seqs {
            if s[0] == head {
                s.remove(0);
            }
        }
    }
}

thread_local! {
    static NEXT_VERSION: Cell<u32> = const { Cell::new(1000) };
}

/// :version-types: slots of the table from version tags to the heap types holding them.
const VERSION_TYPES: usize = 4096;

thread_local! {
    /// :version-types: the heap type that last took each version tag, direct-mapped by the
    /// tag (CPython's `_PyType_LookupByVersion` cache): a slot is overwritten by a later tag
    /// with the same remainder and cleared when its type is freed, so whatever it holds is a
    /// live type.
    static BY_VERSION: [Cell<*const TypeObject>; VERSION_TYPES] =
        const { [const { Cell::new(std::ptr::null()) }; VERSION_TYPES] };
}

/// Records that heap type `t` holds its current version tag (:version-types:).
fn register_version(t: &TypeObject) {
    BY_VERSION.with(|m| m[t.version.get() as usize % VERSION_TYPES].set(t));
}

/// Clears the table's slot for `t`'s current version tag if it holds `t` (:version-types:):
/// before the tag changes or the type is freed, so that the table never holds a type under
/// a tag it no longer has, nor a freed type.
fn unregister_version(t: &TypeObject) {
    BY_VERSION.with(|m| {
        let slot = &m[t.version.get() as usize % VERSION_TYPES];
        if std::ptr::eq(slot.get(), t) {
            slot.set(std::ptr::null());
        }
    });
}

/// Runs `f` on the live heap type whose version tag is `v`, if the table still holds it
/// (:version-types:); `None` otherwise. A version tag is never given to two types, so an
/// object that passed a guard on `v` is an instance of exactly this type: a compiler may read
/// the class's append-only shared keys ahead of time. `f` must not run Python code (which
/// could free the type).
pub fn with_type_for_version<R>(v: u32, f: impl FnOnce(&TypeObject) -> R) -> Option<R> {
    let p = BY_VERSION.with(|m| m[v as usize % VERSION_TYPES].get());
    // SAFETY: a slot holds null or a live type (`dealloc_type` clears its slot), and nothing
    // frees a type while `f` runs (it runs no Python code).
    let t = unsafe { p.as_ref()? };
    (t.version.get() == v).then(|| f(t))
}

/// A fresh type version tag (never 0, which means "no valid version").
pub fn next_version() -> u32 {
    NEXT_VERSION.with(|v| {
        let n = v.get().wrapping_add(1).max(1000);
        v.set(n);
        n
    })
}

/// Statics never die; their dealloc must not run.
unsafe fn dealloc_never(_p: *mut ObjHeader) {}

macro_rules! builtin_types {
    ($($(#[doc = $doc:literal])* $static:ident = $name:literal, $kind:ident, $base:expr, $dealloc:expr;)*) => {
        $( $(#[doc = $doc])* pub static $static: TypeObject = TypeObject::builtin($name, Kind::$kind, $base, $dealloc); )*
    };
}

builtin_types! {
    /// `object`
    OBJECT_TYPE = "object", Instance, None, crate::object::dealloc_instance;
    /// `type`
    TYPE_TYPE = "type", Type, Some(&OBJECT_TYPE), dealloc_type;
    /// `NoneType`
    NONE_TYPE = "NoneType", NoneType, Some(&OBJECT_TYPE), dealloc_never;
    /// `int`
    INT_TYPE = "int", Int, Some(&OBJECT_TYPE), dealloc_box::<crate::int::IntObject>;
    /// `bool`
    BOOL_TYPE = "bool", Bool, Some(&INT_TYPE), dealloc_never;
    /// `float`
    FLOAT_TYPE = "float", Float, Some(&OBJECT_TYPE), crate::float::dealloc_float;
    /// `str`
    STR_TYPE = "str", Str, Some(&OBJECT_TYPE), crate::str::dealloc_str;
    /// `tuple`
    TUPLE_TYPE = "tuple", Tuple, Some(&OBJECT_TYPE), crate::gc::dealloc_tracked::<crate::seq::TupleObject>;
    /// `list`
    LIST_TYPE = "list", List, Some(&OBJECT_TYPE), crate::gc::dealloc_tracked::<crate::seq::ListObject>;
    /// `dict`
    DICT_TYPE = "dict", Dict, Some(&OBJECT_TYPE), crate::gc::dealloc_tracked::<crate::dict::DictObject>;
    /// `set`
    SET_TYPE = "set", Set, Some(&OBJECT_TYPE), dealloc_box::<crate::set::SetObject>;
    /// `frozenset`
    FROZENSET_TYPE = "frozenset", FrozenSet, Some(&OBJECT_TYPE), dealloc_box::<crate::set::SetObject>;
    /// `range`
    RANGE_TYPE = "range", Range, Some(&OBJECT_TYPE), dealloc_box::<crate::object::RangeObject>;
    /// `slice`
    SLICE_TYPE = "slice", Slice, Some(&OBJECT_TYPE), dealloc_box::<crate::object::SliceObject>;
    /// `ellipsis`
    ELLIPSIS_TYPE = "ellipsis", Singleton, Some(&OBJECT_TYPE), dealloc_never;
    /// `NotImplementedType`
    NOTIMPL_TYPE = "NotImplementedType", Singleton, Some(&OBJECT_TYPE), dealloc_never;
}

unsafe fn dealloc_type(p: *mut ObjHeader) {
    // SAFETY: only heap types reach a zero count (statics are immortal); they were allocated
    // by `alloc::<TypeObject>`; their base was increfed in `new_heap`.
    unsafe {
        crate::gc::untrack(p);
        let t = p as *mut TypeObject;
        // :version-types: the table never holds a freed type.
        unregister_version(&*t);
        let bases = std::mem::take(&mut *(*t).bases.get());
        for &b in &bases {
            if (*b).heap {
                (*(*b).subclasses.get()).retain(|&s| !std::ptr::eq(s, t));
            }
        }
        let meta = (*p).ty;
        // :getitem-cache: the class's own reference.
        drop(Value::from_raw((*t).getitem.replace(0)));
        drop(Box::from_raw(t));
        for b in bases.into_iter().chain([meta]) {
            if (*b).heap {
                crate::value::decref(b as *mut ObjHeader);
            }
        }
    }
}

/// Immortal singleton objects: a header only.
#[repr(C)]
pub struct Singleton {
    pub header: ObjHeader,
}

// SAFETY: singletons are immortal and never written (incref/decref skip immortal counts).
unsafe impl Sync for Singleton {}

/// `None`
pub static NONE: Singleton = Singleton { header: ObjHeader::immortal(&NONE_TYPE) };
/// `True`
pub static TRUE: Singleton = Singleton { header: ObjHeader::immortal(&BOOL_TYPE) };
/// `False`
pub static FALSE: Singleton = Singleton { header: ObjHeader::immortal(&BOOL_TYPE) };
/// `Ellipsis`
pub static ELLIPSIS: Singleton = Singleton { header: ObjHeader::immortal(&ELLIPSIS_TYPE) };
/// `NotImplemented`
pub static NOT_IMPLEMENTED: Singleton = Singleton { header: ObjHeader::immortal(&NOTIMPL_TYPE) };

impl Value {
    /// `None`
    #[inline(always)]
    pub fn none() -> Value {
        // SAFETY: immortal static; counting is skipped for it.
        unsafe { Value::from_owned_ptr(&NONE as *const Singleton as *mut ObjHeader) }
    }
    /// `True` or `False`
    #[inline(always)]
    pub fn bool(b: bool) -> Value {
        let p = if b { &TRUE } else { &FALSE };
        // SAFETY: immortal static.
        unsafe { Value::from_owned_ptr(p as *const Singleton as *mut ObjHeader) }
    }
    /// `Ellipsis`
    pub fn ellipsis() -> Value {
        // SAFETY: immortal static.
        unsafe { Value::from_owned_ptr(&ELLIPSIS as *const Singleton as *mut ObjHeader) }
    }
    /// `NotImplemented`
    pub fn not_implemented() -> Value {
        // SAFETY: immortal static.
        unsafe { Value::from_owned_ptr(&NOT_IMPLEMENTED as *const Singleton as *mut ObjHeader) }
    }
    /// Is this `None`?
    #[inline(always)]
    pub fn is_none(&self) -> bool {
        self.raw() == &NONE as *const Singleton as u64
    }
    /// Is this `True`?
    #[inline(always)]
    pub fn is_true(&self) -> bool {
        self.raw() == &TRUE as *const Singleton as u64
    }
    /// Is this `False`?
    #[inline(always)]
    pub fn is_false(&self) -> bool {
        self.raw() == &FALSE as *const Singleton as u64
    }
    /// Is this `NotImplemented`?
    #[inline(always)]
    pub fn is_not_implemented(&self) -> bool {
        self.raw() == &NOT_IMPLEMENTED as *const Singleton as u64
    }
    /// Is this a `bool`?
    #[inline(always)]
    pub fn is_bool(&self) -> bool {
        self.is_true() || self.is_false()
    }
    /// The type object this value is, if it is a type.
    pub fn as_type(&self) -> Option<&TypeObject> {
        if self.is_obj() && self.ty().kind == Kind::Type {
            // SAFETY: kind Type means the layout is TypeObject.
            Some(unsafe { self.as_ref::<TypeObject>() })
        } else {
            None
        }
    }
}
