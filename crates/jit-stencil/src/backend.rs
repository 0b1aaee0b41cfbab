//! The copy-and-patch backend (`--engine stencil`, DESIGN.md §2.5, `docs/stencils.md`).
//!
//! Compiling an executor is: lay out its code (the prelude, one stencil per uop in trace
//! order, the error stub right after the last uop, then one exit or deopt stub per uop that
//! can leave), take that much memory from the shared code memory, copy each stencil, patch
//! its holes, and finalize: with dual-mapped memory (the default, :dual-map:) the bytes went
//! in through a read-write view of pages that run read-execute, so nothing is flipped; with
//! `TRACELIFT_STENCIL_MEMORY=flip` the pages are flipped to read-execute. There is no
//! per-uop Rust code here: what each
//! uop does is its stencil, built from its body by `build.rs`. The code obeys the exit
//! protocol (`docs/exit-protocol.md`) as Cranelift's does: it returns a `leave` code, and a
//! linked side exit transfers straight to the next executor's code (:exit-link:).

use std::collections::HashMap;
use std::time::Instant;

use std::rc::Rc;
use tracelift_jit::{CodeMemory, CodeMemoryOptions, PerfMap, Region, disasm, perf_map_name, symbols};

use tracelift_uops::Uop;
use tracelift_uops::abi::{Ctx, leave};
use tracelift_uops::trace::frame_codes;
use tracelift_uops::uop::flags;
use tracelift_vm::tier2::Executor;
use tracelift_vm::tier2::backend::{Backend, CompileRequest, Compiled, MachineCode};

use crate::{DEOPT, ERROR, EXIT, HoleKind, PRELUDE, STENCILS, Stencil, stencil};

/// What the backend prints and writes as it compiles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Write `perf-PID.map` (`--perf-map`).
    pub perf_map: bool,
    /// Print each executor's machine code (`--dump asm`), each uop's stencil marked.
    pub dump_asm: bool,
    /// For tests of the failure path: every `n`th compilation fails as an unpatchable hole
    /// would (`TRACELIFT_STENCIL_FAIL_EVERY=n`; 0, the default, never).
    pub fail_every: u64,
    /// How code memory keeps W^X (`TRACELIFT_STENCIL_MEMORY`).
    pub memory: MemoryMode,
}

/// Whether the code memory is dual-mapped: as `opts.memory` says where the platform can,
/// except with the perf map on. perf names JIT code from the map only in anonymous memory; a
/// sample in a memory file's mapping (the dual map's `/memfd:tracelift-code`) it takes for
/// that file's, and finds no symbols. So `--perf-map` maps the code the flip way.
fn dual_memory(opts: &Options) -> bool {
    opts.memory == MemoryMode::Dual && CodeMemoryOptions::dual_supported() && !opts.perf_map
}

/// How the stencil backend's code memory keeps W^X (decision 87, `docs/code-memory.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemoryMode {
    /// Two views of the same memory, read-execute and read-write (:dual-map:): compiling
    /// makes no system call. The default where the platform has it (Linux).
    #[default]
    Dual,
    /// One mapping per chunk, written read-write and flipped to read-execute by `mprotect`
    /// when the executor is compiled (and back when it is freed), as CPython's JIT does.
    Flip,
}

impl MemoryMode {
    /// `dual` or `flip`.
    pub fn parse(s: &str) -> Result<MemoryMode, String> {
        match s {
            "dual" => Ok(MemoryMode::Dual),
            "flip" => Ok(MemoryMode::Flip),
            _ => Err(format!("'{s}' is not a code memory mode (dual, flip)")),
        }
    }
}

/// The stencil backend.
pub struct Stencils {
    opts: Options,
    /// Compilations so far (for `fail_every`).
    compiled: u64,
    memory: CodeMemory,
    perf: Option<PerfMap>,
    /// Every uop's stencil made ready for this process, by uop number (`None`: no stencil).
    uops: Vec<Option<Ready>>,
    prelude: Ready,
    error: Ready,
    exit: Ready,
    deopt: Ready,
    /// The layout of the executor being compiled (kept for its vector).
    scratch: Layout,
}

