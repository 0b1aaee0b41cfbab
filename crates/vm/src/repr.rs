//! `repr()`, `str()`, `format()` and `%`-formatting, byte-for-byte as CPython prints them.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{MEMORY_ERROR, OVERFLOW_ERROR, PyErr, PyResult, type_error, value_error};
use tracelift_runtime::format::{
    self, Count, FormatError, FormatErrorKind, PercentPiece, float_repr, parse_format_spec, parse_percent,
};
use tracelift_runtime::object::{DictPart, IterState};
use tracelift_runtime::types::Kind;

use crate::Vm;
use crate::objects::{CLASSMETHOD_TYPE, PROPERTY_TYPE, STATICMETHOD_TYPE, VmValue};

/// `repr` of a str: CPython's quoting rules.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if tracelift_runtime::unicode::is_unprintable(c) => {
                let n = c as u32;
                if n < 0x100 {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n < 0x10000 {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Turns a formatting error into the exception CPython raises.
pub fn format_err(e: FormatError, type_name: &str) -> PyErr {
    let msg = e.message(type_name);
    match e.kind() {
        FormatErrorKind::ValueError => value_error(msg),
        FormatErrorKind::OverflowError => PyErr::new(&OVERFLOW_ERROR, msg),
        FormatErrorKind::MemoryError => PyErr::bare(&MEMORY_ERROR),
    }
}

impl Vm {
    /// What a user class's `__repr__` returns (None when it has none), which must be a str.
    fn user_repr(&mut self, v: &Value) -> PyResult<Option<String>> {
        let Some(r) = self.call_dunder_opt(v, "__repr__", vec![])? else { return Ok(None) };
        match r.as_str() {
            Some(s) => Ok(Some(s.to_string())),
            None => Err(type_error(format!("__repr__ returned non-string (type {})", r.ty().name()))),
        }
    }

    /// `repr(v)`
    pub fn repr(&mut self, v: &Value) -> PyResult<String> {
        if self.sub_override(v)
            && let Some(s) = self.user_repr(v)?
        {
            return Ok(s);
        }
        if v.is_small() {
            return Ok(v.small_value().to_string());
        }
        if let Some(s) = v.as_str() {
            return Ok(str_repr(s));
        }
        if v.is_none() {
            return Ok("None".into());
        }
        if v.is_true() {
            return Ok("True".into());
        }
        if v.is_false() {
            return Ok("False".into());
        }
        let ty = v.ty();
        match ty.kind {
            Kind::Int => {
                let b = v.as_big().expect("big");
                // CPython 3.11's int_max_str_digits: 4300 decimal digits.
                let s = b.to_string();
                if b.bits() > 14284 && s.trim_start_matches('-').len() > 4300 {
                    return Err(value_error(
                        "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
                    ));
                }
                return Ok(s);
            }
            Kind::Float => return Ok(float_repr(v.float_value())),
            Kind::List | Kind::Tuple | Kind::Dict | Kind::Set | Kind::FrozenSet => return self.container_repr(v),
            Kind::Range => {
                let r = v.as_range().expect("range");
                if let Some(b) = &r.big {
                    return Ok(if b[2] == num_bigint::BigInt::from(1) {
                        format!("range({}, {})", b[0], b[1])
                    } else {
                        format!("range({}, {}, {})", b[0], b[1], b[2])
                    });
                }
                return Ok(if r.step == 1 {
                    format!("range({}, {})", r.start, r.stop)
                } else {
                    format!("range({}, {}, {})", r.start, r.stop, r.step)
                });
            }
            Kind::Slice => {
                let s = v.as_slice().expect("slice");
                let (a, b, c) = (s.start.clone(), s.stop.clone(), s.step.clone());
                return Ok(format!("slice({}, {}, {})", self.repr(&a)?, self.repr(&b)?, self.repr(&c)?));
            }
            Kind::Type
                if !ty.is_heap_type()
                    || self.base_self.contains(&v.raw())
                    || self.type_lookup(ty, "__repr__").is_none_or(|r| r.as_builtin().is_some()) =>
            {
                let t = v.as_type().expect("type");
                return Ok(if t.is_heap_type() {
                    format!("<class '{}.{}'>", t.module(), t.qualname())
                } else {
                    match t.module() {
                        "builtins" => format!("<class '{}'>", t.name()),
                        m => format!("<class '{m}.{}'>", t.name()),
                    }
                });
            }
            Kind::Bytes => return Ok(tracelift_compiler::dis::bytes_repr(&v.bytes_like().expect("bytes"))),
            Kind::Array => {
                let a = v.as_array().expect("array");
                if a.is_empty() {
                    return Ok(format!("array('{}')", a.code as char));
                }
                let items = Value::list(a.values());
                return Ok(format!("array('{}', {})", a.code as char, self.repr(&items)?));
            }
            Kind::ByteArray => {
                return Ok(format!(
                    "bytearray({})",
                    tracelift_compiler::dis::bytes_repr(&v.bytes_like().expect("bytes"))
                ));
            }
            Kind::Singleton => {
                return Ok(if v.is_not_implemented() { "NotImplemented".into() } else { "Ellipsis".into() });
            }
            Kind::Iter => {
                if let Some(IterState::DictView { dict, what }) = v.as_iter().map(|i| i.state()) {
                    let (dict, what) = (dict.clone(), *what);
                    let d = dict.as_dict().expect("dict");
                    let items: Vec<Value> = match what {
                        DictPart::Keys => d.keys(),
                        DictPart::Values => d.values(),
                        DictPart::Items => d.items().into_iter().map(|(k, v)| Value::tuple(vec![k, v])).collect(),
                    };
                    let mut parts = Vec::new();
                    for it in &items {
                        parts.push(self.repr(it)?);
                    }
                    let name = match what {
                        DictPart::Keys => "dict_keys",
                        DictPart::Values => "dict_values",
                        DictPart::Items => "dict_items",
                    };
                    return Ok(format!("{}([{}])", name, parts.join(", ")));
                }
            }
            Kind::Exception
                if !ty.is_heap_type() || self.type_lookup(ty, "__repr__").is_none_or(|r| r.as_builtin().is_some()) =>
            {
                let args = v.as_exception().expect("exc").args().clone();
                let items = args.as_tuple().unwrap_or(&[]).to_vec();
                let inner = if items.len() == 1 {
                    self.repr(&items[0])?
                } else {
                    let mut parts = Vec::new();
                    for it in &items {
                        parts.push(self.repr(it)?);
                    }
                    parts.join(", ")
                };
                return Ok(format!("{}({})", ty.name(), inner));
            }
            _ => {}
        }
        if ty.is_heap_type()
            && let Some(s) = self.user_repr(v)?
        {
            return Ok(s);
        }
        if let Some(f) = v.as_function() {
            return Ok(format!("<function {} at {:#x}>", f.qualname.as_str().unwrap_or("?"), v.raw()));
        }
        if let Some(b) = v.as_builtin() {
            if !b.self_.is_null() {
                return Ok(format!(
                    "<built-in method {} of {} object at {:#x}>",
                    b.name,
                    b.self_.ty().name(),
                    b.self_.raw()
                ));
            }
            return Ok(format!("<built-in function {}>", b.name));
        }
        if let Some(m) = v.as_module() {
            return Ok(format!("<module '{}'>", m.name.as_str().unwrap_or("?")));
        }
        if let Some(bm) = v.as_bound() {
            let f = bm.func.clone();
            let s = bm.self_.clone();
            let fname = f.as_function().map(|f| f.qualname.as_str().unwrap_or("?").to_string()).unwrap_or_default();
            return Ok(format!("<bound method {} of {}>", fname, self.repr(&s)?));
        }
        if let Some(g) = v.as_generator() {
            let st = g.state();
            let what = if v.is_type(&crate::objects::COROUTINE_TYPE) { "coroutine" } else { "generator" };
            return Ok(format!("<{what} object {} at {:#x}>", st.code.co.qualname, v.raw()));
        }
        if let Some(m) = v.as_member() {
            return Ok(format!("<member '{}' of '{}' objects>", m.name.as_str().unwrap_or("?"), m.owner));
        }
        if v.is_type(&STATICMETHOD_TYPE) || v.is_type(&CLASSMETHOD_TYPE) || v.is_type(&PROPERTY_TYPE) {
            return Ok(format!("<{} object at {:#x}>", ty.name(), v.raw()));
        }
        let module = if ty.is_heap_type() { format!("{}.", ty.module()) } else { String::new() };
        Ok(format!("<{}{} object at {:#x}>", module, ty.name(), v.raw()))
    }

    fn container_repr(&mut self, v: &Value) -> PyResult<String> {
        if self.repr_stack.iter().any(|p| *p == v.raw()) {
            return Ok(match v.ty().kind {
                Kind::List => "[...]",
                Kind::Dict => "{...}",
                _ => "...",
            }
            .into());
        }
        if self.repr_stack.len() > 500 {
            return Err(PyErr::new(
                &tracelift_runtime::exc::RECURSION_ERROR,
                "maximum recursion depth exceeded while getting the repr of an object",
            ));
        }
        self.repr_stack.push(v.raw());
        let r = self.container_repr_inner(v);
        self.repr_stack.pop();
        r
    }

    fn container_repr_inner(&mut self, v: &Value) -> PyResult<String> {
        let join = |vm: &mut Vm, items: &[Value]| -> PyResult<String> {
            let mut out = String::new();
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&vm.repr(it)?);
            }
            Ok(out)
        };
        if let Some(l) = v.as_list() {
            let items = l.items().clone();
            return Ok(format!("[{}]", join(self, &items)?));
        }
        if let Some(t) = v.as_tuple() {
            let items = t.to_vec();
            if items.len() == 1 {
                return Ok(format!("({},)", self.repr(&items[0])?));
            }
            return Ok(format!("({})", join(self, &items)?));
        }
        if let Some(d) = v.as_dict() {
            let items = d.items();
            let mut out = String::from("{");
            for (i, (k, val)) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&self.repr(k)?);
                out.push_str(": ");
                out.push_str(&self.repr(val)?);
            }
            out.push('}');
            return Ok(out);
        }
        if let Some(s) = v.as_set() {
            let items = s.items();
            let frozen = s.is_frozen();
            if items.is_empty() {
                return Ok(if frozen { "frozenset()".into() } else { "set()".into() });
            }
            let inner = join(self, &items)?;
            return Ok(if frozen { format!("frozenset({{{inner}}})") } else { format!("{{{inner}}}") });
        }
        Ok(String::new())
    }

    /// `str(v)`
    pub fn str_of(&mut self, v: &Value) -> PyResult<String> {
        if self.sub_override(v)
            && let Some(r) = self.call_dunder_opt(v, "__str__", vec![])?
        {
            return r.as_str().map(|s| s.to_string()).ok_or_else(|| type_error("__str__ returned non-string"));
        }
        if let Some(s) = v.as_str() {
            return Ok(s.to_string());
        }
        let ty = v.ty();
        if ty.kind == Kind::Exception {
            if ty.is_heap_type()
                && let Some(r) = self.call_dunder_opt(v, "__str__", vec![])?
            {
                return r.as_str().map(|s| s.to_string()).ok_or_else(|| type_error("__str__ returned non-string"));
            }
            if let Some(s) = crate::syntax_error::syntax_str(v) {
                return Ok(s);
            }
            let args = v.as_exception().expect("exc").args().clone();
            let items = args.as_tuple().unwrap_or(&[]).to_vec();
            return match items.len() {
                0 => Ok(String::new()),
                1 if ty.is_subtype(&tracelift_runtime::exc::KEY_ERROR) => self.repr(&items[0]),
                // OSError(errno, strerror): CPython's OSError_str.
                2 if ty.is_subtype(&tracelift_runtime::exc::OS_ERROR) => {
                    Ok(format!("[Errno {}] {}", self.str_of(&items[0])?, self.str_of(&items[1])?))
                }
                1 => self.str_of(&items[0]),
                _ => self.repr(&args),
            };
        }
        if ty.is_heap_type()
            && !self.base_self.contains(&v.raw())
            && let Some(f) = self.type_lookup(ty, "__str__")
            && f.as_function().is_some()
        {
            let r = self.call_value(&f, vec![v.clone()], Vec::new())?;
            return match r.as_str() {
                Some(s) => Ok(s.to_string()),
                None => Err(type_error(format!("__str__ returned non-string (type {})", r.ty().name()))),
            };
        }
        self.repr(v)
    }

    /// `format(v, spec)`
    pub fn format_value(&mut self, v: &Value, spec: &str) -> PyResult<String> {
        if v.ty().is_heap_type()
            && let Some(f) = self.type_lookup(v.ty(), "__format__")
            && f.as_function().is_some()
        {
            let r = self.call_value(&f, vec![v.clone(), Value::str(spec)], Vec::new())?;
            return Ok(r.as_str().unwrap_or("").to_string());
        }
        if spec.is_empty() {
            return self.str_of(v);
        }
        let tname = v.ty().name().to_string();
        let fs = parse_format_spec(spec).map_err(|e| format_err(e, &tname))?;
        if let Some(f) = v.as_f64() {
            return format::format_float(f, &fs).map_err(|e| format_err(e, &tname));
        }
        if let Some(i) = v.to_bigint() {
            return format::format_int(&i, &fs).map_err(|e| format_err(e, &tname));
        }
        if let Some(s) = v.as_str() {
            return format::format_str(s, &fs).map_err(|e| format_err(e, &tname));
        }
        Err(type_error(format!("unsupported format string passed to {}.__format__", tname)))
    }

    /// `fmt % args`
    pub fn percent_format(&mut self, fmt: &str, args: &Value) -> PyResult<String> {
        let pieces = parse_percent(fmt).map_err(|e| format_err(e, "str"))?;
        // CPython's `PyMapping_Check(args) && !PyTuple_Check(args) && !PyUnicode_Check(args)`:
        // any object with `__getitem__` (a list, a range, a user class that defines it) counts
        // as the mapping, so leftover arguments are not an error (`'abc' % []` is `'abc'`).
        let dict_arg = !args.is_tuple()
            && !args.is_str()
            && (args.as_dict().is_some()
                || args.is_list()
                || args.as_range().is_some()
                || (args.ty().is_heap_type() && self.type_lookup(args.ty(), "__getitem__").is_some()));
        let items: Vec<Value> = match args.as_tuple() {
            Some(t) => t.to_vec(),
            None => vec![args.clone()],
        };
        let mut next = 0usize;
        let mut out = String::new();
        let take = |next: &mut usize| -> PyResult<Value> {
            let v = items.get(*next).cloned().ok_or_else(|| type_error("not enough arguments for format string"))?;
            *next += 1;
            Ok(v)
        };
        let mut used_key = false;
        for p in &pieces {
            match p {
                PercentPiece::Literal(s) => out.push_str(s),
                PercentPiece::Spec(spec) => {
                    let width = match spec.width {
                        Some(Count::Star) => {
                            let w = take(&mut next)?;
                            Some(self.index_of(&w)?)
                        }
                        Some(Count::Num(n)) => Some(n as i64),
                        None => None,
                    };
                    let prec = match spec.precision {
                        Some(Count::Star) => {
                            let w = take(&mut next)?;
                            Some(self.index_of(&w)?.max(0) as usize)
                        }
                        Some(Count::Num(n)) => Some(n),
                        None => None,
                    };
                    let mut spec = spec.clone();
                    let width = width.map(|w| {
                        if w < 0 {
                            spec.flags.left = true;
                        }
                        w.unsigned_abs() as usize
                    });
                    let arg = match &spec.key {
                        Some(k) => {
                            used_key = true;
                            if !dict_arg {
                                return Err(type_error("format requires a mapping"));
                            }
                            self.get_item(args, &Value::str(k))?
                        }
                        None => take(&mut next)?,
                    };
                    let s = match spec.conv {
                        's' => {
                            let s = self.str_of(&arg)?;
                            format::percent_str(&s, &spec, width, prec)
                        }
                        'r' => {
                            let s = self.repr(&arg)?;
                            format::percent_str(&s, &spec, width, prec)
                        }
                        'a' => {
                            let s = crate::builtins::ascii_of(&self.repr(&arg)?);
                            format::percent_str(&s, &spec, width, prec)
                        }
                        'c' => {
                            let s = if let Some(s) = arg.as_str().filter(|s| s.chars().count() == 1) {
                                s.to_string()
                            } else if let Some(i) = arg.as_i64().filter(|_| arg.is_int_or_bool()) {
                                char::from_u32(i as u32)
                                    .map(|c| c.to_string())
                                    .ok_or_else(|| PyErr::new(&OVERFLOW_ERROR, "%c arg not in range(0x110000)"))?
                            } else {
                                return Err(type_error("%c requires int or char"));
                            };
                            let mut sp = spec.clone();
                            sp.conv = 's';
                            format::percent_str(&s, &sp, width, None)
                        }
                        'd' | 'i' | 'u' | 'x' | 'X' | 'o' => {
                            let i = if let Some(f) = arg.as_f64() {
                                if matches!(spec.conv, 'x' | 'X' | 'o') {
                                    return Err(type_error(format!(
                                        "%{} format: an integer is required, not float",
                                        spec.conv
                                    )));
                                }
                                tracelift_runtime::floatops::float_to_bigint(f.trunc()).ok_or_else(|| {
                                    PyErr::new(&OVERFLOW_ERROR, "cannot convert float infinity to integer")
                                })?
                            } else if let Some(i) = arg.to_bigint() {
                                i
                            } else {
                                return Err(type_error(format!(
                                    "%{} format: {} is required, not {}",
                                    spec.conv,
                                    if matches!(spec.conv, 'x' | 'X' | 'o') { "an integer" } else { "a real number" },
                                    arg.ty().name()
                                )));
                            };
                            format::percent_int(&i, &spec, width, prec)
                        }
                        _ => {
                            let f = if let Some(f) = arg.as_f64() {
                                f
                            } else if let Some(i) = arg.to_bigint() {
                                tracelift_runtime::floatops::bigint_to_f64(&i)
                                    .ok_or_else(|| PyErr::new(&OVERFLOW_ERROR, "int too large to convert to float"))?
                            } else {
                                return Err(type_error(format!("must be real number, not {}", arg.ty().name())));
                            };
                            format::percent_float(f, &spec, width, prec)
                        }
                    };
                    out.push_str(&s.map_err(|e| format_err(e, "str"))?);
                }
            }
        }
        if !used_key && next < items.len() && !dict_arg {
            return Err(type_error("not all arguments converted during string formatting"));
        }
        Ok(out)
    }
}
