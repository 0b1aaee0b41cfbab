//! The backend interface at the executor (DESIGN.md §2.6–2.8; `docs/backends.md`).
//!
//! A [`Backend`] turns an executor (its optimized trace and exit table) into something
//! enterable. The CLI registers one per engine; the VM never depends on a backend. The uop
//! interpreter is the [`Interpreter`] backend: it compiles nothing, and the host runs the trace
//! itself (`interp.rs`). A machine-code backend returns [`MachineCode`]; the host enters it, and
//! whatever way it leaves (a deopt, a side exit, an error) the host follows
//! `docs/exit-protocol.md` exactly as for the interpreter.
//!
//! What machine code may call, all by address:
//! - the runtime services of the uop bodies (`tl_rt_*`, one table in `tracelift_uops::abi`,
//!   exported by `tier1rt.rs`);
//! - every uop's body as an `extern "C"` helper ([`uop_helper`], derived from the uop table:
//!   a uop without hand-written machine code calls this);
//! - the frame helpers ([`tl_exec_enter_frame`], [`tl_exec_leave_frame`]), which do for
//!   `_PUSH_FRAME`, `_CREATE_INIT_FRAME` and `_POP_FRAME` what the interpreter's host does on
//!   `Step::Frame`.

use std::time::Duration;

use tracelift_runtime::Value;
use tracelift_uops::Uop;
use tracelift_uops::abi::{Ctx, Step};

use super::Executor;
use crate::Vm;
use crate::tier1rt::Tier1Rt;

/// Machine code made for one executor. It is entered with the running frame's [`Ctx`]
/// (`cx.executor` already names the executor) and returns a `tracelift_uops::abi::leave` code
/// after writing the frame back (`cx.sp`, the stack slots, `cx.ip`).
pub trait MachineCode {
    /// Runs the code.
    ///
    /// # Safety
    /// `cx` describes the innermost frame, which the executor's trace starts in; the executor
    /// and everything its code refers to is alive.
    unsafe fn enter(&self, cx: *mut Ctx) -> u64;
    /// Where the code starts (perf map, dumps).
    fn entry(&self) -> *const u8;
    /// Bytes of machine code.
    fn size(&self) -> usize;
    /// The backend that made it. Linked exits transfer machine code to machine code only
    /// between code of one backend (their entry conventions differ).
    fn backend(&self) -> &'static str;
}

/// What a backend is asked to compile.
pub struct CompileRequest<'a> {
    /// The executor: its trace, exits and head (whose addresses are stable while it lives).
    pub executor: &'a Executor,
    /// The name of the code the trace starts in, and the line of its first instruction (for
    /// perf maps and dumps).
    pub code_name: &'a str,
    /// See `code_name`.
    pub line: u32,
    /// The short names dumps give addresses (shared with `--dump uops`).
    pub ids: &'a tracelift_uops::trace::ShortIds,
}

/// A compiled executor, with what the compilation measured.
pub struct Compiled {
    /// The code.
    pub code: Box<dyn MachineCode>,
    /// Frame stores the lowering did not emit because values stayed in registers.
    pub stores_saved: u64,
    /// Float results kept unboxed in registers (boxed only where an object is needed).
    pub floats_unboxed: u64,
    /// Float locals carried round a loop in registers (boxed only on the way out).
    pub locals_unboxed: u64,
    /// Time spent compiling.
    pub time: Duration,
}

/// A tier-2 backend.
pub trait Backend {
    /// The engine's name (`--engine`).
    fn name(&self) -> &'static str;
    /// Compiles an executor: `Ok(None)` when this backend runs traces in the uop interpreter,
    /// `Err` when compilation failed (counted; the executor then runs in the interpreter).
    fn compile(&mut self, req: &CompileRequest) -> Result<Option<Compiled>, String>;
    /// Code memory `(bytes in use, peak bytes in use)`.
    fn code_memory(&self) -> (u64, u64) {
        (0, 0)
    }
    /// Compiles an executor, on a compile thread when the backend has one
    /// (:background-compile:): [`Started::Pending`] when the work was handed over and its
    /// result will come from [`Backend::finished`], under the executor's id; otherwise what
    /// [`Backend::compile`] gives.
    fn start(&mut self, req: &CompileRequest) -> Result<Started, String> {
        self.compile(req).map(Started::Done)
    }
    /// The compilations that finished since the last call, by executor id, each as
    /// [`Backend::compile`] would have returned it (never `Ok(None)`).
    fn finished(&mut self) -> Vec<(u64, Result<Compiled, String>)> {
        Vec::new()
    }
    /// The executor `id`, pending, died or was invalidated: its code is not wanted any more
    /// (not compiled if the compile thread has not begun it, and never given by `finished`).
    fn cancel(&mut self, _id: u64) {}
}

