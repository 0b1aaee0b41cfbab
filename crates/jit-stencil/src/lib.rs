//! The copy-and-patch backend's stencils (DESIGN.md §2.5, issue 18, `docs/stencils.md`).
//!
//! `build.rs` compiles every uop body into a template function with the project's `rustc`
//! and extracts one [`Stencil`] per uop: its machine code and its [`Hole`]s, plus the glue
//! ([`PRELUDE`], [`DEOPT`], [`EXIT`], [`ERROR`]). Compiling a trace is then copying each uop's
//! stencil and patching its holes ([`backend`]). Nothing here is per-uop code.

pub mod backend;

use tracelift_uops::Uop;

/// What a hole is patched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleKind {
    /// The uop's oparg.
    Oparg,
    /// The uop's 64-bit operand.
    Operand,
    /// The uop's tier-1 target instruction (the prelude's: the trace's first).
    Target,
    /// The executor's head (the prelude stores it in `cx.executor`).
    Executor,
    /// The address of a side exit's `jit` cell (the exit stub).
    ExitCell,
    /// `_PUSH_FRAME` of a plain call: where the caller resumes (after the call's cache), 0
    /// when the host must decode the call (:inline-frame:).
    Resume,
    /// `jmp` to the next stencil (rel32).
    Continue,
    /// `jmp` to the trace's top (`Step::Jump`: `_JUMP_TO_TOP`) (rel32).
    JumpTarget,
    /// `jmp` to the uop's side-exit or deopt stub (rel32).
    Deopt,
    /// `jmp` to the executor's error stub (rel32).
    Error,
    /// A runtime symbol (a `tl_rt_*` service, an ABI table, a frame helper), PC-relative.
    Rel32(&'static str),
    /// A runtime symbol's address, absolute.
    Abs32(&'static str),
    /// A runtime symbol's address, absolute.
    Abs64(&'static str),
}

/// A place in a stencil's code to patch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole {
    /// Byte offset in the stencil's code.
    pub offset: u32,
    /// What goes there.
    pub kind: HoleKind,
    /// Bytes patched: 4 (a 32-bit immediate or displacement) or 8 (`movabs`).
    pub width: u8,
    /// Added to the value (as the relocation's addend; -4 for rel32 on x86-64).
    pub addend: i64,
}

/// One uop's (or one glue piece's) machine code with its holes.
#[derive(Debug)]
pub struct Stencil {
    /// The uop's name, or the glue's (`PRELUDE`, `DEOPT`, `EXIT`, `ERROR`).
    pub name: &'static str,
    /// The code, ending where the next stencil starts when it falls through.
    pub code: &'static [u8],
    /// Where to patch, in order of offset.
    pub holes: &'static [Hole],
}

include!(concat!(env!("OUT_DIR"), "/stencils.rs"));

/// The stencil of `uop`, when this target has stencils.
pub fn stencil(uop: Uop) -> Option<&'static Stencil> {
    STENCILS.get(uop as usize).filter(|s| s.name == uop.name())
}

/// A stencil as golden tests and dumps print it: its bytes in rows of 16, then its holes.
pub fn describe(s: &Stencil) -> String {
    let mut out = format!("{} ({} bytes)\n", s.name, s.code.len());
    for (i, row) in s.code.chunks(16).enumerate() {
        let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
        out.push_str(&format!("  {:04x}: {}\n", i * 16, hex.join(" ")));
    }
    for h in s.holes {
        out.push_str(&format!("  hole @{:#06x} {}B {:?} {:+}\n", h.offset, h.width, h.kind, h.addend));
    }
    out
}
