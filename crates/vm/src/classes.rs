//! Making classes: `__build_class__` (the class statement), `type.__new__` and three-argument
//! `type()`, metaclasses (`class C(metaclass=M)`, the most derived metaclass of the bases,
//! `__prepare__`, a metaclass `__call__`), multiple inheritance (the C3 method resolution
//! order and the base whose layout instances extend), `__set_name__` and
//! `__init_subclass__` with the class keywords.

use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::{PyErr, PyResult, type_error};
use tracelift_runtime::str::str_hash;
use tracelift_runtime::types::{ClassParts, Kind, OBJECT_TYPE, TYPE_TYPE, TypeObject, linearize};

use crate::Vm;
use crate::objects::VmValue;

/// `&'static`-free view of a type value kept alive by the caller.
fn ty_of(v: &Value) -> &TypeObject {
    v.as_type().expect("type")
}

impl Vm {
    /// `__build_class__(func, name, *bases, metaclass=..., **kw)`: runs the class body in a
    /// fresh namespace and makes the class with the metaclass.
    pub fn build_class(&mut self, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
        if args.len() < 2 {
            return Err(type_error("__build_class__: not enough arguments"));
        }
        let body = &args[0];
        let name = args[1].clone();
        if !name.is_str() {
            return Err(type_error("__build_class__: name is not a string"));
        }
        let bases = self.resolve_bases(&args[2..])?;
        let mut kw: Vec<(Value, Value)> = kw.to_vec();
        let explicit = kw.iter().position(|(k, _)| k.as_str() == Some("metaclass")).map(|i| kw.remove(i).1);
        let meta = match explicit {
            Some(m) => m,
            None => bases.first().map_or_else(|| TYPE_TYPE.to_value(), |b| b.ty().to_value()),
        };
        // The most derived metaclass of the explicit one and the bases' (a non-type
        // "metaclass", any callable, is called as it is).
        let meta = if meta.as_type().is_some() { self.winner_meta(&meta, &bases)? } else { meta };
        let bases_t = Value::tuple(bases.clone());
        let ns = match meta.as_type().and_then(|m| self.heap_lookup_static(m, "__prepare__")) {
            Some(p) => {
                let f = p.as_descr().map(|d| d.func.clone()).unwrap_or(p);
                let ns = self.call_value(&f, vec![meta.clone(), name.clone(), bases_t.clone()], kw.clone())?;
                if ns.as_dict().is_none() {
                    return Err(type_error(format!(
                        "{}.__prepare__() must return a mapping, not {}",
                        meta.as_type().map_or("?", |t| t.name()),
                        ns.ty().name()
                    )));
                }
                ns
            }
            None => new_dict(),
        };
        let func = body.as_function().ok_or_else(|| type_error("__build_class__: func must be a function"))?;
        let (code, globals) = (func.code.clone(), func.globals.clone());
        self.push_frame(code, body.clone(), globals, ns.clone(), true)?;
        let cell = self.run()?;
        let cls = if meta.is(&TYPE_TYPE.to_value()) {
            self.make_class(&TYPE_TYPE, &name, &bases, ns, &kw)?
        } else {
            self.call_value(&meta, vec![name, bases_t, ns], kw)?
        };
        if let Some(c) = cell.as_cell()
            && cls.as_type().is_some()
        {
            *c.slot() = cls.clone();
        }
        Ok(cls)
    }

    /// PEP 560: a base that is not a class but has `__mro_entries__` is replaced by what it
    /// returns (`class C(Generic[T])`, `class P(NamedTuple)`).
    fn resolve_bases(&mut self, bases: &[Value]) -> PyResult<Vec<Value>> {
        let mut out = Vec::with_capacity(bases.len());
        let orig = Value::tuple(bases.to_vec());
        for b in bases {
            if b.as_type().is_none()
                && b.ty().is_heap_type()
                && let Some(f) = self.type_lookup(b.ty(), "__mro_entries__")
            {
                let r = self.call_value(&f, vec![b.clone(), orig.clone()], Vec::new())?;
                let Some(items) = r.as_tuple() else {
                    return Err(type_error("__mro_entries__ must return a tuple"));
                };
                out.extend(items.iter().cloned());
            } else {
                out.push(b.clone());
            }
        }
        Ok(out)
    }