/// A stencil made ready for this process by [`Stencils::new`]: its code with the absolute
/// addresses of runtime symbols already in place (they are the same in every executor), and
/// the holes left for each copy. A compilation copies `code` and patches `holes`, with no
/// symbol looked up by name.
struct Ready {
    name: &'static str,
    code: Box<[u8]>,
    holes: Box<[Patch]>,
    /// It has a `Deopt` hole: the uop can leave, so it gets an exit or deopt stub.
    leaves: bool,
}

/// One hole left to patch per copy, in 16 bytes (a compilation reads every patch of every
/// stencil it copies, mostly from cold cache lines, so they are kept small).
#[derive(Clone, Copy)]
struct Patch {
    /// Byte offset in the stencil's code.
    offset: u32,
    fill: Fill,
    /// 4 or 8 bytes.
    width: u8,
    /// The hole's addend; for [`Fill::Symbol`], the symbol's address plus the addend.
    addend: i64,
}

/// What a [`Patch`] is filled with: [`HoleKind`] without the symbols patched once in
/// [`Ready::new`], and with a symbol's rel32 reduced to its address.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    Oparg,
    Operand,
    Target,
    Executor,
    ExitCell,
    Resume,
    Continue,
    JumpTarget,
    Deopt,
    Error,
    /// PC-relative to the address in `addend`.
    Symbol,
}

impl Ready {
    /// `s` with its absolute symbol holes patched from `symbols`; an error names the stencil
    /// and the symbol when one is unknown or does not fit its hole.
    fn new(s: &'static Stencil, symbols: &HashMap<&'static str, usize>) -> Result<Ready, String> {
        let mut code = s.code.to_vec().into_boxed_slice();
        let mut holes = Vec::with_capacity(s.holes.len());
        let sym = |name: &str| symbols.get(name).copied().ok_or_else(|| format!("{}: unknown symbol {name}", s.name));
        for h in s.holes {
            let (fill, addend) = match h.kind {
                HoleKind::Oparg => (Fill::Oparg, h.addend),
                HoleKind::Operand => (Fill::Operand, h.addend),
                HoleKind::Target => (Fill::Target, h.addend),
                HoleKind::Executor => (Fill::Executor, h.addend),
                HoleKind::ExitCell => (Fill::ExitCell, h.addend),
                HoleKind::Resume => (Fill::Resume, h.addend),
                HoleKind::Continue => (Fill::Continue, h.addend),
                HoleKind::JumpTarget => (Fill::JumpTarget, h.addend),
                HoleKind::Deopt => (Fill::Deopt, h.addend),
                HoleKind::Error => (Fill::Error, h.addend),
                HoleKind::Rel32(name) => (Fill::Symbol, (sym(name)? as i64).wrapping_add(h.addend)),
                HoleKind::Abs32(name) | HoleKind::Abs64(name) => {
                    let value = (sym(name)? as u64).wrapping_add(h.addend as u64);
                    write_hole(&mut code, h.offset as usize, h.width, value, false)
                        .map_err(|e| format!("{}: {e}", s.name))?;
                    continue;
                }
            };
            holes.push(Patch { offset: h.offset, fill, width: h.width, addend });
        }
        let leaves = s.holes.iter().any(|h| h.kind == HoleKind::Deopt);
        Ok(Ready { name: s.name, code, holes: holes.into_boxed_slice(), leaves })
    }
}

/// Writes `value` into the `width`-byte hole at `place`. A 32-bit hole that is not
/// PC-relative must hold the value whole.
fn write_hole(buf: &mut [u8], place: usize, width: u8, value: u64, pcrel: bool) -> Result<(), String> {
    if width == 4 {
        if !pcrel && value > u32::MAX as u64 {
            return Err(format!("{value:#x} does not fit its 32-bit hole"));
        }
        buf[place..place + 4].copy_from_slice(&(value as u32).to_le_bytes());
    } else {
        buf[place..place + 8].copy_from_slice(&value.to_le_bytes());
    }
    Ok(())
}

/// One executor's code: the region that owns its pages, and where it starts.
struct Code {
    _region: Region,
    entry: *const u8,
    size: usize,
}

impl MachineCode for Code {
    unsafe fn enter(&self, cx: *mut Ctx) -> u64 {
        // SAFETY: `entry` is the finalized prelude of this live region, an
        // `extern "C" fn(&mut Ctx) -> u64` like every stencil; the caller's contract covers
        // `cx`.
        unsafe {
            let f: unsafe extern "C" fn(*mut Ctx) -> u64 = std::mem::transmute(self.entry);
            f(cx)
        }
    }

