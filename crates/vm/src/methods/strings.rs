//! Methods of `str`.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyResult, index_error, type_error, value_error};
use tracelift_runtime::unicode;

use super::margs;
use crate::Vm;
use crate::builtins::kwarg;
use crate::objects::NativeFn;

/// Runs `$body` with `$p` bound to the search pattern for `$sep`: a `char` when it is one
/// character, else the `&str`. std searches a `&str` with the two-way algorithm, whose setup
/// per search dominates for the one-character separators most code splits and finds on
/// (`","`, `"\n"`, `" "`); a `char` is searched with `memchr`. (A generic function cannot take
/// either: `Pattern` is unstable.)
macro_rules! by_pattern {
    ($sep:expr, |$p:ident| $body:expr) => {{
        let sep: &str = $sep;
        let mut cs = sep.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => {
                let $p = c;
                $body
            }
            _ => {
                let $p = sep;
                $body
            }
        }
    }};
}

/// A str method's result when it changes nothing: the str itself, or for an instance of a
/// subclass of `str` an exact str with its text (as CPython's `unicode_result_unchanged`).
fn unchanged(v: &Value, s: &str) -> Value {
    if v.is_str() { v.clone() } else { Value::str(s) }
}

pub(super) fn lookup(name: &str) -> Option<(&'static str, NativeFn, bool)> {
    let f: (&'static str, NativeFn, bool) = match name {
        "join" => ("join", s_join, false),
        "__new__" => ("__new__", super::containers::sub_new, true),
        "split" => ("split", s_split, true),
        "rsplit" => ("rsplit", s_rsplit, true),
        "strip" => ("strip", s_strip, false),
        "lstrip" => ("lstrip", s_lstrip, false),
        "rstrip" => ("rstrip", s_rstrip, false),
        "replace" => ("replace", s_replace, false),
        "find" => ("find", s_find, false),
        "rfind" => ("rfind", s_rfind, false),
        "index" => ("index", s_index, false),
        "rindex" => ("rindex", s_rindex, false),
        "count" => ("count", s_count, false),
        "startswith" => ("startswith", s_startswith, false),
        "endswith" => ("endswith", s_endswith, false),
        "upper" => ("upper", s_upper, false),
        "lower" => ("lower", s_lower, false),
        "casefold" => ("casefold", s_casefold, false),
        "isascii" => ("isascii", s_isascii, false),
        "isprintable" => ("isprintable", s_isprintable, false),
        "translate" => ("translate", s_translate, false),
        "maketrans" => ("maketrans", s_maketrans, false),
        "title" => ("title", s_title, false),
        "capitalize" => ("capitalize", s_capitalize, false),
        "swapcase" => ("swapcase", s_swapcase, false),
        "isdigit" => ("isdigit", s_isdigit, false),
        "isdecimal" => ("isdecimal", s_isdecimal, false),
        "isnumeric" => ("isnumeric", s_isnumeric, false),
        "isalpha" => ("isalpha", s_isalpha, false),
        "isspace" => ("isspace", s_isspace, false),
        "isalnum" => ("isalnum", s_isalnum, false),
        "isupper" => ("isupper", s_isupper, false),
        "islower" => ("islower", s_islower, false),
        "isidentifier" => ("isidentifier", s_isidentifier, false),
        "istitle" => ("istitle", s_istitle, false),
        "zfill" => ("zfill", s_zfill, false),
        "center" => ("center", s_center, false),
        "ljust" => ("ljust", s_ljust, false),
        "rjust" => ("rjust", s_rjust, false),
        "format" => ("format", s_format, true),
        "format_map" => ("format_map", s_format_map, false),
        "splitlines" => ("splitlines", s_splitlines, true),
        "partition" => ("partition", s_partition, false),
        "rpartition" => ("rpartition", s_rpartition, false),
        "removeprefix" => ("removeprefix", s_removeprefix, false),
        "removesuffix" => ("removesuffix", s_removesuffix, false),
        "expandtabs" => ("expandtabs", s_expandtabs, false),
        "encode" => ("encode", s_encode, true),
        _ => return None,
    };
    Some(f)
}

