//! The `builtins` namespace: builtin functions, builtin types as constructors, exception
//! classes and constants.

use std::io::Write;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::os_error;
use tracelift_runtime::exc::{
    ALL_EXCEPTIONS, OVERFLOW_ERROR, PyErr, PyResult, STOP_ITERATION, new_exception, type_error, value_error,
};
use tracelift_runtime::floatops;
use tracelift_runtime::object::{
    ENUMERATE_TYPE, FILTER_TYPE, IterState, MAP_TYPE, REVERSED_TYPE, ZIP_TYPE, new_instance, new_iter,
};
use tracelift_runtime::set::new_set;
use tracelift_runtime::stdio;
use tracelift_runtime::types::{self as rt, Kind, TypeObject};
use tracelift_uops::opcode::BinaryOp;

use crate::Vm;
use crate::objects::{CLASSMETHOD_TYPE, NativeFn, PROPERTY_TYPE, STATICMETHOD_TYPE, VmValue, new_builtin, new_descr};

/// Checks the positional argument count, with CPython's wording.
pub fn check_args(name: &str, args: &[Value], min: usize, max: usize) -> PyResult<()> {
    let n = args.len();
    if n >= min && n <= max {
        return Ok(());
    }
    if min == max {
        if min == 1 {
            return Err(type_error(format!("{name}() takes exactly one argument ({n} given)")));
        }
        if min == 0 {
            return Err(type_error(format!("{name}() takes no arguments ({n} given)")));
        }
        return Err(type_error(format!("{name} expected {min} arguments, got {n}")));
    }
    if n < min {
        return Err(type_error(format!(
            "{} expected at least {} argument{}, got {}",
            name,
            min,
            if min == 1 { "" } else { "s" },
            n
        )));
    }
    Err(type_error(format!("{} expected at most {} argument{}, got {}", name, max, if max == 1 { "" } else { "s" }, n)))
}

/// Finds a keyword argument by name.
pub fn kwarg<'a>(kw: &'a [(Value, Value)], name: &str) -> Option<&'a Value> {
    kw.iter().find(|(k, _)| k.as_str() == Some(name)).map(|(_, v)| v)
}

/// Rejects keyword arguments other than `allowed`.
/// The messages are CPython 3.11's argument parser's (`vgetargskeywords`): the count first.
pub fn check_kw(fname: &str, kw: &[(Value, Value)], allowed: &[&str]) -> PyResult<()> {
    if kw.len() > allowed.len() {
        let (n, given) = (allowed.len(), kw.len());
        let s = if n == 1 { "" } else { "s" };
        return Err(type_error(format!("{fname}() takes at most {n} keyword argument{s} ({given} given)")));
    }
    for (k, _) in kw {
        let n = k.as_str().unwrap_or("");
        if !allowed.contains(&n) {
            return Err(type_error(format!("'{n}' is an invalid keyword argument for {fname}()")));
        }
    }
    Ok(())
}

/// Installs every builtin into `vm.builtins`.
pub fn install(vm: &mut Vm) {
    let d = vm.builtins.clone();
    let b = d.as_dict().expect("builtins dict");
    let funcs: &[(&'static str, NativeFn, bool)] = &[
        ("print", bi_print, true),
        ("len", bi_len, false),
        ("abs", bi_abs, false),
        ("min", bi_min, true),
        ("max", bi_max, true),
        ("sum", bi_sum, true),
        ("isinstance", bi_isinstance, false),
        ("issubclass", bi_issubclass, false),
        ("hasattr", bi_hasattr, false),
        ("getattr", bi_getattr, false),
        ("setattr", bi_setattr, false),
        ("delattr", bi_delattr, false),
        ("sorted", bi_sorted, true),
        ("chr", bi_chr, false),
        ("ord", bi_ord, false),
        ("round", bi_round, true),
        ("divmod", bi_divmod, false),
        ("pow", bi_pow, true),
        ("repr", bi_repr, false),
        ("ascii", bi_ascii, false),
        ("hash", bi_hash, false),
        ("iter", bi_iter, false),
        ("next", bi_next, false),
        ("any", bi_any, false),
        ("all", bi_all, false),
        ("id", bi_id, false),
        ("callable", bi_callable, false),
        ("format", bi_format, false),
        ("hex", bi_hex, false),
        ("oct", bi_oct, false),
        ("bin", bi_bin, false),
        ("globals", bi_globals, false),
        ("locals", bi_locals, false),
        ("vars", bi_vars, false),
        ("dir", bi_dir, false),
        ("__build_class__", bi_build_class, true),
        ("__import__", bi_import, true),
        ("input", bi_input, false),
    ];
    for (name, f, kw) in funcs {
        b.set_str(name, new_builtin(name, *f, *kw));
    }
    let types: &[&'static TypeObject] = &[
        &rt::OBJECT_TYPE,
        &rt::TYPE_TYPE,
        &rt::INT_TYPE,
        &rt::BOOL_TYPE,
        &rt::FLOAT_TYPE,
        &rt::STR_TYPE,
        &tracelift_runtime::bytes::BYTES_TYPE,
        &tracelift_runtime::bytes::BYTEARRAY_TYPE,
        &rt::TUPLE_TYPE,
        &rt::LIST_TYPE,
        &rt::DICT_TYPE,
        &rt::SET_TYPE,
        &rt::FROZENSET_TYPE,
        &rt::RANGE_TYPE,
        &rt::SLICE_TYPE,
        &ENUMERATE_TYPE,
        &ZIP_TYPE,
        &MAP_TYPE,
        &FILTER_TYPE,
        &REVERSED_TYPE,
        &STATICMETHOD_TYPE,
        &CLASSMETHOD_TYPE,
        &PROPERTY_TYPE,
        &crate::objects::SUPER_TYPE,
    ];
    for t in types {
        b.set_str(t.name(), t.to_value());
    }
    for t in ALL_EXCEPTIONS {
        b.set_str(t.name(), t.to_value());
    }
    b.set_str("None", Value::none());
    b.set_str("Ellipsis", Value::ellipsis());
    b.set_str("NotImplemented", Value::not_implemented());
    b.set_str("__name__", Value::str("builtins"));
}

fn bi_print(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("print", kw, &["sep", "end", "file", "flush"])?;
    // A str subclass is written as its `str()` (CPython's `PyFile_WriteObject`, raw).
    let mut text_arg = |name: &str, default: &str| -> PyResult<String> {
        match kwarg(kw, name) {
            Some(v) if !v.is_none() => {
                if v.as_str().is_none() {
                    return Err(type_error(format!("{name} must be None or a string, not {}", v.ty().name())));
                }
                vm.str_of(v)
            }
            _ => Ok(default.to_string()),
        }
    };
    let sep = text_arg("sep", " ")?;
    let end = text_arg("end", "\n")?;
    // Any other file object gets each piece through its `write`, as CPython's print does.
    if let Some(f) = kwarg(kw, "file").filter(|f| !f.is_none() && !is_std_stream(f)) {
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                vm.call_method(f, "write", vec![Value::str(&sep)])?;
            }
            let text = if a.is_str() { a.clone() } else { Value::str(&vm.str_of(a)?) };
            vm.call_method(f, "write", vec![text])?;
        }
        vm.call_method(f, "write", vec![Value::str(&end)])?;
        if kwarg(kw, "flush").is_some_and(|f| f.is_true()) {
            vm.call_method(f, "flush", vec![])?;
        }
        return Ok(Value::none());
    }
    let to_stderr = kwarg(kw, "file").is_some_and(is_stderr);
    let mut s = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            s.push_str(&sep);
        }
        if a.is_str() {
            s.push_str(a.as_str().expect("a str"));
        } else {
            s.push_str(&vm.str_of(a)?);
        }
    }
    s.push_str(&end);
    if to_stderr {
        stdio::flush_quiet();
        let _ = std::io::stderr().write_all(s.as_bytes());
    } else {
        stdio::write(s.as_bytes()).map_err(|e| os_error(&e))?;
        if kwarg(kw, "flush").is_some_and(|f| f.is_true()) {
            stdio::flush().map_err(|e| os_error(&e))?;
        }
    }
    Ok(Value::none())
}

