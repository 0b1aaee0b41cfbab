//! Objects that only make sense with an interpreter: code, functions, cells, bound methods,
//! builtin functions, modules, generators, and the `staticmethod`/`classmethod`/`property`
//! descriptors. Their types are immortal statics of kind [`Kind::Vm`]; the VM dispatches on
//! the type's identity.

use std::cell::{Cell, UnsafeCell};
use std::rc::Rc;

use tracelift_compiler::CodeObject;
use tracelift_runtime::gc::GcLink;
use tracelift_runtime::types::{GcOps, Kind, OBJECT_TYPE, TypeObject};
use tracelift_runtime::value::{ObjHeader, Value, alloc, dealloc_box};

use crate::Vm;
use tracelift_runtime::PyResult;

/// Code ready to run: the compiler's code object plus its constants and names as values.
pub struct Code {
    /// The compiler's output (names, tables, flags).
    pub co: CodeObject,
    /// Instructions and inline caches. `Cell` so that specialization can rewrite them in place.
    pub instrs: Box<[Cell<u32>]>,
    /// `co_consts` as values.
    pub consts: Vec<Value>,
    /// `co_names` as interned strs.
    pub names: Vec<Value>,
    /// `co_localsplusnames` as interned strs.
    pub localsplus_names: Vec<Value>,
    /// Number of localsplus slots.
    pub nlocalsplus: usize,
    /// Maximum value-stack depth.
    pub stacksize: usize,
    /// Number of free variables (last localsplus slots).
    pub nfree: usize,
    /// `argcount` when the signature is positional only in effect (no `*args`, `**kwargs` or
    /// keyword-only parameters), else `usize::MAX`: a positional call with exactly this many
    /// arguments binds them by moving them into the first slots (`Vm::enter_function`).
    pub exact_argc: usize,
    /// For tracebacks.
    pub filename: Rc<str>,
    /// For tracebacks.
    pub name: Rc<str>,
    /// `co_name` as an interned str: the `__name__` of every function and generator made from
    /// this code, interned once here rather than at each `MAKE_FUNCTION`.
    pub name_str: Value,
    /// `co_qualname` as a str, made once: the `__qualname__` of every function made from this
    /// code (a comprehension's or closure's is made at every pass of the code around it).
    pub qualname_str: Value,
    /// Tier-2 executors installed in this code (`ENTER_EXECUTOR`'s oparg indexes it); a slot
    /// is emptied when its executor is invalidated.
    pub executors: std::cell::RefCell<Vec<Option<Rc<crate::tier2::Executor>>>>,
    /// Tier 2: calls before the function's entry is hot (a tier-1 counter, see
    /// `tracelift_uops::counter`); never fires unless tier 2 armed it (`Vm::arm_backedges`).
    pub entry_counter: Cell<u32>,
    /// :stale-guard: root traces of this code re-formed because a guard of theirs went
    /// stale (`tier2::stale`).
    pub stale_retraces: Cell<u8>,
    /// The version every function made from this code starts with (:func-version:), as
    /// CPython 3.13's `co_version`: closures and generator expressions made in a loop share it,
    /// so a call site that sees a new one each time still hits its specialization. The
    /// version pins the code and the number of defaults (fixed by the syntax); assigning
    /// `__defaults__` or `__kwdefaults__` gives that one function a fresh version.
    pub func_version: u32,
    /// :live-locals: which locals each instruction's successors may read, computed the first
    /// time a backend asks.
    pub liveness: std::cell::OnceCell<Option<tracelift_compiler::liveness::Liveness>>,
}

impl Code {
    /// :live-locals: the liveness of this code's locals (`None`: every local counts as live).
    pub fn live_locals(&self) -> Option<&tracelift_compiler::liveness::Liveness> {
        self.liveness.get_or_init(|| tracelift_compiler::liveness::Liveness::of(&self.co)).as_ref()
    }

    /// The executor in slot `idx` (an `ENTER_EXECUTOR`'s oparg), if any.
    pub fn executor(&self, idx: usize) -> Option<Rc<crate::tier2::Executor>> {
        self.executors.borrow().get(idx).cloned().flatten()
    }

