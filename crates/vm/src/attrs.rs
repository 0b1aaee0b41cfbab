//! Attribute access: `LOAD_ATTR` (plain and method form), `STORE_ATTR`, `DELETE_ATTR`, class
//! attribute lookup along the base chain, descriptors (functions bind, `staticmethod`,
//! `classmethod`, `property`), and calls of dunder methods on user classes.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, attribute_error, type_error};
use tracelift_runtime::str::intern;
use tracelift_runtime::types::TypeObject;

use crate::Vm;
use crate::objects::{
    CLASSMETHOD_TYPE, MEMBER_TYPE, PROPERTY_TYPE, STATICMETHOD_TYPE, SUPER_TYPE, VmValue, bind_builtin, new_bound,
};

impl Vm {
    /// Looks `name` up on `ty` and its bases (heap dicts, then builtin method tables).
    pub fn type_lookup(&mut self, ty: &TypeObject, name: &str) -> Option<Value> {
        self.type_lookup_hashed(ty, name, tracelift_runtime::str::str_hash(name))
    }

    /// Looks `name` up in the dicts of the heap types of `ty`'s MRO only (user-defined
    /// attributes; builtin defaults are not reported): None as soon as a builtin type of the
    /// MRO has the name, or at `object`.
    pub fn heap_lookup(&self, ty: &TypeObject, name: &str, hash: i64) -> Option<Value> {
        for cur in ty.mro() {
            if !cur.is_heap_type() {
                if std::ptr::eq(cur, &tracelift_runtime::types::OBJECT_TYPE)
                    || crate::methods::lookup(cur, name).is_some()
                {
                    return None;
                }
                continue;
            }
            if let Some(v) = cur.dict().as_dict().and_then(|d| d.get_hashed(name, hash)) {
                return Some(v);
            }
        }
        None
    }

    /// [`Vm::type_lookup`] (or [`Vm::heap_lookup`] when `heap_only`) through the type
    /// attribute cache, CPython's `_PyType_Lookup` cache: entries are keyed by (type, interned
    /// name) and valid while the type's version tag is unchanged, which every modification of
    /// a class (or of one of its bases) changes. Non-interned names bypass the cache.
    pub fn type_lookup_cached(&mut self, ty: &TypeObject, name: &Value, heap_only: bool) -> Option<Value> {
        let so = name.as_str_obj()?;
        let (n, h) = (&*so.s, so.hash());
        if name.refcount() != isize::MAX {
            return if heap_only { self.heap_lookup(ty, n, h) } else { self.type_lookup_hashed(ty, n, h) };
        }
        let key_name = name.raw() as usize | heap_only as usize;
        self.cached_lookup(ty, key_name, |vm| {
            if heap_only { vm.heap_lookup(ty, n, h) } else { vm.type_lookup_hashed(ty, n, h) }
        })
    }

    /// [`Vm::heap_lookup`] of a name written in our source (a dunder the VM asks a class for),
    /// through the type attribute cache. Its key is the text's address and length with the
    /// top bit set, which no interned name's key has (a str object's address is below 2^47).
    pub fn heap_lookup_static(&mut self, ty: &TypeObject, name: &'static str) -> Option<Value> {
        let key_name = 1 << 63 | (name.len() & 0x7fff) << 47 | (name.as_ptr() as usize & ((1 << 47) - 1));
        self.cached_lookup(ty, key_name, |vm| vm.heap_lookup(ty, name, tracelift_runtime::str::str_hash(name)))
    }

