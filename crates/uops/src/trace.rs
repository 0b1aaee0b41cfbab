//! The trace IR that trace formation builds, optimizer passes rewrite, and every tier-2 backend
//! runs (DESIGN.md §1: "a uop is (opcode, oparg, operand, target, exit index)").

use crate::uop::{Uop, flags};

/// No exit attached (the uop cannot fail).
pub const NO_EXIT: u32 = u32::MAX;

/// One uop of a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UopInst {
    /// The uop.
    pub uop: Uop,
    /// Its oparg (the tier-1 instruction's).
    pub oparg: u32,
    /// Its 64-bit operand (from the inline cache, or set by trace formation).
    pub operand: u64,
    /// Tier-1 instruction index where execution resumes if this uop deopts or exits.
    pub target: u32,
    /// Index of this uop's side exit in the executor, or [`NO_EXIT`].
    pub exit: u32,
}

impl UopInst {
    /// A uop with no exit assigned yet.
    pub fn new(uop: Uop, oparg: u32, operand: u64, target: u32) -> UopInst {
        UopInst { uop, oparg, operand, target, exit: NO_EXIT }
    }

    /// Can this uop leave the trace (deopt or side exit)?
    pub fn can_leave(&self) -> bool {
        self.uop.flags() & flags::DEOPT != 0
    }
}

/// Formats a trace, one uop per line, as `--dump uops` prints it.
pub fn format_trace(uops: &[UopInst]) -> String {
    let mut s = String::new();
    for (i, u) in uops.iter().enumerate() {
        let f = u.uop.flags();
        s.push_str(&format!("  {i:4}: {:<34}", u.uop.name()));
        if f & flags::OPARG != 0 || u.oparg != 0 {
            s.push_str(&format!(" oparg={}", u.oparg));
        }
        if f & flags::OPERAND != 0 {
            s.push_str(&format!(" operand={:#x}", u.operand));
        }
        s.push_str(&format!(" target={}", u.target));
        if u.exit != NO_EXIT {
            s.push_str(&format!(" exit={}", u.exit));
        }
        s.push('\n');
    }
    s
}
