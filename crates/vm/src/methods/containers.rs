//! Methods of `list`, `tuple`, `dict`, `set`/`frozenset`, `int`, `float`, generators,
//! `object` and `BaseException`.

use num_traits::Signed;

use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::{PyErr, PyResult, STOP_ITERATION, index_error, key_error, type_error, value_error};
use tracelift_runtime::object::{DICT_ITEMS_TYPE, DICT_KEYS_TYPE, DICT_VALUES_TYPE, DictPart, IterState, new_iter};
use tracelift_uops::opcode::BinaryOp;

use super::margs;
use crate::Vm;
use crate::builtins::{check_kw, kwarg, sort_values};
use crate::objects::{NativeFn, VmValue};

type Entry = Option<(&'static str, NativeFn, bool)>;

pub(super) fn list_lookup(name: &str) -> Entry {
    Some(match name {
        "append" => ("append", l_append, false),
        "__init__" => ("__init__", l_init, false),
        "__new__" => ("__new__", sub_new, true),
        "extend" => ("extend", l_extend, false),
        "insert" => ("insert", l_insert, false),
        "pop" => ("pop", l_pop, false),
        "remove" => ("remove", l_remove, false),
        "index" => ("index", l_index, false),
        "count" => ("count", l_count, false),
        "sort" => ("sort", l_sort, true),
        "reverse" => ("reverse", l_reverse, false),
        "copy" => ("copy", l_copy, false),
        "clear" => ("clear", l_clear, false),
        _ => return None,
    })
}

pub(super) fn range_lookup(name: &str) -> Entry {
    Some(match name {
        "index" => ("index", r_index, false),
        "count" => ("count", r_count, false),
        _ => return None,
    })
}

/// Position of `x` in a (machine-word) range, if it is an int in it.
fn range_pos(args: &[Value]) -> PyResult<Option<Value>> {
    let r = args[0].as_range().ok_or_else(|| type_error("descriptor requires a 'range' object"))?;
    let Some(x) = args[1].to_bigint().filter(|_| args[1].is_int_or_bool()) else { return Ok(None) };
    Ok(r.position(&x).map(Value::from_bigint))
}

/// `slice.indices(length)`
pub(super) fn slice_indices(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("slice.indices", args, 1, 1)?;
    if args[0].as_slice().is_none() {
        return Err(type_error("descriptor 'indices' requires a 'slice' object"));
    }
    let n = vm.index_of(&args[1])?;
    if n < 0 {
        return Err(value_error("length should not be negative"));
    }
    let si = vm.slice_indices(&args[0], n as usize)?;
    // CPython reports the adjusted stop, which for an empty slice can differ from start.
    Ok(Value::tuple(vec![Value::int(si.start), Value::int(si.stop), Value::int(si.step)]))
}

fn r_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("range.index", args, 1, 1)?;
    match range_pos(args)? {
        Some(i) => Ok(i),
        None => {
            let r = vm.repr(&args[1])?;
            Err(value_error(format!("{r} is not in range")))
        }
    }
}

fn r_count(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("range.count", args, 1, 1)?;
    Ok(Value::int(range_pos(args)?.is_some() as i64))
}

pub(super) fn tuple_lookup(name: &str) -> Entry {
    Some(match name {
        "index" => ("index", t_index, false),
        "count" => ("count", t_count, false),
        "__new__" => ("__new__", sub_new, true),
        _ => return None,
    })
}

pub(super) fn dict_lookup(name: &str) -> Entry {
    Some(match name {
        "get" => ("get", d_get, false),
        "__init__" => ("__init__", d_init, true),
        "__new__" => ("__new__", sub_new, true),
        "setdefault" => ("setdefault", d_setdefault, false),
        "pop" => ("pop", d_pop, false),
        "popitem" => ("popitem", d_popitem, false),
        "keys" => ("keys", d_keys, false),
        "values" => ("values", d_values, false),
        "items" => ("items", d_items, false),
        "update" => ("update", d_update, true),
        "copy" => ("copy", d_copy, false),
        "clear" => ("clear", d_clear, false),
        "fromkeys" => ("fromkeys", d_fromkeys, false),
        _ => return None,
    })
}