fn is_stderr(f: &Value) -> bool {
    f.as_module().is_some_and(|m| m.name.as_str() == Some("stderr"))
}

/// `sys.stdout` or `sys.stderr` (module-like stand-ins that print writes directly).
fn is_std_stream(f: &Value) -> bool {
    f.as_module().is_some_and(|m| matches!(m.name.as_str(), Some("stdout" | "stderr")))
}

fn bi_len(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("len", args, 1, 1)?;
    Ok(Value::int(vm.len(&args[0])? as i64))
}

fn bi_abs(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("abs", args, 1, 1)?;
    let v = &args[0];
    if let Some(f) = v.as_f64() {
        return Ok(Value::float(f.abs()));
    }
    if let Some(i) = v.to_bigint() {
        return Ok(Value::from_bigint(i.abs()));
    }
    if let Some(r) = vm.call_dunder_opt(v, "__abs__", vec![])? {
        return Ok(r);
    }
    Err(type_error(format!("bad operand type for abs(): '{}'", v.ty().name())))
}

fn min_max(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)], name: &str, want_less: bool) -> PyResult<Value> {
    check_kw(name, kw, &["key", "default"])?;
    let key = kwarg(kw, "key").filter(|k| !k.is_none()).cloned();
    let default = kwarg(kw, "default").cloned();
    let items = match args.len() {
        0 => return Err(type_error(format!("{name} expected at least 1 argument, got 0"))),
        1 => vm.collect_iterable(&args[0])?,
        _ => {
            if default.is_some() {
                return Err(type_error(format!(
                    "Cannot specify a default for {name}() with multiple positional arguments"
                )));
            }
            args.to_vec()
        }
    };
    // The first item whose key no later one beats.
    let better = |vm: &mut Vm, k: &Value, bk: &Value| if want_less { vm.lt_bool(k, bk) } else { vm.lt_bool(bk, k) };
    let best = match key {
        None => {
            let mut best: Option<Value> = None;
            for it in items {
                best = Some(match best {
                    Some(b) if !better(vm, &it, &b)? => b,
                    _ => it,
                });
            }
            best
        }
        Some(f) => {
            let mut best: Option<(Value, Value)> = None;
            for it in items {
                let k = vm.call_value(&f, vec![it.clone()], Vec::new())?;
                best = Some(match best {
                    Some((bk, bv)) if !better(vm, &k, &bk)? => (bk, bv),
                    _ => (k, it),
                });
            }
            best.map(|(_, v)| v)
        }
    };
    best.or(default).ok_or_else(|| value_error(format!("{name}() arg is an empty sequence")))
}

fn bi_min(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    min_max(vm, args, kw, "min", true)
}

fn bi_max(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    min_max(vm, args, kw, "max", false)
}

fn bi_sum(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("sum", kw, &["start"])?;
    check_args("sum", args, 1, 2)?;
    let mut acc = args.get(1).cloned().or_else(|| kwarg(kw, "start").cloned()).unwrap_or_else(|| Value::int(0));
    if acc.is_str() {
        return Err(type_error("sum() can't sum strings [use ''.join(seq) instead]"));
    }
    let it = vm.get_iter(&args[0])?;
    while let Some(v) = vm.iter_next(&it)? {
        if acc.is_small()
            && v.is_small()
            && let Some(r) = acc.small_value().checked_add(v.small_value())
        {
            acc = Value::int(r);
            continue;
        }
        acc = vm.binary_op(BinaryOp::Add, &acc, &v, false)?;
    }
    Ok(acc)
}

