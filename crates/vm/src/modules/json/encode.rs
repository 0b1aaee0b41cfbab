//! `_json.encode`: the whole of `JSONEncoder.encode` in one call, as CPython's
//! `encoder_listencode_obj` and its helpers do it, building the text in one `String`.
//! Values are told apart as json.py's `isinstance` checks do: instances of user subclasses of
//! `str`, `int`, `list`, `tuple` and `dict` count as those types.

use std::collections::HashSet;
use std::fmt::Write;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, VALUE_ERROR, type_error, value_error};
use tracelift_runtime::format::float_repr;
use tracelift_uops::opcode::BinaryOp;

use super::{enter, leave};
use crate::Vm;
use crate::builtins::{check_args, sort_values};

const RECURSING: &str = " while encoding a JSON object";

/// The encoder's settings and the text so far.
struct Encoder {
    default: Value,
    /// The indent unit (`None`: everything on one line).
    indent: Option<String>,
    key_sep: String,
    item_sep: String,
    sort_keys: bool,
    skipkeys: bool,
    allow_nan: bool,
    ensure_ascii: bool,
    /// The ids of the containers being encoded (`check_circular`).
    markers: Option<HashSet<u64>>,
    out: String,
}

/// A str separator argument (CPython's `make_encoder` takes them as `str`: its message).
fn separator(v: &Value, n: usize) -> PyResult<String> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| type_error(format!("make_encoder() argument {n} must be str, not {}", v.ty().name())))
}

/// `encode(o, default, indent, key_separator, item_separator, sort_keys, skipkeys,
/// allow_nan, ensure_ascii, check_circular)`: the JSON text of `o`.
pub(super) fn encode(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("encode", a, 10, 10)?;
    let ensure_ascii = vm.truthy(&a[8])?;
    let mut out = String::new();
    if let Some(s) = a[0].as_str() {
        // `JSONEncoder.encode` returns a str's text before it looks at the other settings.
        push_str(&mut out, s, ensure_ascii);
        return Ok(Value::string(out));
    }
    // `_make_iterencode`'s `' ' * indent` for anything but a str (and its TypeError).
    let indent = if a[2].is_none() {
        None
    } else if let Some(s) = a[2].as_str() {
        Some(s.to_string())
    } else if let Some(n) = a[2].as_i64().filter(|n| *n < 1 << 20) {
        // An int (a bool, an `IntEnum` member) of a sane size; anything else is left to `*`.
        Some(" ".repeat(n.max(0) as usize))
    } else {
        let spaces = vm.binary_op(BinaryOp::Multiply, &Value::str(" "), &a[2], false)?;
        Some(spaces.as_str().unwrap_or_default().to_string())
    };
    let mut enc = Encoder {
        default: a[1].clone(),
        indent,
        key_sep: separator(&a[3], 5)?,
        item_sep: separator(&a[4], 6)?,
        sort_keys: vm.truthy(&a[5])?,
        skipkeys: vm.truthy(&a[6])?,
        allow_nan: vm.truthy(&a[7])?,
        ensure_ascii,
        markers: if vm.truthy(&a[9])? { Some(HashSet::new()) } else { None },
        out,
    };
    enc.value(vm, &a[0], 0)?;
    Ok(Value::string(enc.out))
}

/// The text of a str as a JSON string (`py_encode_basestring_ascii` with `ascii`, else
/// `py_encode_basestring`).
fn push_str(out: &mut String, s: &str, ascii: bool) {
    out.push('"');
    // Runs of characters that need no escape are copied whole.
    let plain = |c: char| c >= ' ' && c != '"' && c != '\\' && (!ascii || c <= '~');
    let mut rest = s;
    while let Some(i) = rest.find(|c: char| !plain(c)) {
        out.push_str(&rest[..i]);
        let c = rest[i..].chars().next().expect("a char at a found index");
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) > 0xffff => {
                // A UTF-16 surrogate pair.
                let n = c as u32 - 0x10000;
                let _ = write!(out, "\\u{:04x}\\u{:04x}", 0xd800 | (n >> 10), 0xdc00 | (n & 0x3ff));
            }
            c => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
        }
        rest = &rest[i + c.len_utf8()..];
    }
    out.push_str(rest);
    out.push('"');
}

/// `int.__repr__(v)` of an int or an instance of an int subclass (not its own `__repr__`:
/// an `IntEnum` member is written as its number), with CPython's digit limit.
fn int_text(vm: &mut Vm, v: &Value) -> PyResult<String> {
    if v.is_small() {
        return Ok(v.small_value().to_string());
    }
    if v.is_int() {
        return vm.repr(v);
    }
    let plain = Value::from_bigint(v.to_bigint().expect("an int"));
    vm.repr(&plain)
}

impl Encoder {
    /// `encoder_encode_float`: `float.__repr__`, or the names of the non-finite values.
    fn float_text(&self, x: f64) -> PyResult<String> {
        if x.is_finite() {
            return Ok(float_repr(x));
        }
        if !self.allow_nan {
            return Err(value_error("Out of range float values are not JSON compliant"));
        }
        Ok(if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_string())
    }

    /// A newline and the indent of `level` when indenting.
    fn newline(&mut self, level: usize) {
        if let Some(unit) = &self.indent {
            self.out.push('\n');
            for _ in 0..level {
                self.out.push_str(unit);
            }
        }
    }

    /// The separator between items at `level` (item separator, then the newline).
    fn separate(&mut self, level: usize) {
        self.out.push_str(&self.item_sep);
        self.newline(level);
    }