pub(super) fn set_lookup(name: &str, frozen: bool) -> Entry {
    let mutating = matches!(
        name,
        "add"
            | "remove"
            | "discard"
            | "pop"
            | "update"
            | "clear"
            | "intersection_update"
            | "difference_update"
            | "symmetric_difference_update"
    );
    if frozen && mutating {
        return None;
    }
    Some(match name {
        "add" => ("add", st_add, false),
        "remove" => ("remove", st_remove, false),
        "discard" => ("discard", st_discard, false),
        "pop" => ("pop", st_pop, false),
        "union" => ("union", st_union, false),
        "intersection" => ("intersection", st_intersection, false),
        "difference" => ("difference", st_difference, false),
        "symmetric_difference" => ("symmetric_difference", st_symdiff, false),
        "issubset" => ("issubset", st_issubset, false),
        "issuperset" => ("issuperset", st_issuperset, false),
        "isdisjoint" => ("isdisjoint", st_isdisjoint, false),
        "update" => ("update", st_update, false),
        "intersection_update" => ("intersection_update", st_intersection_update, false),
        "difference_update" => ("difference_update", st_difference_update, false),
        "symmetric_difference_update" => ("symmetric_difference_update", st_symdiff_update, false),
        "copy" => ("copy", st_copy, false),
        "clear" => ("clear", st_clear, false),
        _ => return None,
    })
}

pub(super) fn int_lookup(name: &str) -> Entry {
    Some(match name {
        "bit_length" => ("bit_length", i_bit_length, false),
        "to_bytes" => ("to_bytes", super::bytes::int_to_bytes, true),
        "__new__" => ("__new__", sub_new, true),
        "from_bytes" => ("from_bytes", super::bytes::int_from_bytes, true),
        "bit_count" => ("bit_count", i_bit_count, false),
        "conjugate" => ("conjugate", i_conjugate, false),
        _ => return None,
    })
}

pub(super) fn float_lookup(name: &str) -> Entry {
    Some(match name {
        "is_integer" => ("is_integer", f_is_integer, false),
        "as_integer_ratio" => ("as_integer_ratio", f_as_integer_ratio, false),
        "conjugate" => ("conjugate", f_conjugate, false),
        _ => return None,
    })
}

pub(super) fn generator_lookup(name: &str) -> Entry {
    Some(match name {
        "send" => ("send", g_send, false),
        "close" => ("close", g_close, false),
        "throw" => ("throw", g_throw, false),
        "__next__" => ("__next__", it_next, false),
        "__iter__" => ("__iter__", it_iter, false),
        _ => return None,
    })
}

pub(super) fn iter_lookup(name: &str) -> Entry {
    Some(match name {
        "__next__" => ("__next__", it_next, false),
        "__iter__" => ("__iter__", it_iter, false),
        _ => return None,
    })
}

pub(super) fn object_lookup(name: &str) -> Entry {
    Some(match name {
        "__init__" => ("__init__", o_init, true),
        "__new__" => ("__new__", o_new, true),
        "__init_subclass__" => ("__init_subclass__", o_init, true),
        "__subclasshook__" => ("__subclasshook__", o_subclasshook, true),
        "__eq__" => ("__eq__", o_eq, false),
        "__ne__" => ("__ne__", o_ne, false),
        "__hash__" => ("__hash__", o_hash, false),
        "__repr__" => ("__repr__", o_repr, false),
        "__str__" => ("__str__", o_str, false),
        "__setattr__" => ("__setattr__", o_setattr, false),
        "__delattr__" => ("__delattr__", o_delattr, false),
        "__getattribute__" => ("__getattribute__", o_getattribute, false),
        "__lt__" => ("__lt__", o_notimpl, false),
        "__le__" => ("__le__", o_notimpl, false),
        "__gt__" => ("__gt__", o_notimpl, false),
        "__ge__" => ("__ge__", o_notimpl, false),
        _ => return None,
    })
}

