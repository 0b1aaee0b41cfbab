//! Build-time stencil check (DESIGN.md §2.5, issue 3).
//!
//! Compiles every uop body, unchanged, into one `#![no_std]` object with the stencil flags
//! (`--emit=obj -C opt-level=3 -C panic=abort -C relocation-model=static -C code-model=medium
//! -C jump-tables=no -C force-unwind-tables=no`), with the same `rustc` that builds the crate,
//! one `#[no_mangle] extern "C"` wrapper per uop instantiated with `ExternRt`. Then it reads the
//! object with the `object` crate and fails the build if any undefined symbol is not part of
//! the ABI layer (`abi::ABI_SYMBOLS`): a panic path, a bounds check, an allocator call or a
//! formatting routine would show up here as `core::panicking::*`, `__rust_alloc`, and so on.
//! The copy-and-patch backend will reuse this object; today the check is what keeps the bodies
//! stencil-ready.

#[path = "src/abi.rs"]
#[allow(dead_code)]
mod abi;
#[path = "src/opcode.rs"]
#[allow(dead_code, clippy::upper_case_acronyms)]
mod opcode;
#[path = "src/uop.rs"]
#[allow(dead_code)]
mod uop;

use std::path::PathBuf;
use std::process::Command;

use object::{Object, ObjectSymbol};

fn main() {
    for f in ["build.rs", "src/abi.rs", "src/bodies.rs", "src/uop.rs", "src/opcode.rs"] {
        println!("cargo:rerun-if-changed={f}");
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("manifest dir"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("out dir"));
    let src = dir.join("src");

    let mut root = String::new();
    root.push_str("#![no_std]\n#![allow(non_snake_case, dead_code, clippy::all)]\n");
    root.push_str(&format!("#[path = {:?}]\npub mod abi;\n", src.join("abi.rs")));
    root.push_str(&format!("#[path = {:?}]\npub mod bodies;\n", src.join("bodies.rs")));
    root.push_str(&format!("#[path = {:?}]\npub mod opcode;\n", src.join("opcode.rs")));
    root.push_str(&format!("#[path = {:?}]\npub mod uop;\n", src.join("uop.rs")));
    root.push_str("use abi::{Ctx, ExternRt, Step};\n");
    for u in uop::Uop::ALL {
        let n = u.name();
        root.push_str(&format!(
            "#[unsafe(no_mangle)]\npub unsafe extern \"C\" fn stencil{n}(cx: &mut Ctx, oparg: u32, operand: u64) -> Step {{\n    \
             unsafe {{ bodies::{n}::<ExternRt>(cx, oparg, operand) }}\n}}\n"
        ));
    }
    let root_path = out.join("stencils.rs");
    std::fs::write(&root_path, root).expect("write stencil root");

    let obj_path = out.join("stencils.o");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let target = std::env::var("TARGET").expect("target");
    let mut cmd = Command::new(rustc);
    cmd.args(["--crate-type=lib", "--crate-name=tracelift_stencils", "--edition=2024", "--emit=obj"])
        .arg("--target")
        .arg(&target)
        .arg("-o")
        .arg(&obj_path)
        .args(["-C", "opt-level=3", "-C", "panic=abort", "-C", "relocation-model=static"])
        .args(["-C", "jump-tables=no", "-C", "force-unwind-tables=no", "-C", "codegen-units=1"]);
    if target.starts_with("x86_64") {
        cmd.args(["-C", "code-model=medium"]);
    }
    cmd.arg(&root_path);
    // Cargo's own flags for this build (e.g. coverage) must not leak into the stencils.
    cmd.env_remove("CARGO_ENCODED_RUSTFLAGS");
    let status = cmd.status().expect("run rustc for the stencil check");
    if !status.success() {
        panic!("stencil check: the uop bodies do not compile as #![no_std] stencils (see rustc's errors above)");
    }

    let data = std::fs::read(&obj_path).expect("read stencil object");
    let file = object::File::parse(&*data).expect("parse stencil object");
    let mut bad = Vec::new();
    for sym in file.symbols() {
        if sym.is_undefined() {
            let name = sym.name().unwrap_or("?");
            if !name.is_empty() && !abi::ABI_SYMBOLS.contains(&name) {
                bad.push(name.to_string());
            }
        }
    }
    let defined =
        file.symbols().filter(|s| s.is_definition() && s.name().is_ok_and(|n| n.starts_with("stencil_"))).count();
    if defined != uop::Uop::ALL.len() {
        panic!("stencil check: expected {} stencils in the object, found {defined}", uop::Uop::ALL.len());
    }
    if !bad.is_empty() {
        bad.sort();
        bad.dedup();
        panic!(
            "stencil check: uop bodies reference symbols outside the ABI layer (a panic path, a bounds check, an \
             allocation?): {}",
            bad.join(", ")
        );
    }
}
