//! The Cranelift backend (`--engine cranelift`, DESIGN.md §2.6, `docs/cranelift.md`).
//!
//! Each executor becomes one Cranelift function, lowered uop by uop ([`lower`]), compiled in a
//! `JITModule` of its own whose memory is a region of the shared code memory
//! (`tracelift_jit`), so that dropping the executor's code gives back exactly its pages.
//! Executor functions use the tail calling convention; Rust enters them through a SystemV
//! trampoline compiled once per backend.

pub mod layout;
pub mod lower;

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::{AbiParam, Function, InstBuilder, Signature, UserFuncName, types};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module, ModuleReloc, default_libcall_names};
use tracelift_jit::{CodeMemory, PerfMap, disasm, perf_map_name, symbols};
use tracelift_uops::abi::Ctx;
use tracelift_vm::tier2::backend::{Backend, CompileRequest, Compiled, MachineCode, Started};

/// What the backend prints and writes as it compiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Print each executor's CLIF before and after Cranelift's optimizations (`--dump clif`).
    pub dump_clif: bool,
    /// Print each executor's machine code (`--dump asm`).
    pub dump_asm: bool,
    /// Write `perf-PID.map` (`--perf-map`).
    pub perf_map: bool,
    /// Run Cranelift's IR verifier on every function (`TRACELIFT_CRANELIFT_VERIFY=1`; the
    /// test suite turns it on). Off by default: it is about a tenth of compile time.
    pub verify: bool,
    /// For tests of the failure path: every `n`th compilation fails as a code-generation error
    /// would (`TRACELIFT_CRANELIFT_FAIL_EVERY=n`; 0, the default, never).
    pub fail_every: u64,
    /// Cranelift's `opt_level` (`TRACELIFT_CRANELIFT_OPT=none|speed`; default `none`): `none`
    /// skips the e-graph pass (alias analysis, GVN, LICM, simplification).
    pub opt_level: OptLevel,
    /// Cranelift's register allocator (`TRACELIFT_CRANELIFT_REGALLOC=backtracking|single_pass`;
    /// default `backtracking`).
    pub regalloc: Regalloc,
    /// Keep every local boxed in its frame slot (`TRACELIFT_CRANELIFT_UNBOX_LOCALS=0`): turns
    /// :unboxed-local: off, to measure it.
    pub boxed_locals: bool,
    /// How a trace enters and leaves Python frames (`TRACELIFT_CRANELIFT_FRAMES=inline|call|host`;
    /// default `inline`, :inline-frame:).
    pub frames: Frames,
    /// Compile on a thread of the backend's own (:background-compile:): the VM's thread
    /// lowers a trace to CLIF, the compile thread does the rest, and the executor runs in the
    /// uop interpreter until its code is installed. Dumps compile on the VM's thread.
    pub background: bool,
    /// Print Cranelift's own pass times (register allocation, lowering, emission, …) on
    /// stderr at exit (`TRACELIFT_CRANELIFT_TIMING=1`): where compile time goes.
    pub timing: bool,
}

/// How machine code enters and leaves the frames of Python calls in a trace (:inline-frame:,
/// decision 97): run time against compile time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Frames {
    /// A plain call's frame record is written in machine code, its arguments moved from
    /// registers; its return is one call of the host (the default).
    #[default]
    Inline,
    /// A plain call's entry and return are one call of the host each, with what the trace
    /// knows passed in; the lowering keeps the caller's registers and the return value.
    Call,
    /// The host's general frame functions, which decode the call at every entry (the
    /// lowering before decision 97, kept to measure against).
    Host,
}

impl Frames {
    /// The mode named by `name` (`inline`, `call` or `host`).
    pub fn parse(name: &str) -> Result<Frames, String> {
        match name {
            "inline" => Ok(Frames::Inline),
            "call" => Ok(Frames::Call),
            "host" => Ok(Frames::Host),
            _ => Err(format!("unknown Cranelift frame mode '{name}' (inline, call, host)")),
        }
    }
}

