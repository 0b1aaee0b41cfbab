//! `bytes` and `bytearray`: construction, methods, and the operations the generic paths
//! route to them (indexing, `in`, `+`, `*`, comparison, iteration), and `str.encode`,
//! `int.from_bytes`, `int.to_bytes`. A method of a `bytearray` that makes a new byte string
//! makes a `bytearray`, as in CPython.

use std::borrow::Cow;

use num_bigint::{BigInt, Sign};
use tracelift_runtime::Value;
use tracelift_runtime::bytes::{BYTEARRAY_TYPE, BYTES_TYPE};
use tracelift_runtime::exc::{PyErr, PyResult, index_error, type_error, value_error};
use tracelift_runtime::types::{Kind, TypeObject};

use super::margs;
use crate::Vm;
use crate::builtins::kwarg;
use crate::objects::NativeFn;

type Entry = Option<(&'static str, NativeFn, bool)>;

/// The methods of `bytes` (and of `bytearray`, with `mutable`).
pub(super) fn lookup(name: &str, mutable: bool) -> Entry {
    let f: (&'static str, NativeFn, bool) = match name {
        "decode" => ("decode", b_decode, true),
        "hex" => ("hex", b_hex, false),
        "fromhex" if mutable => ("fromhex", ba_fromhex, false),
        "fromhex" => ("fromhex", b_fromhex, false),
        "count" => ("count", b_count, false),
        "find" => ("find", b_find, false),
        "rfind" => ("rfind", b_rfind, false),
        "index" => ("index", b_index, false),
        "rindex" => ("rindex", b_rindex, false),
        "startswith" => ("startswith", b_startswith, false),
        "endswith" => ("endswith", b_endswith, false),
        "split" => ("split", b_split, true),
        "join" => ("join", b_join, false),
        "replace" => ("replace", b_replace, false),
        "strip" => ("strip", b_strip, false),
        "lstrip" => ("lstrip", b_lstrip, false),
        "rstrip" => ("rstrip", b_rstrip, false),
        "upper" => ("upper", b_upper, false),
        "lower" => ("lower", b_lower, false),
        "isdigit" => ("isdigit", b_isdigit, false),
        "isalpha" => ("isalpha", b_isalpha, false),
        "isalnum" => ("isalnum", b_isalnum, false),
        "isspace" => ("isspace", b_isspace, false),
        "isupper" => ("isupper", b_isupper, false),
        "islower" => ("islower", b_islower, false),
        "isascii" => ("isascii", b_isascii, false),
        "partition" => ("partition", b_partition, false),
        "rpartition" => ("rpartition", b_rpartition, false),
        "removeprefix" => ("removeprefix", b_removeprefix, false),
        "removesuffix" => ("removesuffix", b_removesuffix, false),
        "ljust" => ("ljust", b_ljust, false),
        "rjust" => ("rjust", b_rjust, false),
        "zfill" => ("zfill", b_zfill, false),
        "translate" => ("translate", b_translate, false),
        "maketrans" => ("maketrans", b_maketrans, false),
        "append" if mutable => ("append", ba_append, false),
        "extend" if mutable => ("extend", ba_extend, false),
        "pop" if mutable => ("pop", ba_pop, false),
        "insert" if mutable => ("insert", ba_insert, false),
        "remove" if mutable => ("remove", ba_remove, false),
        "clear" if mutable => ("clear", ba_clear, false),
        "copy" if mutable => ("copy", ba_copy, false),
        "reverse" if mutable => ("reverse", ba_reverse, false),
        _ => return None,
    };
    Some(f)
}

/// The type name for messages (`bytes` or `bytearray`).
fn tname(v: &Value) -> &'static str {
    if v.as_bytearray().is_some() { "bytearray" } else { "bytes" }
}

/// The receiver's bytes.
fn this<'a>(args: &'a [Value], m: &str) -> PyResult<Cow<'a, [u8]>> {
    args.first()
        .and_then(|v| v.bytes_like())
        .ok_or_else(|| type_error(format!("descriptor '{m}' requires a 'bytes' object")))
}

/// A new byte string of the receiver's type.
fn like(recv: &Value, data: Vec<u8>) -> Value {
    if recv.as_bytearray().is_some() { Value::bytearray(data) } else { Value::bytes_from(data) }
}

/// An argument that must be bytes-like (CPython's "a bytes-like object is required").
fn buffer(v: &Value) -> PyResult<Cow<'_, [u8]>> {
    v.bytes_like().ok_or_else(|| type_error(format!("a bytes-like object is required, not '{}'", v.ty().name())))
}

