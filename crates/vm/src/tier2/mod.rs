//! Tier 2 (DESIGN.md §1): hot loops become executors that run uop traces.
//!
//! - [`form`]: trace formation, by projection or by recording, from a hot back-edge or a hot
//!   side exit, then the optimizer's passes and the verifier;
//! - [`interp`]: the uop interpreter (`--engine uops`) and the exit protocol;
//! - this file: options, counters, executors, their exits, and invalidation.
//!
//! The exit protocol that every backend obeys is documented in `docs/exit-protocol.md`.

pub mod backend;
pub mod counters;
pub mod form;
pub mod hist;
pub mod interp;
pub(crate) mod siblings;
mod stale;

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};

use tracelift_uops::Uop;
use tracelift_uops::abi::ExecHead;
use tracelift_uops::counter;
use tracelift_uops::opcode::Opcode;
use tracelift_uops::trace::UopInst;

pub use backend::{Backend, MachineCode, Started};
pub use counters::{Counter, Counters, Histo, Histograms};

use crate::Vm;
use crate::objects::Code;

/// The optimizer's passes, for the CLI's `--passes` / `--no-pass`.
pub use tracelift_optimizer::{PASSES, PassSet};

/// How traces are formed (`--trace-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceMode {
    /// Walk the bytecode from the hot point, predicting branches from their history (CPython
    /// 3.13/3.14).
    Projection,
    /// Record the instructions tier 1 actually runs (CPython 3.15).
    Recording,
}

/// Tier-2 options.
#[derive(Clone, Debug)]
pub struct Tier2Options {
    /// Back-edges before a loop is hot (1..=4096).
    pub jit_threshold: u32,
    /// Side-exit temperature before an exit gets its own trace.
    pub exit_threshold: u32,
    /// Projection or recording.
    pub mode: TraceMode,
    /// Print each trace as it is created (`--dump uops`).
    pub dump: bool,
    /// With an upgrade backend (`--engine tiered`): machine-code entries after which an
    /// executor is recompiled by it (`--recompile-threshold`).
    pub recompile_threshold: u32,
    /// The optimizer passes that run (`--passes`, `--no-pass`).
    pub passes: PassSet,
    /// Traces also start at hot function entries (the default; `--no-entry-traces` turns it
    /// off), after `jit_threshold` calls.
    pub entry_traces: bool,
    /// Traces follow a return from the frame they start in into its caller, guarded
    /// (`_RETURN_TO_CALLER`, :return-to-caller:); `--no-return-to-caller` turns it off.
    pub return_to_caller: bool,
}

/// Entries of an executor's stencil code before `--engine tiered` recompiles it.
pub const DEFAULT_RECOMPILE_THRESHOLD: u32 = 64;

/// CPython 3.13's default: a loop is hot after 4096 back-edges.
pub const DEFAULT_JIT_THRESHOLD: u32 = 4096;
/// CPython 3.13's default side-exit threshold (`_Py_BACKOFF` for exits, 64 in 3.14).
pub const DEFAULT_EXIT_THRESHOLD: u32 = 64;
/// Longest trace, in uops (CPython's `UOP_MAX_TRACE_LENGTH` is 800 in 3.13).
pub const MAX_TRACE_UOPS: usize = 800;
/// Longest chain of executor-to-executor transfers without returning to the host (which then
/// goes on with a fresh count, :chain-cap:).
pub const MAX_CHAIN_DEPTH: u32 = 64;

impl Default for Tier2Options {
    fn default() -> Tier2Options {
        Tier2Options {
            jit_threshold: DEFAULT_JIT_THRESHOLD,
            exit_threshold: DEFAULT_EXIT_THRESHOLD,
            mode: TraceMode::Projection,
            dump: false,
            recompile_threshold: DEFAULT_RECOMPILE_THRESHOLD,
            passes: PassSet::ALL,
            entry_traces: true,
            return_to_caller: true,
        }
    }
}

impl Tier2Options {
    /// The initial `JUMP_BACKWARD` counter for this threshold.
    pub fn backedge_counter(&self) -> u32 {
        let n = self.jit_threshold.clamp(1, 4096);
        counter::make(n - 1, 12)
    }
}