    /// Records a container as being encoded; "Circular reference detected" if it already is.
    fn mark(&mut self, o: &Value) -> PyResult<()> {
        if let Some(m) = &mut self.markers
            && !m.insert(o.raw())
        {
            return Err(PyErr::new(&VALUE_ERROR, "Circular reference detected"));
        }
        Ok(())
    }

    fn unmark(&mut self, o: &Value) {
        if let Some(m) = &mut self.markers {
            m.remove(&o.raw());
        }
    }

    /// `encoder_listencode_obj`: appends the text of `o`.
    fn value(&mut self, vm: &mut Vm, o: &Value, level: usize) -> PyResult<()> {
        if o.is_none() {
            self.out.push_str("null");
        } else if o.is_true() {
            self.out.push_str("true");
        } else if o.is_false() {
            self.out.push_str("false");
        } else if let Some(s) = o.as_str() {
            push_str(&mut self.out, s, self.ensure_ascii);
        } else if o.is_small() {
            let _ = write!(self.out, "{}", o.small_value());
        } else if o.as_big().is_some() {
            let t = int_text(vm, o)?;
            self.out.push_str(&t);
        } else if let Some(x) = o.as_f64() {
            let t = self.float_text(x)?;
            self.out.push_str(&t);
        } else if o.as_list().is_some() || o.as_tuple().is_some() {
            enter(vm, RECURSING)?;
            let r = self.list(vm, o, level);
            leave(vm);
            r?;
        } else if o.as_dict().is_some() {
            enter(vm, RECURSING)?;
            let r = self.dict(vm, o, level);
            leave(vm);
            r?;
        } else {
            self.mark(o)?;
            let new = vm.call_value(&self.default.clone(), vec![o.clone()], Vec::new())?;
            enter(vm, RECURSING)?;
            let r = self.value(vm, &new, level);
            leave(vm);
            r?;
            self.unmark(o);
        }
        Ok(())
    }

    /// `encoder_listencode_list` of a list or tuple (of a subclass: what its iterator gives).
    fn list(&mut self, vm: &mut Vm, o: &Value, level: usize) -> PyResult<()> {
        // An exact list is read in place, as CPython's `PySequence_Fast` does, so `default`
        // may change it while it is written: its length is read again after each item.
        let copy = if vm.sub_override(o) { Some(vm.collect_iterable(o)?) } else { None };
        let item = |i: usize| match &copy {
            Some(items) => items.get(i).cloned(),
            None => match o.as_list() {
                Some(l) => l.items().get(i).cloned(),
                None => o.as_tuple().and_then(|t| t.get(i).cloned()),
            },
        };
        let Some(first) = item(0) else {
            self.out.push_str("[]");
            return Ok(());
        };
        self.mark(o)?;
        self.out.push('[');
        self.newline(level + 1);
        self.value(vm, &first, level + 1)?;
        let mut i = 1;
        while let Some(v) = item(i) {
            self.separate(level + 1);
            self.value(vm, &v, level + 1)?;
            i += 1;
        }
        self.newline(level);
        self.out.push(']');
        self.unmark(o);
        Ok(())
    }

    /// `encoder_listencode_dict`: keys coerced to str (or skipped), sorted when asked.
    fn dict(&mut self, vm: &mut Vm, o: &Value, level: usize) -> PyResult<()> {
        let d = o.as_dict().expect("a dict");
        if d.is_empty() {
            self.out.push_str("{}");
            return Ok(());
        }
        self.mark(o)?;
        self.out.push('{');
        self.newline(level + 1);
        // `PyMapping_Items`: a subclass's own `items()`.
        let mut items: Vec<(Value, Value)> = if vm.sub_override(o) {
            let view = vm.call_method(o, "items", Vec::new())?;
            let mut pairs = Vec::new();
            for it in vm.collect_iterable(&view)? {
                match it.as_tuple() {
                    Some([k, v]) => pairs.push((k.clone(), v.clone())),
                    _ => return Err(value_error("items must return 2-tuples")),
                }
            }
            pairs
        } else {
            d.items()
        };
        if self.sort_keys {
            // `sorted(d.items())`: the same comparisons, and the same TypeError.
            let tuples = items.into_iter().map(|(k, v)| Value::tuple(vec![k, v])).collect();
            items = sort_values(vm, tuples, None, false)?
                .into_iter()
                .map(|t| {
                    let kv = t.as_tuple().expect("an item tuple");
                    (kv[0].clone(), kv[1].clone())
                })
                .collect();
        }
        let mut first = true;
        for (k, v) in items {
            let owned: String;
            let key: &str = if let Some(s) = k.as_str() {
                s
            } else {
                owned = if let Some(x) = k.as_f64() {
                    self.float_text(x)?
                } else if k.is_true() {
                    "true".into()
                } else if k.is_false() {
                    "false".into()
                } else if k.is_none() {
                    "null".into()
                } else if k.is_small() || k.as_big().is_some() {
                    int_text(vm, &k)?
                } else if self.skipkeys {
                    continue;
                } else {
                    return Err(type_error(format!(
                        "keys must be str, int, float, bool or None, not {}",
                        k.ty().name()
                    )));
                };
                &owned
            };
            if !first {
                self.separate(level + 1);
            }
            first = false;
            push_str(&mut self.out, key, self.ensure_ascii);
            self.out.push_str(&self.key_sep);
            self.value(vm, &v, level + 1)?;
        }
        self.newline(level);
        self.out.push('}');
        self.unmark(o);
        Ok(())
    }
}