pub(super) fn exception_lookup(name: &str) -> Entry {
    Some(match name {
        "__init__" => ("__init__", e_init, true),
        "with_traceback" => ("with_traceback", e_with_traceback, false),
        _ => return None,
    })
}

fn list<'a>(args: &'a [Value], m: &str) -> PyResult<&'a tracelift_runtime::seq::ListObject> {
    args.first()
        .and_then(|v| v.as_list())
        .ok_or_else(|| type_error(format!("descriptor '{m}' for 'list' objects doesn't apply to this object")))
}

fn l_append(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.append", args, 1, 1)?;
    list(args, "append")?.push(args[1].clone())?;
    Ok(Value::none())
}

fn l_extend(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.extend", args, 1, 1)?;
    let l = list(args, "extend")?;
    let items = vm.collect_iterable(&args[1])?;
    l.extend(items)?;
    Ok(Value::none())
}

/// `list.__init__(self, iterable=())`: the list's items become the iterable's.
fn l_init(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list", args, 0, 1)?;
    let l = list(args, "__init__")?;
    let items = match args.get(1) {
        Some(it) => vm.collect_iterable(it)?,
        None => Vec::new(),
    };
    *l.items_mut() = items;
    Ok(Value::none())
}

/// `list.__new__(cls, ...)`, `dict.__new__`, `tuple.__new__(cls, iterable=())`: a new
/// object of `cls`, the builtin type itself or a user subclass of it.
pub(super) fn sub_new(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let Some(t) = args.first().and_then(|c| c.as_type()) else {
        return Err(type_error("__new__(X): X is not a type object"));
    };
    // SAFETY: args[0] keeps the class alive for the call.
    let t: &tracelift_runtime::types::TypeObject = unsafe { &*(t as *const _) };
    if !t.is_heap_type() {
        return vm.builtin_construct(t, args[1..].to_vec(), kw.to_vec());
    }
    super::new_builtin_sub(vm, t, &args[1..], kw)
}

fn l_insert(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("insert", args, 2, 2)?;
    let l = list(args, "insert")?;
    let n = l.items().len() as i64;
    let mut i = vm.index_of(&args[1])?;
    if i < 0 {
        i = (i + n).max(0);
    }
    let i = i.min(n) as usize;
    tracelift_runtime::mem::reserve(l.items_mut(), 1)?;
    l.items_mut().insert(i, args[2].clone());
    Ok(Value::none())
}

fn l_pop(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("pop", args, 0, 1)?;
    let l = list(args, "pop")?;
    let n = l.items().len() as i64;
    if n == 0 {
        return Err(index_error("pop from empty list"));
    }
    let mut i = match args.get(1) {
        Some(v) => vm.index_of(v)?,
        None => n - 1,
    };
    if i < 0 {
        i += n;
    }
    if i < 0 || i >= n {
        return Err(index_error("pop index out of range"));
    }
    Ok(l.items_mut().remove(i as usize))
}

fn l_remove(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.remove", args, 1, 1)?;
    let l = list(args, "remove")?;
    let items = l.items().clone();
    for (i, it) in items.iter().enumerate() {
        if vm.eq_bool(it, &args[1])? {
            l.items_mut().remove(i);
            return Ok(Value::none());
        }
    }
    Err(value_error("list.remove(x): x not in list"))
}