pub(crate) fn class_check(obj_ty: &TypeObject, cls: &Value, fname: &str) -> PyResult<bool> {
    if let Some(items) = cls.as_tuple() {
        for c in items {
            if class_check(obj_ty, c, fname)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    match cls.as_type() {
        Some(t) => Ok(obj_ty.is_subtype(t)),
        None => Err(type_error(format!("{fname}() arg 2 must be a type, a tuple of types, or a union"))),
    }
}

fn bi_isinstance(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("isinstance", args, 2, 2)?;
    Ok(Value::bool(vm.meta_check(&args[0], &args[1], true)?))
}

fn bi_issubclass(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("issubclass", args, 2, 2)?;
    Ok(Value::bool(vm.meta_check(&args[0], &args[1], false)?))
}

fn attr_name(v: &Value) -> PyResult<Value> {
    match tracelift_runtime::str::intern_value(v) {
        Some(n) => Ok(n),
        None => Err(type_error(format!("attribute name must be string, not '{}'", v.ty().name()))),
    }
}

fn bi_hasattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("hasattr", args, 2, 2)?;
    let n = attr_name(&args[1])?;
    match vm.get_attr_opt(&args[0], &n) {
        Ok(v) => Ok(Value::bool(v.is_some())),
        Err(e) if e.matches(&tracelift_runtime::exc::ATTRIBUTE_ERROR) => Ok(Value::bool(false)),
        Err(e) => Err(e),
    }
}

fn bi_getattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("getattr", args, 2, 3)?;
    let n = attr_name(&args[1])?;
    if args.len() == 2 {
        return vm.get_attr(&args[0], &n);
    }
    match vm.get_attr_opt(&args[0], &n) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Ok(args[2].clone()),
        Err(e) if e.matches(&tracelift_runtime::exc::ATTRIBUTE_ERROR) => Ok(args[2].clone()),
        Err(e) => Err(e),
    }
}

fn bi_setattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("setattr", args, 3, 3)?;
    let n = attr_name(&args[1])?;
    vm.set_attr(&args[0], &n, args[2].clone())?;
    Ok(Value::none())
}

fn bi_delattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("delattr", args, 2, 2)?;
    let n = attr_name(&args[1])?;
    vm.del_attr(&args[0], &n)?;
    Ok(Value::none())
}

/// Stable merge sort with a fallible `<`, as `list.sort` (CPython's sort is stable too).
pub fn sort_values(vm: &mut Vm, items: Vec<Value>, key: Option<&Value>, reverse: bool) -> PyResult<Vec<Value>> {
    let keys = match key {
        Some(k) if !k.is_none() => {
            let mut ks = Vec::with_capacity(items.len());
            for it in &items {
                ks.push(vm.call_value(k, vec![it.clone()], Vec::new())?);
            }
            ks
        }
        _ => items.clone(),
    };
    let mut idx: Vec<usize> = (0..items.len()).collect();
    if reverse {
        idx.reverse();
    }
    let mut err: Option<PyErr> = None;
    // Merge sort on indices so that comparison errors can be reported.
    let mut buf = idx.clone();
    merge_sort(vm, &keys, &mut idx, &mut buf, &mut err);
    if let Some(e) = err {
        return Err(e);
    }
    if reverse {
        idx.reverse();
    }
    let mut slots: Vec<Option<Value>> = items.into_iter().map(Some).collect();
    Ok(idx.into_iter().map(|i| slots[i].take().expect("each index once")).collect())
}

fn merge_sort(vm: &mut Vm, keys: &[Value], v: &mut [usize], buf: &mut [usize], err: &mut Option<PyErr>) {
    let n = v.len();
    if n <= 1 || err.is_some() {
        return;
    }
    if n <= 12 {
        // Insertion sort.
        for i in 1..n {
            let mut j = i;
            while j > 0 {
                match vm.lt_bool(&keys[v[j]], &keys[v[j - 1]]) {
                    Ok(true) => {
                        v.swap(j, j - 1);
                        j -= 1;
                    }
                    Ok(false) => break,
                    Err(e) => {
                        *err = Some(e);
                        return;
                    }
                }
            }
        }
        return;
    }
    let mid = n / 2;
    {
        let (a, b) = v.split_at_mut(mid);
        let (ba, bb) = buf.split_at_mut(mid);
        merge_sort(vm, keys, a, ba, err);
        merge_sort(vm, keys, b, bb, err);
    }
    if err.is_some() {
        return;
    }
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < mid && j < n {
        match vm.lt_bool(&keys[v[j]], &keys[v[i]]) {
            Ok(true) => {
                buf[k] = v[j];
                j += 1;
            }
            Ok(false) => {
                buf[k] = v[i];
                i += 1;
            }
            Err(e) => {
                *err = Some(e);
                return;
            }
        }
        k += 1;
    }
    while i < mid {
        buf[k] = v[i];
        i += 1;
        k += 1;
    }
    while j < n {
        buf[k] = v[j];
        j += 1;
        k += 1;
    }
    v.copy_from_slice(&buf[..n]);
}

fn bi_sorted(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("sort", kw, &["key", "reverse"])?;
    if args.len() != 1 {
        return Err(type_error(format!("sorted expected 1 argument, got {}", args.len())));
    }
    let items = vm.collect_iterable(&args[0])?;
    let reverse = match kwarg(kw, "reverse") {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    let sorted = sort_values(vm, items, kwarg(kw, "key"), reverse)?;
    Ok(Value::list(sorted))
}

fn bi_chr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("chr", args, 1, 1)?;
    let i = vm.index_of(&args[0])?;
    match u32::try_from(i).ok().and_then(char::from_u32) {
        Some(c) => Ok(Value::string(c.to_string())),
        None => Err(value_error("chr() arg not in range(0x110000)")),
    }
}

fn bi_ord(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("ord", args, 1, 1)?;
    let Some(s) = args[0].as_str() else {
        return Err(type_error(format!("ord() expected string of length 1, but {} found", args[0].ty().name())));
    };
    let mut cs = s.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => Ok(Value::int(c as i64)),
        _ => Err(type_error(format!("ord() expected a character, but string of length {} found", s.chars().count()))),
    }
}

fn bi_round(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("round", kw, &["ndigits"])?;
    check_args("round", args, 1, 2)?;
    let nd = args.get(1).cloned().or_else(|| kwarg(kw, "ndigits").cloned()).filter(|v| !v.is_none());
    let x = &args[0];
    if let Some(f) = x.as_f64() {
        return match nd {
            None => {
                if f.is_nan() {
                    return Err(value_error("cannot convert float NaN to integer"));
                }
                if f.is_infinite() {
                    return Err(PyErr::new(&OVERFLOW_ERROR, "cannot convert float infinity to integer"));
                }
                let r = floatops::float_round_to_int(f);
                Ok(Value::from_bigint(floatops::float_to_bigint(r).unwrap_or_default()))
            }
            Some(n) => {
                let n = vm.index_of(&n)?;
                floatops::float_round(f, n).map(Value::float).map_err(crate::ops::float_err)
            }
        };
    }
    if let Some(i) = x.to_bigint() {
        return match nd {
            None => Ok(Value::from_bigint(i)),
            Some(n) => {
                let n = vm.index_of(&n)?;
                if n >= 0 {
                    return Ok(Value::from_bigint(i));
                }
                let p = num_traits::pow::Pow::pow(BigInt::from(10), (-n) as u32);
                let (q, r) = num_integer::Integer::div_mod_floor(&i, &p);
                let twice = &r * 2;
                let q = if twice > p || (twice == p && num_integer::Integer::is_odd(&q)) { q + 1 } else { q };
                Ok(Value::from_bigint(q * p))
            }
        };
    }
    if let Some(r) = vm.call_dunder_opt(x, "__round__", args[1..].to_vec())? {
        return Ok(r);
    }
    Err(type_error(format!("type {} doesn't define __round__ method", x.ty().name())))
}

