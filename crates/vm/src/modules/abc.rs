//! `_abc`: what the pure-Python `abc` and `collections.abc` need to know of builtin types
//! and cannot ask in Python, because builtin types have no `__dict__` here.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyResult, type_error};

use crate::Vm;

pub(super) fn module() -> Value {
    super::make("_abc", &[("_own_attr", own_attr)], vec![])
}

/// `_own_attr(cls, name)`: `(True, value)` when the builtin type `cls` itself defines
/// `name` (its own method table, not a base's or the metaclass's: what CPython finds in
/// `cls.__dict__`), `(False, None)` otherwise. A mutable container's `__hash__` is None.
fn own_attr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    crate::builtins::check_args("_own_attr", args, 2, 2)?;
    let t = args[0].as_type().ok_or_else(|| type_error("_own_attr() arg 1 must be a type"))?;
    let name = args[1].as_str().ok_or_else(|| type_error("_own_attr() arg 2 must be str"))?;
    if t.is_heap_type() {
        return Err(type_error("_own_attr() is for builtin types"));
    }
    // SAFETY: args[0] keeps the type alive for the call.
    let t: &tracelift_runtime::types::TypeObject = unsafe { &*(t as *const _) };
    // The type's own method table, with its None entries (`list.__hash__`).
    Ok(match vm.builtin_method(t, name) {
        Some(v) => Value::tuple(vec![Value::bool(true), v]),
        None => Value::tuple(vec![Value::bool(false), Value::none()]),
    })
}
