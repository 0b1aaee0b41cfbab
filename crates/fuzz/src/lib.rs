//! tracelift-fuzz, the differential fuzzer (DESIGN.md §4 "Fuzzing is a habit"): `pygen` writes
//! a random valid Python program for a seed, `run` runs it under `python3` and under each
//! tracelift configuration and classifies what differs, `minimize` shrinks a differing program
//! while it keeps differing the same way, and `summary` counts and reports the findings.

pub mod minimize;
pub mod pygen;
pub mod run;
pub mod summary;