fn bi_divmod(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("divmod", args, 2, 2)?;
    let (a, b) = (&args[0], &args[1]);
    if let (Some(x), Some(y)) = (a.to_bigint().filter(|_| !a.is_float()), b.to_bigint().filter(|_| !b.is_float())) {
        if y.is_zero() {
            return Err(tracelift_runtime::exc::zero_division("integer division or modulo by zero"));
        }
        let (q, r) = tracelift_runtime::int::div_mod_floor(&x, &y);
        return Ok(Value::tuple(vec![Value::from_bigint(q), Value::from_bigint(r)]));
    }
    let fx = as_float(a);
    let fy = as_float(b);
    if let (Some(x), Some(y)) = (fx, fy) {
        return match floatops::float_divmod(x?, y?) {
            Some((q, r)) => Ok(Value::tuple(vec![Value::float(q), Value::float(r)])),
            None => Err(tracelift_runtime::exc::zero_division("float divmod()")),
        };
    }
    if let Some(r) = vm.call_dunder_opt(a, "__divmod__", vec![b.clone()])? {
        return Ok(r);
    }
    Err(type_error(format!("unsupported operand type(s) for divmod(): '{}' and '{}'", a.ty().name(), b.ty().name())))
}

/// A number as f64 (None if not a number; Err on overflow).
pub fn as_float(v: &Value) -> Option<PyResult<f64>> {
    if let Some(f) = v.as_f64() {
        return Some(Ok(f));
    }
    v.to_bigint().map(|i| {
        floatops::bigint_to_f64(&i).ok_or_else(|| PyErr::new(&OVERFLOW_ERROR, "int too large to convert to float"))
    })
}

fn bi_pow(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("pow", kw, &["base", "exp", "mod"])?;
    check_args("pow", args, 2, 3)?;
    if args.len() == 3 && !args[2].is_none() {
        let (Some(b), Some(e), Some(m)) = (args[0].to_bigint(), args[1].to_bigint(), args[2].to_bigint()) else {
            return Err(type_error("pow() 3rd argument not allowed unless all arguments are integers"));
        };
        if m.is_zero() {
            return Err(value_error("pow() 3rd argument cannot be 0"));
        }
        let r = if e.is_negative() {
            let inv = mod_inverse(&b, &m).ok_or_else(|| value_error("base is not invertible for the given modulus"))?;
            inv.modpow(&(-e), &m.abs())
        } else {
            b.modpow(&e, &m.abs())
        };
        let r = num_integer::Integer::mod_floor(&r, &m);
        return Ok(Value::from_bigint(r));
    }
    vm.binary_op(BinaryOp::Power, &args[0], &args[1], false)
}

fn mod_inverse(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let m = m.abs();
    let g = num_integer::Integer::extended_gcd(&num_integer::Integer::mod_floor(a, &m), &m);
    if g.gcd != BigInt::from(1) {
        return None;
    }
    Some(num_integer::Integer::mod_floor(&g.x, &m))
}

fn bi_repr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("repr", args, 1, 1)?;
    Ok(Value::string(vm.repr(&args[0])?))
}

fn bi_ascii(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("ascii", args, 1, 1)?;
    let r = vm.repr(&args[0])?;
    Ok(Value::string(ascii_of(&r)))
}

/// `ascii()` of a repr: non-ASCII characters become `\x`, `\u` or `\U` escapes.
pub fn ascii_of(r: &str) -> String {
    let mut out = String::new();
    for c in r.chars() {
        if c.is_ascii() {
            out.push(c);
        } else if (c as u32) < 0x100 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else if (c as u32) < 0x10000 {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push_str(&format!("\\U{:08x}", c as u32));
        }
    }
    out
}

fn bi_hash(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("hash", args, 1, 1)?;
    Ok(Value::int(vm.hash(&args[0])?))
}

fn bi_iter(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("iter", args, 1, 2)?;
    if args.len() == 2 {
        if !vm.is_callable(&args[0]) {
            return Err(type_error("iter(v, w): v must be callable"));
        }
        return Ok(vm.callable_iter(args[0].clone(), args[1].clone()));
    }
    vm.get_iter(&args[0])
}

fn bi_next(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("next", args, 1, 2)?;
    let it = &args[0];
    if it.as_iter().is_none() && !it.is_type(&crate::objects::GENERATOR_TYPE) && !it.ty().is_heap_type() {
        return Err(type_error(format!("'{}' object is not an iterator", it.ty().name())));
    }
    if it.as_generator().is_some() {
        return match vm.gen_resume(it, Value::none())? {
            Ok(v) => Ok(v),
            Err(r) => match args.get(1) {
                Some(d) => Ok(d.clone()),
                None => Err(PyErr::with_args(&STOP_ITERATION, if r.is_none() { vec![] } else { vec![r] })),
            },
        };
    }
    match vm.iter_next(it)? {
        Some(v) => Ok(v),
        None => match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(PyErr::bare(&STOP_ITERATION)),
        },
    }
}

fn bi_any(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("any", args, 1, 1)?;
    let it = vm.get_iter(&args[0])?;
    while let Some(v) = vm.iter_next(&it)? {
        if vm.truthy(&v)? {
            return Ok(Value::bool(true));
        }
    }
    Ok(Value::bool(false))
}

fn bi_all(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("all", args, 1, 1)?;
    let it = vm.get_iter(&args[0])?;
    while let Some(v) = vm.iter_next(&it)? {
        if !vm.truthy(&v)? {
            return Ok(Value::bool(false));
        }
    }
    Ok(Value::bool(true))
}

