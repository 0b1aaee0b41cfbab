//! The ABI between uop bodies and the runtime (DESIGN.md §2.4, §2.5).
//!
//! Uop bodies (`crate::bodies`) see the machine state only through this module:
//! - [`Ctx`]: the registers of the running frame (stack pointer, locals, constants, names,
//!   globals, builtins) as raw words, `#[repr(C)]` so that machine code can hold it;
//! - layout mirrors ([`ObjHead`], [`FloatObj`], and field offsets) for the few object fields
//!   bodies read or write directly; the VM checks at compile time that they match the runtime's
//!   `#[repr(C)]` objects (:abi-layout:);
//! - [`Rt`]: every other runtime service, as associated functions over raw words.
//!
//! Tier 1 implements [`Rt`] with inlined Rust (the VM's `Tier1Rt`). [`ExternRt`] implements it
//! by calling `extern "C"` functions named `tl_rt_*` (and reading the tables `tl_rt_known` and
//! `tl_rt_layout`): that is the
//! whole set of symbols a copy-and-patch stencil may leave undefined, and the build-time stencil
//! check rejects anything else (a panic path, a bounds check, an allocator call).
//!
//! Word conventions: a word is a tagged value (bit 0 set: small int; 0: NULL; otherwise a
//! pointer to an object starting with [`ObjHead`]). "New" means the word owns a reference,
//! "borrowed" that it does not. Functions that can raise return 0 (or -1, or `false`) after
//! storing the exception in the VM; the body then returns [`Step::Error`].

use core::ffi::c_void;

/// Registers of the running frame, as uop bodies see them.
#[repr(C)]
pub struct Ctx {
    /// The next free slot of the value stack (the top of stack is `sp[-1]`).
    pub sp: *mut u64,
    /// `localsplus[0]`.
    pub locals: *mut u64,
    /// The code object's constants.
    pub consts: *const u64,
    /// The code object's names (interned strs).
    pub names: *const u64,
    /// The globals dict (borrowed).
    pub globals: u64,
    /// The builtins dict (borrowed).
    pub builtins: u64,
    /// The VM, opaque to bodies; helpers use it.
    pub vm: *mut c_void,
    /// Tier 2: the tier-1 instruction being run, as set by `_SET_IP` (tracebacks, unwinding).
    pub ip: u64,
    /// Tier 2: the running executor's header (null in tier 1).
    pub executor: *const ExecHead,
    /// The eval breaker word (`tracelift_runtime::breaker`, :breaker-word:): nonzero when a
    /// safe point must do something (collect cycles, raise `KeyboardInterrupt`). Machine code
    /// tests it with one load at loop back-edges; bits are set by the collector and by the
    /// SIGINT handler, from any thread.
    pub eval_breaker: *const core::sync::atomic::AtomicU32,
    /// Tier 2: executor-to-executor transfers since the host last entered machine code;
    /// machine code transfers through a linked exit only while it is below
    /// [`MAX_CHAIN`] (then it returns to the host, which follows the exit itself with a fresh
    /// count, :chain-cap:).
    pub chain: u64,
}

/// Most executor-to-executor transfers without returning to the host (the host's
/// `MAX_CHAIN_DEPTH`).
pub const MAX_CHAIN: u64 = 64;

/// The eval-breaker bit of a pending SIGINT (`tracelift_runtime::breaker::SIGINT_PENDING`;
/// the VM checks at compile time that the two agree).
pub const BREAKER_SIGINT: u32 = 1 << 1;

impl Ctx {
    /// The eval-breaker bits.
    ///
    /// # Safety
    /// `eval_breaker` must point to the breaker word (it always does once the VM made `Ctx`).
    #[inline(always)]
    pub unsafe fn breaker(&self) -> u32 {
        // SAFETY: see the function's contract; the word is a static.
        unsafe { (*self.eval_breaker).load(core::sync::atomic::Ordering::Relaxed) }
    }