    /// Does calling it make a generator or coroutine (its body starts with
    /// `RETURN_GENERATOR`) rather than run it?
    pub fn makes_generator(&self) -> bool {
        use tracelift_compiler::code::flags;
        self.co.flags & (flags::GENERATOR | flags::COROUTINE) != 0
    }
}

/// A code object as a value (a constant of the enclosing code).
#[repr(C)]
pub struct CodeValue {
    pub header: ObjHeader,
    pub code: Rc<Code>,
}

/// A Python function.
#[repr(C)]
pub struct FunctionObject {
    pub header: ObjHeader,
    pub code: Rc<Code>,
    /// The module globals dict.
    pub globals: Value,
    /// `__name__`
    pub name: UnsafeCell<Value>,
    /// `__qualname__`
    pub qualname: Value,
    /// Tuple of default values for the last positional parameters, or NULL.
    pub defaults: UnsafeCell<Value>,
    /// Dict of keyword-only defaults, or NULL.
    pub kwdefaults: UnsafeCell<Value>,
    /// Tuple of cells for the free variables, or NULL.
    pub closure: UnsafeCell<Value>,
    /// Function version (changes when defaults/code change), for specialization guards.
    pub version: Cell<u32>,
    /// Extra attributes (`f.attr = ...`), NULL until used.
    pub dict: UnsafeCell<Value>,
    /// `__module__`
    pub module: Value,
    /// Cycle-collector registration (last, see `tracelift_runtime::gc`).
    pub gc: GcLink,
}

/// A cell (a captured variable).
#[repr(C)]
pub struct CellObject {
    pub header: ObjHeader,
    pub value: UnsafeCell<Value>,
    /// Cycle-collector registration (last, see `tracelift_runtime::gc`).
    pub gc: GcLink,
}

/// A method bound to its receiver.
#[repr(C)]
pub struct BoundMethodObject {
    pub header: ObjHeader,
    pub func: Value,
    pub self_: Value,
}

/// Signature of a builtin: positional args and keyword pairs.
pub type NativeFn = fn(&mut Vm, &[Value], &[(Value, Value)]) -> PyResult<Value>;

/// A builtin function or an unbound builtin method (`list.append`).
#[repr(C)]
pub struct BuiltinObject {
    pub header: ObjHeader,
    pub name: &'static str,
    pub func: NativeFn,
    /// Receiver for bound builtin methods (`[].append`), NULL otherwise.
    pub self_: Value,
    /// Accepts keyword arguments.
    pub kw: bool,
    /// For unbound methods: the type they belong to (for error messages), else null.
    pub owner: *const TypeObject,
}

/// A module.
#[repr(C)]
pub struct ModuleObject {
    pub header: ObjHeader,
    pub name: Value,
    pub dict: Value,
}

/// A generator: its frame's slots are saved here between resumptions.
#[repr(C)]
pub struct GeneratorObject {
    pub header: ObjHeader,
    pub state: UnsafeCell<GenState>,
}

/// The saved state of a generator.
pub struct GenState {
    pub code: Rc<Code>,
    pub func: Value,
    pub globals: Value,
    /// localsplus + value stack, saved.
    pub slots: Vec<Value>,
    /// Stack depth (relative to the end of localsplus) when saved.
    pub depth: usize,
    /// Instruction to resume at.
    pub ip: usize,
    pub running: bool,
    pub finished: bool,
    /// Resumed at least once (closing a generator that never ran runs nothing).
    pub started: bool,
    pub name: Value,
}

impl GenState {
    /// Suspended (or not started) and not finished: `next()` would run it.
    pub fn resumable(&self) -> bool {
        !self.running && !self.finished
    }
}

/// `staticmethod`, `classmethod` or `property` wrapper.
#[repr(C)]
pub struct DescrObject {
    pub header: ObjHeader,
    /// The function (staticmethod, classmethod), getter (property) or class (super).
    pub func: Value,
    /// Property setter, or the instance bound by `super`.
    pub setter: UnsafeCell<Value>,
    /// Property deleter.
    pub deleter: UnsafeCell<Value>,
}

