//! Disassembler: a `dis.dis`-style listing of a code object and all nested code objects.
//!
//! The format follows CPython 3.11/3.13: a header per code object (without memory addresses,
//! so the output is stable enough for golden tests), the line number when it changes, `>>` on
//! jump targets, the offset (in code units), the opcode name, the argument and a readable
//! `(argrepr)`; then the exception table. Inline caches are not shown.

use crate::code::{CodeObject, Constant};
use std::fmt::Write;
use tracelift_uops::opcode::{BinaryOp, CompareOp, Intrinsic1, Opcode};

/// Disassembles `code` and, recursively, every code object among its constants.
pub fn disassemble(code: &CodeObject) -> String {
    let mut out = String::new();
    dis_one(code, &mut out);
    for c in &code.consts {
        if let Constant::Code(inner) = c {
            out.push('\n');
            out.push_str(&disassemble(inner));
        }
    }
    out
}

/// Disassembles `code` alone (not its nested code objects), as `tracelift run --dis-after`
/// does with the quickened instructions of each code object the program ran.
pub fn disassemble_one(code: &CodeObject) -> String {
    let mut out = String::new();
    dis_one(code, &mut out);
    out
}

/// Python `repr()` of a float.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let sci = format!("{f:e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let nd = digits.len() as i32;
        let s = if exp >= 0 {
            let int_len = exp + 1;
            if nd <= int_len {
                format!("{}{}.0", digits, "0".repeat((int_len - nd) as usize))
            } else {
                format!("{}.{}", &digits[..int_len as usize], &digits[int_len as usize..])
            }
        } else {
            format!("0.{}{}", "0".repeat((-exp - 1) as usize), digits)
        };
        format!("{sign}{s}")
    } else {
        let m = if digits.len() > 1 { format!("{}.{}", &digits[..1], &digits[1..]) } else { digits };
        let es = if exp < 0 { '-' } else { '+' };
        format!("{sign}{m}e{es}{:02}", exp.abs())
    }
}

/// CPython's `repr()` of a byte string: `b'...'` (double quotes when it holds a single
/// quote and no double one), `\t \n \r \\` and the quote escaped, other bytes outside
/// printable ASCII as `\xhh`.
pub fn bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') { '"' } else { '\'' };
    let mut out = String::with_capacity(b.len() + 3);
    out.push('b');
    out.push(quote);
    for &c in b {
        match c {
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\\' => out.push_str("\\\\"),
            _ if c as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote);
    out
}

/// Python `repr()` of a str.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f || (0x80..0xa0).contains(&(c as u32)) => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

fn code_header(c: &CodeObject) -> String {
    format!("<code object {}, file \"{}\", line {}>", c.name, c.filename, c.firstlineno)
}

/// Python `repr()` of a constant.
pub fn const_repr(c: &Constant) -> String {
    match c {
        Constant::None => "None".into(),
        Constant::Bool(true) => "True".into(),
        Constant::Bool(false) => "False".into(),
        Constant::Int(i) => i.to_string(),
        Constant::BigInt(s) => s.clone(),
        Constant::Float(f) => float_repr(*f),
        Constant::Str(s) => str_repr(s),
        Constant::Bytes(b) => bytes_repr(b),
        Constant::Tuple(t) => {
            let items: Vec<String> = t.iter().map(const_repr).collect();
            if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
        }
        Constant::FrozenSet(t) => {
            let items: Vec<String> = t.iter().map(const_repr).collect();
            format!("frozenset({{{}}})", items.join(", "))
        }
        Constant::Code(code) => code_header(code),
        Constant::Ellipsis => "Ellipsis".into(),
    }
}

fn is_jump(op: Opcode) -> Option<bool> {
    // Some(forward?)
    match op {
        Opcode::JUMP_FORWARD
        | Opcode::POP_JUMP_IF_FALSE
        | Opcode::POP_JUMP_IF_TRUE
        | Opcode::POP_JUMP_IF_NONE
        | Opcode::POP_JUMP_IF_NOT_NONE
        | Opcode::FOR_ITER
        | Opcode::SEND => Some(true),
        Opcode::JUMP_BACKWARD | Opcode::JUMP_BACKWARD_NO_INTERRUPT => Some(false),
        _ => None,
    }
}

/// Where the jump at code unit `off` goes, if the instruction jumps (also used by
/// `crate::liveness`).
pub(crate) fn jump_target(off: usize, op: Opcode, arg: u32) -> Option<usize> {
    let next = off + 1 + op.cache_size();
    match is_jump(op.family())? {
        true => Some(next + arg as usize),
        false => next.checked_sub(arg as usize),
    }
}

