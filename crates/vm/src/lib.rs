//! The virtual machine: tier 1 (a CPython-shaped eval loop over a contiguous frame stack),
//! builtins, builtin modules and imports.
//!
//! Pipeline position (DESIGN.md §1): the compiler hands a `CodeObject` to [`Vm::run_main`];
//! the eval loop (`eval.rs`) runs it. Later tiers (trace formation, executors, the uop
//! interpreter) plug into the loop's `JUMP_BACKWARD`; the VM never depends on a backend.

/// The cycle collector (re-exported for the CLI's `--gc-threshold`).
pub use tracelift_runtime::gc;
pub mod attrs;
pub mod builtins;
pub mod call;
pub mod classes;
pub mod eval;
pub mod frame;
mod generators;
mod generic;
pub mod import;
pub mod items;
pub mod methods;
pub mod modules;
pub mod objects;
pub mod ops;
pub mod repr;
mod safepoint;
mod slots;
pub mod specialize;
pub mod stats;
pub mod syntax_error;
pub mod tier1rt;
pub mod tier2;
pub use syntax_error::compile_error_to_exception;
pub mod traceback;

use rustc_hash::FxHashMap;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

use tracelift_compiler::{CodeObject, Constant};
use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::{PyErr, PyResult};
use tracelift_runtime::keys::{VmHooks, set_hooks};
use tracelift_runtime::str::intern;

use crate::frame::{Frame, INITIAL_SLOTS, STACK_SLOTS};
use crate::objects::{Code, new_code_value};

/// Run-time options of the VM (user flags first, then developer flags).
#[derive(Clone, Debug)]
pub struct Options {
    /// Maximum Python call depth before `RecursionError` (`sys.setrecursionlimit`).
    pub recursion_limit: usize,
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// Adaptive specialization (PEP 659) on; `--no-specialize` turns it off.
    pub specialize: bool,
    /// Count specialization events (`--stats`, `--stats-json`).
    pub stats: bool,
    /// Keep every code object loaded, for `--dis-after`.
    pub keep_code: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { recursion_limit: 1000, argv: Vec::new(), specialize: true, stats: false, keep_code: false }
    }
}

/// How a program ended.
pub enum Exit {
    /// Ran to completion.
    Ok,
    /// `sys.exit(n)` / `SystemExit`: the status to exit with (message already printed).
    Status(i32),
    /// An uncaught exception (traceback already printed): exit status 1.
    Error,
    /// An uncaught `KeyboardInterrupt` (traceback already printed): the process should die
    /// of SIGINT, as CPython's does.
    Interrupted,
}

