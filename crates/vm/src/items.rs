//! Containers: subscripts and slices, `in`, `len`, iteration (`GET_ITER`/`FOR_ITER` and every
//! builtin iterator), unpacking, and the set/dict algebra used by operators and methods.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, index_error, key_error, type_error, value_error};
use tracelift_runtime::keys::hash_value;
use tracelift_runtime::mem;
use tracelift_runtime::object::{
    CALLABLE_ITER_TYPE, DICT_ITEMITER_TYPE, DICT_KEYITER_TYPE, DICT_VALUEITER_TYPE, LIST_ITER_TYPE, RANGE_ITER_TYPE,
    SET_ITER_TYPE, STR_ITER_TYPE, TUPLE_ITER_TYPE,
};
use tracelift_runtime::object::{DictPart, IterState, new_iter};
use tracelift_runtime::set::{SetObject, new_set};
use tracelift_runtime::types::Kind;
use tracelift_uops::opcode::BinaryOp;

use crate::Vm;
use crate::objects::VmValue;

/// Resolved slice bounds for a sequence of length `len` (CPython's `PySlice_AdjustIndices`).
pub struct SliceIdx {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
    pub len: usize,
}

impl Vm {
    pub(crate) fn slice_indices(&mut self, s: &Value, len: usize) -> PyResult<SliceIdx> {
        let sl = s.as_slice().expect("slice");
        let step = if sl.step.is_none() { 1 } else { self.slice_int(&sl.step)? };
        if step == 0 {
            return Err(value_error("slice step cannot be zero"));
        }
        let start_v = if sl.start.is_none() { None } else { Some(self.slice_int(&sl.start)?) };
        let stop_v = if sl.stop.is_none() { None } else { Some(self.slice_int(&sl.stop)?) };
        Ok(adjust_slice(start_v, stop_v, step, len))
    }

    fn slice_int(&mut self, v: &Value) -> PyResult<i64> {
        if let Some(i) = v.as_i64() {
            return Ok(i);
        }
        if v.ty().is_heap_type() {
            return self.index_of(v);
        }
        if let Some(b) = v.as_big() {
            use num_traits::Signed;
            return Ok(if b.is_negative() { i64::MIN / 2 } else { i64::MAX / 2 });
        }
        Err(type_error("slice indices must be integers or None or have an __index__ method"))
    }

    fn norm_index(&mut self, idx: &Value, len: usize, what: &str) -> PyResult<usize> {
        let i = match idx.as_i64() {
            Some(i) => i,
            None if idx.ty().is_heap_type() && self.heap_lookup_static(idx.ty(), "__index__").is_some() => {
                self.index_of(idx)?
            }
            None if idx.as_big().is_some() && what == "range object" => {
                return Err(index_error("range object index out of range"));
            }
            None if idx.as_big().is_some() => {
                return Err(index_error("cannot fit 'int' into an index-sized integer".to_string()));
            }
            None if what == "string" => {
                return Err(type_error(format!("string indices must be integers, not '{}'", idx.ty().name())));
            }
            None => {
                return Err(type_error(format!(
                    "{} indices must be integers or slices, not {}",
                    if what == "range object" { "range" } else { what },
                    idx.ty().name()
                )));
            }
        };
        let j = if i < 0 { i + len as i64 } else { i };
        if j < 0 || j >= len as i64 {
            let msg = match what {
                "list" => "list index out of range",
                "tuple" => "tuple index out of range",
                "range object" => "range object index out of range",
                _ => "string index out of range",
            };
            return Err(index_error(msg));
        }
        Ok(j as usize)
    }

