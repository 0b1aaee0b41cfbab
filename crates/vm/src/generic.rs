//! Generic (unspecialized) instructions that need no control flow, run one at a time on the
//! frame stack: what tier 1's generic cases call, and what tier 2's generic uops run through
//! `Rt::generic` (`_BINARY_OP`, `_LOAD_ATTR`, …). One implementation serves both tiers.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{
    ASSERTION_ERROR, PyErr, PyResult, RUNTIME_ERROR, STOP_ITERATION, SYSTEM_ERROR, TYPE_ERROR, type_error,
};
use tracelift_runtime::types::Kind;
use tracelift_uops::opcode::{BinaryOp, CompareOp, Intrinsic1, Opcode};

use crate::Vm;
use crate::objects::{NativeFn, VmValue, new_cell, new_function};

impl Vm {
    /// Generic `BINARY_OP`: inline fast paths for small ints and floats, then the full
    /// protocol.
    #[inline(always)]
    pub(crate) fn binary_op_value(&mut self, oparg: u32, lhs: &Value, rhs: &Value) -> PyResult<Value> {
        if lhs.is_small()
            && rhs.is_small()
            && let Some(v) = self.small_int_op(oparg, lhs.small_value(), rhs.small_value())
        {
            return Ok(v);
        }
        if let Some(v) = float_op(oparg, lhs, rhs) {
            return Ok(v);
        }
        self.binary_op_arg(oparg, lhs, rhs)
    }