/// Tier-2 statistics (`--stats`, `--stats-json`).
#[derive(Default, Debug)]
pub struct Tier2Stats {
    /// The counters ([`counters::Counter`]).
    pub counters: Counters,
    /// The per-trace histograms ([`counters::Histo`]).
    pub hists: Histograms,
    /// Executions per uop, indexed by `Uop as usize`.
    pub uop_counts: Vec<u64>,
    /// Why trace formation stopped, per reason.
    pub stop_reasons: BTreeMap<&'static str, u64>,
}

impl Tier2Stats {
    /// Adds one to counter `c`.
    #[inline(always)]
    pub fn bump(&mut self, c: Counter) {
        self.counters[c] += 1;
    }
}

thread_local! {
    /// Executors dropped so far (counted in `Drop`, which has no VM at hand).
    static FREED: Cell<u64> = const { Cell::new(0) };
}

/// Executors freed so far on this thread.
pub fn executors_freed() -> u64 {
    FREED.with(|f| f.get())
}

/// Where a side exit goes.
pub enum Link {
    /// The shared cold exit: count temperature, return to tier 1.
    Cold,
    /// An executor made for this exit (the exit owns it).
    Owned(Rc<Executor>),
    /// An executor installed elsewhere (a loop's `ENTER_EXECUTOR`); not owned, so graphs of
    /// exits never form reference cycles.
    Linked(Weak<Executor>),
}

/// One side exit (`ExitData` in CPython).
pub struct ExitData {
    /// Tier-1 instruction where execution continues.
    pub target: u32,
    /// Counts up on each cold pass; a trace is formed at `exit_threshold`. Negative after a
    /// failed attempt (backoff).
    pub temperature: Cell<i32>,
    /// Failed attempts so far (the backoff exponent).
    pub failures: Cell<u32>,
    /// Where the exit goes.
    pub executor: RefCell<Link>,
    /// Machine code's view of the link (:exit-link:): the entry of the linked executor's
    /// machine code, 0 while there is none. Machine code at this exit transfers there
    /// directly (a tail call); the host sets it when it follows a link and clears it when the
    /// link goes, and the target clears it when it is invalidated or freed.
    pub jit: Cell<u64>,
    /// The uop whose exit this is.
    pub uop: Uop,
    /// :return-const-exit: the exit leaves one value more on the stack than tier 1 has at its
    /// target: the constant a `RETURN_CONST`'s `_RETURN_TO_CALLER` pushed. Tier 1's return
    /// releases everything up to the stack pointer, so resuming there is sound, but a trace
    /// formed or entered there would take the value for its frame's own (machine code's
    /// inline return then left it in the slot, where the next frame's argument binding read
    /// it as a bound argument). Such an exit never gets a trace.
    pub tier1_only: bool,
}

/// What a `_PUSH_FRAME` of a trace calls ([`Executor::frame_call`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameCall {
    /// A `CALL`.
    Call,
    /// A `__getitem__`, called with the container as `self`.
    Getitem,
    /// A binary operator's dunder (`BINARY_OP_PY`), with its `BINARY_OP` oparg: the frame
    /// keeps both operands and the operator (:binop-frame:).
    Binop(u8),
}

