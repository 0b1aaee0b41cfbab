//! The `math` module: CPython's functions with CPython's domain errors.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use tracelift_runtime::Value;
use tracelift_runtime::exc::{OVERFLOW_ERROR, PyErr, PyResult, type_error, value_error};

use crate::Vm;
use crate::builtins::{as_float, check_args, float_to_int};

fn farg(v: &Value) -> PyResult<f64> {
    match as_float(v) {
        Some(r) => r,
        None => Err(type_error(format!("must be real number, not {}", v.ty().name()))),
    }
}

fn domain() -> PyErr {
    value_error("math domain error")
}

fn range_err() -> PyErr {
    PyErr::new(&OVERFLOW_ERROR, "math range error")
}

/// Checks a libm result the way CPython's `math_1` does.
fn checked(x: f64, r: f64, can_overflow: bool) -> PyResult<Value> {
    if r.is_nan() && !x.is_nan() {
        return Err(domain());
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow { range_err() } else { domain() });
    }
    Ok(Value::float(r))
}

macro_rules! unary {
    ($name:ident, $f:expr, $ovf:expr) => {
        fn $name(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
            check_args(stringify!($name), a, 1, 1)?;
            let x = farg(&a[0])?;
            let f: fn(f64) -> f64 = $f;
            checked(x, f(x), $ovf)
        }
    };
}

unary!(sin, f64::sin, false);
unary!(cos, f64::cos, false);
unary!(tan, f64::tan, false);
unary!(asin, f64::asin, false);
unary!(acos, f64::acos, false);
unary!(atan, f64::atan, false);
unary!(sinh, f64::sinh, true);
unary!(cosh, f64::cosh, true);
unary!(tanh, f64::tanh, false);
unary!(exp, f64::exp, true);
unary!(expm1, f64::exp_m1, true);
unary!(fabs, f64::abs, false);
/// The uop that does a one-argument call of builtin `b`, if one does (the optimizer's
/// `promote_globals` puts it in place of `_CALL_BUILTIN_FAST` on a promoted `math.sqrt`).
pub(crate) fn call_uop(b: &crate::objects::BuiltinObject) -> Option<tracelift_uops::Uop> {
    std::ptr::fn_addr_eq(b.func, sqrt as crate::objects::NativeFn).then_some(tracelift_uops::Uop::_CALL_BUILTIN_SQRT)
}

fn sqrt(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("sqrt", a, 1, 1)?;
    let x = farg(&a[0])?;
    if x < 0.0 {
        return Err(domain());
    }
    Ok(Value::float(x.sqrt()))
}

fn log(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("log", a, 1, 2)?;
    let lx = log_of(&a[0], f64::ln)?;
    if let Some(b) = a.get(1) {
        let lb = log_of(b, f64::ln)?;
        if lb == 0.0 {
            return Err(tracelift_runtime::exc::zero_division("float division by zero"));
        }
        return Ok(Value::float(lx / lb));
    }
    Ok(Value::float(lx))
}

/// log of an int or float; big ints go through their bit length so they never overflow.
fn log_of(v: &Value, f: fn(f64) -> f64) -> PyResult<f64> {
    if let Some(b) = v.as_big() {
        if !b.is_positive() {
            return Err(domain());
        }
        // As CPython's loghelper: the int as a float when it fits, else frexp-style
        // `m * 2**e` with `m` in [0.5, 1): f(m) + f(2) * e.
        if tracelift_runtime::floatops::bigint_to_f64(b).is_none() {
            let bits = b.bits() as i64;
            let shifted: BigInt = b >> (bits - 62) as usize;
            let m = tracelift_runtime::floatops::bigint_to_f64(&shifted).unwrap_or(1.0) / 2f64.powi(62);
            return Ok(f(m) + f(2.0) * bits as f64);
        }
    }
    let x = farg(v)?;
    if x <= 0.0 {
        return Err(domain());
    }
    Ok(f(x))
}

fn log2(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("log2", a, 1, 1)?;
    Ok(Value::float(log_of(&a[0], f64::log2)?))
}

fn log10(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("log10", a, 1, 1)?;
    Ok(Value::float(log_of(&a[0], f64::log10)?))
}

fn log1p(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("log1p", a, 1, 1)?;
    let x = farg(&a[0])?;
    if x <= -1.0 {
        return Err(domain());
    }
    Ok(Value::float(x.ln_1p()))
}