    /// Is any eval-breaker bit set?
    ///
    /// # Safety
    /// `eval_breaker` must point to the breaker word (it always does once the VM made `Ctx`).
    #[inline(always)]
    pub unsafe fn breaker_set(&self) -> bool {
        // SAFETY: see the function's contract; the word is a static.
        unsafe { (*self.eval_breaker).load(core::sync::atomic::Ordering::Relaxed) != 0 }
    }
}

/// The part of an executor that machine code reads: its validity flag.
///
/// Invalidation writes the flag while the executor is shared (the interpreter, machine code
/// and exits hold it), so it is an atomic: one plain 32-bit load in machine code, no write
/// through a pointer made from a shared reference.
#[repr(C)]
pub struct ExecHead {
    /// Nonzero while the executor is valid; invalidation (and freeing) clears it.
    pub valid: core::sync::atomic::AtomicU32,
    /// The executor this is the head of, for the host (opaque here): machine code that
    /// transferred leaves with `cx.executor` naming the head of the executor it left from.
    /// Meaningful only while `valid` is set.
    pub owner: core::cell::Cell<usize>,
    /// Times its machine code was entered (by the host or by a transfer), counted by the
    /// stencil backend's prelude: `--engine tiered` recompiles an executor with Cranelift
    /// once this passes `--recompile-threshold`.
    pub entries: core::cell::Cell<u64>,
}

impl ExecHead {
    /// A valid executor's head.
    pub const fn new() -> ExecHead {
        ExecHead {
            valid: core::sync::atomic::AtomicU32::new(1),
            owner: core::cell::Cell::new(0),
            entries: core::cell::Cell::new(0),
        }
    }

    /// Still valid?
    #[inline(always)]
    pub fn is_valid(&self) -> bool {
        self.valid.load(core::sync::atomic::Ordering::Relaxed) != 0
    }

    /// Marks the executor invalid (running code leaves at its next `_CHECK_VALIDITY`).
    pub fn invalidate(&self) {
        self.valid.store(0, core::sync::atomic::Ordering::Relaxed);
    }
}

impl Default for ExecHead {
    fn default() -> ExecHead {
        ExecHead::new()
    }
}

/// How machine code tells its host why it returned: a `u64` with the kind in bits 0..8, an
/// index in bits 8..32 (the exit's, for [`leave::EXIT`]) and the tier-1 instruction to resume
/// at in bits 32..64. `cx.executor` names the executor it returned from.
pub mod leave {
    /// A deopt: resume tier 1 at the target.
    pub const DEOPT: u64 = 0;
    /// A side exit (cold, or a chain that reached its bound): the host follows exit `index`.
    pub const EXIT: u64 = 1;
    /// An error was raised (stored in the VM); it unwinds from `cx.ip`.
    pub const ERROR: u64 = 2;

    /// Packs a reason.
    pub const fn encode(kind: u64, index: u32, target: u32) -> u64 {
        kind | ((index as u64 & 0xff_ffff) << 8) | ((target as u64) << 32)
    }

    /// Unpacks a reason: `(kind, index, target)`.
    pub const fn decode(r: u64) -> (u64, u32, u32) {
        (r & 0xff, ((r >> 8) & 0xff_ffff) as u32, (r >> 32) as u32)
    }
}

/// Offset of an iterator object's state (after the header); the state's first word is its
/// kind (`tracelift_runtime::object::IterState`, `#[repr(u64)]`).
pub const ITER_STATE_OFFSET: usize = 16;
/// The state kind of a `range` iterator with small bounds: `next`, `step` and `remaining`
/// follow, one word each.
pub const ITER_STATE_RANGE: u64 = 0;
/// The state kind of a list or tuple iterator: `seq` (NULL once exhausted) and `index` follow.
pub const ITER_STATE_SEQ: u64 = 2;

/// Offset of [`ExecHead::valid`] (machine code loads it).
pub const EXEC_HEAD_VALID_OFFSET: usize = 0;