/// A subsequence argument: bytes-like, or an int 0..=255 (one byte).
fn needle(v: &Value) -> PyResult<Vec<u8>> {
    if let Some(i) = v.as_i64()
        && !v.is_bool()
    {
        return match u8::try_from(i) {
            Ok(b) => Ok(vec![b]),
            Err(_) => Err(value_error("byte must be in range(0, 256)")),
        };
    }
    v.bytes_like()
        .map(|b| b.into_owned())
        .ok_or_else(|| type_error(format!("argument should be integer or bytes-like object, not '{}'", v.ty().name())))
}

/// An int in 0..=255 for an item of a byte string.
fn byte_of(v: &Value) -> PyResult<u8> {
    let Some(i) = v.as_i64() else {
        return Err(type_error(format!("'{}' object cannot be interpreted as an integer", v.ty().name())));
    };
    u8::try_from(i).map_err(|_| value_error("byte must be in range(0, 256)"))
}

/// Position of `n` in `h` from the left (or the right), CPython's find.
fn find_in(h: &[u8], n: &[u8], right: bool) -> Option<usize> {
    if n.len() > h.len() {
        return None;
    }
    let mut idx = 0..=h.len() - n.len();
    if right { idx.rev().find(|&i| &h[i..i + n.len()] == n) } else { idx.find(|&i| &h[i..i + n.len()] == n) }
}

/// `start`/`end` arguments of find/count/index, clamped like slice bounds.
fn bounds(vm: &mut Vm, args: &[Value], len: usize) -> PyResult<(usize, usize)> {
    let norm = |i: i64| -> usize { if i < 0 { (i + len as i64).max(0) as usize } else { (i as usize).min(len) } };
    let start = match args.get(2) {
        Some(v) if !v.is_none() => norm(vm.index_of(v)?),
        _ => 0,
    };
    let end = match args.get(3) {
        Some(v) if !v.is_none() => norm(vm.index_of(v)?),
        _ => len,
    };
    Ok((start, end.max(start)))
}

fn find_impl(vm: &mut Vm, args: &[Value], m: &str, right: bool) -> PyResult<Option<usize>> {
    margs(m, args, 1, 3)?;
    let h = this(args, m)?;
    let n = needle(&args[1])?;
    let (s, e) = bounds(vm, args, h.len())?;
    Ok(find_in(&h[s..e], &n, right).map(|i| i + s))
}

fn b_find(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int(find_impl(vm, args, "find", false)?.map_or(-1, |i| i as i64)))
}
fn b_rfind(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int(find_impl(vm, args, "rfind", true)?.map_or(-1, |i| i as i64)))
}
fn b_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    find_impl(vm, args, "index", false)?
        .map(|i| Value::int(i as i64))
        .ok_or_else(|| value_error("subsection not found"))
}
fn b_rindex(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    find_impl(vm, args, "rindex", true)?
        .map(|i| Value::int(i as i64))
        .ok_or_else(|| value_error("subsection not found"))
}

fn b_count(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("count", args, 1, 3)?;
    let h = this(args, "count")?;
    let n = needle(&args[1])?;
    let (s, e) = bounds(vm, args, h.len())?;
    let h = &h[s..e];
    if n.is_empty() {
        return Ok(Value::int(h.len() as i64 + 1));
    }
    let (mut i, mut c) = (0, 0);
    while i + n.len() <= h.len() {
        if h[i..i + n.len()] == n[..] {
            c += 1;
            i += n.len();
        } else {
            i += 1;
        }
    }
    Ok(Value::int(c))
}

fn affix(args: &[Value], m: &str, end: bool) -> PyResult<Value> {
    margs(m, args, 1, 1)?;
    let h = this(args, m)?;
    let test = |p: &[u8]| if end { h.ends_with(p) } else { h.starts_with(p) };
    if let Some(items) = args[1].as_tuple() {
        for it in items {
            if test(&buffer(it)?) {
                return Ok(Value::bool(true));
            }
        }
        return Ok(Value::bool(false));
    }
    let p = args[1].bytes_like().ok_or_else(|| {
        type_error(format!("{m} first arg must be bytes or a tuple of bytes, not {}", args[1].ty().name()))
    })?;
    Ok(Value::bool(test(&p)))
}
fn b_startswith(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    affix(args, "startswith", false)
}
fn b_endswith(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    affix(args, "endswith", true)
}

