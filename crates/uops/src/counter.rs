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

/// :hot-backoff: a hotness point (a loop's back-edge, a function's entry) whose trace
/// attempts keep failing backs off past [`MAX_BACKOFF`]: the counter's unit has 16 bits more
/// than a specialization counter uses. Bits 16..24 count the failures at the last exponent,
/// bits 24..32 the rounds of 4,096 still to count before the next attempt. The first
/// [`HOT_GRACE`] failures there are 4,096 apart, as before (a callee not warm yet, a type
/// still changing); after that each wait is twice as long, up to 2^[`MAX_EXTRA`] rounds.
/// A loop whose projection is always refused (a short trace ending at a `yield`) is thus
/// projected every million passes at most, not every 4,096: hexiom's were projected 1,249
/// times in 3 × 60 loops, 15 µs each.
const EXTRA_SHIFT: u32 = 16;
const ROUNDS_SHIFT: u32 = 24;
/// Failures at the last exponent before a hotness point waits longer (:hot-backoff:).
pub const HOT_GRACE: u32 = 4;
/// Largest extra exponent of a hotness point's backoff (:hot-backoff:).
pub const MAX_EXTRA: u32 = 8;

/// A hotness point's counter fired ([`triggers`]): the counter to store, and whether to
/// attempt a trace now. The attempt is assumed to fail (a success replaces the instruction,
/// and the counter with it): the counter backs off as after [`after_failure`], then by
/// whole rounds (:hot-backoff:); while rounds are left, the firing only counts one down.
pub const fn hot_fired(c: u32) -> (u32, bool) {
    let fails = (c >> EXTRA_SHIFT) & 0xff;
    let rounds = c >> ROUNDS_SHIFT;
    let full = make((1 << MAX_BACKOFF) - 1, MAX_BACKOFF);
    if rounds > 0 {
        return (full | (fails << EXTRA_SHIFT) | ((rounds - 1) << ROUNDS_SHIFT), false);
    }
    if backoff(c) < MAX_BACKOFF {
        return (after_failure(c), true);
    }
    let fails = if fails < HOT_GRACE + MAX_EXTRA { fails + 1 } else { fails };
    let e = fails.saturating_sub(HOT_GRACE);
    (full | (fails << EXTRA_SHIFT) | (((1 << e) - 1) << ROUNDS_SHIFT), true)
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
    fn hotness_points_back_off_by_rounds_after_the_last_exponent() {
        // Gaps between attempts at a hotness point that never gets a trace.
        let mut c = make(0, 0);
        let (mut gaps, mut n) = (Vec::new(), 0u64);
        while gaps.len() < 30 {
            if triggers(c) {
                let (next, attempt) = hot_fired(c);
                c = next;
                if attempt {
                    gaps.push(n);
                    n = 0;
                }
            } else {
                c = advance(c);
            }
            n += 1;
        }
        // As a specialization counter's up to 4,096 apart, HOT_GRACE more times 4,096, then
        // twice as far each time, up to 2^MAX_EXTRA rounds of 4,096.
        assert_eq!(&gaps[1..4], &[2, 4, 8]);
        let g = HOT_GRACE as usize;
        assert!(gaps[12..=12 + g].iter().all(|&n| n == 4096), "{gaps:?}");
        assert_eq!(gaps[13 + g], 2 * 4096);
        assert_eq!(gaps[14 + g], 4 * 4096);
        assert_eq!(gaps[12 + g + MAX_EXTRA as usize], 4096 << MAX_EXTRA);
        assert_eq!(gaps[29], 4096 << MAX_EXTRA);
        // The extra bits never reach the value or the backoff.
        assert_eq!(backoff(c), MAX_BACKOFF);
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
