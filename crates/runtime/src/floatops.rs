//! Float and int/float conversion helpers with CPython 3.11 semantics.
//!
//! Floor division, modulo and `divmod` follow `floatobject.c` (including the signs of zero
//! results), `float_pow` reproduces CPython's special cases, `float_round` is the correctly
//! rounded `round(x, n)` (exact decimal arithmetic, half-even), and the int/float
//! conversions are correctly rounded like `PyLong_AsDouble` and long true division.
//! [`double_to_string`] is `PyOS_double_to_string` (the digits behind `repr`, `format`
//! and `%`): Rust's correctly rounded shortest/exact conversions stand in for
//! `_Py_dg_dtoa` modes 0, 2 and 3 (ties to even), laid out as `format_float_short` does.
//! String parsing accepts exactly the syntax of `float(str)` and `int(str, base)` for ASCII
//! digits. Nothing here panics; failures come back as `None` or a [`FloatOpError`].

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// A float operation that CPython reports by raising an exception.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatOpError {
    /// `ZeroDivisionError` with this message.
    ZeroDivision(&'static str),
    /// `OverflowError` with this message.
    Overflow(&'static str),
    /// A negative float raised to a non-integral power. `float.__pow__` returns a complex
    /// number in CPython; callers without complex support raise `ValueError` with
    /// [`FloatOpError::message`].
    ComplexResult,
}

/// Errors of [`float_pow`].
pub type PowError = FloatOpError;
/// Errors of [`int_true_divide`].
pub type DivError = FloatOpError;
/// Errors of [`float_round`].
pub type RoundError = FloatOpError;

impl FloatOpError {
    /// Name of the exception class CPython raises.
    pub fn exception(&self) -> &'static str {
        match self {
            FloatOpError::ZeroDivision(_) => "ZeroDivisionError",
            FloatOpError::Overflow(_) => "OverflowError",
            FloatOpError::ComplexResult => "ValueError",
        }
    }

    /// The exception message.
    pub fn message(&self) -> &'static str {
        match self {
            FloatOpError::ZeroDivision(m) | FloatOpError::Overflow(m) => m,
            FloatOpError::ComplexResult => "negative number cannot be raised to a fractional power",
        }
    }
}

impl std::fmt::Display for FloatOpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// Message of `OverflowError` for a float result out of range (`errno` `ERANGE`).
pub const ERANGE_MESSAGE: &str = "(34, 'Numerical result out of range')";

/// `divmod(a, b)` for floats (`float_divmod`); `None` means `ZeroDivisionError`
/// ("float divmod()").
pub fn float_divmod(a: f64, b: f64) -> Option<(f64, f64)> {
    if b == 0.0 {
        return None;
    }
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0f64.copysign(a / b)
    };
    Some((floordiv, m))
}

/// `a // b` for floats; `None` means `ZeroDivisionError` ("float floor division by zero").
pub fn float_floordiv(a: f64, b: f64) -> Option<f64> {
    float_divmod(a, b).map(|(q, _)| q)
}

/// `a % b` for floats (result has the sign of `b`); `None` means `ZeroDivisionError`
/// ("float modulo").
pub fn float_mod(a: f64, b: f64) -> Option<f64> {
    if b == 0.0 {
        return None;
    }
    let mut m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    Some(m)
}

fn is_odd_integer(x: f64) -> bool {
    x.abs() % 2.0 == 1.0
}

