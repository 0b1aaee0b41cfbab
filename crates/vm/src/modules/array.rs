//! `array`: the module, the constructor and the methods of `array.array`, whose layout and
//! item conversions are in `tracelift_runtime::array`. Indexing, slicing, `+`, `*`, `in`,
//! comparisons, `len` and iteration are the VM's generic operations (`items.rs`, `ops.rs`),
//! which call the `array_*` functions here; messages are CPython 3.11's.

use tracelift_runtime::Value;
use tracelift_runtime::array::{ARRAY_TYPE, ArrayObject, TYPECODES, bad_argument, itemsize, value_word};
use tracelift_runtime::exc::{PyErr, PyResult, index_error, type_error, value_error};
use tracelift_runtime::types::TypeObject;
use tracelift_uops::opcode::BinaryOp;

use crate::Vm;
use crate::methods::margs;
use crate::objects::NativeFn;

/// The `array` module.
pub(super) fn module() -> Value {
    super::make(
        "array",
        &[],
        vec![
            ("array", ARRAY_TYPE.to_value()),
            ("ArrayType", ARRAY_TYPE.to_value()),
            ("typecodes", Value::str(TYPECODES)),
        ],
    )
}

/// The array argument of a method, borrowed for the call (`args[0]` keeps it alive).
fn arr<'a>(args: &'a [Value], m: &str) -> PyResult<&'a ArrayObject> {
    args.first()
        .and_then(|v| v.as_array())
        .ok_or_else(|| type_error(format!("descriptor '{m}' for 'array.array' objects doesn't apply to this object")))
}

/// The words of every item of `items` as typecode `code` stores them.
fn words_of(code: u8, items: &[Value]) -> PyResult<Vec<u64>> {
    items.iter().map(|v| value_word(code, v)).collect()
}

/// Items in `start..stop` by `step` (a slice's indices).
fn take(words: &[u64], si: &crate::items::SliceIdx) -> Vec<u64> {
    (0..si.len).map(|k| words[(si.start + k as i64 * si.step) as usize]).collect()
}

impl Vm {
    /// `array.array(typecode[, initializer])`
    /// (`builtin_construct` has refused keyword arguments.)
    pub(crate) fn make_array(&mut self, args: &[Value]) -> PyResult<Value> {
        crate::builtins::check_args("array", args, 1, 2)?;
        let code = match args[0].as_str() {
            Some(s) if s.chars().count() == 1 => s.chars().next().expect("one char"),
            _ => {
                return Err(type_error(format!(
                    "array() argument 1 must be a unicode character, not {}",
                    args[0].ty().name()
                )));
            }
        };
        if code == 'u' || code == 'w' {
            return Err(PyErr::new(
                &tracelift_runtime::exc::NOT_IMPLEMENTED_ERROR,
                format!("array typecode '{code}' (characters) is not in tracelift yet"),
            ));
        }
        if !code.is_ascii() || !TYPECODES.as_bytes().contains(&(code as u8)) {
            return Err(value_error("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)"));
        }
        let code = code as u8;
        let words = match args.get(1) {
            None => Vec::new(),
            Some(init) if init.is_str() => {
                return Err(type_error(format!(
                    "cannot use a str to initialize an array with typecode '{}'",
                    code as char
                )));
            }
            Some(init) if init.bytes_like().is_some() => from_bytes(code, &init.bytes_like().expect("bytes"))?,
            Some(init) => {
                if let Some(a) = init.as_array()
                    && a.code == code
                {
                    a.words().to_vec()
                } else {
                    let items = self.collect_iterable(init)?;
                    words_of(code, &items)?
                }
            }
        };
        Ok(Value::array(code, words))
    }

