//! The stencil table against the uop table (issue 18): every uop has a stencil, every hole is
//! of a known kind and inside its code, the transfers a uop's flags promise are in its
//! stencil, and five stencils match their goldens (`tests/stencils/*.txt`; `BLESS=1` rewrites
//! them after a deliberate change, as for the CLIF goldens).

use tracelift_jit_stencil::{HoleKind, STENCILS, describe, stencil};
use tracelift_uops::Uop;
use tracelift_uops::uop::flags;

#[test]
fn every_uop_has_a_stencil_in_table_order() {
    assert_eq!(STENCILS.len(), Uop::ALL.len());
    for (i, u) in Uop::ALL.iter().enumerate() {
        assert_eq!(STENCILS[i].name, u.name());
        assert!(stencil(*u).is_some(), "{}", u.name());
    }
}

#[test]
fn holes_lie_inside_their_code_and_have_a_width_their_kind_allows() {
    for s in STENCILS {
        let mut end = 0;
        for h in s.holes {
            let at = h.offset as usize;
            assert!(at >= end, "{}: holes overlap or are out of order at {at}", s.name);
            end = at + h.width as usize;
            assert!(end <= s.code.len(), "{}: a hole at {at} runs past the code", s.name);
            let ok = match h.kind {
                HoleKind::Operand | HoleKind::Executor | HoleKind::ExitCell | HoleKind::Abs64(_) => h.width == 8,
                HoleKind::Oparg | HoleKind::Target | HoleKind::Resume => h.width == 4 || h.width == 8,
                HoleKind::Continue
                | HoleKind::JumpTarget
                | HoleKind::Deopt
                | HoleKind::Error
                | HoleKind::Rel32(_)
                | HoleKind::Abs32(_) => h.width == 4,
            };
            assert!(ok, "{}: {:?} of width {}", s.name, h.kind, h.width);
            if let HoleKind::Rel32(sym) | HoleKind::Abs32(sym) | HoleKind::Abs64(sym) = h.kind {
                let abi = tracelift_uops::abi::ABI_SYMBOLS.contains(&sym);
                assert!(abi || sym.starts_with("tl_exec_"), "{}: unknown symbol {sym}", s.name);
            }
        }
    }
}

#[test]
fn transfers_agree_with_the_uop_flags() {
    let mut wrong = Vec::new();
    for s in STENCILS {
        let f = Uop::ALL.iter().find(|u| u.name() == s.name).unwrap().flags();
        let has = |k: HoleKind| s.holes.iter().any(|h| h.kind == k);
        let name = s.name;
        // A uop that can deopt or exit has a way to its deopt stub, and one that can raise a
        // way to the error stub: the body does what the flags promise. (The other direction
        // cannot be read off a stencil: a body that returns what a runtime service returned,
        // like every generic uop, keeps every arm.)
        if f & (flags::DEOPT | flags::EXIT) != 0 && !has(HoleKind::Deopt) {
            wrong.push(format!("{name}: its flags say it deopts, its stencil never does"));
        }
        if f & flags::ERROR != 0 && !has(HoleKind::Error) {
            wrong.push(format!("{name}: its flags say it raises, its stencil never does"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn five_stencils_match_their_goldens() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stencils");
    let bless = std::env::var_os("BLESS").is_some();
    let mut failed = Vec::new();
    for u in [Uop::_LOAD_FAST, Uop::_BINARY_OP_ADD_INT, Uop::_GUARD_TOS_FLOAT, Uop::_POP_FRAME, Uop::_JUMP_TO_TOP] {
        let got = describe(stencil(u).expect("a stencil"));
        let path = dir.join(format!("{}.txt", u.name().trim_start_matches('_').to_lowercase()));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != got {
            eprintln!("--- {}\n{want}+++ got\n{got}", path.display());
            failed.push(u.name());
        }
    }
    assert!(failed.is_empty(), "stencils differ from the goldens (BLESS=1 to accept): {failed:?}");
}
