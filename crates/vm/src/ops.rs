//! Generic (unspecialized) operators: arithmetic, comparisons, truth, unary ops — the slow
//! paths behind `BINARY_OP`, `COMPARE_OP`, `TO_BOOL` and the unary instructions, with
//! CPython's semantics and error messages. User classes' dunder methods are called from here.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::borrow::Cow;
use std::cmp::Ordering;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, overflow_error, type_error, value_error, zero_division};
use tracelift_runtime::floatops;
use tracelift_runtime::keys::num_cmp;
use tracelift_runtime::mem;
use tracelift_runtime::types::Kind;
use tracelift_uops::opcode::{BinaryOp, CompareOp};

use crate::Vm;

/// A number operand: a small int, any other int (as bigint), or a float.
/// A number operand: a big int is borrowed from its object (pidigits' operands have
/// thousands of digits, which a copy per operation moved around for nothing).
enum N<'a> {
    S(i64),
    I(Cow<'a, BigInt>),
    F(f64),
}

impl<'a> N<'a> {
    fn big(self) -> Option<Cow<'a, BigInt>> {
        match self {
            N::S(i) => Some(Cow::Owned(BigInt::from(i))),
            N::I(b) => Some(b),
            N::F(_) => None,
        }
    }
}

fn num_of(v: &Value) -> Option<N<'_>> {
    if v.is_small() {
        Some(N::S(v.small_value()))
    } else if let Some(f) = v.as_f64() {
        Some(N::F(f))
    } else if let Some(b) = v.as_big() {
        Some(N::I(Cow::Borrowed(b)))
    } else {
        v.to_bigint().map(|b| N::I(Cow::Owned(b)))
    }
}

fn to_f(n: &N) -> PyResult<f64> {
    match n {
        N::F(f) => Ok(*f),
        // Exact for a small int up to 2^53, correctly rounded (to even) beyond, as CPython's
        // int-to-float conversion.
        N::S(i) => Ok(*i as f64),
        N::I(i) => floatops::bigint_to_f64(i).ok_or_else(|| overflow_error("int too large to convert to float")),
    }
}

/// `a <op> b` for two small ints in machine arithmetic, with CPython's results; `None` when
/// the bigint path must answer (a power, a left shift past 63 bits, a zero divisor or a
/// negative shift count, which raise there). Small ints are within ±2^62, so sums, products
/// and shifts by at most 63 fit an `i128`.
fn small_int_op(op: BinaryOp, a: i64, b: i64) -> Option<Value> {
    const EXACT: i64 = 1 << 53;
    Some(match op {
        BinaryOp::Add => Value::int(a + b),
        BinaryOp::Subtract => Value::int(a - b),
        BinaryOp::Multiply => Value::int128(a as i128 * b as i128),
        // Rounded toward minus infinity: one less than truncation when the signs differ and
        // the division is not exact.
        BinaryOp::FloorDivide if b != 0 => Value::int(a / b - i64::from(a % b != 0 && (a ^ b) < 0)),
        BinaryOp::Remainder if b != 0 => {
            let r = a % b;
            Value::int(if r != 0 && (r < 0) != (b < 0) { r + b } else { r })
        }
        BinaryOp::TrueDivide if b != 0 && (-EXACT..=EXACT).contains(&a) && (-EXACT..=EXACT).contains(&b) => {
            Value::float(a as f64 / b as f64)
        }
        BinaryOp::And => Value::int(a & b),
        BinaryOp::Or => Value::int(a | b),
        BinaryOp::Xor => Value::int(a ^ b),
        BinaryOp::Lshift if (0..64).contains(&b) => Value::int128((a as i128) << b),
        BinaryOp::Rshift if b >= 0 => Value::int(a >> b.min(63)),
        _ => return None,
    })
}

/// `TypeError: unsupported operand type(s) for -: 'A' and 'B'`.
fn unsupported(op: BinaryOp, inplace: bool, a: &Value, b: &Value) -> PyErr {
    type_error(format!(
        "unsupported operand type(s) for {}{}: '{}' and '{}'",
        op.symbol(),
        if inplace { "=" } else { "" },
        a.ty().name(),
        b.ty().name()
    ))
}

/// The error of `BINARY_OP` with oparg `oparg` when no operand's dunder answers.
pub(crate) fn unsupported_operands(oparg: u32, a: &Value, b: &Value) -> PyErr {
    match BinaryOp::from_arg(oparg) {
        Some((op, inplace)) => unsupported(op, inplace, a, b),
        None => type_error("bad binary operator"),
    }
}