    /// Reads an array index (an int or an object with `__index__`), in range.
    fn array_index(&mut self, a: &ArrayObject, sub: &Value, msg: &str) -> PyResult<usize> {
        let i = match sub.as_i64() {
            Some(i) => i,
            None if sub.as_big().is_some() => return Err(index_error("cannot fit 'int' into an index-sized integer")),
            None if sub.ty().is_heap_type() => self.index_of(sub)?,
            None => return Err(type_error("array indices must be integers")),
        };
        let n = a.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(index_error(msg.to_string()));
        }
        Ok(j as usize)
    }

    /// `a[sub]`
    pub(crate) fn array_getitem(&mut self, c: &Value, sub: &Value) -> PyResult<Value> {
        let a = c.as_array().expect("array");
        if sub.as_slice().is_some() {
            let si = self.slice_indices(sub, a.len())?;
            return Ok(Value::array(a.code, take(a.words(), &si)));
        }
        let i = self.array_index(a, sub, "array index out of range")?;
        Ok(a.get(i))
    }

    /// `a[sub] = v`
    pub(crate) fn array_setitem(&mut self, c: &Value, sub: &Value, v: &Value) -> PyResult<()> {
        let a = c.as_array().expect("array");
        if sub.as_slice().is_some() {
            let Some(src) = v.as_array() else {
                return Err(type_error(format!("can only assign array (not \"{}\") to array slice", v.ty().name())));
            };
            if src.code != a.code {
                return Err(bad_argument());
            }
            let new = src.words().to_vec();
            let si = self.slice_indices(sub, a.len())?;
            let words = a.words_mut();
            if si.step == 1 {
                let start = si.start as usize;
                words.splice(start..start + si.len, new);
                return Ok(());
            }
            if new.len() != si.len {
                return Err(value_error(format!(
                    "attempt to assign array of size {} to extended slice of size {}",
                    new.len(),
                    si.len
                )));
            }
            for (k, w) in new.into_iter().enumerate() {
                words[(si.start + k as i64 * si.step) as usize] = w;
            }
            return Ok(());
        }
        let i = self.array_index(a, sub, "array assignment index out of range")?;
        let w = value_word(a.code, v)?;
        a.words_mut()[i] = w;
        Ok(())
    }

    /// `del a[sub]`
    pub(crate) fn array_delitem(&mut self, c: &Value, sub: &Value) -> PyResult<()> {
        let a = c.as_array().expect("array");
        if sub.as_slice().is_some() {
            let si = self.slice_indices(sub, a.len())?;
            let mut idx: Vec<usize> = (0..si.len).map(|k| (si.start + k as i64 * si.step) as usize).collect();
            idx.sort_unstable();
            let words = a.words_mut();
            for i in idx.into_iter().rev() {
                words.remove(i);
            }
            return Ok(());
        }
        let i = self.array_index(a, sub, "array assignment index out of range")?;
        a.words_mut().remove(i);
        Ok(())
    }

    /// `item in a`
    pub(crate) fn array_contains(&mut self, c: &Value, item: &Value) -> PyResult<bool> {
        Ok(self.array_find(c, item, 0, usize::MAX)?.is_some())
    }

    /// The first index in `start..stop` whose item equals `v`.
    fn array_find(&mut self, c: &Value, v: &Value, start: usize, stop: usize) -> PyResult<Option<usize>> {
        let a = c.as_array().expect("array");
        let mut i = start;
        // The array may shrink while `==` runs Python code: re-read its length each time.
        while i < stop.min(a.len()) {
            let x = a.get(i);
            if self.eq_bool(&x, v)? {
                return Ok(Some(i));
            }
            i += 1;
        }
        Ok(None)
    }

    /// `+`, `*` (either side) and their in-place forms when an operand is an array; `None`
    /// when the operation does not apply.
    pub(crate) fn array_binop(&mut self, op: BinaryOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Option<Value>> {
        match op {
            BinaryOp::Add => {
                let Some(x) = a.as_array() else { return Ok(None) };
                let Some(y) = b.as_array() else {
                    return Err(type_error(if inplace {
                        format!("can only extend array with array (not \"{}\")", b.ty().name())
                    } else {
                        format!("can only append array (not \"{}\") to array", b.ty().name())
                    }));
                };
                if x.code != y.code {
                    return Err(bad_argument());
                }
                let add = y.words().to_vec();
                if inplace {
                    x.words_mut().extend(add);
                    return Ok(Some(a.clone()));
                }
                let mut w = x.words().to_vec();
                w.extend(add);
                Ok(Some(Value::array(x.code, w)))
            }
            BinaryOp::Multiply => {
                let (arr, n) = if a.as_array().is_some() { (a, b) } else { (b, a) };
                let x = arr.as_array().expect("array");
                if !(n.is_int_or_bool() || n.ty().is_heap_type()) {
                    return Err(type_error(format!("can't multiply sequence by non-int of type '{}'", n.ty().name())));
                }
                let n = self.index_of(n)?.max(0) as usize;
                if x.len().checked_mul(n).is_none_or(|t| t > isize::MAX as usize / 8) {
                    return Err(PyErr::new(&tracelift_runtime::exc::MEMORY_ERROR, ""));
                }
                let w = x.words().repeat(n);
                if inplace && a.as_array().is_some() {
                    *x.words_mut() = w;
                    return Ok(Some(arr.clone()));
                }
                Ok(Some(Value::array(x.code, w)))
            }
            _ => Ok(None),
        }
    }
}