/// `a ** b` for floats, CPython's `float_pow`.
pub fn float_pow(a: f64, b: f64) -> Result<f64, PowError> {
    let (iv, iw) = (a, b);
    if iw == 0.0 {
        return Ok(1.0);
    }
    if iv.is_nan() {
        return Ok(iv);
    }
    if iw.is_nan() {
        return Ok(if iv == 1.0 { 1.0 } else { iw });
    }
    if iw.is_infinite() {
        let av = iv.abs();
        return Ok(if av == 1.0 {
            1.0
        } else if (iw > 0.0) == (av > 1.0) {
            iw.abs()
        } else {
            0.0
        });
    }
    if iv.is_infinite() {
        let odd = is_odd_integer(iw);
        return Ok(if iw > 0.0 {
            if odd { iv } else { iv.abs() }
        } else if odd {
            0.0f64.copysign(iv)
        } else {
            0.0
        });
    }
    if iv == 0.0 {
        if iw < 0.0 {
            return Err(FloatOpError::ZeroDivision("0.0 cannot be raised to a negative power"));
        }
        return Ok(if is_odd_integer(iw) { iv } else { 0.0 });
    }
    let mut base = iv;
    let mut negate = false;
    if iv < 0.0 {
        if iw != iw.floor() {
            return Err(FloatOpError::ComplexResult);
        }
        base = -iv;
        negate = is_odd_integer(iw);
    }
    if base == 1.0 {
        return Ok(if negate { -1.0 } else { 1.0 });
    }
    let r = base.powf(iw);
    if r.is_infinite() {
        return Err(FloatOpError::Overflow(ERANGE_MESSAGE));
    }
    Ok(if negate { -r } else { r })
}

/// Splits a finite `x` into `(negative, m, e)` with `|x| == m * 2**e` exactly.
fn decompose(x: f64) -> (bool, u64, i64) {
    let bits = x.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if exp == 0 { (neg, frac, -1074) } else { (neg, frac | (1u64 << 52), exp - 1075) }
}

/// `round(x, ndigits)` for a float: correctly rounded, ties to even on the exact binary
/// value (CPython's `double_round`). NaN and infinities are returned unchanged.
/// Fails with `OverflowError` "rounded value too large to represent".
pub fn float_round(x: f64, ndigits: i64) -> Result<f64, RoundError> {
    if !x.is_finite() {
        return Ok(x);
    }
    if ndigits > 323 {
        return Ok(x);
    }
    if ndigits < -308 {
        return Ok(0.0 * x);
    }
    let (neg, m, e) = decompose(x);
    let mut num = BigUint::from(m);
    let mut den = BigUint::one();
    if e >= 0 {
        num <<= e as usize;
    } else {
        den <<= (-e) as usize;
    }
    let p = BigUint::from(10u32).pow(ndigits.unsigned_abs() as u32);
    if ndigits >= 0 {
        num *= p;
    } else {
        den *= p;
    }
    let (mut q, r) = num.div_rem(&den);
    let twice: BigUint = r << 1usize;
    if twice > den || (twice == den && q.is_odd()) {
        q += 1u32;
    }
    let text = format!("{}{}e{}", if neg { "-" } else { "" }, q, -ndigits);
    let v: f64 = text.parse().unwrap_or(f64::NAN);
    if v.is_infinite() {
        return Err(FloatOpError::Overflow("rounded value too large to represent"));
    }
    Ok(v)
}

/// `round(x)` as a float: nearest integer, ties to even. The caller raises for NaN/inf
/// before converting with [`float_to_bigint`].
pub fn float_round_to_int(x: f64) -> f64 {
    x.round_ties_even()
}

/// `n / d` correctly rounded (ties to even), for `d > 0`; `None` when the result is
/// `>= 2**1024` after rounding.
fn ratio_to_f64(n: &BigUint, d: &BigUint) -> Option<f64> {
    if n.is_zero() {
        return Some(0.0);
    }
    let diff = n.bits() as i64 - d.bits() as i64;
    if diff > 1026 {
        return None;
    }
    if diff < -1100 {
        return Some(0.0);
    }
    // q = floor(n * 2**s / d) has 55 or 56 bits; `sticky` records a nonzero remainder.
    let s = 55 - diff;
    let (q, sticky) = if d.is_one() {
        if s >= 0 {
            (n << (s as usize), false)
        } else {
            let k = (-s) as u64;
            let tz = n.trailing_zeros().unwrap_or(0);
            (n >> (k as usize), tz < k)
        }
    } else if s >= 0 {
        let (q, r) = (n << (s as usize)).div_rem(d);
        (q, !r.is_zero())
    } else {
        let (q, r) = n.div_rem(&(d << ((-s) as usize)));
        (q, !r.is_zero())
    };
    let q = q.to_u64().unwrap_or(0);
    if q == 0 {
        return Some(0.0);
    }
    let qb = 64 - q.leading_zeros() as i64;
    // Bit i of q weighs 2**(i - s); keep 53 bits, or down to 2**-1074 for subnormals.
    let drop = (qb - 53).max(s - 1074);
    let mantissa = if drop >= 64 {
        0
    } else {
        let mut mant = q >> drop;
        let rem = q & ((1u64 << drop) - 1);
        let half = 1u64 << (drop - 1);
        if rem > half || (rem == half && (sticky || mant & 1 == 1)) {
            mant += 1;
        }
        mant
    };
    if mantissa == 0 {
        return Some(0.0);
    }
    let k = drop - s;
    let mbits = 64 - mantissa.leading_zeros() as i64;
    if mbits + k > 1024 {
        return None;
    }
    Some(ldexp(mantissa as f64, k))
}