    /// CPython's `_PyType_CalculateMetaclass`: the metaclass that is a subclass of every
    /// other one among `meta` and the bases' types.
    fn winner_meta(&self, meta: &Value, bases: &[Value]) -> PyResult<Value> {
        let mut winner = meta.clone();
        for b in bases {
            let bt = b.ty();
            let w = ty_of(&winner);
            if w.is_subtype(bt) {
                continue;
            }
            if bt.is_subtype(w) {
                winner = bt.to_value();
                continue;
            }
            return Err(type_error(
                "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases",
            ));
        }
        Ok(winner)
    }

    /// `type.__new__(meta, name, bases, ns, **kw)`: a new class of metaclass `meta`.
    pub fn make_class(
        &mut self,
        meta: &TypeObject,
        name: &Value,
        bases: &[Value],
        ns: Value,
        kw: &[(Value, Value)],
    ) -> PyResult<Value> {
        let name_s = name.as_str().ok_or_else(|| type_error("type.__new__() argument 1 must be str"))?.to_string();
        let Some(src) = ns.as_dict() else {
            return Err(type_error(format!("type.__new__() argument 3 must be dict, not {}", ns.ty().name())));
        };
        let mut base_ts: Vec<&TypeObject> = Vec::with_capacity(bases.len().max(1));
        for b in bases {
            let Some(t) = b.as_type() else {
                return Err(type_error(format!(
                    "type.__new__() argument 2 must be tuple of types, not {}",
                    b.ty().name()
                )));
            };
            if std::ptr::eq(t, &tracelift_runtime::types::BOOL_TYPE)
                || t.kind == Kind::NoneType
                || t.kind == Kind::Singleton
            {
                return Err(type_error(format!("type '{}' is not an acceptable base type", t.name())));
            }
            if !t.is_heap_type()
                && !matches!(t.kind, Kind::Instance | Kind::Exception | Kind::Type)
                && !tracelift_runtime::sub::subclassable(t.kind)
            {
                return Err(type_error(format!(
                    "unsupported: subclassing builtin type '{}' (class {})",
                    t.name(),
                    name_s
                )));
            }
            if base_ts.iter().any(|x| std::ptr::eq(*x, t)) {
                return Err(type_error(format!("duplicate base class {}", t.name())));
            }
            // SAFETY: `bases` keeps each base alive while this runs; the class made here
            // takes its own references (`TypeObject::new_class`).
            base_ts.push(unsafe { &*(t as *const TypeObject) });
        }
        if base_ts.is_empty() {
            base_ts.push(&OBJECT_TYPE);
        }
        let base = best_base(&base_ts)?;
        let Some(mro) = linearize(&base_ts) else {
            let names: Vec<&str> = base_ts.iter().map(|b| b.name()).collect();
            return Err(type_error(format!(
                "Cannot create a consistent method resolution\norder (MRO) for bases {}",
                names.join(", ")
            )));
        };
        // The class gets its own copy of the namespace (the body's stays the body's).
        let dict = new_dict();
        for (k, v) in src.items() {
            dict.as_dict().expect("dict").set(k, v)?;
        }
        let d = dict.as_dict().expect("dict");
        let module = match d.get_str("__module__") {
            Some(m) => m,
            None => {
                let g = self.frames.last().map(|f| f.globals.clone());
                let m = g
                    .and_then(|g| g.as_dict().and_then(|d| d.get_str("__name__")))
                    .unwrap_or_else(|| Value::str("builtins"));
                d.set_str("__module__", m.clone());
                m
            }
        };
        let qualname = match d.get_str("__qualname__") {
            Some(q) => {
                let Some(s) = q.as_str() else {
                    return Err(type_error(format!("type __qualname__ must be a str, not {}", q.ty().name())));
                };
                let s = s.to_string();
                d.remove(&Value::str("__qualname__"))?;
                s
            }
            None => name_s.clone(),
        };
        let classcell = d.get_str("__classcell__");
        if classcell.is_some() {
            d.remove(&Value::str("__classcell__"))?;
        }
        // Every class has a `__doc__` (None without a docstring), as CPython's type_new.
        if d.get_str("__doc__").is_none() {
            d.set_str("__doc__", Value::none());
        }
        // A class that defines `__eq__` and not `__hash__` is unhashable (CPython's
        // type_new puts `__hash__ = None` in its dict).
        if d.get_str("__eq__").is_some() && d.get_str("__hash__").is_none() {
            d.set_str("__hash__", Value::none());
        }
        // `__init_subclass__` and `__class_getitem__` are class methods without saying so.
        for implicit in ["__init_subclass__", "__class_getitem__"] {
            if let Some(f) = d.get_str(implicit)
                && f.as_function().is_some()
            {
                d.set_str(implicit, crate::objects::new_descr(&crate::objects::CLASSMETHOD_TYPE, f));
            }
        }
        let layout = self.class_slots(&dict, base, &name_s)?;
        let module_s = module.as_str().unwrap_or("__main__").to_string();
        let parts =
            ClassParts { name: &name_s, qualname: &qualname, module: &module_s, meta, bases: &base_ts, base, mro };
        let cls = TypeObject::new_class(parts, dict.clone());
        let t = ty_of(&cls);
        t.set_members(layout.members, layout.no_dict);
        if let Some(c) = classcell.as_ref().and_then(|c| c.as_cell()) {
            *c.slot() = cls.clone();
        }
        t.expected_attrs.set(expected_attrs(&dict, &base_ts));
        self.mark_plain(t);
        // `__set_name__` of the attributes that have one, then the parent's
        // `__init_subclass__` with the class keywords.
        for (k, v) in d.items() {
            if v.ty().is_heap_type()
                && let Some(sn) = self.heap_lookup_static(v.ty(), "__set_name__")
            {
                self.call_value(&sn, vec![v.clone(), cls.clone(), k], Vec::new())?;
            }
        }
        match self.lookup_after(t, t, "__init_subclass__") {
            Some(f) if f.as_builtin().is_none() => {
                let f = f.as_descr().map(|d| d.func.clone()).unwrap_or(f);
                self.call_value(&f, vec![cls.clone()], kw.to_vec())?;
            }
            _ => {
                if !kw.is_empty() {
                    return Err(type_error(format!("{}.__init_subclass__() takes no keyword arguments", name_s)));
                }
            }
        }
        Ok(cls)
    }

