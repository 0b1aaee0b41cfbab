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
//! by calling `extern "C"` functions named `tl_rt_*` (and reading `tl_rt_known`): that is the
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
}

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
#[repr(C)]
pub struct ExecHead {
    /// Nonzero while the executor is valid; invalidation clears it.
    pub valid: u32,
}

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
}

/// Number of [`Known`] entries (length of `tl_rt_known`).
pub const KNOWN_COUNT: usize = 16;

/// Iterator kinds reported by [`Rt::iter_kind`].
pub mod iter_kind {
    /// A `range` iterator.
    pub const RANGE: u32 = 1;
    /// A list iterator.
    pub const LIST: u32 = 2;
    /// A tuple iterator.
    pub const TUPLE: u32 = 3;
}

/// Runtime services for uop bodies.
///
/// # Safety
/// Every function is `unsafe` for one shared reason, stated here once: the words passed in
/// must be what the function's doc says (live objects of the right type where a type is named,
/// owned where it says "steals"), and `cx` must describe the running frame.
#[allow(clippy::missing_safety_doc)]
pub trait Rt {
    /// Address of a known object.
    fn known(k: Known) -> u64;
    /// Frees an object whose count reached zero.
    unsafe fn dealloc(obj: u64);
    /// A new float.
    unsafe fn float_new(v: f64) -> u64;
    /// A new int from an `i64` that may not fit the small range.
    unsafe fn int_from_i64(v: i64) -> u64;
    /// A new int, the product of two small-int payloads.
    unsafe fn int_mul(a: i64, b: i64) -> u64;
    /// `a + b` for two exact strs: new, or 0 with an error (memory).
    unsafe fn str_concat(cx: &mut Ctx, a: u64, b: u64) -> u64;
    /// `s[i]` for an exact str and a payload `i` (negative counts from the end): new, or 0 when
    /// out of range (no error set: the body deopts and the generic path raises).
    unsafe fn str_getitem(s: u64, i: i64) -> u64;
    /// Equality of two exact strs.
    unsafe fn str_eq(a: u64, b: u64) -> bool;
    /// Length in characters of an exact str.
    unsafe fn str_len(s: u64) -> usize;
    /// Item storage of an exact list or tuple: pointer to the first item word; `len` receives
    /// the length. The pointer is valid until the list is next resized.
    unsafe fn seq_items(seq: u64, len: &mut usize) -> *mut u64;
    /// Appends `v` (new, stolen) to an exact list; `false` with `MemoryError` set (and `v`
    /// released) when the list cannot grow.
    unsafe fn list_append(cx: &mut Ctx, list: u64, v: u64) -> bool;
    /// `d[key]` for an exact dict: new, or 0 with an error (`KeyError`, or one raised by
    /// `__hash__`/`__eq__`).
    unsafe fn dict_getitem(cx: &mut Ctx, d: u64, key: u64) -> u64;
    /// `d[key] = v` for an exact dict; steals `v`, borrows `key`. `false` with an error.
    unsafe fn dict_setitem(cx: &mut Ctx, d: u64, key: u64, v: u64) -> bool;
    /// `key in d` for an exact dict: 1, 0, or -1 with an error.
    unsafe fn dict_contains(cx: &mut Ctx, d: u64, key: u64) -> i32;
    /// `key in s` for an exact set or frozenset: 1, 0, or -1 with an error.
    unsafe fn set_contains(cx: &mut Ctx, s: u64, key: u64) -> i32;
    /// The value of entry `index` of a dict (borrowed), 0 if that entry is deleted or absent.
    unsafe fn dict_entry_value(d: u64, index: u32) -> u64;
    /// The dict of a module (borrowed).
    unsafe fn module_dict(m: u64) -> u64;
    /// Instance attribute at dict entry `hint` if that entry's key is `name` (borrowed), else 0.
    unsafe fn instance_get_hint(owner: u64, hint: u32, name: u64) -> u64;
    /// Replaces the instance attribute at dict entry `hint` if that entry's key is `name`;
    /// steals `v` when it returns `true`.
    unsafe fn instance_set_hint(owner: u64, hint: u32, name: u64, v: u64) -> bool;
    /// Stores `name` (an interned str) into the instance's dict, adding the key if it is
    /// absent; steals `v` when it returns `true`, and returns `false` (nothing changed) if
    /// `owner` is not an instance with a dict. Runs no Python code.
    unsafe fn instance_store(owner: u64, name: u64, v: u64) -> bool;
    /// The instance's dict does not hold `name` (it cannot shadow a method).
    unsafe fn instance_lacks(owner: u64, name: u64) -> bool;
    /// The version of a Python function, 0 if `f` is not one.
    unsafe fn func_version(f: u64) -> u32;
    /// A bound method's function and self (borrowed), or `false` if `m` is not a bound method.
    unsafe fn bound_method_parts(m: u64, func: &mut u64, self_: &mut u64) -> bool;
    /// Enters the Python function at `sp[-2-oparg]` with `self_or_null` and `oparg` arguments
    /// above it (tier 1: [`Step::Frame`], the loop pushes the frame).
    unsafe fn push_frame(cx: &mut Ctx, oparg: u32) -> Step;
    /// Calls the builtin at `sp[-2-oparg]` with its positional arguments; consumes them and
    /// pushes the result. [`Step::Next`] or [`Step::Error`].
    unsafe fn call_builtin(cx: &mut Ctx, oparg: u32) -> Step;
    /// `len(v)`: a new int, or 0 with an error.
    unsafe fn len(cx: &mut Ctx, v: u64) -> u64;
    /// `isinstance(v, cls)`: 1, 0, or -1 with an error.
    unsafe fn isinstance(cx: &mut Ctx, v: u64, cls: u64) -> i32;
    /// Makes an instance of the class at `sp[-2-oparg]` and sets up its `__init__` call in
    /// place (the class's type version is already guarded); [`Step::Frame`], [`Step::Deopt`]
    /// when the class no longer qualifies, or [`Step::Error`].
    unsafe fn alloc_and_enter_init(cx: &mut Ctx, oparg: u32) -> Step;
    /// Kind of an iterator object (see [`iter_kind`]), 0 for others.
    unsafe fn iter_kind(it: u64) -> u32;
    /// Is the range, list or tuple iterator exhausted?
    unsafe fn iter_exhausted(it: u64) -> bool;
    /// The next item of a range, list or tuple iterator known not to be exhausted (new).
    unsafe fn iter_next(it: u64) -> u64;
    /// Runs the generic tier-1 instruction `op` (an [`crate::Opcode`] number) with `oparg` on
    /// the stack at `cx.sp`, exactly as tier 1 does, except that it never jumps and never
    /// enters a frame: [`Step::Next`] or [`Step::Error`]. For `FOR_ITER`, an exhausted iterator
    /// gives [`Step::Deopt`] with the iterator still on the stack.
    unsafe fn generic(cx: &mut Ctx, op: u32, oparg: u32) -> Step;
    /// Handles what the eval breaker asks for (a cycle collection, a pending SIGINT) at a
    /// safe point; `false` with an error set (`KeyboardInterrupt`).
    unsafe fn handle_breaker(cx: &mut Ctx) -> bool;
}