/// Cranelift's optimization level, as the backend offers it (a developer knob: compile cost
/// against code quality, decision 51).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OptLevel {
    /// No e-graph pass (the default: measured to run as fast as `Speed` on the benchmarks,
    /// for 30% less compile time; decision 54).
    #[default]
    None,
    /// The e-graph pass.
    Speed,
}

/// Cranelift's register allocation algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Regalloc {
    /// regalloc2's backtracking allocator (the default).
    #[default]
    Backtracking,
    /// regalloc2's single-pass allocator: faster to run, worse code.
    SinglePass,
}

impl OptLevel {
    /// The level named by `name` (`none` or `speed`).
    pub fn parse(name: &str) -> Result<OptLevel, String> {
        match name {
            "none" => Ok(OptLevel::None),
            "speed" => Ok(OptLevel::Speed),
            _ => Err(format!("unknown Cranelift opt level '{name}' (none, speed)")),
        }
    }
}

impl Regalloc {
    /// The allocator named by `name` (`backtracking` or `single_pass`).
    pub fn parse(name: &str) -> Result<Regalloc, String> {
        match name {
            "backtracking" => Ok(Regalloc::Backtracking),
            "single_pass" => Ok(Regalloc::SinglePass),
            _ => Err(format!("unknown Cranelift register allocator '{name}' (backtracking, single_pass)")),
        }
    }
}

/// The trampoline: `extern "C" fn(cx, entry) -> u64` calls the tail-convention `entry(cx)`.
type Trampoline = unsafe extern "C" fn(*mut Ctx, *const u8) -> u64;

/// The Cranelift backend.
pub struct Cranelift {
    opts: Options,
    memory: CodeMemory,
    isa: OwnedTargetIsa,
    trampoline: Trampoline,
    /// Holds the trampoline's code for as long as the backend lives.
    _trampoline_module: JITModule,
    perf: Option<PerfMap>,
    fctx: FunctionBuilderContext,
    /// One Cranelift context for every compilation, cleared between them, so that its
    /// allocations (and the register allocator's) are reused.
    ctx: cranelift_codegen::Context,
    layouts: Option<layout::Layouts>,
    /// Compilations so far (for `fail_every`).
    compiled: u64,
    /// The compile thread, with `Options::background`.
    thread: Option<CompileThread>,
}

/// :background-compile: the channels to and from the compile thread, and what the VM's thread
/// keeps of each function the thread is compiling.
struct CompileThread {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    pending: HashMap<u64, Lowered>,
    /// Jobs sent that the thread has not taken yet, cancelled ones included.
    queued: Arc<AtomicUsize>,
    /// Joined only with `Options::timing`, for the thread's pass times.
    handle: Option<std::thread::JoinHandle<cranelift_codegen::timing::PassTimes>>,
}

/// Functions handed to the compile thread and not yet installed, and jobs it has not taken
/// (cancelled ones too), at most: past this the VM's thread compiles itself, so that a program
/// forming traces faster than the thread compiles them (one that invalidates and rebuilds
/// executors in a loop) keeps its memory bounded.
const MAX_PENDING: usize = 32;

/// A function lowered to CLIF, for the compile thread.
struct Job {
    executor: u64,
    id: FuncId,
    func: Function,
    /// Set when the executor is no longer wanted ([`Backend::cancel`]).
    cancelled: Arc<AtomicBool>,
}

/// The compile thread's answer: the function's machine code, or why there is none.
struct Done {
    executor: u64,
    result: Result<Bytes, String>,
    time: Duration,
}

/// Machine code not yet placed in memory.
struct Bytes {
    code: Vec<u8>,
    alignment: u64,
    relocs: Vec<ModuleReloc>,
}

/// What the VM's thread keeps of a function it lowered: its module (which declares it), what
/// the lowering counted and how long it took, and what the perf map names it.
struct Lowered {
    module: JITModule,
    id: FuncId,
    counts: (u64, u64, u64),
    time: Duration,
    perf_name: String,
    cancelled: Arc<AtomicBool>,
}