/// Python's whitespace (`str.isspace`, `split()`, `strip()`): Unicode White_Space plus the
/// information separators U+001C..U+001F, which Rust does not count.
pub fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Unicode decimal digits (category Nd) for `str.isdecimal`.
fn is_decimal_char(c: char) -> bool {
    unicode::decimal_value(c).is_some()
}

fn this<'a>(args: &'a [Value], m: &str) -> PyResult<&'a str> {
    match args.first().and_then(|a| a.as_str()) {
        Some(s) => Ok(s),
        None => Err(type_error(format!(
            "descriptor '{}' for 'str' objects doesn't apply to a '{}' object",
            m,
            args.first().map_or("NoneType", |a| a.ty().name())
        ))),
    }
}

fn str_arg<'a>(v: &'a Value, what: &str) -> PyResult<&'a str> {
    v.as_str().ok_or_else(|| type_error(format!("{what} arg must be None or str")))
}

fn s_join(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("str.join", args, 1, 1)?;
    this(args, "join")?;
    let sep = args[0].as_str_obj().expect("`this` checked for a str");
    // Lists and tuples are read in place (no Python code runs while they are borrowed);
    // anything else is collected first.
    let collected;
    let items: &[Value] = if let Some(l) = args[1].as_list() {
        l.items()
    } else if let Some(t) = args[1].as_tuple() {
        t
    } else {
        collected = vm.collect_iterable(&args[1])?;
        &collected
    };
    Value::str_join(sep, items)
        .map_err(|i| type_error(format!("sequence item {}: expected str instance, {} found", i, items[i].ty().name())))
}

fn split_args(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<(Option<String>, i64)> {
    let sep = args.get(1).or_else(|| kwarg(kw, "sep")).filter(|v| !v.is_none());
    let sep = match sep {
        Some(s) => {
            let s = str_arg(s, "sep")?;
            if s.is_empty() {
                return Err(value_error("empty separator"));
            }
            Some(s.to_string())
        }
        None => None,
    };
    let max = match args.get(2).or_else(|| kwarg(kw, "maxsplit")) {
        Some(m) => vm.index_of(m)?,
        None => -1,
    };
    Ok((sep, max))
}

fn s_split(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    // The text is read in place (nothing below runs Python code) and each part becomes a str
    // directly: no copy of the whole text, no intermediate `String` per part.
    let s = this(args, "split")?;
    let (sep, max) = split_args(vm, args, kw)?;
    let parts: Vec<Value> = match sep {
        Some(sep) => {
            if max < 0 {
                by_pattern!(sep.as_str(), |p| s.split(p).map(Value::str).collect())
            } else {
                by_pattern!(sep.as_str(), |p| s.splitn(max as usize + 1, p).map(Value::str).collect())
            }
        }
        None => {
            let mut out = Vec::new();
            let mut rest = s.trim_start_matches(is_py_space);
            let mut n = 0;
            while !rest.is_empty() {
                if max >= 0 && n >= max {
                    out.push(Value::str(rest));
                    break;
                }
                let end = rest.find(is_py_space).unwrap_or(rest.len());
                out.push(Value::str(&rest[..end]));
                rest = rest[end..].trim_start_matches(is_py_space);
                n += 1;
            }
            out
        }
    };
    Ok(Value::list(parts))
}

fn s_rsplit(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this(args, "rsplit")?.to_string();
    let (sep, max) = split_args(vm, args, kw)?;
    let mut parts: Vec<String> = match sep {
        Some(sep) => {
            if max < 0 {
                by_pattern!(sep.as_str(), |p| s.rsplit(p).map(String::from).collect())
            } else {
                by_pattern!(sep.as_str(), |p| s.rsplitn(max as usize + 1, p).map(String::from).collect())
            }
        }
        None => {
            let mut out = Vec::new();
            let mut rest = s.trim_end_matches(is_py_space);
            let mut n = 0;
            while !rest.is_empty() {
                if max >= 0 && n >= max {
                    out.push(rest.to_string());
                    break;
                }
                let start = rest
                    .rfind(is_py_space)
                    .map(|i| i + rest[i..].chars().next().map_or(1, |c| c.len_utf8()))
                    .unwrap_or(0);
                out.push(rest[start..].to_string());
                rest = rest[..start].trim_end_matches(is_py_space);
                n += 1;
            }
            out
        }
    };
    parts.reverse();
    Ok(Value::list(parts.into_iter().map(Value::string).collect()))
}

fn strip_chars(args: &[Value], m: &str) -> PyResult<Option<Vec<char>>> {
    if args.len() > 2 {
        // Only an error needs the qualified name (formatting it at every call cost more than
        // the strip).
        margs(&format!("str.{m}"), args, 0, 1)?;
    }
    match args.get(1) {
        Some(c) if !c.is_none() => Ok(Some(str_arg(c, m)?.chars().collect())),
        _ => Ok(None),
    }
}

fn s_strip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let s = this(args, "strip")?;
    Ok(Value::str(match strip_chars(args, "strip")? {
        Some(cs) => s.trim_matches(|c| cs.contains(&c)),
        None => s.trim_matches(is_py_space),
    }))
}

