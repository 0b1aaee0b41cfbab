//! What a safe point does when the eval breaker (`tracelift_runtime::breaker`) is set.
//!
//! Tier 1 tests the breaker word at back-edges (`JUMP_BACKWARD`, `ENTER_EXECUTOR`) and when it
//! enters a Python function; tier 2 at `_JUMP_TO_TOP` (in place, through the ABI's
//! `handle_breaker`) and at `_CHECK_VALIDITY` (by leaving the trace for tier 1). All of them
//! end up here, so the order of the requests is the same in every engine: a due cycle
//! collection first, then a pending SIGINT, raised as `KeyboardInterrupt` at the instruction
//! that polled (its handlers run and its traceback names that line).

use tracelift_runtime::breaker;
use tracelift_runtime::exc::{KEYBOARD_INTERRUPT, PyErr, PyResult};

use crate::Vm;

impl Vm {
    /// Serves the eval breaker's requests. Cheap to call when nothing is pending.
    #[cold]
    #[inline(never)]
    pub fn handle_breaker(&mut self) -> PyResult<()> {
        if tracelift_runtime::gc::pending() {
            self.collect_cycles();
        }
        if breaker::take(breaker::SIGINT_PENDING) {
            return Err(PyErr::bare(&KEYBOARD_INTERRUPT));
        }
        Ok(())
    }

    /// Runs the cycle collector, first emptying the type attribute cache: its entries hold
    /// what they found (a method's function, say), and a function of a class nobody else
    /// refers to any more would keep that class, its subclasses and everything they reach
    /// alive for as long as the entry stays in the cache, out of the collector's sight.
    pub fn collect_cycles(&mut self) -> usize {
        for e in &mut self.type_cache {
            *e = crate::attrs::TypeCacheEntry::default();
        }
        tracelift_runtime::gc::collect()
    }
}