/// `member_descriptor`: one `__slots__` name of a class, stored in member slot `index` of
/// its instances (`InstanceObject::member`). A data descriptor: it wins over an instance
/// dict, and reading it while unset raises AttributeError.
#[repr(C)]
pub struct MemberObject {
    pub header: ObjHeader,
    /// The slot name (an interned str, mangled as CPython mangles private names).
    pub name: Value,
    /// The member slot of instances.
    pub index: u32,
    /// The defining class's `__name__`, for the repr (a name, not a reference: the class
    /// dict holds the member, so a reference back would be a cycle).
    pub owner: Box<str>,
}

macro_rules! vm_types {
    ($($static:ident = $name:literal, $layout:ty;)*) => {
        $( #[doc = concat!("`", $name, "`")]
           pub static $static: TypeObject =
               TypeObject::builtin($name, Kind::Vm, Some(&OBJECT_TYPE), dealloc_box::<$layout>); )*
    };
}

/// `function`: tracked by the cycle collector (a method's `__class__` cell, a function
/// stored in its own globals or default values close cycles through it).
pub static FUNCTION_TYPE: TypeObject = TypeObject::builtin_tracked(
    "function",
    Some(&OBJECT_TYPE),
    tracelift_runtime::gc::dealloc_tracked::<FunctionObject>,
    &FUNCTION_GC,
);
/// `cell`: tracked by the cycle collector (a closure that captures itself, `__class__`).
pub static CELL_TYPE: TypeObject = TypeObject::builtin_tracked(
    "cell",
    Some(&OBJECT_TYPE),
    tracelift_runtime::gc::dealloc_tracked::<CellObject>,
    &CELL_GC,
);

static FUNCTION_GC: GcOps = GcOps { link: function_link, traverse: function_traverse, clear: function_clear };
static CELL_GC: GcOps = GcOps { link: cell_link, traverse: cell_traverse, clear: cell_clear };

/// # Safety
/// `p` is a live function.
unsafe fn function_link(p: *mut ObjHeader) -> *const GcLink {
    // SAFETY: per the contract.
    unsafe { &(*(p as *const FunctionObject)).gc }
}

/// # Safety
/// `p` is a live function.
unsafe fn function_traverse(p: *mut ObjHeader, visit: &mut dyn FnMut(&Value)) {
    // SAFETY: per the contract; nothing changes the function while the collector looks.
    let f = unsafe { &*(p as *const FunctionObject) };
    visit(&f.globals);
    visit(&f.qualname);
    visit(&f.module);
    // SAFETY: as above (shared reads of the UnsafeCell slots).
    unsafe {
        visit(&*f.name.get());
        visit(&*f.defaults.get());
        visit(&*f.kwdefaults.get());
        visit(&*f.closure.get());
        visit(&*f.dict.get());
    }
}

/// # Safety
/// `p` is a live function that is garbage.
unsafe fn function_clear(p: *mut ObjHeader) {
    // SAFETY: per the contract: no one else uses the function; each slot is moved out before
    // it is dropped.
    unsafe {
        let f = &*(p as *const FunctionObject);
        drop(std::mem::take(&mut *f.defaults.get()));
        drop(std::mem::take(&mut *f.kwdefaults.get()));
        drop(std::mem::take(&mut *f.closure.get()));
        drop(std::mem::take(&mut *f.dict.get()));
    }
}

/// # Safety
/// `p` is a live cell.
unsafe fn cell_link(p: *mut ObjHeader) -> *const GcLink {
    // SAFETY: per the contract.
    unsafe { &(*(p as *const CellObject)).gc }
}

/// # Safety
/// `p` is a live cell.
unsafe fn cell_traverse(p: *mut ObjHeader, visit: &mut dyn FnMut(&Value)) {
    // SAFETY: per the contract.
    unsafe { visit(&*(*(p as *const CellObject)).value.get()) }
}

/// # Safety
/// `p` is a live cell that is garbage.
unsafe fn cell_clear(p: *mut ObjHeader) {
    // SAFETY: per the contract; the content is moved out before it is dropped.
    unsafe { drop(std::mem::take(&mut *(*(p as *const CellObject)).value.get())) }
}

