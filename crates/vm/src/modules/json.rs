//! `_json`: the native scanner and encoder behind the shipped `json` module
//! (`crates/vm/lib/json.py`), as CPython's `Modules/_json.c` is behind its `json` package.
//! The scanner follows `_json.c`'s `scan_once_unicode`, `scanstring_unicode` and
//! `_match_number_unicode` step by step, so that values, error messages and error positions
//! are CPython 3.11's; the encoder ([`encode`]) follows `encoder_listencode_obj`.
//!
//! Positions are in characters. An ASCII document is scanned as its bytes (byte index ==
//! char index); any other is turned into a `Vec<char>` once per call. The scanner is generic
//! over the unit type ([`Unit`]) so the two share one body.

mod encode;

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

use num_bigint::BigInt;
use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict_with_capacity;
use tracelift_runtime::exc::{NOT_IMPLEMENTED_ERROR, PyErr, PyResult, RECURSION_ERROR, type_error, value_error};
use tracelift_runtime::str::str_hash;
use tracelift_runtime::types::{FLOAT_TYPE, INT_TYPE, TypeObject};

use crate::Vm;
use crate::builtins::check_args;

/// The `_json` module.
pub(super) fn module() -> Value {
    super::make("_json", &[("scan", scan), ("skip", skip), ("encode", encode::encode)], vec![])
}

/// Counts one level of native recursion, as CPython's `Py_EnterRecursiveCall` does: nested
/// arrays and objects recurse on the Rust stack, so the depth is bounded by the recursion
/// limit together with the Python frames (as `ops.rs` bounds nested comparisons).
fn enter(vm: &mut Vm, what: &str) -> PyResult<()> {
    vm.native_depth += 1;
    if vm.native_depth + vm.frames.len() > vm.recursion_limit {
        vm.native_depth -= 1;
        return Err(PyErr::new(&RECURSION_ERROR, format!("maximum recursion depth exceeded{what}")));
    }
    Ok(())
}

/// Undoes one [`enter`].
fn leave(vm: &mut Vm) {
    vm.native_depth -= 1;
}

/// Is `v` the builtin type `t` itself (a hook left at its default)?
fn is_type(v: &Value, t: &TypeObject) -> bool {
    v.as_type().is_some_and(|x| std::ptr::eq(x, t))
}

/// One character of a document: a byte of an ASCII str, or a `char`.
trait Unit: Copy {
    /// The code point.
    fn code(self) -> u32;
    /// The text of the units `r` of the document `src` (whose units are `units`).
    fn text<'a>(src: &'a str, units: &'a [Self], r: Range<usize>) -> Cow<'a, str>;
}

impl Unit for u8 {
    #[inline(always)]
    fn code(self) -> u32 {
        u32::from(self)
    }
    fn text<'a>(src: &'a str, _units: &'a [u8], r: Range<usize>) -> Cow<'a, str> {
        // Byte indices of an ASCII str are char boundaries.
        Cow::Borrowed(&src[r])
    }
}

impl Unit for char {
    #[inline(always)]
    fn code(self) -> u32 {
        self as u32
    }
    fn text<'a>(_src: &'a str, units: &'a [char], r: Range<usize>) -> Cow<'a, str> {
        Cow::Owned(units[r].iter().collect())
    }
}

/// The hasher of the key memo, whose keys are already str hashes.
#[derive(Default)]
struct HashIsKey(u64);

impl Hasher for HashIsKey {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }
    fn write_i64(&mut self, i: i64) {
        self.0 = i as u64;
    }
}

/// Why no value was scanned: a Python exception, or no value starts at this index (CPython's
/// `raise_stop_iteration`, which `raw_decode` turns into "Expecting value" there).
enum Fail {
    Py(PyErr),
    NoValue(usize),
}

impl From<PyErr> for Fail {
    fn from(e: PyErr) -> Fail {
        Fail::Py(e)
    }
}

type Scan<T> = Result<T, Fail>;

