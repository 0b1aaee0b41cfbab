//! Builds the stencils (DESIGN.md §2.5, issue 18, `docs/stencils.md`).
//!
//! Every uop body, unchanged, is wrapped in a template (`_JIT_ENTRY_<uop>`, one function per
//! uop) and compiled into one `#![no_std]` object by the `rustc` that builds the crate, with
//! the stencil flags (`--emit=obj -C opt-level=3 -C panic=abort -C relocation-model=static
//! -C code-model=medium -C jump-tables=no -C force-unwind-tables=no`). The template reads its
//! oparg, operand and target from *holes* (the addresses of extern `u8` statics, patched at
//! compile time of a trace; LLVM loads them with `movabs`, so the 64-bit operand is one hole)
//! and leaves by tail calls to extern functions the backend places:
//! the next stencil (`_JIT_CONTINUE`), the trace's top (`_JIT_JUMP_TARGET`), the uop's exit or
//! deopt stub (`_JIT_DEOPT`) and the error stub (`_JIT_ERROR`).
//!
//! The object is read with the `object` crate: each stencil is its function's section bytes
//! plus its relocations, each turned into a hole of a known kind. The build fails, naming the
//! stencil, on a symbol outside the ABI layer (a panic path, a bounds check, an allocator
//! call), a relocation kind the extractor does not know, a reference to data, or a transfer
//! (continue, jump, deopt, error) reached by `call` instead of `jmp` (stable Rust has no
//! guaranteed tail calls, so this check is what makes chaining stencils safe). A final
//! `jmp _JIT_CONTINUE` is elided: the next stencil follows. The result is
//! `$OUT_DIR/stencils.rs`, the table `src/lib.rs` includes.

#[path = "../uops/src/abi.rs"]
#[allow(dead_code)]
mod abi;
#[path = "../uops/src/opcode.rs"]
#[allow(dead_code, clippy::upper_case_acronyms)]
mod opcode;
#[path = "../uops/src/uop.rs"]
#[allow(dead_code)]
mod uop;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget};

/// The template's holes for values (extern `u8` statics whose address is the value).
const VALUE_HOLES: [(&str, &str); 6] = [
    ("_JIT_OPARG", "Oparg"),
    ("_JIT_OPERAND", "Operand"),
    ("_JIT_TARGET", "Target"),
    ("_JIT_EXECUTOR", "Executor"),
    ("_JIT_EXIT_CELL", "ExitCell"),
    ("_JIT_RESUME", "Resume"),
];

/// The glue stencils around the uops' (name, body): the executor's entry, a uop's deopt or
/// side exit, and the error return. Their holes are of the same kinds as the uops'.
const GLUE: [(&str, &str); 4] = [
    // Entry: this executor is the running one, at its first instruction (as the host does);
    // its entries are counted (tiering reads them).
    (
        "PRELUDE",
        "let head = hole64(&raw const _JIT_EXECUTOR) as *const abi::ExecHead;
        cx.executor = head;
        (*head).entries.set((*head).entries.get() + 1);
        cx.ip = hole32(&raw const _JIT_TARGET) as u64;
        let sp = cx.sp;
        _JIT_CONTINUE(cx, sp)",
    ),
    // A deopt: return its leave code (the operand).
    ("DEOPT", "hole64(&raw const _JIT_OPERAND)"),
    // A side exit: transfer to the executor its cell links while the chain is short enough
    // (:exit-link:), else return its leave code (the operand).
    (
        "EXIT",
        "let next = *(hole64(&raw const _JIT_EXIT_CELL) as *const u64);
        if next != 0 && cx.chain < abi::MAX_CHAIN {
            cx.chain += 1;
            let f: unsafe extern \"C\" fn(&mut Ctx) -> u64 = core::mem::transmute(next as usize);
            return f(cx);
        }
        hole64(&raw const _JIT_OPERAND)",
    ),
    // An error: the host unwinds from `cx.ip`.
    ("ERROR", "abi::leave::encode(abi::leave::ERROR, 0, 0)"),
];

/// The template's transfers (extern functions the backend places), reached by `jmp` only.
const TRANSFERS: [(&str, &str); 4] = [
    ("_JIT_CONTINUE", "Continue"),
    ("_JIT_JUMP_TARGET", "JumpTarget"),
    ("_JIT_DEOPT", "Deopt"),
    ("_JIT_ERROR", "Error"),
];