/// One interpreter. Single-threaded; everything it allocates stays on its thread.
pub struct Vm {
    /// The frame stack's value slots (:frame-extent:).
    pub stack: Vec<Value>,
    /// Activation records, innermost last.
    pub frames: Vec<Frame>,
    /// The builtins namespace.
    pub builtins: Value,
    /// `sys.modules`.
    pub modules: Value,
    /// The exception being handled (`sys.exc_info()`), NULL if none.
    pub handled_exc: Value,
    /// `sys.setrecursionlimit`.
    pub recursion_limit: usize,
    /// Module search path (the program's folder first).
    pub path: Vec<PathBuf>,
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// Set by `YIELD_VALUE` when `run` returns because a generator yielded.
    pub yielded: bool,
    /// The next unwinding step must not add a traceback entry (re-raise).
    pub skip_tb: bool,
    /// Objects being repr'd (for `[...]` on self-reference).
    pub repr_stack: Vec<u64>,
    /// The interned name `__setattr__` (checked on every attribute store).
    pub setattr_name: Value,
    /// `"__getattribute__"`, interned (a class that overrides it is asked on every load).
    pub getattribute_name: Value,
    /// The interned name `__init__`.
    pub init_name: Value,
    /// `"__name__"`, interned: every `MAKE_FUNCTION` reads it from the globals for the new
    /// function's `__module__`.
    pub module_name_key: Value,
    /// The interned name `__new__`.
    pub new_name: Value,
    /// The type attribute cache (see `attrs.rs`).
    pub type_cache: Vec<attrs::TypeCacheEntry>,
    /// Depth of Rust-level recursion through container comparisons (counted against the
    /// recursion limit together with the Python frames).
    pub native_depth: usize,
    /// The objects (raw words) whose builtin base operation a builtin dunder is running
    /// (`list.__getitem__(self, i)`, `dict.__eq__(self, other)` from an override): their
    /// overrides are not asked again (`methods::dunders::on_base`). 0 when none.
    pub base_self: [u64; 2],
    /// An exception to raise at the start of the next `run` (`generator.throw`).
    pub pending_throw: Option<PyErr>,
    /// Builtin methods by (type address, name). Never evicted: `LOAD_ATTR_METHOD_NO_DICT`
    /// caches the addresses of these method objects, which this map keeps alive.
    pub method_cache: FxHashMap<usize, FxHashMap<Box<str>, Option<Value>>>,
    /// Adaptive specialization on (`Options::specialize`).
    pub specialize: bool,
    /// Specialization counters, when `--stats` asked for them.
    pub spec_stats: Option<Box<specialize::SpecStats>>,
    /// The exception a uop body's runtime helper raised (taken on `Step::Error`).
    pub uop_error: Option<PyErr>,
    /// The instance made by `_CREATE_INIT_FRAME`, for the `__init__` frame being entered.
    pub pending_init_self: Value,
    /// The builtin `len` (kept alive: `CALL_LEN` guards on its address).
    pub len_builtin: Value,
    /// The builtin `isinstance` (kept alive: `CALL_ISINSTANCE` guards on its address).
    pub isinstance_builtin: Value,
    /// Every code object loaded, when `Options::keep_code` (for `--dis-after`).
    pub codes: Vec<Rc<Code>>,
    keep_code: bool,
    /// Tier 2 (`--engine uops`), when on.
    pub tier2: Option<Box<tier2::Tier2>>,
}

static HOOKS: VmHooks = VmHooks { eq: hook_eq, hash: hook_hash };

thread_local! {
    static CURRENT_VM: std::cell::Cell<*mut Vm> = const { std::cell::Cell::new(std::ptr::null_mut()) };
}

fn with_vm<R>(f: impl FnOnce(&mut Vm) -> R) -> Option<R> {
    let p = CURRENT_VM.with(|c| c.get());
    if p.is_null() {
        return None;
    }
    // SAFETY: CURRENT_VM is set by `Vm::new` to the (boxed, never moved) VM of this thread,
    // which outlives every dict or set it creates; hooks only run inside that VM's own dict
    // and set operations, on the same thread. Caveat (:hook-aliasing:): a `&mut Vm` is live
    // higher up the Rust stack while a hook runs, so this re-entry aliases it; no borrow of
    // VM state is held across the dict call, but the clean fix is to pass the VM through the
    // dict API (tracked in the stop note).
    Some(f(unsafe { &mut *p }))
}

fn hook_eq(a: &Value, b: &Value) -> PyResult<bool> {
    with_vm(|vm| vm.eq_bool(a, b)).unwrap_or(Ok(a.is(b)))
}