fn bi_id(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("id", args, 1, 1)?;
    let v = &args[0];
    let raw = v.raw();
    if !v.is_small() {
        // An object's address: even, below 2^48.
        return Ok(Value::int128(raw as i128));
    }
    // A small int's word is odd, so taken below 2^48 it is no object's address; for values
    // within ±2^46 that keeps them distinct from each other and the id a small int (no
    // bigint to make and hash, as `copy.deepcopy`'s memo of `id(1)` used to).
    if (-(1i64 << 46)..1i64 << 46).contains(&v.small_value()) {
        return Ok(Value::small((raw & ((1 << 48) - 1)) as i64));
    }
    // The rest (and only they) above 2^64.
    Ok(Value::int128((raw as i128) | (1 << 64)))
}

fn bi_callable(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("callable", args, 1, 1)?;
    Ok(Value::bool(vm.is_callable(&args[0])))
}

impl Vm {
    /// `callable(v)`: functions, builtins, bound methods, classes, and instances of classes
    /// that define `__call__`.
    pub fn is_callable(&mut self, v: &Value) -> bool {
        v.as_function().is_some()
            || v.as_builtin().is_some()
            || v.as_bound().is_some()
            || v.as_type().is_some()
            || (v.ty().is_heap_type() && self.type_lookup(v.ty(), "__call__").is_some())
    }
}

/// A type name as CPython's argument errors print it: `None` for None itself.
fn type_name_or_none(v: &Value) -> &str {
    if v.is_none() { "None" } else { v.ty().name() }
}

fn bi_format(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("format", args, 1, 2)?;
    let spec = match args.get(1) {
        None => String::new(),
        Some(s) => match s.as_str() {
            Some(s) => s.to_string(),
            None => return Err(type_error(format!("format() argument 2 must be str, not {}", type_name_or_none(s)))),
        },
    };
    Ok(Value::string(vm.format_value(&args[0], &spec)?))
}

fn radix(vm: &mut Vm, args: &[Value], name: &str, prefix: &str, base: u32) -> PyResult<Value> {
    check_args(name, args, 1, 1)?;
    let i = match args[0].to_bigint().filter(|_| !args[0].is_float()) {
        Some(i) => i,
        None => BigInt::from(vm.index_of(&args[0])?),
    };
    let digits = i.abs().to_str_radix(base);
    Ok(Value::string(format!("{}{}{}", if i.is_negative() { "-" } else { "" }, prefix, digits)))
}

fn bi_hex(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    radix(vm, args, "hex", "0x", 16)
}
fn bi_oct(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    radix(vm, args, "oct", "0o", 8)
}
fn bi_bin(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    radix(vm, args, "bin", "0b", 2)
}

fn bi_globals(vm: &mut Vm, _args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(vm.frames.last().map(|f| f.globals.clone()).unwrap_or_else(new_dict))
}

fn bi_locals(vm: &mut Vm, _args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let Some(f) = vm.frames.last() else { return Ok(new_dict()) };
    if !f.locals.is_null() {
        return Ok(f.locals.clone());
    }
    let d = new_dict();
    let code = f.code.clone();
    let base = f.base;
    for (i, name) in code.localsplus_names.iter().enumerate() {
        let mut v = vm.stack[base + i].clone();
        if let Some(c) = v.as_cell() {
            v = c.slot().clone();
        }
        if !v.is_null() {
            d.as_dict().expect("dict").set(name.clone(), v)?;
        }
    }
    Ok(d)
}

fn bi_vars(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    if args.is_empty() {
        return bi_locals(vm, args, kw);
    }
    match vm.instance_dict(&args[0]) {
        Some(d) => Ok(d),
        None => {
            if let Some(m) = args[0].as_module() {
                return Ok(m.dict.clone());
            }
            if let Some(t) = args[0].as_type()
                && t.is_heap_type()
            {
                return Ok(t.dict().clone());
            }
            Err(type_error("vars() argument must have __dict__ attribute"))
        }
    }
}

fn bi_dir(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("dir", args, 0, 1)?;
    let mut names: Vec<String> = Vec::new();
    if args.is_empty() {
        let l = bi_locals(vm, args, &[])?;
        names.extend(l.as_dict().expect("dict").keys().iter().filter_map(|k| k.as_str().map(String::from)));
    }
    if let Some(o) = args.first() {
        if let Some(d) = vm.instance_dict(o) {
            names.extend(d.as_dict().expect("dict").keys().iter().filter_map(|k| k.as_str().map(String::from)));
        }
        if let Some(m) = o.as_module() {
            names.extend(m.dict.as_dict().expect("dict").keys().iter().filter_map(|k| k.as_str().map(String::from)));
        }
        for ty in o.as_type().unwrap_or(o.ty()).mro() {
            if ty.is_heap_type() {
                names.extend(
                    ty.dict().as_dict().expect("dict").keys().iter().filter_map(|k| k.as_str().map(String::from)),
                );
            }
        }
    }
    names.sort();
    names.dedup();
    Ok(Value::list(names.into_iter().map(Value::string).collect()))
}

fn bi_build_class(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    vm.build_class(args, kw)
}

fn bi_import(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("__import__", args, 1, 5)?;
    let name = args[0].as_str().ok_or_else(|| type_error("__import__() argument 1 must be str"))?.to_string();
    vm.import_module(&name, &Value::none())
}

fn bi_input(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    check_args("input", args, 0, 1)?;
    if let Some(p) = args.first() {
        let s = vm.str_of(p)?;
        stdio::write(s.as_bytes()).map_err(|e| os_error(&e))?;
    }
    stdio::flush().map_err(|e| os_error(&e))?;
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line) {
        Ok(0) => Err(PyErr::new(&tracelift_runtime::exc::EOF_ERROR, "EOF when reading a line")),
        Ok(_) => {
            if line.ends_with('\n') {
                line.pop();
            }
            Ok(Value::string(line))
        }
        Err(e) => Err(os_error(&e)),
    }
}

