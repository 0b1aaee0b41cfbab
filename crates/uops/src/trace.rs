//! The trace IR that trace formation builds, optimizer passes rewrite, and every tier-2 backend
//! runs (DESIGN.md §1: "a uop is (opcode, oparg, operand, target, exit index)").

use crate::uop::{OperandKind, Uop, flags};

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

    /// A fused uop as the two it stands for, in order (a backend that lowers the parts, and
    /// the analysis); `None` for any other uop.
    pub fn parts(&self) -> Option<[UopInst; 2]> {
        if self.uop == Uop::_LOAD_FAST_PAIR {
            let first = UopInst::new(Uop::_LOAD_FAST, self.oparg >> 16, 0, self.target);
            return Some([first, UopInst::new(Uop::_LOAD_FAST, self.oparg & 0xffff, 0, self.operand as u32)]);
        }
        let &(op, _) = FLOAT_STORES.iter().find(|(_, fused)| *fused == self.uop)?;
        let store = UopInst::new(Uop::_STORE_FAST, self.oparg, 0, self.operand as u32);
        Some([UopInst { uop: op, oparg: 0, operand: 0, ..*self }, store])
    }
}

/// The code each uop of `uops` runs in, by address (`Rc::as_ptr` of the code, as the frame
/// uops' operands name them): the trace's own `root`, a callee's after its `_PUSH_FRAME` or
/// `_CREATE_INIT_FRAME` until its `_POP_FRAME`, the caller a `_RETURN_TO_CALLER` names after
/// it. A frame uop itself runs in the frame it leaves.
pub fn frame_codes(uops: &[UopInst], root: u64) -> Vec<u64> {
    let mut stack = vec![root];
    let mut out = Vec::with_capacity(uops.len());
    for u in uops {
        out.push(stack.last().copied().unwrap_or(0));
        match u.uop {
            Uop::_PUSH_FRAME | Uop::_CREATE_INIT_FRAME => stack.push(u.operand),
            Uop::_POP_FRAME => {
                stack.pop();
            }
            Uop::_RETURN_TO_CALLER => {
                stack.pop();
                stack.push(u.operand);
            }
            _ => {}
        }
    }
    out
}

/// The float operations `fuse_float_stores` fuses with the `_STORE_FAST` of their result,
/// each with the uop they become (its oparg the local, its operand the store's target).
pub const FLOAT_STORES: [(Uop, Uop); 4] = [
    (Uop::_BINARY_OP_ADD_FLOAT, Uop::_BINARY_OP_ADD_FLOAT_STORE_FAST),
    (Uop::_BINARY_OP_SUBTRACT_FLOAT, Uop::_BINARY_OP_SUBTRACT_FLOAT_STORE_FAST),
    (Uop::_BINARY_OP_MULTIPLY_FLOAT, Uop::_BINARY_OP_MULTIPLY_FLOAT_STORE_FAST),
    (Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT, Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT_STORE_FAST),
];

/// Stable short names for the addresses dumps would otherwise print (DESIGN.md §2.9): the
/// first object named is `x1`, the next `x2`, codes `c1`, `c2` …, in the order dumps meet
/// them, so a run's dumps are the same from one run to the next and golden tests can hold
/// them.
#[derive(Default, Debug)]
pub struct ShortIds {
    names: std::cell::RefCell<std::collections::HashMap<(u8, u64), u32>>,
}

impl ShortIds {
    /// The short name of address `addr` of kind `prefix` (`'x'` objects, `'c'` codes).
    pub fn name(&self, prefix: char, addr: u64) -> String {
        let mut m = self.names.borrow_mut();
        let k = prefix as u8;
        let next = m.keys().filter(|(p, _)| *p == k).count() as u32 + 1;
        let n = *m.entry((k, addr)).or_insert(next);
        format!("{prefix}{n}")
    }

    /// Every address named so far with its name.
    pub fn all(&self) -> Vec<(u64, String)> {
        self.names.borrow().iter().map(|((p, a), n)| (*a, format!("{}{n}", *p as char))).collect()
    }

    /// How a dump shows operand `v` of kind `k`.
    pub fn operand(&self, k: OperandKind, v: u64) -> String {
        match k {
            OperandKind::Object => self.name('x', v),
            OperandKind::Code => self.name('c', v),
            OperandKind::FuncVersion => format!("v{}{}", v as u32, if v >> 32 == 1 { "+self" } else { "" }),
            OperandKind::GetitemVersions => format!("v{}/v{}", v as u32, v >> 32),
            OperandKind::TypeVersion | OperandKind::KeysVersion => format!("v{v}"),
            OperandKind::Hint | OperandKind::KeysCount | OperandKind::Ip | OperandKind::None => v.to_string(),
        }
    }
}

/// Formats a trace, one uop per line, as `--dump uops` prints it (addresses as short ids).
pub fn format_trace(uops: &[UopInst], ids: &ShortIds) -> String {
    format_trace_with(uops, ids, &[])
}

/// Formats a trace with a note after each uop (`notes[i]`, when there is one and it is not
/// empty): the optimizer's inferred inputs.
pub fn format_trace_with(uops: &[UopInst], ids: &ShortIds, notes: &[String]) -> String {
    let mut s = String::new();
    for (i, u) in uops.iter().enumerate() {
        let f = u.uop.flags();
        s.push_str(&format!("  {i:4}: {:<34}", u.uop.name()));
        if f & flags::OPARG != 0 || u.oparg != 0 {
            s.push_str(&format!(" oparg={}", u.oparg));
        }
        let k = u.uop.operand_kind();
        if f & flags::OPERAND != 0 || k != OperandKind::None {
            s.push_str(&format!(" operand={}", ids.operand(k, u.operand)));
        }
        s.push_str(&format!(" target={}", u.target));
        if u.exit != NO_EXIT {
            s.push_str(&format!(" exit={}", u.exit));
        }
        if let Some(n) = notes.get(i).filter(|n| !n.is_empty()) {
            s.push_str(&format!("  ; {n}"));
        }
        s.push('\n');
    }
    s
}
