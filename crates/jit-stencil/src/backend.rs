//! The copy-and-patch backend (`--engine stencil`, DESIGN.md §2.5, `docs/stencils.md`).
//!
//! Compiling an executor is: lay out its code (the prelude, one stencil per uop in trace
//! order, the error stub right after the last uop, then one exit or deopt stub per uop that
//! can leave), take that much memory from the shared code memory, copy each stencil, patch
//! its holes, flip the pages to read-execute. There is no per-uop Rust code here: what each
//! uop does is its stencil, built from its body by `build.rs`. The code obeys the exit
//! protocol (`docs/exit-protocol.md`) as Cranelift's does: it returns a `leave` code, and a
//! linked side exit transfers straight to the next executor's code (:exit-link:).

use std::collections::HashMap;
use std::time::Instant;

use tracelift_jit::{CodeMemory, PerfMap, Region, disasm, perf_map_name, symbols};
use tracelift_uops::abi::{Ctx, leave};
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
}

/// The stencil backend.
pub struct Stencils {
    opts: Options,
    /// Compilations so far (for `fail_every`).
    compiled: u64,
    memory: CodeMemory,
    perf: Option<PerfMap>,
    /// The runtime symbols stencils refer to, by name.
    symbols: HashMap<&'static str, usize>,
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
        let mut symbols: HashMap<&'static str, usize> =
            tracelift_vm::tier1rt::rt_symbol_addresses().into_iter().map(|(n, a)| (n, a as usize)).collect();
        symbols.insert("tl_exec_enter_frame", tracelift_vm::tier2::backend::tl_exec_enter_frame as *const () as usize);
        symbols.insert("tl_exec_leave_frame", tracelift_vm::tier2::backend::tl_exec_leave_frame as *const () as usize);
        symbols.insert(
            "tl_exec_return_to_caller",
            tracelift_vm::tier2::backend::tl_exec_return_to_caller as *const () as usize,
        );
        let perf = PerfMap::open_if(opts.perf_map);
        Ok(Stencils { opts, compiled: 0, memory: CodeMemory::new(), perf, symbols })
    }
}

/// How a uop leaves when its body says `Step::Deopt`: its side exit (with the exit's `jit`
/// cell, for linking) or a deopt to tier 1.
fn leave_stub(ex: &Executor, i: usize) -> (&'static Stencil, u64, u64) {
    let u = &ex.uops[i];
    match ex.exits.get(u.exit as usize) {
        Some(e) if u.uop.flags() & flags::EXIT != 0 => {
            (&EXIT, leave::encode(leave::EXIT, u.exit, e.target), &e.jit as *const _ as u64)
        }
        _ => (&DEOPT, leave::encode(leave::DEOPT, 0, u.target), 0),
    }
}

/// Where each piece of an executor's code goes (offsets from its start).
struct Layout {
    /// Start of each uop's stencil.
    uops: Vec<usize>,
    /// The error stub (right after the last uop: a trace that runs off its end fails).
    error: usize,
    /// Start of each uop's exit or deopt stub, if it can leave.
    stubs: Vec<Option<usize>>,
    size: usize,
}