fn seq_index(vm: &mut Vm, items: &[Value], args: &[Value]) -> PyResult<Option<usize>> {
    let n = items.len() as i64;
    let norm = |v: i64| if v < 0 { (v + n).max(0) } else { v.min(n) };
    let start = match args.get(2) {
        Some(v) => norm(vm.index_of(v)?),
        None => 0,
    } as usize;
    let stop = match args.get(3) {
        Some(v) => norm(vm.index_of(v)?),
        None => n,
    } as usize;
    for (i, it) in items.iter().enumerate().take(stop).skip(start) {
        if vm.eq_bool(it, &args[1])? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn l_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("index", args, 1, 3)?;
    let items = list(args, "index")?.items().clone();
    match seq_index(vm, &items, args)? {
        Some(i) => Ok(Value::int(i as i64)),
        None => {
            let r = vm.repr(&args[1])?;
            Err(value_error(format!("{r} is not in list")))
        }
    }
}

fn count_in(vm: &mut Vm, items: &[Value], x: &Value) -> PyResult<Value> {
    let mut n = 0;
    for it in items {
        if vm.eq_bool(it, x)? {
            n += 1;
        }
    }
    Ok(Value::int(n))
}

fn l_count(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.count", args, 1, 1)?;
    let items = list(args, "count")?.items().clone();
    count_in(vm, &items, &args[1])
}

fn l_sort(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kw("sort", kw, &["key", "reverse"])?;
    if args.len() > 1 {
        return Err(type_error("sort() takes no positional arguments"));
    }
    let l = list(args, "sort")?;
    let items = std::mem::take(l.items_mut());
    let reverse = match kwarg(kw, "reverse") {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    match sort_values(vm, items.clone(), kwarg(kw, "key"), reverse) {
        Ok(sorted) => {
            let modified = !l.items().is_empty();
            *l.items_mut() = sorted;
            if modified {
                return Err(value_error("list modified during sort"));
            }
            Ok(Value::none())
        }
        Err(e) => {
            *l.items_mut() = items;
            Err(e)
        }
    }
}

fn l_reverse(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.reverse", args, 0, 0)?;
    list(args, "reverse")?.items_mut().reverse();
    Ok(Value::none())
}

fn l_copy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.copy", args, 0, 0)?;
    Ok(Value::list(list(args, "copy")?.items().clone()))
}

fn l_clear(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("list.clear", args, 0, 0)?;
    let old = std::mem::take(list(args, "clear")?.items_mut());
    drop(old);
    Ok(Value::none())
}

fn t_index(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("index", args, 1, 3)?;
    let items = args[0].as_tuple().ok_or_else(|| type_error("descriptor 'index' requires a 'tuple' object"))?.to_vec();
    match seq_index(vm, &items, args)? {
        Some(i) => Ok(Value::int(i as i64)),
        None => Err(value_error("tuple.index(x): x not in tuple")),
    }
}

fn t_count(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("tuple.count", args, 1, 1)?;
    let items = args[0].as_tuple().ok_or_else(|| type_error("descriptor 'count' requires a 'tuple' object"))?.to_vec();
    count_in(vm, &items, &args[1])
}

fn dict<'a>(args: &'a [Value], m: &str) -> PyResult<&'a tracelift_runtime::dict::DictObject> {
    args.first()
        .and_then(|v| v.as_dict())
        .ok_or_else(|| type_error(format!("descriptor '{m}' for 'dict' objects doesn't apply to this object")))
}

fn d_get(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("get", args, 1, 2)?;
    let d = dict(args, "get")?;
    Ok(d.get(&args[1])?.unwrap_or_else(|| args.get(2).cloned().unwrap_or_else(Value::none)))
}

fn d_setdefault(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("setdefault", args, 1, 2)?;
    let d = dict(args, "setdefault")?;
    if let Some(v) = d.get(&args[1])? {
        return Ok(v);
    }
    let v = args.get(2).cloned().unwrap_or_else(Value::none);
    d.set(args[1].clone(), v.clone())?;
    Ok(v)
}

fn d_pop(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("pop", args, 1, 2)?;
    let d = dict(args, "pop")?;
    match d.remove(&args[1])? {
        Some(v) => Ok(v),
        None => args.get(2).cloned().ok_or_else(|| key_error(args[1].clone())),
    }
}