/// `m * 2**k` for results known to be representable.
fn ldexp(mut m: f64, mut k: i64) -> f64 {
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    while k > 1023 {
        m *= pow2(1023);
        k -= 1023;
    }
    while k < -1022 {
        m *= pow2(-1022);
        k += 1022;
    }
    m * pow2(k)
}

/// `float(v)` for an int, correctly rounded; `None` means `OverflowError`
/// "int too large to convert to float".
pub fn bigint_to_f64(v: &BigInt) -> Option<f64> {
    if let Some(i) = v.to_i64() {
        return Some(i as f64);
    }
    let r = ratio_to_f64(v.magnitude(), &BigUint::one())?;
    Some(if v.sign() == Sign::Minus { -r } else { r })
}

/// `a / b` for ints, correctly rounded like CPython's `long_true_divide`.
pub fn int_true_divide(a: &BigInt, b: &BigInt) -> Result<f64, DivError> {
    if b.is_zero() {
        return Err(FloatOpError::ZeroDivision("division by zero"));
    }
    const EXACT: i64 = 1 << 53;
    if let (Some(x), Some(y)) = (a.to_i64(), b.to_i64())
        && (-EXACT..=EXACT).contains(&x)
        && (-EXACT..=EXACT).contains(&y)
    {
        return Ok(x as f64 / y as f64);
    }
    let negate = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    match ratio_to_f64(a.magnitude(), b.magnitude()) {
        Some(r) => Ok(if negate { -r } else { r }),
        None => Err(FloatOpError::Overflow("integer division result too large for a float")),
    }
}

/// `int(x)` for a float (truncation toward zero); `None` for NaN (`ValueError` "cannot
/// convert float NaN to integer") and infinities (`OverflowError` "cannot convert float
/// infinity to integer").
pub fn float_to_bigint(x: f64) -> Option<BigInt> {
    if !x.is_finite() {
        return None;
    }
    let t = x.trunc();
    if t.abs() < 9.2e18 {
        return Some(BigInt::from(t as i64));
    }
    let (neg, m, e) = decompose(t);
    let mag = BigInt::from(m) << (e.max(0) as usize);
    Some(if neg { -mag } else { mag })
}

/// Whitespace that `float()`/`int()` strip: ASCII C-locale space, or non-ASCII Unicode
/// whitespace.
fn is_strip_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r') || (c as u32 >= 128 && c.is_whitespace())
}