// The symbols a stencil may leave undefined: exactly these (checked by the build script).
unsafe extern "C" {
    /// Addresses of the [`Known`] objects, indexed by discriminant.
    pub static tl_rt_known: [u64; KNOWN_COUNT];
    fn tl_rt_dealloc(obj: u64);
    fn tl_rt_float_new(v: f64) -> u64;
    fn tl_rt_int_from_i64(v: i64) -> u64;
    fn tl_rt_int_mul(a: i64, b: i64) -> u64;
    fn tl_rt_str_concat(cx: *mut Ctx, a: u64, b: u64) -> u64;
    fn tl_rt_str_getitem(s: u64, i: i64) -> u64;
    fn tl_rt_str_eq(a: u64, b: u64) -> bool;
    fn tl_rt_str_len(s: u64) -> usize;
    fn tl_rt_seq_items(seq: u64, len: *mut usize) -> *mut u64;
    fn tl_rt_list_append(cx: *mut Ctx, list: u64, v: u64) -> bool;
    fn tl_rt_dict_getitem(cx: *mut Ctx, d: u64, key: u64) -> u64;
    fn tl_rt_dict_setitem(cx: *mut Ctx, d: u64, key: u64, v: u64) -> bool;
    fn tl_rt_dict_contains(cx: *mut Ctx, d: u64, key: u64) -> i32;
    fn tl_rt_set_contains(cx: *mut Ctx, s: u64, key: u64) -> i32;
    fn tl_rt_dict_entry_value(d: u64, index: u32) -> u64;
    fn tl_rt_module_dict(m: u64) -> u64;
    fn tl_rt_instance_get_hint(owner: u64, hint: u32, name: u64) -> u64;
    fn tl_rt_instance_set_hint(owner: u64, hint: u32, name: u64, v: u64) -> bool;
    fn tl_rt_instance_store(owner: u64, name: u64, v: u64) -> bool;
    fn tl_rt_instance_lacks(owner: u64, name: u64) -> bool;
    fn tl_rt_func_version(f: u64) -> u32;
    fn tl_rt_bound_method_parts(m: u64, func: *mut u64, self_: *mut u64) -> bool;
    fn tl_rt_push_frame(cx: *mut Ctx, oparg: u32) -> u32;
    fn tl_rt_call_builtin(cx: *mut Ctx, oparg: u32) -> u32;
    fn tl_rt_len(cx: *mut Ctx, v: u64) -> u64;
    fn tl_rt_isinstance(cx: *mut Ctx, v: u64, cls: u64) -> i32;
    fn tl_rt_alloc_and_enter_init(cx: *mut Ctx, oparg: u32) -> u32;
    fn tl_rt_iter_kind(it: u64) -> u32;
    fn tl_rt_iter_exhausted(it: u64) -> bool;
    fn tl_rt_iter_next(it: u64) -> u64;
    fn tl_rt_generic(cx: *mut Ctx, op: u32, oparg: u32) -> u32;
    fn tl_rt_handle_breaker(cx: *mut Ctx) -> bool;
}