/// The state of one `scan` call: the document, the decoder's settings, and the keys seen so
/// far (CPython's `memo`: equal keys share one str object, whose hash is then computed once).
struct Scanner<'a, T: Unit> {
    src: &'a str,
    s: &'a [T],
    doc: &'a Value,
    strict: bool,
    object_hook: Option<Value>,
    pairs_hook: Option<Value>,
    /// None when the hook is `float` / `int` itself: the number is made here directly.
    parse_float: Option<Value>,
    parse_int: Option<Value>,
    parse_constant: Value,
    error_cls: &'a Value,
    memo: HashMap<i64, Value, BuildHasherDefault<HashIsKey>>,
    /// The first lone surrogate escape met (see [`Scanner::string`]).
    lone: Option<u32>,
}

impl<'a, T: Unit> Scanner<'a, T> {
    /// `JSONDecodeError(msg, doc, pos)`, made by calling the class json.py passed in.
    fn error(&self, vm: &mut Vm, msg: &str, pos: usize) -> Fail {
        let args = vec![Value::str(msg), self.doc.clone(), Value::int(pos as i64)];
        match vm.call_value(self.error_cls, args, Vec::new()) {
            Ok(e) if e.as_exception().is_some() => Fail::Py(PyErr(e)),
            Ok(_) => Fail::Py(type_error("exceptions must derive from BaseException")),
            Err(e) => Fail::Py(e),
        }
    }

