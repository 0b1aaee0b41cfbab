//! The stencil engine's dumps (issue 18): `--dump asm` disassembles each executor's final
//! code with every piece labeled (the prelude, each uop's stencil, the error stub, each exit
//! or deopt stub) and the addresses it uses named, as Cranelift's dump names them.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn asm_dump_labels_each_stencil_and_names_addresses() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/clif/int_loop.py");
    let out = Command::new(env!("CARGO_BIN_EXE_tracelift"))
        .args(["run", "--engine", "stencil", "--jit-threshold", "16", "--dump", "asm"])
        .arg(&p)
        .env_remove("TRACELIFT_ENGINE")
        .output()
        .expect("tracelift runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("# executor e0 ("), "{err}");
    if cfg!(target_arch = "x86_64") {
        for piece in ["; PRELUDE", "; _CHECK_VALIDITY", "; _JUMP_TO_TOP", "; ERROR", "; EXIT of uop"] {
            assert!(err.contains(piece), "{piece} is labeled: {err}");
        }
        assert!(err.contains("@e0.head"), "the executor's head is named: {err}");
        assert!(err.contains("call @tl_rt_"), "runtime calls are named: {err}");
        assert!(err.contains("<+"), "local branch targets are offsets: {err}");
    }
}
