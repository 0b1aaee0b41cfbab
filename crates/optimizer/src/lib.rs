//! The tier-2 optimizer: a pipeline of passes over uop traces, each in its own file and each
//! switchable, and the verifier that checks every trace after every pass (DESIGN.md §1).
//!
//! A pass is a function `fn(&mut Vec<UopInst>)`; [`PASSES`] lists them in pipeline order with
//! their names (for `--dump uops` and for turning passes off). The VM runs
//! [`verify::verify`] after trace formation and after each pass; a trace that fails is dropped
//! and counted, never run.

pub mod remove_unneeded;
pub mod verify;

use tracelift_uops::trace::UopInst;

/// A named pass.
pub struct Pass {
    /// Its name, as dumps print it.
    pub name: &'static str,
    /// The pass.
    pub run: fn(&mut Vec<UopInst>),
}

/// The pipeline, in order.
pub const PASSES: &[Pass] = &[Pass { name: "remove_unneeded_uops", run: remove_unneeded::remove_unneeded_uops }];