/// An executor: an optimized trace with its exits, dependencies and validity.
pub struct Executor {
    /// Validity flag, at a stable address (`_CHECK_VALIDITY` reads it through `Ctx`).
    pub head: Box<ExecHead>,
    /// Stable id (creation order), as dumps print it.
    pub id: u64,
    /// The trace.
    pub uops: Vec<UopInst>,
    /// Its side exits (uops refer to them by index).
    pub exits: Vec<ExitData>,
    /// Dependencies (a bloom filter over dependency keys, see `tracelift_runtime::watch`).
    pub bloom: Bloom,
    /// The code the trace runs in.
    pub code: Weak<Code>,
    /// The codes of the frames the trace enters (`_PUSH_FRAME` operands point at them).
    pub callees: Vec<Weak<Code>>,
    /// Where `ENTER_EXECUTOR` was written (a loop's `JUMP_BACKWARD`), if installed.
    pub installed_at: Cell<Option<u32>>,
    /// The `JUMP_BACKWARD`'s oparg, to restore it on invalidation.
    pub jump_oparg: u32,
    /// Installed over a function's `RESUME` (a trace from function entry), not a back-edge.
    pub entry: bool,
    /// :type-siblings: the trace before this one in a chain of traces at one instruction
    /// that each start with a different type-version guard, and this one's place in it (1 for
    /// the first sibling).
    pub sibling_of: Option<(Weak<Executor>, u8)>,
    /// The exit of the guard the trace starts with (its first uop that can exit, when that
    /// is at its first instruction), found once: `siblings.rs` asks at cold exits.
    pub start_guard: Option<usize>,
    /// Its machine code, when a backend compiled it (else the uop interpreter runs it).
    /// Tiering replaces it (:tier-swap:); a run holds its own reference.
    pub machine: RefCell<Option<Rc<dyn MachineCode>>>,
    /// Recompiled by the upgrade backend already (`--engine tiered`)?
    pub upgraded: Cell<bool>,
    /// The `jit` cells of other executors' exits that point at this one's machine code
    /// (:exit-link:), cleared when this one is invalidated or freed.
    pub incoming: RefCell<Vec<*const Cell<u64>>>,
}

impl Executor {
    /// Still valid?
    pub fn is_valid(&self) -> bool {
        self.head.is_valid()
    }

    /// The trace's own code or a callee's, at address `addr` (`Rc::as_ptr`, as frame uops'
    /// operands name them), if it is alive.
    pub fn known_code(&self, addr: u64) -> Option<Rc<Code>> {
        let own = self.code.upgrade().into_iter();
        own.chain(self.callees.iter().filter_map(|w| w.upgrade())).find(|c| Rc::as_ptr(c) as u64 == addr)
    }

    /// :inline-frame: for `_PUSH_FRAME` `u` run in the code at `caller`, when it is a plain
    /// call — a `CALL`, or a `BINARY_SUBSCR_GETITEM` (whose frame is a plain call of
    /// `__getitem__(self, index)`: it keeps nothing for its return, unlike an operator's or an
    /// `__init__`'s) — of a function that is not a generator's (whose call makes no frame that
    /// returns): its callee's code, where the caller resumes (after the instruction's cache),
    /// and whether the call is a `__getitem__`'s (its `self` slot is always an argument).
    pub fn plain_call(&self, caller: u64, u: &UopInst) -> Option<(Rc<Code>, u64, bool)> {
        match self.frame_call(caller, u)? {
            (callee, resume, FrameCall::Call) => Some((callee, resume, false)),
            (callee, resume, FrameCall::Getitem) => Some((callee, resume, true)),
            (_, _, FrameCall::Binop(_)) => None,
        }
    }

    /// :inline-binop: as [`Executor::plain_call`], also for a binary operator's dunder
    /// (`BINARY_OP_PY`), whose frame keeps its operands for its return (:binop-frame:).
    pub fn frame_call(&self, caller: u64, u: &UopInst) -> Option<(Rc<Code>, u64, FrameCall)> {
        let caller = self.known_code(caller)?;
        let unit = caller.instrs.get(u.target as usize)?.get();
        let op = Opcode::from_u8(unit as u8)?;
        let kind = match op.family() {
            Opcode::CALL => FrameCall::Call,
            Opcode::BINARY_SUBSCR => FrameCall::Getitem,
            Opcode::BINARY_OP if u.uop == Uop::_PUSH_FRAME => FrameCall::Binop((unit >> 8) as u8),
            _ => return None,
        };
        let callee = self.known_code(u.operand).filter(|c| !c.makes_generator())?;
        Some((callee, u.target as u64 + 1 + op.cache_size() as u64, kind))
    }

    /// Its machine code, if it has some.
    pub fn machine_code(&self) -> Option<Rc<dyn MachineCode>> {
        self.machine.borrow().clone()
    }

