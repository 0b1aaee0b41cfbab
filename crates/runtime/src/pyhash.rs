//! CPython 3.11 (64-bit) numeric and tuple hashing.
//!
//! Integers hash to their value modulo the Mersenne prime `2**61 - 1` (keeping the sign),
//! floats use `_Py_HashDouble` so that `hash(2.0) == hash(2)`, and tuples use the
//! xxHash-derived `tuplehash` of CPython 3.8+. As in CPython, `-1` is never a hash value:
//! it is replaced by `-2`.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::ToPrimitive;

/// Number of bits in the hash modulus.
pub const BITS: u32 = 61;
/// `2**61 - 1`, the modulus of numeric hashes (`sys.hash_info.modulus`).
pub const MODULUS: u64 = (1u64 << 61) - 1;
/// `hash(float('inf'))` (`sys.hash_info.inf`).
pub const INF: i64 = 314_159;

/// Replaces the reserved value `-1` with `-2`.
#[inline]
fn fix(h: i64) -> i64 {
    if h == -1 { -2 } else { h }
}

/// `hash(v)` for an int that fits in `i64`.
#[inline]
pub fn hash_i64(v: i64) -> i64 {
    // Below the modulus (every int of 60 bits), an int is its own hash: no remainder to take.
    let a = v.unsigned_abs();
    let m = (if a < MODULUS { a } else { a % MODULUS }) as i64;
    fix(if v < 0 { -m } else { m })
}

/// `hash(v)` for an arbitrary int.
pub fn hash_bigint(v: &BigInt) -> i64 {
    // Without a division of bigints (and the allocation of the modulus as one) whenever the
    // value fits 128 bits: `id()` of a small int is such a value, and `copy.deepcopy` hashes
    // one per atom it copies.
    if let Some(x) = v.to_i128() {
        let m = (x.unsigned_abs() % MODULUS as u128) as i64;
        return fix(if x < 0 { -m } else { m });
    }
    let m = BigInt::from(MODULUS);
    let r = v.magnitude().mod_floor(m.magnitude());
    let r = r.to_i64().unwrap_or(0); // always < 2**61
    fix(if v.sign() == Sign::Minus { -r } else { r })
}

/// `hash(b)` for a bool (`hash(True) == 1`).
pub fn hash_bool(b: bool) -> i64 {
    b as i64
}

/// Splits a finite nonzero `x` into `(m, e)` with `0.5 <= |m| < 1` and `x == m * 2**e`
/// (C's `frexp`).
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(x * f64::from_bits(0x4350_0000_0000_0000)); // 2**54
        return (m, e - 54);
    }
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022)
}

/// `_Py_HashDouble`: integral floats hash like the equal int; `inf` hashes to 314159,
/// `-inf` to -314159. NaN hashes to 0 here (CPython 3.10+ uses the object identity).
pub fn hash_f64(v: f64) -> i64 {
    if !v.is_finite() {
        if v.is_infinite() {
            return if v > 0.0 { INF } else { -INF };
        }
        return 0;
    }
    let (mut m, mut e) = frexp(v);
    let mut sign: i64 = 1;
    if m < 0.0 {
        sign = -1;
        m = -m;
    }
    // Process 28 bits at a time; this is the C algorithm, in unsigned arithmetic.
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & MODULUS) | (x >> (BITS - 28));
        m *= 268_435_456.0; // 2**28
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= MODULUS {
            x -= MODULUS;
        }
    }
    // Adjust for the exponent; first reduce it modulo BITS.
    let bits = BITS as i32;
    let e = if e >= 0 { e % bits } else { bits - 1 - ((-1 - e) % bits) } as u32;
    x = ((x << e) & MODULUS) | (x >> (BITS - e));
    let x = (x as i64).wrapping_mul(sign);
    fix(x)
}

const XXPRIME_1: u64 = 11_400_714_785_074_694_791;
const XXPRIME_2: u64 = 14_029_467_366_897_019_727;
const XXPRIME_5: u64 = 2_870_177_450_012_600_261;

/// CPython 3.8+ `tuplehash` over the already-computed hashes of the items.
pub fn hash_tuple(item_hashes: &[i64]) -> i64 {
    let mut t = TupleHasher::new();
    for &h in item_hashes {
        t.add(h);
    }
    t.finish()
}