impl Vm {
    /// `str(object='')` or `str(object=b'', encoding='utf-8', errors='strict')`.
    fn make_str(&mut self, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
        if args.len() > 3 {
            return Err(type_error(format!("str() takes at most 3 arguments ({} given)", args.len())));
        }
        let mut slots: [Option<Value>; 3] = [args.first().cloned(), args.get(1).cloned(), args.get(2).cloned()];
        for (k, v) in kw {
            let k = k.as_str().unwrap_or("");
            let Some(i) = ["object", "encoding", "errors"].iter().position(|n| *n == k) else {
                return Err(type_error(format!("'{k}' is an invalid keyword argument for str()")));
            };
            if slots[i].is_some() {
                return Err(type_error(format!("argument for str() given by name ('{k}') and position ({})", i + 1)));
            }
            slots[i] = Some(v.clone());
        }
        let [obj, enc, errors] = slots;
        if enc.is_none() && errors.is_none() {
            return Ok(match obj {
                Some(v) => Value::string(self.str_of(&v)?),
                None => Value::str(""),
            });
        }
        let text = |v: &Option<Value>, what: &str, default: &str| -> PyResult<String> {
            match v {
                None => Ok(default.into()),
                Some(v) => v
                    .as_str()
                    .map(str::to_string)
                    .ok_or_else(|| type_error(format!("str() argument '{what}' must be str, not {}", v.ty().name()))),
            }
        };
        let (enc, errors) = (text(&enc, "encoding", "utf-8")?, text(&errors, "errors", "strict")?);
        let Some(obj) = obj else { return Ok(Value::str("")) };
        if obj.as_str().is_some() {
            return Err(type_error("decoding str is not supported"));
        }
        let Some(b) = obj.bytes_like() else {
            return Err(type_error(format!("decoding to str: need a bytes-like object, {} found", obj.ty().name())));
        };
        crate::methods::bytes::decode(&b, &enc, &errors).map(Value::string)
    }