    /// Fast path for `BINARY_OP` on two small ints; `None` when the result needs the slow path
    /// (overflow into a bigint is handled there, as are errors).
    #[inline(always)]
    fn small_int_op(&self, oparg: u32, a: i64, b: i64) -> Option<Value> {
        let op = if oparg >= BinaryOp::INPLACE_OFFSET { oparg - BinaryOp::INPLACE_OFFSET } else { oparg };
        let r = match op {
            0 => a.checked_add(b)?,
            10 => a.checked_sub(b)?,
            5 => a.checked_mul(b)?,
            1 => a & b,
            7 => a | b,
            12 => a ^ b,
            2 if b != 0 => a.div_euclid(b) - if (a.rem_euclid(b) != 0) && (b < 0) { 1 } else { 0 },
            6 if b != 0 => {
                let r = a % b;
                if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r }
            }
            _ => return None,
        };
        if Value::fits_small(r) { Some(Value::small(r)) } else { None }
    }

    /// A call's `(callable, self_or_null)` at `stack[fidx]`: a bound method with a null
    /// `self_or_null` becomes `(function, self)` in place, as CPython does.
    pub(crate) fn unpack_bound_method(&mut self, fidx: usize) {
        if self.stack[fidx + 1].is_null()
            && let Some(bm) = self.stack[fidx].as_bound()
        {
            let (f, s) = (bm.func.clone(), bm.self_.clone());
            self.stack[fidx] = f;
            self.stack[fidx + 1] = s;
        }
    }

    /// The Python `__init__` to run in a frame when the call at `stack[fidx]` instantiates a
    /// user class with no `__new__` of its own (CPython 3.13's `CALL_ALLOC_AND_ENTER_INIT`).
    pub(crate) fn init_for_class(&mut self, fidx: usize) -> Option<Value> {
        if !self.stack[fidx + 1].is_null() {
            return None;
        }
        let cls = self.stack[fidx].clone();
        // A user metaclass could define `__call__`.
        if cls.ty().is_heap_type() {
            return None;
        }
        let t = cls.as_type().filter(|t| t.is_heap_type() && t.kind == Kind::Instance)?;
        let (init_name, new_name) = (self.init_name.clone(), self.new_name.clone());
        let init = self.type_lookup_cached(t, &init_name, false);
        if self.type_lookup_cached(t, &new_name, true).is_some() {
            return None;
        }
        init.filter(|i| i.as_function().is_some())
    }

    /// `range(...)` of small ints, the head of most counted loops: made straight from the
    /// stack (CPython's `range_vectorcall`), without an argument vector, when `stack[fidx]` is
    /// `range` called positionally with one to three small ints (`sp` above the last); the
    /// call's slots are emptied. `None`, with nothing changed, for any other call. Callers
    /// ask before the general call path, whose checks (a bound method? a class with an
    /// `__init__`?) and argument buffers cost more than the range itself.
    #[inline(always)]
    pub(crate) fn range_from_stack(&mut self, fidx: usize, sp: usize) -> Option<Value> {
        if !self.stack[fidx].as_type().is_some_and(|t| std::ptr::eq(t, &tracelift_runtime::types::RANGE_TYPE)) {
            return None;
        }
        let first_arg = if self.stack[fidx + 1].is_null() { fidx + 2 } else { fidx + 1 };
        let nargs = sp - first_arg;
        if !(1..=3).contains(&nargs) || !self.stack[first_arg..sp].iter().all(Value::is_small) {
            return None;
        }
        let n = |i: usize| self.stack[first_arg + i].small_value();
        let (start, stop, step) = match nargs {
            1 => (0, n(0), 1),
            2 => (n(0), n(1), 1),
            _ => (n(0), n(1), n(2)),
        };
        if step == 0 {
            return None;
        }
        for slot in &mut self.stack[fidx..sp] {
            drop(slot.take());
        }
        Some(Value::range(start, stop, step))
    }

    /// Calls the (non-frame) callable at `stack[fidx]` with `self_or_null` and the arguments
    /// up to `sp` (the last `len(kwnames)` of them by keyword), taking them all off the stack.
    /// Callers that can meet `range(...)` try [`Vm::range_from_stack`] first.
    pub(crate) fn call_from_stack(&mut self, fidx: usize, sp: usize, kwnames: Value) -> PyResult<Value> {
        let first_arg = if self.stack[fidx + 1].is_null() { fidx + 2 } else { fidx + 1 };
        let nargs = sp - first_arg;
        if kwnames.is_null()
            && let Some(b) = self.stack[fidx].as_builtin()
            && b.self_.is_null()
        {
            let func = b.func;
            return self.call_builtin_in_place(fidx, sp, func);
        }
        let callable = self.stack[fidx].take();
        // Bound builtins with few positional arguments: the receiver and the arguments travel
        // in a buffer on the Rust stack instead of a heap vector.
        if kwnames.is_null()
            && nargs <= 7
            && let Some(b) = callable.as_builtin()
        {
            let mut buf: [Value; 8] = std::array::from_fn(|_| Value::NULL);
            let mut n = 0;
            if !b.self_.is_null() {
                buf[0] = b.self_.clone();
                n = 1;
            }
            for i in first_arg..sp {
                buf[n] = self.stack[i].take();
                n += 1;
            }
            self.stack[fidx + 1].take();
            return (b.func)(self, &buf[..n], &[]);
        }
        let mut args: Vec<Value> = (first_arg..sp).map(|i| self.stack[i].take()).collect();
        self.stack[fidx + 1].take();
        let kw = match kwnames.as_tuple() {
            Some(names) if !names.is_empty() => {
                let vals = args.split_off(args.len() - names.len());
                names.iter().cloned().zip(vals).collect()
            }
            _ => Vec::new(),
        };
        self.call_value(&callable, args, kw)
    }

    /// Calls the unbound builtin at `stack[fidx]` (a function, or a method with its receiver
    /// in `self_or_null`), whose native function is `func`, with the positional arguments up
    /// to `sp`: it reads them in place on the frame stack, and they are released after, with
    /// the callable.
    pub(crate) fn call_builtin_in_place(&mut self, fidx: usize, sp: usize, func: NativeFn) -> PyResult<Value> {
        let first_arg = if self.stack[fidx + 1].is_null() { fidx + 2 } else { fidx + 1 };
        assert!(first_arg <= sp && sp <= self.stack.len());
        let slots = self.stack.as_mut_ptr();
        // SAFETY: `first_arg .. sp` are live slots of the calling frame (bounds checked above),
        // and the stack never moves (:stack-fixed:). Whatever the builtin runs (a nested frame,
        // a callback) uses slots above the calling frame's extent only, so the slice stays
        // valid and unchanged during the call; the callable's slot keeps it alive.
        let args = unsafe { std::slice::from_raw_parts(slots.add(first_arg) as *const Value, sp - first_arg) };
        let r = func(self, args, &[]);
        for slot in &mut self.stack[fidx..sp] {
            drop(slot.take());
        }
        r
    }

    /// Runs generic instruction `op` with `oparg` on frame `fi`, whose stack pointer is `*sp`.
    /// Returns `Ok(false)` only for an exhausted `FOR_ITER` (the iterator stays on the stack).
    pub(crate) fn generic_op(&mut self, op: Opcode, oparg: u32, sp: &mut usize, fi: usize) -> PyResult<bool> {
        macro_rules! pop {
            () => {{
                *sp -= 1;
                self.stack[*sp].take()
            }};
        }
        macro_rules! push {
            ($v:expr) => {{
                let v = $v;
                self.stack[*sp] = v;
                *sp += 1;
            }};
        }
        match op {
            Opcode::LOAD_FAST => {
                let base = self.frames[fi].base;
                let v = self.stack[base + oparg as usize].clone();
                if v.is_null() {
                    let code = self.frames[fi].code.clone();
                    return Err(self.unbound_local(&code, oparg as usize));
                }
                push!(v);
            }
            Opcode::BINARY_OP => {
                let rhs = pop!();
                let lhs = pop!();
                let r = self.binary_op_value(oparg, &lhs, &rhs)?;
                push!(r);
            }
            Opcode::COMPARE_OP => {
                let rhs = pop!();
                let lhs = pop!();
                let op = CompareOp::from_arg(oparg).unwrap_or(CompareOp::Eq);
                let r = self.compare(op, &lhs, &rhs)?;
                let r = if oparg & 16 != 0 && !r.is_bool() { Value::bool(self.truthy(&r)?) } else { r };
                push!(r);
            }
            Opcode::CONTAINS_OP => {
                let rhs = pop!();
                let lhs = pop!();
                let r = self.contains(&rhs, &lhs)?;
                push!(Value::bool(r != (oparg == 1)));
            }
            Opcode::TO_BOOL => {
                let v = pop!();
                let b = if v.is_bool() { v.is_true() } else { self.truthy(&v)? };
                push!(Value::bool(b));
            }
            Opcode::UNARY_NOT => {
                let v = pop!();
                let b = if v.is_bool() { v.is_true() } else { self.truthy(&v)? };
                push!(Value::bool(!b));
            }
            Opcode::UNARY_NEGATIVE => {
                let v = pop!();
                let r = self.unary_negative(&v)?;
                push!(r);
            }
            Opcode::UNARY_INVERT => {
                let v = pop!();
                let r = self.unary_invert(&v)?;
                push!(r);
            }
            Opcode::BINARY_SUBSCR => {
                let sub = pop!();
                let container = pop!();
                let r = self.get_item(&container, &sub)?;
                push!(r);
            }
            Opcode::STORE_SUBSCR => {
                let sub = pop!();
                let container = pop!();
                let v = pop!();
                self.set_item(&container, sub, v)?;
            }
            Opcode::LOAD_ATTR => {
                let owner = pop!();
                let name = self.frames[fi].code.names[(oparg >> 1) as usize].clone();
                if oparg & 1 != 0 {
                    let (m, s) = self.load_method(&owner, &name)?;
                    push!(m);
                    push!(s);
                } else {
                    let v = self.get_attr(&owner, &name)?;
                    push!(v);
                }
            }
            Opcode::STORE_ATTR => {
                let owner = pop!();
                let v = pop!();
                let name = self.frames[fi].code.names[oparg as usize].clone();
                self.set_attr(&owner, &name, v)?;
            }
            Opcode::LOAD_GLOBAL => {
                let name = self.frames[fi].code.names[(oparg >> 1) as usize].clone();
                let globals = self.frames[fi].globals.clone();
                let v = self.load_global(&globals, &name)?;
                push!(v);
                if oparg & 1 != 0 {
                    push!(Value::NULL);
                }
            }
            Opcode::BUILD_TUPLE | Opcode::BUILD_LIST => {
                let n = oparg as usize;
                // The items move out of the stack into the new container (:pop-clears:).
                let items: Vec<Value> = self.stack[*sp - n..*sp].iter_mut().map(std::mem::take).collect();
                *sp -= n;
                push!(if op == Opcode::BUILD_TUPLE { Value::tuple(items) } else { Value::list(items) });
            }
            Opcode::LIST_APPEND => {
                let v = pop!();
                let l = self.stack[*sp - oparg as usize].clone();
                match l.as_list() {
                    Some(l) => l.push(v)?,
                    None => return Err(PyErr::new(&SYSTEM_ERROR, "LIST_APPEND on a non-list")),
                }
            }
            Opcode::SET_ADD => {
                let v = pop!();
                let s = self.stack[*sp - oparg as usize].clone();
                match s.as_set() {
                    Some(s) => s.add(v)?,
                    None => return Err(PyErr::new(&SYSTEM_ERROR, "SET_ADD on a non-set")),
                }
            }
            Opcode::MAP_ADD => {
                let v = pop!();
                let k = pop!();
                let d = self.stack[*sp - oparg as usize].clone();
                match d.as_dict() {
                    Some(d) => d.set(k, v)?,
                    None => return Err(PyErr::new(&SYSTEM_ERROR, "MAP_ADD on a non-dict")),
                }
            }
            Opcode::GET_ITER => {
                let v = pop!();
                let it = self.get_iter(&v)?;
                push!(it);
            }
            Opcode::UNPACK_SEQUENCE => {
                let seq = pop!();
                let items = self.unpack(&seq, oparg as usize, None)?;
                for v in items.into_iter().rev() {
                    push!(v);
                }
            }
            Opcode::FORMAT_SIMPLE => {
                let v = pop!();
                let r = if v.is_str() { v } else { Value::string(self.format_value(&v, "")?) };
                push!(r);
            }
            Opcode::BUILD_STRING => {
                let n = oparg as usize;
                let mut s = String::new();
                for i in *sp - n..*sp {
                    s.push_str(self.stack[i].as_str().unwrap_or(""));
                    self.stack[i] = Value::NULL;
                }
                *sp -= n;
                push!(Value::string(s));
            }
            Opcode::LOAD_NAME => {
                let name = self.frames[fi].code.names[oparg as usize].clone();
                let v = self.load_name(fi, &name)?;
                push!(v);
            }
            Opcode::STORE_NAME => {
                let v = pop!();
                let name = self.frames[fi].code.names[oparg as usize].clone();
                let ns = self.frame_locals(fi);
                self.store_subscr_dict(&ns, name, v)?;
            }
            Opcode::STORE_GLOBAL => {
                let v = pop!();
                let name = self.frames[fi].code.names[oparg as usize].clone();
                let g = self.frames[fi].globals.clone();
                match g.as_dict() {
                    Some(d) => d.set(name, v)?,
                    None => return Err(PyErr::new(&SYSTEM_ERROR, "globals is not a dict")),
                }
            }
            Opcode::BINARY_SLICE => {
                let stop = pop!();
                let start = pop!();
                let container = pop!();
                // An exact list or tuple by int bounds: no slice object (:generic-fast:).
                if let Some(r) = crate::items::fast_slice(&container, &start, &stop, &Value::none()) {
                    push!(r);
                    return Ok(true);
                }
                let s = Value::slice(start, stop, Value::none());
                let r = self.get_item(&container, &s)?;
                push!(r);
            }
            Opcode::STORE_SLICE => {
                let stop = pop!();
                let start = pop!();
                let container = pop!();
                let v = pop!();
                if crate::items::fast_set_slice(&container, &start, &stop, &v) {
                    return Ok(true);
                }
                let s = Value::slice(start, stop, Value::none());
                self.set_item(&container, s, v)?;
            }
            Opcode::BUILD_MAP => {
                let n = oparg as usize * 2;
                let items: Vec<Value> = (*sp - n..*sp).map(|i| self.stack[i].take()).collect();
                *sp -= n;
                let d = tracelift_runtime::dict::new_dict();
                let mut it = items.into_iter();
                while let (Some(k), Some(v)) = (it.next(), it.next()) {
                    d.as_dict().expect("dict").set(k, v)?;
                }
                push!(d);
            }
            Opcode::BUILD_SLICE => {
                let step = if oparg == 3 { pop!() } else { Value::none() };
                let stop = pop!();
                let start = pop!();
                push!(Value::slice(start, stop, step));
            }
            Opcode::LOAD_DEREF => {
                let base = self.frames[fi].base;
                let v = self.stack[base + oparg as usize].as_cell().map_or(Value::NULL, |c| c.slot().clone());
                if v.is_null() {
                    let code = self.frames[fi].code.clone();
                    return Err(self.unbound_deref(&code, oparg as usize));
                }
                push!(v);
            }
            Opcode::STORE_DEREF => {
                let v = pop!();
                let base = self.frames[fi].base;
                let cell = self.stack[base + oparg as usize].clone();
                if let Some(c) = cell.as_cell() {
                    *c.slot() = v;
                }
            }
            Opcode::CALL => {
                // Calls that need a frame are tier 1's (or a specialized form's): deopt.
                let fidx = *sp - oparg as usize - 2;
                if let Some(r) = self.range_from_stack(fidx, *sp) {
                    *sp = fidx;
                    push!(r);
                    return Ok(true);
                }
                self.unpack_bound_method(fidx);
                if self.stack[fidx].as_function().is_some() || self.init_for_class(fidx).is_some() {
                    return Ok(false);
                }
                let r = self.call_from_stack(fidx, *sp, Value::NULL)?;
                *sp = fidx;
                push!(r);
            }
            Opcode::CALL_KW => {
                // Tier 2 only (tier 1 enters a Python callee's frame in its own loop): a
                // trace runs any callee to its return here, a Python one in a nested run, as
                // `CALL_FUNCTION_EX` does in both tiers (:call-kw-nested:).
                let kwnames = pop!();
                let fidx = *sp - oparg as usize - 2;
                let r = self.call_from_stack(fidx, *sp, kwnames);
                *sp = fidx;
                push!(r?);
            }
            Opcode::CALL_FUNCTION_EX => {
                let kwargs = if oparg & 1 != 0 { pop!() } else { Value::NULL };
                let args = pop!();
                let _null = pop!();
                let callable = pop!();
                // `f(*x)` of a non-iterable x names the callable (CPython's `check_args_iterable`).
                // The iterator is asked for once: a class's `__iter__` runs once.
                let args = if !self.sub_override(&args)
                    && let Some(t) = args.as_tuple()
                {
                    t.to_vec()
                } else {
                    let it = match self.get_iter(&args) {
                        Ok(it) => it,
                        Err(e) if e.matches(&tracelift_runtime::exc::TYPE_ERROR) => {
                            return Err(tracelift_runtime::exc::type_error(format!(
                                "{} argument after * must be an iterable, not {}",
                                self.function_str(&callable),
                                args.ty().name()
                            )));
                        }
                        Err(e) => return Err(e),
                    };
                    self.collect_iterator(&it)?
                };
                let mut kw = Vec::new();
                if let Some(d) = kwargs.as_dict() {
                    kw = d.items();
                    // A class checks its keywords where it binds them (`C() takes no arguments`).
                    if callable.as_type().is_none() && kw.iter().any(|(k, _)| k.as_str().is_none()) {
                        return Err(tracelift_runtime::exc::type_error("keywords must be strings"));
                    }
                } else if !kwargs.is_null() {
                    return Err(tracelift_runtime::exc::type_error(format!(
                        "{} argument after ** must be a mapping, not {}",
                        self.function_str(&callable),
                        kwargs.ty().name()
                    )));
                }
                push!(self.call_value(&callable, args, kw)?);
            }
            Opcode::FOR_ITER => {
                let it = self.stack[*sp - 1].clone();
                match self.iter_next(&it)? {
                    Some(v) => push!(v),
                    None => return Ok(false),
                }
            }
            Opcode::BEFORE_WITH => {
                let mgr = pop!();
                let (enter, exit) = self.context_manager(&mgr)?;
                push!(exit);
                let r = self.call_value(&enter, Vec::new(), Vec::new())?;
                push!(r);
            }
            Opcode::GET_AWAITABLE => {
                let v = pop!();
                let it = self.awaitable_iter(&v)?;
                push!(it);
            }
            Opcode::WITH_EXCEPT_START => {
                // [.., __exit__, lasti, previous exception, exception]
                let exit = self.stack[*sp - 4].clone();
                let exc = self.stack[*sp - 1].clone();
                let args = vec![exc.ty().to_value(), exc, Value::none()];
                let r = self.call_value(&exit, args, Vec::new())?;
                push!(r);
            }
            Opcode::LIST_EXTEND => {
                let it = pop!();
                let l = self.stack[*sp - oparg as usize].clone();
                // CPython's message for a value that has no iteration protocol at all.
                let items = self.collect_iterable(&it).map_err(|e| {
                    let name = it.ty().name();
                    let not_iterable = format!("'{name}' object is not iterable");
                    let args = e.exc().args().as_tuple().map(|t| t.to_vec()).unwrap_or_default();
                    if e.matches(&TYPE_ERROR) && args.len() == 1 && args[0].as_str() == Some(not_iterable.as_str()) {
                        type_error(format!("Value after * must be an iterable, not {name}"))
                    } else {
                        e
                    }
                })?;
                match l.as_list() {
                    Some(l) => l.extend(items)?,
                    None => return Err(PyErr::new(&SYSTEM_ERROR, "LIST_EXTEND on a non-list")),
                }
            }
            Opcode::SET_UPDATE => {
                let it = pop!();
                let s = self.stack[*sp - oparg as usize].clone();
                self.set_update(&s, &it)?;
            }
            Opcode::DICT_UPDATE | Opcode::DICT_MERGE => {
                let m = pop!();
                let d = self.stack[*sp - oparg as usize].clone();
                // A display's `**m` takes mappings only (`dict.update` also takes pairs).
                if op == Opcode::DICT_UPDATE && m.as_dict().is_none() && self.type_lookup(m.ty(), "keys").is_none() {
                    return Err(type_error(format!("'{}' object is not a mapping", m.ty().name())));
                }
                if op == Opcode::DICT_MERGE {
                    // `f(**m)`: the callable sits below the positional tuple and its null.
                    let callable = self.stack[*sp - oparg as usize - 3].clone();
                    self.dict_merge(&d, &m, &callable)?;
                } else {
                    self.dict_update(&d, &m)?;
                }
            }
            Opcode::BUILD_SET => {
                let n = oparg as usize;
                let items: Vec<Value> = (*sp - n..*sp).map(|i| self.stack[i].take()).collect();
                *sp -= n;
                let s = tracelift_runtime::set::new_set(false);
                for it in items {
                    s.as_set().expect("a new set").add(it)?;
                }
                push!(s);
            }
            Opcode::DELETE_SUBSCR => {
                let sub = pop!();
                let container = pop!();
                self.del_item(&container, &sub)?;
            }
            Opcode::CALL_INTRINSIC_1 => {
                let v = pop!();
                let r = match Intrinsic1::from_arg(oparg) {
                    Some(Intrinsic1::UnaryPositive) => self.unary_positive(&v)?,
                    Some(Intrinsic1::ListToTuple) => {
                        Value::tuple(v.as_list().map(|l| l.items().clone()).unwrap_or_default())
                    }
                    Some(Intrinsic1::ImportStar) => {
                        let ns = self.frame_locals(fi);
                        self.import_star(&v, &ns)?;
                        Value::none()
                    }
                    Some(Intrinsic1::StopIterationError) => {
                        if v.as_exception().is_some() && v.ty().is_subtype(&STOP_ITERATION) {
                            let coroutine =
                                self.frames[fi].code.co.flags & tracelift_compiler::code::flags::COROUTINE != 0;
                            return Err(crate::generators::stop_iteration_escaped(PyErr(v), coroutine));
                        }
                        v
                    }
                    None => return Err(PyErr::new(&RUNTIME_ERROR, "bad intrinsic")),
                };
                push!(r);
            }
            Opcode::FORMAT_WITH_SPEC => {
                let spec = pop!();
                let v = pop!();
                let r = self.format_value(&v, spec.as_str().unwrap_or(""))?;
                push!(Value::string(r));
            }
            Opcode::CONVERT_VALUE => {
                let v = pop!();
                let s = match oparg {
                    2 => self.repr(&v)?,
                    3 => crate::builtins::ascii_of(&self.repr(&v)?),
                    _ => self.str_of(&v)?,
                };
                push!(Value::string(s));
            }
            Opcode::UNPACK_EX => {
                let seq = pop!();
                let before = (oparg & 0xff) as usize;
                let after = (oparg >> 8) as usize;
                let items = self.unpack(&seq, before, Some(after))?;
                for v in items.into_iter().rev() {
                    push!(v);
                }
            }
            Opcode::LOAD_ASSERTION_ERROR => push!(ASSERTION_ERROR.to_value()),
            Opcode::MAKE_FUNCTION => {
                let cv = pop!();
                let c = cv.as_code().expect("a code constant").code.clone();
                let globals = self.frames[fi].globals.clone();
                let qual = c.qualname_str.clone();
                let module =
                    globals.as_dict().and_then(|d| d.get_name(&self.module_name_key)).unwrap_or_else(Value::none);
                push!(new_function(c, globals, qual, module));
            }
            Opcode::SET_FUNCTION_ATTRIBUTE => {
                let func = pop!();
                let attr = pop!();
                if let Some(f) = func.as_function() {
                    let slot = match oparg {
                        1 => Some(&f.defaults),
                        2 => Some(&f.kwdefaults),
                        8 => Some(&f.closure),
                        _ => None,
                    };
                    if let Some(s) = slot {
                        // SAFETY: the function was just made and nothing else borrows it.
                        unsafe { *s.get() = attr };
                    }
                }
                push!(func);
            }
            Opcode::LOAD_CLOSURE => {
                let base = self.frames[fi].base;
                let v = self.stack[base + oparg as usize].clone();
                push!(v);
            }
            Opcode::MAKE_CELL => {
                let base = self.frames[fi].base;
                let slot = &mut self.stack[base + oparg as usize];
                let v = slot.take();
                *slot = new_cell(v);
            }
            Opcode::COPY_FREE_VARS => {
                let n = oparg as usize;
                let f = &self.frames[fi];
                let (func, first) = (f.func.clone(), f.base + f.code.nlocalsplus - n);
                if let Some(f) = func.as_function()
                    && let Some(cells) = f.closure().as_tuple()
                {
                    for (i, c) in cells.iter().take(n).enumerate() {
                        self.stack[first + i] = c.clone();
                    }
                }
            }
            other => {
                return Err(PyErr::new(&SYSTEM_ERROR, format!("{} has no generic implementation", other.name())));
            }
        }
        Ok(true)
    }
}