/// Python's ASCII whitespace for bytes (`bytes.isspace`, `split()`, `strip()`).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn b_split(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("split", args, 0, 2)?;
    let h = this(args, "split")?;
    let sep = args.get(1).or_else(|| kwarg(kw, "sep")).filter(|s| !s.is_none()).cloned();
    let maxsplit = match args.get(2).or_else(|| kwarg(kw, "maxsplit")) {
        Some(m) => vm.index_of(m)?,
        None => -1,
    };
    let mut out: Vec<Vec<u8>> = Vec::new();
    match sep {
        None => {
            let mut i = 0;
            while i < h.len() {
                while i < h.len() && is_space(h[i]) {
                    i += 1;
                }
                if i == h.len() {
                    break;
                }
                if maxsplit >= 0 && out.len() as i64 == maxsplit {
                    let mut rest = h[i..].to_vec();
                    while rest.last().is_some_and(|&b| is_space(b)) {
                        rest.pop();
                    }
                    out.push(rest);
                    break;
                }
                let s = i;
                while i < h.len() && !is_space(h[i]) {
                    i += 1;
                }
                out.push(h[s..i].to_vec());
            }
        }
        Some(sep) => {
            let sep = buffer(&sep)?.into_owned();
            if sep.is_empty() {
                return Err(value_error("empty separator"));
            }
            let mut rest: &[u8] = &h;
            while maxsplit < 0 || (out.len() as i64) < maxsplit {
                match find_in(rest, &sep, false) {
                    Some(p) => {
                        out.push(rest[..p].to_vec());
                        rest = &rest[p + sep.len()..];
                    }
                    None => break,
                }
            }
            out.push(rest.to_vec());
        }
    }
    Ok(Value::list(out.into_iter().map(|b| like(&args[0], b)).collect()))
}

fn b_join(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("join", args, 1, 1)?;
    let sep = this(args, "join")?.into_owned();
    let items = vm.collect_iterable(&args[1])?;
    let mut out = Vec::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(&sep);
        }
        let b = it.bytes_like().ok_or_else(|| {
            type_error(format!("sequence item {i}: expected a bytes-like object, {} found", it.ty().name()))
        })?;
        out.extend_from_slice(&b);
    }
    Ok(like(&args[0], out))
}

fn b_replace(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("replace", args, 2, 3)?;
    let h = this(args, "replace")?;
    let (old, new) = (buffer(&args[1])?.into_owned(), buffer(&args[2])?.into_owned());
    let mut count = match args.get(3) {
        Some(c) => vm.index_of(c)?,
        None => -1,
    };
    let mut out = Vec::with_capacity(h.len());
    let mut i = 0;
    while i <= h.len() {
        if count != 0 && h[i..].starts_with(&old) {
            out.extend_from_slice(&new);
            count -= 1;
            if old.is_empty() {
                if i < h.len() {
                    out.push(h[i]);
                }
                i += 1;
            } else {
                i += old.len();
            }
        } else {
            if i < h.len() {
                out.push(h[i]);
            }
            i += 1;
        }
    }
    Ok(like(&args[0], out))
}

fn strip_impl(args: &[Value], m: &str, left: bool, right: bool) -> PyResult<Value> {
    margs(m, args, 0, 1)?;
    let h = this(args, m)?;
    let chars: Option<Vec<u8>> = match args.get(1) {
        Some(c) if !c.is_none() => Some(buffer(c)?.into_owned()),
        _ => None,
    };
    let strip = |b: u8| chars.as_ref().map_or(is_space(b), |c| c.contains(&b));
    let (mut s, mut e) = (0, h.len());
    if left {
        while s < e && strip(h[s]) {
            s += 1;
        }
    }
    if right {
        while e > s && strip(h[e - 1]) {
            e -= 1;
        }
    }
    Ok(like(&args[0], h[s..e].to_vec()))
}
fn b_strip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(args, "strip", true, true)
}
fn b_lstrip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(args, "lstrip", true, false)
}
fn b_rstrip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(args, "rstrip", false, true)
}

fn b_upper(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("upper", args, 0, 0)?;
    Ok(like(&args[0], this(args, "upper")?.to_ascii_uppercase()))
}
fn b_lower(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("lower", args, 0, 0)?;
    Ok(like(&args[0], this(args, "lower")?.to_ascii_lowercase()))
}

fn test_all(args: &[Value], m: &str, f: impl Fn(u8) -> bool) -> PyResult<Value> {
    margs(m, args, 0, 0)?;
    let h = this(args, m)?;
    Ok(Value::bool(!h.is_empty() && h.iter().all(|&b| f(b))))
}
fn b_isdigit(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    test_all(args, "isdigit", |b| b.is_ascii_digit())
}
fn b_isalpha(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    test_all(args, "isalpha", |b| b.is_ascii_alphabetic())
}
fn b_isalnum(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    test_all(args, "isalnum", |b| b.is_ascii_alphanumeric())
}
fn b_isspace(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    test_all(args, "isspace", is_space)
}
fn b_isascii(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("isascii", args, 0, 0)?;
    Ok(Value::bool(this(args, "isascii")?.is_ascii()))
}
fn cased(args: &[Value], m: &str, upper: bool) -> PyResult<Value> {
    margs(m, args, 0, 0)?;
    let h = this(args, m)?;
    let has = h.iter().any(|b| if upper { b.is_ascii_uppercase() } else { b.is_ascii_lowercase() });
    let other = h.iter().any(|b| if upper { b.is_ascii_lowercase() } else { b.is_ascii_uppercase() });
    Ok(Value::bool(has && !other))
}
fn b_isupper(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    cased(args, "isupper", true)
}
fn b_islower(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    cased(args, "islower", false)
}