/// What a uop body tells its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Step {
    /// Go on with the next uop.
    Next = 0,
    /// A guard failed before anything changed: leave through the uop's deopt (tier 1: run the
    /// family's generic instruction) or exit (tier 2: a side exit).
    Deopt = 1,
    /// An exception was raised (stored in the VM); the inputs were released.
    Error = 2,
    /// Tier-1 branch taken: add `oparg` to the instruction pointer.
    Jump = 3,
    /// The callee's frame is set up on the stack (callable, self_or_null, args) and must be
    /// entered: the caller of the body pushes the frame record and continues in it.
    Frame = 4,
}

/// Object header mirror: `refcnt` at offset 0 (negative = immortal), type pointer at 8.
#[repr(C)]
pub struct ObjHead {
    /// Reference count.
    pub refcnt: isize,
    /// The object's type.
    pub ty: *const ObjHead,
}

/// `float` mirror.
#[repr(C)]
pub struct FloatObj {
    /// Header.
    pub head: ObjHead,
    /// The value.
    pub value: f64,
}

/// Offset of a type object's 32-bit version tag.
pub const TYPE_VERSION_OFFSET: usize = 20;
/// Offset of a type object's 32-bit *plain* mark (the version at which it was found plain).
pub const TYPE_PLAIN_OFFSET: usize = 24;
/// Offset of the address of a type's first shared key (the attribute names its instances keep
/// in inline slots, in slot order; null while there are none).
pub const TYPE_KEYS_ITEMS_OFFSET: usize = 32;
/// Offset of an instance's count of inline attributes in use (a `u32`; 0 once its attributes
/// are in a dict).
pub const INSTANCE_LEN_OFFSET: usize = 24;
/// Offset of an instance's first inline attribute slot.
pub const INSTANCE_SLOTS_OFFSET: usize = 40;
/// Offset of an instance's dict slot (NULL while its attributes are inline).
pub const INSTANCE_DICT_OFFSET: usize = 16;
/// Offset of a type's 64-bit mask of its shared keys' hashes (bit `hash & 63` of each key):
/// a name whose bit is clear is no shared key (:no-shadow-mask:).
pub const TYPE_KEYS_MASK_OFFSET: usize = 200;
/// Offset of a type's 32-bit count of shared keys (keys are only appended).
pub const TYPE_KEYS_LEN_OFFSET: usize = 208;
/// Offset of a str's cached hash (an `i64`, -1 until computed).
pub const STR_HASH_OFFSET: usize = 16;
/// Offset of a dict's 32-bit keys version.
pub const DICT_VERSION_OFFSET: usize = 16;
/// Offset of a builtin function object's owner type (the type of an unbound builtin method,
/// null for a plain builtin function).
pub const BUILTIN_OWNER_OFFSET: usize = 56;

/// Objects whose addresses bodies compare against (types, singletons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Known {
    /// `int` (for big ints; small ints are tagged words).
    IntType = 0,
    /// `float`.
    FloatType = 1,
    /// `str`.
    StrType = 2,
    /// `list`.
    ListType = 3,
    /// `tuple`.
    TupleType = 4,
    /// `dict`.
    DictType = 5,
    /// `set`.
    SetType = 6,
    /// `bool`.
    BoolType = 7,
    /// `None`.
    None = 8,
    /// `True`.
    True = 9,
    /// `False`.
    False = 10,
    /// The module type.
    ModuleType = 11,
    /// The Python function type.
    FunctionType = 12,
    /// The bound-method type.
    MethodType = 13,
    /// The builtin-function type.
    BuiltinType = 14,
    /// `type`, the type of classes.
    TypeType = 15,
    /// `array.array`.
    ArrayType = 16,
    /// `range_iterator`.
    RangeIterType = 17,
    /// `list_iterator`.
    ListIterType = 18,
    /// `tuple_iterator`.
    TupleIterType = 19,
}

/// Number of [`Known`] entries (length of `tl_rt_known`).
pub const KNOWN_COUNT: usize = 20;