impl Vm {
    /// What `await v` sends into (CPython's `_PyCoro_GetAwaitableIter`): a coroutine itself,
    /// or the iterator its `__await__()` returns.
    fn awaitable_iter(&mut self, v: &Value) -> PyResult<Value> {
        if v.is_type(&crate::objects::COROUTINE_TYPE) {
            return Ok(v.clone());
        }
        let ty = v.ty();
        let method = if ty.is_heap_type() { self.heap_lookup_static(ty, "__await__") } else { None };
        let Some(method) = method else {
            return Err(tracelift_runtime::exc::type_error(format!(
                "object {} can't be used in 'await' expression",
                ty.name()
            )));
        };
        let it = self.call_value(&method, vec![v.clone()], Vec::new())?;
        if it.is_type(&crate::objects::COROUTINE_TYPE) {
            return Err(tracelift_runtime::exc::type_error("__await__() returned a coroutine"));
        }
        if !self.is_iterator(&it) {
            return Err(tracelift_runtime::exc::type_error(format!(
                "__await__() returned non-iterator of type '{}'",
                it.ty().name()
            )));
        }
        Ok(it)
    }

    /// `mgr`'s `__enter__` and `__exit__`, bound to it, looked up on its type as CPython's
    /// `BEFORE_WITH` does (an instance attribute does not count).
    fn context_manager(&mut self, mgr: &Value) -> PyResult<(Value, Value)> {
        let ty = mgr.ty();
        let find = |vm: &mut Vm, name: &'static str| {
            if ty.is_heap_type() { vm.heap_lookup_static(ty, name) } else { None }
        };
        let missing = |what: &str| {
            tracelift_runtime::exc::type_error(format!(
                "'{}' object does not support the context manager protocol{what}",
                ty.name()
            ))
        };
        let enter = find(self, "__enter__").filter(|f| f.as_builtin().is_none()).ok_or_else(|| missing(""))?;
        let exit = find(self, "__exit__")
            .filter(|f| f.as_builtin().is_none())
            .ok_or_else(|| missing(" (missed __exit__ method)"))?;
        let bind = |vm: &mut Vm, f: Value, name: &str| -> PyResult<Value> {
            if f.as_function().is_some() {
                Ok(crate::objects::new_bound(f, mgr.clone()))
            } else {
                // A descriptor (staticmethod, classmethod, ...): the attribute as an instance
                // lookup gives it.
                vm.get_attr(mgr, &Value::str(name))
            }
        };
        let enter = bind(self, enter, "__enter__")?;
        let exit = bind(self, exit, "__exit__")?;
        Ok((enter, exit))
    }
}

/// Fast path for `BINARY_OP` on float/float and float/small-int operands (`+ - * /`);
/// `None` when the slow path must decide (other operators, division by zero).
#[inline(always)]
fn float_op(oparg: u32, a: &Value, b: &Value) -> Option<Value> {
    let x = match a.as_f64() {
        Some(f) => f,
        None if a.is_small() => a.small_value() as f64,
        None => return None,
    };
    let y = match b.as_f64() {
        Some(f) => f,
        None if b.is_small() => b.small_value() as f64,
        None => return None,
    };
    if !a.is_float() && !b.is_float() {
        return None;
    }
    // Small ints beyond 2**53 do not convert exactly; let the slow path do it right.
    if (a.is_small() && a.small_value().unsigned_abs() > 1 << 53)
        || (b.is_small() && b.small_value().unsigned_abs() > 1 << 53)
    {
        return None;
    }
    let op = if oparg >= BinaryOp::INPLACE_OFFSET { oparg - BinaryOp::INPLACE_OFFSET } else { oparg };
    let r = match op {
        0 => x + y,
        10 => x - y,
        5 => x * y,
        11 if y != 0.0 => x / y,
        _ => return None,
    };
    Some(Value::float(r))
}