fn layout(ex: &Executor, stencils: &[&'static Stencil]) -> Layout {
    let mut at = PRELUDE.code.len();
    let mut uops = Vec::with_capacity(stencils.len());
    for s in stencils {
        uops.push(at);
        at += s.code.len();
    }
    let error = at;
    at += ERROR.code.len();
    let mut stubs = Vec::with_capacity(stencils.len());
    for (i, s) in stencils.iter().enumerate() {
        if s.holes.iter().any(|h| h.kind == HoleKind::Deopt) {
            stubs.push(Some(at));
            at += leave_stub(ex, i).0.code.len();
        } else {
            stubs.push(None);
        }
    }
    Layout { uops, error, stubs, size: at }
}

/// The values one stencil's holes take.
struct Values {
    oparg: u64,
    operand: u64,
    target: u64,
    executor: u64,
    exit_cell: u64,
    /// Absolute addresses of the transfers.
    next: usize,
    top: usize,
    deopt: usize,
    error: usize,
}

impl Stencils {
    /// Copies `s` to `base + at` in `buf` and patches its holes with `v`.
    fn emit(&self, buf: &mut [u8], base: usize, at: usize, s: &Stencil, v: &Values) -> Result<(), String> {
        buf[at..at + s.code.len()].copy_from_slice(s.code);
        for h in s.holes {
            let place = at + h.offset as usize;
            let pc = base + place;
            let abs = |a: u64| a.wrapping_add(h.addend as u64);
            let rel = |to: usize| -> Result<u64, String> {
                let d = (to as i64).wrapping_add(h.addend).wrapping_sub(pc as i64);
                i32::try_from(d).map(|d| d as u32 as u64).map_err(|_| format!("{}: a rel32 out of reach", s.name))
            };
            let sym = |name: &str| {
                self.symbols.get(name).copied().ok_or_else(|| format!("{}: unknown symbol {name}", s.name))
            };
            let value = match h.kind {
                HoleKind::Oparg => abs(v.oparg),
                HoleKind::Operand => abs(v.operand),
                HoleKind::Target => abs(v.target),
                HoleKind::Executor => abs(v.executor),
                HoleKind::ExitCell => abs(v.exit_cell),
                HoleKind::Continue => rel(v.next)?,
                HoleKind::JumpTarget => rel(v.top)?,
                HoleKind::Deopt => rel(v.deopt)?,
                HoleKind::Error => rel(v.error)?,
                HoleKind::Rel32(name) => rel(sym(name)?)?,
                HoleKind::Abs32(name) | HoleKind::Abs64(name) => abs(sym(name)? as u64),
            };
            match h.width {
                4 => {
                    let pcrel = matches!(
                        h.kind,
                        HoleKind::Continue
                            | HoleKind::JumpTarget
                            | HoleKind::Deopt
                            | HoleKind::Error
                            | HoleKind::Rel32(_)
                    );
                    if !pcrel && value > u32::MAX as u64 {
                        return Err(format!("{}: {:?} does not fit its 32-bit hole", s.name, h.kind));
                    }
                    buf[place..place + 4].copy_from_slice(&(value as u32).to_le_bytes());
                }
                _ => buf[place..place + 8].copy_from_slice(&value.to_le_bytes()),
            }
        }
        Ok(())
    }
}

impl Stencils {
    /// `--dump asm`: the executor's final code, each piece labeled, addresses named.
    fn dump(&self, req: &CompileRequest, p: *const u8, l: &Layout) {
        let ex = req.executor;
        let mut labels = vec![(0, "PRELUDE".to_string())];
        labels.extend(ex.uops.iter().zip(&l.uops).map(|(u, at)| (*at, u.uop.name().to_string())));
        labels.push((l.error, "ERROR".into()));
        for (i, at) in l.stubs.iter().enumerate() {
            if let Some(at) = at {
                let kind = if std::ptr::eq(leave_stub(ex, i).0, &EXIT) { "EXIT" } else { "DEOPT" };
                labels.push((*at, format!("{kind} of uop {i} ({})", ex.uops[i].uop.name())));
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
        let ex = req.executor;
        self.compiled += 1;
        if self.opts.fail_every > 0 && self.compiled.is_multiple_of(self.opts.fail_every) {
            return Err("injected failure (TRACELIFT_STENCIL_FAIL_EVERY)".into());
        }
        let stencils: Vec<&'static Stencil> = ex
            .uops
            .iter()
            .map(|u| stencil(u.uop).ok_or_else(|| format!("no stencil for {}", u.uop.name())))
            .collect::<Result<_, _>>()?;
        let l = layout(ex, &stencils);
        let mut region = self.memory.region();
        let p = region.alloc_code(l.size, 16).map_err(|e| format!("code memory: {e}"))?;
        let base = p as usize;
        // SAFETY: `p` is `l.size` writable bytes of this region, not finalized yet.
        let buf = unsafe { std::slice::from_raw_parts_mut(p, l.size) };
        let first = ex.uops.first().map_or(0, |u| u.target as u64);
        let at = |off: usize| base + off;
        let top = at(PRELUDE.code.len());
        let mut v = Values {
            oparg: 0,
            operand: 0,
            target: first,
            executor: &*ex.head as *const _ as u64,
            exit_cell: 0,
            next: top,
            top,
            deopt: 0,
            error: at(l.error),
        };
        self.emit(buf, base, 0, &PRELUDE, &v)?;
        for (i, (u, s)) in ex.uops.iter().zip(&stencils).enumerate() {
            v.oparg = u.oparg as u64;
            v.operand = u.operand;
            v.target = u.target as u64;
            v.next = l.uops.get(i + 1).map_or(at(l.error), |o| at(*o));
            v.deopt = l.stubs[i].map_or(at(l.error), at);
            self.emit(buf, base, l.uops[i], s, &v)?;
        }
        self.emit(buf, base, l.error, &ERROR, &v)?;
        for i in 0..ex.uops.len() {
            if let Some(off) = l.stubs[i] {
                let (s, code, cell) = leave_stub(ex, i);
                v.operand = code;
                v.exit_cell = cell;
                self.emit(buf, base, off, s, &v)?;
            }
        }
        region.finalize().map_err(|e| format!("code memory: {e}"))?;
        if self.opts.dump_asm {
            self.dump(req, p, &l);
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

    fn code_memory(&self) -> (u64, u64) {
        let s = self.memory.stats();
        (s.bytes_in_use as u64, s.peak_bytes_in_use as u64)
    }
}