fn pow(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("pow", a, 2, 2)?;
    let (x, y) = (farg(&a[0])?, farg(&a[1])?);
    if x == 0.0 && y < 0.0 {
        return Err(domain());
    }
    if x < 0.0 && y.is_finite() && y.fract() != 0.0 {
        return Err(domain());
    }
    let r = x.powf(y);
    if r.is_infinite() && x.is_finite() && y.is_finite() {
        return Err(range_err());
    }
    Ok(Value::float(r))
}

fn atan2(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("atan2", a, 2, 2)?;
    Ok(Value::float(farg(&a[0])?.atan2(farg(&a[1])?)))
}

fn hypot(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let mut acc = 0.0f64;
    for v in a {
        acc = acc.hypot(farg(v)?);
    }
    Ok(Value::float(acc))
}

fn copysign(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("copysign", a, 2, 2)?;
    Ok(Value::float(farg(&a[0])?.copysign(farg(&a[1])?)))
}

fn fmod(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("fmod", a, 2, 2)?;
    let (x, y) = (farg(&a[0])?, farg(&a[1])?);
    if y == 0.0 && !x.is_nan() {
        return Err(domain());
    }
    Ok(Value::float(x % y))
}

fn int_result(v: &Value, f: fn(f64) -> f64) -> PyResult<Value> {
    if v.is_int_or_bool() {
        return Ok(Value::from_bigint(v.to_bigint().unwrap_or_default()));
    }
    float_to_int(f(farg(v)?))
}

fn floor(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("floor", a, 1, 1)?;
    int_result(&a[0], f64::floor)
}

fn ceil(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("ceil", a, 1, 1)?;
    int_result(&a[0], f64::ceil)
}

fn trunc(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("trunc", a, 1, 1)?;
    int_result(&a[0], f64::trunc)
}

fn int_arg(v: &Value, f: &str) -> PyResult<BigInt> {
    if v.is_float() {
        return Err(type_error("'float' object cannot be interpreted as an integer"));
    }
    v.to_bigint().ok_or_else(|| type_error(format!("{f}() argument must be int, not {}", v.ty().name())))
}

fn gcd(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let mut g = BigInt::zero();
    for v in a {
        g = num_integer::Integer::gcd(&g, &int_arg(v, "gcd")?);
    }
    Ok(Value::from_bigint(g))
}

fn lcm(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let mut l = BigInt::from(1);
    for v in a {
        l = num_integer::Integer::lcm(&l, &int_arg(v, "lcm")?);
    }
    Ok(Value::from_bigint(l))
}

fn factorial(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("factorial", a, 1, 1)?;
    let n = int_arg(&a[0], "factorial")?;
    if n.is_negative() {
        return Err(value_error("factorial() not defined for negative values"));
    }
    let n: u64 = n
        .try_into()
        .map_err(|_| PyErr::new(&OVERFLOW_ERROR, "factorial() argument should not exceed 9223372036854775807"))?;
    let mut r = BigInt::from(1);
    for i in 2..=n {
        r *= i;
    }
    Ok(Value::from_bigint(r))
}

fn isqrt(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isqrt", a, 1, 1)?;
    let n = int_arg(&a[0], "isqrt")?;
    if n.is_negative() {
        return Err(value_error("isqrt() argument must be nonnegative"));
    }
    Ok(Value::from_bigint(n.sqrt()))
}

fn comb(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("comb", a, 2, 2)?;
    let (n, k) = (int_arg(&a[0], "comb")?, int_arg(&a[1], "comb")?);
    if n.is_negative() || k.is_negative() {
        return Err(value_error("n must be a non-negative integer"));
    }
    if k > n {
        return Ok(Value::int(0));
    }
    let k = std::cmp::min(k.clone(), &n - &k);
    let mut r = BigInt::from(1);
    let mut i = BigInt::zero();
    while i < k {
        r = r * (&n - &i) / (&i + 1);
        i += 1;
    }
    Ok(Value::from_bigint(r))
}

fn isnan(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isnan", a, 1, 1)?;
    Ok(Value::bool(farg(&a[0])?.is_nan()))
}

fn isinf(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isinf", a, 1, 1)?;
    Ok(Value::bool(farg(&a[0])?.is_infinite()))
}

fn isfinite(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isfinite", a, 1, 1)?;
    Ok(Value::bool(farg(&a[0])?.is_finite()))
}