    /// `container[sub]`
    pub fn get_item(&mut self, c: &Value, sub: &Value) -> PyResult<Value> {
        if self.sub_override(c)
            && let Some(r) = self.call_dunder_opt(c, "__getitem__", vec![sub.clone()])?
        {
            return Ok(r);
        }
        if let Some(l) = c.as_list() {
            if sub.as_slice().is_some() {
                let len = l.items().len();
                let si = self.slice_indices(sub, len)?;
                // The list may have changed size if a slice bound's __index__ ran Python code.
                if l.items().len() != len {
                    return Ok(Value::list(Vec::new()));
                }
                return Ok(Value::list(take_slice(l.items(), &si)));
            }
            let len = l.items().len();
            let i = self.norm_index(sub, len, "list")?;
            return Ok(l.items()[i].clone());
        }
        if let Some(t) = c.as_tuple() {
            if sub.as_slice().is_some() {
                let si = self.slice_indices(sub, t.len())?;
                if si.step == 1 && si.len == t.len() {
                    return Ok(c.clone());
                }
                return Ok(Value::tuple(take_slice(t, &si)));
            }
            let i = self.norm_index(sub, t.len(), "tuple")?;
            return Ok(t[i].clone());
        }
        if c.as_array().is_some() {
            return self.array_getitem(c, sub);
        }
        if matches!(c.ty().kind, Kind::Bytes | Kind::ByteArray) {
            return self.bytes_getitem(c, sub);
        }
        if let Some(d) = c.as_dict() {
            return match d.get(sub)? {
                Some(v) => Ok(v),
                // A dict subclass's `__missing__` answers for a missing key.
                None if c.ty().is_heap_type() => match self.call_dunder_opt(c, "__missing__", vec![sub.clone()])? {
                    Some(v) => Ok(v),
                    None => Err(key_error(sub.clone())),
                },
                None => Err(key_error(sub.clone())),
            };
        }
        if let Some(so) = c.as_str_obj() {
            let s = &so.s;
            if sub.as_slice().is_some() {
                let si = self.slice_indices(sub, so.char_len)?;
                if so.is_ascii() {
                    let b = s.as_bytes();
                    let mut out = String::with_capacity(si.len);
                    let mut i = si.start;
                    for _ in 0..si.len {
                        out.push(b[i as usize] as char);
                        i += si.step;
                    }
                    return Ok(Value::string(out));
                }
                let chars: Vec<char> = s.chars().collect();
                let mut out = String::new();
                let mut i = si.start;
                for _ in 0..si.len {
                    out.push(chars[i as usize]);
                    i += si.step;
                }
                return Ok(Value::string(out));
            }
            let i = self.norm_index(sub, so.char_len, "string")?;
            let ch = if so.is_ascii() { s.as_bytes()[i] as char } else { s.chars().nth(i).unwrap_or(' ') };
            return Ok(tracelift_runtime::str::char_str(ch));
        }
        if c.as_range().is_some_and(|r| r.big.is_some()) {
            return Err(type_error("unsupported: subscripting a range with bounds beyond 64 bits"));
        }
        if let Some(r) = c.as_range() {
            let (start, step, len) = (r.start, r.step, r.len());
            if sub.as_slice().is_some() {
                let si = self.slice_indices(sub, len as usize)?;
                let nstart = start + si.start * step;
                let nstep = step * si.step;
                let nstop = nstart + si.len as i64 * nstep;
                return Ok(Value::range(nstart, nstop, nstep));
            }
            let i = self.norm_index(sub, len as usize, "range object")?;
            return Ok(Value::int(start + i as i64 * step));
        }
        if c.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(c, "__getitem__", vec![sub.clone()])?
        {
            return Ok(r);
        }
        if let Some(t) = c.as_type() {
            // `list[int]`: a builtin generic type makes a `types.GenericAlias`; a class with
            // `__class_getitem__` answers itself (an implicit classmethod, as in CPython).
            // (A subclass inherits the builtin's `__class_getitem__`: `class D(dict)`, `D[int]`.)
            let generic = |b: &tracelift_runtime::types::TypeObject| {
                ["list", "dict", "tuple", "set", "frozenset", "type"].contains(&b.name()) && !b.is_heap_type()
            };
            let own = t.is_heap_type() && self.heap_lookup_static(t, "__class_getitem__").is_some();
            if !own && t.mro().any(generic) {
                let types = self.import_shipped("_generic_alias")?;
                let alias = self.get_attr(&types, &Value::str("GenericAlias"))?;
                return self.call_value(&alias, vec![c.clone(), sub.clone()], Vec::new());
            }
            if t.is_heap_type()
                && let Some(f) = self.heap_lookup_static(t, "__class_getitem__")
            {
                if f.as_function().is_some() {
                    return self.call_value(&f, vec![c.clone(), sub.clone()], Vec::new());
                }
                let bound = self.get_attr(c, &Value::str("__class_getitem__"))?;
                return self.call_value(&bound, vec![sub.clone()], Vec::new());
            }
            return Err(type_error(format!("type '{}' is not subscriptable", t.name())));
        }
        Err(type_error(format!("'{}' object is not subscriptable", c.ty().name())))
    }

    /// `container[sub] = v`
    pub fn set_item(&mut self, c: &Value, sub: Value, v: Value) -> PyResult<()> {
        if self.sub_override(c) && self.call_dunder_opt(c, "__setitem__", vec![sub.clone(), v.clone()])?.is_some() {
            return Ok(());
        }
        if c.as_bytearray().is_some() {
            return self.bytearray_setitem(c, &sub, &v);
        }
        if c.as_array().is_some() {
            return self.array_setitem(c, &sub, &v);
        }
        if let Some(l) = c.as_list() {
            if let Some(sl) = sub.as_slice() {
                // A value that has no iterator is refused with CPython's words (its
                // `PySequence_Fast` message); errors while iterating pass through.
                let extended = !(sl.step.is_none() || sl.step.as_i64() == Some(1));
                let iterable = match self.get_iter(&v) {
                    Ok(it) => it,
                    Err(e) if e.matches(&tracelift_runtime::exc::TYPE_ERROR) => {
                        return Err(type_error(if extended {
                            "must assign iterable to extended slice"
                        } else {
                            "can only assign an iterable"
                        }));
                    }
                    Err(e) => return Err(e),
                };
                let new_items = self.collect_iterable(&iterable)?;
                let len = l.items().len();
                let si = self.slice_indices(&sub, len)?;
                let items = l.items_mut();
                if si.step == 1 {
                    let start = si.start.max(0) as usize;
                    let stop = (si.stop.max(si.start)) as usize;
                    items.splice(start..stop.min(len), new_items);
                    return Ok(());
                }
                if new_items.len() != si.len {
                    return Err(value_error(format!(
                        "attempt to assign sequence of size {} to extended slice of size {}",
                        new_items.len(),
                        si.len
                    )));
                }
                let mut i = si.start;
                for it in new_items {
                    items[i as usize] = it;
                    i += si.step;
                }
                return Ok(());
            }
            let len = l.items().len();
            let i = self.norm_index(&sub, len, "list").map_err(|e| {
                if e.matches(&tracelift_runtime::exc::INDEX_ERROR) {
                    index_error("list assignment index out of range")
                } else {
                    e
                }
            })?;
            let old = std::mem::replace(&mut l.items_mut()[i], v);
            drop(old);
            return Ok(());
        }
        if let Some(d) = c.as_dict() {
            return d.set(sub, v);
        }
        if c.ty().is_heap_type() && self.call_dunder_opt(c, "__setitem__", vec![sub, v])?.is_some() {
            return Ok(());
        }
        Err(type_error(format!("'{}' object does not support item assignment", c.ty().name())))
    }