fn d_popitem(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("dict.popitem", args, 0, 0)?;
    let d = dict(args, "popitem")?;
    match d.pop_last() {
        Some((k, v)) => Ok(Value::tuple(vec![k, v])),
        None => Err(key_error(Value::str("popitem(): dictionary is empty"))),
    }
}

fn view(args: &[Value], what: DictPart) -> PyResult<Value> {
    margs("dict.keys", args, 0, 0)?;
    dict(args, "keys")?;
    let ty = match what {
        DictPart::Keys => &DICT_KEYS_TYPE,
        DictPart::Values => &DICT_VALUES_TYPE,
        DictPart::Items => &DICT_ITEMS_TYPE,
    };
    Ok(new_iter(ty, IterState::DictView { dict: args[0].clone(), what }))
}

fn d_keys(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    view(args, DictPart::Keys)
}
fn d_values(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    view(args, DictPart::Values)
}
fn d_items(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    view(args, DictPart::Items)
}

fn d_update(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("update", args, 0, 1)?;
    dict(args, "update")?;
    if let Some(m) = args.get(1) {
        vm.dict_update(&args[0], m)?;
    }
    for (k, v) in kw {
        args[0].as_dict().expect("dict").set(k.clone(), v.clone())?;
    }
    Ok(Value::none())
}

/// `dict.__init__(self, [mapping or pairs], **kw)`: fills the dict as `update` does.
fn d_init(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("dict", args, 0, 1)?;
    d_update(vm, args, kw)
}

fn d_copy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("dict.copy", args, 0, 0)?;
    Ok(dict(args, "copy")?.copy())
}

fn d_clear(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("dict.clear", args, 0, 0)?;
    dict(args, "clear")?.clear();
    Ok(Value::none())
}

fn d_fromkeys(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    // A static method: never bound to a receiver (see `Vm::bind`).
    if args.is_empty() || args.len() > 2 {
        return Err(type_error(format!("fromkeys expected at least 1 argument, got {}", args.len())));
    }
    let v = args.get(1).cloned().unwrap_or_else(Value::none);
    let d = new_dict();
    for k in vm.collect_iterable(&args[0])? {
        d.as_dict().expect("dict").set(k, v.clone())?;
    }
    Ok(d)
}

fn set<'a>(args: &'a [Value], m: &str) -> PyResult<&'a tracelift_runtime::set::SetObject> {
    args.first()
        .and_then(|v| v.as_set())
        .ok_or_else(|| type_error(format!("descriptor '{m}' for 'set' objects doesn't apply to this object")))
}

fn st_add(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.add", args, 1, 1)?;
    set(args, "add")?.add(args[1].clone())?;
    Ok(Value::none())
}

fn st_remove(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.remove", args, 1, 1)?;
    if !set(args, "remove")?.discard_op(&args[1])? {
        return Err(key_error(args[1].clone()));
    }
    Ok(Value::none())
}

fn st_discard(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.discard", args, 1, 1)?;
    set(args, "discard")?.discard_op(&args[1])?;
    Ok(Value::none())
}

fn st_pop(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.pop", args, 0, 0)?;
    set(args, "pop")?.pop().ok_or_else(|| key_error(Value::str("pop from an empty set")))
}

/// Converts any iterable argument into a set value (sets pass through).
fn as_set_value(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if v.as_set().is_some() {
        return Ok(v.clone());
    }
    let s = tracelift_runtime::set::new_set(false);
    vm.set_update(&s, v)?;
    Ok(s)
}

// The set methods follow CPython's algorithms step by step (which set is copied, which one
// is iterated), because the result's table layout is its printed order.

/// `set.union(*others)`: a copy, then `update` with each argument.
fn st_union(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let base = set(args, "union")?;
    let acc = base.copy(base.is_frozen())?;
    for other in &args[1..] {
        if !other.is(&args[0]) {
            vm.set_update(&acc, other)?;
        }
    }
    Ok(acc)
}