fn s_lstrip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let s = this(args, "lstrip")?;
    Ok(Value::str(match strip_chars(args, "lstrip")? {
        Some(cs) => s.trim_start_matches(|c| cs.contains(&c)),
        None => s.trim_start_matches(is_py_space),
    }))
}

fn s_rstrip(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let s = this(args, "rstrip")?;
    Ok(Value::str(match strip_chars(args, "rstrip")? {
        Some(cs) => s.trim_end_matches(|c| cs.contains(&c)),
        None => s.trim_end_matches(is_py_space),
    }))
}

fn s_replace(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("replace", args, 2, 3)?;
    let s = this(args, "replace")?;
    let old = args[1]
        .as_str()
        .ok_or_else(|| type_error(format!("replace() argument 1 must be str, not {}", args[1].ty().name())))?;
    let new = args[2]
        .as_str()
        .ok_or_else(|| type_error(format!("replace() argument 2 must be str, not {}", args[2].ty().name())))?;
    let count = match args.get(3) {
        Some(c) => vm.index_of(c)?,
        None => -1,
    };
    if count < 0 {
        if old.is_empty() {
            // Insert `new` between every character and at both ends.
            let mut out = String::from(new);
            for c in s.chars() {
                out.push(c);
                out.push_str(new);
            }
            return Ok(Value::string(out));
        }
        return Ok(Value::string(by_pattern!(old, |p| s.replace(p, new))));
    }
    if old.is_empty() {
        let mut out = String::new();
        let mut n = 0;
        for c in s.chars() {
            if n < count {
                out.push_str(new);
                n += 1;
            }
            out.push(c);
        }
        if n < count {
            out.push_str(new);
        }
        return Ok(Value::string(out));
    }
    Ok(Value::string(s.replacen(old, new, count as usize)))
}

/// Converts optional start/end char indices into a byte range of `s`.
fn byte_range(
    vm: &mut Vm,
    so: &tracelift_runtime::str::StrObject,
    start: Option<&Value>,
    end: Option<&Value>,
) -> PyResult<Option<(usize, usize)>> {
    // The str caches its length in code points and whether it is ASCII; ASCII text (the
    // common case) indexes bytes directly, so this is O(1).
    let s: &str = &so.s;
    let ascii = so.is_ascii();
    let n = so.char_len as i64;
    let norm = |v: i64| -> i64 { if v < 0 { (v + n).max(0) } else { v.min(n) } };
    // As CPython's ADJUST_INDICES: the start is not clamped to the length, so a start past
    // the end finds nothing (not even the empty string).
    let st = match start.filter(|v| !v.is_none()) {
        Some(v) => {
            let v = vm.index_of(v)?;
            if v < 0 { (v + n).max(0) } else { v }
        }
        None => 0,
    };
    let en = match end.filter(|v| !v.is_none()) {
        Some(v) => norm(vm.index_of(v)?),
        None => n,
    };
    if st > en {
        return Ok(None);
    }
    let to_byte = |ci: i64| -> usize { s.char_indices().nth(ci as usize).map_or(s.len(), |(b, _)| b) };
    if ascii {
        return Ok(Some((st as usize, en as usize)));
    }
    Ok(Some((to_byte(st), to_byte(en))))
}