    fn entry(&self) -> *const u8 {
        self.entry
    }

    fn size(&self) -> usize {
        self.size
    }

    fn backend(&self) -> &'static str {
        "stencil"
    }
}

impl Stencils {
    /// A backend for this machine, or why there cannot be one.
    pub fn new(opts: Options) -> Result<Stencils, String> {
        if STENCILS.is_empty() || PRELUDE.code.is_empty() {
            let host = std::env::consts::ARCH;
            return Err(format!("the stencil backend does not support this target ({host})"));
        }
        // :seq-layout: stencils read lists and tuples at offsets the runtime learns.
        if !tracelift_vm::tier1rt::learn_layouts() {
            return Err(
                "the stencil backend cannot read this build's lists and tuples (their layout was not learned)".into()
            );
        }
        let mut symbols: HashMap<&'static str, usize> =
            tracelift_vm::tier1rt::rt_symbol_addresses().into_iter().map(|(n, a)| (n, a as usize)).collect();
        symbols.insert("tl_exec_enter_frame", tracelift_vm::tier2::backend::tl_exec_enter_frame as *const () as usize);
        symbols.insert("tl_exec_push_plain", tracelift_vm::tier2::backend::tl_exec_push_plain as *const () as usize);
        symbols.insert("tl_exec_leave_frame", tracelift_vm::tier2::backend::tl_exec_leave_frame as *const () as usize);
        symbols.insert(
            "tl_exec_return_to_caller",
            tracelift_vm::tier2::backend::tl_exec_return_to_caller as *const () as usize,
        );
        let ready = |s: &'static Stencil| Ready::new(s, &symbols);
        let mut uops: Vec<Option<Ready>> = Uop::ALL.iter().map(|_| None).collect();
        for &u in Uop::ALL {
            let slot = uops.get_mut(u as usize).ok_or("the uop table is not numbered densely")?;
            *slot = stencil(u).map(ready).transpose()?;
        }
        let perf = PerfMap::open_if(opts.perf_map);
        let dual = dual_memory(&opts);
        let memory = CodeMemory::with_options(CodeMemoryOptions { dual, ..CodeMemoryOptions::default() });
        // Not fatal: without the reserve, the first compilations map their own pages.
        let _ = memory.reserve();
        Ok(Stencils {
            opts,
            compiled: 0,
            memory,
            perf,
            uops,
            prelude: ready(&PRELUDE)?,
            error: ready(&ERROR)?,
            exit: ready(&EXIT)?,
            deopt: ready(&DEOPT)?,
            scratch: Layout::default(),
        })
    }
}

/// How a uop leaves when its body says `Step::Deopt`: its side exit (with the exit's `jit`
/// cell, for linking) or a deopt to tier 1. The `bool` says which (true: a side exit).
fn leave_stub(ex: &Executor, i: usize) -> (bool, u64, u64) {
    let u = &ex.uops[i];
    match ex.exits.get(u.exit as usize) {
        Some(e) if u.uop.flags() & flags::EXIT != 0 => {
            (true, leave::encode(leave::EXIT, u.exit, e.target), &e.jit as *const _ as u64)
        }
        _ => (false, leave::encode(leave::DEOPT, 0, u.target), 0),
    }
}

/// Where each piece of an executor's code goes (offsets from its start). The backend keeps
/// one and reuses its vector, so laying out an executor allocates nothing.
#[derive(Default)]
struct Layout {
    /// Per uop: the start of its stencil, and of its exit or deopt stub (`NO_STUB` when it
    /// cannot leave).
    at: Vec<(u32, u32)>,
    /// The error stub (right after the last uop: a trace that runs off its end fails).
    error: usize,
    size: usize,
}

const NO_STUB: u32 = u32::MAX;

impl Stencils {
    /// The ready stencil of `uop`.
    fn ready(&self, uop: Uop) -> Result<&Ready, String> {
        self.uops.get(uop as usize).and_then(Option::as_ref).ok_or_else(|| format!("no stencil for {}", uop.name()))
    }

