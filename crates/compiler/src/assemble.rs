//! The assembler: a finished compile unit → [`CodeObject`].
//!
//! 1. Backward conditional jumps are rewritten as an inverted forward jump over a
//!    `JUMP_BACKWARD` (conditional jumps are forward-only, as in CPython 3.12+).
//! 2. A flow analysis from the entry computes the stack depth before every instruction,
//!    following jumps and exception-handler entries (`depth + lasti + 1`, entered once an
//!    instruction the handler covers is reachable); it yields the exact
//!    `stacksize`, each handler's unwind depth, and which instructions are reachable.
//! 3. Unreachable instructions and jumps to the very next instruction are dropped; symbolic
//!    jumps become `JUMP_FORWARD`/`JUMP_BACKWARD`; offsets and jump deltas are resolved.
//! 4. The exception table (non-overlapping runs of instructions sharing their innermost
//!    handler) and the line table (runs of equal positions) are built.

use crate::code::{CodeObject, ExceptionTableEntry, LineEntry};
use crate::compile::{Instr, Kind, Unit};
use tracelift_uops::opcode::{MAX_ARG, Opcode, encode};

/// Stack effect of an instruction: `(fallthrough, taken_jump)`.
pub(crate) fn stack_effect(op: Opcode, arg: u32) -> (i32, i32) {
    use Opcode::*;
    let a = arg as i32;
    let e = match op {
        CACHE
        | NOP
        | RESUME
        | SWAP
        | DELETE_FAST
        | DELETE_DEREF
        | MAKE_CELL
        | COPY_FREE_VARS
        | DELETE_GLOBAL
        | DELETE_NAME
        | UNARY_NEGATIVE
        | UNARY_NOT
        | UNARY_INVERT
        | TO_BOOL
        | GET_ITER
        | JUMP_FORWARD
        | JUMP_BACKWARD
        | CALL_INTRINSIC_1
        | MAKE_FUNCTION
        | RETURN_CONST
        | CHECK_EXC_MATCH
        | FORMAT_SIMPLE
        | CONVERT_VALUE
        | YIELD_VALUE
        | JUMP_BACKWARD_NO_INTERRUPT
        | GET_YIELD_FROM_ITER
        | GET_AWAITABLE
        | SEND => 0,
        POP_TOP
        | END_FOR
        | STORE_FAST
        | STORE_DEREF
        | STORE_GLOBAL
        | STORE_NAME
        | DELETE_ATTR
        | BINARY_OP
        | COMPARE_OP
        | IS_OP
        | CONTAINS_OP
        | BINARY_SUBSCR
        | LIST_APPEND
        | SET_ADD
        | LIST_EXTEND
        | SET_UPDATE
        | DICT_UPDATE
        | DICT_MERGE
        | SET_FUNCTION_ATTRIBUTE
        | RETURN_VALUE
        | POP_EXCEPT
        | FORMAT_WITH_SPEC
        | IMPORT_NAME
        | END_SEND
        | POP_JUMP_IF_FALSE
        | POP_JUMP_IF_TRUE
        | POP_JUMP_IF_NONE
        | POP_JUMP_IF_NOT_NONE => -1,
        STORE_FAST_LOAD_FAST => 0,
        LOAD_FAST_LOAD_FAST => 2,
        STORE_FAST_STORE_FAST => -2,
        PUSH_NULL | COPY | LOAD_CONST | LOAD_FAST | LOAD_DEREF | LOAD_CLOSURE | LOAD_NAME | LOAD_BUILD_CLASS
        | PUSH_EXC_INFO | LOAD_ASSERTION_ERROR | IMPORT_FROM | RETURN_GENERATOR | BEFORE_WITH | WITH_EXCEPT_START => 1,
        LOAD_GLOBAL => 1 + (a & 1),
        LOAD_ATTR => a & 1,
        STORE_ATTR | DELETE_SUBSCR | BINARY_SLICE | MAP_ADD => -2,
        STORE_SUBSCR => -3,
        STORE_SLICE => -4,
        BUILD_SLICE => 1 - a,
        BUILD_TUPLE | BUILD_LIST | BUILD_SET | BUILD_STRING => 1 - a,
        BUILD_MAP => 1 - 2 * a,
        UNPACK_SEQUENCE => a - 1,
        UNPACK_EX => (a & 0xff) + (a >> 8),
        FOR_ITER => return (1, -1),
        CALL => -1 - a,
        CALL_KW => -2 - a,
        CALL_FUNCTION_EX => -2 - (a & 1),
        RAISE_VARARGS => -a,
        RERAISE => -a - 1,
        // Specialized forms never come out of the compiler; they share their family's effect.
        other => {
            assert!(other.is_specialized(), "no stack effect for {}", other.name());
            return stack_effect(other.family(), arg);
        }
    };
    (e, e)
}