/// `set.intersection(*others)`: CPython's set_intersection for each argument in turn.
fn st_intersection(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let base = set(args, "intersection")?;
    let frozen = base.is_frozen();
    let mut acc = args[0].clone();
    if args.len() == 1 {
        return base.copy(frozen);
    }
    for other in &args[1..] {
        acc = if other.as_set().is_some() {
            vm.set_binop(BinaryOp::And, &acc, other, false)?
        } else {
            let r = tracelift_runtime::set::new_set(frozen);
            let cur = acc.as_set().expect("set");
            for v in vm.collect_iterable(other)? {
                if cur.contains(&v)? {
                    r.as_set().expect("set").add(v)?;
                }
            }
            r
        };
    }
    Ok(acc)
}

/// `set.difference(*others)`: `self - first` (copy-and-discard for plain iterables), then
/// discard the items of the rest.
fn st_difference(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let base = set(args, "difference")?;
    let frozen = base.is_frozen();
    if args.len() == 1 {
        return base.copy(frozen);
    }
    let first = &args[1];
    let acc = if first.as_set().is_some() {
        vm.set_binop(BinaryOp::Subtract, &args[0], first, false)?
    } else {
        let r = base.copy(frozen)?;
        for v in vm.collect_iterable(first)? {
            r.as_set().expect("set").discard(&v)?;
        }
        r
    };
    for other in &args[2..] {
        for v in vm.collect_iterable(other)? {
            acc.as_set().expect("set").discard(&v)?;
        }
    }
    Ok(acc)
}

/// `set.symmetric_difference(other)`: `set(other)` with this set's items toggled.
fn st_symdiff(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("symmetric_difference", args, 1, 1)?;
    let base = set(args, "symmetric_difference")?;
    let r = tracelift_runtime::set::new_set(base.is_frozen());
    vm.set_update(&r, &args[1])?;
    let rs = r.as_set().expect("set");
    for v in base.items() {
        if !rs.discard(&v)? {
            rs.add(v)?;
        }
    }
    Ok(r)
}

fn st_issubset(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.issubset", args, 1, 1)?;
    let o = as_set_value(vm, &args[1])?;
    Ok(Value::bool(vm.set_compare(tracelift_uops::CompareOp::Le, &args[0], &o)?))
}

fn st_issuperset(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.issuperset", args, 1, 1)?;
    let o = as_set_value(vm, &args[1])?;
    Ok(Value::bool(vm.set_compare(tracelift_uops::CompareOp::Ge, &args[0], &o)?))
}

fn st_isdisjoint(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.isdisjoint", args, 1, 1)?;
    let s = set(args, "isdisjoint")?;
    for v in vm.collect_iterable(&args[1])? {
        if s.contains(&v)? {
            return Ok(Value::bool(false));
        }
    }
    Ok(Value::bool(true))
}

fn st_update(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    set(args, "update")?;
    for o in &args[1..] {
        vm.set_update(&args[0], o)?;
    }
    Ok(Value::none())
}

fn in_place(vm: &mut Vm, args: &[Value], m: &str, op: BinaryOp) -> PyResult<Value> {
    set(args, m)?;
    for o in &args[1..] {
        let o = as_set_value(vm, o)?;
        vm.set_binop(op, &args[0], &o, true)?;
    }
    Ok(Value::none())
}

fn st_intersection_update(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    in_place(vm, args, "intersection_update", BinaryOp::And)
}
fn st_difference_update(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    in_place(vm, args, "difference_update", BinaryOp::Subtract)
}
fn st_symdiff_update(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    in_place(vm, args, "symmetric_difference_update", BinaryOp::Xor)
}

fn st_copy(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.copy", args, 0, 0)?;
    let s = set(args, "copy")?;
    if s.is_frozen() {
        return Ok(args[0].clone());
    }
    s.copy(false)
}

fn st_clear(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("set.clear", args, 0, 0)?;
    set(args, "clear")?.clear();
    Ok(Value::none())
}