impl Known {
    /// Every known object, in discriminant order (a test checks the order).
    pub const ALL: [Known; KNOWN_COUNT] = [
        Known::IntType,
        Known::FloatType,
        Known::StrType,
        Known::ListType,
        Known::TupleType,
        Known::DictType,
        Known::SetType,
        Known::BoolType,
        Known::None,
        Known::True,
        Known::False,
        Known::ModuleType,
        Known::FunctionType,
        Known::MethodType,
        Known::BuiltinType,
        Known::TypeType,
        Known::ArrayType,
        Known::RangeIterType,
        Known::ListIterType,
        Known::TupleIterType,
    ];
}

/// Where a list's and a tuple's items are: byte offsets, from the object's start, of the
/// item pointer and the length (:seq-layout:). Lists keep their items in a `Vec` and tuples
/// in a `Box<[Value]>`, whose field order Rust does not promise, so the runtime learns them
/// once, at start; stencils read them from the table `tl_rt_layout` (`ExternRt`'s
/// [`Rt::list_items`] and the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Layout {
    /// A list's item pointer.
    ListItems = 0,
    /// A list's length.
    ListLen = 1,
    /// A tuple's item pointer.
    TupleItems = 2,
    /// A tuple's length.
    TupleLen = 3,
}

/// Number of [`Layout`] entries (length of `tl_rt_layout`).
pub const LAYOUT_COUNT: usize = 4;