/// The items packed in `b` (native byte order), as `frombytes` reads them.
fn from_bytes(code: u8, b: &[u8]) -> PyResult<Vec<u64>> {
    let size = itemsize(code);
    if !b.len().is_multiple_of(size) {
        return Err(value_error("bytes length not a multiple of item size"));
    }
    Ok(b.chunks_exact(size)
        .map(|c| {
            let mut raw = [0u8; 8];
            raw[..size].copy_from_slice(c);
            let u = u64::from_le_bytes(raw);
            match code {
                b'd' => u,
                b'f' => (f32::from_bits(u as u32) as f64).to_bits(),
                b'b' => u as u8 as i8 as i64 as u64,
                b'h' => u as u16 as i16 as i64 as u64,
                b'i' => u as u32 as i32 as i64 as u64,
                _ => u,
            }
        })
        .collect())
}

/// The items of `a` packed as CPython stores them (native byte order), for `tobytes`.
fn to_bytes(a: &ArrayObject) -> Vec<u8> {
    let size = a.itemsize();
    let mut out = Vec::with_capacity(a.len() * size);
    for &w in a.words() {
        let w = if a.code == b'f' { f32::to_bits(f64::from_bits(w) as f32) as u64 } else { w };
        out.extend_from_slice(&w.to_le_bytes()[..size]);
    }
    out
}

/// The method `name` of `array.array`.
pub(crate) fn lookup(name: &str) -> Option<(&'static str, NativeFn, bool)> {
    let f: (&'static str, NativeFn) = match name {
        "append" => ("append", a_append),
        "extend" => ("extend", a_extend),
        "fromlist" => ("fromlist", a_fromlist),
        "frombytes" => ("frombytes", a_frombytes),
        "insert" => ("insert", a_insert),
        "pop" => ("pop", a_pop),
        "remove" => ("remove", a_remove),
        "index" => ("index", a_index),
        "count" => ("count", a_count),
        "reverse" => ("reverse", a_reverse),
        "byteswap" => ("byteswap", a_byteswap),
        "tolist" => ("tolist", a_tolist),
        "tobytes" => ("tobytes", a_tobytes),
        "buffer_info" => ("buffer_info", a_buffer_info),
        "__copy__" => ("__copy__", a_copy),
        "__deepcopy__" => ("__deepcopy__", a_deepcopy),
        "__reduce__" => ("__reduce__", a_reduce),
        "__reduce_ex__" => ("__reduce_ex__", a_reduce_ex),
        "__iadd__" => ("__iadd__", a_iadd),
        "__imul__" => ("__imul__", a_imul),
        _ => return None,
    };
    Some((f.0, f.1, false))
}

fn a_append(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("append", args, 1, 1)?;
    let a = arr(args, "append")?;
    let w = value_word(a.code, &args[1])?;
    a.words_mut().push(w);
    Ok(Value::none())
}

fn a_extend(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("extend", args, 1, 1)?;
    let a = arr(args, "extend")?;
    let add = if let Some(src) = args[1].as_array() {
        if src.code != a.code {
            return Err(type_error("can only extend with array of same kind"));
        }
        src.words().to_vec()
    } else {
        let items = vm.collect_iterable(&args[1])?;
        words_of(a.code, &items)?
    };
    a.words_mut().extend(add);
    Ok(Value::none())
}

fn a_fromlist(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("fromlist", args, 1, 1)?;
    let a = arr(args, "fromlist")?;
    let Some(l) = args[1].as_list() else { return Err(type_error("arg must be list")) };
    let add = words_of(a.code, &l.items().clone())?;
    a.words_mut().extend(add);
    Ok(Value::none())
}

fn a_frombytes(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("frombytes", args, 1, 1)?;
    let a = arr(args, "frombytes")?;
    let Some(b) = args[1].bytes_like() else {
        return Err(type_error(format!("a bytes-like object is required, not '{}'", args[1].ty().name())));
    };
    let add = from_bytes(a.code, &b)?;
    a.words_mut().extend(add);
    Ok(Value::none())
}

fn a_insert(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("insert", args, 2, 2)?;
    let a = arr(args, "insert")?;
    let n = a.len() as i64;
    let mut i = vm.index_of(&args[1])?;
    if i < 0 {
        i = (i + n).max(0);
    }
    let w = value_word(a.code, &args[2])?;
    a.words_mut().insert(i.min(n) as usize, w);
    Ok(Value::none())
}