/// [`hash_tuple`] one item hash at a time, so that hashing a tuple needs no buffer of them.
pub struct TupleHasher {
    acc: u64,
    len: u64,
}

impl TupleHasher {
    #[inline]
    pub fn new() -> TupleHasher {
        TupleHasher { acc: XXPRIME_5, len: 0 }
    }

    /// Takes in the hash of the next item.
    #[inline]
    pub fn add(&mut self, h: i64) {
        let lane = h as u64;
        self.acc = self.acc.wrapping_add(lane.wrapping_mul(XXPRIME_2)).rotate_left(31).wrapping_mul(XXPRIME_1);
        self.len += 1;
    }

    /// The tuple's hash.
    #[inline]
    pub fn finish(&self) -> i64 {
        let acc = self.acc.wrapping_add(self.len ^ (XXPRIME_5 ^ 3_527_539));
        if acc == u64::MAX {
            return 1_546_275_796;
        }
        acc as i64
    }
}

impl Default for TupleHasher {
    fn default() -> TupleHasher {
        TupleHasher::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints() {
        assert_eq!(hash_i64(0), 0);
        assert_eq!(hash_i64(-1), -2);
        assert_eq!(hash_i64(-2), -2);
        assert_eq!(hash_i64(i64::MAX), 3);
        assert_eq!(hash_i64(i64::MIN), -4);
        assert_eq!(hash_i64((1 << 61) - 1), 0);
        assert_eq!(hash_i64(1 << 61), 1);
        assert_eq!(hash_i64(-(1 << 61)), -2); // -1 -> -2
        let big: BigInt = BigInt::from(1) << 100u32;
        assert_eq!(hash_bigint(&big), 549_755_813_888);
        assert_eq!(hash_bigint(&-big), -549_755_813_888);
        let p: BigInt = BigInt::from(10).pow(30u32);
        assert_eq!(hash_bigint(&p), 465_258_685_558_744_706);
        assert_eq!(hash_bigint(&BigInt::from(-1)), -2);
        // Past i64, within i128 (the fast path), at its ends, and past it (CPython's values).
        let past: BigInt = (BigInt::from(1) << 64u32) + 12345;
        assert_eq!(hash_bigint(&past), 12353);
        assert_eq!(hash_bigint(&-past), -12353);
        assert_eq!(hash_bigint(&BigInt::from(i128::MAX)), 31);
        assert_eq!(hash_bigint(&BigInt::from(i128::MIN)), -32);
        let wide = (BigInt::from(1) << 100u32) * BigInt::from(MODULUS) - 1;
        assert_eq!(hash_bigint(&wide), 2_305_843_009_213_693_950);
        assert_eq!(hash_bool(true), 1);
        assert_eq!(hash_bool(false), 0);
    }

    #[test]
    fn floats() {
        assert_eq!(hash_f64(0.0), 0);
        assert_eq!(hash_f64(-0.0), 0);
        assert_eq!(hash_f64(1.0), 1);
        assert_eq!(hash_f64(-1.0), -2);
        assert_eq!(hash_f64(1.5), 1_152_921_504_606_846_977);
        assert_eq!(hash_f64(-2.5), -1_152_921_504_606_846_978);
        assert_eq!(hash_f64(0.1), 230_584_300_921_369_408);
        assert_eq!(hash_f64(1e100), 1_822_893_315_824_342_674);
        assert_eq!(hash_f64(1e-300), 482_449_582_752_280_463);
        assert_eq!(hash_f64(5e-324), 16_777_216);
        assert_eq!(hash_f64(2f64.powi(70)), hash_i64(1 << 9));
        assert_eq!(hash_f64(f64::INFINITY), 314_159);
        assert_eq!(hash_f64(f64::NEG_INFINITY), -314_159);
        assert_eq!(hash_f64(f64::MAX), 2_234_066_890_152_476_671);
        assert_eq!(hash_f64(123_456_789.0), 123_456_789);
    }

    #[test]
    fn tuples() {
        assert_eq!(hash_tuple(&[]), 5_740_354_900_026_072_187);
        assert_eq!(hash_tuple(&[1, 2, 3]), 529_344_067_295_497_451);
        assert_eq!(hash_tuple(&[hash_i64(-1)]), 8_078_679_518_589_016_365);
        assert_eq!(hash_tuple(&[0]), -8_753_497_827_991_233_192);
    }
}
