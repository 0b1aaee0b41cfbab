//! The tier-2 counters and histograms, declared once and grouped by family (`trace_*`,
//! `exit_*`, `executor_*`, `compile_*`). `--stats` prints them family by family and
//! `--stats-json` writes them (counters by name, each histogram's median as `NAME_median`
//! and its buckets as `NAME_histogram`), both from these tables, so a counter added here is
//! counted, printed and written without a second list.
//!
//! The `compile_*` family belongs to the machine-code backends (a backend reports through
//! [`crate::tier2::backend`]); under the uop interpreter it stays at zero.

use std::ops::{Index, IndexMut};

use super::hist::Histogram;

macro_rules! counters {
    ($( $fam:ident { $( $(#[doc = $doc:literal])* $name:ident, )* } )*) => {
        /// A tier-2 counter. Names are the JSON keys.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(non_camel_case_types)]
        pub enum Counter {
            $($( $(#[doc = $doc])* $name, )*)*
        }

        impl Counter {
            /// Every counter, family by family.
            pub const ALL: &'static [Counter] = &[$($(Counter::$name,)*)*];

            /// The counter's name (its JSON key).
            pub const fn name(self) -> &'static str {
                match self { $($( Counter::$name => stringify!($name), )*)* }
            }

            /// The family it belongs to.
            pub const fn family(self) -> &'static str {
                match self { $($( Counter::$name => stringify!($fam), )*)* }
            }
        }
    };
}

counters! {
    trace {
        /// Trace formations started (at a hot back-edge, a hot function entry or a hot side
        /// exit).
        trace_attempted,
        /// Traces that became executors.
        trace_created,
        /// Executors made at a hot function's entry (its `RESUME`), among `trace_created`.
        trace_from_entry,
        /// Executor entries (from tier 1, and transfers from another executor's exit).
        trace_executed,
        /// Uops run by the uop interpreter (counted under `--stats` only).
        trace_uops_executed,
    }
    exit {
        /// Side exits taken (cold or linked).
        exit_taken,
        /// Side exits linked to an executor (their own, or a loop's).
        exit_linked,
        /// Side exits machine code took straight to the linked executor's machine code,
        /// without returning to the host (not counted in `exit_taken`).
        exit_transferred,
        /// Deopts: leaving for tier 1 through a guard without an exit of its own.
        exit_deopt,
        /// Traces formed at the exit of the branch their parent starts with, going the other
        /// way, whose own exit there links back to the parent (:branch-siblings:).
        exit_sibling,
        /// Hot exits at a guard that tier 1's current specialization of the instruction no
        /// longer makes: the root trace was invalidated to be formed again (:stale-guard:).
        exit_stale,
    }
    executor {
        /// Executors invalidated by a watcher (a type, dict keys or function changed).
        executor_invalidated,
        /// Executors freed (copied from the drop counter when read).
        executor_freed,
        /// Executors recompiled by the upgrade backend and swapped in (`--engine tiered`).
        executor_recompiled,
    }
    compile {
        /// Executors compiled to machine code.
        compile_executors,
        /// Compilations that failed (verifier or code generation): the executor runs in the
        /// uop interpreter instead.
        compile_failures,
        /// Executors compiled on the compile thread (:background-compile:), counted in
        /// `compile_executors` too when their code was installed.
        compile_background,
        /// Compilations on the compile thread whose executor died or was invalidated before
        /// its code was installed: cancelled, or their code dropped unused.
        compile_discarded,
        /// Nanoseconds spent compiling, in total.
        compile_time_ns,
        /// Machine-code bytes of every compiled executor.
        compile_code_bytes,
        /// Stores of stack values to the frame that a backend's lowering did not have to emit
        /// (values kept in SSA registers across uops).
        compile_stores_saved,
        /// Float results a backend kept unboxed (an `f64` in a register, boxed only where an
        /// object is needed).
        compile_floats_unboxed,
        /// Float locals a backend carried round a loop in registers (boxed only when the
        /// frame must be exact: an exit, a call, the loop's safe point).
        compile_locals_unboxed,
        /// Code memory in use (bytes of pages held by live executors).
        compile_memory_in_use,
        /// Peak of `compile_memory_in_use`.
        compile_memory_peak,
    }
}

/// Every counter's value.
#[derive(Clone, Debug)]
pub struct Counters([u64; Counter::ALL.len()]);

impl Default for Counters {
    fn default() -> Counters {
        Counters([0; Counter::ALL.len()])
    }
}

impl Index<Counter> for Counters {
    type Output = u64;
    fn index(&self, c: Counter) -> &u64 {
        &self.0[c as usize]
    }
}

impl IndexMut<Counter> for Counters {
    fn index_mut(&mut self, c: Counter) -> &mut u64 {
        &mut self.0[c as usize]
    }
}

macro_rules! histograms {
    ($( $fam:ident { $( $(#[doc = $doc:literal])* $name:ident, )* } )*) => {
        /// A per-trace measurement kept as a histogram (no record per trace is kept, so memory
        /// stays flat however many traces a run forms).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(non_camel_case_types)]
        pub enum Histo {
            $($( $(#[doc = $doc])* $name, )*)*
        }

        impl Histo {
            /// Every histogram, family by family.
            pub const ALL: &'static [Histo] = &[$($(Histo::$name,)*)*];

            /// The histogram's name (`NAME_median`, `NAME_histogram` in the JSON).
            pub const fn name(self) -> &'static str {
                match self { $($( Histo::$name => stringify!($name), )*)* }
            }

            /// The family it belongs to.
            pub const fn family(self) -> &'static str {
                match self { $($( Histo::$name => stringify!($fam), )*)* }
            }
        }
    };
}

histograms! {
    trace {
        /// Nanoseconds spent forming and optimizing each created trace.
        trace_formation_ns,
        /// The same time divided by the trace's length (in the optimized trace).
        trace_formation_ns_per_uop,
        /// Uops in each created trace (after the passes).
        trace_length,
    }
    compile {
        /// Nanoseconds a backend spent compiling each executor.
        compile_ns,
        /// The same time divided by the executor's uops.
        compile_ns_per_uop,
        /// Machine-code bytes per uop of each compiled executor.
        compile_code_bytes_per_uop,
    }
}

/// Every histogram.
#[derive(Clone, Debug)]
pub struct Histograms(Vec<Histogram>);

impl Default for Histograms {
    fn default() -> Histograms {
        Histograms(Histo::ALL.iter().map(|_| Histogram::default()).collect())
    }
}

impl Index<Histo> for Histograms {
    type Output = Histogram;
    fn index(&self, h: Histo) -> &Histogram {
        &self.0[h as usize]
    }
}

impl IndexMut<Histo> for Histograms {
    fn index_mut(&mut self, h: Histo) -> &mut Histogram {
        &mut self.0[h as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_their_family() {
        for c in Counter::ALL {
            assert!(c.name().starts_with(&format!("{}_", c.family())), "{}", c.name());
        }
        for h in Histo::ALL {
            assert!(h.name().starts_with(&format!("{}_", h.family())), "{}", h.name());
        }
    }
}