fn i_bit_length(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("int.bit_length", args, 0, 0)?;
    let i = args[0].to_bigint().ok_or_else(|| type_error("descriptor 'bit_length' requires an 'int' object"))?;
    Ok(Value::int(i.abs().bits() as i64))
}

fn i_bit_count(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("int.bit_count", args, 0, 0)?;
    let i = args[0].to_bigint().ok_or_else(|| type_error("descriptor 'bit_count' requires an 'int' object"))?;
    let n: u64 = i.abs().to_u64_digits().1.iter().map(|d| d.count_ones() as u64).sum();
    Ok(Value::int(n as i64))
}

fn i_conjugate(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("int.conjugate", args, 0, 0)?;
    Ok(Value::from_bigint(args[0].to_bigint().unwrap_or_default()))
}

fn f_is_integer(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("float.is_integer", args, 0, 0)?;
    let f = args[0].as_f64().ok_or_else(|| type_error("descriptor 'is_integer' requires a 'float' object"))?;
    Ok(Value::bool(f.is_finite() && f.fract() == 0.0))
}

fn f_conjugate(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("float.conjugate", args, 0, 0)?;
    Ok(args[0].clone())
}

fn f_as_integer_ratio(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("float.as_integer_ratio", args, 0, 0)?;
    let f = args[0].as_f64().ok_or_else(|| type_error("descriptor 'as_integer_ratio' requires a 'float' object"))?;
    if f.is_nan() {
        return Err(value_error("cannot convert NaN to integer ratio"));
    }
    if f.is_infinite() {
        return Err(PyErr::new(&tracelift_runtime::exc::OVERFLOW_ERROR, "cannot convert Infinity to integer ratio"));
    }
    let mut num = f;
    let mut den = num_bigint::BigInt::from(1);
    while num.fract() != 0.0 {
        num *= 2.0;
        den *= 2;
    }
    let n = tracelift_runtime::floatops::float_to_bigint(num).unwrap_or_default();
    let g = num_integer::Integer::gcd(&n, &den);
    Ok(Value::tuple(vec![Value::from_bigint(&n / &g), Value::from_bigint(&den / &g)]))
}

fn g_send(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("generator.send", args, 1, 1)?;
    let g = &args[0];
    if g.as_generator().is_none() {
        return Err(type_error("descriptor 'send' requires a 'generator' object"));
    }
    match vm.gen_resume(g, args[1].clone())? {
        Ok(v) => Ok(v),
        Err(r) => Err(PyErr::with_args(&STOP_ITERATION, if r.is_none() { vec![] } else { vec![r] })),
    }
}

fn g_close(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("generator.close", args, 0, 0)?;
    if args[0].as_generator().is_some() {
        vm.gen_close(&args[0])?;
    }
    Ok(Value::none())
}

fn g_throw(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("throw", args, 1, 3)?;
    let g = &args[0];
    if g.as_generator().is_none() {
        return Err(type_error("descriptor 'throw' requires a 'generator' object"));
    }
    let exc = match (args[1].as_type(), args.get(2)) {
        (Some(t), Some(v)) if t.kind == tracelift_runtime::types::Kind::Exception && v.as_exception().is_none() => {
            let items = if v.is_none() { vec![] } else { vec![v.clone()] };
            vm.call_value(&args[1], items, Vec::new())?
        }
        (Some(t), _) if t.kind == tracelift_runtime::types::Kind::Exception => {
            vm.call_value(&args[1], Vec::new(), Vec::new())?
        }
        _ if args[1].as_exception().is_some() => args[1].clone(),
        _ => {
            return Err(type_error(
                "exceptions must be classes or instances deriving from BaseException, not ".to_string()
                    + args[1].ty().name(),
            ));
        }
    };
    match vm.gen_throw(g, PyErr(exc))? {
        Ok(v) => Ok(v),
        Err(r) => Err(PyErr::with_args(&STOP_ITERATION, if r.is_none() { vec![] } else { vec![r] })),
    }
}