/// What [`Backend::start`] did.
pub enum Started {
    /// Compiled (or not, for the uop interpreter) as [`Backend::compile`] does.
    Done(Option<Compiled>),
    /// Handed to the compile thread.
    Pending,
}

/// The uop interpreter as a backend (`--engine uops`): nothing to compile.
pub struct Interpreter;

impl Backend for Interpreter {
    fn name(&self) -> &'static str {
        "uops"
    }

    fn compile(&mut self, _req: &CompileRequest) -> Result<Option<Compiled>, String> {
        Ok(None)
    }
}

// Every uop's body as an `extern "C"` function over `Tier1Rt` (so the services it calls are
// inlined), derived from the uop table: the fallback of a uop without hand-written machine code.
macro_rules! uop_helpers {
    ($( $(#[doc = $doc:literal])* $name:ident : |$o:ident| ($pops:expr, $pushes:expr) [$($flag:ident)*] $(operand($kind:ident))? $(proves($($pd:literal : $pt:ident),*))? $(keeps($keep:literal))? $(pushes($($ot:ident),*))? $(= $generic:ident)?; )*) => {
        #[allow(non_snake_case)]
        mod helpers {
            use super::*;
            $(
                pub unsafe extern "C" fn $name(cx: *mut Ctx, oparg: u32, operand: u64) -> Step {
                    // SAFETY: machine code passes the running frame's registers and runs the
                    // uop where the verified trace has it (its guards hold).
                    unsafe { tracelift_uops::bodies::$name::<Tier1Rt>(&mut *cx, oparg, operand) }
                }
            )*
        }

        /// The address of `u`'s body as `extern "C" fn(cx: *mut Ctx, oparg: u32, operand: u64)
        /// -> Step`.
        pub fn uop_helper(u: Uop) -> *const u8 {
            match u { $( Uop::$name => helpers::$name as *const u8, )* }
        }
    };
}

tracelift_uops::uop_table!(uop_helpers);

/// The VM behind a context.
///
/// # Safety
/// `cx.vm` is the running VM, which is not borrowed elsewhere while machine code runs.
unsafe fn vm_of<'a>(cx: *mut Ctx) -> &'a mut Vm {
    // SAFETY: see the function's contract.
    unsafe { &mut *((*cx).vm as *mut Vm) }
}

/// Machine code's `Step::Frame` of `_PUSH_FRAME` / `_CREATE_INIT_FRAME` (the call at
/// instruction `call`, `oparg` arguments): pushes the callee's frame record and points `cx` at
/// it. `false` with the error stored and `cx.ip` at the call.
///
/// # Safety
/// `cx` describes the innermost frame, whose stack holds the call as the body left it.
pub unsafe extern "C" fn tl_exec_enter_frame(cx: *mut Ctx, oparg: u32, call: u32) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    match vm.trace_push_frame(cx, oparg, call as usize) {
        Ok(()) => true,
        Err(e) => {
            vm.uop_error = Some(e);
            cx.ip = call as u64;
            false
        }
    }
}

/// Machine code's `_POP_FRAME`: returns from the innermost frame to its caller and points `cx`
/// at the caller. `false` with the error stored and `cx.ip` at the caller's call.
///
/// # Safety
/// `cx` describes the innermost frame, entered by the trace, with its return value on top.
pub unsafe extern "C" fn tl_exec_leave_frame(cx: *mut Ctx) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    match vm.trace_pop_frame(cx) {
        Ok(()) => true,
        Err(e) => {
            vm.uop_error = Some(e);
            cx.ip = vm.frames[vm.frames.len() - 1].lasti as u64;
            false
        }
    }
}

/// :inline-frame: machine code's `_PUSH_FRAME` of a plain call (a `CALL` entering a function
/// that is not a generator's): `tl_exec_enter_frame` with where the caller resumes given.
///
/// # Safety
/// As `tl_exec_enter_frame`.
pub unsafe extern "C" fn tl_exec_push_plain(cx: *mut Ctx, oparg: u32, call: u32, resume: u32) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    match vm.trace_push_plain(cx, oparg, call, resume) {
        Ok(()) => true,
        Err(e) => {
            vm.uop_error = Some(e);
            cx.ip = call as u64;
            false
        }
    }
}