fn a_pop(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("pop", args, 0, 1)?;
    let a = arr(args, "pop")?;
    let mut i = match args.get(1) {
        Some(v) => vm.index_of(v)?,
        None => -1,
    };
    let n = a.len() as i64;
    if n == 0 {
        return Err(index_error("pop from empty array"));
    }
    if i < 0 {
        i += n;
    }
    if !(0..n).contains(&i) {
        return Err(index_error("pop index out of range"));
    }
    let v = a.get(i as usize);
    a.words_mut().remove(i as usize);
    Ok(v)
}

fn a_remove(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("remove", args, 1, 1)?;
    arr(args, "remove")?;
    match vm.array_find(&args[0], &args[1], 0, usize::MAX)? {
        Some(i) => {
            args[0].as_array().expect("array").words_mut().remove(i);
            Ok(Value::none())
        }
        None => Err(value_error("array.remove(x): x not in array")),
    }
}

fn a_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("index", args, 1, 3)?;
    let n = arr(args, "index")?.len() as i64;
    let mut bound = |k: usize, dflt: i64| -> PyResult<usize> {
        let mut i = match args.get(k) {
            Some(v) => vm.index_of(v)?,
            None => dflt,
        };
        if i < 0 {
            i = (i + n).max(0);
        }
        Ok(i.min(n) as usize)
    };
    let (start, stop) = (bound(2, 0)?, bound(3, n)?);
    match vm.array_find(&args[0], &args[1], start, stop)? {
        Some(i) => Ok(Value::int(i as i64)),
        None => Err(value_error("array.index(x): x not in array")),
    }
}

fn a_count(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("count", args, 1, 1)?;
    let a = arr(args, "count")?;
    let mut n = 0;
    let mut i = 0;
    while i < a.len() {
        let x = a.get(i);
        if vm.eq_bool(&x, &args[1])? {
            n += 1;
        }
        i += 1;
    }
    Ok(Value::int(n))
}

fn a_reverse(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("reverse", args, 0, 0)?;
    arr(args, "reverse")?.words_mut().reverse();
    Ok(Value::none())
}

fn a_byteswap(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("byteswap", args, 0, 0)?;
    let a = arr(args, "byteswap")?;
    let b = to_bytes(a);
    let size = a.itemsize();
    let swapped: Vec<u8> = b.chunks_exact(size).flat_map(|c| c.iter().rev().copied()).collect();
    *a.words_mut() = from_bytes(a.code, &swapped)?;
    Ok(Value::none())
}

fn a_tolist(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("tolist", args, 0, 0)?;
    Ok(Value::list(arr(args, "tolist")?.values()))
}

fn a_tobytes(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("tobytes", args, 0, 0)?;
    Ok(Value::bytes_from(to_bytes(arr(args, "tobytes")?)))
}

fn a_buffer_info(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("buffer_info", args, 0, 0)?;
    let a = arr(args, "buffer_info")?;
    Ok(Value::tuple(vec![Value::int(a.words().as_ptr() as i64), Value::int(a.len() as i64)]))
}

fn a_copy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__copy__", args, 0, 0)?;
    Ok(copy_of(arr(args, "__copy__")?))
}

/// Items are numbers: a deep copy is a copy (`memo` is not needed).
fn a_deepcopy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__deepcopy__", args, 1, 1)?;
    Ok(copy_of(arr(args, "__deepcopy__")?))
}

/// A new array with `a`'s typecode and items.
fn copy_of(a: &ArrayObject) -> Value {
    Value::array(a.code, a.words().to_vec())
}

fn a_reduce(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__reduce__", args, 0, 0)?;
    reduce(arr(args, "__reduce__")?)
}

fn a_reduce_ex(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__reduce_ex__", args, 1, 1)?;
    reduce(arr(args, "__reduce_ex__")?)
}

/// `(array, (typecode, items))`: what rebuilds the array (CPython's form for protocols
/// below 3; tracelift has no pickle, only `copy`).
fn reduce(a: &ArrayObject) -> PyResult<Value> {
    let code = Value::string((a.code as char).to_string());
    Ok(Value::tuple(vec![ARRAY_TYPE.to_value(), Value::tuple(vec![code, Value::list(a.values())])]))
}

fn a_iadd(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__iadd__", args, 1, 1)?;
    arr(args, "__iadd__")?;
    Ok(vm.array_binop(BinaryOp::Add, &args[0], &args[1], true)?.expect("an array"))
}

fn a_imul(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("__imul__", args, 1, 1)?;
    arr(args, "__imul__")?;
    Ok(vm.array_binop(BinaryOp::Multiply, &args[0], &args[1], true)?.expect("an array"))
}

/// Is `t` the array type?
pub(crate) fn is_array_type(t: &TypeObject) -> bool {
    std::ptr::eq(t, &ARRAY_TYPE)
}