/// The dunders of operator `op`: its own (`__add__`), reflected (`__radd__`) and in-place
/// (`__iadd__`).
pub(crate) fn dunder_names(op: BinaryOp) -> (&'static str, &'static str, &'static str) {
    match op {
        BinaryOp::Add => ("__add__", "__radd__", "__iadd__"),
        BinaryOp::And => ("__and__", "__rand__", "__iand__"),
        BinaryOp::FloorDivide => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
        BinaryOp::Lshift => ("__lshift__", "__rlshift__", "__ilshift__"),
        BinaryOp::MatrixMultiply => ("__matmul__", "__rmatmul__", "__imatmul__"),
        BinaryOp::Multiply => ("__mul__", "__rmul__", "__imul__"),
        BinaryOp::Remainder => ("__mod__", "__rmod__", "__imod__"),
        BinaryOp::Or => ("__or__", "__ror__", "__ior__"),
        BinaryOp::Power => ("__pow__", "__rpow__", "__ipow__"),
        BinaryOp::Rshift => ("__rshift__", "__rrshift__", "__irshift__"),
        BinaryOp::Subtract => ("__sub__", "__rsub__", "__isub__"),
        BinaryOp::TrueDivide => ("__truediv__", "__rtruediv__", "__itruediv__"),
        BinaryOp::Xor => ("__xor__", "__rxor__", "__ixor__"),
    }
}

impl Vm {
    /// `BINARY_OP` with its raw arg.
    pub fn binary_op_arg(&mut self, oparg: u32, a: &Value, b: &Value) -> PyResult<Value> {
        let Some((op, inplace)) = BinaryOp::from_arg(oparg) else {
            return Err(type_error("bad binary operator"));
        };
        self.binary_op(op, a, b, inplace)
    }