    /// `del container[sub]`
    pub fn del_item(&mut self, c: &Value, sub: &Value) -> PyResult<()> {
        if self.sub_override(c) && self.call_dunder_opt(c, "__delitem__", vec![sub.clone()])?.is_some() {
            return Ok(());
        }
        if let Some(l) = c.as_list() {
            let len = l.items().len();
            if sub.as_slice().is_some() {
                let si = self.slice_indices(sub, len)?;
                let mut idx: Vec<usize> = (0..si.len).map(|k| (si.start + k as i64 * si.step) as usize).collect();
                idx.sort_unstable();
                let items = l.items_mut();
                for i in idx.into_iter().rev() {
                    items.remove(i);
                }
                return Ok(());
            }
            let i = self.norm_index(sub, len, "list").map_err(|e| {
                if e.matches(&tracelift_runtime::exc::INDEX_ERROR) {
                    index_error("list assignment index out of range")
                } else {
                    e
                }
            })?;
            let old = l.items_mut().remove(i);
            drop(old);
            return Ok(());
        }
        if c.as_array().is_some() {
            return self.array_delitem(c, sub);
        }
        if let Some(d) = c.as_dict() {
            return match d.remove(sub)? {
                Some(_) => Ok(()),
                None => Err(key_error(sub.clone())),
            };
        }
        if c.ty().is_heap_type() && self.call_dunder_opt(c, "__delitem__", vec![sub.clone()])?.is_some() {
            return Ok(());
        }
        Err(type_error(format!("'{}' object doesn't support item deletion", c.ty().name())))
    }