/// The compile thread: compiles each function it is sent with its own Cranelift context and
/// sends back the bytes, until the backend (which holds the sending end) is dropped.
fn compile_thread(
    isa: OwnedTargetIsa,
    jobs: Receiver<Job>,
    done: Sender<Done>,
    queued: Arc<AtomicUsize>,
) -> cranelift_codegen::timing::PassTimes {
    tracelift_runtime::breaker::block_signals_on_this_thread();
    let mut ctx = cranelift_codegen::Context::new();
    while let Ok(job) = jobs.recv() {
        queued.fetch_sub(1, Ordering::Relaxed);
        if job.cancelled.load(Ordering::Relaxed) {
            continue;
        }
        let t0 = Instant::now();
        ctx.clear();
        ctx.func = job.func;
        let result = match ctx.compile(&*isa, &mut ControlPlane::default()) {
            Ok(res) => {
                let alignment = res.buffer.alignment as u64;
                let c = ctx.compiled_code().expect("compiled");
                let relocs =
                    c.buffer.relocs().iter().map(|r| ModuleReloc::from_mach_reloc(r, &ctx.func, job.id)).collect();
                Ok(Bytes { code: c.code_buffer().to_vec(), alignment, relocs })
            }
            Err(e) => Err(format!("{:?}", e.inner)),
        };
        if done.send(Done { executor: job.executor, result, time: t0.elapsed() }).is_err() {
            break;
        }
    }
    cranelift_codegen::timing::take_current()
}

/// One executor's machine code: its module (which owns its pages) and where it starts.
struct Code {
    module: Option<JITModule>,
    entry: *const u8,
    size: usize,
    trampoline: Trampoline,
}

impl MachineCode for Code {
    unsafe fn enter(&self, cx: *mut Ctx) -> u64 {
        // SAFETY: `entry` is finalized code of the live module, a tail fn(cx) -> u64; the
        // caller's contract covers `cx`.
        unsafe { (self.trampoline)(cx, self.entry) }
    }

    fn entry(&self) -> *const u8 {
        self.entry
    }

    fn size(&self) -> usize {
        self.size
    }

    fn backend(&self) -> &'static str {
        "cranelift"
    }
}

impl Drop for Code {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the executor owning this code is being freed and nothing runs it: the
            // host holds the executor it entered, and an executor freed while machine code
            // runs leaves its code in the graveyard until the outermost run returns.
            unsafe { m.free_memory() };
        }
    }
}

/// The ISA of this machine, with the settings the backend needs.
fn isa(opts: &Options) -> Result<OwnedTargetIsa, String> {
    let host = target_lexicon::Triple::host();
    if !matches!(host.architecture, target_lexicon::Architecture::X86_64 | target_lexicon::Architecture::Aarch64(_)) {
        return Err(format!("the Cranelift backend does not support this target ({host})"));
    }
    let mut flags = settings::builder();
    let set =
        |f: &mut settings::Builder, k: &str, v: &str| f.set(k, v).map_err(|e| format!("cranelift setting {k}: {e}"));
    set(&mut flags, "opt_level", if opts.opt_level == OptLevel::None { "none" } else { "speed" })?;
    let regalloc = if opts.regalloc == Regalloc::SinglePass { "single_pass" } else { "backtracking" };
    set(&mut flags, "regalloc_algorithm", regalloc)?;
    set(&mut flags, "is_pic", "false")?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    // Tail calls between executors need frame pointers kept (x86-64).
    set(&mut flags, "preserve_frame_pointers", "true")?;
    set(&mut flags, "enable_verifier", if opts.verify { "true" } else { "false" })?;
    let builder = cranelift_native::builder()
        .map_err(|e| format!("the Cranelift backend does not support this target ({host}): {e}"))?;
    builder.finish(settings::Flags::new(flags)).map_err(|e| format!("cranelift: {e}"))
}

use lower::executor_signature;

