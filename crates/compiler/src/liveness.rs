//! :live-locals: which fast locals are live at each instruction of a code object: read on
//! some path from there (exception handlers included) before they are written.
//!
//! A JIT uses it at its exits: a local that the machine code keeps outside the frame (an
//! unboxed float) and that is dead where tier 1 resumes need not be written back, since no
//! instruction from there on reads it before storing it again. The slot is left empty, as
//! an unbound local's is. Only code that looks at its locals as a whole could tell, which is
//! why a code object naming `locals`, `vars`, `dir` or `super` (which reads the first
//! argument's slot behind the bytecode's back) gets no liveness at all: every local is live.

use crate::code::CodeObject;
use tracelift_uops::opcode::Opcode;

/// The live locals at each instruction of one code object.
#[derive(Debug)]
pub struct Liveness {
    /// 64-bit words per instruction.
    words: usize,
    /// The code unit offset of each instruction, ascending.
    offsets: Vec<u32>,
    /// `live[i * words ..][..words]`: the locals live on entry to instruction `i`.
    live: Vec<u64>,
}

/// Names whose use means the code may read its locals other than by `LOAD_FAST`.
const INTROSPECTION: [&str; 4] = ["locals", "vars", "dir", "super"];

impl Liveness {
    /// The liveness of `code`'s locals, or `None` when the code may read them as a whole
    /// (see the module docs).
    pub fn of(code: &CodeObject) -> Option<Liveness> {
        if code.names.iter().any(|n| INTROSPECTION.contains(&n.as_str())) {
            return None;
        }
        let words = code.nlocalsplus().div_ceil(64).max(1);
        let instrs: Vec<(usize, Opcode, u32)> = code.instructions().collect();
        let offsets: Vec<u32> = instrs.iter().map(|i| i.0 as u32).collect();
        let index = |off: usize| offsets.binary_search(&(off as u32)).ok();
        // Successors of each instruction, and its handler's.
        let mut succ: Vec<Vec<usize>> = Vec::with_capacity(instrs.len());
        let mut handler: Vec<Option<usize>> = Vec::with_capacity(instrs.len());
        for (i, &(off, op, arg)) in instrs.iter().enumerate() {
            let mut s = Vec::new();
            if !crate::assemble::never_falls_through(op) && i + 1 < instrs.len() {
                s.push(i + 1);
            }
            if let Some(t) = crate::dis::jump_target(off, op, arg).and_then(index) {
                s.push(t);
            }
            succ.push(s);
            handler.push(code.handler_for(off).and_then(|e| index(e.target as usize)));
        }
        let mut live = vec![0u64; instrs.len() * words];
        let mut row = vec![0u64; words];
        let mut changed = true;
        while changed {
            changed = false;
            for i in (0..instrs.len()).rev() {
                row.iter_mut().for_each(|w| *w = 0);
                for &s in &succ[i] {
                    for (k, w) in row.iter_mut().enumerate() {
                        *w |= live[s * words + k];
                    }
                }
                let (_, op, arg) = instrs[i];
                transfer(op, arg, &mut row);
                // What the handler reads may be read from anywhere in the instruction.
                if let Some(h) = handler[i] {
                    for (k, w) in row.iter_mut().enumerate() {
                        *w |= live[h * words + k];
                    }
                }
                let cur = &mut live[i * words..(i + 1) * words];
                if cur != row.as_slice() {
                    cur.copy_from_slice(&row);
                    changed = true;
                }
            }
        }
        Some(Liveness { words, offsets, live })
    }

    /// Is local `local` live where the instruction at code unit `offset` starts? `true` for
    /// an offset that starts no instruction.
    pub fn is_live(&self, offset: usize, local: usize) -> bool {
        let Ok(i) = self.offsets.binary_search(&(offset as u32)) else { return true };
        let Some(w) = self.live.get(i * self.words + local / 64) else { return true };
        w & (1 << (local % 64)) != 0
    }
}