    /// One probe of the type attribute cache for (`ty`, `key_name`) at `ty`'s version; `miss`
    /// looks the name up when the entry is absent or stale.
    fn cached_lookup(
        &mut self,
        ty: &TypeObject,
        key_name: usize,
        miss: impl FnOnce(&mut Self) -> Option<Value>,
    ) -> Option<Value> {
        let key_ty = ty as *const TypeObject as usize;
        // Fibonacci hashing over both words: the low bit of `key_name` (heap_only) must reach
        // the index, or the two lookups of one name thrash a single entry.
        let mixed = (key_ty ^ key_name.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let idx = mixed >> (usize::BITS - TYPE_CACHE_SIZE.trailing_zeros());
        let version = ty.version.get();
        let e = &self.type_cache[idx];
        if e.ty == key_ty && e.name == key_name && e.version == version {
            return if e.value.is_null() { None } else { Some(e.value.clone()) };
        }
        let r = miss(self);
        self.type_cache[idx] =
            TypeCacheEntry { ty: key_ty, name: key_name, version, value: r.clone().unwrap_or(Value::NULL) };
        r
    }

    /// [`Vm::type_lookup`] with the name's hash already known.
    pub fn type_lookup_hashed(&mut self, ty: &TypeObject, name: &str, hash: i64) -> Option<Value> {
        for cur in ty.mro() {
            if cur.is_heap_type() {
                if let Some(v) = cur.dict().as_dict().and_then(|d| d.get_hashed(name, hash)) {
                    return Some(v);
                }
            } else if let Some(v) = self.builtin_method(cur, name) {
                return Some(v);
            }
        }
        None
    }

    /// Looks `name` up in the MRO of `ty` after `after` (`super(after, obj)` where `obj`'s
    /// type, or `obj` itself when it is a class, is `ty`).
    pub fn lookup_after(&mut self, ty: &TypeObject, after: &TypeObject, name: &str) -> Option<Value> {
        let hash = tracelift_runtime::str::str_hash(name);
        let mut rest = ty.mro().skip_while(|t| !std::ptr::eq(*t, after)).skip(1).peekable();
        rest.peek()?;
        for cur in rest {
            if cur.is_heap_type() {
                if let Some(v) = cur.dict().as_dict().and_then(|d| d.get_hashed(name, hash)) {
                    return Some(v);
                }
            } else if let Some(v) = self.builtin_method(cur, name) {
                return Some(v);
            }
        }
        None
    }

    /// The instance dict of an object, if it has one. An instance whose attributes are
    /// inline gets its dict made here (and keeps it): readers that only look an attribute up
    /// use [`Vm::own_attr`].
    pub fn instance_dict(&self, obj: &Value) -> Option<Value> {
        if let Some(d) = tracelift_runtime::sub::dict_slot(obj) {
            // `__slots__` took the dict away (a namedtuple's `__slots__ = ()`).
            if obj.ty().no_dict.get() {
                return None;
            }
            if d.is_null() {
                *d = tracelift_runtime::dict::new_dict();
            }
            return Some(d.clone());
        }
        if let Some(i) = obj.as_instance() {
            return (obj.ty().is_heap_type() && !obj.ty().no_dict.get()).then(|| i.dict());
        }
        if let Some(e) = obj.as_exception() {
            let d = e.dict_slot();
            if d.is_null() {
                *d = tracelift_runtime::dict::new_dict();
            }
            return Some(d.clone());
        }
        if let Some(f) = obj.as_function() {
            let d = f.dict_slot();
            if d.is_null() {
                *d = tracelift_runtime::dict::new_dict();
            }
            return Some(d.clone());
        }
        None
    }

    /// The attribute `name` (a str) from the object's own attributes (its instance dict or
    /// inline values), without making a dict.
    pub fn own_attr(&self, obj: &Value, name: &Value) -> Option<Value> {
        if let Some(i) = obj.as_instance() {
            return i.get(name);
        }
        self.instance_dict(obj)?.as_dict().expect("dict").get_name(name)
    }

    /// `obj.name`
    pub fn get_attr(&mut self, obj: &Value, name: &Value) -> PyResult<Value> {
        match self.get_attr_opt(obj, name)? {
            Some(v) => Ok(v),
            None => Err(missing_attr(obj, name)),
        }
    }

    /// `obj.name`, or `None` where the generic lookup finds nothing, without making the
    /// `AttributeError` (CPython's `_PyObject_LookupAttr`): `getattr(x, name, default)` and
    /// `hasattr` take the miss without an exception.
    pub fn get_attr_opt(&mut self, obj: &Value, name: &Value) -> PyResult<Option<Value>> {
        // A class that overrides `__getattribute__` is never plain: one check for the rest.
        if obj.is_obj()
            && obj.ty().is_heap_type()
            && !obj.ty().is_plain()
            && let Some(ga) = self.custom_getattribute(obj.ty())
        {
            return match self.call_value(&ga, vec![obj.clone(), name.clone()], Vec::new()) {
                Err(e) if e.matches(&tracelift_runtime::exc::ATTRIBUTE_ERROR) => {
                    match self.heap_lookup_static(obj.ty(), "__getattr__") {
                        Some(g) => self.call_value(&g, vec![obj.clone(), name.clone()], Vec::new()).map(Some),
                        None => Err(e),
                    }
                }
                r => r.map(Some),
            };
        }
        self.generic_getattr_opt(obj, name, true)
    }

    /// A user class's own `__getattribute__` (a Python function), if `ty` has one.
    pub(crate) fn custom_getattribute(&mut self, ty: &TypeObject) -> Option<Value> {
        if !ty.is_heap_type() {
            return None;
        }
        let n = self.getattribute_name.clone();
        self.type_lookup_cached(ty, &n, true).filter(|f| f.as_function().is_some() || f.as_descr().is_some())
    }

    /// `object.__getattribute__(obj, name)`: descriptors, the instance's attributes, the
    /// class's; then, with `use_getattr`, the class's `__getattr__` (the attribute slot does
    /// that, not `object.__getattribute__` itself).
    pub(crate) fn generic_getattr(&mut self, obj: &Value, name: &Value, use_getattr: bool) -> PyResult<Value> {
        match self.generic_getattr_opt(obj, name, use_getattr)? {
            Some(v) => Ok(v),
            None => Err(missing_attr(obj, name)),
        }
    }

    /// [`Vm::generic_getattr`], with `None` for the plain miss (no exception made).
    fn generic_getattr_opt(&mut self, obj: &Value, name: &Value, use_getattr: bool) -> PyResult<Option<Value>> {
        // Fast path for instances of user classes: no data descriptor on the class, so the
        // instance dict decides, then the class attribute (bound if it is a function).
        if let Some(inst) = obj.as_instance() {
            let ty = obj.ty();
            let tattr = self.type_lookup_cached(ty, name, false);
            // Properties, members and instances of user classes (possible descriptors) take
            // the slow path.
            if !tattr
                .as_ref()
                .is_some_and(|t| t.is_type(&PROPERTY_TYPE) || t.is_type(&MEMBER_TYPE) || t.ty().is_heap_type())
            {
                if let Some(v) = inst.get(name) {
                    return Ok(Some(v));
                }
                if let Some(ta) = tattr {
                    return Ok(Some(self.bind(ta, obj, ty)));
                }
            }
        }
        let n = name.as_str().unwrap_or("");
        if let Some(t) = obj.as_type() {
            if let Some(v) = self.class_attr(obj, t, name, n)? {
                return Ok(Some(v));
            }
            // A metaclass's `__getattr__` answers what the class lacks.
            let meta = obj.ty();
            if use_getattr
                && meta.is_heap_type()
                && let Some(ga) = self.heap_lookup_static(meta, "__getattr__")
            {
                return self.call_value(&ga, vec![obj.clone(), name.clone()], Vec::new()).map(Some);
            }
            return Ok(None);
        }
        if let Some(m) = obj.as_module() {
            if let Some(v) = m.dict.as_dict().and_then(|d| d.get_name(name)) {
                return Ok(Some(v));
            }
            if n == "__name__" {
                return Ok(Some(m.name.clone()));
            }
            if n == "__dict__" {
                return Ok(Some(m.dict.clone()));
            }
            return Err(attribute_error(format!(
                "module '{}' has no attribute '{}'",
                m.name.as_str().unwrap_or("?"),
                n
            )));
        }
        if obj.is_type(&SUPER_TYPE) {
            return self.super_attr(obj, n).map(Some);
        }
        let ty = obj.ty();
        let tattr = self.type_lookup_cached(ty, name, false);
        if let Some(ta) = &tattr
            && ta.is_type(&PROPERTY_TYPE)
        {
            let getter = ta.as_descr().expect("property").func.clone();
            if getter.is_null() || getter.is_none() {
                return Err(attribute_error(format!("property '{}' of '{}' object has no getter", n, ty.name())));
            }
            return self.call_value(&getter, vec![obj.clone()], Vec::new()).map(Some);
        }
        // A `__slots__` member: the slot, or AttributeError while it is unset (then
        // `__getattr__`, as for any AttributeError of the lookup).
        if let Some(m) = tattr.as_ref().and_then(|t| t.as_member())
            && let Some(inst) = obj.as_instance()
        {
            if let Some(v) = inst.member(m.index as usize) {
                return Ok(Some(v));
            }
            if use_getattr && let Some(ga) = self.heap_lookup_static(ty, "__getattr__") {
                return self.call_value(&ga, vec![obj.clone(), name.clone()], Vec::new()).map(Some);
            }
            return Err(attribute_error(format!(
                "'{}' object has no attribute '{}'",
                ty.name(),
                m.name.as_str().unwrap_or("?")
            )));
        }
        // User-defined descriptors: a data descriptor (with `__set__`/`__delete__`) wins over
        // the instance dict; a non-data one (only `__get__`) loses to it.
        let (getter, is_data) = match &tattr {
            Some(ta) if ta.ty().is_heap_type() => self.descriptor_parts(ta),
            _ => (None, false),
        };
        if let (Some(g), true) = (&getter, is_data) {
            let ta = tattr.clone().expect("descriptor");
            return self.call_value(g, vec![ta, obj.clone(), ty.to_value()], Vec::new()).map(Some);
        }
        if let Some(v) = self.own_attr(obj, name) {
            return Ok(Some(v));
        }
        if let Some(g) = getter {
            let ta = tattr.expect("descriptor");
            return self.call_value(&g, vec![ta, obj.clone(), ty.to_value()], Vec::new()).map(Some);
        }
        if let Some(ta) = tattr {
            return Ok(Some(self.bind(ta, obj, ty)));
        }
        if let Some(v) = self.special_attr(obj, n)? {
            return Ok(Some(v));
        }
        if use_getattr
            && ty.is_heap_type()
            && let Some(ga) = self.heap_lookup_static(ty, "__getattr__")
        {
            return self.call_value(&ga, vec![obj.clone(), name.clone()], Vec::new()).map(Some);
        }
        Ok(None)
    }

    /// Binds a class attribute found on `ty` to the instance `obj`.
    fn bind(&mut self, ta: Value, obj: &Value, ty: &TypeObject) -> Value {
        if ta.as_function().is_some() {
            return new_bound(ta, obj.clone());
        }
        if let Some(b) = ta.as_builtin() {
            if b.self_.is_null() && !b.owner.is_null() && !crate::methods::is_static(b.name) {
                return bind_builtin(b, obj.clone());
            }
            return ta;
        }
        if ta.is_type(&STATICMETHOD_TYPE) {
            return ta.as_descr().expect("descr").func.clone();
        }
        if ta.is_type(&CLASSMETHOD_TYPE) {
            return new_bound(ta.as_descr().expect("descr").func.clone(), ty.to_value());
        }
        ta
    }

    /// `super().name`: looked up after `__class__` in the MRO of the instance's type, bound to
    /// the instance.
    fn super_attr(&mut self, sup: &Value, n: &str) -> PyResult<Value> {
        let d = sup.as_descr().expect("super");
        let cls = d.func.clone();
        // SAFETY: single-threaded; the slot is written once when the super object is made.
        let obj = unsafe { (*d.setter.get()).clone() };
        if let Some(cls_t) = cls.as_type() {
            // The MRO searched is that of the object's class, or of the object itself when it
            // is a class below `cls` (`super().__new__(cls)`, class methods); a class that is
            // an instance of `cls` (a metaclass's `super().__call__()`) is an instance.
            let as_class = obj.as_type().is_some_and(|t| t.is_subtype(cls_t));
            let owner = if as_class { obj.as_type().expect("class") } else { obj.ty() };
            // SAFETY: `obj` keeps its class (and the class its MRO) alive while this runs.
            let owner: &TypeObject = unsafe { &*(owner as *const TypeObject) };
            // SAFETY: the super object holds `cls` alive while this runs.
            let cls_t: &TypeObject = unsafe { &*(cls_t as *const TypeObject) };
            if let Some(v) = self.lookup_after(owner, cls_t, n) {
                if v.ty().is_heap_type()
                    && let (Some(g), _) = self.descriptor_parts(&v)
                {
                    let (inst, owner) =
                        if as_class { (Value::none(), obj.clone()) } else { (obj.clone(), obj.ty().to_value()) };
                    return self.call_value(&g, vec![v, inst, owner], Vec::new());
                }
                if as_class {
                    if v.is_type(&CLASSMETHOD_TYPE) {
                        return Ok(new_bound(v.as_descr().expect("descr").func.clone(), obj));
                    }
                    return Ok(v);
                }
                if v.is_type(&PROPERTY_TYPE) {
                    let getter = v.as_descr().expect("property").func.clone();
                    return self.call_value(&getter, vec![obj], Vec::new());
                }
                let ty = obj.ty();
                return Ok(self.bind(v, &obj, ty));
            }
        }
        Err(attribute_error(format!("'super' object has no attribute '{n}'")))
    }

    /// A user descriptor's `__get__` (if any) and whether it is a data descriptor (defines
    /// `__set__` or `__delete__`).
    fn descriptor_parts(&mut self, d: &Value) -> (Option<Value>, bool) {
        let t = d.ty();
        let get = self.heap_lookup_static(t, "__get__");
        let data =
            self.heap_lookup_static(t, "__set__").is_some() || self.heap_lookup_static(t, "__delete__").is_some();
        (get, data)
    }

    /// Attribute of a class object.
    /// A class's attribute `n` (the str `name`), `None` for the plain miss (the caller makes
    /// the `AttributeError`, [`missing_attr`], only if it needs one).
    fn class_attr(&mut self, cls: &Value, t: &TypeObject, name: &Value, n: &str) -> PyResult<Option<Value>> {
        // CPython 3.10+'s `type.__annotations__`: a class's own, never a base's; a class
        // without any gets an empty dict, kept.
        if n == "__annotations__"
            && t.is_heap_type()
            && let Some(d) = t.dict().as_dict()
        {
            if let Some(a) = d.get_str(n) {
                return Ok(Some(a));
            }
            let a = tracelift_runtime::dict::new_dict();
            d.set_str(n, a.clone());
            // A new class attribute: caches keyed to the class's version must see it.
            self.type_modified(t);
            return Ok(Some(a));
        }
        // A user metaclass's data descriptors come first, its other attributes last.
        let meta = cls.ty();
        let meta_attr = if meta.is_heap_type() { self.type_lookup_cached(meta, name, false) } else { None };
        if let Some(ma) = &meta_attr {
            if ma.is_type(&PROPERTY_TYPE) {
                let getter = ma.as_descr().expect("property").func.clone();
                return self.call_value(&getter, vec![cls.clone()], Vec::new()).map(Some);
            }
            if ma.ty().is_heap_type()
                && let (Some(g), true) = self.descriptor_parts(ma)
            {
                return self.call_value(&g, vec![ma.clone(), cls.clone(), meta.to_value()], Vec::new()).map(Some);
            }
        }
        if let Some(v) = self.type_lookup_cached(t, name, false) {
            if v.ty().is_heap_type()
                && let (Some(g), _) = self.descriptor_parts(&v)
            {
                return self.call_value(&g, vec![v, Value::none(), cls.clone()], Vec::new()).map(Some);
            }
            if v.is_type(&STATICMETHOD_TYPE) {
                return Ok(Some(v.as_descr().expect("descr").func.clone()));
            }
            if v.is_type(&CLASSMETHOD_TYPE) {
                return Ok(Some(new_bound(v.as_descr().expect("descr").func.clone(), cls.clone())));
            }
            return Ok(Some(v));
        }
        match n {
            "__name__" => return Ok(Some(Value::str(t.name()))),
            "__qualname__" => return Ok(Some(Value::str(t.qualname()))),
            "__module__" => return Ok(Some(Value::str(t.module()))),
            "__base__" => return Ok(Some(t.base().map(|b| b.to_value()).unwrap_or_else(Value::none))),
            "__bases__" => return Ok(Some(Value::tuple(t.bases().iter().map(|b| b.to_value()).collect()))),
            "__mro__" => return Ok(Some(Value::tuple(t.mro().map(|b| b.to_value()).collect()))),
            "__dict__" if t.is_heap_type() => return Ok(Some(t.dict().clone())),
            "__doc__" => return Ok(Some(Value::none())),
            "__class__" => return Ok(Some(cls.ty().to_value())),
            _ => {}
        }
        // Then the metaclass's (`type`'s own methods for every class: `C.mro()`).
        let ma = match meta_attr {
            Some(ma) => Some(ma),
            None => self.builtin_method(&tracelift_runtime::types::TYPE_TYPE, n),
        };
        if let Some(ma) = ma {
            if ma.ty().is_heap_type()
                && let (Some(g), _) = self.descriptor_parts(&ma)
            {
                return self.call_value(&g, vec![ma, cls.clone(), meta.to_value()], Vec::new()).map(Some);
            }
            return Ok(Some(self.bind(ma, cls, meta)));
        }
        Ok(None)
    }

    /// Attributes that live in object layouts rather than dicts.
    fn special_attr(&mut self, obj: &Value, n: &str) -> PyResult<Option<Value>> {
        if n == "__class__" {
            return Ok(Some(obj.ty().to_value()));
        }
        if n == "__dict__"
            && let Some(d) = self.instance_dict(obj)
        {
            return Ok(Some(d));
        }
        if let Some(e) = obj.as_exception() {
            return Ok(match n {
                "args" => Some(e.args().clone()),
                "__cause__" => Some(or_none(e.cause())),
                "__context__" => Some(or_none(e.context())),
                "__traceback__" => Some(Value::none()),
                "__suppress_context__" => Some(Value::bool(e.suppress_context.get())),
                "value" if obj.ty().is_subtype(&tracelift_runtime::exc::STOP_ITERATION) => Some(e.first_arg()),
                "code" if obj.ty().is_subtype(&tracelift_runtime::exc::SYSTEM_EXIT) => Some(e.first_arg()),
                _ => crate::syntax_error::syntax_attr(obj, n),
            });
        }
        if let Some(f) = obj.as_function() {
            return Ok(match n {
                "__name__" => Some(f.name().clone()),
                "__qualname__" => Some(f.qualname.clone()),
                "__module__" => Some(f.module.clone()),
                "__defaults__" => Some(or_none(f.defaults())),
                "__kwdefaults__" => Some(or_none(f.kwdefaults())),
                "__code__" => Some(crate::objects::new_code_value(f.code.clone())),
                // CPython 3.11: the first constant, when it is a str (even for lambdas).
                "__doc__" => Some(f.code.consts.first().filter(|c| c.is_str()).cloned().unwrap_or_else(Value::none)),
                "__dict__" => Some(f.dict_slot().clone()),
                _ => None,
            });
        }
        if let Some(b) = obj.as_bound() {
            return Ok(match n {
                "__self__" => Some(b.self_.clone()),
                "__func__" => Some(b.func.clone()),
                "__name__" | "__qualname__" | "__doc__" => {
                    let f = b.func.clone();
                    Some(self.get_attr(&f, &intern(n))?)
                }
                _ => None,
            });
        }
        if let Some(b) = obj.as_builtin() {
            return Ok(match n {
                "__name__" | "__qualname__" => Some(Value::str(b.name)),
                "__self__" => Some(if b.self_.is_null() { Value::none() } else { b.self_.clone() }),
                _ => None,
            });
        }
        if let Some(a) = obj.as_array() {
            return Ok(match n {
                "typecode" => Some(Value::string((a.code as char).to_string())),
                "itemsize" => Some(Value::int(a.itemsize() as i64)),
                _ => None,
            });
        }
        if let Some(r) = obj.as_range() {
            return Ok(match n {
                "start" => Some(Value::int(r.start)),
                "stop" => Some(Value::int(r.stop)),
                "step" => Some(Value::int(r.step)),
                _ => None,
            });
        }
        if let Some(s) = obj.as_slice() {
            return Ok(match n {
                "start" => Some(s.start.clone()),
                "stop" => Some(s.stop.clone()),
                "step" => Some(s.step.clone()),
                _ => None,
            });
        }
        if obj.is_int_or_bool() {
            return Ok(match n {
                "real" | "numerator" => Some(Value::from_bigint(obj.to_bigint().expect("int"))),
                "imag" => Some(Value::int(0)),
                "denominator" => Some(Value::int(1)),
                _ => None,
            });
        }
        if let Some(f) = obj.as_f64() {
            return Ok(match n {
                "real" => Some(Value::float(f)),
                "imag" => Some(Value::float(0.0)),
                _ => None,
            });
        }
        if let Some(g) = obj.as_generator() {
            return Ok(match n {
                "__name__" | "__qualname__" => Some(g.state().name.clone()),
                _ => None,
            });
        }
        if let Some(m) = obj.as_descr() {
            if n == "__func__" || n == "fget" {
                return Ok(Some(or_none(&m.func)));
            }
            // Abstract if what it wraps is (`abc.abstractmethod` under `@classmethod`).
            if n == "__isabstractmethod__" && !m.func.is_null() && !m.func.is_none() {
                let f = m.func.clone();
                return Ok(Some(match self.get_attr(&f, &intern(n)) {
                    Ok(v) => v,
                    Err(e) if e.matches(&tracelift_runtime::exc::ATTRIBUTE_ERROR) => Value::bool(false),
                    Err(e) => return Err(e),
                }));
            }
            if obj.is_type(&PROPERTY_TYPE) {
                // SAFETY: single-threaded; the slots are only written when the property is made.
                let (fset, fdel) = unsafe { ((*m.setter.get()).clone(), (*m.deleter.get()).clone()) };
                let accessor: Option<(&'static str, crate::objects::NativeFn)> = match n {
                    "fset" => return Ok(Some(or_none(&fset))),
                    "fdel" => return Ok(Some(or_none(&fdel))),
                    "setter" => Some(("setter", crate::builtins::property_setter)),
                    "getter" => Some(("getter", crate::builtins::property_getter)),
                    "deleter" => Some(("deleter", crate::builtins::property_deleter)),
                    _ => None,
                };
                if let Some((name, f)) = accessor {
                    let b = crate::objects::new_builtin(name, f, false);
                    return Ok(Some(crate::objects::bind_builtin(b.as_builtin().expect("builtin"), obj.clone())));
                }
            }
        }
        Ok(None)
    }

    /// `LOAD_ATTR` method form: `(method, self)` when the attribute is a plain function found
    /// on the type (not shadowed by the instance), else `(attr, NULL)`.
    pub fn load_method(&mut self, obj: &Value, name: &Value) -> PyResult<(Value, Value)> {
        if obj.is_obj()
            && obj.ty().is_heap_type()
            && !obj.ty().is_plain()
            && self.custom_getattribute(obj.ty()).is_some()
        {
            return Ok((self.get_attr(obj, name)?, Value::NULL));
        }
        if obj.as_type().is_none() && obj.as_module().is_none() && !obj.is_type(&SUPER_TYPE) {
            let ty = obj.ty();
            if let Some(ta) = self.type_lookup_cached(ty, name, false) {
                let plain = ta.as_function().is_some()
                    || ta
                        .as_builtin()
                        .is_some_and(|b| b.self_.is_null() && !b.owner.is_null() && !crate::methods::is_static(b.name));
                if plain {
                    let shadowed = self.own_attr(obj, name).is_some();
                    if !shadowed {
                        return Ok((ta, obj.clone()));
                    }
                }
            }
        }
        Ok((self.get_attr(obj, name)?, Value::NULL))
    }

    /// `obj.name = v`
    pub fn set_attr(&mut self, obj: &Value, name: &Value, v: Value) -> PyResult<()> {
        // Fast path for instances of user classes with a dict, without a property or member
        // of that name or a `__setattr__`: store into the instance dict.
        if let Some(inst) = obj.as_instance()
            && obj.ty().is_heap_type()
            && !obj.ty().no_dict.get()
            && name.as_str().is_some_and(|n| n != "__class__")
        {
            let ty = obj.ty();
            let setattr = self.setattr_name.clone();
            let plain = !self
                .type_lookup_cached(ty, name, true)
                .is_some_and(|t| t.is_type(&PROPERTY_TYPE) || t.is_type(&MEMBER_TYPE) || t.ty().is_heap_type())
                && self.type_lookup_cached(ty, &setattr, true).is_none();
            if plain {
                inst.set(name.clone(), v);
                return Ok(());
            }
        }
        let n = name.as_str().unwrap_or("");
        if n == "__class__" && self.heap_lookup_static(obj.ty(), "__setattr__").is_none() {
            return self.assign_class(obj, &v);
        }
        if let Some(t) = obj.as_type() {
            // A user metaclass's `__setattr__` (`enum` refuses to rebind members).
            if obj.ty().is_heap_type()
                && let Some(f) = self.heap_lookup_static(obj.ty(), "__setattr__")
            {
                self.call_value(&f, vec![obj.clone(), name.clone(), v], Vec::new())?;
                return Ok(());
            }
            return self.set_class_attr(t, name, v);
        }
        if let Some(m) = obj.as_module() {
            return m.dict.as_dict().expect("module dict").set(name.clone(), v);
        }
        let ty = obj.ty();
        let mut v = v;
        if ty.is_heap_type() {
            // The class's `__setattr__` first; `object.__setattr__` handles descriptors.
            if let Some(sa) = self.heap_lookup_static(ty, "__setattr__")
                && sa.as_function().is_some()
            {
                self.call_value(&sa, vec![obj.clone(), name.clone(), v], Vec::new())?;
                return Ok(());
            }
            match self.set_via_descriptor(obj, name, v)? {
                Some(back) => v = back,
                None => return Ok(()),
            }
            if obj.as_instance().is_some() {
                return self.store_instance_attr(obj, name, v);
            }
        }
        if let Some(e) = obj.as_exception() {
            if n == "args" {
                let items = self.collect_iterable(&v)?;
                e.set_args(Value::tuple(items));
                return Ok(());
            }
            if n == "__cause__" {
                *e.cause() = v;
                e.suppress_context.set(true);
                return Ok(());
            }
        }
        if let Some(f) = obj.as_function() {
            match n {
                "__name__" => {
                    // SAFETY: single-threaded; nothing holds a borrow of the name slot.
                    unsafe { *f.name.get() = v };
                    return Ok(());
                }
                "__defaults__" | "__kwdefaults__" => {
                    let ok = if n == "__defaults__" {
                        v.is_none() || v.is_tuple()
                    } else {
                        v.is_none() || v.as_dict().is_some()
                    };
                    if !ok {
                        let want = if n == "__defaults__" { "tuple" } else { "dict" };
                        return Err(type_error(format!("{n} must be set to a {want} object")));
                    }
                    let v = if v.is_none() { Value::NULL } else { v };
                    // SAFETY: single-threaded; nothing holds a borrow of these slots.
                    unsafe {
                        if n == "__defaults__" {
                            *f.defaults.get() = v;
                        } else {
                            *f.kwdefaults.get() = v;
                        }
                    }
                    // Specialized calls guard on the function version (:func-version:).
                    let old = f.version.get();
                    f.version.set(tracelift_runtime::types::next_version());
                    tracelift_runtime::watch::notify(tracelift_runtime::watch::func_version(old));
                    return Ok(());
                }
                _ => {}
            }
        }
        if obj.as_instance().is_some() && !obj.ty().is_heap_type() {
            return Err(attribute_error(format!("'object' object has no attribute '{n}'")));
        }
        if let Some(i) = obj.as_instance()
            && name.is_str()
        {
            i.set(name.clone(), v);
            return Ok(());
        }
        match self.instance_dict(obj) {
            Some(d) => d.as_dict().expect("dict").set(name.clone(), v),
            None => Err(attribute_error(format!("'{}' object has no attribute '{}'", ty.name(), n))),
        }
    }

    /// `del obj.name`
    pub fn del_attr(&mut self, obj: &Value, name: &Value) -> PyResult<()> {
        // A class's own `__delattr__` (a Python function) decides.
        if obj.is_obj()
            && obj.ty().is_heap_type()
            && let Some(f) = self.heap_lookup_static(obj.ty(), "__delattr__")
            && (f.as_function().is_some() || f.as_descr().is_some())
        {
            self.call_value(&f, vec![obj.clone(), name.clone()], Vec::new())?;
            return Ok(());
        }
        self.generic_delattr(obj, name)
    }

    /// `object.__delattr__(obj, name)`.
    pub(crate) fn generic_delattr(&mut self, obj: &Value, name: &Value) -> PyResult<()> {
        let n = name.as_str().unwrap_or("");
        if let Some(t) = obj.as_type() {
            if t.is_heap_type() && t.dict().as_dict().expect("class dict").remove(name)?.is_some() {
                self.type_modified(t);
                return Ok(());
            }
            return Err(attribute_error(format!("type object '{}' has no attribute '{}'", t.name(), n)));
        }
        if let Some(m) = obj.as_module() {
            if m.dict.as_dict().expect("module dict").remove(name)?.is_some() {
                return Ok(());
            }
            return Err(attribute_error(format!(
                "module '{}' has no attribute '{}'",
                m.name.as_str().unwrap_or("?"),
                n
            )));
        }
        let ty = obj.ty();
        if ty.is_heap_type() {
            let h = name.as_str_obj().map_or_else(|| tracelift_runtime::str::str_hash(n), |s| s.hash());
            if let Some(ta) = self.heap_lookup(ty, n, h)
                && let Some(p) = ta.as_descr().filter(|_| ta.is_type(&PROPERTY_TYPE))
            {
                // SAFETY: single-threaded; the slot is only written when the property is made.
                let fdel = unsafe { (*p.deleter.get()).clone() };
                if fdel.is_null() {
                    return Err(attribute_error(format!("property '{}' of '{}' object has no deleter", n, ty.name())));
                }
                self.call_value(&fdel, vec![obj.clone()], Vec::new())?;
                return Ok(());
            }
            if n == "__class__" {
                return Err(type_error("can't delete __class__ attribute"));
            }
            // A user data descriptor's `__delete__`.
            if let Some(ta) = self.heap_lookup(ty, n, h)
                && ta.ty().is_heap_type()
                && let Some(del) = self.heap_lookup_static(ta.ty(), "__delete__")
            {
                self.call_value(&del, vec![ta, obj.clone()], Vec::new())?;
                return Ok(());
            }
            if let Some(ta) = self.type_lookup_cached(ty, name, true)
                && ta.is_type(&MEMBER_TYPE)
            {
                return self.store_member(obj, &ta, Value::NULL);
            }
            if ty.no_dict.get() {
                return Err(self.no_dict_error(obj, name));
            }
        }
        if let Some(d) = self.instance_dict(obj)
            && d.as_dict().expect("dict").remove(name)?.is_some()
        {
            return Ok(());
        }
        Err(attribute_error(format!("'{}' object has no attribute '{}'", obj.ty().name(), n)))
    }

    /// Calls `type(v).name(v, *args)` if the (heap) type defines it.
    pub fn call_dunder_opt(&mut self, v: &Value, name: &'static str, args: Vec<Value>) -> PyResult<Option<Value>> {
        let ty = v.ty();
        if !ty.is_heap_type() {
            return Ok(None);
        }
        let Some(f) = self.heap_lookup_static(ty, name) else { return Ok(None) };
        if f.as_builtin().is_some() {
            // Inherited builtin (object/BaseException) default: let the caller do its default.
            return Ok(None);
        }
        let mut full = Vec::with_capacity(args.len() + 1);
        full.push(v.clone());
        full.extend(args);
        self.call_value(&f, full, Vec::new()).map(Some)
    }

    /// A heap type changed: new version tags for it and every class below it (CPython's
    /// `PyType_Modified`, which walks `tp_subclasses`).
    pub fn type_modified(&mut self, t: &TypeObject) {
        let mut work = vec![t];
        while let Some(c) = work.pop() {
            c.modified();
            self.mark_plain(c);
            work.extend(c.subclasses());
        }
    }

    /// Marks a class plain at its current version, or not plain (`TypeObject::plain`): an
    /// instance class whose classes up to `object` hold no property and no instance of a user
    /// class (a possible data descriptor) and define none of `__getattribute__`, `__setattr__`
    /// and `__delattr__`. Run when a class is made and whenever it (or a base) changes.
    pub(crate) fn mark_plain(&self, t: &TypeObject) {
        let plain = t.is_heap_type() && t.kind == tracelift_runtime::types::Kind::Instance && !t.no_dict.get() && {
            let mut ok = true;
            for c in t.mro() {
                if !c.is_heap_type() {
                    ok &= std::ptr::eq(c, &tracelift_runtime::types::OBJECT_TYPE);
                    break;
                }
                let Some(d) = c.dict().as_dict() else {
                    ok = false;
                    break;
                };
                ok &= d.items().iter().all(|(k, v)| {
                    !v.is_type(&PROPERTY_TYPE)
                        && !v.is_type(&MEMBER_TYPE)
                        && !v.ty().is_heap_type()
                        && !matches!(k.as_str(), Some("__getattribute__" | "__setattr__" | "__delattr__"))
                });
            }
            ok
        };
        t.plain.set(if plain { t.version.get() } else { 0 });
    }

    /// `obj.name = v` through a data descriptor of `obj`'s (user) class: a user descriptor's
    /// `__set__` or a property's setter. Gives `v` back when there is none.
    pub(crate) fn set_via_descriptor(&mut self, obj: &Value, name: &Value, v: Value) -> PyResult<Option<Value>> {
        let ty = obj.ty();
        let Some(ta) = self.type_lookup_cached(ty, name, true) else { return Ok(Some(v)) };
        if ta.ty().is_heap_type()
            && let Some(set) = self.heap_lookup_static(ta.ty(), "__set__")
        {
            self.call_value(&set, vec![ta, obj.clone(), v], Vec::new())?;
            return Ok(None);
        }
        if let Some(p) = ta.as_descr().filter(|_| ta.is_type(&PROPERTY_TYPE)) {
            // SAFETY: single-threaded; the setter slot is only written by `setter()`.
            let setter = unsafe { (*p.setter.get()).clone() };
            if setter.is_null() {
                let n = name.as_str().unwrap_or("");
                return Err(attribute_error(format!("property '{}' of '{}' object has no setter", n, ty.name())));
            }
            self.call_value(&setter, vec![obj.clone(), v], Vec::new())?;
            return Ok(None);
        }
        Ok(Some(v))
    }

    /// `cls.name = v` (`type.__setattr__`): the class dict, and new version tags below it.
    pub(crate) fn set_class_attr(&mut self, t: &TypeObject, name: &Value, v: Value) -> PyResult<()> {
        let n = name.as_str().unwrap_or("");
        if !t.is_heap_type() {
            return Err(type_error(format!("cannot set '{}' attribute of immutable type '{}'", n, t.name())));
        }
        if n == "__name__" {
            t.set_name(v.as_str().unwrap_or(""));
            return Ok(());
        }
        if n == "__module__"
            && let Some(m) = v.as_str()
        {
            t.set_module(m);
        }
        t.dict().as_dict().expect("class dict").set(name.clone(), v)?;
        self.type_modified(t);
        Ok(())
    }

    /// `obj.name = v` on an instance of a user class once descriptors and `__setattr__`
    /// had their say (`object.__setattr__`): a member slot, the instance's attributes, or
    /// an error for an instance without a dict.
    pub(crate) fn store_instance_attr(&mut self, obj: &Value, name: &Value, v: Value) -> PyResult<()> {
        let ty = obj.ty();
        if let Some(ta) = self.type_lookup_cached(ty, name, true)
            && ta.is_type(&MEMBER_TYPE)
        {
            return self.store_member(obj, &ta, v);
        }
        if ty.no_dict.get() {
            return Err(self.no_dict_error(obj, name));
        }
        match obj.as_instance() {
            Some(i) if name.is_str() => {
                i.set(name.clone(), v);
                Ok(())
            }
            _ => Err(type_error(format!("attribute name must be string, not '{}'", name.ty().name()))),
        }
    }

    /// Error for a missing attribute on an object (used by builtins).
    pub fn no_attr(&self, obj: &Value, n: &str) -> PyErr {
        attribute_error(format!("'{}' object has no attribute '{}'", obj.ty().name(), n))
    }
}

fn or_none(v: &Value) -> Value {
    if v.is_null() { Value::none() } else { v.clone() }
}

/// Number of entries in the type attribute cache (a power of two).
pub const TYPE_CACHE_SIZE: usize = 4096;

/// One entry of the type attribute cache (see [`Vm::type_lookup_cached`]).
#[derive(Default)]
pub struct TypeCacheEntry {
    /// Address of the type.
    pub ty: usize,
    /// Word of the interned name (low bit: heap-only lookup).
    pub name: usize,
    /// The type's version tag when the entry was made.
    pub version: u32,
    /// The attribute found, or NULL for "not found".
    pub value: Value,
}

/// `__get__(obj, type=None)` of functions, `property`, `staticmethod` and `classmethod`:
/// what reading the attribute through `obj` (or through the class, when `obj` is None)
/// gives, as the attribute lookup itself binds them.
pub(crate) fn descr_get(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    crate::methods::margs("__get__", args, 1, 2)?;
    let (d, obj) = (&args[0], &args[1]);
    let owner = match args.get(2) {
        Some(t) if !t.is_none() => t.clone(),
        _ => obj.ty().to_value(),
    };
    if d.is_type(&CLASSMETHOD_TYPE) {
        return Ok(new_bound(d.as_descr().expect("descr").func.clone(), owner));
    }
    if d.is_type(&STATICMETHOD_TYPE) {
        return Ok(d.as_descr().expect("descr").func.clone());
    }
    if obj.is_none() {
        return Ok(d.clone());
    }
    if d.is_type(&PROPERTY_TYPE) {
        let getter = d.as_descr().expect("property").func.clone();
        if getter.is_null() || getter.is_none() {
            return Err(attribute_error("property has no getter"));
        }
        return vm.call_value(&getter, vec![obj.clone()], Vec::new());
    }
    Ok(new_bound(d.clone(), obj.clone()))
}

/// The `AttributeError` of a generic lookup that found nothing (with what the traceback's
/// "Did you mean" needs).
fn missing_attr(obj: &Value, name: &Value) -> PyErr {
    let n = name.as_str().unwrap_or("");
    let e = match obj.as_type() {
        Some(t) => attribute_error(format!("type object '{}' has no attribute '{}'", t.name(), n)),
        None => attribute_error(format!("'{}' object has no attribute '{}'", obj.ty().name(), n)),
    };
    *e.exc().suggestion_context() = Value::tuple(vec![name.clone(), obj.clone()]);
    e
}