fn it_next(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let it = args.first().ok_or_else(|| type_error("__next__ needs an argument"))?;
    match vm.iter_next(it)? {
        Some(v) => Ok(v),
        None => Err(PyErr::bare(&STOP_ITERATION)),
    }
}

fn it_iter(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(args.first().cloned().unwrap_or_else(Value::none))
}

/// `object.__new__(cls, ...)`: a bare instance of `cls`.
fn o_new(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let Some(t) = args.first().and_then(|c| c.as_type()) else {
        return Err(type_error("object.__new__(X): X is not a type object"));
    };
    match t.kind {
        tracelift_runtime::types::Kind::Instance => Ok(tracelift_runtime::object::new_instance(t)),
        tracelift_runtime::types::Kind::Exception => Ok(tracelift_runtime::exc::new_exception(t, args[1..].to_vec())),
        _ => Err(type_error(format!("object.__new__({}) is not safe, use {}.__new__()", t.name(), t.name()))),
    }
}

/// `object.__subclasshook__`: no opinion (a class method in CPython; any arguments).
fn o_subclasshook(_vm: &mut Vm, _args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::not_implemented())
}

fn o_init(_vm: &mut Vm, _args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::none())
}

fn o_eq(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__eq__", args, 1, 1)?;
    Ok(if args[0].is(&args[1]) { Value::bool(true) } else { Value::not_implemented() })
}

fn o_notimpl(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object comparison", args, 1, 1)?;
    Ok(Value::not_implemented())
}

fn o_ne(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__ne__", args, 1, 1)?;
    Ok(if args[0].is(&args[1]) { Value::bool(false) } else { Value::not_implemented() })
}

fn o_hash(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__hash__", args, 0, 0)?;
    Ok(Value::int(tracelift_runtime::keys::identity_hash(&args[0])))
}

fn o_repr(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__repr__", args, 0, 0)?;
    let ty = args[0].ty();
    let module = if ty.is_heap_type() { format!("{}.", ty.module()) } else { String::new() };
    Ok(Value::string(format!("<{}{} object at {:#x}>", module, ty.name(), args[0].raw())))
}

fn o_str(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__str__", args, 0, 0)?;
    Ok(Value::string(vm.repr(&args[0])?))
}

fn o_setattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__setattr__", args, 2, 2)?;
    let obj = &args[0];
    let name = tracelift_runtime::str::intern(args[1].as_str().unwrap_or(""));
    if name.as_str() == Some("__class__") {
        vm.assign_class(obj, &args[2])?;
        return Ok(Value::none());
    }
    if obj.ty().is_heap_type() {
        let Some(v) = vm.set_via_descriptor(obj, &name, args[2].clone())? else { return Ok(Value::none()) };
        if obj.as_instance().is_some() {
            vm.store_instance_attr(obj, &name, v)?;
            return Ok(Value::none());
        }
    }
    match vm.instance_dict(obj) {
        Some(d) => d.as_dict().expect("dict").set(name, args[2].clone())?,
        None => return Err(vm.no_attr(obj, args[1].as_str().unwrap_or(""))),
    }
    Ok(Value::none())
}

fn o_delattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__delattr__", args, 1, 1)?;
    let name = tracelift_runtime::str::intern(args[1].as_str().unwrap_or(""));
    vm.generic_delattr(&args[0], &name)?;
    Ok(Value::none())
}

fn o_getattribute(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    margs("object.__getattribute__", args, 1, 1)?;
    let name = tracelift_runtime::str::intern(args[1].as_str().unwrap_or(""));
    vm.generic_getattr(&args[0], &name, false)
}

fn e_init(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    if let Some(e) = args.first().and_then(|e| e.as_exception()) {
        e.set_args(Value::tuple(args[1..].to_vec()));
    }
    Ok(Value::none())
}

fn e_with_traceback(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(args.first().cloned().unwrap_or_else(Value::none))
}