fn argrepr(code: &CodeObject, off: usize, op: Opcode, arg: u32) -> String {
    let name = |i: u32| code.names.get(i as usize).cloned().unwrap_or_else(|| format!("<name {i}>"));
    let local = |i: u32| code.localsplusnames.get(i as usize).cloned().unwrap_or_else(|| format!("<slot {i}>"));
    match op {
        Opcode::LOAD_CONST | Opcode::RETURN_CONST => {
            code.consts.get(arg as usize).map(const_repr).unwrap_or_else(|| format!("<const {arg}>"))
        }
        Opcode::LOAD_FAST
        | Opcode::STORE_FAST
        | Opcode::DELETE_FAST
        | Opcode::LOAD_DEREF
        | Opcode::STORE_DEREF
        | Opcode::DELETE_DEREF
        | Opcode::MAKE_CELL
        | Opcode::LOAD_CLOSURE => local(arg),
        Opcode::LOAD_FAST_LOAD_FAST | Opcode::STORE_FAST_LOAD_FAST | Opcode::STORE_FAST_STORE_FAST => {
            format!("{}, {}", local(arg >> 4), local(arg & 15))
        }
        Opcode::LOAD_GLOBAL | Opcode::LOAD_ATTR => {
            let n = name(arg >> 1);
            if arg & 1 == 0 {
                n
            } else if op == Opcode::LOAD_GLOBAL {
                format!("{n} + NULL")
            } else {
                format!("{n} + NULL|self")
            }
        }
        Opcode::STORE_GLOBAL
        | Opcode::DELETE_GLOBAL
        | Opcode::LOAD_NAME
        | Opcode::STORE_NAME
        | Opcode::DELETE_NAME
        | Opcode::STORE_ATTR
        | Opcode::DELETE_ATTR
        | Opcode::IMPORT_NAME
        | Opcode::IMPORT_FROM => name(arg),
        Opcode::BINARY_OP => match BinaryOp::from_arg(arg) {
            Some((b, true)) => format!("{}=", b.symbol()),
            Some((b, false)) => b.symbol().to_string(),
            None => String::new(),
        },
        Opcode::COMPARE_OP => match CompareOp::from_arg(arg) {
            Some(c) if arg & 16 != 0 => format!("bool({})", c.symbol()),
            Some(c) => c.symbol().to_string(),
            None => String::new(),
        },
        Opcode::IS_OP => (if arg == 0 { "is" } else { "is not" }).to_string(),
        Opcode::CONTAINS_OP => (if arg == 0 { "in" } else { "not in" }).to_string(),
        Opcode::CALL_INTRINSIC_1 => match Intrinsic1::from_arg(arg) {
            Some(Intrinsic1::ImportStar) => "INTRINSIC_IMPORT_STAR".into(),
            Some(Intrinsic1::StopIterationError) => "INTRINSIC_STOPITERATION_ERROR".into(),
            Some(Intrinsic1::UnaryPositive) => "INTRINSIC_UNARY_POSITIVE".into(),
            Some(Intrinsic1::ListToTuple) => "INTRINSIC_LIST_TO_TUPLE".into(),
            None => String::new(),
        },
        Opcode::CONVERT_VALUE => match arg {
            1 => "str".into(),
            2 => "repr".into(),
            3 => "ascii".into(),
            _ => String::new(),
        },
        Opcode::SET_FUNCTION_ATTRIBUTE => match arg {
            1 => "defaults".into(),
            2 => "kwdefaults".into(),
            4 => "annotations".into(),
            8 => "closure".into(),
            _ => String::new(),
        },
        _ => match jump_target(off, op, arg) {
            Some(t) => format!("to {t}"),
            None => String::new(),
        },
    }
}

fn dis_one(code: &CodeObject, out: &mut String) {
    let _ = writeln!(out, "Disassembly of {}:", code_header(code));
    let mut targets: std::collections::HashSet<usize> =
        code.instructions().filter_map(|(off, op, arg)| jump_target(off, op, arg)).collect();
    targets.extend(code.exceptiontable.iter().map(|e| e.target as usize));
    let mut last_line = None;
    for (off, op, arg) in code.instructions() {
        let line = code.line_for(off);
        let mut s = String::new();
        if last_line != Some(line) {
            if last_line.is_some() {
                out.push('\n');
            }
            let _ = write!(s, "{line:>4}");
            last_line = Some(line);
        } else {
            s.push_str("    ");
        }
        s.push_str(if targets.contains(&off) { "     >> " } else { "        " });
        let _ = write!(s, "{off:>4} {:<24}", op.name());
        let has_arg = !matches!(
            op.family(),
            Opcode::NOP
                | Opcode::POP_TOP
                | Opcode::PUSH_NULL
                | Opcode::END_FOR
                | Opcode::UNARY_NEGATIVE
                | Opcode::UNARY_NOT
                | Opcode::UNARY_INVERT
                | Opcode::TO_BOOL
                | Opcode::BINARY_SUBSCR
                | Opcode::STORE_SUBSCR
                | Opcode::DELETE_SUBSCR
                | Opcode::BINARY_SLICE
                | Opcode::STORE_SLICE
                | Opcode::GET_ITER
                | Opcode::MAKE_FUNCTION
                | Opcode::RETURN_VALUE
                | Opcode::LOAD_BUILD_CLASS
                | Opcode::PUSH_EXC_INFO
                | Opcode::BEFORE_WITH
                | Opcode::WITH_EXCEPT_START
                | Opcode::POP_EXCEPT
                | Opcode::CHECK_EXC_MATCH
                | Opcode::LOAD_ASSERTION_ERROR
                | Opcode::FORMAT_SIMPLE
                | Opcode::FORMAT_WITH_SPEC
                | Opcode::RETURN_GENERATOR
                | Opcode::GET_YIELD_FROM_ITER
                | Opcode::GET_AWAITABLE
                | Opcode::END_SEND
        );
        if has_arg {
            let _ = write!(s, " {arg:>5}");
            let r = argrepr(code, off, op.family(), arg);
            if !r.is_empty() {
                let _ = write!(s, " ({r})");
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    }
    if !code.exceptiontable.is_empty() {
        out.push_str("ExceptionTable:\n");
        for e in &code.exceptiontable {
            let _ = writeln!(
                out,
                "  {} to {} -> {} [{}]{}",
                e.start,
                e.end,
                e.target,
                e.depth,
                if e.lasti { " lasti" } else { "" }
            );
        }
    }
}
