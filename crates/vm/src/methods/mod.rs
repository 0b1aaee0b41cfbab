//! Methods of builtin types (`str.split`, `list.append`, `dict.get`, ...), found by
//! `Vm::type_lookup` through [`Vm::builtin_method`] and cached per (type, name).

pub(crate) mod bytes;
mod containers;
mod dunders;
mod strings;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult};
use tracelift_runtime::types::{self as rt, Kind, TypeObject};

use crate::Vm;
use crate::objects::{BUILTIN_TYPE, BuiltinObject, GENERATOR_TYPE, NativeFn};

/// The native implementation of `ty.name`, if the builtin type has such a method.
pub(crate) fn lookup(ty: &TypeObject, name: &str) -> Option<(&'static str, NativeFn, bool)> {
    let p = ty as *const TypeObject;
    let is = |t: &TypeObject| std::ptr::eq(p, t);
    if is(&rt::STR_TYPE) {
        return strings::lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::LIST_TYPE) {
        return containers::list_lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::DICT_TYPE) {
        return containers::dict_lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::SET_TYPE) || is(&rt::FROZENSET_TYPE) {
        return containers::set_lookup(name, is(&rt::FROZENSET_TYPE)).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::TUPLE_TYPE) {
        return containers::tuple_lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::INT_TYPE) || is(&rt::BOOL_TYPE) {
        return containers::int_lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::FLOAT_TYPE) {
        return containers::float_lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&GENERATOR_TYPE) {
        return containers::generator_lookup(name);
    }
    if is(&crate::objects::COROUTINE_TYPE) {
        // A coroutine sends, throws and closes, but is no iterator.
        return containers::generator_lookup(name).filter(|m| !matches!(m.0, "__next__" | "__iter__"));
    }
    if is(&tracelift_runtime::bytes::BYTES_TYPE) || is(&tracelift_runtime::bytes::BYTEARRAY_TYPE) {
        return bytes::lookup(name, is(&tracelift_runtime::bytes::BYTEARRAY_TYPE))
            .or_else(|| dunders::lookup(ty, name));
    }
    if crate::modules::array::is_array_type(ty) {
        return crate::modules::array::lookup(name).or_else(|| dunders::lookup(ty, name));
    }
    if is(&rt::SLICE_TYPE) && name == "indices" {
        return Some(("indices", containers::slice_indices, false));
    }
    if is(&rt::RANGE_TYPE)
        && let Some(m) = containers::range_lookup(name)
    {
        return Some(m);
    }
    if is(&rt::OBJECT_TYPE) {
        return containers::object_lookup(name);
    }
    let descr = [&crate::objects::FUNCTION_TYPE, &crate::objects::PROPERTY_TYPE, &crate::objects::STATICMETHOD_TYPE];
    if name == "__get__" && (descr.iter().any(|t| is(t)) || is(&crate::objects::CLASSMETHOD_TYPE)) {
        return Some(("__get__", crate::attrs::descr_get, false));
    }
    let callables = [&crate::objects::FUNCTION_TYPE, &crate::objects::BUILTIN_TYPE, &crate::objects::METHOD_TYPE];
    if name == "__call__" && callables.iter().any(|t| is(t)) {
        return Some(("__call__", call_self, true));
    }
    if is(&rt::TYPE_TYPE)
        && let Some(m) = crate::classes::type_method(name)
    {
        return Some(m);
    }
    if is(&tracelift_runtime::exc::BASE_EXCEPTION) {
        return containers::exception_lookup(name);
    }
    if ty.kind == Kind::Iter
        && let Some(m) = containers::iter_lookup(name)
    {
        return Some(m);
    }
    if name.starts_with("__") && ty.kind != Kind::Instance {
        return dunders::lookup(ty, name);
    }
    None
}