/// `hash(v)` for an instance of a user class, by CPython's rule: a class that defines
/// `__eq__` and not `__hash__` has `__hash__ = None`, so the first class of the MRO that
/// defines either decides; without one, the builtin base's hash (a subclass of `str`, `int`
/// ...) or the identity hash.
fn hook_hash(v: &Value) -> PyResult<i64> {
    let unhashable = || tracelift_runtime::exc::type_error(format!("unhashable type: '{}'", v.ty().tp_name()));
    with_vm(|vm| {
        let mut own = None;
        for cur in v.ty().mro() {
            if !cur.is_heap_type() {
                break;
            }
            let d = cur.dict();
            let Some(d) = d.as_dict() else { continue };
            if let Some(h) = d.get_str("__hash__") {
                own = Some(h);
                break;
            }
            if d.get_str("__eq__").is_some() {
                return Err(unhashable());
            }
        }
        match own {
            Some(h) if h.is_none() => return Err(unhashable()),
            Some(h) if h.as_builtin().is_none() => {
                let r = vm.call_value(&h, vec![v.clone()], Vec::new())?;
                if !r.is_int_or_bool() {
                    return Err(tracelift_runtime::exc::type_error("__hash__ method should return an integer"));
                }
                // CPython's slot_tp_hash: a result that fits a machine word is the hash as it
                // is, a bigger one is reduced like an int's hash; never -1.
                let h = match r.as_i64() {
                    Some(h) => h,
                    None => tracelift_runtime::keys::hash_value(&r)?,
                };
                return Ok(if h == -1 { -2 } else { h });
            }
            _ => {}
        }
        if crate::objects::is_builtin_sub(v) {
            return tracelift_runtime::keys::base_hash(v);
        }
        Ok(tracelift_runtime::keys::identity_hash(v))
    })
    .unwrap_or_else(|| Ok(tracelift_runtime::keys::identity_hash(v)))
}

use crate::objects::VmValue;

impl Vm {
    /// A fresh interpreter with builtins and builtin modules loaded.
    pub fn new(opts: Options) -> Box<Vm> {
        set_hooks(&HOOKS);
        // The whole frame stack is reserved up front (untouched pages cost no memory), so it
        // never moves: uop bodies hold raw pointers into it (:stack-fixed:).
        // Under an address-space limit (`ulimit -v`) the reservation is a thirty-second of it.
        let slots = tracelift_runtime::malloc::address_space_limit().map_or(STACK_SLOTS, |l| {
            (l as usize / 32 / std::mem::size_of::<Value>()).clamp(INITIAL_SLOTS, STACK_SLOTS)
        });
        let mut stack = Vec::with_capacity(slots);
        stack.resize_with(INITIAL_SLOTS, || Value::NULL);
        let mut vm = Box::new(Vm {
            stack,
            frames: Vec::new(),
            builtins: new_dict(),
            modules: new_dict(),
            handled_exc: Value::NULL,
            recursion_limit: opts.recursion_limit,
            path: Vec::new(),
            argv: opts.argv,
            yielded: false,
            skip_tb: false,
            repr_stack: Vec::new(),
            method_cache: FxHashMap::default(),
            pending_throw: None,
            native_depth: 0,
            base_self: [0; 2],
            setattr_name: intern("__setattr__"),
            getattribute_name: intern("__getattribute__"),
            init_name: intern("__init__"),
            module_name_key: intern("__name__"),
            new_name: intern("__new__"),
            type_cache: (0..attrs::TYPE_CACHE_SIZE).map(|_| attrs::TypeCacheEntry::default()).collect(),
            specialize: opts.specialize,
            spec_stats: opts.stats.then(Box::default),
            uop_error: None,
            pending_init_self: Value::NULL,
            len_builtin: Value::NULL,
            isinstance_builtin: Value::NULL,
            codes: Vec::new(),
            keep_code: opts.keep_code,
            tier2: None,
        });
        let p: *mut Vm = &mut *vm;
        CURRENT_VM.with(|c| c.set(p));
        builtins::install(&mut vm);
        modules::install(&mut vm);
        let b = vm.builtins.clone();
        let b = b.as_dict().expect("builtins dict");
        vm.len_builtin = b.get_str("len").unwrap_or(Value::NULL);
        vm.isinstance_builtin = b.get_str("isinstance").unwrap_or(Value::NULL);
        vm
    }