    /// `item in container`
    pub fn contains(&mut self, c: &Value, item: &Value) -> PyResult<bool> {
        if self.sub_override(c)
            && let Some(r) = self.call_dunder_opt(c, "__contains__", vec![item.clone()])?
        {
            return self.truthy(&r);
        }
        if c.as_array().is_some() {
            return self.array_contains(c, item);
        }
        if matches!(c.ty().kind, Kind::Bytes | Kind::ByteArray) {
            return self.bytes_contains(c, item);
        }
        if let Some(d) = c.as_dict() {
            return Ok(d.get(item)?.is_some());
        }
        if let Some(s) = c.as_set() {
            return s.contains_op(item);
        }
        if let Some(s) = c.as_str() {
            return match item.as_str() {
                // One character: `memchr`, not the two-way searcher's setup (see `by_pattern!`).
                Some(sub) => Ok(match sub.as_bytes() {
                    [b] if b.is_ascii() => s.as_bytes().contains(b),
                    _ => s.contains(sub),
                }),
                None => {
                    Err(type_error(format!("'in <string>' requires string as left operand, not {}", item.ty().name())))
                }
            };
        }
        if c.as_list().is_some() {
            // By index, each item read again, as CPython's `list_contains`: an item's `__eq__`
            // may change the list.
            let mut i = 0;
            while let Some(it) = c.as_list().and_then(|l| l.items().get(i).cloned()) {
                if self.eq_bool(&it, item)? {
                    return Ok(true);
                }
                i += 1;
            }
            return Ok(false);
        }
        if let Some(t) = c.as_tuple() {
            for it in t {
                if self.eq_bool(it, item)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if let Some(r) = c.as_range().filter(|r| r.big.is_some())
            && item.is_int_or_bool()
        {
            return Ok(r.position(&item.to_bigint().expect("int")).is_some());
        }
        if let Some(r) = c.as_range().filter(|r| r.big.is_none())
            && let Some(i) = item.as_i64().filter(|_| item.is_int_or_bool())
        {
            let (start, stop, step) = (r.start, r.stop, r.step);
            let inside = if step > 0 { i >= start && i < stop } else { i <= start && i > stop };
            return Ok(inside && (i - start) % step == 0);
        }
        if let Some(it) = c.as_iter()
            && let IterState::DictView { dict, what } = it.state()
        {
            let dict = dict.clone();
            let what = *what;
            let d = dict.as_dict().expect("dict");
            match what {
                DictPart::Keys => return Ok(d.get(item)?.is_some()),
                DictPart::Items => {
                    if let Some(kv) = item.as_tuple().filter(|t| t.len() == 2) {
                        return match d.get(&kv[0])? {
                            Some(v) => self.eq_bool(&v, &kv[1]),
                            None => Ok(false),
                        };
                    }
                    return Ok(false);
                }
                DictPart::Values => {}
            }
        }
        if c.ty().is_heap_type()
            && let Some(r) = self.call_dunder_opt(c, "__contains__", vec![item.clone()])?
        {
            return self.truthy(&r);
        }
        // Fall back to iteration.
        let it = match self.get_iter(c) {
            Ok(it) => it,
            Err(_) => {
                return Err(type_error(format!("argument of type '{}' is not iterable", c.ty().name())));
            }
        };
        while let Some(v) = self.iter_next(&it)? {
            if self.eq_bool(&v, item)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `len(v)`
    pub fn len(&mut self, v: &Value) -> PyResult<usize> {
        if self.sub_override(v)
            && let Some(n) = self.user_len(v)?
        {
            return Ok(n);
        }
        if let Some(b) = v.bytes_like() {
            return Ok(b.len());
        }
        if let Some(s) = v.as_str_obj() {
            return Ok(s.char_len);
        }
        if let Some(l) = v.as_list() {
            return Ok(l.items().len());
        }
        if let Some(t) = v.as_tuple() {
            return Ok(t.len());
        }
        if let Some(a) = v.as_array() {
            return Ok(a.len());
        }
        if let Some(d) = v.as_dict() {
            return Ok(d.len());
        }
        if let Some(s) = v.as_set() {
            return Ok(s.len());
        }
        if let Some(r) = v.as_range() {
            if let Some(b) = &r.big {
                let n = tracelift_runtime::object::big_range_len(&b[0], &b[1], &b[2]);
                return num_traits::ToPrimitive::to_usize(&n).filter(|n| *n <= i64::MAX as usize).ok_or_else(|| {
                    PyErr::new(&tracelift_runtime::exc::OVERFLOW_ERROR, "Python int too large to convert to C ssize_t")
                });
            }
            return Ok(r.len() as usize);
        }
        if let Some(it) = v.as_iter()
            && let IterState::DictView { dict, .. } = it.state()
        {
            return Ok(dict.as_dict().expect("dict").len());
        }
        if v.ty().is_heap_type()
            && let Some(n) = self.user_len(v)?
        {
            return Ok(n);
        }
        Err(type_error(format!("object of type '{}' has no len()", v.ty().name())))
    }

    /// What a user class's `__len__` says (None when it has none), checked as CPython does.
    fn user_len(&mut self, v: &Value) -> PyResult<Option<usize>> {
        let Some(r) = self.call_dunder_opt(v, "__len__", vec![])? else { return Ok(None) };
        if r.as_i64().is_none() && r.as_big().is_some() {
            return Err(PyErr::new(
                &tracelift_runtime::exc::OVERFLOW_ERROR,
                "cannot fit 'int' into an index-sized integer",
            ));
        }
        let n = self.index_of(&r)?;
        if n < 0 {
            return Err(value_error("__len__() should return >= 0"));
        }
        Ok(Some(n as usize))
    }

    /// What a user class's `__iter__` returns (None when it has none), which must be an
    /// iterator.
    fn user_iter(&mut self, v: &Value) -> PyResult<Option<Value>> {
        let Some(r) = self.call_dunder_opt(v, "__iter__", vec![])? else { return Ok(None) };
        if !self.is_iterator(&r) {
            return Err(type_error(format!("iter() returned non-iterator of type '{}'", r.ty().name())));
        }
        Ok(Some(r))
    }

    /// `iter(v)`
    pub fn get_iter(&mut self, v: &Value) -> PyResult<Value> {
        let ty = v.ty();
        if self.sub_override(v)
            && let Some(r) = self.user_iter(v)?
        {
            return Ok(r);
        }
        let it = match ty.kind {
            Kind::List => new_iter(&LIST_ITER_TYPE, IterState::Seq { seq: v.clone(), index: 0 }),
            Kind::Tuple => new_iter(&TUPLE_ITER_TYPE, IterState::Seq { seq: v.clone(), index: 0 }),
            Kind::Str => new_iter(&STR_ITER_TYPE, IterState::Str { s: v.clone(), pos: 0 }),
            // The ints of a byte string, from a snapshot of it (a list iterator).
            Kind::Bytes | Kind::ByteArray => {
                let ints = v.bytes_like().expect("bytes").iter().map(|&b| Value::int(b as i64)).collect();
                new_iter(&LIST_ITER_TYPE, IterState::Seq { seq: Value::list(ints), index: 0 })
            }
            // Items read live, as CPython's arrayiterator does.
            Kind::Array => {
                new_iter(&tracelift_runtime::object::SEQ_ITER_TYPE, IterState::GetItem { obj: v.clone(), index: 0 })
            }
            Kind::Range if v.as_range().is_some_and(|r| r.big.is_some()) => {
                let b = v.as_range().expect("range").big.as_ref().expect("big").clone();
                let remaining = tracelift_runtime::object::big_range_len(&b[0], &b[1], &b[2]);
                let [start, _, step] = *b;
                new_iter(&RANGE_ITER_TYPE, IterState::BigRange(Box::new([start, step, remaining])))
            }
            Kind::Range => {
                let r = v.as_range().expect("range");
                new_iter(&RANGE_ITER_TYPE, IterState::Range { next: r.start, step: r.step, remaining: r.len() })
            }
            Kind::Dict => {
                let len = v.as_dict().expect("dict").len();
                new_iter(&DICT_KEYITER_TYPE, IterState::Dict { dict: v.clone(), pos: 0, len, what: DictPart::Keys })
            }
            Kind::Set | Kind::FrozenSet => {
                let len = v.as_set().expect("set").len();
                new_iter(&SET_ITER_TYPE, IterState::Set { set: v.clone(), pos: 0, len })
            }
            Kind::Iter => {
                let st = v.as_iter().expect("iter").state();
                if let IterState::DictView { dict, what } = st {
                    let len = dict.as_dict().expect("dict").len();
                    let t = match what {
                        DictPart::Keys => &DICT_KEYITER_TYPE,
                        DictPart::Values => &DICT_VALUEITER_TYPE,
                        DictPart::Items => &DICT_ITEMITER_TYPE,
                    };
                    new_iter(t, IterState::Dict { dict: dict.clone(), pos: 0, len, what: *what })
                } else {
                    v.clone()
                }
            }
            _ if v.is_type(&crate::objects::GENERATOR_TYPE) => v.clone(),
            _ if ty.is_heap_type() => {
                // `__iter__ = None` says the class is not iterable.
                if self.heap_lookup_static(ty, "__iter__").is_some_and(|f| f.is_none()) {
                    return Err(type_error(format!("'{}' object is not iterable", ty.name())));
                }
                if let Some(r) = self.user_iter(v)? {
                    return Ok(r);
                }
                if self.heap_lookup_static(ty, "__getitem__").is_some() {
                    return Ok(new_iter(
                        &tracelift_runtime::object::SEQ_ITER_TYPE,
                        IterState::GetItem { obj: v.clone(), index: 0 },
                    ));
                }
                return Err(type_error(format!("'{}' object is not iterable", ty.name())));
            }
            _ => return Err(type_error(format!("'{}' object is not iterable", ty.name()))),
        };
        Ok(it)
    }

    /// Is `v` an iterator (something `next()` works on): a builtin iterator, a generator or
    /// a coroutine, or an instance whose class has `__next__`.
    pub(crate) fn is_iterator(&self, v: &Value) -> bool {
        v.as_iter().is_some()
            || v.as_generator().is_some()
            || (v.ty().is_heap_type()
                && self.heap_lookup(v.ty(), "__next__", tracelift_runtime::str::str_hash("__next__")).is_some())
    }

    /// `next(it)`: `Ok(None)` when exhausted.
    pub fn iter_next(&mut self, it: &Value) -> PyResult<Option<Value>> {
        if let Some(io) = it.as_iter() {
            return self.builtin_iter_next(io.state(), it);
        }
        if it.as_generator().is_some() {
            return match self.gen_resume(it, Value::none())? {
                Ok(v) => Ok(Some(v)),
                Err(_) => Ok(None),
            };
        }
        if it.ty().is_heap_type() {
            match self.call_dunder_opt(it, "__next__", vec![]) {
                Ok(Some(v)) => return Ok(Some(v)),
                Ok(None) => {}
                Err(e) if e.matches(&tracelift_runtime::exc::STOP_ITERATION) => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        Err(type_error(format!("'{}' object is not an iterator", it.ty().name())))
    }

    fn builtin_iter_next(&mut self, st: &mut IterState, _it: &Value) -> PyResult<Option<Value>> {
        match st {
            IterState::Range { next, step, remaining } => {
                if *remaining <= 0 {
                    return Ok(None);
                }
                let v = *next;
                *remaining -= 1;
                *next = next.wrapping_add(*step);
                Ok(Some(Value::int(v)))
            }
            IterState::BigRange(b) => {
                use num_traits::Signed;
                let [next, step, remaining] = &mut **b;
                if !remaining.is_positive() {
                    return Ok(None);
                }
                let v = next.clone();
                *remaining -= 1;
                *next += &*step;
                Ok(Some(Value::from_bigint(v)))
            }
            IterState::Seq { seq, index } => {
                let item = if let Some(l) = seq.as_list() {
                    l.items().get(*index).cloned()
                } else if let Some(t) = seq.as_tuple() {
                    t.get(*index).cloned()
                } else {
                    None
                };
                match item {
                    Some(v) => {
                        *index += 1;
                        Ok(Some(v))
                    }
                    None => {
                        *st = IterState::Done;
                        Ok(None)
                    }
                }
            }
            IterState::Str { s, pos } => {
                let text = s.as_str().unwrap_or("");
                match text[*pos..].chars().next() {
                    Some(c) => {
                        *pos += c.len_utf8();
                        Ok(Some(tracelift_runtime::str::char_str(c)))
                    }
                    None => Ok(None),
                }
            }
            IterState::Dict { dict, pos, len, what } => {
                let d = dict.as_dict().expect("dict");
                if d.len() != *len {
                    *len = usize::MAX;
                    return Err(PyErr::new(
                        &tracelift_runtime::exc::RUNTIME_ERROR,
                        "dictionary changed size during iteration",
                    ));
                }
                let entries = d.entries();
                while *pos < entries.len() {
                    let e = &entries[*pos];
                    *pos += 1;
                    if !e.key.is_null() {
                        return Ok(Some(match what {
                            DictPart::Keys => e.key.clone(),
                            DictPart::Values => e.value.clone(),
                            DictPart::Items => Value::tuple(vec![e.key.clone(), e.value.clone()]),
                        }));
                    }
                }
                Ok(None)
            }
            IterState::Set { set, pos, len } => {
                let s = set.as_set().expect("set");
                if s.len() != *len {
                    *len = usize::MAX;
                    return Err(PyErr::new(
                        &tracelift_runtime::exc::RUNTIME_ERROR,
                        "Set changed size during iteration",
                    ));
                }
                while *pos < s.slots() {
                    let i = *pos;
                    *pos += 1;
                    if let Some(v) = s.slot(i) {
                        return Ok(Some(v));
                    }
                }
                Ok(None)
            }
            IterState::Reversed { seq, index } => {
                if *index < 0 {
                    return Ok(None);
                }
                let i = *index as usize;
                *index -= 1;
                let v = if let Some(l) = seq.as_list() {
                    l.items().get(i).cloned()
                } else if let Some(t) = seq.as_tuple() {
                    t.get(i).cloned()
                } else if let Some(s) = seq.as_str() {
                    s.chars().nth(i).map(|c| Value::string(c.to_string()))
                } else {
                    None
                };
                if v.is_none() {
                    *index = -1;
                }
                Ok(v)
            }
            IterState::Enumerate { it, count } => {
                let (it, c) = (it.clone(), count.clone());
                match self.iter_next(&it)? {
                    Some(v) => {
                        let next = self.binary_op(BinaryOp::Add, &c, &Value::int(1), false)?;
                        if let IterState::Enumerate { count, .. } = st {
                            *count = next;
                        }
                        Ok(Some(Value::tuple(vec![c, v])))
                    }
                    None => Ok(None),
                }
            }
            IterState::Zip { its, strict } => {
                let (its, strict) = (its.clone(), *strict);
                if its.is_empty() {
                    return Ok(None);
                }
                let mut out = Vec::with_capacity(its.len());
                for (k, i) in its.iter().enumerate() {
                    match self.iter_next(i)? {
                        Some(v) => out.push(v),
                        None => {
                            if strict {
                                if k > 0 {
                                    let s = if k == 1 { " " } else { "s 1-" };
                                    return Err(value_error(format!(
                                        "zip() argument {} is shorter than argument{}{}",
                                        k + 1,
                                        s,
                                        k
                                    )));
                                }
                                for (j, rest) in its.iter().enumerate().skip(1) {
                                    if self.iter_next(rest)?.is_some() {
                                        let s = if j == 1 { " " } else { "s 1-" };
                                        return Err(value_error(format!(
                                            "zip() argument {} is longer than argument{}{}",
                                            j + 1,
                                            s,
                                            j
                                        )));
                                    }
                                }
                            }
                            return Ok(None);
                        }
                    }
                }
                Ok(Some(Value::tuple(out)))
            }
            IterState::Map { func, its } => {
                let (func, its) = (func.clone(), its.clone());
                let mut args = Vec::with_capacity(its.len());
                for i in &its {
                    match self.iter_next(i)? {
                        Some(v) => args.push(v),
                        None => return Ok(None),
                    }
                }
                self.call_value(&func, args, Vec::new()).map(Some)
            }
            IterState::Filter { func, it } => {
                let (func, it) = (func.clone(), it.clone());
                loop {
                    let Some(v) = self.iter_next(&it)? else { return Ok(None) };
                    let keep = if func.is_none() {
                        self.truthy(&v)?
                    } else {
                        let r = self.call_value(&func, vec![v.clone()], Vec::new())?;
                        self.truthy(&r)?
                    };
                    if keep {
                        return Ok(Some(v));
                    }
                }
            }
            IterState::GetItem { obj, index } => {
                let (o, i) = (obj.clone(), *index);
                match self.get_item(&o, &Value::int(i)) {
                    Ok(v) => {
                        if let IterState::GetItem { index, .. } = st {
                            *index += 1;
                        }
                        Ok(Some(v))
                    }
                    Err(e)
                        if e.matches(&tracelift_runtime::exc::INDEX_ERROR)
                            || e.matches(&tracelift_runtime::exc::STOP_ITERATION) =>
                    {
                        *st = IterState::Done;
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            }
            IterState::Callable { func, sentinel } => {
                let (func, sentinel) = (func.clone(), sentinel.clone());
                let v = self.call_value(&func, Vec::new(), Vec::new())?;
                if self.eq_bool(&v, &sentinel)? {
                    *st = IterState::Done;
                    return Ok(None);
                }
                Ok(Some(v))
            }
            IterState::DictView { .. } => Err(type_error("'dict_keys' object is not an iterator")),
            IterState::Done => Ok(None),
        }
    }

    /// Every item of an iterable, in order.
    pub fn collect_iterable(&mut self, v: &Value) -> PyResult<Vec<Value>> {
        if !self.sub_override(v) {
            if let Some(l) = v.as_list() {
                return Ok(l.items().clone());
            }
            if let Some(t) = v.as_tuple() {
                return Ok(t.to_vec());
            }
            // In table order, as the iterator gives them (nothing runs Python code meanwhile).
            if let Some(s) = v.as_set() {
                return Ok(s.items());
            }
        }
        let it = self.get_iter(v)?;
        self.collect_iterator(&it)
    }

    /// The items the iterator `it` gives, to its end (`it` is not asked for an iterator again).
    pub fn collect_iterator(&mut self, it: &Value) -> PyResult<Vec<Value>> {
        // A known length is reserved at once, so `list(range(2**62))` is a MemoryError before
        // anything is produced (CPython's length hint).
        let mut out = match it.as_iter().map(|i| &*i.state()) {
            Some(IterState::Range { remaining, .. }) => mem::vec_with_capacity((*remaining).max(0) as usize)?,
            Some(IterState::BigRange(r)) => match num_traits::ToPrimitive::to_usize(&r[2]) {
                Some(n) => mem::vec_with_capacity(n)?,
                None => return Err(mem::memory_error()),
            },
            _ => Vec::new(),
        };
        while let Some(x) = self.iter_next(it)? {
            mem::push(&mut out, x)?;
        }
        Ok(out)
    }

    /// `UNPACK_SEQUENCE` (`star = None`) and `UNPACK_EX` (`star = Some(after)`): the items in
    /// order, the starred part as a list.
    pub fn unpack(&mut self, seq: &Value, before: usize, star: Option<usize>) -> PyResult<Vec<Value>> {
        let items = match self.collect_iterable(seq) {
            Ok(i) => i,
            Err(e)
                if e.matches(&tracelift_runtime::exc::TYPE_ERROR)
                    && !seq.ty().is_heap_type()
                    && seq.as_iter().is_none()
                    && seq.as_generator().is_none() =>
            {
                return Err(type_error(format!("cannot unpack non-iterable {} object", seq.ty().name())));
            }
            Err(e) => return Err(e),
        };
        match star {
            None => {
                if items.len() > before {
                    return Err(value_error(format!("too many values to unpack (expected {before})")));
                }
                if items.len() < before {
                    return Err(value_error(format!(
                        "not enough values to unpack (expected {}, got {})",
                        before,
                        items.len()
                    )));
                }
                Ok(items)
            }
            Some(after) => {
                if items.len() < before + after {
                    return Err(value_error(format!(
                        "not enough values to unpack (expected at least {}, got {})",
                        before + after,
                        items.len()
                    )));
                }
                let mut items = items;
                let tail = items.split_off(items.len() - after);
                let mid = items.split_off(before);
                items.push(Value::list(mid));
                items.extend(tail);
                Ok(items)
            }
        }
    }

    /// `set.update(iterable)` with CPython's merge layouts.
    pub fn set_update(&mut self, s: &Value, other: &Value) -> PyResult<()> {
        let so = s.as_set().expect("set");
        if let Some(o) = other.as_set() {
            return so.merge(o);
        }
        if let Some(d) = other.as_dict() {
            let keys: Vec<(Value, i64)> =
                d.entries().iter().filter(|e| !e.key.is_null()).map(|e| (e.key.clone(), e.hash)).collect();
            return so.merge_dict_keys(keys);
        }
        for v in self.collect_iterable(other)? {
            so.add(v)?;
        }
        Ok(())
    }

    /// `**m` in a call to `callable` (`DICT_MERGE`): the keywords of mapping `m` (a dict, or
    /// anything with `keys()`) go into `d`, a key already there being an error, and errors
    /// name the callable as CPython does.
    pub fn dict_merge(&mut self, d: &Value, m: &Value, callable: &Value) -> PyResult<()> {
        let dd = d.as_dict().expect("dict");
        let pairs = if let Some(src) = m.as_dict() {
            src.items()
        } else if m.ty().is_heap_type() && self.type_lookup(m.ty(), "keys").is_some() {
            let keys = self.call_method(m, "keys", vec![])?;
            let mut pairs = Vec::new();
            for k in self.collect_iterable(&keys)? {
                let v = self.get_item(m, &k)?;
                pairs.push((k, v));
            }
            pairs
        } else {
            let who = self.function_str(callable);
            return Err(type_error(format!("{who} argument after ** must be a mapping, not {}", m.ty().name())));
        };
        for (k, v) in pairs {
            if dd.get(&k)?.is_some() {
                let who = self.function_str(callable);
                let name = match k.as_str() {
                    Some(s) => s.to_owned(),
                    None => self.repr(&k).unwrap_or_default(),
                };
                return Err(type_error(format!("{who} got multiple values for keyword argument '{name}'")));
            }
            dd.set(k, v)?;
        }
        Ok(())
    }

    /// `dict.update(mapping_or_pairs)`.
    pub fn dict_update(&mut self, d: &Value, m: &Value) -> PyResult<()> {
        let dd = d.as_dict().expect("dict");
        if let Some(src) = m.as_dict() {
            for (k, v) in src.items() {
                dd.set(k, v)?;
            }
            return Ok(());
        }
        if m.ty().is_heap_type() && self.type_lookup(m.ty(), "keys").is_some() {
            let keys = self.call_method(m, "keys", vec![])?;
            for k in self.collect_iterable(&keys)? {
                let v = self.get_item(m, &k)?;
                dd.set(k, v)?;
            }
            return Ok(());
        }
        let items = self.collect_iterable(m)?;
        for (i, pair) in items.iter().enumerate() {
            let kv = self.collect_iterable(pair).map_err(|_| {
                type_error(format!("cannot convert dictionary update sequence element #{} to a sequence", i))
            })?;
            if kv.len() != 2 {
                return Err(value_error(format!(
                    "dictionary update sequence element #{} has length {}; 2 is required",
                    i,
                    kv.len()
                )));
            }
            let mut kv = kv.into_iter();
            let (k, v) = (kv.next().expect("key"), kv.next().expect("value"));
            dd.set(k, v)?;
        }
        Ok(())
    }

    /// `a | b`, `a & b`, `a - b`, `a ^ b` on sets (CPython's algorithms, for identical order).
    pub fn set_binop(&mut self, op: BinaryOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Value> {
        let (sa, sb) = (a.as_set().expect("set"), b.as_set().expect("set"));
        let frozen = sa.is_frozen();
        match op {
            BinaryOp::Or => {
                let r = if inplace { a.clone() } else { sa.copy(frozen)? };
                r.as_set().expect("set").merge(sb)?;
                Ok(r)
            }
            BinaryOp::And => {
                let r = new_set(frozen);
                let rs = r.as_set().expect("set");
                let (small, big) = if sb.len() > sa.len() { (sa, sb) } else { (sb, sa) };
                for (v, h) in small.walk() {
                    if big.contains_entry(&v, h)? {
                        rs.add_with_hash(v, h)?;
                    }
                }
                if inplace {
                    sa.clear();
                    sa.merge(rs)?;
                    return Ok(a.clone());
                }
                Ok(r)
            }
            BinaryOp::Subtract => {
                if inplace {
                    for (v, h) in sb.walk() {
                        sa.discard_entry(&v, h)?;
                    }
                    return Ok(a.clone());
                }
                // CPython's set_difference: copy and discard when `a` is much bigger than `b`,
                // else build a new set from `a`'s items not in `b`.
                if sa.len() >> 2 > sb.len() {
                    let r = sa.copy(frozen)?;
                    for (v, h) in sb.walk() {
                        r.as_set().expect("set").discard_entry(&v, h)?;
                    }
                    return Ok(r);
                }
                let r = new_set(frozen);
                let rs = r.as_set().expect("set");
                for (v, h) in sa.walk() {
                    if !sb.contains_entry(&v, h)? {
                        rs.add_with_hash(v, h)?;
                    }
                }
                Ok(r)
            }
            _ => {
                // In place: toggle `b`'s items in `a`. Otherwise CPython's
                // set_symmetric_difference: a copy of `b` with `a`'s items toggled.
                let (r, toggles) = if inplace { (a.clone(), sb.walk()) } else { (sb.copy(frozen)?, sa.walk()) };
                let rs = r.as_set().expect("set");
                for (v, h) in toggles {
                    if !rs.discard_entry(&v, h)? {
                        rs.add_with_hash(v, h)?;
                    }
                }
                Ok(r)
            }
        }
    }

    /// Set equality.
    pub fn set_eq(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        let (sa, sb) = (a.as_set().expect("set"), b.as_set().expect("set"));
        if sa.len() != sb.len() {
            return Ok(false);
        }
        subset(sa, sb)
    }

    /// Subset/superset comparisons.
    pub fn set_compare(&mut self, op: tracelift_uops::CompareOp, a: &Value, b: &Value) -> PyResult<bool> {
        use tracelift_uops::CompareOp as C;
        let (sa, sb) = (a.as_set().expect("set"), b.as_set().expect("set"));
        // A bigger set is no subset, as in CPython's `set_issubset`.
        Ok(match op {
            C::Le => sa.len() <= sb.len() && subset(sa, sb)?,
            C::Lt => sa.len() < sb.len() && subset(sa, sb)?,
            C::Ge => sb.len() <= sa.len() && subset(sb, sa)?,
            C::Gt => sb.len() < sa.len() && subset(sb, sa)?,
            C::Eq => self.set_eq(a, b)?,
            C::Ne => !self.set_eq(a, b)?,
        })
    }

    /// Dict equality.
    pub fn dict_eq(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        let (da, db) = (a.as_dict().expect("dict"), b.as_dict().expect("dict"));
        if da.len() != db.len() {
            return Ok(false);
        }
        for (k, v) in da.items() {
            match db.get(&k)? {
                Some(w) => {
                    if !self.eq_bool(&v, &w)? {
                        return Ok(false);
                    }
                }
                None => return Ok(false),
            }
        }
        Ok(true)
    }

    /// `hash(v)` (user `__hash__` included).
    pub fn hash(&mut self, v: &Value) -> PyResult<i64> {
        hash_value(v)
    }

    /// An iterator over a callable until it returns `sentinel`.
    pub fn callable_iter(&mut self, func: Value, sentinel: Value) -> Value {
        new_iter(&CALLABLE_ITER_TYPE, IterState::Callable { func, sentinel })
    }
}

/// Slice bounds (`None` for a missing one; `step` not zero) resolved for a sequence of length
/// `len` (CPython's `PySlice_AdjustIndices`).
pub(crate) fn adjust_slice(start_v: Option<i64>, stop_v: Option<i64>, step: i64, len: usize) -> SliceIdx {
    let len_i = len as i64;
    let (lower, upper) = if step < 0 { (-1, len_i - 1) } else { (0, len_i) };
    let adj = |v: Option<i64>, default: i64| -> i64 {
        match v {
            None => default,
            Some(mut x) => {
                if x < 0 {
                    x += len_i;
                    if x < lower {
                        x = lower;
                    }
                } else if x > upper {
                    x = upper;
                }
                x
            }
        }
    };
    let start = adj(start_v, if step < 0 { upper } else { lower });
    let stop = adj(stop_v, if step < 0 { lower } else { upper });
    let n = if step < 0 {
        if stop < start { (start - stop - 1) / (-step) + 1 } else { 0 }
    } else if start < stop {
        (stop - start - 1) / step + 1
    } else {
        0
    };
    SliceIdx { start, stop, step, len: n as usize }
}

/// A slice bound the short paths take: `Some(None)` for None, `Some(Some(i))` for an int that
/// fits an `i64`, `None` for anything else.
fn int_bound(v: &Value) -> Option<Option<i64>> {
    if v.is_none() { Some(None) } else { v.as_i64().map(Some) }
}

/// `seq[start:stop:step]` of an exact list or tuple whose bounds are ints that fit an `i64`
/// or None, with a step that is not zero: the new list or tuple, as `get_item` makes it (a
/// whole tuple is itself). `None` for anything else, which the generic path handles (it
/// calls `__index__`, raises). Runs no Python code.
pub(crate) fn fast_slice(seq: &Value, start: &Value, stop: &Value, step: &Value) -> Option<Value> {
    let (start, stop) = (int_bound(start)?, int_bound(stop)?);
    let step = if step.is_none() { 1 } else { step.as_i64().filter(|&s| s != 0)? };
    if std::ptr::eq(seq.ty(), &tracelift_runtime::types::LIST_TYPE) {
        let items = seq.as_list()?.items();
        Some(Value::list(take_slice(items, &adjust_slice(start, stop, step, items.len()))))
    } else if std::ptr::eq(seq.ty(), &tracelift_runtime::types::TUPLE_TYPE) {
        let t = seq.as_tuple()?;
        let si = adjust_slice(start, stop, step, t.len());
        Some(if si.step == 1 && si.len == t.len() { seq.clone() } else { Value::tuple(take_slice(t, &si)) })
    } else {
        None
    }
}

/// `list[start:stop] = v` for an exact list, int or None bounds and an exact list or tuple
/// `v`, as `set_item` does it; `false`, nothing changed, for anything else (the generic
/// path). The replaced items are released after the list is whole again.
pub(crate) fn fast_set_slice(list: &Value, start: &Value, stop: &Value, v: &Value) -> bool {
    let (Some(start), Some(stop)) = (int_bound(start), int_bound(stop)) else { return false };
    if !std::ptr::eq(list.ty(), &tracelift_runtime::types::LIST_TYPE) {
        return false;
    }
    let new_items = if std::ptr::eq(v.ty(), &tracelift_runtime::types::LIST_TYPE) {
        v.as_list().map(|l| l.items().clone())
    } else if std::ptr::eq(v.ty(), &tracelift_runtime::types::TUPLE_TYPE) {
        v.as_tuple().map(|t| t.to_vec())
    } else {
        None
    };
    let (Some(new_items), Some(l)) = (new_items, list.as_list()) else { return false };
    let len = l.items().len();
    let si = adjust_slice(start, stop, 1, len);
    let (start, stop) = (si.start.max(0) as usize, (si.stop.max(si.start) as usize).min(len));
    if stop - start == new_items.len() {
        // As many items in as out (fannkuch's `perm[:k + 1] = perm[k::-1]`): each slot takes
        // its new value in place. Releasing the old one runs no Python code (there are no
        // `__del__` methods), so nothing sees the list between two slots.
        for (slot, v) in l.items_mut()[start..stop].iter_mut().zip(new_items) {
            drop(std::mem::replace(slot, v));
        }
        return true;
    }
    let old: Vec<Value> = l.items_mut().splice(start..stop, new_items).collect();
    drop(old);
    true
}

fn take_slice(items: &[Value], si: &SliceIdx) -> Vec<Value> {
    let mut out = Vec::with_capacity(si.len);
    let mut i = si.start;
    for _ in 0..si.len {
        out.push(items[i as usize].clone());
        i += si.step;
    }
    out
}

/// Is every element of `x` in `y`? (CPython's `set_issubset`.)
fn subset(x: &SetObject, y: &SetObject) -> PyResult<bool> {
    for (v, h) in x.walk() {
        if !y.contains_entry(&v, h)? {
            return Ok(false);
        }
    }
    Ok(true)
}