impl Cranelift {
    /// A backend for this machine, or why there cannot be one.
    pub fn new(opts: Options) -> Result<Cranelift, String> {
        let isa = isa(&opts)?;
        let memory = CodeMemory::new();
        // Not fatal: without the reserve, the first compilations map their own pages.
        let _ = memory.reserve();
        let mut fctx = FunctionBuilderContext::new();
        let (module, trampoline) = Self::trampoline(&isa, &memory, &mut fctx)?;
        let perf = PerfMap::open_if(opts.perf_map);
        let mut b = Cranelift {
            opts,
            memory,
            isa,
            trampoline,
            _trampoline_module: module,
            perf,
            fctx,
            ctx: cranelift_codegen::Context::new(),
            layouts: layout::Layouts::learn(),
            compiled: 0,
            thread: None,
        };
        if opts.background && !opts.dump_clif && !opts.dump_asm {
            let (jobs, rx) = channel();
            let (tx, done) = channel();
            let isa = b.isa.clone();
            let queued = Arc::new(AtomicUsize::new(0));
            let q = queued.clone();
            let h = std::thread::Builder::new()
                .name("tracelift-compile".into())
                .spawn(move || compile_thread(isa, rx, tx, q))
                .map_err(|e| format!("cannot start the compile thread: {e}"))?;
            let handle = opts.timing.then_some(h);
            b.thread = Some(CompileThread { jobs, done, pending: HashMap::new(), queued, handle });
        }
        Ok(b)
    }

    /// Places finished machine code in `l`'s module and makes it the executor's code.
    fn install(&self, l: Lowered, bytes: Bytes, time: Duration) -> Result<Compiled, String> {
        let t0 = Instant::now();
        let Lowered { mut module, id, counts, time: lowering, perf_name, .. } = l;
        module.define_function_bytes(id, bytes.alignment, &bytes.code, &bytes.relocs).map_err(|e| format!("{e:?}"))?;
        module.finalize_definitions().map_err(|e| e.to_string())?;
        let entry = module.get_finalized_function(id);
        let size = bytes.code.len();
        if let Some(p) = &self.perf {
            p.add(entry as usize, size, &perf_name);
        }
        let code = Code { module: Some(module), entry, size, trampoline: self.trampoline };
        let (stores_saved, floats_unboxed, locals_unboxed) = counts;
        let time = lowering + time + t0.elapsed();
        Ok(Compiled { code: Box::new(code), stores_saved, floats_unboxed, locals_unboxed, time })
    }

    fn module(isa: &OwnedTargetIsa, memory: &CodeMemory) -> JITModule {
        let mut b = JITBuilder::with_isa(isa.clone(), default_libcall_names());
        b.memory_provider(Box::new(memory.region()));
        JITModule::new(b)
    }

    /// Compiles the SystemV trampoline that enters tail-convention executor code.
    fn trampoline(
        isa: &OwnedTargetIsa,
        memory: &CodeMemory,
        fctx: &mut FunctionBuilderContext,
    ) -> Result<(JITModule, Trampoline), String> {
        let mut module = Self::module(isa, memory);
        let mut sig = Signature::new(isa.default_call_conv());
        sig.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64)]);
        sig.returns.push(AbiParam::new(types::I64));
        let id = module.declare_function("tl_enter", Linkage::Local, &sig).map_err(|e| e.to_string())?;
        let mut ctx = module.make_context();
        ctx.func.signature = sig;
        ctx.func.name = UserFuncName::user(0, id.as_u32());
        let tc = module.target_config();
        {
            let mut b = FunctionBuilder::new(&mut ctx.func, fctx);
            let block = b.create_block();
            b.append_block_params_for_function_params(block);
            b.switch_to_block(block);
            b.seal_block(block);
            let (cx, entry) = (b.block_params(block)[0], b.block_params(block)[1]);
            let tail = b.import_signature(executor_signature());
            let call = b.ins().call_indirect(tail, entry, &[cx]);
            let r = b.inst_results(call)[0];
            b.ins().return_(&[r]);
            b.finalize(tc);
        }
        module.define_function(id, &mut ctx).map_err(|e| format!("{e:?}"))?;
        module.finalize_definitions().map_err(|e| e.to_string())?;
        let p = module.get_finalized_function(id);
        // SAFETY: finalized code with exactly this signature (the platform's C convention).
        let f: Trampoline = unsafe { std::mem::transmute::<*const u8, Trampoline>(p) };
        Ok((module, f))
    }
}