fn char_index(s: &str, byte: usize) -> i64 {
    if s.is_ascii() { byte as i64 } else { s[..byte].chars().count() as i64 }
}

fn find_impl(vm: &mut Vm, args: &[Value], m: &str, rev: bool) -> PyResult<i64> {
    margs(m, args, 1, 3)?;
    let s = this(args, m)?;
    let sub = args[1].as_str().ok_or_else(|| type_error(format!("must be str, not {}", args[1].ty().name())))?;
    let Some((a, b)) = byte_range(vm, args[0].as_str_obj().expect("str receiver"), args.get(2), args.get(3))? else {
        return Ok(-1);
    };
    let hay = &s[a..b];
    let r = by_pattern!(sub, |p| if rev { hay.rfind(p) } else { hay.find(p) });
    Ok(match r {
        Some(i) => char_index(s, a + i),
        None => -1,
    })
}

fn s_find(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int(find_impl(vm, args, "find", false)?))
}

fn s_rfind(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int(find_impl(vm, args, "rfind", true)?))
}

fn s_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    match find_impl(vm, args, "index", false)? {
        -1 => Err(value_error("substring not found")),
        i => Ok(Value::int(i)),
    }
}

fn s_rindex(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    match find_impl(vm, args, "rindex", true)? {
        -1 => Err(value_error("substring not found")),
        i => Ok(Value::int(i)),
    }
}

fn s_count(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("count", args, 1, 3)?;
    let s = this(args, "count")?;
    let sub = args[1].as_str().ok_or_else(|| type_error(format!("must be str, not {}", args[1].ty().name())))?;
    let Some((a, b)) = byte_range(vm, args[0].as_str_obj().expect("str receiver"), args.get(2), args.get(3))? else {
        return Ok(Value::int(0));
    };
    let hay = &s[a..b];
    let n = if sub.is_empty() { hay.chars().count() + 1 } else { by_pattern!(sub, |p| hay.matches(p).count()) };
    Ok(Value::int(n as i64))
}

fn affix(vm: &mut Vm, args: &[Value], m: &str, ends: bool) -> PyResult<Value> {
    margs(m, args, 1, 3)?;
    let s = this(args, m)?;
    let Some((a, b)) = byte_range(vm, args[0].as_str_obj().expect("str receiver"), args.get(2), args.get(3))? else {
        return Ok(Value::bool(false));
    };
    let hay = &s[a..b];
    let test = |p: &str| if ends { hay.ends_with(p) } else { hay.starts_with(p) };
    if let Some(t) = args[1].as_tuple() {
        for p in t {
            let p = p
                .as_str()
                .ok_or_else(|| type_error(format!("tuple for {m} must only contain str, not {}", p.ty().name())))?;
            if test(p) {
                return Ok(Value::bool(true));
            }
        }
        return Ok(Value::bool(false));
    }
    let p = args[1].as_str().ok_or_else(|| {
        type_error(format!("{m} first arg must be str or a tuple of str, not {}", args[1].ty().name()))
    })?;
    Ok(Value::bool(test(p)))
}

fn s_startswith(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    affix(vm, args, "startswith", false)
}

fn s_endswith(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    affix(vm, args, "endswith", true)
}

macro_rules! simple {
    ($name:ident, $m:literal, |$s:ident| $body:expr) => {
        fn $name(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
            margs(concat!("str.", $m), args, 0, 0)?;
            let $s = this(args, $m)?;
            Ok($body)
        }
    };
}