    /// `a <op> b` (or `a <op>= b` when `inplace`).
    pub fn binary_op(&mut self, op: BinaryOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Value> {
        // A user subclass of a builtin container may override the operator.
        if (self.sub_override(a) || self.sub_override(b))
            && let Some(r) = self.binary_dunders(op, a, b, inplace)?
        {
            return Ok(r);
        }
        // `bool & bool` (and `|`, `^`) stays a bool, as CPython's bool_and/bool_or/bool_xor;
        // a bool with an int falls through to int arithmetic.
        if a.is_bool() && b.is_bool() {
            let (x, y) = (a.is_true(), b.is_true());
            match op {
                BinaryOp::And => return Ok(Value::bool(x & y)),
                BinaryOp::Or => return Ok(Value::bool(x | y)),
                BinaryOp::Xor => return Ok(Value::bool(x ^ y)),
                _ => {}
            }
        }
        if let (Some(x), Some(y)) = (num_of(a), num_of(b))
            && let Some(r) = self.num_op(op, x, y)?
        {
            return Ok(r);
        }
        if let Some(r) = self.seq_op(op, a, b, inplace)? {
            return Ok(r);
        }
        if (matches!(a.ty().kind, Kind::Bytes | Kind::ByteArray)
            || matches!(b.ty().kind, Kind::Bytes | Kind::ByteArray))
            && let Some(r) = self.bytes_binop(op, a, b, inplace)?
        {
            return Ok(r);
        }
        if (a.as_array().is_some() || b.as_array().is_some())
            && let Some(r) = self.array_binop(op, a, b, inplace)?
        {
            return Ok(r);
        }
        if let Some(r) = self.binary_dunders(op, a, b, inplace)? {
            return Ok(r);
        }
        // `int | None`, `list[int] | str`: a `types.UnionType` (CPython's `type.__or__`).
        if op == BinaryOp::Or && (a.as_type().is_some() || b.as_type().is_some()) {
            let types = self.import_shipped("_generic_alias")?;
            let union = self.get_attr(&types, &Value::str("_union"))?;
            let r = self.call_value(&union, vec![a.clone(), b.clone()], Vec::new())?;
            if !r.is_not_implemented() {
                return Ok(r);
            }
        }
        if op == BinaryOp::Add && a.is_str() {
            return Err(type_error(format!("can only concatenate str (not \"{}\") to str", b.ty().name())));
        }
        // (`t += [1]` on a tuple says the same; a list's `+=` takes any iterable instead.)
        if op == BinaryOp::Add && (a.is_list() && !inplace || a.is_tuple()) {
            return Err(type_error(format!(
                "can only concatenate {} (not \"{}\") to {}",
                a.ty().name(),
                b.ty().name(),
                a.ty().name()
            )));
        }
        if op == BinaryOp::Multiply
            && (a.is_str() || a.is_list() || a.is_tuple() || b.is_str() || b.is_list() || b.is_tuple())
        {
            let other = if a.is_str() || a.is_list() || a.is_tuple() { b } else { a };
            return Err(type_error(format!("can't multiply sequence by non-int of type '{}'", other.ty().name())));
        }
        Err(unsupported(op, inplace, a, b))
    }

    /// The user-defined dunders of a binary operator: in-place first, then `a`'s, then
    /// `b`'s reflected one (None when none answers). As CPython's `SLOT1BINFULL`, `b`'s
    /// reflected dunder goes before `a`'s when `b`'s class is a proper subclass of `a`'s that
    /// overrides it.
    fn binary_dunders(&mut self, op: BinaryOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Option<Value>> {
        let (l, r, i) = dunder_names(op);
        if inplace
            && a.ty().is_heap_type()
            && let Some(res) = self.call_dunder_opt(a, i, vec![b.clone()])?
            && !res.is_not_implemented()
        {
            return Ok(Some(res));
        }
        let (ta, tb) = (a.ty(), b.ty());
        let mut reflect = tb.is_heap_type() && !std::ptr::eq(ta, tb);
        if reflect && ta.is_heap_type() && tb.is_subtype(ta) {
            let h = tracelift_runtime::str::str_hash(r);
            let theirs = self.heap_lookup(tb, r, h);
            if theirs.is_some() && theirs.map(|v| v.raw()) != self.heap_lookup(ta, r, h).map(|v| v.raw()) {
                reflect = false;
                if let Some(res) = self.call_dunder_opt(b, r, vec![a.clone()])?
                    && !res.is_not_implemented()
                {
                    return Ok(Some(res));
                }
            }
        }
        if ta.is_heap_type()
            && let Some(res) = self.call_dunder_opt(a, l, vec![b.clone()])?
            && !res.is_not_implemented()
        {
            return Ok(Some(res));
        }
        if reflect
            && let Some(res) = self.call_dunder_opt(b, r, vec![a.clone()])?
            && !res.is_not_implemented()
        {
            return Ok(Some(res));
        }
        Ok(None)
    }

    fn num_op(&mut self, op: BinaryOp, x: N, y: N) -> PyResult<Option<Value>> {
        match (x, y) {
            (N::S(a), N::S(b)) => match small_int_op(op, a, b) {
                Some(r) => Ok(Some(r)),
                None => self.int_op(op, &BigInt::from(a), &BigInt::from(b)).map(Some),
            },
            (x @ (N::S(_) | N::I(_)), y @ (N::S(_) | N::I(_))) => {
                let (a, b) = (x.big().expect("an int"), y.big().expect("an int"));
                self.int_op(op, &a, &b).map(Some)
            }
            (x, y) => {
                let (a, b) = (to_f(&x)?, to_f(&y)?);
                let r = match op {
                    BinaryOp::Add => a + b,
                    BinaryOp::Subtract => a - b,
                    BinaryOp::Multiply => a * b,
                    BinaryOp::TrueDivide => {
                        if b == 0.0 {
                            return Err(zero_division("float division by zero"));
                        }
                        a / b
                    }
                    BinaryOp::FloorDivide => {
                        floatops::float_floordiv(a, b).ok_or_else(|| zero_division("float floor division by zero"))?
                    }
                    BinaryOp::Remainder => floatops::float_mod(a, b).ok_or_else(|| zero_division("float modulo"))?,
                    BinaryOp::Power => {
                        return match floatops::float_pow(a, b) {
                            Ok(r) => Ok(Some(Value::float(r))),
                            Err(e) => Err(self.pow_error(e, a, b)),
                        };
                    }
                    _ => return Ok(None),
                };
                Ok(Some(Value::float(r)))
            }
        }
    }

    fn pow_error(&self, e: floatops::PowError, _a: f64, _b: f64) -> PyErr {
        float_err(e)
    }

    /// Integer arithmetic with CPython semantics.
    pub fn int_op(&mut self, op: BinaryOp, a: &BigInt, b: &BigInt) -> PyResult<Value> {
        Ok(match op {
            BinaryOp::Add => Value::from_bigint(a + b),
            BinaryOp::Subtract => Value::from_bigint(a - b),
            BinaryOp::Multiply => Value::from_bigint(a * b),
            BinaryOp::FloorDivide => {
                if b.is_zero() {
                    return Err(zero_division("integer division or modulo by zero"));
                }
                Value::from_bigint(tracelift_runtime::int::div_mod_floor(a, b).0)
            }
            BinaryOp::Remainder => {
                if b.is_zero() {
                    return Err(zero_division("integer modulo by zero"));
                }
                Value::from_bigint(tracelift_runtime::int::div_mod_floor(a, b).1)
            }
            BinaryOp::TrueDivide => match floatops::int_true_divide(a, b) {
                Ok(f) => Value::float(f),
                Err(e) => return Err(float_err(e)),
            },
            BinaryOp::Power => {
                if b.is_negative() {
                    let (x, y) = (
                        floatops::bigint_to_f64(a)
                            .ok_or_else(|| overflow_error("int too large to convert to float"))?,
                        floatops::bigint_to_f64(b)
                            .ok_or_else(|| overflow_error("int too large to convert to float"))?,
                    );
                    return match floatops::float_pow(x, y) {
                        Ok(r) => Ok(Value::float(r)),
                        Err(e) => Err(self.pow_error(e, x, y)),
                    };
                }
                let Some(e) = b.to_u32() else {
                    if a.is_zero() || a.is_one() {
                        return Ok(Value::from_bigint(a.clone()));
                    }
                    if *a == BigInt::from(-1) {
                        return Ok(Value::int(if b.is_even() { 1 } else { -1 }));
                    }
                    return Err(overflow_error("exponent too large"));
                };
                probe_bigint_bits(a.bits().saturating_mul(e as u64))?;
                Value::from_bigint(num_traits::pow::Pow::pow(a, e))
            }
            BinaryOp::And => Value::from_bigint(a & b),
            BinaryOp::Or => Value::from_bigint(a | b),
            BinaryOp::Xor => Value::from_bigint(a ^ b),
            BinaryOp::Lshift => {
                if b.is_negative() {
                    return Err(value_error("negative shift count"));
                }
                // CPython: a count beyond Py_ssize_t overflows; a result too big to allocate
                // is a MemoryError.
                let Some(s) = b.to_usize().filter(|s| *s <= isize::MAX as usize) else {
                    return Err(overflow_error("too many digits in integer"));
                };
                if !a.is_zero() {
                    probe_bigint_bits(a.bits().saturating_add(s as u64))?;
                }
                Value::from_bigint(a << s)
            }
            BinaryOp::Rshift => {
                if b.is_negative() {
                    return Err(value_error("negative shift count"));
                }
                let s = b.to_usize().unwrap_or(usize::MAX);
                if s >= 1 << 32 { Value::int(if a.is_negative() { -1 } else { 0 }) } else { Value::from_bigint(a >> s) }
            }
            BinaryOp::MatrixMultiply => {
                return Err(type_error("unsupported operand type(s) for @: 'int' and 'int'"));
            }
        })
    }

    /// Sequence and container operators: `+`, `*`, `%` on str, list, tuple; set algebra; dict
    /// union.
    fn seq_op(&mut self, op: BinaryOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Option<Value>> {
        match op {
            BinaryOp::Add => {
                if let (Some(x), Some(y)) = (a.as_str_obj(), b.as_str_obj()) {
                    return Ok(Some(Value::try_str_concat(x, y)?));
                }
                if let Some(l) = a.as_list() {
                    if inplace {
                        let items = self.collect_iterable(b)?;
                        l.extend(items)?;
                        return Ok(Some(a.clone()));
                    }
                    if let Some(m) = b.as_list() {
                        let mut v = mem::vec_with_capacity(l.items().len() + m.items().len())?;
                        v.extend(l.items().iter().cloned());
                        v.extend(m.items().iter().cloned());
                        return Ok(Some(Value::list(v)));
                    }
                }
                if let (Some(x), Some(y)) = (a.as_tuple(), b.as_tuple()) {
                    let mut v = mem::vec_with_capacity(x.len() + y.len())?;
                    v.extend(x.iter().cloned());
                    v.extend(y.iter().cloned());
                    return Ok(Some(Value::tuple(v)));
                }
                Ok(None)
            }
            BinaryOp::Multiply => {
                let is_seq = |v: &Value| v.is_str() || v.is_list() || v.is_tuple();
                // An int subclass instance (an `IntEnum` member) is an int here.
                let indexable = |vm: &Vm, v: &Value| {
                    v.ty().kind == Kind::Int
                        || v.ty().is_heap_type()
                            && vm
                                .heap_lookup(v.ty(), "__index__", tracelift_runtime::str::str_hash("__index__"))
                                .is_some()
                };
                let converted;
                let (seq, n) = if b.is_int_or_bool() {
                    (a, b)
                } else if a.is_int_or_bool() {
                    (b, a)
                } else if is_seq(a) && indexable(self, b) {
                    converted = Value::int(self.index_of(b)?);
                    (a, &converted)
                } else if is_seq(b) && indexable(self, a) {
                    converted = Value::int(self.index_of(a)?);
                    (b, &converted)
                } else {
                    return Ok(None);
                };
                let Some(n) = n.as_i64() else {
                    if seq.is_str() || seq.is_list() || seq.is_tuple() {
                        return Err(overflow_error("cannot fit 'int' into an index-sized integer"));
                    }
                    return Ok(None);
                };
                let n = n.max(0) as usize;
                // Repeating nothing is nothing, however many times (no loop of n steps).
                let empty = seq.as_str().is_some_and(|s| s.is_empty())
                    || seq.as_list().is_some_and(|l| l.items().is_empty())
                    || seq.as_tuple().is_some_and(|t| t.is_empty());
                let n = if empty { 0 } else { n };
                if let Some(s) = seq.as_str_obj() {
                    return Ok(Some(Value::try_str_repeat(s, n)?));
                }
                if let Some(l) = seq.as_list() {
                    let items = l.items();
                    let mut v = mem::vec_with_capacity(items.len().checked_mul(n).ok_or_else(mem::memory_error)?)?;
                    for _ in 0..n {
                        v.extend(items.iter().cloned());
                    }
                    if inplace && a.is(seq) {
                        *l.items_mut() = v;
                        return Ok(Some(a.clone()));
                    }
                    return Ok(Some(Value::list(v)));
                }
                if let Some(t) = seq.as_tuple() {
                    let mut v = mem::vec_with_capacity(t.len().checked_mul(n).ok_or_else(mem::memory_error)?)?;
                    for _ in 0..n {
                        v.extend(t.iter().cloned());
                    }
                    return Ok(Some(Value::tuple(v)));
                }
                Ok(None)
            }
            BinaryOp::Remainder => {
                if let Some(fmt) = a.as_str() {
                    let fmt = fmt.to_string();
                    return Ok(Some(Value::string(self.percent_format(&fmt, b)?)));
                }
                Ok(None)
            }
            BinaryOp::Or | BinaryOp::And | BinaryOp::Subtract | BinaryOp::Xor => {
                if a.as_set().is_some() && b.as_set().is_some() {
                    return self.set_binop(op, a, b, inplace).map(Some);
                }
                // Key and item views are set-like: the result is a set.
                let setlike = |v: &Value| v.as_set().is_some() || is_setlike_view(v);
                if (is_setlike_view(a) && setlike(b)) || (is_setlike_view(b) && setlike(a)) {
                    // As CPython's dictviews ops: `set(a)` updated in place by `b` (for `&`,
                    // the items of `b` that are in `a`, in `b`'s order).
                    let sa = self.view_to_set(a)?;
                    let sb = self.view_to_set(b)?;
                    if op == BinaryOp::And {
                        let r = tracelift_runtime::set::new_set(false);
                        for v in self.collect_iterable(b)? {
                            if sa.as_set().expect("set").contains(&v)? {
                                r.as_set().expect("set").add(v)?;
                            }
                        }
                        return Ok(Some(r));
                    }
                    return self.set_binop(op, &sa, &sb, true).map(Some);
                }
                // `d |= other` takes anything `dict.update` takes (a mapping or an iterable of
                // pairs), as CPython's dict_ior; `d | other` only a dict.
                if op == BinaryOp::Or && inplace && a.as_dict().is_some() {
                    self.dict_update(a, b)?;
                    return Ok(Some(a.clone()));
                }
                if op == BinaryOp::Or
                    && let (Some(x), Some(_)) = (a.as_dict(), b.as_dict())
                {
                    let target = if inplace { a.clone() } else { x.copy() };
                    self.dict_update(&target, b)?;
                    return Ok(Some(target));
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// `set(v)` for a view or set, as CPython's `dictviews_to_set`: a keys view is built
    /// from its dict (the dict fast path, which sizes the table differently).
    fn view_to_set(&mut self, v: &Value) -> PyResult<Value> {
        use tracelift_runtime::object::{DictPart, IterState};
        let src = match v.as_iter().map(|i| i.state()) {
            Some(IterState::DictView { dict, what: DictPart::Keys }) => dict.clone(),
            _ => v.clone(),
        };
        let s = tracelift_runtime::set::new_set(false);
        self.set_update(&s, &src)?;
        Ok(s)
    }

    /// Truth value (`bool(v)`).
    pub fn truthy(&mut self, v: &Value) -> PyResult<bool> {
        if v.is_small() {
            return Ok(v.small_value() != 0);
        }
        if v.is_true() {
            return Ok(true);
        }
        if v.is_false() || v.is_none() {
            return Ok(false);
        }
        let ty = v.ty();
        if self.sub_override(v)
            && let Some(t) = self.user_truth(v)?
        {
            return Ok(t);
        }
        Ok(match ty.kind {
            // A heap int is nonzero, except an int subclass instance of value 0.
            Kind::Int => v.as_big().is_none_or(|b| b.sign() != num_bigint::Sign::NoSign),
            Kind::Float => v.float_value() != 0.0,
            Kind::Str => !v.as_str().unwrap_or("").is_empty(),
            Kind::Bytes | Kind::ByteArray => !v.bytes_like().expect("bytes").is_empty(),
            Kind::Array => !v.as_array().expect("array").is_empty(),
            Kind::List => !v.as_list().expect("list").items().is_empty(),
            Kind::Tuple => !v.as_tuple().expect("tuple").is_empty(),
            Kind::Dict => !v.as_dict().expect("dict").is_empty(),
            Kind::Set | Kind::FrozenSet => !v.as_set().expect("set").is_empty(),
            Kind::Range => !v.as_range().expect("range").is_empty(),
            Kind::Iter => match v.as_iter().map(|i| i.state()) {
                Some(tracelift_runtime::object::IterState::DictView { dict, .. }) => {
                    !dict.as_dict().expect("dict").is_empty()
                }
                _ => true,
            },
            _ if ty.is_heap_type() => self.user_truth(v)?.unwrap_or(true),
            _ => true,
        })
    }

    /// A user class's truth: its `__bool__` (which must return a bool), else its `__len__`;
    /// None when it has neither.
    fn user_truth(&mut self, v: &Value) -> PyResult<Option<bool>> {
        if let Some(r) = self.call_dunder_opt(v, "__bool__", vec![])? {
            if !r.is_bool() {
                return Err(type_error(format!("__bool__ should return bool, returned {}", r.ty().name())));
            }
            return Ok(Some(r.is_true()));
        }
        match self.call_dunder_opt(v, "__len__", vec![])? {
            Some(r) => Ok(Some(self.index_of(&r)? != 0)),
            None => Ok(None),
        }
    }

    /// `-v`
    pub fn unary_negative(&mut self, v: &Value) -> PyResult<Value> {
        self.unary(v, "__neg__", '-', |v| match v.as_f64() {
            Some(f) => Some(Value::float(-f)),
            None => v.to_bigint().map(|i| Value::from_bigint(-i)),
        })
    }

    /// `+v`
    pub fn unary_positive(&mut self, v: &Value) -> PyResult<Value> {
        self.unary(v, "__pos__", '+', |v| {
            if v.is_float() || v.is_int() {
                Some(v.clone())
            } else if v.is_bool() {
                Some(Value::int(v.as_i64().unwrap_or(0)))
            } else {
                // An int subclass without its own `__pos__`: a plain int.
                v.to_bigint().map(Value::from_bigint)
            }
        })
    }

    /// `~v`
    pub fn unary_invert(&mut self, v: &Value) -> PyResult<Value> {
        self.unary(v, "__invert__", '~', |v| {
            if v.is_float() { None } else { v.to_bigint().map(|i| Value::from_bigint(-i - 1)) }
        })
    }

    /// A unary operator: the own `dunder` of an instance of a user class (a subclass of int
    /// included) first, then the builtin numbers' rule `num`, then another type's `dunder`;
    /// `sym` names the operator in the `TypeError`.
    fn unary(
        &mut self,
        v: &Value,
        dunder: &'static str,
        sym: char,
        num: impl FnOnce(&Value) -> Option<Value>,
    ) -> PyResult<Value> {
        let user = v.is_obj() && v.ty().is_heap_type();
        if user && let Some(r) = self.call_dunder_opt(v, dunder, vec![])? {
            return Ok(r);
        }
        if let Some(r) = num(v) {
            return Ok(r);
        }
        if !user && let Some(r) = self.call_dunder_opt(v, dunder, vec![])? {
            return Ok(r);
        }
        Err(type_error(format!("bad operand type for unary {sym}: '{}'", v.ty().name())))
    }

    /// Rich comparison `a <op> b`, returning whatever the comparison returns.
    pub fn compare(&mut self, op: CompareOp, a: &Value, b: &Value) -> PyResult<Value> {
        // A user subclass of a builtin container may override the comparison.
        if (self.sub_override(a) || self.sub_override(b))
            && let Some(r) = self.compare_dunders(op, a, b)?
        {
            return Ok(r);
        }
        if let Some(o) = num_cmp(a, b) {
            return Ok(Value::bool(ord_matches(op, o)));
        }
        // NaN or non-numbers.
        if (a.is_float() || a.is_int_or_bool()) && (b.is_float() || b.is_int_or_bool()) {
            return Ok(Value::bool(op == CompareOp::Ne));
        }
        if let Some(o) = self.builtin_cmp(a, b, op)? {
            return Ok(o);
        }
        if let Some(r) = self.compare_dunders(op, a, b)? {
            return Ok(r);
        }
        if op == CompareOp::Ne
            && a.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(a, "__eq__", vec![b.clone()])?
            && !r.is_not_implemented()
        {
            let t = self.truthy(&r)?;
            return Ok(Value::bool(!t));
        }
        match op {
            CompareOp::Eq => Ok(Value::bool(a.is(b))),
            CompareOp::Ne => Ok(Value::bool(!a.is(b))),
            _ => Err(type_error(format!(
                "'{}' not supported between instances of '{}' and '{}'",
                op.symbol(),
                a.ty().name(),
                b.ty().name()
            ))),
        }
    }

    /// The user-defined dunders of a comparison: `a`'s, then `b`'s reflected one (None when
    /// neither answers).
    fn compare_dunders(&mut self, op: CompareOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        if a.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(a, compare_dunder(op), vec![b.clone()])?
            && !r.is_not_implemented()
        {
            return Ok(Some(r));
        }
        if b.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(b, compare_dunder(op.swapped()), vec![a.clone()])?
            && !r.is_not_implemented()
        {
            return Ok(Some(r));
        }
        Ok(None)
    }

    /// Comparisons between builtin containers and strings; `None` if not applicable.
    fn builtin_cmp(&mut self, a: &Value, b: &Value, op: CompareOp) -> PyResult<Option<Value>> {
        if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
            return Ok(Some(Value::bool(ord_matches(op, x.cmp(y)))));
        }
        if let (Some(x), Some(y)) = (a.bytes_like(), b.bytes_like()) {
            return Ok(Some(Value::bool(ord_matches(op, x.cmp(&y)))));
        }
        // Arrays compare as the lists of their values.
        if let (Some(x), Some(y)) = (a.as_array(), b.as_array()) {
            return self.builtin_cmp(&Value::list(x.values()), &Value::list(y.values()), op);
        }
        if a.as_tuple().is_some() && b.as_tuple().is_some() || a.as_list().is_some() && b.as_list().is_some() {
            return self.seq_compare(op, a, b).map(Some);
        }
        if matches!(op, CompareOp::Eq | CompareOp::Ne)
            && (is_setlike_view(a) || is_setlike_view(b))
            && (a.as_set().is_some() || is_setlike_view(a))
            && (b.as_set().is_some() || is_setlike_view(b))
        {
            let sa = self.view_to_set(a)?;
            let sb = self.view_to_set(b)?;
            let e = self.set_eq(&sa, &sb)?;
            return Ok(Some(Value::bool(e == (op == CompareOp::Eq))));
        }
        if matches!(op, CompareOp::Eq | CompareOp::Ne) {
            let eq = match (a.ty().kind, b.ty().kind) {
                (Kind::Dict, Kind::Dict) => Some(self.dict_eq(a, b)?),
                (Kind::Set | Kind::FrozenSet, Kind::Set | Kind::FrozenSet) => Some(self.set_eq(a, b)?),
                (Kind::Range, Kind::Range) => {
                    let (x, y) = (a.as_range().expect("range"), b.as_range().expect("range"));
                    let (lx, ly) = (x.len(), y.len());
                    Some(lx == ly && (lx == 0 || (x.start == y.start && (lx == 1 || x.step == y.step))))
                }
                _ => None,
            };
            if let Some(e) = eq {
                return Ok(Some(Value::bool(e == (op == CompareOp::Eq))));
            }
            if !a.ty().is_heap_type() && !b.ty().is_heap_type() {
                return Ok(Some(Value::bool(a.is(b) == (op == CompareOp::Eq))));
            }
        } else if matches!((a.ty().kind, b.ty().kind), (Kind::Set | Kind::FrozenSet, Kind::Set | Kind::FrozenSet)) {
            return Ok(Some(Value::bool(self.set_compare(op, a, b)?)));
        }
        Ok(None)
    }

    /// Compares two tuples or two lists item by item, in place. A list's items are read
    /// again at each step, as CPython's `list_richcompare` does, since an item's `__eq__` may
    /// change either list.
    fn seq_compare(&mut self, op: CompareOp, a: &Value, b: &Value) -> PyResult<Value> {
        fn len(v: &Value) -> usize {
            v.as_tuple().map_or_else(|| v.as_list().map_or(0, |l| l.items().len()), <[Value]>::len)
        }
        fn list_item(v: &Value, i: usize) -> Option<Value> {
            v.as_list().and_then(|l| l.items().get(i).cloned())
        }
        if matches!(op, CompareOp::Eq | CompareOp::Ne) && len(a) != len(b) {
            return Ok(Value::bool(op == CompareOp::Ne));
        }
        // Nested containers recurse on the Rust stack: bound it like CPython does.
        self.native_depth += 1;
        if self.native_depth + self.frames.len() > self.recursion_limit {
            self.native_depth -= 1;
            return Err(PyErr::new(
                &tracelift_runtime::exc::RECURSION_ERROR,
                "maximum recursion depth exceeded in comparison",
            ));
        }
        // The answer at the first pair of items that differ, `p` and `q`.
        let differ = |vm: &mut Vm, p: &Value, q: &Value| match op {
            CompareOp::Eq => Ok(Value::bool(false)),
            CompareOp::Ne => Ok(Value::bool(true)),
            _ => vm.compare(op, p, q),
        };
        let r = (|| {
            // Tuples cannot change, and the caller holds both: their items are compared where
            // they are, without counting a reference to each (CPython's `tuplerichcompare`).
            if let (Some(x), Some(y)) = (a.as_tuple(), b.as_tuple()) {
                for (p, q) in x.iter().zip(y) {
                    if !self.eq_bool(p, q)? {
                        return differ(self, p, q);
                    }
                }
                return Ok(Value::bool(ord_matches(op, x.len().cmp(&y.len()))));
            }
            let mut i = 0;
            while let (Some(p), Some(q)) = (list_item(a, i), list_item(b, i)) {
                if !self.eq_bool(&p, &q)? {
                    // An item's `__eq__` that shrank a list leaves only the lengths to compare.
                    if i >= len(a) || i >= len(b) {
                        break;
                    }
                    // The items now at `i`, which CPython reads again.
                    let (p, q) = (list_item(a, i).unwrap_or(p), list_item(b, i).unwrap_or(q));
                    return differ(self, &p, &q);
                }
                i += 1;
            }
            Ok(Value::bool(ord_matches(op, len(a).cmp(&len(b)))))
        })();
        self.native_depth -= 1;
        r
    }

    /// `a == b` as a bool (used by containers: identity first).
    pub fn eq_bool(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if a.is(b) {
            return Ok(true);
        }
        // Two different small ints or bools, or two exact strs: nothing to call.
        if (a.is_small() || a.is_bool()) && (b.is_small() || b.is_bool()) {
            return Ok(a.as_i64() == b.as_i64());
        }
        if a.is_str() && b.is_str() {
            return Ok(a.as_str() == b.as_str());
        }
        let r = self.compare(CompareOp::Eq, a, b)?;
        self.truthy(&r)
    }

    /// `a < b` as a bool (for sorting, min, max).
    pub fn lt_bool(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if a.is_small() && b.is_small() {
            return Ok(a.small_value() < b.small_value());
        }
        if let Some(o) = num_cmp(a, b) {
            return Ok(o == Ordering::Less);
        }
        // Sorting tuples (keys of records): straight to the item-wise comparison, past the
        // dispatch that exact tuples cannot take.
        if a.is_tuple() && b.is_tuple() {
            // An item's `__lt__` may answer with any object.
            let r = self.seq_compare(CompareOp::Lt, a, b)?;
            return self.truthy(&r);
        }
        let r = self.compare(CompareOp::Lt, a, b)?;
        self.truthy(&r)
    }

    /// `operator.index(v)` as i64 (ints, bools, `__index__`); an int too big for an index is
    /// an `IndexError`.
    pub fn index_of(&mut self, v: &Value) -> PyResult<i64> {
        if v.is_small() {
            return Ok(v.small_value());
        }
        let r = self.index_value(v)?;
        r.as_i64().ok_or_else(|| {
            tracelift_runtime::exc::PyErr::new(
                &tracelift_runtime::exc::INDEX_ERROR,
                "cannot fit 'int' into an index-sized integer",
            )
        })
    }

    /// CPython's `PyNumber_Index`: the int itself (a bool becomes the plain int, a big int
    /// stays big), or a user object's `__index__`; TypeError for anything else.
    pub fn index_value(&mut self, v: &Value) -> PyResult<Value> {
        if v.is_int() {
            return Ok(v.clone());
        }
        if v.is_bool() {
            return Ok(Value::int(v.is_true() as i64));
        }
        if v.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(v, "__index__", vec![])?
        {
            if !r.is_int_or_bool() && r.as_big().is_none() {
                return Err(type_error(format!("__index__ returned non-int (type {})", r.ty().name())));
            }
            return self.index_value(&r);
        }
        // An int subclass instance without its own `__index__`: its value, as a plain int.
        if let Some(b) = v.as_big() {
            return Ok(Value::from_bigint(b.clone()));
        }
        Err(type_error(format!("'{}' object cannot be interpreted as an integer", v.ty().name())))
    }
}

/// The exception for a float operation error.
pub fn float_err(e: floatops::FloatOpError) -> PyErr {
    match e {
        floatops::FloatOpError::ZeroDivision(m) => zero_division(m),
        floatops::FloatOpError::Overflow(m) => overflow_error(m),
        floatops::FloatOpError::ComplexResult => value_error(e.message()),
    }
}

/// Is `v` a `dict_keys` or `dict_items` view (the set-like views)?
fn is_setlike_view(v: &Value) -> bool {
    use tracelift_runtime::object::{DictPart, IterState};
    matches!(v.as_iter().map(|i| i.state()), Some(IterState::DictView { what: DictPart::Keys | DictPart::Items, .. }))
}

fn ord_matches(op: CompareOp, o: Ordering) -> bool {
    match op {
        CompareOp::Lt => o == Ordering::Less,
        CompareOp::Le => o != Ordering::Greater,
        CompareOp::Eq => o == Ordering::Equal,
        CompareOp::Ne => o != Ordering::Equal,
        CompareOp::Gt => o == Ordering::Greater,
        CompareOp::Ge => o != Ordering::Less,
    }
}

/// Big-int arithmetic (num-bigint) allocates its result infallibly, and a result the machine
/// cannot hold would abort the process. Before an operation whose result size the program
/// picks (`a ** e`, `a << s`), ask for that many bits with `try_reserve` (given back at once):
/// a refusal is CPython's `MemoryError`.
fn probe_bigint_bits(bits: u64) -> PyResult<()> {
    const SMALL: u64 = 1 << 20;
    if bits > SMALL {
        drop(mem::vec_with_capacity::<u64>(usize::try_from(bits / 64 + 1).map_err(|_| mem::memory_error())?)?);
    }
    Ok(())
}

/// The dunder method of a comparison.
fn compare_dunder(op: CompareOp) -> &'static str {
    match op {
        CompareOp::Lt => "__lt__",
        CompareOp::Le => "__le__",
        CompareOp::Eq => "__eq__",
        CompareOp::Ne => "__ne__",
        CompareOp::Gt => "__gt__",
        CompareOp::Ge => "__ge__",
    }
}