vm_types! {
    CODE_TYPE = "code", CodeValue;
    METHOD_TYPE = "method", BoundMethodObject;
    BUILTIN_TYPE = "builtin_function_or_method", BuiltinObject;
    MODULE_TYPE = "module", ModuleObject;
    GENERATOR_TYPE = "generator", GeneratorObject;
    COROUTINE_TYPE = "coroutine", GeneratorObject;
    STATICMETHOD_TYPE = "staticmethod", DescrObject;
    CLASSMETHOD_TYPE = "classmethod", DescrObject;
    PROPERTY_TYPE = "property", DescrObject;
    SUPER_TYPE = "super", DescrObject;
    MEMBER_TYPE = "member_descriptor", MemberObject;
}

/// Typed accessors for VM objects.
pub trait VmValue {
    fn as_function(&self) -> Option<&FunctionObject>;
    fn as_code(&self) -> Option<&CodeValue>;
    fn as_cell(&self) -> Option<&CellObject>;
    fn as_bound(&self) -> Option<&BoundMethodObject>;
    fn as_builtin(&self) -> Option<&BuiltinObject>;
    fn as_module(&self) -> Option<&ModuleObject>;
    fn as_generator(&self) -> Option<&GeneratorObject>;
    fn as_descr(&self) -> Option<&DescrObject>;
    fn as_member(&self) -> Option<&MemberObject>;
}

macro_rules! accessor {
    ($fn:ident, $ty:ident, $layout:ty) => {
        #[inline(always)]
        fn $fn(&self) -> Option<&$layout> {
            if self.is_type(&$ty) {
                // SAFETY: the type identifies the layout.
                Some(unsafe { self.as_ref::<$layout>() })
            } else {
                None
            }
        }
    };
}

impl VmValue for Value {
    accessor!(as_function, FUNCTION_TYPE, FunctionObject);
    accessor!(as_code, CODE_TYPE, CodeValue);
    accessor!(as_cell, CELL_TYPE, CellObject);
    accessor!(as_bound, METHOD_TYPE, BoundMethodObject);
    accessor!(as_builtin, BUILTIN_TYPE, BuiltinObject);
    accessor!(as_module, MODULE_TYPE, ModuleObject);
    /// A generator or a coroutine (the same object; a coroutine is not iterable).
    fn as_generator(&self) -> Option<&GeneratorObject> {
        if self.is_type(&GENERATOR_TYPE) || self.is_type(&COROUTINE_TYPE) {
            // SAFETY: both types have the GeneratorObject layout.
            Some(unsafe { self.as_ref::<GeneratorObject>() })
        } else {
            None
        }
    }
    accessor!(as_member, MEMBER_TYPE, MemberObject);
    fn as_descr(&self) -> Option<&DescrObject> {
        if self.is_type(&STATICMETHOD_TYPE)
            || self.is_type(&CLASSMETHOD_TYPE)
            || self.is_type(&PROPERTY_TYPE)
            || self.is_type(&SUPER_TYPE)
        {
            // SAFETY: these three types share the DescrObject layout.
            Some(unsafe { self.as_ref::<DescrObject>() })
        } else {
            None
        }
    }
}

impl FunctionObject {
    /// Defaults tuple slot.
    pub fn defaults(&self) -> &Value {
        // SAFETY: single-threaded; replaced only by SET_FUNCTION_ATTRIBUTE / setattr.
        unsafe { &*self.defaults.get() }
    }
    /// Keyword defaults slot.
    pub fn kwdefaults(&self) -> &Value {
        // SAFETY: as above.
        unsafe { &*self.kwdefaults.get() }
    }
    /// Closure slot.
    pub fn closure(&self) -> &Value {
        // SAFETY: as above.
        unsafe { &*self.closure.get() }
    }
    /// `__name__`.
    pub fn name(&self) -> &Value {
        // SAFETY: as above.
        unsafe { &*self.name.get() }
    }
    /// Attribute dict slot.
    #[allow(clippy::mut_from_ref)]
    pub fn dict_slot(&self) -> &mut Value {
        // SAFETY: as above.
        unsafe { &mut *self.dict.get() }
    }
}

impl CellObject {
    /// The contents (NULL when empty).
    #[allow(clippy::mut_from_ref)]
    pub fn slot(&self) -> &mut Value {
        // SAFETY: single-threaded; callers do not hold two borrows.
        unsafe { &mut *self.value.get() }
    }
}