    /// The exit or deopt stub of uop `i`, with its leave code and exit cell.
    fn stub(&self, ex: &Executor, i: usize) -> (&Ready, u64, u64) {
        let (exit, code, cell) = leave_stub(ex, i);
        (if exit { &self.exit } else { &self.deopt }, code, cell)
    }

    /// Lays `ex` out into `l`: the prelude, the uops' stencils, the error stub, the stubs.
    fn layout(&self, ex: &Executor, l: &mut Layout) -> Result<(), String> {
        l.at.clear();
        let mut at = self.prelude.code.len();
        for u in &ex.uops {
            l.at.push((at as u32, NO_STUB));
            at += self.ready(u.uop)?.code.len();
        }
        l.error = at;
        at += self.error.code.len();
        for (i, u) in ex.uops.iter().enumerate() {
            if self.ready(u.uop)?.leaves {
                l.at[i].1 = at as u32;
                at += self.stub(ex, i).0.code.len();
            }
        }
        l.size = at;
        if at >= NO_STUB as usize {
            return Err(format!("an executor of {at} bytes"));
        }
        Ok(())
    }
}

/// The values one stencil's holes take.
struct Values {
    oparg: u64,
    operand: u64,
    target: u64,
    executor: u64,
    exit_cell: u64,
    /// `_PUSH_FRAME`: where the caller resumes, or 0.
    resume: u64,
    /// Absolute addresses of the transfers.
    next: usize,
    top: usize,
    deopt: usize,
    error: usize,
}

/// Copies `s` to `base + at` in `buf` and patches its holes with `v`.
fn emit(buf: &mut [u8], base: usize, at: usize, s: &Ready, v: &Values) -> Result<(), String> {
    buf[at..at + s.code.len()].copy_from_slice(&s.code);
    for p in &s.holes {
        let place = at + p.offset as usize;
        let to = match p.fill {
            Fill::Oparg => v.oparg,
            Fill::Operand => v.operand,
            Fill::Target => v.target,
            Fill::Executor => v.executor,
            Fill::ExitCell => v.exit_cell,
            Fill::Resume => v.resume,
            Fill::Continue => v.next as u64,
            Fill::JumpTarget => v.top as u64,
            Fill::Deopt => v.deopt as u64,
            Fill::Error => v.error as u64,
            Fill::Symbol => 0,
        };
        let value = to.wrapping_add(p.addend as u64);
        let pcrel = matches!(p.fill, Fill::Continue | Fill::JumpTarget | Fill::Deopt | Fill::Error | Fill::Symbol);
        let value = if pcrel {
            let d = (value as i64).wrapping_sub((base + place) as i64);
            i32::try_from(d).map_err(|_| format!("{}: a rel32 out of reach", s.name))? as u32 as u64
        } else {
            value
        };
        write_hole(buf, place, p.width, value, pcrel).map_err(|e| format!("{}: {e}", s.name))?;
    }
    Ok(())
}

impl Stencils {
    /// `--dump asm`: the executor's final code, each piece labeled, addresses named.
    fn dump(&self, req: &CompileRequest, p: *const u8, l: &Layout) {
        let ex = req.executor;
        let mut labels = vec![(0, "PRELUDE".to_string())];
        labels.extend(ex.uops.iter().zip(&l.at).map(|(u, at)| (at.0 as usize, u.uop.name().to_string())));
        labels.push((l.error, "ERROR".into()));
        for (i, &(_, stub)) in l.at.iter().enumerate() {
            if stub != NO_STUB {
                let kind = if leave_stub(ex, i).0 { "EXIT" } else { "DEOPT" };
                labels.push((stub as usize, format!("{kind} of uop {i} ({})", ex.uops[i].uop.name())));
            }
        }
        // SAFETY: `p .. p + l.size` is the finalized, readable code of a live region.
        let bytes = unsafe { std::slice::from_raw_parts(p, l.size) };
        let listing = disasm::disassemble_labeled(p, bytes, &labels).unwrap_or_default();
        let names = symbols::address_names(ex, req.ids);
        eprintln!(
            "# executor e{} ({}:{}) machine code ({} bytes)\n{}",
            ex.id,
            req.code_name,
            req.line,
            l.size,
            symbols::symbolize(&listing, &names)
        );
    }
}