simple!(s_upper, "upper", |s| Value::string(s.to_uppercase()));
simple!(s_lower, "lower", |s| Value::string(s.to_lowercase()));
simple!(s_casefold, "casefold", |s| Value::string(unicode::casefold(s)));
simple!(s_isascii, "isascii", |s| Value::bool(s.is_ascii()));
simple!(s_isprintable, "isprintable", |s| Value::bool(
    s.chars().all(|c| !c.is_control() && !tracelift_runtime::unicode::is_unprintable(c))
));
simple!(s_swapcase, "swapcase", |s| Value::string(unicode::swapcase(s)));
simple!(s_title, "title", |s| Value::string(unicode::title(s)));
simple!(s_capitalize, "capitalize", |s| Value::string(unicode::capitalize(s)));
simple!(s_isdigit, "isdigit", |s| Value::bool(!s.is_empty() && s.chars().all(is_digit_char)));

/// Approximates Unicode's Numeric_Type=Decimal|Digit (what `str.isdigit` tests) with the
/// numeric characters minus fractions and letter-like numbers (Roman numerals).
fn is_digit_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    let n = c as u32;
    c.is_numeric() && !(0xbc..=0xbe).contains(&n) && !(0x2150..=0x218f).contains(&n) && !(0x3007..=0x303a).contains(&n)
}
simple!(s_isdecimal, "isdecimal", |s| Value::bool(!s.is_empty() && s.chars().all(is_decimal_char)));
simple!(s_isnumeric, "isnumeric", |s| Value::bool(!s.is_empty() && s.chars().all(|c| c.is_numeric())));
simple!(s_isalpha, "isalpha", |s| Value::bool(!s.is_empty() && s.chars().all(|c| c.is_alphabetic())));
simple!(s_isspace, "isspace", |s| Value::bool(!s.is_empty() && s.chars().all(is_py_space)));
simple!(s_isalnum, "isalnum", |s| Value::bool(!s.is_empty() && s.chars().all(|c| c.is_alphanumeric())));
simple!(s_isupper, "isupper", |s| Value::bool(
    s.chars().any(|c| c.is_uppercase()) && !s.chars().any(|c| c.is_lowercase())
));
simple!(s_islower, "islower", |s| Value::bool(
    s.chars().any(|c| c.is_lowercase()) && !s.chars().any(|c| c.is_uppercase())
));
simple!(s_isidentifier, "isidentifier", |s| {
    let mut cs = s.chars();
    Value::bool(match cs.next() {
        Some(f) => (f.is_alphabetic() || f == '_') && cs.all(|c| c.is_alphanumeric() || c == '_'),
        None => false,
    })
});
simple!(s_istitle, "istitle", |s| Value::bool(unicode::istitle(s)));

fn pad(vm: &mut Vm, args: &[Value], m: &str) -> PyResult<Value> {
    margs(m, args, 1, 2)?;
    let s = this(args, m)?;
    let width = vm.index_of(&args[1])?.max(0) as usize;
    let fill = match args.get(2) {
        Some(f) => {
            let fs =
                f.as_str().ok_or_else(|| type_error(format!("{m}() argument 2 must be str, not {}", f.ty().name())))?;
            let mut cs = fs.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => c,
                _ => return Err(type_error("The fill character must be exactly one character long")),
            }
        }
        None => ' ',
    };
    let n = s.chars().count();
    if n >= width {
        return Ok(unchanged(&args[0], s));
    }
    let total = width - n;
    let (left, right) = match m {
        "ljust" => (0, total),
        "rjust" => (total, 0),
        _ => {
            // CPython's centering: extra space goes right unless both are odd.
            let left = total / 2 + (total & width & 1);
            (left, total - left)
        }
    };
    let mut out = String::new();
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(s);
    out.extend(std::iter::repeat_n(fill, right));
    Ok(Value::string(out))
}