    /// Turns a compiled code object into runnable code.
    pub fn load_code(&mut self, mut co: CodeObject) -> Rc<Code> {
        // Nested code objects move into their values (no deep copies of the code tree); the
        // other constants stay in `co` for dumps.
        let mut src = std::mem::take(&mut co.consts);
        let consts = src
            .iter_mut()
            .map(|c| match c {
                Constant::Code(inner) => {
                    let inner = std::mem::take(&mut **inner);
                    let code = self.load_code(inner);
                    let v = new_code_value(code.clone());
                    *c = Constant::Code(Box::new(code.co.clone_header()));
                    v
                }
                other => self.const_value(other),
            })
            .collect();
        co.consts = src;
        let names = co.names.iter().map(|n| intern(n)).collect();
        let localsplus_names = co.localsplusnames.iter().map(|n| intern(n)).collect();
        let instrs = co.code.iter().map(|u| std::cell::Cell::new(*u)).collect();
        let nlocalsplus = co.localsplusnames.len();
        let nfree = co.nfreevars();
        let positional =
            co.flags & (tracelift_compiler::code::flags::VARARGS | tracelift_compiler::code::flags::VARKEYWORDS) == 0
                && co.kwonlyargcount == 0;
        let exact_argc = if positional { co.argcount as usize } else { usize::MAX };
        let code = Rc::new(Code {
            instrs,
            consts,
            names,
            localsplus_names,
            nlocalsplus,
            stacksize: co.stacksize as usize + 1,
            nfree,
            exact_argc,
            filename: Rc::from(co.filename.as_str()),
            name: Rc::from(co.name.as_str()),
            name_str: intern(&co.name),
            qualname_str: Value::str(&co.qualname),
            co,
            executors: Default::default(),
            entry_counter: std::cell::Cell::new(tracelift_uops::counter::DISABLED),
            stale_retraces: std::cell::Cell::new(0),
            func_version: tracelift_runtime::types::next_version(),
            liveness: Default::default(),
        });
        specialize::quicken(&code, self.specialize);
        self.arm_backedges(&code);
        if self.keep_code {
            self.codes.push(code.clone());
        }
        code
    }

    fn const_value(&mut self, c: &Constant) -> Value {
        match c {
            Constant::None => Value::none(),
            Constant::Bool(b) => Value::bool(*b),
            Constant::Int(i) => Value::int(*i),
            Constant::BigInt(s) => Value::from_bigint(s.parse::<num_bigint::BigInt>().unwrap_or_default()),
            Constant::Float(f) => Value::float(*f),
            Constant::Str(s) => intern(s),
            Constant::Bytes(b) => Value::bytes(b),
            Constant::Tuple(items) => Value::tuple(items.iter().map(|i| self.const_value(i)).collect()),
            Constant::Code(co) => {
                let code = self.load_code((**co).clone());
                new_code_value(code)
            }
            Constant::Ellipsis => Value::ellipsis(),
            Constant::FrozenSet(items) => {
                // CPython builds the frozenset from the source order, then its constant merger
                // rebuilds it once from that set's iteration order; the second layout is the
                // one programs see.
                let first = tracelift_runtime::set::new_set(true);
                for it in items {
                    let v = self.const_value(it);
                    // Constants are hashable (ints, floats, strs, tuples of them).
                    let _ = first.as_set().expect("set").add(v);
                }
                let merged = tracelift_runtime::set::new_set(true);
                for v in first.as_set().expect("set").items() {
                    let _ = merged.as_set().expect("set").add(v);
                }
                merged
            }
        }
    }