fn isclose(_vm: &mut Vm, a: &[Value], k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isclose", a, 2, 2)?;
    let (x, y) = (farg(&a[0])?, farg(&a[1])?);
    let rel = match crate::builtins::kwarg(k, "rel_tol") {
        Some(v) => farg(v)?,
        None => 1e-9,
    };
    let abs = match crate::builtins::kwarg(k, "abs_tol") {
        Some(v) => farg(v)?,
        None => 0.0,
    };
    if rel < 0.0 || abs < 0.0 {
        return Err(value_error("tolerances must be non-negative"));
    }
    if x == y {
        return Ok(Value::bool(true));
    }
    if x.is_infinite() || y.is_infinite() {
        return Ok(Value::bool(false));
    }
    let d = (y - x).abs();
    Ok(Value::bool(d <= (rel * y).abs() || d <= (rel * x).abs() || d <= abs))
}

fn degrees(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("degrees", a, 1, 1)?;
    Ok(Value::float(farg(&a[0])?.to_degrees()))
}

fn radians(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("radians", a, 1, 1)?;
    Ok(Value::float(farg(&a[0])?.to_radians()))
}

fn fsum(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("fsum", a, 1, 1)?;
    // Shewchuk's exact partial sums, as CPython's msum.
    let mut partials: Vec<f64> = Vec::new();
    for v in vm.collect_iterable(&a[0])? {
        let mut x = farg(&v)?;
        let mut i = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[i] = lo;
                i += 1;
            }
            x = hi;
        }
        partials.truncate(i);
        partials.push(x);
    }
    let mut n = partials.len();
    let mut hi = 0.0;
    if n > 0 {
        n -= 1;
        hi = partials[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = partials[n];
            hi = x + y;
            let yr = hi - x;
            lo = y - yr;
            if lo != 0.0 {
                break;
            }
        }
        if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            let yr = x - hi;
            if y == yr {
                hi = x;
            }
        }
    }
    Ok(Value::float(hi))
}

fn prod(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("prod", a, 1, 1)?;
    let mut acc = Value::int(1);
    for v in vm.collect_iterable(&a[0])? {
        acc = vm.binary_op(tracelift_uops::BinaryOp::Multiply, &acc, &v, false)?;
    }
    Ok(acc)
}

unary!(asinh, f64::asinh, false);
unary!(acosh, f64::acosh, false);
unary!(atanh, f64::atanh, false);
unary!(cbrt, f64::cbrt, false);
unary!(exp2, f64::exp2, true);

fn modf(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("modf", a, 1, 1)?;
    let x = farg(&a[0])?;
    if x.is_infinite() {
        return Ok(Value::tuple(vec![Value::float(0.0f64.copysign(x)), Value::float(x)]));
    }
    let ip = x.trunc();
    Ok(Value::tuple(vec![Value::float((x - ip).copysign(x)), Value::float(ip)]))
}

fn frexp(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("frexp", a, 1, 1)?;
    let x = farg(&a[0])?;
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::tuple(vec![Value::float(x), Value::int(0)]));
    }
    let bits = x.to_bits();
    let mut exp = ((bits >> 52) & 0x7ff) as i64;
    let (m, e) = if exp == 0 {
        // Subnormal: scale up first.
        let y = x * 2f64.powi(64);
        let b = y.to_bits();
        exp = ((b >> 52) & 0x7ff) as i64;
        (f64::from_bits((b & !(0x7ffu64 << 52)) | (1022u64 << 52)), exp - 1022 - 64)
    } else {
        (f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52)), exp - 1022)
    };
    Ok(Value::tuple(vec![Value::float(m), Value::int(e)]))
}

fn ldexp(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("ldexp", a, 2, 2)?;
    let x = farg(&a[0])?;
    let e = a[1]
        .as_i64()
        .filter(|_| a[1].is_int_or_bool())
        .ok_or_else(|| type_error("Expected an int as second argument to ldexp."))?;
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::float(x));
    }
    let e = e.clamp(-2200, 2200) as i32;
    // Scale in steps so intermediate powers of two stay finite.
    let mut r = x;
    let mut left = e;
    while left != 0 {
        let step = left.clamp(-1000, 1000);
        r *= 2f64.powi(step);
        left -= step;
    }
    if r.is_infinite() {
        return Err(range_err());
    }
    Ok(Value::float(r))
}