/// `float(s)` for a str: `None` means `ValueError` "could not convert string to float: ...".
/// Accepts surrounding whitespace, a sign, `inf`/`infinity`/`nan` (any case), decimal
/// literals with optional fraction and exponent, and single underscores between digits.
pub fn parse_float(s: &str) -> Option<f64> {
    // The common shape (ASCII digits, point, exponent and signs, no underscores, no words)
    // goes straight to std's correctly rounded parser, whose grammar for these characters
    // accepts nothing Python's rejects; anything else takes the full path below.
    let t = s.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\r'));
    if !t.is_empty()
        && t.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
        && let Ok(v) = t.parse::<f64>()
    {
        return Some(v);
    }
    let s = &*crate::unicode::ascii_digits_and_spaces(s);
    let t = s.trim_matches(is_strip_space);
    if t.is_empty() {
        return None;
    }
    let b = t.as_bytes();
    let mut clean = String::with_capacity(t.len());
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let prev_ok = i > 0 && b[i - 1].is_ascii_digit();
            let next_ok = i + 1 < b.len() && b[i + 1].is_ascii_digit();
            if !(prev_ok && next_ok) {
                return None;
            }
        } else {
            if !c.is_ascii() {
                return None;
            }
            clean.push(c as char);
        }
    }
    let (neg, body) = match clean.as_bytes()[0] {
        b'-' => (true, &clean[1..]),
        b'+' => (false, &clean[1..]),
        _ => (false, &clean[..]),
    };
    let lower = body.to_ascii_lowercase();
    let v = if lower == "inf" || lower == "infinity" {
        f64::INFINITY
    } else if lower == "nan" {
        f64::NAN
    } else {
        let first = body.as_bytes().first().copied().unwrap_or(b'x');
        if !(first.is_ascii_digit() || first == b'.') {
            return None;
        }
        if !body.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-')) {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// `int(s)` for the common shape, without a bigint: optional ASCII spaces, an optional sign
/// and 1 to 18 ASCII decimal digits (no underscores), then optional spaces. `None` for
/// anything else, which [`parse_int`] then decides (it is never wrong to fall back).
pub fn parse_small_decimal(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    let space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let (mut i, mut j) = (0, b.len());
    while i < j && space(b[i]) {
        i += 1;
    }
    while j > i && space(b[j - 1]) {
        j -= 1;
    }
    let neg = i < j && b[i] == b'-';
    if i < j && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    if i == j || j - i > 18 {
        return None;
    }
    let mut v: i64 = 0;
    for &c in &b[i..j] {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (c - b'0') as i64;
    }
    Some(if neg { -v } else { v })
}

/// `int(s, base)` for a str (`base` 0 or 2..=36): `None` means `ValueError` "invalid
/// literal for int() with base N: ...". Accepts surrounding whitespace, a sign, the
/// `0x`/`0o`/`0b` prefix when `base` is 0 or matches (optionally followed by one
/// underscore), and single underscores between digits. With base 0 a nonzero decimal
/// number may not start with `0`. (The caller enforces `sys.int_info` digit limits.)
pub fn parse_int(s: &str, base: u32) -> Option<BigInt> {
    if base == 1 || base > 36 {
        return None;
    }
    let s = &*crate::unicode::ascii_digits_and_spaces(s);
    let t = s.trim_matches(is_strip_space);
    let b = t.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let at = |k: usize| b.get(k).copied().unwrap_or(0).to_ascii_lowercase();
    let mut base = base;
    let mut error_if_nonzero = false;
    if base == 0 {
        base = if at(i) != b'0' {
            10
        } else {
            match at(i + 1) {
                b'x' => 16,
                b'o' => 8,
                b'b' => 2,
                _ => {
                    error_if_nonzero = true;
                    10
                }
            }
        };
    }
    if at(i) == b'0'
        && ((base == 16 && at(i + 1) == b'x') || (base == 8 && at(i + 1) == b'o') || (base == 2 && at(i + 1) == b'b'))
    {
        i += 2;
        if at(i) == b'_' {
            i += 1;
        }
    }
    let rest = &b[i..];
    if rest.is_empty() || rest[0] == b'_' || rest[rest.len() - 1] == b'_' {
        return None;
    }
    let mut digits = Vec::with_capacity(rest.len());
    let mut prev = 0u8;
    for &c in rest {
        if c == b'_' {
            if prev == b'_' {
                return None;
            }
        } else {
            (c as char).to_digit(base)?;
            digits.push(c);
        }
        prev = c;
    }
    let mag = BigInt::parse_bytes(&digits, base)?;
    if error_if_nonzero && !mag.is_zero() {
        return None;
    }
    Some(if neg { -mag } else { mag })
}

// ---------------------------------------------------------------------------------------
// Float to string (PyOS_double_to_string / format_float_short)
// ---------------------------------------------------------------------------------------

/// Flags of [`double_to_string`] (`Py_DTSF_*`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DtoaFlags {
    /// `Py_DTSF_SIGN`: always emit a sign.
    pub sign: bool,
    /// `Py_DTSF_ADD_DOT_0`: integral values get `.0` (repr-like).
    pub add_dot_0: bool,
    /// `Py_DTSF_ALT`: alternate form (keep trailing zeros / point).
    pub alt: bool,
    /// `Py_DTSF_NO_NEG_0`: a result that rounds to zero loses its minus sign.
    pub no_neg_0: bool,
}