    /// The text of the chars `a..b`.
    fn text(&self, a: usize, b: usize) -> Cow<'a, str> {
        T::text(self.src, self.s, a..b)
    }

    #[inline(always)]
    fn at(&self, i: usize) -> u32 {
        self.s.get(i).map_or(0, |u| u.code())
    }

    /// Does the document have `word` at `idx`?
    fn has(&self, idx: usize, word: &str) -> bool {
        let w = word.as_bytes();
        idx + w.len() <= self.s.len() && w.iter().enumerate().all(|(k, &b)| self.s[idx + k].code() == u32::from(b))
    }

    /// `scan_once_unicode`: the value starting at `idx` and the index after it.
    fn value(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        if idx >= self.s.len() {
            return Err(Fail::NoValue(idx));
        }
        match self.at(idx) {
            0x22 => {
                let (text, end) = self.string(vm, idx + 1)?;
                return Ok((Value::str(&text), end));
            }
            0x7b => {
                enter(vm, " while decoding a JSON object from a unicode string")?;
                let r = self.object(vm, idx + 1);
                leave(vm);
                return r;
            }
            0x5b => {
                enter(vm, " while decoding a JSON array from a unicode string")?;
                let r = self.array(vm, idx + 1);
                leave(vm);
                return r;
            }
            0x6e if self.has(idx, "null") => return Ok((Value::none(), idx + 4)),
            0x74 if self.has(idx, "true") => return Ok((Value::bool(true), idx + 4)),
            0x66 if self.has(idx, "false") => return Ok((Value::bool(false), idx + 5)),
            0x4e if self.has(idx, "NaN") => return self.constant(vm, "NaN", idx),
            0x49 if self.has(idx, "Infinity") => return self.constant(vm, "Infinity", idx),
            0x2d if self.has(idx, "-Infinity") => return self.constant(vm, "-Infinity", idx),
            _ => {}
        }
        self.number(vm, idx)
    }

    /// `_parse_constant`: `parse_constant(name)`.
    fn constant(&mut self, vm: &mut Vm, name: &str, idx: usize) -> Scan<(Value, usize)> {
        let v = vm.call_value(&self.parse_constant, vec![Value::str(name)], Vec::new())?;
        Ok((v, idx + name.len()))
    }

    /// Skips JSON whitespace (space, tab, newline, carriage return).
    #[inline]
    fn skip(&self, mut idx: usize) -> usize {
        while matches!(self.at(idx), 0x20 | 0x09 | 0x0a | 0x0d) {
            idx += 1;
        }
        idx
    }

    /// The str of an object key: the one made for an equal key before when there is one.
    fn key(&mut self, text: &str) -> Value {
        let h = str_hash(text);
        if let Some(k) = self.memo.get(&h)
            && k.as_str() == Some(text)
        {
            return k.clone();
        }
        let k = Value::str(text);
        // The dict needs the hash next: it is the str's own (`StrObject::hash`).
        if let Some(so) = k.as_str_obj() {
            so.hash.set(h);
        }
        self.memo.entry(h).or_insert_with(|| k.clone());
        k
    }

    /// `_parse_object_unicode`: the object whose text starts after the `{` at `idx - 1`.
    /// (`at` reads 0 past the end, which is none of the delimiters, so a comparison with one
    /// also checks the index.)
    fn object(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        // The pairs for `object_pairs_hook`, or the dict being filled.
        let mut pairs: Vec<Value> = Vec::new();
        let d = if self.pairs_hook.is_none() { new_dict_with_capacity(0) } else { Value::NULL };
        let mut idx = self.skip(idx);
        if self.at(idx) != 0x7d {
            loop {
                if self.at(idx) != 0x22 {
                    return Err(self.error(vm, "Expecting property name enclosed in double quotes", idx));
                }
                let (text, end) = self.string(vm, idx + 1)?;
                let key = self.key(&text);
                idx = self.skip(end);
                if self.at(idx) != 0x3a {
                    return Err(self.error(vm, "Expecting ':' delimiter", idx));
                }
                idx = self.skip(idx + 1);
                let (value, end) = self.value(vm, idx)?;
                match d.as_dict() {
                    // A str key: setting it never raises.
                    Some(dd) => dd.set_name(key, value),
                    None => pairs.push(Value::tuple(vec![key, value])),
                }
                idx = self.skip(end);
                if self.at(idx) == 0x7d {
                    break;
                }
                if self.at(idx) != 0x2c {
                    return Err(self.error(vm, "Expecting ',' delimiter", idx));
                }
                idx = self.skip(idx + 1);
            }
        }
        let end = idx + 1;
        if let Some(hook) = self.pairs_hook.clone() {
            return Ok((vm.call_value(&hook, vec![Value::list(pairs)], Vec::new())?, end));
        }
        if let Some(hook) = self.object_hook.clone() {
            return Ok((vm.call_value(&hook, vec![d], Vec::new())?, end));
        }
        Ok((d, end))
    }

    /// `_parse_array_unicode`: the array whose text starts after the `[` at `idx - 1`.
    fn array(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        let mut items = Vec::new();
        let mut idx = self.skip(idx);
        if self.at(idx) == 0x5d {
            return Ok((Value::list(items), idx + 1));
        }
        loop {
            let (value, end) = self.value(vm, idx)?;
            items.push(value);
            idx = self.skip(end);
            if self.at(idx) == 0x5d {
                return Ok((Value::list(items), idx + 1));
            }
            if self.at(idx) != 0x2c {
                return Err(self.error(vm, "Expecting ',' delimiter", idx));
            }
            idx = self.skip(idx + 1);
        }
    }

    /// `_match_number_unicode`: an int or float starting at `start`.
    fn number(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let n = self.s.len();
        let digit = |i: usize| i < n && (0x30..=0x39).contains(&self.at(i));
        let mut idx = start;
        if self.at(idx) == 0x2d {
            idx += 1;
            if idx >= n {
                return Err(Fail::NoValue(start));
            }
        }
        match self.at(idx) {
            0x31..=0x39 => {
                idx += 1;
                while digit(idx) {
                    idx += 1;
                }
            }
            0x30 => idx += 1,
            _ => return Err(Fail::NoValue(start)),
        }
        let mut is_float = false;
        if idx + 1 < n && self.at(idx) == 0x2e && digit(idx + 1) {
            is_float = true;
            idx += 2;
            while digit(idx) {
                idx += 1;
            }
        }
        if idx + 1 < n && matches!(self.at(idx), 0x65 | 0x45) {
            let e_start = idx;
            idx += 1;
            if idx + 1 < n && matches!(self.at(idx), 0x2d | 0x2b) {
                idx += 1;
            }
            while digit(idx) {
                idx += 1;
            }
            if digit(idx - 1) {
                is_float = true;
            } else {
                idx = e_start;
            }
        }
        let hook = if is_float { &self.parse_float } else { &self.parse_int };
        if let Some(f) = hook.clone() {
            let text = Value::str(&self.text(start, idx));
            return Ok((vm.call_value(&f, vec![text], Vec::new())?, idx));
        }
        if is_float {
            let text = self.text(start, idx);
            let x: f64 =
                text.parse().map_err(|_| value_error(format!("could not convert string to float: '{text}'")))?;
            return Ok((Value::float(x), idx));
        }
        Ok((int_value(&self.s[start..idx])?, idx))
    }

    /// `scanstring_unicode`: the text of the string that starts after the quote at
    /// `end - 1`, and the index after its closing quote.
    fn string(&mut self, vm: &mut Vm, mut end: usize) -> Scan<(Cow<'a, str>, usize)> {
        let s = self.s;
        let len = s.len();
        let begin = end - 1;
        if end > len {
            return Err(value_error("end is out of bounds").into());
        }
        let mut out: Option<String> = None;
        loop {
            // The end of the string or the next escape.
            let mut next = end;
            let mut c = 0;
            while next < len {
                c = s[next].code();
                if c == 0x22 || c == 0x5c {
                    break;
                }
                if c <= 0x1f && self.strict {
                    return Err(self.error(vm, "Invalid control character at", next));
                }
                next += 1;
            }
            if next == len {
                return Err(self.error(vm, "Unterminated string starting at", begin));
            }
            if c == 0x22 && out.is_none() {
                // No escape: the text is one run of the document.
                return Ok((self.text(end, next), next + 1));
            }
            let buf = out.get_or_insert_with(String::new);
            buf.push_str(&self.text(end, next));
            next += 1;
            if c == 0x22 {
                end = next;
                break;
            }
            if next == len {
                return Err(self.error(vm, "Unterminated string starting at", begin));
            }
            c = s[next].code();
            if c != 0x75 {
                end = next + 1;
                let ch = match c {
                    0x22 | 0x5c | 0x2f => c,
                    0x62 => 0x08,
                    0x66 => 0x0c,
                    0x6e => 0x0a,
                    0x72 => 0x0d,
                    0x74 => 0x09,
                    _ => return Err(self.error(vm, "Invalid \\escape", end - 2)),
                };
                buf.push(char::from_u32(ch).expect("an ASCII escape"));
                continue;
            }
            next += 1;
            end = next + 4;
            if end >= len {
                return Err(self.error(vm, "Invalid \\uXXXX escape", next - 1));
            }
            let Some(mut u) = hex4(&s[next..end]) else {
                return Err(self.error(vm, "Invalid \\uXXXX escape", end - 5));
            };
            next = end;
            if (0xd800..=0xdbff).contains(&u) && end + 6 < len && s[next].code() == 0x5c && s[next + 1].code() == 0x75 {
                end += 6;
                let Some(u2) = hex4(&s[next + 2..end]) else {
                    return Err(self.error(vm, "Invalid \\uXXXX escape", end - 5));
                };
                if (0xdc00..=0xdfff).contains(&u2) {
                    u = 0x10000 + (((u - 0xd800) << 10) | (u2 - 0xdc00));
                } else {
                    end -= 6;
                }
            }
            match char::from_u32(u) {
                Some(ch) => buf.push(ch),
                // CPython makes a str holding the lone surrogate, which a Rust string cannot
                // hold: a stand-in now, refused once the whole value is scanned.
                None => {
                    self.lone = self.lone.or(Some(u));
                    buf.push(char::REPLACEMENT_CHARACTER);
                }
            }
        }
        Ok((Cow::Owned(out.unwrap_or_default()), end))
    }
}

