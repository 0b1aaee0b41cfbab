//! `int`: small ints live in the value word; larger ones are [`IntObject`]s holding a bigint.
//! Every constructor here keeps :int-canonical: (see `value.rs`).

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::types::INT_TYPE;
use crate::value::{ObjHeader, Value, alloc};

/// A heap int: only for values outside the small range.
#[repr(C)]
pub struct IntObject {
    pub header: ObjHeader,
    pub value: BigInt,
}

impl Value {
    /// An int from an `i64` (small when it fits).
    #[inline(always)]
    pub fn int(i: i64) -> Value {
        if Value::fits_small(i) { Value::small(i) } else { Value::from_bigint(BigInt::from(i)) }
    }

    /// An int from an `i128`.
    pub fn int128(i: i128) -> Value {
        match i64::try_from(i) {
            Ok(v) => Value::int(v),
            Err(_) => Value::from_bigint(BigInt::from(i)),
        }
    }

    /// An int from a bigint, small when it fits.
    pub fn from_bigint(b: BigInt) -> Value {
        if let Some(i) = b.to_i64()
            && Value::fits_small(i)
        {
            return Value::small(i);
        }
        alloc(IntObject { header: ObjHeader::new(&INT_TYPE), value: b })
    }

    /// Is this an int (small or big), excluding bool?
    #[inline(always)]
    pub fn is_int(&self) -> bool {
        self.is_small() || self.is_type(&INT_TYPE)
    }

    /// Is this an int or a bool?
    #[inline(always)]
    pub fn is_int_or_bool(&self) -> bool {
        self.is_int() || self.is_bool()
    }

    /// The heap bigint, if this is a big int or an instance of a user subclass of int (whose
    /// value may be small: `crate::sub`).
    #[inline]
    pub fn as_big(&self) -> Option<&BigInt> {
        if self.is_type(&INT_TYPE) || self.is_obj() && self.ty().kind == crate::types::Kind::Int {
            // SAFETY: kind int on a heap object means IntObject layout (`crate::sub`).
            Some(unsafe { &self.as_ref::<IntObject>().value })
        } else {
            None
        }
    }

    /// The value of an int or bool as `i64`, if it fits.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        if self.is_small() {
            Some(self.small_value())
        } else if self.is_true() {
            Some(1)
        } else if self.is_false() {
            Some(0)
        } else {
            self.as_big().and_then(|b| b.to_i64())
        }
    }

    /// The value of an int or bool as a bigint.
    pub fn to_bigint(&self) -> Option<BigInt> {
        if self.is_small() {
            Some(BigInt::from(self.small_value()))
        } else if self.is_true() {
            Some(BigInt::from(1))
        } else if self.is_false() {
            Some(BigInt::from(0))
        } else {
            self.as_big().cloned()
        }
    }
}

/// Sign of an int value (-1, 0, 1); ints and bools only.
pub fn int_sign(v: &Value) -> i32 {
    if let Some(i) = v.as_i64() {
        i.signum() as i32
    } else if let Some(b) = v.as_big() {
        if b.is_negative() { -1 } else { 1 }
    } else {
        0
    }
}

/// `divmod(a, b)` rounded toward negative infinity (Python's `//` and `%`), for `b != 0`.
///
/// num-bigint divides by Burnikel–Ziegler recursion whatever the sizes. When the quotient is
/// known to fit a machine word (the dividend at most 60 bits longer than a long divisor, as
/// in pidigits' digit extraction, where it is 0..9) that costs many copies and
/// normalizations; here the quotient is estimated from the top bits of both, and fixed by at
/// most a few additions or subtractions of the divisor — a few linear passes.
pub fn div_mod_floor(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    use num_integer::Integer;
    let (na, nb) = (a.bits(), b.bits());
    if a.is_negative() || !b.is_positive() || nb < 128 || na > nb + 60 {
        return a.div_mod_floor(b);
    }
    // Both shifted right by the same amount, so that the divisor keeps its top 64 bits and
    // the dividend at most 124: the estimate is within 2 of the quotient.
    let shift = nb - 64;
    let top = |x: &BigInt| -> u128 { (x >> shift).to_u128().expect("at most 124 bits") };
    let q_est = top(a) / top(b);
    let mut q = q_est as u64 as i128;
    let mut r = a - b * (q as u64);
    while r.is_negative() {
        q -= 1;
        r += b;
    }
    while &r >= b {
        q += 1;
        r -= b;
    }
    (BigInt::from(q), r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;

    #[test]
    fn div_mod_floor_matches_num_integer() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for k in 0..2000u64 {
            let words = 2 + k % 7;
            let mut b = BigInt::from(0);
            for _ in 0..words {
                b = (b << 64) | BigInt::from(next());
            }
            b |= BigInt::from(1);
            // Quotients from 0 up past the fast path's 60 bits, and dividends just below,
            // at and above a multiple of the divisor.
            let q = BigInt::from(next() >> (k % 66).min(63));
            let a = &b * &q + BigInt::from(k as i64 % 5) - BigInt::from(2);
            for (x, y) in [(a.clone(), b.clone()), (-a.clone(), b.clone()), (a.clone(), -b.clone())] {
                assert_eq!(div_mod_floor(&x, &y), x.div_mod_floor(&y), "{x} / {y}");
            }
        }
    }
}