/// Digits of `|x|` (finite): `(negative, digits without leading/trailing zeros, decpt)`
/// where the value is `0.DIGITS * 10**decpt`. Mode 0 = shortest, 2 = `ndigits`
/// significant digits, 3 = `ndigits` digits after the point (as `_Py_dg_dtoa`).
fn dtoa(x: f64, mode: u8, ndigits: usize) -> (bool, Vec<u8>, i64) {
    let neg = x.is_sign_negative();
    let a = x.abs();
    if a == 0.0 {
        return (neg, b"0".to_vec(), 1);
    }
    // A double has at most 767 significant and 1074 fractional decimal digits; beyond
    // that only zeros follow, so the caps below lose nothing (and keep Rust's formatting
    // precision within range).
    let mut ryu_buf = ryu::Buffer::new();
    let s: std::borrow::Cow<str> = match mode {
        // Ryu gives the shortest digits that round-trip, the closest to `a` of those, and
        // breaks an exact tie to even: dtoa's mode 0 (`repr`). Rust's own `{:e}` breaks a
        // tie upwards, which took a second formatting (and a parse) to correct, at two to
        // three times Ryu's cost per float.
        0 => ryu_buf.format_finite(a).into(),
        2 => format!("{:.*e}", ndigits.clamp(1, 800) - 1, a).into(),
        _ => format!("{:.*}", ndigits.min(1100), a).into(),
    };
    let (mant, exp) = match s.find('e') {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().unwrap_or(0)),
        None => (&s[..], 0),
    };
    let (ip, fp) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    let mut digits: Vec<u8> = ip.bytes().chain(fp.bytes()).collect();
    let mut decpt = ip.len() as i64 + exp;
    let lead = digits.iter().take_while(|&&d| d == b'0').count();
    digits.drain(..lead);
    decpt -= lead as i64;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (neg, digits, decpt)
}