impl Backend for Stencils {
    fn name(&self) -> &'static str {
        "stencil"
    }

    fn compile(&mut self, req: &CompileRequest) -> Result<Option<Compiled>, String> {
        let t0 = Instant::now();
        self.compiled += 1;
        if self.opts.fail_every > 0 && self.compiled.is_multiple_of(self.opts.fail_every) {
            return Err("injected failure (TRACELIFT_STENCIL_FAIL_EVERY)".into());
        }
        let mut l = std::mem::take(&mut self.scratch);
        let done = self.lay_down(req, &mut l, t0);
        self.scratch = l;
        done
    }

    fn code_memory(&self) -> (u64, u64) {
        let s = self.memory.stats();
        (s.bytes_in_use as u64, s.peak_bytes_in_use as u64)
    }
}

impl Stencils {
    /// The body of [`Backend::compile`] (which started at `t0`), with the layout to fill.
    fn lay_down(&mut self, req: &CompileRequest, l: &mut Layout, t0: Instant) -> Result<Option<Compiled>, String> {
        let ex = req.executor;
        self.layout(ex, l)?;
        let mut region = self.memory.region();
        let mem = region.alloc_code_dual(l.size, 16).map_err(|e| format!("code memory: {e}"))?;
        // Holes are patched relative to where the code runs; the bytes go in through `write`
        // (the same address unless the memory is dual-mapped).
        let (p, base) = (mem.exec, mem.exec as usize);
        // SAFETY: `mem.write` is `l.size` writable bytes of this region, not finalized yet.
        let buf = unsafe { std::slice::from_raw_parts_mut(mem.write, l.size) };
        let first = ex.uops.first().map_or(0, |u| u.target as u64);
        let at = |off: usize| base + off;
        let top = at(self.prelude.code.len());
        let mut v = Values {
            oparg: 0,
            operand: 0,
            target: first,
            executor: &*ex.head as *const _ as u64,
            exit_cell: 0,
            resume: 0,
            next: top,
            top,
            deopt: 0,
            error: at(l.error),
        };
        emit(buf, base, 0, &self.prelude, &v)?;
        let codes = frame_codes(&ex.uops, ex.code.upgrade().map_or(0, |c| Rc::as_ptr(&c) as u64));
        for (i, u) in ex.uops.iter().enumerate() {
            let (start, stub) = l.at[i];
            v.oparg = u.oparg as u64;
            v.operand = u.operand;
            v.target = u.target as u64;
            // :inline-frame: where a plain call's caller resumes, read off the call now
            // rather than by the host at each push; 0 for any other frame push.
            v.resume = if u.uop == Uop::_PUSH_FRAME { ex.plain_call(codes[i], u).map_or(0, |(_, r, _)| r) } else { 0 };
            v.next = l.at.get(i + 1).map_or(at(l.error), |o| at(o.0 as usize));
            v.deopt = if stub == NO_STUB { at(l.error) } else { at(stub as usize) };
            emit(buf, base, start as usize, self.ready(u.uop)?, &v)?;
        }
        emit(buf, base, l.error, &self.error, &v)?;
        for (i, &(_, stub)) in l.at.iter().enumerate() {
            if stub != NO_STUB {
                let (s, code, cell) = self.stub(ex, i);
                v.operand = code;
                v.exit_cell = cell;
                emit(buf, base, stub as usize, s, &v)?;
            }
        }
        region.finalize().map_err(|e| format!("code memory: {e}"))?;
        if self.opts.dump_asm {
            self.dump(req, p, l);
        }
        if let Some(perf) = &self.perf {
            perf.add(base, l.size, &perf_map_name(req.code_name, req.line, ex.id));
        }
        let code = Code { _region: region, entry: p, size: l.size };
        Ok(Some(Compiled {
            code: Box::new(code),
            stores_saved: 0,
            floats_unboxed: 0,
            locals_unboxed: 0,
            time: t0.elapsed(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_perf_map_gets_code_that_perf_can_name() {
        let dual = Options { memory: MemoryMode::Dual, ..Options::default() };
        assert_eq!(dual_memory(&dual), CodeMemoryOptions::dual_supported());
        assert!(!dual_memory(&Options { perf_map: true, ..dual }));
        assert!(!dual_memory(&Options { memory: MemoryMode::Flip, ..dual }));
    }
}