    /// Runs module code in a new module namespace named `name`; returns the module's globals.
    pub fn exec_module(&mut self, co: CodeObject, name: &str, module: &Value) -> PyResult<Value> {
        let code = self.load_code(co);
        let globals = module.as_module().expect("module").dict.clone();
        let g = globals.as_dict().expect("dict");
        // The module namespace starts as CPython's does (same keys, same order).
        g.set_str("__name__", Value::str(name));
        g.set_str("__doc__", Value::none());
        g.set_str("__package__", if name == "__main__" { Value::none() } else { Value::str("") });
        g.set_str("__loader__", Value::none());
        g.set_str("__spec__", Value::none());
        if name == "__main__" {
            g.set_str("__annotations__", new_dict());
        }
        let builtins_mod = self.modules.as_dict().and_then(|d| d.get_str("builtins")).unwrap_or_else(Value::none);
        g.set_str("__builtins__", builtins_mod);
        g.set_str("__file__", Value::str(&code.co.filename));
        g.set_str("__cached__", Value::none());
        self.push_frame(code, Value::NULL, globals.clone(), globals.clone(), true)?;
        self.run()?;
        Ok(globals)
    }

    /// Runs a program as `__main__`, printing any uncaught exception CPython-style.
    pub fn run_main(&mut self, co: CodeObject, path: &std::path::Path) -> Exit {
        let dir = path.parent().map(|p| if p.as_os_str().is_empty() { PathBuf::from(".") } else { p.to_path_buf() });
        // sys.path[0] is the program's folder, made absolute as CPython does.
        let dir = dir.map(|d| std::path::absolute(&d).unwrap_or(d));
        if let Some(d) = dir {
            self.path.insert(0, d);
        }
        // Then PYTHONPATH's folders, as CPython puts them after the program's folder.
        if let Some(pp) = std::env::var_os("PYTHONPATH") {
            let extra: Vec<PathBuf> = std::env::split_paths(&pp).filter(|p| !p.as_os_str().is_empty()).collect();
            let at = self.path.len().min(1);
            self.path.splice(at..at, extra);
        }
        self.publish_path();
        let module = objects::new_module("__main__", new_dict());
        let _ = self.modules.as_dict().expect("dict").set(Value::str("__main__"), module.clone());
        let r = self.exec_module(co, "__main__", &module);
        let exit = match r {
            Ok(_) => Exit::Ok,
            Err(e) => self.report_uncaught(e),
        };
        // What is still buffered goes out now. If that fails (the reader of a pipe went
        // away), CPython's finalization reports it as unraisable and exits with 120.
        match tracelift_runtime::stdio::flush() {
            Err(e) if !matches!(exit, Exit::Interrupted) => {
                let e = tracelift_runtime::exc::os_error(&e);
                let text = self.format_exception(&e.0);
                let _ = writeln!(
                    std::io::stderr(),
                    "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>"
                );
                let _ = std::io::stderr().write_all(text.as_bytes());
                Exit::Status(120)
            }
            _ => exit,
        }
    }

    /// Prints an uncaught exception (or handles `SystemExit`) and says how to exit.
    pub fn report_uncaught(&mut self, e: PyErr) -> Exit {
        tracelift_runtime::stdio::flush_quiet();
        if e.matches(&tracelift_runtime::exc::SYSTEM_EXIT) {
            let args = e.exc().args().clone();
            let items = args.as_tuple().unwrap_or(&[]).to_vec();
            // SystemExit's code is its single argument, or the whole args tuple.
            let code = match items.len() {
                0 => Value::none(),
                1 => items[0].clone(),
                _ => args.clone(),
            };
            if code.is_none() {
                return Exit::Status(0);
            }
            if code.is_int_or_bool() {
                // CPython: `(int)PyLong_AsLong(code)`, -1 when it overflows a C long (so
                // 2**70 exits 255), the low 32 bits otherwise (so -2**63 exits 0).
                return Exit::Status(code.as_i64().map_or(-1, |i| i as i32));
            }
            let s = self.str_of(&code).unwrap_or_default();
            eprintln!("{s}");
            return Exit::Status(1);
        }
        let text = self.format_exception(&e.0);
        let _ = std::io::stderr().write_all(text.as_bytes());
        if e.matches(&tracelift_runtime::exc::KEYBOARD_INTERRUPT) {
            return Exit::Interrupted;
        }
        Exit::Error
    }
}