fn remainder(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("remainder", a, 2, 2)?;
    let (x, y) = (farg(&a[0])?, farg(&a[1])?);
    if y == 0.0 || x.is_infinite() {
        if x.is_nan() || y.is_nan() {
            return Ok(Value::float(f64::NAN));
        }
        return Err(domain());
    }
    if y.is_infinite() {
        return Ok(Value::float(x));
    }
    // IEEE remainder: x - n*y with n the integer nearest x/y, ties to even.
    let n = (x / y).round_ties_even();
    let mut r = x - n * y;
    if r == 0.0 {
        r = 0.0f64.copysign(x);
    }
    Ok(Value::float(r))
}

fn dist(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("dist", a, 2, 2)?;
    let (p, q) = (vm.collect_iterable(&a[0])?, vm.collect_iterable(&a[1])?);
    if p.len() != q.len() {
        return Err(value_error("both points must have the same number of dimensions"));
    }
    let mut acc = 0.0f64;
    for (x, y) in p.iter().zip(&q) {
        acc = acc.hypot(farg(x)? - farg(y)?);
    }
    Ok(Value::float(acc))
}

fn perm(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("perm", a, 1, 2)?;
    let n = int_arg(&a[0], "perm")?;
    let k = match a.get(1) {
        Some(k) if !k.is_none() => int_arg(k, "perm")?,
        _ => n.clone(),
    };
    if n.is_negative() {
        return Err(value_error("n must be a non-negative integer"));
    }
    if k.is_negative() {
        return Err(value_error("k must be a non-negative integer"));
    }
    if k > n {
        return Ok(Value::int(0));
    }
    let mut r = BigInt::from(1);
    let mut i = BigInt::zero();
    while i < k {
        r *= &n - &i;
        i += 1;
    }
    Ok(Value::from_bigint(r))
}

fn ulp(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("ulp", a, 1, 1)?;
    let x = farg(&a[0])?.abs();
    if x.is_nan() || x.is_infinite() {
        return Ok(Value::float(x));
    }
    if x == f64::MAX {
        return Ok(Value::float(x - f64::from_bits(x.to_bits() - 1)));
    }
    Ok(Value::float(f64::from_bits(x.to_bits() + 1) - x))
}

fn nextafter(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("nextafter", a, 2, 2)?;
    let (x, y) = (farg(&a[0])?, farg(&a[1])?);
    if x.is_nan() || y.is_nan() {
        return Ok(Value::float(f64::NAN));
    }
    if x == y {
        return Ok(Value::float(y));
    }
    if x == 0.0 {
        return Ok(Value::float(f64::from_bits(1).copysign(y)));
    }
    let b = x.to_bits();
    let up = (y > x) == (x > 0.0);
    Ok(Value::float(f64::from_bits(if up { b + 1 } else { b - 1 })))
}

pub(super) fn module() -> tracelift_runtime::Value {
    super::make(
        "math",
        &[
            ("sin", sin),
            ("cos", cos),
            ("tan", tan),
            ("asin", asin),
            ("acos", acos),
            ("atan", atan),
            ("sinh", sinh),
            ("cosh", cosh),
            ("tanh", tanh),
            ("exp", exp),
            ("expm1", expm1),
            ("fabs", fabs),
            ("sqrt", sqrt),
            ("log", log),
            ("log2", log2),
            ("log10", log10),
            ("log1p", log1p),
            ("pow", pow),
            ("atan2", atan2),
            ("hypot", hypot),
            ("copysign", copysign),
            ("fmod", fmod),
            ("floor", floor),
            ("ceil", ceil),
            ("trunc", trunc),
            ("gcd", gcd),
            ("lcm", lcm),
            ("factorial", factorial),
            ("isqrt", isqrt),
            ("comb", comb),
            ("isnan", isnan),
            ("isinf", isinf),
            ("isfinite", isfinite),
            ("isclose", isclose),
            ("degrees", degrees),
            ("radians", radians),
            ("fsum", fsum),
            ("prod", prod),
            ("asinh", asinh),
            ("acosh", acosh),
            ("atanh", atanh),
            ("cbrt", cbrt),
            ("exp2", exp2),
            ("modf", modf),
            ("frexp", frexp),
            ("ldexp", ldexp),
            ("remainder", remainder),
            ("dist", dist),
            ("perm", perm),
            ("ulp", ulp),
            ("nextafter", nextafter),
        ],
        vec![
            ("pi", Value::float(std::f64::consts::PI)),
            ("e", Value::float(std::f64::consts::E)),
            ("tau", Value::float(std::f64::consts::TAU)),
            ("inf", Value::float(f64::INFINITY)),
            ("nan", Value::float(f64::NAN)),
        ],
    )
}
