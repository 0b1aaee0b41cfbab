//! Hashing and key equality for dicts and sets.
//!
//! Builtin types are hashed and compared here, by Python's rules (`1 == 1.0 == True` hash and
//! compare equal). Instances of user classes may define `__eq__`/`__hash__`; calling them
//! needs the interpreter, which registers [`VmHooks`] at start-up.

use std::cell::Cell;

use crate::exc::{PyResult, type_error};
use crate::pyhash;
use crate::types::Kind;
use crate::value::Value;

/// Callbacks into the VM for user-defined `__eq__` / `__hash__`.
pub struct VmHooks {
    /// `a == b` for values where at least one is an instance of a user class.
    pub eq: fn(&Value, &Value) -> PyResult<bool>,
    /// `hash(v)` for instances of user classes.
    pub hash: fn(&Value) -> PyResult<i64>,
}

thread_local! {
    static HOOKS: Cell<Option<&'static VmHooks>> = const { Cell::new(None) };
}

/// Registers the VM's hooks for this thread.
pub fn set_hooks(h: &'static VmHooks) {
    HOOKS.with(|c| c.set(Some(h)));
}

fn hooks() -> Option<&'static VmHooks> {
    HOOKS.with(|c| c.get())
}

/// `hash(v)`.
pub fn hash_value(v: &Value) -> PyResult<i64> {
    if v.is_small() {
        return Ok(pyhash::hash_i64(v.small_value()));
    }
    if v.is_str() {
        return Ok(v.as_str_obj().expect("a str").hash());
    }
    // An instance of a user subclass of a builtin type: its class may define `__hash__`
    // (or `__eq__`, which makes it unhashable); the VM decides, [`base_hash`] otherwise.
    if crate::sub::is_sub(v)
        && let Some(h) = hooks()
    {
        return (h.hash)(v);
    }
    base_hash(v)
}

/// `hash(v)` by the builtin type `v` is or extends, ignoring a subclass's `__hash__`.
pub fn base_hash(v: &Value) -> PyResult<i64> {
    if v.is_small() {
        return Ok(pyhash::hash_i64(v.small_value()));
    }
    if let Some(s) = v.as_str_obj() {
        return Ok(s.hash());
    }
    let ty = v.ty();
    match ty.kind {
        Kind::Int => Ok(pyhash::hash_bigint(v.as_big().expect("big int"))),
        Kind::Bool => Ok(if v.is_true() { 1 } else { 0 }),
        Kind::Float => Ok(pyhash::hash_f64(v.float_value())),
        Kind::Bytes => Ok(v.as_bytes_obj().expect("bytes").hash()),
        Kind::Tuple => {
            let mut t = pyhash::TupleHasher::new();
            for it in v.as_tuple().expect("tuple") {
                t.add(hash_value(it)?);
            }
            Ok(t.finish())
        }
        Kind::Range => {
            // CPython's range_hash: hash((len, start, step)), with None for the parts that do
            // not matter when the range is empty or has one element.
            let r = v.as_range().expect("range");
            let [start, stop, step] = r.big_bounds();
            let len = crate::object::big_range_len(&start, &stop, &step);
            let none = Value::none();
            let items = if len == 0.into() {
                vec![Value::from_bigint(len), none.clone(), none]
            } else if len == 1.into() {
                vec![Value::from_bigint(len), Value::from_bigint(start), none]
            } else {
                vec![Value::from_bigint(len), Value::from_bigint(start), Value::from_bigint(step)]
            };
            hash_value(&Value::tuple(items))
        }
        Kind::FrozenSet => {
            // CPython's frozenset_hash: order-independent xor of shuffled item hashes.
            let shuffle = |h: u64| ((h ^ 89869747) ^ (h << 16)).wrapping_mul(3644798167);
            let s = v.as_set().expect("frozenset");
            let items = s.items();
            let mut h: u64 = 0;
            for it in &items {
                h ^= shuffle(hash_value(it)? as u64);
            }
            h ^= (items.len() as u64 + 1).wrapping_mul(1927868237);
            h ^= (h >> 11) ^ (h >> 25);
            h = h.wrapping_mul(69069).wrapping_add(907133923);
            let h = h as i64;
            Ok(if h == -1 { 590923713 } else { h })
        }
        Kind::List | Kind::Dict | Kind::Set | Kind::Slice | Kind::ByteArray | Kind::Array => {
            Err(type_error(format!("unhashable type: '{}'", ty.tp_name())))
        }
        Kind::Instance | Kind::Exception if ty.is_heap_type() => match hooks() {
            Some(h) => (h.hash)(v),
            None => Ok(identity_hash(v)),
        },
        _ => Ok(identity_hash(v)),
    }
}

/// The default `object.__hash__`: derived from the address, as CPython.
pub fn identity_hash(v: &Value) -> i64 {
    let a = v.raw();
    let h = a.rotate_right(4) as i64;
    if h == -1 { -2 } else { h }
}

/// Numeric value of an int, bool or float for cross-type comparisons.
enum Num<'a> {
    Small(i64),
    Big(&'a num_bigint::BigInt),
    Float(f64),
}