/// Converts a helper's step code back into a [`Step`] without a panicking path.
#[inline(always)]
fn step_from(code: u32) -> Step {
    match code {
        0 => Step::Next,
        1 => Step::Deopt,
        3 => Step::Jump,
        4 => Step::Frame,
        _ => Step::Error,
    }
}

/// [`Rt`] over the `extern "C"` ABI layer: what stencils are compiled against.
pub struct ExternRt;

// SAFETY (for every block below): each function forwards to the ABI symbol of the same name,
// whose contract is the trait method's; the caller upholds that contract.
impl Rt for ExternRt {
    #[inline(always)]
    fn known(k: Known) -> u64 {
        // SAFETY: a read of an immutable table the runtime fills before any code runs.
        unsafe { tl_rt_known.get(k as usize).copied().unwrap_or(0) }
    }
    #[inline(always)]
    unsafe fn dealloc(obj: u64) {
        unsafe { tl_rt_dealloc(obj) }
    }
    #[inline(always)]
    unsafe fn float_new(v: f64) -> u64 {
        unsafe { tl_rt_float_new(v) }
    }
    #[inline(always)]
    unsafe fn int_from_i64(v: i64) -> u64 {
        unsafe { tl_rt_int_from_i64(v) }
    }
    #[inline(always)]
    unsafe fn int_mul(a: i64, b: i64) -> u64 {
        unsafe { tl_rt_int_mul(a, b) }
    }
    #[inline(always)]
    unsafe fn str_concat(cx: &mut Ctx, a: u64, b: u64) -> u64 {
        unsafe { tl_rt_str_concat(cx, a, b) }
    }
    #[inline(always)]
    unsafe fn str_getitem(s: u64, i: i64) -> u64 {
        unsafe { tl_rt_str_getitem(s, i) }
    }
    #[inline(always)]
    unsafe fn str_eq(a: u64, b: u64) -> bool {
        unsafe { tl_rt_str_eq(a, b) }
    }
    #[inline(always)]
    unsafe fn str_len(s: u64) -> usize {
        unsafe { tl_rt_str_len(s) }
    }
    #[inline(always)]
    unsafe fn seq_items(seq: u64, len: &mut usize) -> *mut u64 {
        unsafe { tl_rt_seq_items(seq, len) }
    }
    #[inline(always)]
    unsafe fn list_append(cx: &mut Ctx, list: u64, v: u64) -> bool {
        unsafe { tl_rt_list_append(cx, list, v) }
    }
    #[inline(always)]
    unsafe fn dict_getitem(cx: &mut Ctx, d: u64, key: u64) -> u64 {
        unsafe { tl_rt_dict_getitem(cx, d, key) }
    }
    #[inline(always)]
    unsafe fn dict_setitem(cx: &mut Ctx, d: u64, key: u64, v: u64) -> bool {
        unsafe { tl_rt_dict_setitem(cx, d, key, v) }
    }
    #[inline(always)]
    unsafe fn dict_contains(cx: &mut Ctx, d: u64, key: u64) -> i32 {
        unsafe { tl_rt_dict_contains(cx, d, key) }
    }
    #[inline(always)]
    unsafe fn set_contains(cx: &mut Ctx, s: u64, key: u64) -> i32 {
        unsafe { tl_rt_set_contains(cx, s, key) }
    }
    #[inline(always)]
    unsafe fn dict_entry_value(d: u64, index: u32) -> u64 {
        unsafe { tl_rt_dict_entry_value(d, index) }
    }
    #[inline(always)]
    unsafe fn module_dict(m: u64) -> u64 {
        unsafe { tl_rt_module_dict(m) }
    }
    #[inline(always)]
    unsafe fn instance_get_hint(owner: u64, hint: u32, name: u64) -> u64 {
        unsafe { tl_rt_instance_get_hint(owner, hint, name) }
    }
    #[inline(always)]
    unsafe fn instance_set_hint(owner: u64, hint: u32, name: u64, v: u64) -> bool {
        unsafe { tl_rt_instance_set_hint(owner, hint, name, v) }
    }
    #[inline(always)]
    unsafe fn instance_store(owner: u64, name: u64, v: u64) -> bool {
        unsafe { tl_rt_instance_store(owner, name, v) }
    }
    #[inline(always)]
    unsafe fn instance_lacks(owner: u64, name: u64) -> bool {
        unsafe { tl_rt_instance_lacks(owner, name) }
    }
    #[inline(always)]
    unsafe fn func_version(f: u64) -> u32 {
        unsafe { tl_rt_func_version(f) }
    }
    #[inline(always)]
    unsafe fn bound_method_parts(m: u64, func: &mut u64, self_: &mut u64) -> bool {
        unsafe { tl_rt_bound_method_parts(m, func, self_) }
    }
    #[inline(always)]
    unsafe fn push_frame(cx: &mut Ctx, oparg: u32) -> Step {
        step_from(unsafe { tl_rt_push_frame(cx, oparg) })
    }
    #[inline(always)]
    unsafe fn call_builtin(cx: &mut Ctx, oparg: u32) -> Step {
        step_from(unsafe { tl_rt_call_builtin(cx, oparg) })
    }
    #[inline(always)]
    unsafe fn len(cx: &mut Ctx, v: u64) -> u64 {
        unsafe { tl_rt_len(cx, v) }
    }
    #[inline(always)]
    unsafe fn isinstance(cx: &mut Ctx, v: u64, cls: u64) -> i32 {
        unsafe { tl_rt_isinstance(cx, v, cls) }
    }
    #[inline(always)]
    unsafe fn alloc_and_enter_init(cx: &mut Ctx, oparg: u32) -> Step {
        step_from(unsafe { tl_rt_alloc_and_enter_init(cx, oparg) })
    }
    #[inline(always)]
    unsafe fn iter_kind(it: u64) -> u32 {
        unsafe { tl_rt_iter_kind(it) }
    }
    #[inline(always)]
    unsafe fn iter_exhausted(it: u64) -> bool {
        unsafe { tl_rt_iter_exhausted(it) }
    }
    #[inline(always)]
    unsafe fn iter_next(it: u64) -> u64 {
        unsafe { tl_rt_iter_next(it) }
    }
    #[inline(always)]
    unsafe fn generic(cx: &mut Ctx, op: u32, oparg: u32) -> Step {
        step_from(unsafe { tl_rt_generic(cx, op, oparg) })
    }
    #[inline(always)]
    unsafe fn handle_breaker(cx: &mut Ctx) -> bool {
        unsafe { tl_rt_handle_breaker(cx) }
    }
}