    /// Calls a class whose metaclass is a user class: the metaclass's `__call__` if it has
    /// one, else `type.__call__`.
    pub(crate) fn call_class_via_meta(
        &mut self,
        cls: &Value,
        args: Vec<Value>,
        kw: Vec<(Value, Value)>,
    ) -> PyResult<Option<Value>> {
        let meta = cls.ty();
        let Some(c) = self.heap_lookup_static(meta, "__call__") else { return Ok(None) };
        let mut full = Vec::with_capacity(args.len() + 1);
        full.push(cls.clone());
        full.extend(args);
        self.call_value(&c, full, kw).map(Some)
    }

    /// Calls a metaclass (a user subclass of `type`) to make a class, or `type(x)`:
    /// `__new__` (the metaclass's, else `type.__new__`), then its `__init__`.
    pub(crate) fn construct_type(
        &mut self,
        cls: &Value,
        t: &TypeObject,
        args: Vec<Value>,
        kw: Vec<(Value, Value)>,
    ) -> PyResult<Value> {
        let obj = match self.heap_lookup_static(t, "__new__") {
            Some(new) if new.as_builtin().is_none() => {
                let f = new.as_descr().map(|d| d.func.clone()).unwrap_or(new);
                let mut full = vec![cls.clone()];
                full.extend(args.iter().cloned());
                self.call_value(&f, full, kw.clone())?
            }
            _ => self.type_new(t, &args, &kw)?,
        };
        if obj.as_type().is_some()
            && obj.ty().is_subtype(t)
            && let Some(init) = self.heap_lookup_static(t, "__init__")
        {
            let mut full = vec![obj.clone()];
            full.extend(args);
            self.call_value(&init, full, kw)?;
        }
        Ok(obj)
    }

