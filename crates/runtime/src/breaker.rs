//! The eval breaker (CPython's `eval_breaker`): one word of "something needs attention" bits
//! that every safe point tests with a single load (DESIGN.md §2.10).
//!
//! Safe points are tier 1's back-edges (`JUMP_BACKWARD`, `ENTER_EXECUTOR`) and calls into
//! Python functions, tier 2's `_JUMP_TO_TOP` (which handles the request in place) and
//! `_CHECK_VALIDITY` (which leaves the trace so that tier 1 handles it). Each tests the whole
//! word, and only when it is nonzero looks at the bits.
//!
//! The word is a process-wide atomic, not a thread-local: a signal handler must be able to
//! set it, and machine code reaches it through `Ctx::eval_breaker` (:breaker-word:). Setting a
//! bit is an atomic `fetch_or`, which is async-signal-safe.

use std::sync::atomic::{AtomicU32, Ordering};

/// A cycle collection is due (set by the collector when the tracked count passes its
/// threshold).
pub const GC_PENDING: u32 = 1 << 0;
/// SIGINT arrived: raise `KeyboardInterrupt` at the next safe point.
pub const SIGINT_PENDING: u32 = 1 << 1;

/// The word itself (:breaker-word:). Read it through [`word`] or [`get`].
static EVAL_BREAKER: AtomicU32 = AtomicU32::new(0);

/// The word's address, for `Ctx` and machine code.
pub fn word() -> &'static AtomicU32 {
    &EVAL_BREAKER
}

/// The current bits (zero almost always).
#[inline(always)]
pub fn get() -> u32 {
    EVAL_BREAKER.load(Ordering::Relaxed)
}

/// Sets `bits` (signal-safe).
#[inline]
pub fn set(bits: u32) {
    EVAL_BREAKER.fetch_or(bits, Ordering::Relaxed);
}

/// Clears `bits` and says whether any of them was set.
#[inline]
pub fn take(bits: u32) -> bool {
    EVAL_BREAKER.fetch_and(!bits, Ordering::Relaxed) & bits != 0
}

/// Installs the SIGINT handler: it only sets [`SIGINT_PENDING`] (CPython's
/// `signal_handler` + `_PyEval_SignalReceived`). The `tracelift` binary calls this once
/// before it runs a program; a second SIGINT before the first is handled is absorbed, as in
/// CPython.
///
/// As CPython, it leaves SIGINT alone when the process was started with it ignored (a
/// background job of a non-interactive shell, `nohup`): then Ctrl-C is not for this process.
pub fn install_sigint_handler() -> std::io::Result<()> {
    // SAFETY: a query (null new action) into a zeroed, properly sized sigaction.
    let ignored = unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    };
    if ignored {
        return Ok(());
    }
    // SAFETY: the action is one atomic `fetch_or` on a static: async-signal-safe, no
    // allocation, no lock.
    unsafe { signal_hook::low_level::register(signal_hook::consts::SIGINT, || set(SIGINT_PENDING)) }.map(|_| ())
}

/// Blocks every signal on the calling thread, a helper thread of the runtime's (Cranelift's
/// compile thread): signals are then delivered to the thread that runs Python, where a SIGINT
/// also interrupts a blocking call (`time.sleep`, a read) as CPython's main thread does.
pub fn block_signals_on_this_thread() {
    // SAFETY: `set` is a properly sized signal set, filled by `sigfillset` before it is read;
    // `pthread_sigmask` changes only the calling thread's mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut set);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

/// Ends the process the way an unhandled SIGINT does (CPython, after printing an uncaught
/// `KeyboardInterrupt`, restores the default action and kills itself with SIGINT, so that the
/// parent sees death by signal: status 130 in a shell, -2 from `subprocess`).
pub fn die_of_sigint() -> ! {
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGINT);
    // Only reached if the signal could not be re-raised.
    std::process::exit(130)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_clears_only_the_asked_bits() {
        set(SIGINT_PENDING);
        assert!(take(SIGINT_PENDING));
        assert!(!take(SIGINT_PENDING));
        assert_eq!(get() & SIGINT_PENDING, 0);
    }
}