/// `PyOS_double_to_string(x, code, precision, flags)`: `code` is one of `e E f F g G r`
/// (`r` = repr, precision ignored). Other codes behave like `r`.
pub fn double_to_string(x: f64, code: char, precision: usize, flags: DtoaFlags) -> String {
    let upper = code.is_ascii_uppercase();
    let (fc, mode, prec) = match code.to_ascii_lowercase() {
        'e' => ('e', 2, precision.saturating_add(1)),
        'f' => ('f', 3, precision),
        'g' => ('g', 2, precision.max(1)),
        _ => ('r', 0, 0),
    };
    let mut out = String::new();
    if !x.is_finite() {
        if x.is_nan() {
            if flags.sign {
                out.push('+');
            }
            out.push_str(if upper { "NAN" } else { "nan" });
        } else {
            if x < 0.0 {
                out.push('-');
            } else if flags.sign {
                out.push('+');
            }
            out.push_str(if upper { "INF" } else { "inf" });
        }
        return out;
    }
    let (mut neg, digits, mut decpt) = dtoa(x, mode, prec);
    if flags.no_neg_0 && neg && (digits.is_empty() || digits == b"0") {
        neg = false;
    }
    let prec = prec as i64;
    let digits_len = digits.len() as i64;
    let mut vdigits_end = digits_len;
    let mut use_exp = false;
    match fc {
        'e' => {
            use_exp = true;
            vdigits_end = prec;
        }
        'f' => vdigits_end = decpt.saturating_add(prec),
        'g' => {
            if decpt <= -4 || decpt > (if flags.add_dot_0 { prec - 1 } else { prec }) {
                use_exp = true;
            }
            if flags.alt {
                vdigits_end = prec;
            }
        }
        _ => {
            if decpt <= -4 || decpt > 16 {
                use_exp = true;
            }
        }
    }
    let mut exp = 0;
    if use_exp {
        exp = decpt - 1;
        decpt = 1;
    }
    let vdigits_start = if decpt <= 0 { decpt - 1 } else { 0 };
    if !use_exp && flags.add_dot_0 {
        vdigits_end = vdigits_end.max(decpt + 1);
    } else {
        vdigits_end = vdigits_end.max(decpt);
    }
    let zeros = |out: &mut String, n: i64| {
        for _ in 0..n.max(0) {
            out.push('0');
        }
    };
    let dstr = std::str::from_utf8(&digits).unwrap_or("");
    out.reserve((vdigits_end - vdigits_start).max(0) as usize + 8);
    if neg {
        out.push('-');
    } else if flags.sign {
        out.push('+');
    }
    if decpt <= 0 {
        zeros(&mut out, decpt - vdigits_start);
        out.push('.');
        zeros(&mut out, -decpt);
    } else {
        zeros(&mut out, -vdigits_start);
    }
    if 0 < decpt && decpt <= digits_len {
        out.push_str(&dstr[..decpt as usize]);
        out.push('.');
        out.push_str(&dstr[decpt as usize..]);
    } else {
        out.push_str(dstr);
    }
    if digits_len < decpt {
        zeros(&mut out, decpt - digits_len);
        out.push('.');
        zeros(&mut out, vdigits_end - decpt);
    } else {
        zeros(&mut out, vdigits_end - digits_len);
    }
    if out.ends_with('.') && !flags.alt {
        out.pop();
    }
    if use_exp {
        out.push(if upper { 'E' } else { 'e' });
        out.push(if exp < 0 { '-' } else { '+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_decimals_parse_without_bigints_and_odd_shapes_fall_back() {
        assert_eq!(parse_small_decimal("12345"), Some(12345));
        assert_eq!(parse_small_decimal("  -42\n"), Some(-42));
        assert_eq!(parse_small_decimal("+007"), Some(7));
        assert_eq!(parse_small_decimal("999999999999999999"), Some(999_999_999_999_999_999));
        for s in ["", " ", "-", "+-1", "1_000", "1 2", "0x10", "1e3", "\u{0663}", "1234567890123456789", "\x0b1"] {
            assert_eq!(parse_small_decimal(s), None, "{s:?}");
        }
        // What falls back still parses the CPython way.
        assert_eq!(parse_int("1_000", 10), Some(BigInt::from(1000)));
    }

    fn bi(s: &str) -> BigInt {
        BigInt::parse_bytes(s.as_bytes(), 10).unwrap()
    }

    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
    }

    #[test]
    fn floordiv_mod() {
        // (a, b, a // b, a % b) from CPython.
        let cases: &[(f64, f64, f64, f64)] = &[
            (7.0, 2.0, 3.0, 1.0),
            (-7.0, 2.0, -4.0, 1.0),
            (7.0, -2.0, -4.0, -1.0),
            (-7.0, -2.0, 3.0, -1.0),
            (0.0, 5.0, 0.0, 0.0),
            (-0.0, 5.0, -0.0, 0.0),
            (0.0, -5.0, -0.0, -0.0),
            (6.0, -3.0, -2.0, -0.0),
            (-6.0, 3.0, -2.0, 0.0),
            (1.0, 0.1, 9.0, 0.09999999999999995),
            (-1.0, f64::INFINITY, -1.0, f64::INFINITY),
            (1.0, f64::INFINITY, 0.0, 1.0),
            (5.5, 1.5, 3.0, 1.0),
            (1e308, 1e-308, f64::INFINITY, 9.0838e-309),
        ];
        for &(a, b, q, r) in cases {
            if a == 1e308 {
                assert_eq!(float_floordiv(a, b), Some(q));
                continue;
            }
            assert!(same(float_floordiv(a, b).unwrap(), q), "{a} // {b}");
            assert!(same(float_mod(a, b).unwrap(), r), "{a} % {b}");
        }
        assert_eq!(float_mod(1.0, 0.0), None);
        assert_eq!(float_divmod(1.0, -0.0), None);
        assert!(float_mod(f64::INFINITY, 2.0).unwrap().is_nan());
    }

    #[test]
    fn pow() {
        assert_eq!(float_pow(2.0, 10.0), Ok(1024.0));
        assert_eq!(float_pow(-2.0, 3.0), Ok(-8.0));
        assert_eq!(float_pow(-8.0, 1.0 / 3.0), Err(FloatOpError::ComplexResult));
        assert_eq!(float_pow(0.0, -1.0).unwrap_err().message(), "0.0 cannot be raised to a negative power");
        assert_eq!(float_pow(10.0, 400.0).unwrap_err().message(), "(34, 'Numerical result out of range')");
        assert_eq!(float_pow(f64::NAN, 0.0), Ok(1.0));
        assert_eq!(float_pow(1.0, f64::NAN), Ok(1.0));
        assert!(same(float_pow(-0.0, 3.0).unwrap(), -0.0));
        assert!(same(float_pow(-0.0, 2.0).unwrap(), 0.0));
        assert!(same(float_pow(f64::NEG_INFINITY, -3.0).unwrap(), -0.0));
        assert_eq!(float_pow(f64::NEG_INFINITY, 3.0), Ok(f64::NEG_INFINITY));
        assert_eq!(float_pow(-1.0, f64::INFINITY), Ok(1.0));
        assert_eq!(float_pow(0.5, f64::NEG_INFINITY), Ok(f64::INFINITY));
        assert_eq!(float_pow(10.0, -310.0), Ok(1e-310));
        assert_eq!(float_pow(-1.0, 1e300), Ok(1.0));
    }

    #[test]
    fn round() {
        let r = |x: f64, n: i64| float_round(x, n).unwrap();
        assert_eq!(r(0.125, 2), 0.12);
        assert_eq!(r(0.375, 2), 0.38);
        assert_eq!(r(2.675, 2), 2.67);
        assert_eq!(r(1234.5678, -2), 1200.0);
        assert_eq!(r(1250.0, -2), 1200.0);
        assert_eq!(r(1350.0, -2), 1400.0);
        assert_eq!(r(5e-324, 323), 0.0);
        assert_eq!(r(5e-324, 324), 5e-324);
        assert_eq!(r(1.7976931348623157e308, -300), 1.79769313e308);
        assert!(same(r(-0.4, 0), -0.0));
        assert!(same(r(-1e-20, 5), -0.0));
        assert_eq!(r(123.456, -400), 0.0);
        assert_eq!(
            float_round(1.7976931348623157e308, -308).unwrap_err().message(),
            "rounded value too large to represent"
        );
        assert_eq!(float_round_to_int(2.5), 2.0);
        assert_eq!(float_round_to_int(3.5), 4.0);
        assert_eq!(float_round_to_int(-0.5), -0.0);
    }

    #[test]
    fn conversions() {
        assert_eq!(bigint_to_f64(&bi("9007199254740993")), Some(9007199254740992.0));
        assert_eq!(bigint_to_f64(&bi("9007199254740995")), Some(9007199254740996.0));
        assert_eq!(bigint_to_f64(&(BigInt::from(1) << 1024usize)), None);
        let near: BigInt = (BigInt::from(1) << 1024usize) - (BigInt::from(1) << 970usize);
        assert_eq!(bigint_to_f64(&near), None);
        let below: BigInt = near - 1;
        assert_eq!(bigint_to_f64(&below), Some(f64::MAX));
        assert_eq!(bigint_to_f64(&-(BigInt::from(3) << 200usize)), Some(-3.0 * 2f64.powi(200)));
        assert_eq!(float_to_bigint(1e20), Some(bi("100000000000000000000")));
        assert_eq!(float_to_bigint(-2.9), Some(BigInt::from(-2)));
        assert_eq!(float_to_bigint(f64::NAN), None);
        assert_eq!(float_to_bigint(f64::MAX).map(|v| v.bits()), Some(1024));
    }

    #[test]
    fn true_divide() {
        let d = |a: &str, b: &str| int_true_divide(&bi(a), &bi(b));
        assert_eq!(d("1", "3"), Ok(0.3333333333333333));
        assert!(same(d("0", "-5").unwrap(), -0.0));
        assert_eq!(d("1", "0").unwrap_err().message(), "division by zero");
        let ten300 = format!("1{}", "0".repeat(300));
        let ten400 = format!("1{}", "0".repeat(400));
        assert_eq!(d(&ten400, &ten300), Ok(1e100));
        assert_eq!(d(&ten300, &ten400), Ok(1e-100));
        assert_eq!(d(&ten400, "1").unwrap_err().message(), "integer division result too large for a float");
        assert_eq!(d("1", &format!("1{}", "0".repeat(330))), Ok(0.0));
        assert_eq!(d("1", &format!("1{}", "0".repeat(320))), Ok(1e-320));
        assert_eq!(d("3", &format!("1{}", "0".repeat(324))), Ok(5e-324));
        assert_eq!(d("2", &format!("1{}", "0".repeat(324))), Ok(0.0));
        assert!(same(d("-1", &format!("1{}", "0".repeat(400))).unwrap(), -0.0));
        assert_eq!(d("12345678901234567890123", "-7"), Ok(-1.763668414462081e21));
        assert_eq!(d("9007199254740993", "1"), Ok(9007199254740992.0));
        assert_eq!(d("9007199254740995", "1"), Ok(9007199254740996.0));
    }

    #[test]
    fn float_strings() {
        let ok: &[(&str, f64)] = &[
            ("1_0", 10.0),
            (" 1_0 ", 10.0),
            ("\u{2003}1.5\u{2003}", 1.5),
            ("1.e1", 10.0),
            ("infinity", f64::INFINITY),
            ("-INF", f64::NEG_INFINITY),
            ("1e500", f64::INFINITY),
            ("+.5", 0.5),
            ("1_2.3_4e1_0", 12.34e10),
            ("\t-0.0\n", -0.0),
        ];
        for &(s, v) in ok {
            assert!(same(parse_float(s).unwrap(), v), "{s:?}");
        }
        assert!(parse_float("-nan").unwrap().is_nan());
        for s in [
            "-+inf",
            "--nan",
            "+-1",
            "_1",
            "1__0",
            "1_.5",
            "1._5",
            "1e_5",
            "1_e5",
            "1e",
            ".",
            ".e1",
            "0x10",
            "infinit",
            "nan(1)",
            "\x1c1\x1f",
            "1.5\0",
            "",
            "  ",
            "1 0",
            "1e5.0",
            "e5",
            "in f",
        ] {
            assert_eq!(parse_float(s), None, "{s:?}");
        }
    }

    #[test]
    fn int_strings() {
        let ok: &[(&str, u32, &str)] = &[
            ("  42 ", 10, "42"),
            ("-0x_ff", 0, "-255"),
            ("0x_ff", 16, "255"),
            ("ff", 16, "255"),
            ("0b1_0", 0, "2"),
            ("0o17", 8, "15"),
            ("000", 0, "0"),
            ("0_0", 0, "0"),
            ("1_000_000", 10, "1000000"),
            ("z", 36, "35"),
            ("0b1", 16, "177"),
            ("+7", 0, "7"),
        ];
        for &(s, base, v) in ok {
            assert_eq!(parse_int(s, base), Some(bi(v)), "{s:?} {base}");
        }
        for (s, base) in [
            ("010", 0),
            ("0x", 16),
            ("0x_", 0),
            ("_1", 10),
            ("1_", 10),
            ("1__0", 10),
            ("", 10),
            ("- 1", 10),
            ("0_7", 0),
            ("12", 2),
            ("0o8", 0),
            ("1", 1),
            ("1", 37),
            ("0x1", 10),
            ("1.0", 10),
            ("0b_", 2),
        ] {
            assert_eq!(parse_int(s, base), None, "{s:?} {base}");
        }
    }
}