impl Backend for Cranelift {
    fn name(&self) -> &'static str {
        "cranelift"
    }

    fn compile(&mut self, req: &CompileRequest) -> Result<Option<Compiled>, String> {
        match self.build(req, false)? {
            Started::Done(c) => Ok(c),
            Started::Pending => unreachable!("compiled on the VM's thread"),
        }
    }

    fn start(&mut self, req: &CompileRequest) -> Result<Started, String> {
        self.build(req, self.thread.is_some())
    }

    fn finished(&mut self) -> Vec<(u64, Result<Compiled, String>)> {
        let mut out = Vec::new();
        let Some(t) = &mut self.thread else { return out };
        let mut done = Vec::new();
        while let Ok(d) = t.done.try_recv() {
            if let Some(l) = t.pending.remove(&d.executor) {
                done.push((d, l));
            }
        }
        for (d, l) in done {
            out.push((d.executor, d.result.and_then(|bytes| self.install(l, bytes, d.time))));
        }
        out
    }

    fn cancel(&mut self, id: u64) {
        if let Some(l) = self.thread.as_mut().and_then(|t| t.pending.remove(&id)) {
            l.cancelled.store(true, Ordering::Relaxed);
        }
    }

    fn code_memory(&self) -> (u64, u64) {
        let s = self.memory.stats();
        (s.bytes_in_use as u64, s.peak_bytes_in_use as u64)
    }
}