/// The runtime services for uop bodies, defined once (DESIGN.md §2.4), handed to a callback
/// macro: `rt_functions!(cb)` expands `cb! { TABLE }`. Each line is
/// `name, symbol: fn(params) -> ret;`: the [`Rt`] method `name` and the exported `extern "C"`
/// function `symbol` that machine code calls. Everything else is an expansion of this table:
/// the [`Rt`] trait, the extern declarations and [`ExternRt`] (what stencils are compiled
/// against), [`ABI_SYMBOLS`] (what stencils may reference), [`ABI_FUNCTIONS`] (the machine
/// signatures a backend declares), and the VM's exports (`rt_exports!`).
///
/// Types are the C ABI's: `*mut Ctx` for the frame's registers (bodies pass their `&mut Ctx`,
/// which coerces), words as `u64`, [`Step`] as its `u32` discriminant.
#[macro_export]
macro_rules! rt_functions {
    ($cb:ident) => {
        $crate::rt_functions! { $cb! {} }
    };
    ($cb:ident ! { $($extra:tt)* }) => {
        $cb! { $($extra)*
        /// Frees an object whose count reached zero.
        dealloc, tl_rt_dealloc: fn(obj: u64) -> ();
        /// A new float.
        float_new, tl_rt_float_new: fn(v: f64) -> u64;
        /// The square root of a non-negative float (`math.sqrt`'s result).
        float_sqrt, tl_rt_float_sqrt: fn(v: f64) -> f64;
        /// `a ** b` for two floats (CPython's `float_pow`), or NaN where that raises or gives
        /// a complex. For a finite nonzero `a` and a finite `b` (what the bodies pass) an
        /// answer is never NaN.
        float_pow, tl_rt_float_pow: fn(a: f64, b: f64) -> f64;
        /// A new int from an `i64` that may not fit the small range.
        int_from_i64, tl_rt_int_from_i64: fn(v: i64) -> u64;
        /// `a + b` for two exact strs: new, or 0 with an error (memory).
        str_concat, tl_rt_str_concat: fn(cx: *mut Ctx, a: u64, b: u64) -> u64;
        /// `s[i]` for an exact str and a payload `i` (negative counts from the end): new, or 0
        /// when out of range (no error set: the body deopts and the generic path raises).
        str_getitem, tl_rt_str_getitem: fn(s: u64, i: i64) -> u64;
        /// Equality of two exact strs.
        str_eq, tl_rt_str_eq: fn(a: u64, b: u64) -> bool;
        /// Length in characters of an exact str.
        str_len, tl_rt_str_len: fn(s: u64) -> usize;
        /// `a[i]` for an exact `array.array` and a payload `i` (negative counts from the end):
        /// the item (new), or 0 when out of range (no error set: the body deopts and the
        /// generic path raises).
        array_getitem, tl_rt_array_getitem: fn(a: u64, i: i64) -> u64;
        /// `a[i] = v` for an exact `array.array`, borrowing `v`: `false` (no error set) when
        /// `i` is out of range or `v` does not convert to the typecode, for the generic path
        /// to raise.
        array_setitem, tl_rt_array_setitem: fn(a: u64, i: i64, v: u64) -> bool;
        /// The typecode (an ASCII letter) of an exact `array.array`.
        array_code, tl_rt_array_code: fn(a: u64) -> u32;
        /// Appends `v` (new, stolen) to an exact list; `false` with `MemoryError` set (and `v`
        /// released) when the list cannot grow.
        list_append, tl_rt_list_append: fn(cx: *mut Ctx, list: u64, v: u64) -> bool;
        /// `d[key]` for an exact dict: new, or 0 with an error (`KeyError`, or one raised by
        /// `__hash__`/`__eq__`).
        dict_getitem, tl_rt_dict_getitem: fn(cx: *mut Ctx, d: u64, key: u64) -> u64;
        /// `d[key] = v` for an exact dict; steals `v`, borrows `key`. `false` with an error.
        dict_setitem, tl_rt_dict_setitem: fn(cx: *mut Ctx, d: u64, key: u64, v: u64) -> bool;
        /// `key in d` for an exact dict: 1, 0, or -1 with an error.
        dict_contains, tl_rt_dict_contains: fn(cx: *mut Ctx, d: u64, key: u64) -> i32;
        /// `key in s` for an exact set or frozenset: 1, 0, or -1 with an error.
        set_contains, tl_rt_set_contains: fn(cx: *mut Ctx, s: u64, key: u64) -> i32;
        /// The value of entry `index` of a dict (borrowed), 0 if that entry is deleted or absent.
        dict_entry_value, tl_rt_dict_entry_value: fn(d: u64, index: u32) -> u64;
        /// The dict of a module (borrowed).
        module_dict, tl_rt_module_dict: fn(m: u64) -> u64;
        /// Instance attribute at dict entry `hint` if that entry's key is `name` (borrowed),
        /// else 0.
        instance_get_hint, tl_rt_instance_get_hint: fn(owner: u64, hint: u32, name: u64) -> u64;
        /// Replaces the instance attribute at dict entry `hint` if that entry's key is `name`;
        /// steals `v` when it returns `true`.
        instance_set_hint, tl_rt_instance_set_hint: fn(owner: u64, hint: u32, name: u64, v: u64) -> bool;
        /// `__slots__` member slot `k` of an instance (borrowed), 0 while it is unset or if
        /// `owner` has no slot `k`.
        instance_member, tl_rt_instance_member: fn(owner: u64, k: u32) -> u64;
        /// Replaces `__slots__` member slot `k` of an instance, stealing `v` and releasing the
        /// old value; `false`, nothing changed, if `owner` has no slot `k`.
        instance_set_member, tl_rt_instance_set_member: fn(owner: u64, k: u32, v: u64) -> bool;
        /// Stores `name` (an interned str) into the instance's dict, adding the key if it is
        /// absent; steals `v` when it returns `true`, and returns `false` (nothing changed) if
        /// `owner` is not an instance with a dict. Runs no Python code.
        instance_store, tl_rt_instance_store: fn(owner: u64, name: u64, v: u64) -> bool;
        /// The instance's dict does not hold `name` (it cannot shadow a method).
        instance_lacks, tl_rt_instance_lacks: fn(owner: u64, name: u64) -> bool;
        /// The version of a Python function, 0 if `f` is not one.
        func_version, tl_rt_func_version: fn(f: u64) -> u32;
        /// The Python function that the heap type `ty`'s `__getitem__` resolves to
        /// (borrowed: the class holds it), 0 when it is anything else.
        type_getitem, tl_rt_type_getitem: fn(cx: *mut Ctx, ty: u64) -> u64;
        /// The Python function that the heap type `ty`'s dunder for `BINARY_OP` operator
        /// `oparg` resolves to (`__add__` for `+` and `+=`; borrowed: the class holds it), 0
        /// when it is anything else.
        type_binop, tl_rt_type_binop: fn(cx: *mut Ctx, ty: u64, oparg: u32) -> u64;
        /// A bound method's function (borrowed), or 0 if `m` is not a bound method.
        bound_method_func, tl_rt_bound_method_func: fn(m: u64) -> u64;
        /// The `self` of a bound method `m` (borrowed); call only after `bound_method_func`
        /// said it is one.
        bound_method_self, tl_rt_bound_method_self: fn(m: u64) -> u64;
        /// Calls the builtin at `sp[-2-oparg]` with its positional arguments; consumes them and
        /// pushes the result. [`Step::Next`] or [`Step::Error`].
        call_builtin, tl_rt_call_builtin: fn(cx: *mut Ctx, oparg: u32) -> Step;
        /// `len(v)`: a new int, or 0 with an error.
        len, tl_rt_len: fn(cx: *mut Ctx, v: u64) -> u64;
        /// `isinstance(v, cls)`: 1, 0, or -1 with an error.
        isinstance, tl_rt_isinstance: fn(cx: *mut Ctx, v: u64, cls: u64) -> i32;
        /// Makes an instance of the class at `sp[-2-oparg]` and sets up its `__init__` call in
        /// place (the class's type version is already guarded); [`Step::Frame`],
        /// [`Step::Deopt`] when the class no longer qualifies, or [`Step::Error`].
        alloc_and_enter_init, tl_rt_alloc_and_enter_init: fn(cx: *mut Ctx, oparg: u32) -> Step;
        /// A new iterator over an exact list, tuple or (machine-word) range, as `iter(v)`; 0
        /// for anything else (the generic path).
        seq_iter, tl_rt_seq_iter: fn(v: u64) -> u64;
        /// `seq[start:stop:step]` (all borrowed) of an exact list or tuple whose bounds are ints
        /// or None and whose step is not zero: new; 0 for anything else (the generic path).
        seq_slice, tl_rt_seq_slice: fn(seq: u64, start: u64, stop: u64, step: u64) -> u64;
        /// `seq[s]` for a slice object `s` (both borrowed), as [`Rt::seq_slice`]; 0 when `s`
        /// is not a slice or `seq_slice` says 0.
        seq_getslice, tl_rt_seq_getslice: fn(seq: u64, s: u64) -> u64;
        /// `list[start:stop] = v` (all borrowed) for an exact list, int or None bounds and an
        /// exact list or tuple `v`; `false`, nothing changed, for anything else.
        list_setslice, tl_rt_list_setslice: fn(list: u64, start: u64, stop: u64, v: u64) -> bool;
        /// `slice(start, stop, step)`, stealing the three.
        slice_new, tl_rt_slice_new: fn(start: u64, stop: u64, step: u64) -> u64;
        /// The contents of a cell (borrowed), 0 when it is empty or `cell` is not a cell.
        cell_get, tl_rt_cell_get: fn(cell: u64) -> u64;
        /// A new iterator over `range(start, stop)` (step 1), as `iter(range(start, stop))`.
        range_iter_new, tl_rt_range_iter_new: fn(start: i64, stop: i64) -> u64;
        /// Runs the generic tier-1 instruction `op` (an [`crate::Opcode`] number) with `oparg`
        /// on the stack at `cx.sp`, exactly as tier 1 does, except that it never jumps and
        /// never enters a frame: [`Step::Next`] or [`Step::Error`]. For `FOR_ITER`, an
        /// exhausted iterator gives [`Step::Deopt`] with the iterator still on the stack.
        generic, tl_rt_generic: fn(cx: *mut Ctx, op: u32, oparg: u32) -> Step;
        /// Handles what the eval breaker asks for (a cycle collection, a pending SIGINT) at a
        /// safe point; `false` with an error set (`KeyboardInterrupt`).
        handle_breaker, tl_rt_handle_breaker: fn(cx: *mut Ctx) -> bool;
        }
    };
}