fn partition_impl(args: &[Value], m: &str, right: bool) -> PyResult<Value> {
    margs(m, args, 1, 1)?;
    let h = this(args, m)?;
    let sep = buffer(&args[1])?.into_owned();
    if sep.is_empty() {
        return Err(value_error("empty separator"));
    }
    let r = &args[0];
    Ok(Value::tuple(match find_in(&h, &sep, right) {
        Some(p) => vec![like(r, h[..p].to_vec()), like(r, sep.clone()), like(r, h[p + sep.len()..].to_vec())],
        None if right => vec![like(r, vec![]), like(r, vec![]), like(r, h.to_vec())],
        None => vec![like(r, h.to_vec()), like(r, vec![]), like(r, vec![])],
    }))
}
fn b_partition(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    partition_impl(args, "partition", false)
}
fn b_rpartition(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    partition_impl(args, "rpartition", true)
}

fn b_removeprefix(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("removeprefix", args, 1, 1)?;
    let h = this(args, "removeprefix")?;
    let p = buffer(&args[1])?;
    Ok(like(&args[0], h.strip_prefix(&p[..]).unwrap_or(&h).to_vec()))
}
fn b_removesuffix(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("removesuffix", args, 1, 1)?;
    let h = this(args, "removesuffix")?;
    let p = buffer(&args[1])?;
    Ok(like(&args[0], h.strip_suffix(&p[..]).unwrap_or(&h).to_vec()))
}

fn pad(vm: &mut Vm, args: &[Value], m: &str, left: bool) -> PyResult<Value> {
    margs(m, args, 1, 2)?;
    let h = this(args, m)?.into_owned();
    let width = vm.index_of(&args[1])?.max(0) as usize;
    let fill = match args.get(2) {
        Some(f) => match buffer(f)?.as_ref() {
            [b] => *b,
            _ => return Err(type_error(format!("{m}() argument 2 must be a byte string of length 1, not bytes"))),
        },
        None => b' ',
    };
    if h.len() >= width {
        return Ok(like(&args[0], h));
    }
    let padding = vec![fill; width - h.len()];
    Ok(like(&args[0], if left { [padding, h].concat() } else { [h, padding].concat() }))
}
fn b_ljust(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    pad(vm, args, "ljust", false)
}
fn b_rjust(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    pad(vm, args, "rjust", true)
}
fn b_zfill(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("zfill", args, 1, 1)?;
    let h = this(args, "zfill")?.into_owned();
    let width = vm.index_of(&args[1])?.max(0) as usize;
    if h.len() >= width {
        return Ok(like(&args[0], h));
    }
    let sign = matches!(h.first(), Some(b'+' | b'-'));
    let mut out = Vec::with_capacity(width);
    if sign {
        out.push(h[0]);
    }
    out.extend(std::iter::repeat_n(b'0', width - h.len()));
    out.extend_from_slice(&h[sign as usize..]);
    Ok(like(&args[0], out))
}

fn b_translate(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("translate", args, 1, 2)?;
    let h = this(args, "translate")?;
    let table = if args[1].is_none() { None } else { Some(buffer(&args[1])?.into_owned()) };
    if table.as_ref().is_some_and(|t| t.len() != 256) {
        return Err(value_error("translation table must be 256 characters long"));
    }
    let delete = match args.get(2) {
        Some(d) => buffer(d)?.into_owned(),
        None => Vec::new(),
    };
    let out = h.iter().filter(|b| !delete.contains(b)).map(|&b| table.as_ref().map_or(b, |t| t[b as usize])).collect();
    Ok(like(&args[0], out))
}

/// `bytes.maketrans(from, to)`: a 256-byte table mapping each byte of `from` to `to`'s.
fn b_maketrans(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    // Called on the class or an instance: the last two arguments are the byte strings.
    if args.len() < 2 {
        return Err(type_error("maketrans expected 2 arguments"));
    }
    let (from, to) = (buffer(&args[args.len() - 2])?, buffer(&args[args.len() - 1])?);
    if from.len() != to.len() {
        return Err(value_error("maketrans arguments must have same length"));
    }
    let mut table: Vec<u8> = (0..=255).collect();
    for (f, t) in from.iter().zip(to.iter()) {
        table[*f as usize] = *t;
    }
    Ok(Value::bytes_from(table))
}

fn b_hex(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("hex", args, 0, 2)?;
    let h = this(args, "hex")?;
    let sep = match args.get(1) {
        Some(s) => Some(vm.str_of(s)?),
        None => None,
    };
    let parts: Vec<String> = h.iter().map(|b| format!("{b:02x}")).collect();
    Ok(Value::string(parts.join(sep.as_deref().unwrap_or(""))))
}