    /// Calls a builtin type as a constructor: `int("12")`, `list(x)`, `range(3)` ...
    pub fn builtin_construct(&mut self, t: &TypeObject, args: Vec<Value>, kw: Vec<(Value, Value)>) -> PyResult<Value> {
        let name = t.name();
        let ty_ptr = t as *const TypeObject;
        let is = |s: &TypeObject| std::ptr::eq(ty_ptr, s);
        if t.kind == Kind::Exception {
            return Ok(new_exception(t, args));
        }
        let takes_kw = is(&rt::DICT_TYPE)
            || is(&rt::INT_TYPE)
            || is(&rt::STR_TYPE)
            || is(&ENUMERATE_TYPE)
            || is(&PROPERTY_TYPE)
            || is(&ZIP_TYPE)
            || is(&rt::TYPE_TYPE)
            || crate::methods::bytes::is_bytes_type(t);
        if !kw.is_empty() && !takes_kw {
            return Err(type_error(format!("{}() takes no keyword arguments", t.tp_name())));
        }
        match t.kind {
            Kind::Instance => {
                if !args.is_empty() {
                    return Err(type_error("object() takes no arguments"));
                }
                Ok(new_instance(t))
            }
            Kind::Int => self.make_int(&args, &kw),
            Kind::Bool => {
                check_args("bool", &args, 0, 1)?;
                Ok(Value::bool(match args.first() {
                    Some(v) => self.truthy(v)?,
                    None => false,
                }))
            }
            Kind::Float => {
                check_args("float", &args, 0, 1)?;
                let Some(v) = args.first() else { return Ok(Value::float(0.0)) };
                if let Some(f) = v.as_f64() {
                    return Ok(Value::float(f));
                }
                if let Some(r) = as_float(v) {
                    return Ok(Value::float(r?));
                }
                if let Some(s) = v.as_str() {
                    return floatops::parse_float(s).map(Value::float).ok_or_else(|| {
                        value_error(format!("could not convert string to float: {}", crate::repr::str_repr(s)))
                    });
                }
                if let Some(r) = self.call_dunder_opt(v, "__float__", vec![])? {
                    return Ok(r);
                }
                Err(type_error(format!("float() argument must be a string or a real number, not '{}'", v.ty().name())))
            }
            Kind::Str => self.make_str(&args, &kw),
            Kind::Tuple => {
                check_args("tuple", &args, 0, 1)?;
                match args.first() {
                    Some(v) if v.is_tuple() => Ok(v.clone()),
                    Some(v) => Ok(Value::tuple(self.collect_iterable(v)?)),
                    None => Ok(Value::tuple(Vec::new())),
                }
            }
            Kind::List => {
                check_args("list", &args, 0, 1)?;
                match args.first() {
                    Some(v) => Ok(Value::list(self.collect_iterable(v)?)),
                    None => Ok(Value::list(Vec::new())),
                }
            }
            Kind::Dict => {
                check_args("dict", &args, 0, 1)?;
                let d = new_dict();
                if let Some(m) = args.first() {
                    self.dict_update(&d, m)?;
                }
                for (k, v) in kw {
                    d.as_dict().expect("dict").set(k, v)?;
                }
                Ok(d)
            }
            Kind::Set | Kind::FrozenSet => {
                check_args(name, &args, 0, 1)?;
                let s = new_set(t.kind == Kind::FrozenSet);
                if let Some(v) = args.first() {
                    self.set_update(&s, v)?;
                }
                Ok(s)
            }
            Kind::Range => {
                check_args("range", &args, 1, 3)?;
                let mut n = Vec::new();
                if args.iter().any(|a| a.as_big().is_some()) {
                    let mut b = Vec::new();
                    for a in &args {
                        b.push(a.to_bigint().ok_or_else(|| {
                            type_error(format!("'{}' object cannot be interpreted as an integer", a.ty().name()))
                        })?);
                    }
                    let (start, stop, step) = match b.len() {
                        1 => (BigInt::zero(), b[0].clone(), BigInt::from(1)),
                        2 => (b[0].clone(), b[1].clone(), BigInt::from(1)),
                        _ => (b[0].clone(), b[1].clone(), b[2].clone()),
                    };
                    if step.is_zero() {
                        return Err(value_error("range() arg 3 must not be zero"));
                    }
                    return Ok(Value::big_range(start, stop, step));
                }
                for a in &args {
                    n.push(self.index_of(a)?);
                }
                let (start, stop, step) = match n.len() {
                    1 => (0, n[0], 1),
                    2 => (n[0], n[1], 1),
                    _ => (n[0], n[1], n[2]),
                };
                if step == 0 {
                    return Err(value_error("range() arg 3 must not be zero"));
                }
                Ok(Value::range(start, stop, step))
            }
            Kind::Slice => {
                check_args("slice", &args, 1, 3)?;
                let mut a = args.clone();
                if a.len() == 1 {
                    a.insert(0, Value::none());
                }
                while a.len() < 3 {
                    a.push(Value::none());
                }
                let mut it = a.into_iter();
                Ok(Value::slice(it.next().expect("a"), it.next().expect("b"), it.next().expect("c")))
            }
            Kind::Type => self.type_new(t, &args, &kw),
            Kind::Bytes | Kind::ByteArray => self.make_bytes(t, &args, &kw),
            Kind::Array => self.make_array(&args),
            Kind::Iter => {
                if is(&ENUMERATE_TYPE) {
                    check_args("enumerate", &args, 1, 2)?;
                    // `start` first, as CPython's enum_new.
                    let start = match args.get(1).or_else(|| kwarg(&kw, "start")) {
                        Some(s) => self.index_value(s)?,
                        None => Value::int(0),
                    };
                    let it = self.get_iter(&args[0])?;
                    return Ok(new_iter(&ENUMERATE_TYPE, IterState::Enumerate { it, count: start }));
                }
                if is(&ZIP_TYPE) {
                    check_kw("zip", &kw, &["strict"])?;
                    let strict = match kwarg(&kw, "strict") {
                        Some(v) => self.truthy(v)?,
                        None => false,
                    };
                    let mut its = Vec::new();
                    for a in &args {
                        its.push(self.get_iter(a)?);
                    }
                    return Ok(new_iter(&ZIP_TYPE, IterState::Zip { its, strict }));
                }
                if is(&MAP_TYPE) {
                    if args.len() < 2 {
                        return Err(type_error("map() must have at least two arguments."));
                    }
                    let mut its = Vec::new();
                    for a in &args[1..] {
                        its.push(self.get_iter(a)?);
                    }
                    return Ok(new_iter(&MAP_TYPE, IterState::Map { func: args[0].clone(), its }));
                }
                if is(&FILTER_TYPE) {
                    check_args("filter", &args, 2, 2)?;
                    let it = self.get_iter(&args[1])?;
                    return Ok(new_iter(&FILTER_TYPE, IterState::Filter { func: args[0].clone(), it }));
                }
                if is(&REVERSED_TYPE) {
                    check_args("reversed", &args, 1, 1)?;
                    let s = &args[0];
                    if let Some(r) = s.as_range() {
                        // Exact for any bounds: reversed(range(a, b, s)) is range(last, a - s, -s).
                        let [start, stop, step] = r.big_bounds();
                        let len = tracelift_runtime::object::big_range_len(&start, &stop, &step);
                        let last = &start + (len - 1) * &step;
                        let rev_stop = &start - &step;
                        let rev_step = -step;
                        let fits = |b: &BigInt| b.to_i64().filter(|v| v.unsigned_abs() < (1u64 << 62));
                        let rr = match (fits(&last), fits(&rev_stop), fits(&rev_step)) {
                            (Some(a), Some(b), Some(c)) => Value::range(a, b, c),
                            _ => Value::big_range(last, rev_stop, rev_step),
                        };
                        return self.get_iter(&rr);
                    }
                    if self.sub_override(s)
                        && let Some(r) = self.call_dunder_opt(s, "__reversed__", vec![])?
                    {
                        return Ok(r);
                    }
                    if s.as_list().is_some() || s.as_tuple().is_some() || s.is_str() {
                        let n = self.len(s)? as isize;
                        return Ok(new_iter(&REVERSED_TYPE, IterState::Reversed { seq: s.clone(), index: n - 1 }));
                    }
                    let view_dict = match s.as_iter().map(|i| i.state()) {
                        Some(IterState::DictView { dict, what }) => Some((dict.clone(), *what)),
                        _ => None,
                    };
                    if s.as_dict().is_some() || view_dict.is_some() {
                        let (d, what) = view_dict.unwrap_or((s.clone(), tracelift_runtime::object::DictPart::Keys));
                        let dd = d.as_dict().expect("dict");
                        let items = match what {
                            tracelift_runtime::object::DictPart::Keys => dd.keys(),
                            tracelift_runtime::object::DictPart::Values => dd.values(),
                            tracelift_runtime::object::DictPart::Items => {
                                dd.items().into_iter().map(|(k, v)| Value::tuple(vec![k, v])).collect()
                            }
                        };
                        let n = items.len() as isize;
                        let seq = Value::list(items);
                        return Ok(new_iter(&REVERSED_TYPE, IterState::Reversed { seq, index: n - 1 }));
                    }
                    if let Some(r) = self.call_dunder_opt(s, "__reversed__", vec![])? {
                        return Ok(r);
                    }
                    return Err(type_error(format!("'{}' object is not reversible", s.ty().name())));
                }
                Err(type_error(format!("cannot create '{name}' instances")))
            }
            Kind::Vm => {
                if is(&STATICMETHOD_TYPE) || is(&CLASSMETHOD_TYPE) {
                    check_args(name, &args, 1, 1)?;
                    // SAFETY: these statics live forever.
                    let st: &'static TypeObject = unsafe { &*ty_ptr };
                    return Ok(new_descr(st, args[0].clone()));
                }
                if is(&PROPERTY_TYPE) {
                    let fget =
                        args.first().cloned().or_else(|| kwarg(&kw, "fget").cloned()).unwrap_or_else(Value::none);
                    let p = new_descr(&PROPERTY_TYPE, fget);
                    if let Some(s) = args.get(1).cloned().or_else(|| kwarg(&kw, "fset").cloned())
                        && !s.is_none()
                    {
                        // SAFETY: fresh object; nothing else borrows its setter slot.
                        unsafe { *p.as_descr().expect("descr").setter.get() = s };
                    }
                    if let Some(d) = args.get(2).cloned().or_else(|| kwarg(&kw, "fdel").cloned())
                        && !d.is_none()
                    {
                        // SAFETY: fresh object; nothing else borrows its deleter slot.
                        unsafe { *p.as_descr().expect("descr").deleter.get() = d };
                    }
                    return Ok(p);
                }
                if is(&crate::objects::SUPER_TYPE) {
                    return self.make_super(&args);
                }
                Err(type_error(format!("cannot create '{name}' instances")))
            }
            _ => Err(type_error(format!("cannot create '{name}' instances"))),
        }
    }