impl Cranelift {
    /// Compiles an executor on this thread, or (`background`) lowers it here and hands the
    /// rest to the compile thread.
    fn build(&mut self, req: &CompileRequest, background: bool) -> Result<Started, String> {
        let t0 = Instant::now();
        let ex = req.executor;
        self.compiled += 1;
        if self.opts.fail_every > 0 && self.compiled.is_multiple_of(self.opts.fail_every) {
            return Err("injected failure (TRACELIFT_CRANELIFT_FAIL_EVERY)".into());
        }
        let mut module = Self::module(&self.isa, &self.memory);
        let sig = executor_signature();
        let id = module.declare_function(&format!("x{}", ex.id), Linkage::Local, &sig).map_err(|e| e.to_string())?;
        let ctx = &mut self.ctx;
        module.clear_context(ctx);
        ctx.func.signature = sig;
        ctx.func.name = UserFuncName::user(0, id.as_u32());
        let tc = module.target_config();
        let (stores_saved, floats_unboxed, locals_unboxed) = {
            let mut b = FunctionBuilder::new(&mut ctx.func, &mut self.fctx);
            let mut l = lower::Lower::new(&mut b, ex, self.layouts, !self.opts.boxed_locals, self.opts.frames);
            l.trace();
            if let Some(why) = l.failed.take() {
                return Err(why);
            }
            let counts = (l.stores_saved, l.floats_unboxed, l.locals_unboxed);
            b.finalize(tc);
            counts
        };
        let names = (self.opts.dump_clif || self.opts.dump_asm).then(|| {
            let mut m = symbols::address_names(ex, req.ids);
            m.insert(lower::dealloc_zero as *const u8 as u64, "dealloc_zero".into());
            m.insert(&lower::NOT_AN_OBJECT as *const lower::NotAnObject as u64, "NOT_AN_OBJECT".into());
            m.insert(lower::NEVER_LINKED.as_ptr() as u64, "NEVER_LINKED".into());
            m.insert(lower::NOT_A_TYPE.as_ptr() as u64, "NOT_A_TYPE".into());
            m.insert(&tracelift_runtime::types::NOT_IMPLEMENTED as *const _ as u64, "NotImplemented".into());
            // A code's `Rc` pointer (:inline-frame:), its constants and names, and the objects among
            // its constants (a float's box).
            if let Some(l) = self.layouts {
                let codes = ex.code.upgrade().into_iter().chain(ex.callees.iter().filter_map(|w| w.upgrade()));
                for c in codes {
                    let a = Rc::as_ptr(&c) as u64;
                    let id = req.ids.operand(tracelift_uops::uop::OperandKind::Code, a);
                    m.insert(a - l.frames.rc_value as u64, format!("{id}.rc"));
                    m.insert(c.consts.as_ptr() as u64, format!("{id}.consts"));
                    m.insert(c.names.as_ptr() as u64, format!("{id}.names"));
                    for (i, k) in c.consts.iter().enumerate() {
                        if k.is_obj() {
                            m.entry(k.raw()).or_insert_with(|| format!("{id}.const{i}"));
                        }
                    }
                }
            }
            m
        });
        if background
            && let Some(t) = &mut self.thread
            && t.pending.len() < MAX_PENDING
            && t.queued.load(Ordering::Relaxed) < MAX_PENDING
        {
            let func = std::mem::replace(&mut ctx.func, Function::new());
            let cancelled = Arc::new(AtomicBool::new(false));
            t.queued.fetch_add(1, Ordering::Relaxed);
            if t.jobs.send(Job { executor: ex.id, id, func, cancelled: cancelled.clone() }).is_ok() {
                let perf_name = perf_map_name(req.code_name, req.line, ex.id);
                let counts = (stores_saved, floats_unboxed, locals_unboxed);
                let l = Lowered { module, id, counts, time: t0.elapsed(), perf_name, cancelled };
                t.pending.insert(ex.id, l);
                return Ok(Started::Pending);
            }
            return Err("the compile thread is gone".into());
        }
        let show = |text: String| symbols::symbolize(&text, names.as_ref().expect("names for a dump"));
        if self.opts.dump_clif {
            let clif = show(ctx.func.display().to_string());
            eprintln!("# executor e{} ({}:{}) CLIF before optimization\n{clif}", ex.id, req.code_name, req.line);
        }
        ctx.set_disasm(self.opts.dump_asm);
        module.define_function(id, ctx).map_err(|e| format!("{e:?}"))?;
        if self.opts.dump_clif {
            eprintln!("# executor e{} CLIF after optimization\n{}", ex.id, show(ctx.func.display().to_string()));
        }
        let size = ctx.compiled_code().map_or(0, |c| c.code_buffer().len());
        let vcode = if self.opts.dump_asm { ctx.compiled_code().and_then(|c| c.vcode.clone()) } else { None };
        module.finalize_definitions().map_err(|e| e.to_string())?;
        let entry = module.get_finalized_function(id);
        if self.opts.dump_asm {
            // SAFETY: `entry..entry + size` is the finalized, readable code of the live module.
            let bytes = unsafe { std::slice::from_raw_parts(entry, size) };
            let listing = disasm::disassemble(entry, bytes).or(vcode).unwrap_or_default();
            eprintln!("# executor e{} machine code ({size} bytes)\n{}", ex.id, show(listing));
        }
        if let Some(p) = &self.perf {
            p.add(entry as usize, size, &perf_map_name(req.code_name, req.line, ex.id));
        }
        let code = Code { module: Some(module), entry, size, trampoline: self.trampoline };
        let c = Compiled { code: Box::new(code), stores_saved, floats_unboxed, locals_unboxed, time: t0.elapsed() };
        Ok(Started::Done(Some(c)))
    }
}

impl Drop for Cranelift {
    /// With `Options::timing`, prints Cranelift's own pass times: the VM's thread's, and the
    /// compile thread's once it has finished the job it is on (it stops when the job channel,
    /// dropped here, closes).
    fn drop(&mut self) {
        if !self.opts.timing {
            return;
        }
        let here = cranelift_codegen::timing::take_current();
        eprintln!("Cranelift pass times, the VM's thread (s):\n{here}");
        if let Some(t) = self.thread.take() {
            let CompileThread { jobs, handle, .. } = t;
            drop(jobs);
            if let Some(times) = handle.and_then(|h| h.join().ok()) {
                eprintln!("Cranelift pass times, the compile thread (s):\n{times}");
            }
        }
    }
}
