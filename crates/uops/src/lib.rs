//! The single source of truth for tracelift's instruction sets (DESIGN.md §2.4).
//!
//! - [`opcode`]: the tier-1 opcodes, generic and specialized, with their cache sizes and
//!   families;
//! - [`uop`]: the micro-ops, with stack effects and flags;
//! - [`bodies`]: each uop's semantics, written against the [`abi`] so that the same source
//!   runs in the tier-1 interpreter (inlined) and compiles into `#![no_std]` stencils
//!   (`crates/jit-stencil/build.rs` builds them, and fails on a body that cannot be one);
//! - [`expand`]: each specialized tier-1 instruction as a sequence of uops and cache operands;
//! - [`trace`]: the trace IR of tier 2 (uop, oparg, operand, target, exit);
//! - [`counter`]: the adaptive backoff counters in inline caches;
//! - [`dispatch`]: running any uop by number (the tier-2 interpreter's `match`).
//!
//! Everything that needs to know about an instruction — compiler, disassembler, eval loop,
//! specializer, optimizer, backends — reads it from here, never from a second hand-kept list.

pub mod abi;
pub mod bodies;
pub mod counter;
pub mod dispatch;
pub mod docs;
pub mod expand;
pub mod opcode;
pub mod trace;
pub mod uop;

pub use opcode::{BinaryOp, CompareOp, Intrinsic1, Opcode};
pub use uop::Uop;