/// The value of four hex digits (CPython accepts `0-9a-fA-F` only: no sign, space or `_`).
fn hex4<T: Unit>(units: &[T]) -> Option<u32> {
    units.iter().try_fold(0u32, |acc, u| Some(acc << 4 | char::from_u32(u.code())?.to_digit(16)?))
}

/// The int of a JSON integer's text (`PyLong_FromString`, with CPython 3.11's limit of 4300
/// digits for a conversion from decimal text).
fn int_value<T: Unit>(units: &[T]) -> PyResult<Value> {
    let neg = units.first().is_some_and(|u| u.code() == 0x2d);
    let digits = &units[usize::from(neg)..];
    if digits.len() <= 18 {
        let m = digits.iter().fold(0i64, |acc, u| acc * 10 + i64::from(u.code() - 0x30));
        return Ok(Value::int(if neg { -m } else { m }));
    }
    if digits.len() > 4300 {
        return Err(value_error(format!(
            "Exceeds the limit (4300 digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
            digits.len()
        )));
    }
    let text: Vec<u8> = units.iter().map(|u| u.code() as u8).collect();
    let b = BigInt::parse_bytes(&text, 10).expect("JSON integer digits");
    Ok(Value::from_bigint(b))
}

/// `scan(s, idx, strict, object_hook, object_pairs_hook, parse_float, parse_int,
/// parse_constant, error_cls)`: the value starting at char `idx` of the str `s` and the
/// index after it, as `JSONDecoder.raw_decode` returns them. Hooks that are None (and
/// `parse_float`/`parse_int` that are `float`/`int` themselves) are the defaults; decode
/// errors are instances of `error_cls` (`JSONDecodeError`).
fn scan(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("scan", a, 9, 9)?;
    let Some(so) = a[0].as_str_obj() else {
        return Err(type_error(format!("first argument must be a string, not {}", a[0].ty().name())));
    };
    let idx = vm.index_of(&a[1])?;
    if idx < 0 {
        return Err(value_error("idx cannot be negative"));
    }
    let strict = vm.truthy(&a[2])?;
    let r = if so.is_ascii() {
        scan_units(vm, a, &so.s, so.s.as_bytes(), strict, idx as usize)
    } else {
        let chars: Vec<char> = so.s.chars().collect();
        scan_units(vm, a, &so.s, &chars, strict, idx as usize)
    };
    r.map(|(v, end)| Value::tuple(vec![v, Value::int(end as i64)]))
}

