//! Adaptive backoff counters (CPython's `_Py_BackoffCounter`, PEP 659).
//!
//! Unit 0 of every specializing instruction's inline cache is a counter: a 12-bit `value`
//! that counts down and a 4-bit `backoff` exponent. When the value reaches zero the
//! instruction tries to specialize. A failed attempt restarts the count at `2^backoff - 1`
//! with a larger backoff (so a site that never specializes costs ever fewer attempts: 1, 3,
//! 7, … 4095 executions apart); a successful one leaves a cooldown that the specialized form's
//! misses (deopts) count down before the site is reconsidered.

/// Bits of the value.
const VALUE_BITS: u32 = 12;
/// Largest backoff exponent.
pub const MAX_BACKOFF: u32 = 12;

/// Initial counter of an adaptive instruction: specialize on the second execution.
pub const ADAPTIVE_WARMUP: u32 = make(1, 1);
/// Counter left after a successful specialization: 52 misses before respecializing.
pub const ADAPTIVE_COOLDOWN: u32 = make(52, 0);
/// A counter that never fires (specialization disabled).
pub const DISABLED: u32 = make((1 << VALUE_BITS) - 1, 15);

/// A counter with `value` and `backoff`.
pub const fn make(value: u32, backoff: u32) -> u32 {
    (backoff << VALUE_BITS) | (value & ((1 << VALUE_BITS) - 1))
}

/// The value part.
#[inline(always)]
pub const fn value(c: u32) -> u32 {
    c & ((1 << VALUE_BITS) - 1)
}

/// The backoff exponent.
#[inline(always)]
pub const fn backoff(c: u32) -> u32 {
    (c >> VALUE_BITS) & 0xf
}

/// Has the counter reached zero (time to specialize)?
#[inline(always)]
pub const fn triggers(c: u32) -> bool {
    value(c) == 0 && backoff(c) != 15
}

/// One tick down (saturating at zero).
#[inline(always)]
pub const fn advance(c: u32) -> u32 {
    if value(c) == 0 || backoff(c) == 15 { c } else { c - 1 }
}

/// The counter after a failed specialization attempt: exponential backoff.
pub const fn after_failure(c: u32) -> u32 {
    let b = backoff(c) + 1;
    let b = if b > MAX_BACKOFF { MAX_BACKOFF } else { b };
    make((1 << b) - 1, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_exponentially_and_saturates() {
        let mut c = ADAPTIVE_WARMUP;
        let mut gaps = Vec::new();
        for _ in 0..15 {
            let mut n = 0;
            while !triggers(c) {
                c = advance(c);
                n += 1;
            }
            gaps.push(n);
            c = after_failure(c);
        }
        assert_eq!(&gaps[..5], &[1, 3, 7, 15, 31]);
        assert_eq!(*gaps.last().unwrap(), 4095);
    }

    #[test]
    fn disabled_never_fires() {
        let mut c = DISABLED;
        for _ in 0..10_000 {
            assert!(!triggers(c));
            c = advance(c);
        }
    }

    #[test]
    fn cooldown_counts_52_misses() {
        let mut c = ADAPTIVE_COOLDOWN;
        let mut n = 0;
        while !triggers(c) {
            c = advance(c);
            n += 1;
        }
        assert_eq!(n, 52);
    }
}