/// `bytes.fromhex(s)`.
fn b_fromhex(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    fromhex(args).map(Value::bytes_from)
}

/// `bytearray.fromhex(s)`.
fn ba_fromhex(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    fromhex(args).map(Value::bytearray)
}

/// The bytes that the hex digits of `s` (a static method's one argument) spell.
fn fromhex(args: &[Value]) -> PyResult<Vec<u8>> {
    let [s] = args else {
        return Err(type_error(format!("fromhex() takes exactly one argument ({} given)", args.len())));
    };
    let text =
        s.as_str().ok_or_else(|| type_error(format!("fromhex() argument must be str, not {}", s.ty().name())))?;
    let digits: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < digits.len() {
        let (pos, c) = digits[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let hi = c.to_digit(16);
        let lo = digits.get(i + 1).and_then(|(_, d)| d.to_digit(16));
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            (Some(_), None) => {
                let p = digits.get(i + 1).map_or(pos + 1, |(p, _)| *p);
                return Err(value_error(format!("non-hexadecimal number found in fromhex() arg at position {p}")));
            }
            _ => return Err(value_error(format!("non-hexadecimal number found in fromhex() arg at position {pos}"))),
        }
        i += 2;
    }
    Ok(out)
}

/// `b.decode(encoding='utf-8', errors='strict')` for UTF-8, ASCII and Latin-1.
fn b_decode(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("decode", args, 0, 2)?;
    let h = this(args, "decode")?;
    let enc = match args.get(1).or_else(|| kwarg(kw, "encoding")) {
        Some(e) => vm.str_of(e)?,
        None => "utf-8".into(),
    };
    let errors = match args.get(2).or_else(|| kwarg(kw, "errors")) {
        Some(e) => vm.str_of(e)?,
        None => "strict".into(),
    };
    decode(&h, &enc, &errors).map(Value::string)
}