/// How a value of an ABI type travels in machine code (what a backend's signature says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbiKind {
    /// A 64-bit integer or pointer.
    I64,
    /// A 32-bit integer (also [`Step`]).
    I32,
    /// A byte holding 0 or 1 (Rust's `bool`; callers test the low byte only).
    Bool,
    /// A double.
    F64,
}

/// The [`AbiKind`] of each type the table uses.
pub trait AbiType {
    /// The kind.
    const KIND: Option<AbiKind>;
}

macro_rules! abi_types {
    ($($t:ty => $k:expr;)*) => { $( impl AbiType for $t { const KIND: Option<AbiKind> = $k; } )* };
}

abi_types! {
    () => None;
    u64 => Some(AbiKind::I64);
    i64 => Some(AbiKind::I64);
    usize => Some(AbiKind::I64);
    u32 => Some(AbiKind::I32);
    i32 => Some(AbiKind::I32);
    Step => Some(AbiKind::I32);
    bool => Some(AbiKind::Bool);
    f64 => Some(AbiKind::F64);
    *mut Ctx => Some(AbiKind::I64);
    *mut u64 => Some(AbiKind::I64);
    *mut usize => Some(AbiKind::I64);
}

/// One exported runtime function, as machine code sees it.
#[derive(Clone, Copy, Debug)]
pub struct AbiFn {
    /// The exported symbol (`tl_rt_*`).
    pub symbol: &'static str,
    /// Parameter kinds, in order.
    pub params: &'static [AbiKind],
    /// Result kind, `None` for none.
    pub ret: Option<AbiKind>,
}

