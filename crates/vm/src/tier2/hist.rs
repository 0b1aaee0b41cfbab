//! A fixed-size histogram for per-trace measurements (`--stats`): trace formation time and
//! trace length. Tier 2 keeps no record per trace, so a run that forms and invalidates traces
//! for hours keeps its memory flat (issue 16, item 5); the statistics come from these
//! aggregates instead.
//!
//! Buckets are log-linear (as HdrHistogram's): values below [`SUB`] have a bucket each, and
//! every power-of-two range above is split into [`SUB`] equal buckets, so a bucket's width is
//! at most 1/[`SUB`] of its lower bound. A median read from it is therefore within about 1.6%
//! (half a bucket) of the exact one.

/// Buckets per power of two (and the values below it counted exactly).
pub const SUB: u64 = 32;
const SUB_BITS: u32 = SUB.trailing_zeros();
/// Enough buckets for any `u64`.
const BUCKETS: usize = ((64 - SUB_BITS as usize) + 1) * SUB as usize;

/// Counts of `u64` samples in log-linear buckets (15 KiB, whatever the number of samples).
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Box<[u64]>,
    total: u64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram { counts: vec![0; BUCKETS].into_boxed_slice(), total: 0 }
    }
}

/// The bucket that holds `v`.
fn bucket(v: u64) -> usize {
    if v < SUB {
        return v as usize;
    }
    let e = 63 - v.leading_zeros(); // >= SUB_BITS
    let shift = e - SUB_BITS;
    (((shift + 1) as u64 * SUB) + ((v >> shift) & (SUB - 1))) as usize
}

/// The smallest value in bucket `i`, and the bucket's width.
fn bounds(i: usize) -> (u64, u64) {
    let i = i as u64;
    if i < SUB {
        return (i, 1);
    }
    let shift = i / SUB - 1;
    ((SUB + i % SUB) << shift, 1 << shift)
}

impl Histogram {
    /// Counts one sample.
    pub fn add(&mut self, v: u64) {
        self.counts[bucket(v)] += 1;
        self.total += 1;
    }

    /// Samples counted so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The lower median (the `(n-1)/2`-th smallest sample, as an exact median of a sorted
    /// list would pick), as the middle of its bucket; 0 when empty.
    pub fn median(&self) -> u64 {
        if self.total == 0 {
            return 0;
        }
        let rank = (self.total - 1) / 2;
        let mut seen = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen > rank {
                let (lo, width) = bounds(i);
                return lo + width / 2;
            }
        }
        0
    }

    /// The non-empty buckets as `(lower bound, count)`, in increasing order.
    pub fn buckets(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.counts.iter().enumerate().filter(|(_, n)| **n > 0).map(|(i, n)| (bounds(i).0, *n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_value_in_order() {
        for v in (0..5000).chain([u64::MAX, u64::MAX / 3, 1 << 40]) {
            let (lo, w) = bounds(bucket(v));
            assert!(lo <= v && v - lo < w, "{v} in [{lo}, +{w})");
            assert!(w == 1 || w * SUB <= lo, "bucket of {v} too wide");
        }
        assert_eq!(bucket(u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn median_is_close_to_the_exact_one() {
        let mut h = Histogram::default();
        assert_eq!(h.median(), 0);
        let samples: Vec<u64> = (0..1001u64).map(|i| i * i * 37 + 5).collect();
        for &s in &samples {
            h.add(s);
        }
        let exact = samples[500];
        let m = h.median();
        assert!(m.abs_diff(exact) * 50 <= exact, "{m} vs {exact}");
        assert_eq!(h.total(), 1001);
        assert_eq!(h.buckets().map(|(_, n)| n).sum::<u64>(), 1001);
        let mut small = Histogram::default();
        for v in [3, 1, 2, 9] {
            small.add(v);
        }
        assert_eq!(small.median(), 2);
    }
}
