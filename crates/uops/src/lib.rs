//! The single source of truth for tracelift's instruction sets.
//!
//! Today this crate holds the tier-1 opcode table ([`opcode`]); the micro-op (uop) definitions
//! and each tier-1 instruction's expansion into uops join it with the specializing interpreter.
//! Everything that needs to know about an instruction — compiler, disassembler, eval loop,
//! optimizer, backends — reads it from here, never from a second hand-kept list.

pub mod opcode;

pub use opcode::{BinaryOp, CompareOp, Intrinsic1, Opcode};