/// Names of every symbol the ABI layer defines (for the stencil check).
pub const ABI_SYMBOLS: &[&str] = &[
    "tl_rt_known",
    "tl_rt_dealloc",
    "tl_rt_float_new",
    "tl_rt_int_from_i64",
    "tl_rt_int_mul",
    "tl_rt_str_concat",
    "tl_rt_str_getitem",
    "tl_rt_str_eq",
    "tl_rt_str_len",
    "tl_rt_seq_items",
    "tl_rt_list_append",
    "tl_rt_dict_getitem",
    "tl_rt_dict_setitem",
    "tl_rt_dict_contains",
    "tl_rt_set_contains",
    "tl_rt_dict_entry_value",
    "tl_rt_module_dict",
    "tl_rt_instance_get_hint",
    "tl_rt_instance_set_hint",
    "tl_rt_instance_store",
    "tl_rt_instance_lacks",
    "tl_rt_func_version",
    "tl_rt_bound_method_parts",
    "tl_rt_push_frame",
    "tl_rt_call_builtin",
    "tl_rt_len",
    "tl_rt_isinstance",
    "tl_rt_alloc_and_enter_init",
    "tl_rt_iter_kind",
    "tl_rt_iter_exhausted",
    "tl_rt_iter_next",
    "tl_rt_generic",
    "tl_rt_handle_breaker",
];