    /// Has it machine code?
    pub fn has_machine_code(&self) -> bool {
        self.machine.borrow().is_some()
    }

    /// :tier-swap: replaces its machine code with `code`. No exit transfers to the old code
    /// any more, and its own exits stop transferring (the new code may not share the old
    /// code's entry convention; the host links them again as it follows them). Code still
    /// running further up the stack waits in the graveyard (:graveyard:).
    pub fn replace_machine_code(&self, code: Rc<dyn MachineCode>) {
        self.clear_incoming();
        for e in &self.exits {
            e.unlink_jit();
        }
        let old = self.machine.replace(Some(code));
        if let Some(old) = old
            && JIT_DEPTH.with(|d| d.get()) > 0
        {
            GRAVEYARD.with(|g| g.borrow_mut().push(Box::new(old)));
        }
    }
}

impl Drop for Executor {
    fn drop(&mut self) {
        FREED.with(|f| f.set(f.get() + 1));
        self.head.invalidate();
        self.clear_incoming();
        // Its own links: the targets must forget these exits' cells.
        for e in &self.exits {
            e.unlink_jit();
        }
        // Machine code of this executor may still be running further up the stack (a helper
        // called from it freed it): what that code reads (its memory, head and exits) waits
        // in the graveyard until no machine code runs (:graveyard:).
        if let Some(code) = self.machine.take()
            && JIT_DEPTH.with(|d| d.get()) > 0
        {
            let head = std::mem::replace(&mut self.head, Box::new(ExecHead::new()));
            let exits = std::mem::take(&mut self.exits);
            GRAVEYARD.with(|g| g.borrow_mut().push(Box::new((code, head, exits))));
        }
    }
}

impl Executor {
    /// Clears every exit cell that points at this executor's machine code.
    pub fn clear_incoming(&self) {
        for p in self.incoming.take() {
            // SAFETY: a registered cell belongs to a live executor's exits (an executor
            // deregisters its cells when it is freed, see `ExitData::unlink_jit`).
            unsafe { (*p).set(0) };
        }
    }
}

impl ExitData {
    /// The executor the exit links to, if it is alive.
    pub fn target(&self) -> Option<Rc<Executor>> {
        match &*self.executor.borrow() {
            Link::Owned(x) => Some(x.clone()),
            Link::Linked(w) => w.upgrade(),
            Link::Cold => None,
        }
    }

    /// Machine code stops transferring through this exit (its target forgets the cell).
    pub fn unlink_jit(&self) {
        if self.jit.replace(0) != 0
            && let Some(t) = self.target()
        {
            t.incoming.borrow_mut().retain(|p| !std::ptr::eq(*p, &self.jit));
        }
    }

    /// Machine code at this exit (of code made by `backend`) transfers straight to `next`'s
    /// machine code from now on, if one backend made both.
    pub fn link_jit(&self, backend: &str, next: &Executor) {
        if let Some(m) = next.machine_code()
            && m.backend() == backend
            && self.jit.get() == 0
            && next.is_valid()
        {
            self.jit.set(m.entry() as u64);
            next.incoming.borrow_mut().push(&self.jit);
        }
    }
}