/// Turns the locals live after an instruction into those live before it.
fn transfer(op: Opcode, arg: u32, row: &mut [u64]) {
    let set = |row: &mut [u64], i: u32| row[i as usize / 64] |= 1 << (i % 64);
    let kill = |row: &mut [u64], i: u32| row[i as usize / 64] &= !(1 << (i % 64));
    match op {
        Opcode::STORE_FAST => kill(row, arg),
        Opcode::STORE_FAST_STORE_FAST => {
            kill(row, arg & 15);
            kill(row, arg >> 4);
        }
        Opcode::STORE_FAST_LOAD_FAST => {
            set(row, arg & 15);
            kill(row, arg >> 4);
        }
        Opcode::LOAD_FAST_LOAD_FAST => {
            set(row, arg >> 4);
            set(row, arg & 15);
        }
        // A delete of an unbound local raises: it reads the slot. Cells are read through
        // their slot by every instruction that uses them.
        Opcode::LOAD_FAST
        | Opcode::DELETE_FAST
        | Opcode::LOAD_DEREF
        | Opcode::STORE_DEREF
        | Opcode::DELETE_DEREF
        | Opcode::MAKE_CELL
        | Opcode::LOAD_CLOSURE => set(row, arg),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn func(src: &str) -> CodeObject {
        let m = crate::compile_module(src, "t.py").expect("compiles");
        m.consts
            .iter()
            .find_map(|c| match c {
                crate::Constant::Code(c) => Some((**c).clone()),
                _ => None,
            })
            .expect("a function")
    }

    fn slot(code: &CodeObject, name: &str) -> usize {
        code.localsplusnames.iter().position(|n| n == name).expect("a local")
    }

    /// The offset of the first instruction `op` after `from`.
    fn find(code: &CodeObject, op: Opcode, from: usize) -> usize {
        code.instructions().find(|i| i.1 == op && i.0 >= from).expect("the instruction").0
    }

    #[test]
    fn a_local_written_before_it_is_read_again_is_dead_after_its_loop() {
        let code =
            func("def f(n):\n    t = 0.0\n    for i in range(n):\n        d = i * 0.5\n        t += d\n    return t\n");
        let l = Liveness::of(&code).expect("no introspection");
        // After the loop (where an exhausted `FOR_ITER` goes) `t` is read, `d` and `i` are not.
        let back = find(&code, Opcode::JUMP_BACKWARD, 0);
        let after = code.instructions().find(|i| i.0 > back).expect("the return").0;
        assert!(l.is_live(after, slot(&code, "t")));
        assert!(!l.is_live(after, slot(&code, "d")));
        assert!(!l.is_live(after, slot(&code, "i")));
        // At the loop head `t` is live (read in the body), `d` is not.
        let head = find(&code, Opcode::FOR_ITER, 0);
        assert!(l.is_live(head, slot(&code, "t")));
        assert!(!l.is_live(head, slot(&code, "d")));
    }

    #[test]
    fn a_handler_keeps_what_it_reads_live_in_its_try_block() {
        let code = func(
            "def f(x):\n    y = 1.0\n    try:\n        x = x + 1\n    except ValueError:\n        return y\n    return x\n",
        );
        let l = Liveness::of(&code).expect("no introspection");
        let add = find(&code, Opcode::BINARY_OP, 0);
        assert!(l.is_live(add, slot(&code, "y")));
    }

    #[test]
    fn a_delete_reads_its_local() {
        let code = func("def f():\n    a = 1.0\n    b = 2\n    del a\n    return b\n");
        let l = Liveness::of(&code).expect("no introspection");
        let del = find(&code, Opcode::DELETE_FAST, 0);
        assert!(l.is_live(del, slot(&code, "a")));
    }

    #[test]
    fn code_that_can_see_its_locals_has_no_liveness() {
        for src in ["def f():\n    a = 1\n    return locals()\n", "def f(self):\n    return super().g()\n"] {
            assert!(Liveness::of(&func(src)).is_none(), "{src}");
        }
    }
}