/// Instructions after which control never falls through.
fn is_terminal(k: Kind) -> bool {
    match k {
        Kind::Jump | Kind::JumpNoInterrupt => true,
        Kind::Op(op) => never_falls_through(op),
        _ => false,
    }
}

/// Opcodes after which control never falls through (also used by `crate::liveness`).
pub(crate) fn never_falls_through(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::RETURN_VALUE
            | Opcode::RETURN_CONST
            | Opcode::RAISE_VARARGS
            | Opcode::RERAISE
            | Opcode::JUMP_FORWARD
            | Opcode::JUMP_BACKWARD
            | Opcode::JUMP_BACKWARD_NO_INTERRUPT
    )
}

fn invert(op: Opcode) -> Option<Opcode> {
    Some(match op {
        Opcode::POP_JUMP_IF_FALSE => Opcode::POP_JUMP_IF_TRUE,
        Opcode::POP_JUMP_IF_TRUE => Opcode::POP_JUMP_IF_FALSE,
        Opcode::POP_JUMP_IF_NONE => Opcode::POP_JUMP_IF_NOT_NONE,
        Opcode::POP_JUMP_IF_NOT_NONE => Opcode::POP_JUMP_IF_NONE,
        _ => return None,
    })
}

fn label_positions(instrs: &[Instr], nlabels: u32) -> Vec<usize> {
    let mut pos = vec![usize::MAX; nlabels as usize];
    for (i, ins) in instrs.iter().enumerate() {
        if let Kind::Label(l) = ins.kind
            && let Some(p) = pos.get_mut(l as usize)
        {
            *p = i;
        }
    }
    pos
}

fn target_pos(pos: &[usize], t: Option<u32>) -> Result<usize, String> {
    let t = t.ok_or("jump without target")?;
    match pos.get(t as usize) {
        Some(&p) if p != usize::MAX => Ok(p),
        _ => Err(format!("unbound label {t}")),
    }
}

/// The superinstruction for `first` then `second`, if there is one.
fn superinstruction(first: Opcode, second: Opcode) -> Option<Opcode> {
    Some(match (first, second) {
        (Opcode::LOAD_FAST, Opcode::LOAD_FAST) => Opcode::LOAD_FAST_LOAD_FAST,
        (Opcode::STORE_FAST, Opcode::LOAD_FAST) => Opcode::STORE_FAST_LOAD_FAST,
        (Opcode::STORE_FAST, Opcode::STORE_FAST) => Opcode::STORE_FAST_STORE_FAST,
        _ => return None,
    })
}

/// Fuses adjacent local loads and stores into superinstructions, as CPython 3.13's
/// `insert_superinstructions`: one dispatch instead of two. Both slots must fit in four bits,
/// and both instructions must be on one line (so a traceback from either names that line) and
/// under one handler. A label between two instructions is an entry of its own in `instrs`, so
/// a jump target never ends up inside a superinstruction.
fn fuse_superinstructions(instrs: &mut Vec<Instr>) {
    let mut out: Vec<Instr> = Vec::with_capacity(instrs.len());
    let mut i = 0;
    while i < instrs.len() {
        let ins = instrs[i];
        if let (Kind::Op(a), Some(next)) = (ins.kind, instrs.get(i + 1))
            && let Kind::Op(b) = next.kind
            && let Some(sup) = superinstruction(a, b)
            && ins.arg < 16
            && next.arg < 16
            && ins.loc.line == next.loc.line
            && ins.handler == next.handler
        {
            out.push(Instr { kind: Kind::Op(sup), arg: ins.arg << 4 | next.arg, ..ins });
            i += 2;
            continue;
        }
        out.push(ins);
        i += 1;
    }
    *instrs = out;
}