    /// `type.__new__(meta, ...)` with its arguments: `type(x)` or `type(name, bases, ns)`.
    pub(crate) fn type_new(&mut self, meta: &TypeObject, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
        if args.len() == 1 && std::ptr::eq(meta, &TYPE_TYPE) && kw.is_empty() {
            return Ok(args[0].ty().to_value());
        }
        if args.len() != 3 {
            return Err(type_error("type() takes 1 or 3 arguments"));
        }
        let Some(bases) = args[1].as_tuple() else {
            return Err(type_error(format!("type.__new__() argument 2 must be tuple, not {}", args[1].ty().name())));
        };
        let bases = bases.to_vec();
        // A more derived metaclass among the bases' makes the class instead (its own
        // `__new__` included), as in the class statement.
        let meta_v = self.winner_meta(&meta.to_value(), &bases)?;
        if !meta_v.is(&meta.to_value()) {
            return self.construct_type(&meta_v, ty_of(&meta_v), args.to_vec(), kw.to_vec());
        }
        self.make_class(meta, &args[0], &bases, args[2].clone(), kw)
    }
}

/// CPython's `best_base`: the base whose instance layout (its solid base) extends every
/// other base's, so that the new class's instances can be laid out as it.
fn best_base<'a>(bases: &[&'a TypeObject]) -> PyResult<&'a TypeObject> {
    let mut winner: Option<(&TypeObject, &TypeObject)> = None;
    for &b in bases {
        let solid = crate::slots::layout_base(b);
        match winner {
            None => winner = Some((solid, b)),
            Some((ws, _)) if ws.is_subtype(solid) => {}
            Some(_) if solid.is_subtype(winner.expect("winner").0) => winner = Some((solid, b)),
            Some(_) => {
                return Err(PyErr::new(
                    &tracelift_runtime::exc::TYPE_ERROR,
                    "multiple bases have instance lay-out conflict",
                ));
            }
        }
    }
    Ok(winner.expect("at least one base").1)
}

/// How many attributes instances of a new class are likely to get: the distinct names that
/// the functions in its namespace store with `STORE_ATTR` (mostly `self.name = ...`), plus the
/// bases' counts, at most `MAX_SHARED_KEYS`. It sizes the inline slots of its instances.
fn expected_attrs(ns: &Value, bases: &[&TypeObject]) -> u8 {
    use tracelift_runtime::object::MAX_SHARED_KEYS;
    let mut names: Vec<&str> = Vec::new();
    let items = ns.as_dict().map(|d| d.values()).unwrap_or_default();
    for v in &items {
        let Some(f) = v.as_function() else { continue };
        let co = &f.code.co;
        for (_, op, arg) in co.instructions() {
            if op == tracelift_uops::opcode::Opcode::STORE_ATTR
                && let Some(n) = co.names.get(arg as usize)
                && !names.contains(&n.as_str())
            {
                names.push(n);
            }
        }
    }
    let inherited: usize = bases.iter().filter(|b| b.is_heap_type()).map(|b| b.expected_attrs.get() as usize).sum();
    (names.len() + inherited).min(MAX_SHARED_KEYS) as u8
}