thread_local! {
    /// Machine-code runs in progress on this thread (the host counts them).
    static JIT_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// What freed executors left for running machine code (:graveyard:).
    static GRAVEYARD: RefCell<Vec<Box<dyn std::any::Any>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` (which enters machine code) counted as a machine-code run; when the last run on
/// the thread ends, what freed executors left behind is freed.
pub(crate) fn in_machine_code<T>(f: impl FnOnce() -> T) -> T {
    JIT_DEPTH.with(|d| d.set(d.get() + 1));
    let r = f();
    let left = JIT_DEPTH.with(|d| {
        d.set(d.get() - 1);
        d.get()
    });
    if left == 0 {
        let dead = GRAVEYARD.with(|g| std::mem::take(&mut *g.borrow_mut()));
        drop(dead);
    }
    r
}

/// A 256-bit bloom filter over dependency keys (CPython's `_PyBloomFilter`).
#[derive(Clone, Copy, Default, Debug)]
pub struct Bloom([u64; 4]);

impl Bloom {
    fn bits(key: u64) -> [u32; 3] {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        [(h >> 56) as u32, (h >> 48) as u32 & 0xff, (h >> 40) as u32 & 0xff]
    }

    /// Adds `key`.
    pub fn add(&mut self, key: u64) {
        for b in Bloom::bits(key) {
            self.0[(b >> 6) as usize & 3] |= 1 << (b & 63);
        }
    }

    /// May `key` have been added?
    pub fn may_contain(&self, key: u64) -> bool {
        Bloom::bits(key).iter().all(|b| self.0[(*b >> 6) as usize & 3] & (1 << (b & 63)) != 0)
    }
}

/// Tier-2 state of a VM.
pub struct Tier2 {
    pub opts: Tier2Options,
    /// What executors are compiled with (the uop interpreter compiles nothing).
    pub backend: Box<dyn Backend>,
    /// What hot executors are recompiled with (`--engine tiered`: Cranelift over stencils).
    pub upgrade: Option<Box<dyn Backend>>,
    /// Short names of the addresses dumps show (`x1`, `c1`).
    pub ids: tracelift_uops::trace::ShortIds,
    pub stats: Tier2Stats,
    /// Every executor made, for invalidation. Dead ones are pruned by [`Vm::invalidate`] and
    /// by [`Tier2::track`] (a `Weak` keeps its executor's allocation, so they must go).
    pub live: Vec<Weak<Executor>>,
    /// `live.len()` at which [`Tier2::track`] prunes next.
    prune_at: usize,
    pub next_id: u64,
    /// Trace formation in progress (recording mode).
    pub recorder: Option<form::Recorder>,
    /// Executors whose code a compile thread is making (:background-compile:), by id, and
    /// whether it is the upgrade backend's (:tier-swap:, which swaps the code in when it
    /// comes while the first tier's runs meanwhile).
    pub pending: Vec<(u64, Weak<Executor>, bool)>,
    /// The code behind the function versions (and class versions, for `__init__`) that calls
    /// specialized for: trace formation follows a specialized call into this code, and the
    /// call's version guard keeps the pairing true at run time.
    pub callees: CalleeCache,
}

/// Slots of [`CalleeCache`] (CPython's `FUNC_VERSION_CACHE_SIZE`).
pub const CALLEE_CACHE_SIZE: usize = 4096;

/// The code behind a function or class version, for trace formation: a direct-mapped table
/// indexed by `version % CALLEE_CACHE_SIZE`, as CPython's function version cache. Its size
/// is fixed, so a run that defines functions or changes classes (and so makes new versions)
/// without end keeps its memory flat; a version pushed out by a newer one with the same
/// index, or replaced (the watcher reports the old one, see [`Vm::invalidate`]), is simply
/// not followed by trace formation any more. Versions come from one counter and are never
/// reused, so a slot whose version matches is always right.
pub struct CalleeCache {
    slots: Box<[Option<CalleeEntry>]>,
}

/// A version and the code its calls enter.
type CalleeEntry = (u32, Rc<Code>);

impl Default for CalleeCache {
    fn default() -> CalleeCache {
        CalleeCache { slots: (0..CALLEE_CACHE_SIZE).map(|_| None).collect() }
    }
}

impl CalleeCache {
    /// A call specialized for `version` enters `code`.
    pub fn note(&mut self, version: u32, code: &Rc<Code>) {
        let slot = &mut self.slots[version as usize % CALLEE_CACHE_SIZE];
        if !matches!(slot, Some((v, c)) if *v == version && Rc::ptr_eq(c, code)) {
            *slot = Some((version, code.clone()));
        }
    }

    /// The code behind `version`, if known.
    pub fn get(&self, version: u32) -> Option<Rc<Code>> {
        match &self.slots[version as usize % CALLEE_CACHE_SIZE] {
            Some((v, c)) if *v == version => Some(c.clone()),
            _ => None,
        }
    }

    /// `version` is dead (its function or class changed): drops its entry.
    pub fn forget(&mut self, version: u32) {
        let slot = &mut self.slots[version as usize % CALLEE_CACHE_SIZE];
        if matches!(slot, Some((v, _)) if *v == version) {
            *slot = None;
        }
    }
}

impl Tier2 {
    /// Tier 2 with `opts`, compiling executors with `backend`.
    pub fn new(opts: Tier2Options, backend: Box<dyn Backend>) -> Tier2 {
        Tier2 {
            opts,
            backend,
            upgrade: None,
            ids: Default::default(),
            stats: Tier2Stats { uop_counts: vec![0; Uop::ALL.len()], ..Default::default() },
            live: Vec::new(),
            prune_at: 64,
            next_id: 0,
            recorder: None,
            pending: Vec::new(),
            callees: CalleeCache::default(),
        }
    }
}

impl Tier2 {
    /// Compiles `ex` (which starts in `code`) with the backend and counts what it cost.
    /// `false` when compilation failed: the executor is then not installed (counted in
    /// `compile_failures`; with `--dump uops` the reason is printed).
    pub fn compile(&mut self, ex: &Rc<Executor>, code: &Code) -> bool {
        self.compile_by(ex, code, false)
    }

    /// `--engine tiered`: recompiles a hot executor with the upgrade backend and swaps its
    /// code in (:tier-swap:); a failure is counted and the old code stays.
    pub fn recompile(&mut self, ex: &Rc<Executor>, code: &Code) -> bool {
        self.compile_by(ex, code, true)
    }

    fn compile_by(&mut self, ex: &Rc<Executor>, code: &Code, upgrade: bool) -> bool {
        let start = ex.uops.first().map_or(0, |u| u.target as usize);
        let req = backend::CompileRequest {
            executor: ex,
            code_name: &code.name,
            line: code.co.line_for(start),
            ids: &self.ids,
        };
        let backend = match (upgrade, self.upgrade.as_deref_mut()) {
            (true, Some(b)) => b,
            (true, None) => return false,
            (false, _) => &mut *self.backend,
        };
        let name = backend.name();
        let started = backend.start(&req);
        match started {
            Ok(Started::Done(None)) => true,
            Ok(Started::Done(Some(c))) => {
                self.count_compiled(ex, &c);
                if upgrade {
                    self.stats.bump(Counter::executor_recompiled);
                    ex.replace_machine_code(Rc::from(c.code));
                } else {
                    *ex.machine.borrow_mut() = Some(Rc::from(c.code));
                }
                self.note_code_memory();
                true
            }
            Ok(Started::Pending) => {
                // It runs in the uop interpreter (or, to be upgraded, in its first tier's code)
                // until its code comes (:background-compile:).
                self.pending.push((ex.id, Rc::downgrade(ex), upgrade));
                self.cancel_unwanted();
                true
            }
            Err(why) => {
                self.stats.bump(Counter::compile_failures);
                if self.opts.dump {
                    eprintln!("tracelift: {} could not compile executor x{} of {}: {why}", name, ex.id, code.name);
                }
                false
            }
        }
    }

    /// Counts what compiling `ex` into `c` cost and made.
    fn count_compiled(&mut self, ex: &Executor, c: &backend::Compiled) {
        let n = ex.uops.len().max(1) as u64;
        let ns = c.time.as_nanos() as u64;
        let bytes = c.code.size() as u64;
        let s = &mut self.stats;
        s.bump(Counter::compile_executors);
        s.counters[Counter::compile_time_ns] += ns;
        s.counters[Counter::compile_code_bytes] += bytes;
        s.counters[Counter::compile_stores_saved] += c.stores_saved;
        s.counters[Counter::compile_floats_unboxed] += c.floats_unboxed;
        s.counters[Counter::compile_locals_unboxed] += c.locals_unboxed;
        s.hists[Histo::compile_ns].add(ns);
        s.hists[Histo::compile_ns_per_uop].add(ns / n);
        s.hists[Histo::compile_code_bytes_per_uop].add(bytes / n);
    }

    /// :background-compile: gives the executors whose code the compile thread finished their
    /// machine code (swapped in as tiering does, :tier-swap:, since the uop interpreter may be
    /// running them further up the stack). Code for an executor that died or was invalidated
    /// meanwhile is dropped; a failed compilation leaves its executor in the interpreter.
    /// Called where the host enters an executor, while some compilation is pending: one poll
    /// of the backend, and nothing more unless something finished.
    pub fn install_finished(&mut self) {
        let mut finished: Vec<_> = self.backend.finished().into_iter().map(|f| (f, false)).collect();
        if let Some(u) = self.upgrade.as_deref_mut() {
            finished.extend(u.finished().into_iter().map(|f| (f, true)));
        }
        if finished.is_empty() {
            return;
        }
        for ((id, r), upgrade) in finished {
            let Some(at) = self.pending.iter().position(|(i, _, u)| *i == id && *u == upgrade) else { continue };
            let (_, ex, _) = self.pending.swap_remove(at);
            match (r, ex.upgrade()) {
                (Ok(c), Some(ex)) if ex.is_valid() => {
                    self.count_compiled(&ex, &c);
                    self.stats.bump(Counter::compile_background);
                    if upgrade {
                        self.stats.bump(Counter::executor_recompiled);
                    }
                    ex.replace_machine_code(Rc::from(c.code));
                }
                (Ok(_), _) => self.stats.bump(Counter::compile_discarded),
                (Err(why), _) => {
                    self.stats.bump(Counter::compile_failures);
                    if self.opts.dump {
                        let name = if upgrade {
                            self.upgrade.as_deref().map_or("", |u| u.name())
                        } else {
                            self.backend.name()
                        };
                        eprintln!("tracelift: {name} could not compile executor x{id}: {why}");
                    }
                }
            }
        }
        self.note_code_memory();
    }

    /// Cancels the pending compilations whose executors died or were invalidated, so that the
    /// compile thread does not spend itself on them (a program that invalidates executors as
    /// fast as it forms them would otherwise keep it busy with dead ones). Run when a new job
    /// is handed over, not at every poll: executor entries are a hot path.
    fn cancel_unwanted(&mut self) {
        let (backend, upgrade, stats) = (&mut self.backend, &mut self.upgrade, &mut self.stats);
        self.pending.retain(|(id, ex, up)| {
            let wanted = ex.upgrade().is_some_and(|ex| ex.is_valid());
            if !wanted {
                match (up, upgrade.as_deref_mut()) {
                    (true, Some(u)) => u.cancel(*id),
                    _ => backend.cancel(*id),
                }
                stats.bump(Counter::compile_discarded);
            }
            wanted
        });
    }

    /// Copies the backend's code-memory figures into the counters.
    pub fn note_code_memory(&mut self) {
        let (mut in_use, mut peak) = self.backend.code_memory();
        if let Some(u) = &self.upgrade {
            // Both memories' peaks may not coincide: their sum bounds the peak.
            let (i, p) = u.code_memory();
            in_use += i;
            peak += p;
        }
        self.stats.counters[Counter::compile_memory_in_use] = in_use;
        self.stats.counters[Counter::compile_memory_peak] = peak;
    }

    /// Adds `ex` to [`Tier2::live`]. Executors also die without being invalidated (an exit
    /// forms a new one over an old one, their code dies), so whenever the list has doubled
    /// since the last pruning its dead entries are dropped: amortized O(1), and the list stays
    /// within twice the number of executors alive.
    pub fn track(&mut self, ex: &Rc<Executor>) {
        if self.live.len() >= self.prune_at {
            self.live.retain(|w| w.strong_count() > 0);
            self.prune_at = (self.live.len() * 2).max(64);
        }
        self.live.push(Rc::downgrade(ex));
    }
}

/// The watcher hook: runs `invalidate` on the thread's VM.
fn on_change(key: u64) {
    crate::with_vm(|vm| vm.invalidate(key));
}

impl Vm {
    /// Turns tier 2 on (before any code is loaded), compiling executors with `backend`
    /// ([`backend::Interpreter`] for the uop interpreter).
    pub fn enable_tier2(&mut self, opts: Tier2Options, backend: Box<dyn Backend>) {
        self.enable_tiered(opts, backend, None);
    }

    /// [`Vm::enable_tier2`], with an upgrade backend that recompiles executors whose code was
    /// entered `opts.recompile_threshold` times (`--engine tiered`).
    pub fn enable_tiered(&mut self, opts: Tier2Options, backend: Box<dyn Backend>, upgrade: Option<Box<dyn Backend>>) {
        let mut t2 = Tier2::new(opts, backend);
        t2.upgrade = upgrade;
        self.tier2 = Some(Box::new(t2));
        tracelift_runtime::watch::set_hook(Some(on_change));
        if let Some(b) = self.builtins.as_dict() {
            b.watch();
        }
    }

    /// Sets every `JUMP_BACKWARD` counter of a freshly loaded code object, and its entry
    /// counter if it is a plain function (not a generator, no cells before its `RESUME`).
    pub(crate) fn arm_backedges(&self, code: &Code) {
        let Some(t2) = self.tier2.as_deref() else { return };
        let init = t2.opts.backedge_counter();
        if t2.opts.entry_traces && is_entry_traceable(code) {
            code.entry_counter.set(init);
        }
        let mut i = 0;
        while i < code.instrs.len() {
            let Some(op) = Opcode::from_u8(code.instrs[i].get() as u8) else { break };
            if op == Opcode::JUMP_BACKWARD {
                code.instrs[i + 1].set(init);
            }
            i += 1 + op.cache_size();
        }
    }

    /// Invalidates every executor that may depend on `key` (CPython's
    /// `_Py_Executors_InvalidateDependency`): marks it invalid and unlinks it. It is freed when
    /// the last reference goes (a running executor is kept alive by its interpreter).
    pub fn invalidate(&mut self, key: u64) {
        let Some(t2) = self.tier2.as_deref_mut() else { return };
        if let Some(v) = tracelift_runtime::watch::version_of(key) {
            t2.callees.forget(v);
        }
        let mut hit = Vec::new();
        t2.live.retain(|w| match w.upgrade() {
            Some(ex) => {
                if ex.is_valid() && ex.bloom.may_contain(key) {
                    hit.push(ex);
                }
                true
            }
            None => false,
        });
        for ex in hit {
            t2.stats.bump(Counter::executor_invalidated);
            unlink(&ex);
        }
    }
}

/// Can a trace start at this code's entry (CPython 3.15: `RESUME` is a hotness point)? A
/// function (not module or class code) whose first instruction is `RESUME 0` and that is not
/// a generator.
pub(crate) fn is_entry_traceable(code: &Code) -> bool {
    use tracelift_compiler::code::flags as co;
    let f = code.co.flags;
    f & co::OPTIMIZED != 0
        && f & co::NEWLOCALS != 0
        && f & co::GENERATOR == 0
        && code.instrs.len() > 1
        && code.instrs[0].get() == Opcode::RESUME as u32
}

/// Marks `ex` invalid and puts its `JUMP_BACKWARD` (or `RESUME`) back (with a backed-off
/// counter).
fn unlink(ex: &Rc<Executor>) {
    ex.head.invalidate();
    ex.clear_incoming();
    let Some(at) = ex.installed_at.take() else { return };
    let Some(code) = ex.code.upgrade() else { return };
    let at = at as usize;
    let unit = code.instrs[at].get();
    if unit & 0xff == Opcode::ENTER_EXECUTOR as u32 {
        let idx = (unit >> 8) as usize;
        if ex.entry {
            code.instrs[at].set(Opcode::RESUME as u32);
            code.entry_counter.set(counter::after_failure(counter::make(0, 6)));
        } else {
            code.instrs[at].set(Opcode::JUMP_BACKWARD as u32 | (ex.jump_oparg << 8));
            code.instrs[at + 1].set(counter::after_failure(counter::make(0, 6)));
        }
        if let Some(slot) = code.executors.borrow_mut().get_mut(idx) {
            *slot = None;
        }
    }
}