/// Scans one value; where none starts, "Expecting value" at the index where it was sought.
/// [`scan`] over the units `s` of the document `src` (its bytes or its chars).
fn scan_units<T: Unit>(
    vm: &mut Vm,
    a: &[Value],
    src: &str,
    s: &[T],
    strict: bool,
    idx: usize,
) -> PyResult<(Value, usize)> {
    let hook = |v: &Value| (!v.is_none()).then(|| v.clone());
    let mut sc = Scanner {
        src,
        s,
        doc: &a[0],
        strict,
        object_hook: hook(&a[3]),
        pairs_hook: hook(&a[4]),
        parse_float: hook(&a[5]).filter(|f| !is_type(f, &FLOAT_TYPE)),
        parse_int: hook(&a[6]).filter(|f| !is_type(f, &INT_TYPE)),
        parse_constant: a[7].clone(),
        error_cls: &a[8],
        memo: HashMap::default(),
        lone: None,
    };
    run(&mut sc, vm, idx)
}

fn run<T: Unit>(sc: &mut Scanner<'_, T>, vm: &mut Vm, idx: usize) -> PyResult<(Value, usize)> {
    match sc.value(vm, idx) {
        Ok(_) if sc.lone.is_some() => {
            let u = sc.lone.unwrap_or_default();
            let msg = format!("unsupported: a lone surrogate (\\u{u:04x}) in a JSON string");
            Err(PyErr::new(&NOT_IMPLEMENTED_ERROR, msg))
        }
        Ok(r) => Ok(r),
        Err(Fail::Py(e)) => Err(e),
        Err(Fail::NoValue(at)) => match sc.error(vm, "Expecting value", at) {
            Fail::Py(e) => Err(e),
            Fail::NoValue(_) => unreachable!("error() makes an exception"),
        },
    }
}

/// `skip(s, idx)`: the index of the first char at or after `idx` that is not JSON
/// whitespace (`decoder.WHITESPACE.match(s, idx).end()`).
fn skip(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("skip", a, 2, 2)?;
    let Some(so) = a[0].as_str_obj() else {
        // What `re`'s match of CPython's WHITESPACE pattern says.
        return Err(type_error(if a[0].bytes_like().is_some() {
            "cannot use a string pattern on a bytes-like object".to_string()
        } else {
            format!("expected string or bytes-like object, got '{}'", a[0].ty().name())
        }));
    };
    let idx = (vm.index_of(&a[1])?.max(0) as usize).min(so.char_len);
    // Whitespace is ASCII, so counting chars up to `idx` is only needed for a non-ASCII str.
    let n = if so.is_ascii() {
        so.s.as_bytes().iter().skip(idx).take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).count()
    } else {
        so.s.chars().skip(idx).take_while(|c| matches!(c, ' ' | '\t' | '\n' | '\r')).count()
    };
    Ok(Value::int((idx + n) as i64))
}