fn s_center(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    pad(vm, args, "center")
}
fn s_ljust(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    pad(vm, args, "ljust")
}
fn s_rjust(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    pad(vm, args, "rjust")
}

fn s_zfill(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("zfill", args, 1, 1)?;
    let s = this(args, "zfill")?;
    let width = vm.index_of(&args[1])?.max(0) as usize;
    let n = s.chars().count();
    if n >= width {
        return Ok(unchanged(&args[0], s));
    }
    let (sign, rest) = match s.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), &s[1..]),
        _ => (None, s),
    };
    let mut out = String::new();
    if let Some(c) = sign {
        out.push(c);
    }
    out.extend(std::iter::repeat_n('0', width - n));
    out.push_str(rest);
    Ok(Value::string(out))
}

fn s_splitlines(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this(args, "splitlines")?;
    let keep = match args.get(1).or_else(|| kwarg(kw, "keepends")) {
        Some(k) => vm.truthy(k)?,
        None => false,
    };
    let mut out = Vec::new();
    let mut start = 0;
    let b: Vec<(usize, char)> = s.char_indices().collect();
    let mut i = 0;
    while i < b.len() {
        let (pos, c) = b[i];
        if matches!(c, '\n' | '\r' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}' | '\u{2029}') {
            let mut end = pos + c.len_utf8();
            if c == '\r' && i + 1 < b.len() && b[i + 1].1 == '\n' {
                end += 1;
                i += 1;
            }
            out.push(Value::str(if keep { &s[start..end] } else { &s[start..pos] }));
            start = end;
        }
        i += 1;
    }
    if start < s.len() {
        out.push(Value::str(&s[start..]));
    }
    Ok(Value::list(out))
}

fn partition(args: &[Value], m: &str, rev: bool) -> PyResult<Value> {
    margs(m, args, 1, 1)?;
    let s = this(args, m)?;
    let sep = args[1].as_str().ok_or_else(|| type_error(format!("must be str, not {}", args[1].ty().name())))?;
    if sep.is_empty() {
        return Err(value_error("empty separator"));
    }
    let found = by_pattern!(sep, |p| if rev { s.rfind(p) } else { s.find(p) });
    let parts = match found {
        Some(i) => [&s[..i], sep, &s[i + sep.len()..]],
        None if rev => ["", "", s],
        None => [s, "", ""],
    };
    Ok(Value::tuple(parts.iter().map(|p| Value::str(p)).collect()))
}

fn s_partition(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    partition(args, "partition", false)
}
fn s_rpartition(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    partition(args, "rpartition", true)
}

fn s_removeprefix(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("removeprefix", args, 1, 1)?;
    let s = this(args, "removeprefix")?;
    let p = str_arg(&args[1], "removeprefix")?;
    Ok(Value::str(s.strip_prefix(p).unwrap_or(s)))
}

fn s_removesuffix(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("removesuffix", args, 1, 1)?;
    let s = this(args, "removesuffix")?;
    let p = str_arg(&args[1], "removesuffix")?;
    Ok(Value::str(s.strip_suffix(p).unwrap_or(s)))
}