/// Assembles a unit.
pub(crate) fn assemble(unit: Unit<'_>, filename: &str) -> Result<CodeObject, String> {
    let mut nlabels = unit.nlabels;
    // 1. Normalize backward conditional jumps.
    let mut instrs: Vec<Instr> = Vec::with_capacity(unit.instrs.len());
    {
        let pos = label_positions(&unit.instrs, nlabels);
        for (i, ins) in unit.instrs.iter().enumerate() {
            if let Kind::Op(op) = ins.kind
                && let Some(inv) = invert(op)
            {
                let t = target_pos(&pos, ins.target)?;
                if t < i {
                    let skip = nlabels;
                    nlabels += 1;
                    instrs.push(Instr { kind: Kind::Op(inv), target: Some(skip), ..*ins });
                    instrs.push(Instr { kind: Kind::Jump, ..*ins });
                    instrs.push(Instr { kind: Kind::Label(skip), target: None, ..*ins });
                    continue;
                }
            }
            instrs.push(*ins);
        }
    }
    let handlers = unit.handlers;

    // 2. Flow analysis.
    let pos = label_positions(&instrs, nlabels);
    let n = instrs.len();
    let mut depth: Vec<Option<i32>> = vec![None; n];
    let mut hdepth: Vec<Option<i32>> = vec![None; handlers.len()];
    let mut handler_seen = vec![false; handlers.len()];
    let mut maxdepth: i32 = 0;
    let mut work: Vec<(usize, i32)> = vec![(0, 0)];
    while let Some((start, d0)) = work.pop() {
        let mut i = start;
        let mut d = d0;
        while i < n {
            if let Some(old) = depth[i] {
                if old != d {
                    return Err(format!("inconsistent stack depth at instruction {i}: {old} vs {d}"));
                }
                break;
            }
            depth[i] = Some(d);
            maxdepth = maxdepth.max(d);
            let ins = instrs[i];
            match ins.kind {
                Kind::Label(_) => {}
                Kind::Setup(h) => {
                    // A `with` handler unwinds below the `__enter__` result on top.
                    let d = d - handlers[h as usize].below as i32;
                    let hd = &mut hdepth[h as usize];
                    match *hd {
                        Some(x) if x != d => return Err("inconsistent handler depth".into()),
                        _ => *hd = Some(d),
                    }
                }
                Kind::Jump | Kind::JumpNoInterrupt => {
                    // A back-edge can raise (KeyboardInterrupt at its safe point), so the
                    // handler covering it is reachable even if nothing else in it is
                    // (`try: while True: pass`).
                    if ins.kind == Kind::Jump
                        && let Some(h) = ins.handler
                        && !handler_seen[h as usize]
                    {
                        handler_seen[h as usize] = true;
                        let hd = hdepth[h as usize].ok_or("handler reached before its setup")?;
                        let hi = handlers[h as usize];
                        work.push((target_pos(&pos, Some(hi.label))?, hd + 1 + hi.lasti as i32));
                    }
                    work.push((target_pos(&pos, ins.target)?, d));
                    break;
                }
                Kind::Op(op) => {
                    // A handler becomes reachable once an instruction it covers is reached.
                    if let Some(h) = ins.handler
                        && !handler_seen[h as usize]
                    {
                        handler_seen[h as usize] = true;
                        let hd = hdepth[h as usize].ok_or("handler reached before its setup")?;
                        let hi = handlers[h as usize];
                        let p = target_pos(&pos, Some(hi.label))?;
                        work.push((p, hd + 1 + hi.lasti as i32));
                    }
                    let (fall, jump) = stack_effect(op, ins.arg);
                    if ins.target.is_some() {
                        let t = d + jump;
                        if t < 0 {
                            return Err(format!("negative stack depth after {}", op.name()));
                        }
                        work.push((target_pos(&pos, ins.target)?, t));
                    }
                    if is_terminal(ins.kind) {
                        break;
                    }
                    d += fall;
                    if d < 0 {
                        return Err(format!("negative stack depth after {}", op.name()));
                    }
                    maxdepth = maxdepth.max(d);
                }
            }
            i += 1;
        }
    }

    // 3. Drop unreachable code and jumps to the next instruction.
    let mut kept: Vec<Instr> = instrs
        .iter()
        .zip(&depth)
        .filter(|(ins, d)| d.is_some() || matches!(ins.kind, Kind::Label(_)))
        .filter(|(ins, _)| !matches!(ins.kind, Kind::Setup(_)))
        .map(|(ins, _)| *ins)
        .collect();
    loop {
        let pos = label_positions(&kept, nlabels);
        let mut drop_at = None;
        for (i, ins) in kept.iter().enumerate() {
            if ins.kind == Kind::Jump {
                let t = target_pos(&pos, ins.target)?;
                if t > i && kept[i + 1..t].iter().all(|x| matches!(x.kind, Kind::Label(_))) {
                    drop_at = Some(i);
                    break;
                }
            }
        }
        match drop_at {
            Some(i) => {
                kept.remove(i);
            }
            None => break,
        }
    }

    fuse_superinstructions(&mut kept);

    // 4. Resolve opcodes and offsets.
    let pos = label_positions(&kept, nlabels);
    let mut ops: Vec<Option<Opcode>> = Vec::with_capacity(kept.len());
    for (i, ins) in kept.iter().enumerate() {
        ops.push(match ins.kind {
            Kind::Op(op) => Some(op),
            Kind::Jump => {
                let t = target_pos(&pos, ins.target)?;
                Some(if t > i { Opcode::JUMP_FORWARD } else { Opcode::JUMP_BACKWARD })
            }
            Kind::JumpNoInterrupt => Some(Opcode::JUMP_BACKWARD_NO_INTERRUPT),
            Kind::Label(_) | Kind::Setup(_) => None,
        });
    }
    let mut offsets = Vec::with_capacity(kept.len() + 1);
    let mut off = 0u32;
    for op in &ops {
        offsets.push(off);
        if let Some(op) = op {
            off += 1 + op.cache_size() as u32;
        }
    }
    offsets.push(off);
    let label_off = |l: u32| -> Result<u32, String> {
        let p = target_pos(&pos, Some(l))?;
        Ok(offsets[p])
    };

    // 5. Encode.
    let mut code = Vec::with_capacity(off as usize);
    let mut linetable: Vec<LineEntry> = Vec::new();
    let mut raw_exc: Vec<(u32, u32, Option<u32>)> = Vec::new();
    for (i, ins) in kept.iter().enumerate() {
        let Some(op) = ops[i] else { continue };
        let here = offsets[i];
        let next = here + 1 + op.cache_size() as u32;
        let arg = match ins.target {
            Some(t) if !matches!(ins.kind, Kind::Label(_)) => {
                let to = label_off(t)?;
                if to >= next {
                    if op == Opcode::JUMP_BACKWARD || op == Opcode::JUMP_BACKWARD_NO_INTERRUPT {
                        return Err("backward jump points forward".into());
                    }
                    to - next
                } else {
                    if op != Opcode::JUMP_BACKWARD && op != Opcode::JUMP_BACKWARD_NO_INTERRUPT {
                        return Err(format!("{} jumps backward", op.name()));
                    }
                    next - to
                }
            }
            _ => ins.arg,
        };
        if arg > MAX_ARG {
            return Err("instruction argument too large".into());
        }
        code.push(encode(op, arg));
        for _ in 0..op.cache_size() {
            code.push(encode(Opcode::CACHE, 0));
        }
        match linetable.last() {
            Some(l) if l.line == ins.loc.line && l.col == ins.loc.col => {}
            _ => linetable.push(LineEntry { start: here, line: ins.loc.line, col: ins.loc.col }),
        }
        raw_exc.push((here, next, ins.handler));
    }

    // 6. Exception table.
    let mut exceptiontable: Vec<ExceptionTableEntry> = Vec::new();
    for (start, end, h) in raw_exc {
        let Some(h) = h else { continue };
        let hi = handlers[h as usize];
        let d = hdepth[h as usize].ok_or("handler depth unknown")?;
        let entry = ExceptionTableEntry { start, end, target: label_off(hi.label)?, depth: d as u32, lasti: hi.lasti };
        if let Some(last) = exceptiontable.last_mut()
            && last.end == start
            && last.target == entry.target
            && last.depth == entry.depth
            && last.lasti == entry.lasti
        {
            last.end = end;
            continue;
        }
        exceptiontable.push(entry);
    }

    Ok(CodeObject {
        name: unit.name,
        qualname: unit.qualname,
        filename: filename.to_string(),
        firstlineno: unit.firstlineno,
        argcount: unit.argcount,
        posonlyargcount: unit.posonlyargcount,
        kwonlyargcount: unit.kwonlyargcount,
        flags: unit.flags,
        code,
        consts: unit.consts,
        names: unit.names,
        localsplusnames: unit.localsplusnames,
        localspluskinds: unit.localspluskinds,
        stacksize: maxdepth as u32,
        exceptiontable,
        linetable,
    })
}