/// Decodes `b` with a codec tracelift knows, with CPython's messages.
pub(crate) fn decode(b: &[u8], encoding: &str, errors: &str) -> PyResult<String> {
    let norm = encoding.to_ascii_lowercase().replace('_', "-");
    let codec = match norm.as_str() {
        "utf-8" | "utf8" | "u8" => "utf-8",
        "ascii" | "us-ascii" => "ascii",
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => "latin-1",
        _ => return Err(PyErr::new(&tracelift_runtime::exc::LOOKUP_ERROR, format!("unknown encoding: {encoding}"))),
    };
    let fail = |pos: usize, end: usize, why: &str| -> PyErr {
        let what = if end - pos == 1 {
            format!("byte 0x{:02x} in position {pos}", b[pos])
        } else {
            format!("bytes in position {pos}-{}", end - 1)
        };
        PyErr::new(&tracelift_runtime::exc::UNICODE_DECODE_ERROR, format!("'{codec}' codec can't decode {what}: {why}"))
    };
    let mut out = String::with_capacity(b.len());
    match codec {
        "latin-1" => out.extend(b.iter().map(|&c| c as char)),
        "ascii" => {
            for (i, &c) in b.iter().enumerate() {
                if c < 0x80 {
                    out.push(c as char);
                } else {
                    match errors {
                        "ignore" => {}
                        "replace" => out.push('\u{fffd}'),
                        _ => return Err(fail(i, i + 1, "ordinal not in range(128)")),
                    }
                }
            }
        }
        _ => {
            let mut rest = b;
            let mut base = 0;
            loop {
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        out.push_str(s);
                        break;
                    }
                    Err(e) => {
                        let good = e.valid_up_to();
                        out.push_str(std::str::from_utf8(&rest[..good]).expect("valid prefix"));
                        let bad = e.error_len();
                        let pos = base + good;
                        match errors {
                            "ignore" => {}
                            "replace" => out.push('\u{fffd}'),
                            _ => {
                                let lead = rest[good];
                                let why = match bad {
                                    None => "unexpected end of data",
                                    Some(_) if (0x80..0xc2).contains(&lead) || lead > 0xf4 => "invalid start byte",
                                    Some(_) => "invalid continuation byte",
                                };
                                let end = match bad {
                                    None => b.len(),
                                    Some(n) if why == "invalid start byte" => pos + n,
                                    Some(n) => pos + n,
                                };
                                return Err(fail(pos, end, why));
                            }
                        }
                        let skip = bad.unwrap_or(rest.len() - good);
                        rest = &rest[good + skip..];
                        base = pos + skip;
                        if rest.is_empty() {
                            break;
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// `s.encode(encoding='utf-8', errors='strict')` for UTF-8, ASCII and Latin-1.
pub(crate) fn encode(s: &str, encoding: &str, errors: &str) -> PyResult<Vec<u8>> {
    let norm = encoding.to_ascii_lowercase().replace('_', "-");
    let (codec, limit) = match norm.as_str() {
        "utf-8" | "utf8" | "u8" => return Ok(s.as_bytes().to_vec()),
        "ascii" | "us-ascii" => ("ascii", 0x80),
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => ("latin-1", 0x100),
        _ => return Err(PyErr::new(&tracelift_runtime::exc::LOOKUP_ERROR, format!("unknown encoding: {encoding}"))),
    };
    let mut out = Vec::with_capacity(s.len());
    for (i, c) in s.chars().enumerate() {
        if (c as u32) < limit {
            out.push(c as u32 as u8);
            continue;
        }
        match errors {
            "ignore" => {}
            "replace" => out.push(b'?'),
            _ => {
                let r = if limit == 0x80 { "128" } else { "256" };
                return Err(PyErr::new(
                    &tracelift_runtime::exc::UNICODE_ENCODE_ERROR,
                    format!(
                        "'{codec}' codec can't encode character '{}' in position {i}: ordinal not in range({r})",
                        escaped(c)
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// A character as CPython's codec errors show it (`\xe9`, `\u20ac`, `\U0001f600`).
fn escaped(c: char) -> String {
    let n = c as u32;
    if n < 0x100 {
        format!("\\x{n:02x}")
    } else if n < 0x10000 {
        format!("\\u{n:04x}")
    } else {
        format!("\\U{n:08x}")
    }
}

fn ba(args: &[Value], m: &str) -> PyResult<&'static tracelift_runtime::bytes::ByteArrayObject> {
    let a = args
        .first()
        .and_then(|v| v.as_bytearray())
        .ok_or_else(|| type_error(format!("descriptor '{m}' requires a 'bytearray' object")))?;
    // SAFETY: args[0] keeps the bytearray alive for the whole method call, which is as long
    // as the reference is used (it never escapes the method).
    Ok(unsafe { &*(a as *const tracelift_runtime::bytes::ByteArrayObject) })
}

fn ba_append(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("append", args, 1, 1)?;
    let b = byte_of(&args[1])?;
    ba(args, "append")?.data_mut().push(b);
    Ok(Value::none())
}
fn ba_extend(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("extend", args, 1, 1)?;
    let add: Vec<u8> = match args[1].bytes_like() {
        Some(b) => b.into_owned(),
        None => {
            let items = vm.collect_iterable(&args[1])?;
            items.iter().map(byte_of).collect::<PyResult<_>>()?
        }
    };
    ba(args, "extend")?.data_mut().extend(add);
    Ok(Value::none())
}
fn ba_pop(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("pop", args, 0, 1)?;
    let a = ba(args, "pop")?;
    let n = a.data().len() as i64;
    if n == 0 {
        return Err(index_error("pop from empty bytearray"));
    }
    let mut i = match args.get(1) {
        Some(v) => vm.index_of(v)?,
        None => -1,
    };
    if i < 0 {
        i += n;
    }
    if !(0..n).contains(&i) {
        return Err(index_error("pop index out of range"));
    }
    Ok(Value::int(a.data_mut().remove(i as usize) as i64))
}
fn ba_insert(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("insert", args, 2, 2)?;
    let a = ba(args, "insert")?;
    let n = a.data().len() as i64;
    let mut i = vm.index_of(&args[1])?;
    if i < 0 {
        i = (i + n).max(0);
    }
    let b = byte_of(&args[2])?;
    a.data_mut().insert(i.min(n) as usize, b);
    Ok(Value::none())
}
fn ba_remove(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("remove", args, 1, 1)?;
    let b = byte_of(&args[1])?;
    let a = ba(args, "remove")?;
    match a.data().iter().position(|&x| x == b) {
        Some(p) => {
            a.data_mut().remove(p);
            Ok(Value::none())
        }
        None => Err(value_error("value not found in bytearray")),
    }
}
fn ba_clear(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("clear", args, 0, 0)?;
    ba(args, "clear")?.data_mut().clear();
    Ok(Value::none())
}
fn ba_copy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("copy", args, 0, 0)?;
    Ok(Value::bytearray(ba(args, "copy")?.data().to_vec()))
}
fn ba_reverse(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("reverse", args, 0, 0)?;
    ba(args, "reverse")?.data_mut().reverse();
    Ok(Value::none())
}

impl Vm {
    /// `bytes(...)` / `bytearray(...)`: empty; `n` zero bytes; the bytes of a str in an
    /// encoding; a copy of a bytes-like object; the ints of an iterable.
    pub(crate) fn make_bytes(&mut self, t: &TypeObject, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
        let name = t.name();
        let src = args.first().or_else(|| kwarg(kw, "source"));
        let encoding = args.get(1).or_else(|| kwarg(kw, "encoding"));
        let errors = args.get(2).or_else(|| kwarg(kw, "errors"));
        if args.len() > 3 {
            return Err(type_error(format!("{name}() takes at most 3 arguments ({} given)", args.len())));
        }
        let data: Vec<u8> = match src {
            None => {
                if encoding.is_some() || errors.is_some() {
                    return Err(type_error(if encoding.is_some() {
                        "encoding without a string argument"
                    } else {
                        "errors without a string argument"
                    }));
                }
                Vec::new()
            }
            Some(s) if s.is_str() => {
                let Some(e) = encoding else { return Err(type_error("string argument without an encoding")) };
                let e = self.str_of(e)?;
                let er = match errors {
                    Some(x) => self.str_of(x)?,
                    None => "strict".into(),
                };
                encode(s.as_str().expect("str"), &e, &er)?
            }
            Some(_) if encoding.is_some() => return Err(type_error("encoding without a string argument")),
            Some(s) if s.bytes_like().is_some() => s.bytes_like().expect("bytes").into_owned(),
            Some(s) if s.as_i64().is_some() && !s.is_bool() || s.as_big().is_some() => {
                let n = self.index_of(s)?;
                if n < 0 {
                    return Err(value_error("negative count"));
                }
                tracelift_runtime::mem::vec_with_capacity::<u8>(n as usize)?;
                vec![0; n as usize]
            }
            Some(s) => {
                let items = match self.collect_iterable(s) {
                    Ok(i) => i,
                    Err(e) if e.matches(&tracelift_runtime::exc::TYPE_ERROR) => {
                        return Err(type_error(format!("cannot convert '{}' object to {name}", s.ty().name())));
                    }
                    Err(e) => return Err(e),
                };
                let all: PyResult<Vec<u8>> = items.iter().map(byte_of).collect();
                // `bytes()` words the range error in the plural.
                all.map_err(|e| {
                    if e.matches(&tracelift_runtime::exc::VALUE_ERROR) && t.kind == Kind::Bytes {
                        value_error("bytes must be in range(0, 256)")
                    } else {
                        e
                    }
                })?
            }
        };
        Ok(if t.kind == Kind::ByteArray { Value::bytearray(data) } else { Value::bytes_from(data) })
    }

    /// `b[i]` (an int) or `b[a:b:c]` (a byte string of the same type).
    pub(crate) fn bytes_getitem(&mut self, c: &Value, sub: &Value) -> PyResult<Value> {
        let data = c.bytes_like().expect("bytes").into_owned();
        if sub.as_slice().is_some() {
            let si = self.slice_indices(sub, data.len())?;
            let mut out = Vec::with_capacity(si.len);
            let mut i = si.start;
            for _ in 0..si.len {
                out.push(data[i as usize]);
                i += si.step;
            }
            return Ok(like(c, out));
        }
        let Some(mut i) =
            sub.as_i64().filter(|_| !sub.is_bool()).or_else(|| sub.is_bool().then(|| sub.is_true() as i64))
        else {
            return Err(type_error(format!(
                "{} indices must be integers or slices, not {}",
                tname(c),
                sub.ty().name()
            )));
        };
        if i < 0 {
            i += data.len() as i64;
        }
        match data.get(i as usize).filter(|_| i >= 0) {
            Some(b) => Ok(Value::int(*b as i64)),
            None if c.as_bytearray().is_some() => Err(index_error("bytearray index out of range")),
            None => Err(index_error("index out of range")),
        }
    }

    /// `ba[i] = v` and `ba[a:b] = bytes` on a bytearray.
    pub(crate) fn bytearray_setitem(&mut self, c: &Value, sub: &Value, v: &Value) -> PyResult<()> {
        let a = c.as_bytearray().expect("bytearray");
        if sub.as_slice().is_some() {
            let new: Vec<u8> = match v.bytes_like() {
                Some(b) => b.into_owned(),
                None => {
                    let items = self.collect_iterable(v)?;
                    items.iter().map(byte_of).collect::<PyResult<_>>()?
                }
            };
            let si = self.slice_indices(sub, a.data().len())?;
            if si.step != 1 {
                return Err(type_error("unsupported: extended slice assignment on a bytearray"));
            }
            let (s, e) = (si.start as usize, (si.start as usize + si.len).max(si.start as usize));
            a.data_mut().splice(s..e, new);
            return Ok(());
        }
        let n = a.data().len() as i64;
        let mut i = self.index_of(sub)?;
        if i < 0 {
            i += n;
        }
        if !(0..n).contains(&i) {
            return Err(index_error("bytearray index out of range"));
        }
        let b = byte_of(v)?;
        a.data_mut()[i as usize] = b;
        Ok(())
    }

    /// `x in b`: an int byte or a bytes-like subsequence.
    pub(crate) fn bytes_contains(&mut self, c: &Value, item: &Value) -> PyResult<bool> {
        let h = c.bytes_like().expect("bytes");
        let n = needle(item)?;
        Ok(find_in(&h, &n, false).is_some())
    }

    /// `+` and `*` of byte strings; None when the operands are not for them.
    pub(crate) fn bytes_binop(
        &mut self,
        op: tracelift_uops::opcode::BinaryOp,
        a: &Value,
        b: &Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        use tracelift_uops::opcode::BinaryOp;
        match op {
            BinaryOp::Add => {
                let (Some(x), Some(y)) = (a.bytes_like(), b.bytes_like()) else {
                    if a.bytes_like().is_some() {
                        return Err(type_error(format!("can't concat {} to {}", b.ty().name(), a.ty().name())));
                    }
                    return Ok(None);
                };
                if inplace && let Some(arr) = a.as_bytearray() {
                    arr.data_mut().extend_from_slice(&y);
                    return Ok(Some(a.clone()));
                }
                Ok(Some(like(a, [x.as_ref(), y.as_ref()].concat())))
            }
            BinaryOp::Multiply => {
                let (seq, n) = if a.bytes_like().is_some() { (a, b) } else { (b, a) };
                let Some(data) = seq.bytes_like() else { return Ok(None) };
                let Some(n) = n.as_i64() else { return Ok(None) };
                let n = n.max(0) as usize;
                tracelift_runtime::mem::vec_with_capacity::<u8>(data.len().saturating_mul(n))?;
                let out = data.repeat(n);
                if inplace && let Some(arr) = seq.as_bytearray() {
                    *arr.data_mut() = out;
                    return Ok(Some(seq.clone()));
                }
                Ok(Some(like(seq, out)))
            }
            _ => Ok(None),
        }
    }
}

/// `int.from_bytes(bytes, byteorder='big', *, signed=False)`.
pub(crate) fn int_from_bytes(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    // A static method: the class is not passed.
    let src = args
        .first()
        .or_else(|| kwarg(kw, "bytes"))
        .ok_or_else(|| type_error("from_bytes() missing required argument 'bytes' (pos 1)"))?;
    let data: Vec<u8> = match src.bytes_like() {
        Some(b) => b.into_owned(),
        None => {
            let items = vm.collect_iterable(src)?;
            items.iter().map(byte_of).collect::<PyResult<_>>()?
        }
    };
    let order = match args.get(1).or_else(|| kwarg(kw, "byteorder")) {
        Some(o) => vm.str_of(o)?,
        None => "big".into(),
    };
    let signed = match kwarg(kw, "signed") {
        Some(s) => vm.truthy(s)?,
        None => false,
    };
    let big = match order.as_str() {
        "big" => {
            if signed {
                BigInt::from_signed_bytes_be(&data)
            } else {
                BigInt::from_bytes_be(Sign::Plus, &data)
            }
        }
        "little" => {
            if signed {
                BigInt::from_signed_bytes_le(&data)
            } else {
                BigInt::from_bytes_le(Sign::Plus, &data)
            }
        }
        _ => return Err(value_error("byteorder must be either 'little' or 'big'")),
    };
    Ok(Value::from_bigint(big))
}

/// `n.to_bytes(length=1, byteorder='big', *, signed=False)`.
pub(crate) fn int_to_bytes(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let n = args.first().and_then(|v| v.to_bigint()).ok_or_else(|| type_error("to_bytes() requires an int"))?;
    let length = match args.get(1).or_else(|| kwarg(kw, "length")) {
        Some(l) => vm.index_of(l)?,
        None => 1,
    };
    if length < 0 {
        return Err(value_error("length argument must be non-negative"));
    }
    let order = match args.get(2).or_else(|| kwarg(kw, "byteorder")) {
        Some(o) => vm.str_of(o)?,
        None => "big".into(),
    };
    let signed = match kwarg(kw, "signed") {
        Some(s) => vm.truthy(s)?,
        None => false,
    };
    if !signed && n.sign() == Sign::Minus {
        return Err(PyErr::new(&tracelift_runtime::exc::OVERFLOW_ERROR, "can't convert negative int to unsigned"));
    }
    let mut le = if signed { n.to_signed_bytes_le() } else { n.to_bytes_le().1 };
    if n == BigInt::from(0) {
        le.clear();
    }
    let length = length as usize;
    if le.len() > length {
        return Err(PyErr::new(&tracelift_runtime::exc::OVERFLOW_ERROR, "int too big to convert"));
    }
    let fill = if signed && n.sign() == Sign::Minus { 0xff } else { 0 };
    le.resize(length, fill);
    match order.as_str() {
        "big" => le.reverse(),
        "little" => {}
        _ => return Err(value_error("byteorder must be either 'little' or 'big'")),
    }
    Ok(Value::bytes_from(le))
}

/// Is `t` one of the byte string types?
pub(crate) fn is_bytes_type(t: &TypeObject) -> bool {
    std::ptr::eq(t, &BYTES_TYPE) || std::ptr::eq(t, &BYTEARRAY_TYPE)
}