/// :inline-init: machine code's `_CREATE_INIT_FRAME`, before the frame is entered: the Python
/// `__init__` that class `cls` gives (a word its MRO keeps counted; 0 when `cls` is no class
/// or has no such function, and then nothing is made) and a new instance of the class, owned,
/// in `*inst`.
///
/// # Safety
/// `cx` is the running frame's registers; `cls` a live value; `inst` writable.
pub unsafe extern "C" fn tl_exec_init_alloc(cx: *mut Ctx, cls: u64, inst: *mut u64) -> u64 {
    // SAFETY: forwarded; `cls` is live and stays counted by the caller.
    let (vm, cls) = unsafe { (vm_of(cx), std::mem::ManuallyDrop::new(Value::from_raw(cls))) };
    let Some((init, made)) = cls.as_type().and_then(|t| crate::tier1rt::init_and_instance(vm, t)) else {
        return 0;
    };
    // SAFETY: the caller's slot.
    unsafe { *inst = made.into_raw() };
    init.raw()
}

/// :inline-init: on the host's path into an `__init__` frame machine code set up, the
/// instance the frame's record keeps for the return (`trace_push_frame` takes it).
///
/// # Safety
/// `cx` is the running frame's registers; `inst` a live instance whose count this takes.
pub unsafe extern "C" fn tl_exec_init_pending(cx: *mut Ctx, inst: u64) -> bool {
    // SAFETY: forwarded; the reference moves into the VM.
    unsafe { vm_of(cx).pending_init_self = Value::from_raw(inst) };
    true
}

/// :inline-frame: machine code's `_RETURN_TO_CALLER` with the return value in its hands: if the
/// frame is a plain call's and its caller runs `code` and resumes at `ip`, releases the frame's
/// slots below `cx.sp`, drops its record, and points `cx` at the caller (its `sp` where the
/// result goes); `false`, with nothing changed, otherwise.
///
/// # Safety
/// `cx` describes the innermost frame, the return value taken off its stack.
pub unsafe extern "C" fn tl_exec_return_plain(cx: *mut Ctx, code: u64, ip: u32) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    vm.trace_return_plain(cx, code, ip)
}

/// :inline-pop: machine code's `_POP_FRAME` of a plain call's frame, the return value kept in
/// its hands as whatever it is (an unboxed float stays one): releases the frame's slots below
/// `cx.sp`, drops its record and points `cx` at the caller. A frame that is not a plain call's
/// (the trace only pops those this way) is left alone: `false`, with a `SystemError` stored.
///
/// # Safety
/// `cx` describes the innermost frame, entered by the trace, the return value taken off its
/// stack.
pub unsafe extern "C" fn tl_exec_pop_plain(cx: *mut Ctx) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    if vm.trace_pop_plain(cx) {
        return true;
    }
    let msg = "a trace popped a frame that is not a plain call's";
    vm.uop_error = Some(tracelift_runtime::exc::PyErr::new(&tracelift_runtime::exc::SYSTEM_ERROR, msg));
    false
}

/// :inline-frame: machine code's `_POP_FRAME` with the return value `v` in its hands (an owned
/// word, taken off the frame's stack): pops the frame, points `cx` at the caller and returns
/// the call's result (an owned word), or 0 with the error stored and `cx.ip` at the caller's
/// call.
///
/// # Safety
/// `cx` describes the innermost frame, entered by the trace, the return value taken off its
/// stack; `v` is an owned reference.
pub unsafe extern "C" fn tl_exec_return_value(cx: *mut Ctx, v: u64) -> u64 {
    // SAFETY: forwarded; `v` is owned, as the caller promises.
    let (vm, cx, v) = unsafe { (vm_of(cx), &mut *cx, Value::from_raw(v)) };
    match vm.trace_return_value(cx, v) {
        Ok(r) => r.into_raw(),
        Err(e) => {
            vm.uop_error = Some(e);
            cx.ip = vm.frames[vm.frames.len() - 1].lasti as u64;
            0
        }
    }
}

/// Machine code's `_RETURN_TO_CALLER` (:return-to-caller:): returns from the innermost frame,
/// the trace's own, to its caller if that is the caller the trace was formed for (the caller
/// runs code `code` and resumes at `ip`), and points `cx` at it. `false`, with nothing changed,
/// otherwise: the trace then takes the uop's exit.
///
/// # Safety
/// `cx` describes the innermost frame, with its return value on top.
pub unsafe extern "C" fn tl_exec_return_to_caller(cx: *mut Ctx, code: u64, ip: u32) -> bool {
    // SAFETY: forwarded.
    let (vm, cx) = unsafe { (vm_of(cx), &mut *cx) };
    vm.trace_return_to_caller(cx, code, ip)
}