fn as_num(v: &Value) -> Option<Num<'_>> {
    if v.is_small() {
        Some(Num::Small(v.small_value()))
    } else if v.is_true() {
        Some(Num::Small(1))
    } else if v.is_false() {
        Some(Num::Small(0))
    } else if let Some(f) = v.as_f64() {
        Some(Num::Float(f))
    } else {
        v.as_big().map(Num::Big)
    }
}

/// Compares an int (as bigint) with a float exactly.
pub fn cmp_big_float(b: &num_bigint::BigInt, f: f64) -> Option<std::cmp::Ordering> {
    use num_traits::ToPrimitive;
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 { std::cmp::Ordering::Less } else { std::cmp::Ordering::Greater });
    }
    let fl = f.floor();
    let fb = crate::floatops::float_to_bigint(fl)?;
    match b.cmp(&fb) {
        std::cmp::Ordering::Equal => {
            if fl == f {
                Some(std::cmp::Ordering::Equal)
            } else {
                Some(std::cmp::Ordering::Less)
            }
        }
        o => {
            let _ = b.to_f64();
            Some(o)
        }
    }
}

/// Exact comparison of two numbers (int, bool, float); `None` if either is NaN or not a number.
pub fn num_cmp(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    let (x, y) = (as_num(a)?, as_num(b)?);
    match (x, y) {
        (Num::Small(x), Num::Small(y)) => Some(x.cmp(&y)),
        (Num::Float(x), Num::Float(y)) => x.partial_cmp(&y),
        (Num::Small(x), Num::Big(y)) => Some(num_bigint::BigInt::from(x).cmp(y)),
        (Num::Big(x), Num::Small(y)) => Some(x.cmp(&num_bigint::BigInt::from(y))),
        (Num::Big(x), Num::Big(y)) => Some(x.cmp(y)),
        (Num::Small(x), Num::Float(y)) => {
            if (x as f64) as i64 == x && x.unsigned_abs() < (1u64 << 53) {
                (x as f64).partial_cmp(&y)
            } else {
                cmp_big_float(&num_bigint::BigInt::from(x), y)
            }
        }
        (Num::Float(x), Num::Small(y)) => {
            if y.unsigned_abs() < (1u64 << 53) {
                x.partial_cmp(&(y as f64))
            } else {
                cmp_big_float(&num_bigint::BigInt::from(y), x).map(Ordering::reverse)
            }
        }
        (Num::Big(x), Num::Float(y)) => cmp_big_float(x, y),
        (Num::Float(x), Num::Big(y)) => cmp_big_float(y, x).map(Ordering::reverse),
    }
}

/// `a == b` when the two words decide it without running any code: the same word (identity
/// implies equality, as CPython's `PyObject_RichCompareBool`, even for NaN), two small ints,
/// or two exact strs. `None` for anything else.
#[inline]
pub fn eq_atoms(a: &Value, b: &Value) -> Option<bool> {
    if a.is(b) {
        Some(true)
    } else if a.is_small() && b.is_small() {
        Some(false)
    } else if a.is_str() && b.is_str() {
        Some(a.as_str() == b.as_str())
    } else {
        None
    }
}

/// `a == b` by Python's rules for builtin types; user classes go through the VM hook.
pub fn eq_value(a: &Value, b: &Value) -> PyResult<bool> {
    if let Some(eq) = eq_atoms(a, b) {
        return Ok(eq);
    }
    // A subclass of a builtin type may define `__eq__`: the VM compares.
    if (crate::sub::is_sub(a) || crate::sub::is_sub(b))
        && let Some(h) = hooks()
    {
        return (h.eq)(a, b);
    }
    if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
        return Ok(x == y);
    }
    if let Some(o) = num_cmp(a, b) {
        return Ok(o == std::cmp::Ordering::Equal);
    }
    if as_num(a).is_some() && as_num(b).is_some() {
        return Ok(false); // NaN
    }
    let (ta, tb) = (a.ty(), b.ty());
    match (ta.kind, tb.kind) {
        (Kind::Tuple, Kind::Tuple) => seq_eq(a.as_tuple().expect("tuple"), b.as_tuple().expect("tuple")),
        (Kind::Bytes | Kind::ByteArray, Kind::Bytes | Kind::ByteArray) => {
            Ok(a.bytes_like().expect("bytes") == b.bytes_like().expect("bytes"))
        }
        (Kind::List, Kind::List) => {
            let (x, y) = (a.as_list().expect("list").items().clone(), b.as_list().expect("list").items().clone());
            seq_eq(&x, &y)
        }
        _ => {
            let user = ta.is_heap_type()
                || tb.is_heap_type()
                || ta.kind == Kind::Dict
                || ta.kind == Kind::Set
                || ta.kind == Kind::FrozenSet
                || ta.kind == Kind::Range;
            match hooks() {
                Some(h) if user => (h.eq)(a, b),
                _ => Ok(false),
            }
        }
    }
}

/// Element-wise equality of two sequences.
pub fn seq_eq(x: &[Value], y: &[Value]) -> PyResult<bool> {
    if x.len() != y.len() {
        return Ok(false);
    }
    for (p, q) in x.iter().zip(y) {
        if !eq_value(p, q)? {
            return Ok(false);
        }
    }
    Ok(true)
}