fn s_expandtabs(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("expandtabs", args, 0, 1)?;
    let s = this(args, "expandtabs")?;
    let size = match args.get(1) {
        Some(v) => vm.index_of(v)?.max(0) as usize,
        None => 8,
    };
    let mut out = String::new();
    let mut col = 0;
    for c in s.chars() {
        match c {
            '\t' => {
                if size > 0 {
                    let n = size - col % size;
                    out.extend(std::iter::repeat_n(' ', n));
                    col += n;
                }
            }
            '\n' | '\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    Ok(Value::string(out))
}

/// `s.encode(encoding='utf-8', errors='strict')`.
fn s_encode(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("encode", args, 0, 2)?;
    let s = args[0].as_str().ok_or_else(|| type_error("descriptor 'encode' requires a 'str' object"))?;
    let enc = match args.get(1).or_else(|| kwarg(kw, "encoding")) {
        Some(e) => vm.str_of(e)?,
        None => "utf-8".into(),
    };
    let errors = match args.get(2).or_else(|| kwarg(kw, "errors")) {
        Some(e) => vm.str_of(e)?,
        None => "strict".into(),
    };
    Ok(Value::bytes_from(super::bytes::encode(s, &enc, &errors)?))
}

/// `str.format_map(mapping)`: `str.format(**mapping)` for a dict.
fn s_format_map(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("format_map", args, 1, 1)?;
    let Some(d) = args[1].as_dict() else {
        return Err(type_error("unsupported: str.format_map with a mapping that is not a dict"));
    };
    let kw = d.items();
    s_format(vm, &args[..1], &kw)
}

/// The argument a replacement field names: `""` takes the next positional one (automatic
/// numbering), digits a positional index, anything else a keyword. Mixing automatic and
/// manual numbering is an error, as in CPython.
fn format_arg(
    field: &str,
    pos: &[Value],
    kw: &[(Value, Value)],
    auto: &mut usize,
    manual: &mut bool,
) -> PyResult<Value> {
    if field.is_empty() {
        if *manual {
            return Err(value_error("cannot switch from manual field specification to automatic field numbering"));
        }
        let n = *auto;
        let v = pos
            .get(n)
            .cloned()
            .ok_or_else(|| index_error(format!("Replacement index {n} out of range for positional args tuple")))?;
        *auto += 1;
        return Ok(v);
    }
    if let Ok(n) = field.parse::<usize>() {
        *manual = true;
        return pos
            .get(n)
            .cloned()
            .ok_or_else(|| index_error(format!("Replacement index {n} out of range for positional args tuple")));
    }
    match kwarg(kw, field) {
        Some(v) => Ok(v.clone()),
        None => Err(tracelift_runtime::exc::key_error(Value::str(field))),
    }
}

/// `str.format`: `{}` / `{0}` / `{name}` fields with `!r`/`!s`/`!a` and format specs,
/// `{0[1]}` and `{0.attr}` lookups.
fn s_format(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let fmt = this(args, "format")?.to_string();
    let pos = &args[1..];
    let mut out = String::new();
    let mut auto = 0usize;
    let mut manual = false;
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            if chars.get(i + 1) == Some(&'{') {
                out.push('{');
                i += 2;
                continue;
            }
            // Find the matching close brace (nested braces in the spec allowed one level).
            let mut depth = 1;
            let mut j = i + 1;
            while j < chars.len() && depth > 0 {
                match chars[j] {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            if depth != 0 {
                return Err(value_error("expected '}' before end of string"));
            }
            let field: String = chars[i + 1..j - 1].iter().collect();
            let (head, spec) = match field.find(':') {
                Some(k) => (&field[..k], &field[k + 1..]),
                None => (&field[..], ""),
            };
            let (name, conv) = match head.find('!') {
                Some(k) => (&head[..k], Some(&head[k + 1..])),
                None => (head, None),
            };
            // Split the first name part from `.attr` / `[key]` accessors.
            let split = name.find(['.', '[']).unwrap_or(name.len());
            let (first, rest) = name.split_at(split);
            let mut v = format_arg(first, pos, kw, &mut auto, &mut manual)?;
            let mut rest = rest;
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('.') {
                    let end = r.find(['.', '[']).unwrap_or(r.len());
                    v = vm.get_attr(&v, &tracelift_runtime::str::intern(&r[..end]))?;
                    rest = &r[end..];
                } else if let Some(r) = rest.strip_prefix('[') {
                    let end = r.find(']').ok_or_else(|| value_error("Missing ']' in format string"))?;
                    let key = &r[..end];
                    let k = match key.parse::<i64>() {
                        Ok(n) => Value::int(n),
                        Err(_) => Value::str(key),
                    };
                    v = vm.get_item(&v, &k)?;
                    rest = &r[end + 1..];
                } else {
                    break;
                }
            }
            let v = match conv {
                Some("r") => Value::string(vm.repr(&v)?),
                Some("s") => Value::string(vm.str_of(&v)?),
                Some("a") => Value::string(crate::builtins::ascii_of(&vm.repr(&v)?)),
                Some(other) => {
                    return Err(value_error(format!("Unknown conversion specifier {other}")));
                }
                None => v,
            };
            // Nested fields in the spec (`{:{}.{}f}`): substituted first, sharing the
            // automatic numbering with the outer fields.
            let spec = if spec.contains('{') {
                let mut out_spec = String::new();
                let mut rest = spec;
                while let Some(open) = rest.find('{') {
                    out_spec.push_str(&rest[..open]);
                    let close =
                        rest[open..].find('}').ok_or_else(|| value_error("unmatched '{' in format spec"))? + open;
                    let inner = &rest[open + 1..close];
                    let arg = format_arg(inner, pos, kw, &mut auto, &mut manual)?;
                    out_spec.push_str(&vm.str_of(&arg)?);
                    rest = &rest[close + 1..];
                }
                out_spec.push_str(rest);
                out_spec
            } else {
                spec.to_string()
            };
            out.push_str(&vm.format_value(&v, &spec)?);
            i = j;
        } else if c == '}' {
            if chars.get(i + 1) == Some(&'}') {
                out.push('}');
                i += 2;
                continue;
            }
            return Err(value_error("Single '}' encountered in format string"));
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(Value::string(out))
}

/// `str.maketrans(x[, y[, z]])`: the translation dict (code point -> str or None).
fn s_maketrans(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    // A static method: never bound to a receiver (see `Vm::bind`).
    let d = tracelift_runtime::dict::new_dict();
    let dd = d.as_dict().expect("dict");
    match args.len() {
        1 => {
            let src = args[0]
                .as_dict()
                .ok_or_else(|| type_error("if you give only one argument to maketrans it must be a dict"))?;
            for (k, v) in src.items() {
                let key = match k.as_str() {
                    Some(s) if s.chars().count() == 1 => Value::int(s.chars().next().expect("char") as i64),
                    Some(_) => return Err(value_error("string keys in translate table must be of length 1")),
                    None => k,
                };
                dd.set(key, v)?;
            }
        }
        2 | 3 => {
            let (x, y) = (
                args[0].as_str().ok_or_else(|| type_error("maketrans() argument 1 must be str"))?,
                args[1].as_str().ok_or_else(|| type_error("maketrans() argument 2 must be str"))?,
            );
            if x.chars().count() != y.chars().count() {
                return Err(value_error("the first two maketrans arguments must have equal length"));
            }
            for (a, b) in x.chars().zip(y.chars()) {
                dd.set(Value::int(a as i64), Value::int(b as i64))?;
            }
            if let Some(z) = args.get(2) {
                for c in z.as_str().ok_or_else(|| type_error("maketrans() argument 3 must be str"))?.chars() {
                    dd.set(Value::int(c as i64), Value::none())?;
                }
            }
        }
        _ => return Err(type_error("maketrans() takes 1 to 3 arguments")),
    }
    let _ = vm;
    Ok(d)
}

/// `str.translate(table)`: maps code points through `table[ord(c)]` (str, int or None).
fn s_translate(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("str.translate", args, 1, 1)?;
    let s = this(args, "translate")?.to_string();
    let table = args[1].clone();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match vm.get_item(&table, &Value::int(c as i64)) {
            Ok(v) if v.is_none() => {}
            Ok(v) => {
                if let Some(t) = v.as_str() {
                    out.push_str(t);
                } else if let Some(i) = v.as_i64().filter(|_| v.is_int()) {
                    out.push(
                        char::from_u32(i as u32)
                            .ok_or_else(|| value_error("character mapping must be in range(0x110000)"))?,
                    );
                } else {
                    return Err(type_error("character mapping must return integer, None or str"));
                }
            }
            Err(e) if e.matches(&tracelift_runtime::exc::LOOKUP_ERROR) => out.push(c),
            Err(e) => return Err(e),
        }
    }
    Ok(Value::string(out))
}