    pub(crate) fn make_int(&mut self, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
        check_kw("int", kw, &["base"])?;
        check_args("int", args, 0, 2)?;
        let base = args.get(1).or_else(|| kwarg(kw, "base")).cloned();
        let Some(v) = args.first() else { return Ok(Value::int(0)) };
        if let Some(b) = base {
            let b = self.index_of(&b)?;
            let Some(s) = v.as_str() else {
                return Err(type_error("int() can't convert non-string with explicit base"));
            };
            if b != 0 && !(2..=36).contains(&b) {
                return Err(value_error("int() base must be >= 2 and <= 36, or 0"));
            }
            return floatops::parse_int(s, b as u32).map(Value::from_bigint).ok_or_else(|| {
                value_error(format!("invalid literal for int() with base {}: {}", b, crate::repr::str_repr(s)))
            });
        }
        if v.is_int() {
            return Ok(v.clone());
        }
        if v.is_bool() {
            return Ok(Value::int(v.as_i64().unwrap_or(0)));
        }
        // An instance of a user subclass of int, unless it defines `__int__`/`__index__`.
        if v.as_big().is_some()
            && self.heap_lookup_static(v.ty(), "__int__").is_none()
            && self.heap_lookup_static(v.ty(), "__index__").is_none()
        {
            return Ok(Value::from_bigint(v.to_bigint().expect("an int")));
        }
        if let Some(f) = v.as_f64() {
            if f.is_nan() {
                return Err(value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(PyErr::new(&OVERFLOW_ERROR, "cannot convert float infinity to integer"));
            }
            if f.abs() < 4e18 {
                return Ok(Value::int(f.trunc() as i64));
            }
            return Ok(Value::from_bigint(floatops::float_to_bigint(f.trunc()).unwrap_or_default()));
        }
        if let Some(s) = v.as_str() {
            if let Some(i) = floatops::parse_small_decimal(s) {
                return Ok(Value::int(i));
            }
            if s.len() > 4300 && s.trim().chars().all(|c| c.is_ascii_digit()) {
                return Err(value_error(format!(
                    "Exceeds the limit (4300 digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
                    s.trim().len()
                )));
            }
            return floatops::parse_int(s, 10).map(Value::from_bigint).ok_or_else(|| {
                value_error(format!("invalid literal for int() with base 10: {}", crate::repr::str_repr(s)))
            });
        }
        for d in ["__int__", "__index__", "__trunc__"] {
            if let Some(r) = self.call_dunder_opt(v, d, vec![])? {
                return Ok(r);
            }
        }
        Err(type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            v.ty().name()
        )))
    }

    /// `super()` / `super(cls, obj)`.
    fn make_super(&mut self, args: &[Value]) -> PyResult<Value> {
        let (cls, obj) = if args.len() == 2 {
            (args[0].clone(), args[1].clone())
        } else if args.is_empty() {
            let f = self
                .frames
                .last()
                .ok_or_else(|| PyErr::new(&tracelift_runtime::exc::RUNTIME_ERROR, "super(): no arguments"))?;
            let code = f.code.clone();
            let base = f.base;
            let idx = code.co.localsplusnames.iter().position(|n| n == "__class__").ok_or_else(|| {
                PyErr::new(&tracelift_runtime::exc::RUNTIME_ERROR, "super(): __class__ cell not found")
            })?;
            let cell = self.stack[base + idx].clone();
            let cls = cell.as_cell().map(|c| c.slot().clone()).unwrap_or(Value::NULL);
            if cls.is_null() {
                return Err(PyErr::new(&tracelift_runtime::exc::RUNTIME_ERROR, "super(): empty __class__ cell"));
            }
            if code.co.argcount == 0 {
                return Err(PyErr::new(&tracelift_runtime::exc::RUNTIME_ERROR, "super(): no arguments"));
            }
            let mut first = self.stack[base].clone();
            if let Some(c) = first.as_cell() {
                first = c.slot().clone();
            }
            (cls, first)
        } else {
            return Err(type_error("super() takes 0 or 2 arguments"));
        };
        if cls.as_type().is_none() {
            return Err(type_error("super() argument 1 must be a type"));
        }
        let s = new_descr(&crate::objects::SUPER_TYPE, cls);
        // SAFETY: fresh object; nothing else borrows its setter slot.
        unsafe { *s.as_descr().expect("descr").setter.get() = obj };
        Ok(s)
    }
}

/// A copy of property `args[0]` with one accessor replaced by `args[1]`.
fn property_with(args: &[Value], which: u8) -> PyResult<Value> {
    check_args("property accessor", args, 2, 2)?;
    let p = args[0].as_descr().ok_or_else(|| type_error("descriptor requires a 'property' object"))?;
    // SAFETY: single-threaded; slots of the old property are only read here.
    let (fget, fset, fdel) = unsafe { (p.func.clone(), (*p.setter.get()).clone(), (*p.deleter.get()).clone()) };
    let f = args[1].clone();
    let (fget, fset, fdel) = match which {
        0 => (f, fset, fdel),
        1 => (fget, f, fdel),
        _ => (fget, fset, f),
    };
    let np = new_descr(&PROPERTY_TYPE, fget);
    let d = np.as_descr().expect("descr");
    // SAFETY: fresh object; nothing else borrows its slots.
    unsafe {
        *d.setter.get() = fset;
        *d.deleter.get() = fdel;
    }
    Ok(np)
}

/// `property.getter(f)`
pub fn property_getter(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    property_with(args, 0)
}
/// `property.setter(f)`
pub fn property_setter(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    property_with(args, 1)
}
/// `property.deleter(f)`
pub fn property_deleter(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    property_with(args, 2)
}

/// Truncating float → int for builtins (`int(x)` semantics); errors as CPython.
pub fn float_to_int(f: f64) -> PyResult<Value> {
    if f.is_nan() {
        return Err(value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(PyErr::new(&OVERFLOW_ERROR, "cannot convert float infinity to integer"));
    }
    Ok(Value::from_bigint(floatops::float_to_bigint(f.trunc()).unwrap_or_default()))
}