impl Vm {
    /// `isinstance(subject, cls)` (`inst`) or `issubclass(subject, cls)`, asking a metaclass
    /// that defines `__instancecheck__` / `__subclasscheck__` (PEP 3119, `abc.ABCMeta`).
    pub fn meta_check(&mut self, subject: &Value, cls: &Value, inst: bool) -> PyResult<bool> {
        let fname = if inst { "isinstance" } else { "issubclass" };
        if let Some(items) = cls.as_tuple() {
            for c in items {
                if self.meta_check(subject, c, inst)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if inst && cls.as_type().is_some_and(|t| std::ptr::eq(t, subject.ty())) {
            return Ok(true);
        }
        // A user metaclass, or a non-class object with the hook (`typing.List`).
        if cls.ty().is_heap_type() {
            let name = if inst { "__instancecheck__" } else { "__subclasscheck__" };
            if let Some(f) = self.heap_lookup(cls.ty(), name, str_hash(name)) {
                let r = self.call_value(&f, vec![cls.clone(), subject.clone()], Vec::new())?;
                return self.truthy(&r);
            }
        }
        let t = if inst {
            subject.ty()
        } else {
            subject.as_type().ok_or_else(|| type_error("issubclass() arg 1 must be a class"))?
        };
        // SAFETY: `subject` keeps its type alive while this runs.
        let t: &TypeObject = unsafe { &*(t as *const TypeObject) };
        crate::builtins::class_check(t, cls, fname)
    }
}

impl Vm {
    /// `object.__new__`'s refusal of a class with abstract methods (`abc.ABCMeta` sets
    /// `__abstractmethods__`; only classes with a user metaclass are asked).
    pub(crate) fn check_not_abstract(&mut self, t: &TypeObject) -> PyResult<()> {
        let Some(abs) = self.heap_lookup_static(t, "__abstractmethods__") else {
            return Ok(());
        };
        let mut names: Vec<String> = Vec::new();
        for n in self.collect_iterable(&abs)? {
            names.push(self.str_of(&n)?);
        }
        if names.is_empty() {
            return Ok(());
        }
        names.sort();
        Err(type_error(format!(
            "Can't instantiate abstract class {} with abstract method{} {}",
            t.name(),
            if names.len() == 1 { "" } else { "s" },
            names.join(", ")
        )))
    }
}

/// The methods of `type` itself (`type.__new__`, `type.__call__`, `C.mro()`, ...).
pub(crate) fn type_method(name: &str) -> Option<(&'static str, crate::objects::NativeFn, bool)> {
    Some(match name {
        "__new__" => ("__new__", t_new, true),
        "__call__" => ("__call__", t_call, true),
        "__init__" => ("__init__", t_init, true),
        "mro" => ("mro", t_mro, false),
        "__setattr__" => ("__setattr__", t_setattr, false),
        "__subclasses__" => ("__subclasses__", t_subclasses, false),
        "__instancecheck__" => ("__instancecheck__", t_instancecheck, false),
        "__subclasscheck__" => ("__subclasscheck__", t_subclasscheck, false),
        _ => return None,
    })
}

/// The class a `type` method got as its first argument.
fn type_arg<'a>(args: &'a [Value], what: &str) -> PyResult<&'a TypeObject> {
    args.first()
        .and_then(|a| a.as_type())
        .ok_or_else(|| type_error(format!("descriptor '{what}' requires a 'type' object")))
}

fn t_new(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let meta = type_arg(args, "__new__")?;
    // SAFETY: args[0] keeps the metaclass alive for the call.
    let meta: &TypeObject = unsafe { &*(meta as *const TypeObject) };
    vm.type_new(meta, &args[1..], kw)
}

fn t_call(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "__call__")?;
    // SAFETY: args[0] keeps the class alive for the call.
    let t: &TypeObject = unsafe { &*(t as *const TypeObject) };
    vm.construct(&args[0], t, args[1..].to_vec(), kw.to_vec())
}

fn t_setattr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "__setattr__")?;
    // SAFETY: args[0] keeps the class alive for the call.
    let t: &TypeObject = unsafe { &*(t as *const TypeObject) };
    let [_, name, v] = args else { return Err(type_error("expected 2 arguments")) };
    let name =
        tracelift_runtime::str::intern(name.as_str().ok_or_else(|| type_error("attribute name must be string"))?);
    vm.set_class_attr(t, &name, v.clone())?;
    Ok(Value::none())
}

fn t_init(_vm: &mut Vm, _args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::none())
}

fn t_mro(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "mro")?;
    Ok(Value::list(t.mro().map(|b| b.to_value()).collect()))
}

fn t_subclasses(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "__subclasses__")?;
    Ok(Value::list(t.subclasses().into_iter().map(|b| b.to_value()).collect()))
}

fn t_instancecheck(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "__instancecheck__")?;
    let obj = args.get(1).ok_or_else(|| type_error("__instancecheck__() takes exactly one argument"))?;
    Ok(Value::bool(obj.ty().is_subtype(t)))
}

fn t_subclasscheck(_vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    let t = type_arg(args, "__subclasscheck__")?;
    let sub = args.get(1).and_then(|s| s.as_type()).ok_or_else(|| type_error("issubclass() arg 1 must be a class"))?;
    Ok(Value::bool(sub.is_subtype(t)))
}