impl GeneratorObject {
    /// The saved state.
    #[allow(clippy::mut_from_ref)]
    pub fn state(&self) -> &mut GenState {
        // SAFETY: single-threaded; the `running` flag prevents re-entrant resumption.
        unsafe { &mut *self.state.get() }
    }
}

/// A new function.
pub fn new_function(code: Rc<Code>, globals: Value, qualname: Value, module: Value) -> Value {
    let name = code.name_str.clone();
    let version = code.func_version;
    let f = alloc(FunctionObject {
        header: ObjHeader::new(&FUNCTION_TYPE),
        code,
        globals,
        name: UnsafeCell::new(name),
        qualname,
        defaults: UnsafeCell::new(Value::NULL),
        kwdefaults: UnsafeCell::new(Value::NULL),
        closure: UnsafeCell::new(Value::NULL),
        version: Cell::new(version),
        dict: UnsafeCell::new(Value::NULL),
        module,
        gc: GcLink::new(),
    });
    tracelift_runtime::gc::track(&f);
    f
}

/// A new cell holding `v` (may be NULL).
pub fn new_cell(v: Value) -> Value {
    let c = alloc(CellObject { header: ObjHeader::new(&CELL_TYPE), value: UnsafeCell::new(v), gc: GcLink::new() });
    tracelift_runtime::gc::track(&c);
    c
}

/// A new bound method.
pub fn new_bound(func: Value, self_: Value) -> Value {
    alloc(BoundMethodObject { header: ObjHeader::new(&METHOD_TYPE), func, self_ })
}

/// A new builtin function.
pub fn new_builtin(name: &'static str, func: NativeFn, kw: bool) -> Value {
    alloc(BuiltinObject {
        header: ObjHeader::new(&BUILTIN_TYPE),
        name,
        func,
        self_: Value::NULL,
        kw,
        owner: std::ptr::null(),
    })
}

/// A builtin bound to a receiver (`[].append`).
pub fn bind_builtin(b: &BuiltinObject, self_: Value) -> Value {
    alloc(BuiltinObject {
        header: ObjHeader::new(&BUILTIN_TYPE),
        name: b.name,
        func: b.func,
        self_,
        kw: b.kw,
        owner: b.owner,
    })
}

/// A new module.
pub fn new_module(name: &str, dict: Value) -> Value {
    alloc(ModuleObject { header: ObjHeader::new(&MODULE_TYPE), name: Value::str(name), dict })
}

/// A new descriptor wrapper.
pub fn new_descr(ty: &'static TypeObject, func: Value) -> Value {
    alloc(DescrObject {
        header: ObjHeader::new(ty),
        func,
        setter: UnsafeCell::new(Value::NULL),
        deleter: UnsafeCell::new(Value::NULL),
    })
}

/// A new generator (or, for `async def` code, a coroutine) over a saved frame.
pub fn new_generator(state: GenState) -> Value {
    let coroutine = state.code.co.flags & tracelift_compiler::code::flags::COROUTINE != 0;
    let ty = if coroutine { &COROUTINE_TYPE } else { &GENERATOR_TYPE };
    alloc(GeneratorObject { header: ObjHeader::new(ty), state: UnsafeCell::new(state) })
}

/// A new code value.
pub fn new_code_value(code: Rc<Code>) -> Value {
    alloc(CodeValue { header: ObjHeader::new(&CODE_TYPE), code })
}

/// A new member descriptor for slot `index`.
pub fn new_member(name: Value, index: u32, owner: &str) -> Value {
    alloc(MemberObject { header: ObjHeader::new(&MEMBER_TYPE), name, index, owner: owner.into() })
}

/// Is `v` an instance of a user subclass of a builtin type (`tracelift_runtime::sub`)?
/// The VM asks such an object's class for an overridden dunder before it does the builtin
/// operation.
#[inline(always)]
pub fn is_builtin_sub(v: &Value) -> bool {
    tracelift_runtime::sub::is_sub(v)
}

impl crate::Vm {
    /// Should the VM ask `v`'s class for an overridden dunder before the builtin operation
    /// (an instance of a user subclass of a builtin container, not in its own builtin
    /// dunder right now)?
    #[inline(always)]
    pub(crate) fn sub_override(&self, v: &Value) -> bool {
        is_builtin_sub(v) && !self.base_self.contains(&v.raw())
    }
}
