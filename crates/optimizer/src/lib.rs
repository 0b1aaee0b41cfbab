//! The tier-2 optimizer: a pipeline of passes over uop traces, each in its own file and each
//! switchable, the abstract interpretation they share, and the verifier that checks every
//! trace after every pass (DESIGN.md §1, `docs/optimizer.md`).
//!
//! A pass is a function `fn(&mut Vec<UopInst>, &dyn Env)`; [`PASSES`] lists them in pipeline
//! order with their names (for `--dump uops`, `--passes` and `--no-pass`). The VM runs
//! [`verify::verify`] after trace formation and after each pass; a trace that fails is dropped
//! and counted, never run.

pub mod analysis;
pub mod float_stores;
pub mod fold;
pub mod globals;
pub mod guards;
pub mod inline_keys;
pub mod local_loads;
pub mod remove_unneeded;
pub mod symbols;
pub mod verify;
pub mod watched;

use analysis::Env;
use tracelift_uops::trace::UopInst;

/// A named pass.
pub struct Pass {
    /// Its name, as dumps and `--passes` spell it.
    pub name: &'static str,
    /// What it does, in a line (for `--help` and the docs).
    pub about: &'static str,
    /// The pass.
    pub run: fn(&mut Vec<UopInst>, &dyn Env),
}

/// The pipeline, in order.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "promote_globals",
        about: "globals, builtins and module attributes become constants the executor depends on; guards on them go",
        run: globals::promote_globals,
    },
    Pass {
        name: "fold_constants",
        about: "operations on constant small ints fold; a branch guard on a constant that passes goes",
        run: fold::fold_constants,
    },
    Pass {
        name: "prove_inline_keys",
        about: "an instance attribute load or store whose owner's class is proven, and whose class has the name at the hint, skips the key test",
        run: |t, env| inline_keys::prove_inline_keys(t, env),
    },
    Pass {
        name: "guard_elimination",
        about: "drop guards whose facts the trace has proven; _LOAD_FAST_CHECK of a bound local becomes _LOAD_FAST",
        run: guards::guard_elimination,
    },
    Pass {
        name: "promote_type_versions",
        about: "type-version guards become watched dependencies: a repeated one goes even after an escape",
        run: watched::promote_type_versions,
    },
    Pass {
        name: "remove_unneeded_uops",
        about: "keep _SET_IP only before a uop that can raise or escape, _CHECK_VALIDITY only after an escape; drop a pure push popped at once",
        run: |t, _| remove_unneeded::remove_unneeded_uops(t),
    },
    Pass {
        name: "fuse_float_stores",
        about: "a float operation and the _STORE_FAST of its result become one uop that reuses the local's dead box",
        run: float_stores::fuse_float_stores,
    },
    Pass {
        name: "fuse_local_loads",
        about: "two _LOAD_FASTs in a row become one _LOAD_FAST_PAIR (one dispatch, one stencil)",
        run: local_loads::fuse_local_loads,
    },
];

/// Appends `u` to a rewritten trace and runs it on the analysis state (passes that build a
/// new trace instead of marking uops).
pub(crate) fn emit(st: &mut analysis::State, out: &mut Vec<UopInst>, u: UopInst) {
    st.step(&u);
    out.push(u);
}

/// Keeps the uops of `trace` whose `keep` entry is true (a pass marks, then drops).
pub(crate) fn retain_marked(trace: &mut Vec<UopInst>, keep: &[bool]) {
    let mut i = 0;
    trace.retain(|_| {
        let k = keep[i];
        i += 1;
        k
    });
}

/// A set of passes, one bit per entry of [`PASSES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassSet(pub u32);

impl PassSet {
    /// Every pass.
    pub const ALL: PassSet = PassSet((1 << PASSES.len()) - 1);
    /// No pass.
    pub const NONE: PassSet = PassSet(0);

    /// Is pass `i` of [`PASSES`] in the set?
    pub fn has(self, i: usize) -> bool {
        self.0 & (1 << i) != 0
    }

    /// The passes named in `list` (comma-separated; `all` and `none` too).
    pub fn parse(list: &str) -> Result<PassSet, String> {
        let mut set = PassSet::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "all" => set = PassSet::ALL,
                "none" => {}
                _ => set.0 |= 1 << index(name)?,
            }
        }
        Ok(set)
    }

    /// The set without pass `name`.
    pub fn without(self, name: &str) -> Result<PassSet, String> {
        Ok(PassSet(self.0 & !(1 << index(name)?)))
    }

    /// The names of the passes in the set, in pipeline order.
    pub fn names(self) -> Vec<&'static str> {
        PASSES.iter().enumerate().filter(|(i, _)| self.has(*i)).map(|(_, p)| p.name).collect()
    }
}

fn index(name: &str) -> Result<usize, String> {
    PASSES.iter().position(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PASSES.iter().map(|p| p.name).collect();
        format!("unknown optimizer pass '{name}' (passes: {})", known.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_lists_parse_and_unknown_names_are_refused() {
        assert_eq!(PassSet::parse("all"), Ok(PassSet::ALL));
        assert_eq!(PassSet::parse("none"), Ok(PassSet::NONE));
        let one = PassSet::parse("remove_unneeded_uops").unwrap();
        assert_eq!(one.names(), vec!["remove_unneeded_uops"]);
        let rest = PassSet::ALL
            .without("promote_globals")
            .unwrap()
            .without("guard_elimination")
            .unwrap()
            .without("fold_constants")
            .unwrap()
            .without("promote_type_versions")
            .unwrap()
            .without("fuse_float_stores")
            .unwrap()
            .without("fuse_local_loads")
            .unwrap()
            .without("prove_inline_keys")
            .unwrap();
        assert_eq!(rest, one);
        assert!(PassSet::parse("constant_folding_x").unwrap_err().contains("unknown optimizer pass"));
    }
}