/// Runtime functions the templates call besides the ABI table (the VM exports them).
const FRAME_HELPERS: [&str; 4] =
    ["tl_exec_enter_frame", "tl_exec_push_plain", "tl_exec_leave_frame", "tl_exec_return_to_caller"];

fn main() {
    for f in [
        "build.rs",
        "../uops/src/abi.rs",
        "../uops/src/bodies.rs",
        "../uops/src/bodies/arith.rs",
        "../uops/src/bodies/calls.rs",
        "../uops/src/bodies/float_stores.rs",
        "../uops/src/bodies/generic.rs",
        "../uops/src/uop.rs",
        "../uops/src/opcode.rs",
    ] {
        println!("cargo:rerun-if-changed={f}");
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("manifest dir"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("out dir"));
    let target = std::env::var("TARGET").expect("target");
    let src = dir.join("../uops/src");
    let root_path = out.join("stencil_templates.rs");
    std::fs::write(&root_path, templates(&src)).expect("write the stencil templates");
    let obj_path = out.join("stencils.o");
    compile(&root_path, &obj_path, &target);
    let data = std::fs::read(&obj_path).expect("read the stencil object");
    let table = if target.starts_with("x86_64") {
        match extract(&data) {
            Ok(t) => t,
            Err(errors) => panic!("stencils: {}", errors.join("\n  ")),
        }
    } else {
        // The extractor knows x86-64 relocations only; elsewhere the table is empty and the
        // backend says it does not support the target.
        let mut t = "pub static STENCILS: &[Stencil] = &[];\n".to_string();
        for (name, _) in GLUE {
            let _ = writeln!(t, "pub static {name}: Stencil = Stencil {{ name: {name:?}, code: &[], holes: &[] }};");
        }
        t
    };
    std::fs::write(out.join("stencils.rs"), table).expect("write the stencil table");
}

/// The Rust source of every uop's template.
fn templates(src: &Path) -> String {
    let mut s = String::new();
    s.push_str("#![no_std]\n#![allow(non_snake_case, dead_code, unused, clippy::all)]\n");
    for m in ["abi", "bodies", "opcode", "uop"] {
        let _ = writeln!(s, "#[path = {:?}]\npub mod {m};", src.join(format!("{m}.rs")));
    }
    s.push_str(
        "use abi::{Ctx, ExternRt, Step};\n\
         unsafe extern \"C\" {\n\
         \x20   static _JIT_OPARG: u8;\n\
         \x20   static _JIT_OPERAND: u8;\n\
         \x20   static _JIT_TARGET: u8;\n\
         \x20   static _JIT_EXECUTOR: u8;\n\
         \x20   static _JIT_EXIT_CELL: u8;\n\
         \x20   static _JIT_RESUME: u8;\n\
         \x20   fn _JIT_CONTINUE(cx: &mut Ctx, sp: *mut u64) -> u64;\n\
         \x20   fn _JIT_JUMP_TARGET(cx: &mut Ctx, sp: *mut u64) -> u64;\n\
         \x20   fn _JIT_DEOPT(cx: &mut Ctx, sp: *mut u64) -> u64;\n\
         \x20   fn _JIT_ERROR(cx: &mut Ctx, sp: *mut u64) -> u64;\n\
         \x20   fn tl_exec_enter_frame(cx: *mut Ctx, oparg: u32, call: u32) -> bool;\n\
         \x20   fn tl_exec_push_plain(cx: *mut Ctx, oparg: u32, call: u32, resume: u32) -> bool;\n\
         \x20   fn tl_exec_leave_frame(cx: *mut Ctx) -> bool;\n\
         \x20   fn tl_exec_return_to_caller(cx: *mut Ctx, code: u64, ip: u32) -> bool;\n\
         }\n\
         /// A hole: the address of its symbol, which the backend patches in.\n\
         #[inline(always)]\n\
         fn hole32(p: *const u8) -> u32 { p as usize as u32 }\n\
         #[inline(always)]\n\
         fn hole64(p: *const u8) -> u64 { p as usize as u64 }\n",
    );
    for (name, body) in GLUE {
        // The prelude is entered as a C function of `cx` alone (by the host and by linked
        // exits); the other glue is reached from a stencil, with the stack pointer too.
        let params = if name == "PRELUDE" { "cx: &mut Ctx" } else { "cx: &mut Ctx, _sp: *mut u64" };
        let _ = write!(
            s,
            "#[unsafe(no_mangle)]\npub unsafe extern \"C\" fn _JIT_ENTRY_{name}({params}) -> u64 {{\n    \
             unsafe {{\n        {body}\n    }}\n}}\n"
        );
    }
    // :stencil-sp: (docs/stencils.md): a stencil takes `cx.sp` in a register as well as in
    // memory and passes it on, so no stencil loads what the one before it just stored.
    for u in uop::Uop::ALL {
        let n = u.name();
        let frame = if *u == uop::Uop::_POP_FRAME {
            "if tl_exec_leave_frame(cx) { let sp = cx.sp; _JIT_CONTINUE(cx, sp) } else { let sp = cx.sp; _JIT_ERROR(cx, sp) }"
        } else if *u == uop::Uop::_RETURN_TO_CALLER {
            "if tl_exec_return_to_caller(cx, operand, oparg) { let sp = cx.sp; _JIT_CONTINUE(cx, sp) } else { let sp = cx.sp; _JIT_DEOPT(cx, sp) }"
        } else {
            // :inline-frame: a plain call's push is told where the caller resumes (the
            // backend read it off the call when it compiled), so the host need not decode it.
            "{ let call = hole32(&raw const _JIT_TARGET); let resume = hole32(&raw const _JIT_RESUME); \
             let ok = if resume != 0 { tl_exec_push_plain(cx, oparg, call, resume) } else { tl_exec_enter_frame(cx, oparg, call) }; \
             if ok { let sp = cx.sp; _JIT_CONTINUE(cx, sp) } else { let sp = cx.sp; _JIT_ERROR(cx, sp) } }"
        };
        // :ip-at-error: a uop that can only raise may have lost its `_SET_IP`; its error path
        // sets the instruction pointer to its own target.
        let error_ip = if u.raises_at_target() { "cx.ip = hole32(&raw const _JIT_TARGET) as u64; " } else { "" };
        let _ = write!(
            s,
            "#[unsafe(no_mangle)]\n\
             pub unsafe extern \"C\" fn _JIT_ENTRY_{n}(cx: &mut Ctx, sp: *mut u64) -> u64 {{\n\
             \x20   unsafe {{\n\
             \x20       cx.sp = sp;\n\
             \x20       let oparg = hole32(&raw const _JIT_OPARG);\n\
             \x20       let operand = hole64(&raw const _JIT_OPERAND);\n\
             \x20       match bodies::{n}::<ExternRt>(cx, oparg, operand) {{\n\
             \x20           Step::Next => {{ let sp = cx.sp; _JIT_CONTINUE(cx, sp) }}\n\
             \x20           Step::Jump => {{ let sp = cx.sp; _JIT_JUMP_TARGET(cx, sp) }}\n\
             \x20           Step::Deopt => {{ let sp = cx.sp; _JIT_DEOPT(cx, sp) }}\n\
             \x20           Step::Error => {{ {error_ip}let sp = cx.sp; _JIT_ERROR(cx, sp) }}\n\
             \x20           Step::Frame => {frame},\n\
             \x20       }}\n\
             \x20   }}\n\
             }}\n"
        );
    }
    s
}

/// Compiles the templates with the stencil flags.
fn compile(root: &Path, obj: &Path, target: &str) {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let mut cmd = Command::new(rustc);
    cmd.args(["--crate-type=lib", "--crate-name=tracelift_stencils", "--edition=2024", "--emit=obj"])
        .arg("--target")
        .arg(target)
        .arg("-o")
        .arg(obj)
        .args(["-C", "opt-level=3", "-C", "panic=abort", "-C", "relocation-model=static"])
        .args(["-C", "jump-tables=no", "-C", "force-unwind-tables=no", "-C", "codegen-units=1"]);
    if target.starts_with("x86_64") {
        cmd.args(["-C", "code-model=medium"]);
    }
    cmd.arg(root);
    // Cargo's own flags for this build (e.g. coverage) must not leak into the stencils.
    cmd.env_remove("CARGO_ENCODED_RUSTFLAGS");
    let status = cmd.status().expect("run rustc for the stencils");
    if !status.success() {
        panic!("stencils: the uop bodies do not compile as #![no_std] stencils (see rustc's errors above)");
    }
}

/// One hole, as the generated table spells it.
struct Hole {
    offset: u64,
    kind: String,
    /// Bytes patched: 4 or 8.
    width: u8,
    addend: i64,
}

/// The stencil table's source, or every reason the object cannot be one.
fn extract(data: &[u8]) -> Result<String, Vec<String>> {
    let file = object::File::parse(data).map_err(|e| vec![format!("cannot parse the stencil object: {e}")])?;
    let mut errors = Vec::new();
    let mut stencils: BTreeMap<String, (Vec<u8>, Vec<Hole>)> = BTreeMap::new();
    for sym in file.symbols() {
        let Ok(name) = sym.name() else { continue };
        let Some(uop) = name.strip_prefix("_JIT_ENTRY_") else { continue };
        if !sym.is_definition() {
            continue;
        }
        let Some(index) = sym.section_index() else { continue };
        let section = file.section_by_index(index).expect("the symbol's section");
        if sym.address() != section.address() || sym.size() != section.size() {
            errors.push(format!("{uop}: its function does not fill a section of its own"));
            continue;
        }
        let mut code = section.data().expect("section bytes").to_vec();
        let mut holes = Vec::new();
        for (offset, rel) in section.relocations() {
            let target = match rel.target() {
                RelocationTarget::Symbol(i) => {
                    let s = file.symbol_by_index(i).expect("a relocation's symbol");
                    if s.kind() == object::SymbolKind::Section || s.is_local() {
                        let what = s
                            .section_index()
                            .and_then(|i| file.section_by_index(i).ok())
                            .map(|sec| format!("{} ({:?})", sec.name().unwrap_or("?"), sec.kind()))
                            .unwrap_or_else(|| "?".into());
                        errors.push(format!("{uop}: references data or code of its own object: {what}"));
                        continue;
                    }
                    s.name().unwrap_or("?").to_string()
                }
                other => {
                    errors.push(format!("{uop}: a relocation to {other:?}"));
                    continue;
                }
            };
            let RelocationFlags::Elf { r_type } = rel.flags() else {
                errors.push(format!("{uop}: a relocation that is not ELF"));
                continue;
            };
            let addend = rel.addend();
            let (kind, width) = match classify(&code, offset as usize, r_type, &target) {
                Ok(k) => k,
                Err(e) => {
                    errors.push(format!("{uop}: {e}"));
                    continue;
                }
            };
            holes.push(Hole { offset, kind, width, addend });
        }
        // A final `jmp _JIT_CONTINUE` is elided: the next stencil follows.
        if let Some(last) = holes.iter().position(|h| h.kind == "Continue" && h.offset as usize + 4 == code.len()) {
            code.truncate(code.len() - 5);
            holes.remove(last);
        }
        holes.sort_by_key(|h| h.offset);
        stencils.insert(uop.to_string(), (code, holes));
    }
    // The side-exit stub transfers through a function pointer: that must be a tail `jmp *reg`
    // (FF E0+r), never a `call *reg` (FF D0+r), for a chain of transfers not to grow the
    // native stack. (Its holes are zero here, so no immediate can look like either.)
    if let Some((code, _)) = stencils.get("EXIT") {
        let pairs = || code.windows(2);
        if pairs().any(|w| w[0] == 0xff && (0xd0..=0xd7).contains(&w[1]))
            || !pairs().any(|w| w[0] == 0xff && (0xe0..=0xe7).contains(&w[1]))
        {
            errors.push("EXIT: the transfer to the linked executor is not a tail jmp".into());
        }
    }
    for name in uop::Uop::ALL.iter().map(|u| u.name()).chain(GLUE.iter().map(|(n, _)| *n)) {
        if !stencils.contains_key(name) {
            errors.push(format!("{name}: no stencil in the object"));
        }
    }
    if !errors.is_empty() {
        errors.sort();
        errors.dedup();
        return Err(errors);
    }
    let mut t = String::new();
    t.push_str("// @generated by crates/jit-stencil/build.rs from the uop bodies: do not edit.\n");
    t.push_str("/// One stencil per uop, in `Uop::ALL` order.\npub static STENCILS: &[Stencil] = &[\n");
    for u in uop::Uop::ALL {
        t.push_str(&literal(u.name(), &stencils[u.name()]));
        t.push_str(",\n");
    }
    t.push_str("];\n");
    for (name, _) in GLUE {
        let _ = writeln!(
            t,
            "/// The `{name}` glue stencil.\npub static {name}: Stencil = {};",
            literal(name, &stencils[name])
        );
    }
    Ok(t)
}

/// A stencil as a Rust literal of the generated table.
fn literal(name: &str, (code, holes): &(Vec<u8>, Vec<Hole>)) -> String {
    let mut t = format!("Stencil {{\n    name: {name:?},\n    code: &[");
    for (i, b) in code.iter().enumerate() {
        let _ = write!(t, "{}{b:#04x}", if i == 0 { "" } else { ", " });
    }
    t.push_str("],\n    holes: &[");
    for h in holes {
        let _ = write!(
            t,
            "\n        Hole {{ offset: {}, kind: HoleKind::{}, width: {}, addend: {} }},",
            h.offset, h.kind, h.width, h.addend
        );
    }
    t.push_str(if holes.is_empty() { "],\n}" } else { "\n    ],\n}" });
    t
}

/// The hole kind (as the table spells it) of an x86-64 relocation of `r_type` to `target` at
/// `offset` in `code`.
fn classify(
    code: &[u8],
    offset: usize,
    r_type: object::elf::RelocationType,
    target: &str,
) -> Result<(String, u8), String> {
    use object::elf::{R_X86_64_32, R_X86_64_32S, R_X86_64_64, R_X86_64_PC32, R_X86_64_PLT32};
    let pc_relative = r_type == R_X86_64_PC32 || r_type == R_X86_64_PLT32;
    let absolute32 = r_type == R_X86_64_32 || r_type == R_X86_64_32S;
    let width = if r_type == R_X86_64_64 { 8 } else { 4 };
    if let Some((_, kind)) = VALUE_HOLES.iter().find(|(s, _)| *s == target) {
        // The operand is 64 bits: only a 64-bit absolute can hold it.
        let fits = r_type == R_X86_64_64 || (absolute32 && matches!(*kind, "Oparg" | "Target"));
        return if fits {
            Ok(((*kind).to_string(), width))
        } else {
            Err(format!("hole {target} by relocation type {r_type:?} (too narrow or not absolute)"))
        };
    }
    if let Some((_, kind)) = TRANSFERS.iter().find(|(s, _)| *s == target) {
        if !pc_relative {
            return Err(format!("transfer {target} by relocation type {r_type:?}"));
        }
        // `jmp rel32` is E9; `jcc rel32` is 0F 8x. A `call` (E8) would grow the native stack
        // at every uop: no tail call there, so the template cannot chain. (LLVM keeps the call
        // when the body passed the address of a local to a function.)
        let op = offset.checked_sub(1).map(|i| code[i]);
        let jcc = offset >= 2 && code[offset - 2] == 0x0f && (code[offset - 1] & 0xf0) == 0x80;
        return match op {
            Some(0xe9) => Ok(((*kind).to_string(), 4)),
            _ if jcc => Ok(((*kind).to_string(), 4)),
            Some(0xe8) => Err(format!("{target} is reached by call instead of jmp")),
            _ => Err(format!("{target} is reached by an instruction the extractor does not know ({op:#04x?})")),
        };
    }
    let known = abi::ABI_SYMBOLS.contains(&target) || FRAME_HELPERS.contains(&target);
    if !known {
        return Err(format!(
            "references {target}, outside the ABI layer (a panic path, a bounds check, an allocation?)"
        ));
    }
    if pc_relative {
        Ok((format!("Rel32({target:?})"), 4))
    } else if absolute32 {
        Ok((format!("Abs32({target:?})"), 4))
    } else if r_type == R_X86_64_64 {
        Ok((format!("Abs64({target:?})"), 8))
    } else {
        Err(format!("references {target} by relocation type {r_type:?}, which the extractor does not know"))
    }
}