/// Unwraps an [`AbiType::KIND`] of a parameter (a unit parameter is a table error).
const fn param(k: Option<AbiKind>) -> AbiKind {
    match k {
        Some(k) => k,
        None => panic!("a runtime function takes a () parameter"),
    }
}

macro_rules! rt_items {
    ($( $(#[doc = $doc:literal])* $name:ident, $sym:ident : fn($($p:ident : $t:ty),*) -> $ret:ty; )*) => {
        /// Runtime services for uop bodies (generated from [`rt_functions!`]).
        ///
        /// # Safety
        /// Every function is `unsafe` for one shared reason, stated here once: the words
        /// passed in must be what the function's doc says (live objects of the right type
        /// where a type is named, owned where it says "steals"), and `cx` must describe the
        /// running frame.
        #[allow(clippy::missing_safety_doc)]
        pub trait Rt {
            /// Address of a known object.
            fn known(k: Known) -> u64;
            /// The item pointer of a live list (exact or a subclass: the list layout),
            /// valid until the list is next resized (:seq-layout:).
            unsafe fn list_items(l: u64) -> *mut u64;
            /// The length of a live list.
            unsafe fn list_len(l: u64) -> usize;
            /// The item pointer of a live tuple (exact or a subclass).
            unsafe fn tuple_items(t: u64) -> *mut u64;
            /// The length of a live tuple.
            unsafe fn tuple_len(t: u64) -> usize;
            $( $(#[doc = $doc])* unsafe fn $name($($p: $t),*) -> $ret; )*
        }

        // The symbols a stencil may leave undefined: exactly these (checked by the build
        // script); the VM defines them (`rt_exports!`).
        unsafe extern "C" {
            /// Addresses of the [`Known`] objects, indexed by discriminant.
            pub static tl_rt_known: [u64; KNOWN_COUNT];
            /// The [`Layout`] offsets, indexed by discriminant, written once before any
            /// stencil is compiled (:seq-layout:).
            pub static tl_rt_layout: [core::sync::atomic::AtomicU64; LAYOUT_COUNT];
            $( fn $sym($($p: $t),*) -> $ret; )*
        }

        /// [`Rt`] over the `extern "C"` ABI layer: what stencils are compiled against.
        pub struct ExternRt;

        impl Rt for ExternRt {
            #[inline(always)]
            fn known(k: Known) -> u64 {
                // SAFETY: a read of an immutable table the runtime defines before any code runs.
                unsafe { tl_rt_known.get(k as usize).copied().unwrap_or(0) }
            }
            // :seq-layout: read at the offsets the runtime learned into `tl_rt_layout`.
            #[inline(always)]
            unsafe fn list_items(l: u64) -> *mut u64 {
                // SAFETY: `l` is a live list (the caller's contract).
                unsafe { seq_field(l, Layout::ListItems) }
            }
            #[inline(always)]
            unsafe fn list_len(l: u64) -> usize {
                // SAFETY: as `list_items`.
                unsafe { seq_field(l, Layout::ListLen) }
            }
            #[inline(always)]
            unsafe fn tuple_items(t: u64) -> *mut u64 {
                // SAFETY: `t` is a live tuple (the caller's contract).
                unsafe { seq_field(t, Layout::TupleItems) }
            }
            #[inline(always)]
            unsafe fn tuple_len(t: u64) -> usize {
                // SAFETY: as `tuple_items`.
                unsafe { seq_field(t, Layout::TupleLen) }
            }
            $(
                #[inline(always)]
                unsafe fn $name($($p: $t),*) -> $ret {
                    // SAFETY: the exported function of the same name has the trait method's
                    // contract, which the caller upholds.
                    unsafe { $sym($($p),*) }
                }
            )*
        }

        /// The field of list or tuple `o` at the offset `tl_rt_layout` holds for `l`
        /// (:seq-layout:).
        ///
        /// # Safety
        /// `o` is a live object of the kind `l` is a field of, and `T` that field's type.
        #[inline(always)]
        unsafe fn seq_field<T: Copy>(o: u64, l: Layout) -> T {
            // SAFETY: a table the runtime fills before any stencil is compiled (the backend
            // refuses to start otherwise), never changed after; the caller's contract covers
            // the read at that offset.
            unsafe {
                let off = tl_rt_layout[l as usize].load(core::sync::atomic::Ordering::Relaxed) as usize;
                *((o as usize + off) as *const T)
            }
        }

        /// Names of every symbol the ABI layer defines (what stencils may reference).
        pub const ABI_SYMBOLS: &[&str] = &["tl_rt_known", "tl_rt_layout", $(stringify!($sym),)*];

        /// Every exported runtime function with its machine signature, in table order.
        pub const ABI_FUNCTIONS: &[AbiFn] = &[$(AbiFn {
            symbol: stringify!($sym),
            params: &[$(param(<$t as AbiType>::KIND),)*],
            ret: <$ret as AbiType>::KIND,
        },)*];
    };
}

rt_functions!(rt_items);

/// Defines the exported `tl_rt_*` functions over an [`Rt`] implementation (the VM's) and
/// `rt_symbol_addresses()`, every exported symbol with its address (the two tables first),
/// for backends that bind symbols by address. Expanded through the table:
/// `rt_functions!(rt_exports! { Tier1Rt, KNOWN_TABLE, LAYOUT_TABLE; })`, where `KNOWN_TABLE`
/// is the caller's `tl_rt_known` (laid out as `[u64; KNOWN_COUNT]`) and `LAYOUT_TABLE` its
/// `tl_rt_layout` (`[AtomicU64; LAYOUT_COUNT]`).
#[macro_export]
macro_rules! rt_exports {
    ($rt:ty, $known:path, $layout:path; $( $(#[doc = $doc:literal])* $name:ident, $sym:ident : fn($($p:ident : $t:ty),*) -> $ret:ty; )*) => {
        $(
            #[unsafe(no_mangle)]
            #[inline(never)]
            pub unsafe extern "C" fn $sym($($p: $t),*) -> $ret {
                // SAFETY: the caller (machine code) upholds the table's contract.
                unsafe { <$rt as $crate::abi::Rt>::$name($($p),*) }
            }
        )*

        /// Every exported runtime symbol and its address.
        pub fn rt_symbol_addresses() -> Vec<(&'static str, *const u8)> {
            vec![
                ("tl_rt_known", &$known as *const _ as *const u8),
                ("tl_rt_layout", &$layout as *const _ as *const u8),
                $((stringify!($sym), $sym as *const u8),)*
            ]
        }
    };
}