impl Vm {
    /// The builtin method `name` of builtin type `ty` as an unbound builtin object.
    pub fn builtin_method(&mut self, ty: &TypeObject, name: &str) -> Option<Value> {
        // `object` only has dunder methods: skip the cache for every attribute miss that
        // walks up to it.
        if std::ptr::eq(ty, &rt::OBJECT_TYPE) && !name.starts_with("__") {
            return None;
        }
        // Mutable containers are unhashable: their `__hash__` is None, as in CPython.
        if name == "__hash__"
            && matches!(ty.kind, Kind::List | Kind::Dict | Kind::Set | Kind::ByteArray | Kind::Array)
            && !ty.is_heap_type()
        {
            return Some(Value::none());
        }
        let key = ty as *const TypeObject as usize;
        if let Some(m) = self.method_cache.get(&key).and_then(|t| t.get(name)) {
            return m.clone();
        }
        let r = lookup(ty, name).map(|(n, f, kw)| {
            tracelift_runtime::value::alloc(BuiltinObject {
                header: tracelift_runtime::value::ObjHeader::new(&BUILTIN_TYPE),
                name: n,
                func: f,
                self_: Value::NULL,
                kw,
                owner: ty as *const TypeObject,
            })
        });
        self.method_cache.entry(key).or_default().insert(name.into(), r.clone());
        r
    }
}

/// Builtin methods that are static (`str.maketrans`, `dict.fromkeys` as used here): never
/// bound to the instance they are looked up on.
pub fn is_static(name: &str) -> bool {
    matches!(name, "maketrans" | "fromkeys" | "__new__" | "fromhex" | "from_bytes")
}

/// `TypeError: X.m() takes exactly N arguments (M given)` style checks for methods (the
/// receiver is `args[0]`).
pub fn margs(qual: &str, args: &[Value], min: usize, max: usize) -> PyResult<()> {
    let n = args.len().saturating_sub(1);
    if n >= min && n <= max {
        return Ok(());
    }
    let msg = if min == max && min == 0 {
        format!("{qual}() takes no arguments ({n} given)")
    } else if min == max && min == 1 {
        format!("{qual}() takes exactly one argument ({n} given)")
    } else if n < min {
        format!("{qual} expected at least {min} argument{}, got {n}", if min == 1 { "" } else { "s" })
    } else {
        format!("{qual} expected at most {max} argument{}, got {n}", if max == 1 { "" } else { "s" })
    };
    Err(PyErr::new(&tracelift_runtime::exc::TYPE_ERROR, msg))
}

/// `f.__call__(*args, **kw)` of functions, builtins and bound methods: the call itself.
fn call_self(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    margs("__call__", args, 0, usize::MAX)?;
    vm.call_value(&args[0], args[1..].to_vec(), kw.to_vec())
}

/// A new instance of the user class `t`, a subclass of `list`, `dict`, `tuple`, `int` or
/// `str`: empty for the mutable ones (their `__init__` fills them), what the builtin
/// constructor makes of the arguments for the others.
pub(crate) fn new_builtin_sub(vm: &mut Vm, t: &TypeObject, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    use tracelift_runtime::sub;
    Ok(match t.kind {
        Kind::List => sub::new_list(t, Vec::new()),
        Kind::Dict => sub::new_dict(t),
        Kind::Tuple => {
            if let Some((k, _)) = kw.first() {
                return Err(PyErr::new(
                    &tracelift_runtime::exc::TYPE_ERROR,
                    format!("tuple() got an unexpected keyword argument '{}'", k.as_str().unwrap_or("?")),
                ));
            }
            crate::builtins::check_args("tuple", args, 0, 1)?;
            let items = match args.first() {
                Some(it) => vm.collect_iterable(it)?,
                None => Vec::new(),
            };
            sub::new_tuple(t, items)
        }
        Kind::Int => {
            let v = vm.make_int(args, kw)?;
            sub::new_int(t, v.to_bigint().expect("an int"))
        }
        Kind::Str => {
            let v = vm.builtin_construct(&tracelift_runtime::types::STR_TYPE, args.to_vec(), kw.to_vec())?;
            sub::new_str(t, v.as_str().expect("a str"))
        }
        _ => {
            return Err(PyErr::new(
                &tracelift_runtime::exc::TYPE_ERROR,
                format!("cannot create '{}' instances", t.name()),
            ));
        }
    })
}
