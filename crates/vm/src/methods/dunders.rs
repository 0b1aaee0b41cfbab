//! Dunder methods of builtin types (`"ab".__len__()`, `(3).__add__(2)`, `[].__iter__()`):
//! thin wrappers over the VM's generic operations. Binary operators return
//! `NotImplemented` when the operation does not apply, as CPython's slot wrappers do.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyResult, TYPE_ERROR, type_error};
use tracelift_runtime::types::TypeObject;
use tracelift_uops::opcode::{BinaryOp, CompareOp};

use crate::Vm;
use crate::objects::NativeFn;

type Entry = Option<(&'static str, NativeFn, bool)>;

/// Runs the builtin operation of a builtin type's dunder on `obj`: an instance of a user
/// subclass that overrides the dunder (and calls `list.__getitem__(self, i)` or
/// `super().__repr__()`) gets the builtin behaviour, not its override again.
fn on_base<T>(vm: &mut Vm, obj: &Value, f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    let old = std::mem::replace(&mut vm.base_self, [obj.raw(), 0]);
    let r = f(vm);
    vm.base_self = old;
    r
}

/// [`on_base`] for a binary operator or comparison: neither operand's overrides are asked
/// (`dict.__eq__(self, other)` compares two dicts, whatever their classes override).
fn on_base2<T>(vm: &mut Vm, a: &Value, b: &Value, f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    let old = std::mem::replace(&mut vm.base_self, [a.raw(), b.raw()]);
    let r = f(vm);
    vm.base_self = old;
    r
}

macro_rules! binop {
    ($name:ident, $op:expr, $reflected:expr) => {
        fn $name(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
            super::margs(stringify!($name), args, 1, 1)?;
            let (a, b) = if $reflected { (&args[1], &args[0]) } else { (&args[0], &args[1]) };
            match on_base2(vm, a, b, |vm| vm.binary_op($op, a, b, false)) {
                Ok(v) => Ok(v),
                Err(e) if e.matches(&TYPE_ERROR) => Ok(Value::not_implemented()),
                Err(e) => Err(e),
            }
        }
    };
}

binop!(d_add, BinaryOp::Add, false);
binop!(d_radd, BinaryOp::Add, true);
binop!(d_sub, BinaryOp::Subtract, false);
binop!(d_rsub, BinaryOp::Subtract, true);
binop!(d_mul, BinaryOp::Multiply, false);
binop!(d_rmul, BinaryOp::Multiply, true);
binop!(d_truediv, BinaryOp::TrueDivide, false);
binop!(d_rtruediv, BinaryOp::TrueDivide, true);
binop!(d_floordiv, BinaryOp::FloorDivide, false);
binop!(d_rfloordiv, BinaryOp::FloorDivide, true);
binop!(d_mod, BinaryOp::Remainder, false);
binop!(d_rmod, BinaryOp::Remainder, true);
binop!(d_pow, BinaryOp::Power, false);
binop!(d_rpow, BinaryOp::Power, true);
binop!(d_and, BinaryOp::And, false);
binop!(d_or, BinaryOp::Or, false);
binop!(d_xor, BinaryOp::Xor, false);
binop!(d_lshift, BinaryOp::Lshift, false);
binop!(d_rshift, BinaryOp::Rshift, false);

macro_rules! cmpop {
    ($name:ident, $op:expr) => {
        fn $name(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
            super::margs(stringify!($name), args, 1, 1)?;
            match on_base2(vm, &args[0], &args[1], |vm| vm.compare($op, &args[0], &args[1])) {
                Ok(v) => Ok(v),
                Err(e) if e.matches(&TYPE_ERROR) => Ok(Value::not_implemented()),
                Err(e) => Err(e),
            }
        }
    };
}

/// `__eq__`/`__ne__` of builtin types: `NotImplemented` unless both operands are numbers or
/// both have the same builtin kind (CPython's slot wrappers).
fn eq_ne(vm: &mut Vm, args: &[Value], op: CompareOp) -> PyResult<Value> {
    use tracelift_runtime::types::Kind;
    super::margs("__eq__", args, 1, 1)?;
    let num = |k: Kind| matches!(k, Kind::Int | Kind::Bool | Kind::Float);
    let (ka, kb) = (args[0].ty().kind, args[1].ty().kind);
    let setlike = |k: Kind| matches!(k, Kind::Set | Kind::FrozenSet);
    if !(num(ka) && num(kb)) && ka != kb && !(setlike(ka) && setlike(kb)) {
        return Ok(Value::not_implemented());
    }
    on_base2(vm, &args[0], &args[1], |vm| vm.compare(op, &args[0], &args[1]))
}
fn d_eq(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    eq_ne(vm, args, CompareOp::Eq)
}
fn d_ne(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    eq_ne(vm, args, CompareOp::Ne)
}
cmpop!(d_lt, CompareOp::Lt);
cmpop!(d_le, CompareOp::Le);
cmpop!(d_gt, CompareOp::Gt);
cmpop!(d_ge, CompareOp::Ge);

fn d_len(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__len__", args, 0, 0)?;
    Ok(Value::int(on_base(vm, &args[0], |vm| vm.len(&args[0]))? as i64))
}
fn d_getitem(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__getitem__", args, 1, 1)?;
    on_base(vm, &args[0], |vm| vm.get_item(&args[0], &args[1]))
}
fn d_setitem(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__setitem__", args, 2, 2)?;
    on_base(vm, &args[0], |vm| vm.set_item(&args[0], args[1].clone(), args[2].clone()))?;
    Ok(Value::none())
}
fn d_delitem(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__delitem__", args, 1, 1)?;
    on_base(vm, &args[0], |vm| vm.del_item(&args[0], &args[1]))?;
    Ok(Value::none())
}
fn d_contains(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__contains__", args, 1, 1)?;
    Ok(Value::bool(on_base(vm, &args[0], |vm| vm.contains(&args[0], &args[1]))?))
}
fn d_iter(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__iter__", args, 0, 0)?;
    on_base(vm, &args[0], |vm| vm.get_iter(&args[0]))
}
fn d_reversed(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__reversed__", args, 0, 0)?;
    on_base(vm, &args[0], |vm| {
        vm.builtin_construct(&tracelift_runtime::object::REVERSED_TYPE, vec![args[0].clone()], Vec::new())
    })
}
fn d_repr(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__repr__", args, 0, 0)?;
    Ok(Value::string(on_base(vm, &args[0], |vm| vm.repr(&args[0]))?))
}
fn d_str(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__str__", args, 0, 0)?;
    Ok(Value::string(on_base(vm, &args[0], |vm| vm.str_of(&args[0]))?))
}
fn d_hash(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__hash__", args, 0, 0)?;
    // `str.__hash__(self)` from a subclass's own `__hash__`: the builtin hash.
    if crate::objects::is_builtin_sub(&args[0]) {
        return Ok(Value::int(tracelift_runtime::keys::base_hash(&args[0])?));
    }
    Ok(Value::int(vm.hash(&args[0])?))
}
fn d_bool(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__bool__", args, 0, 0)?;
    Ok(Value::bool(vm.truthy(&args[0])?))
}
fn d_neg(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__neg__", args, 0, 0)?;
    vm.unary_negative(&args[0])
}
fn d_pos(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__pos__", args, 0, 0)?;
    vm.unary_positive(&args[0])
}
fn d_invert(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__invert__", args, 0, 0)?;
    vm.unary_invert(&args[0])
}
fn d_format(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__format__", args, 1, 1)?;
    let spec = args[1].as_str().ok_or_else(|| type_error("format spec must be a str"))?.to_string();
    Ok(Value::string(vm.format_value(&args[0], &spec)?))
}
fn d_int(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__int__", args, 0, 0)?;
    vm.builtin_construct(&tracelift_runtime::types::INT_TYPE, vec![args[0].clone()], Vec::new())
}
fn d_float(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__float__", args, 0, 0)?;
    vm.builtin_construct(&tracelift_runtime::types::FLOAT_TYPE, vec![args[0].clone()], Vec::new())
}
fn d_abs(vm: &mut Vm, args: &[Value], _: &[(Value, Value)]) -> PyResult<Value> {
    super::margs("__abs__", args, 0, 0)?;
    let f = vm.builtin("abs")?;
    vm.call_value(&f, vec![args[0].clone()], Vec::new())
}

/// The dunder `name` for builtin type `ty`, if the type supports the operation.
pub(super) fn lookup(ty: &TypeObject, name: &str) -> Entry {
    use tracelift_runtime::types::Kind;
    let k = ty.kind;
    let numeric = matches!(k, Kind::Int | Kind::Bool | Kind::Float);
    let seq = matches!(k, Kind::Str | Kind::List | Kind::Tuple | Kind::Array);
    let container = seq || matches!(k, Kind::Dict | Kind::Set | Kind::FrozenSet | Kind::Range);
    let f: (&'static str, NativeFn, bool) = match name {
        "__eq__" => ("__eq__", d_eq, false),
        "__ne__" => ("__ne__", d_ne, false),
        "__lt__" => ("__lt__", d_lt, false),
        "__le__" => ("__le__", d_le, false),
        "__gt__" => ("__gt__", d_gt, false),
        "__ge__" => ("__ge__", d_ge, false),
        "__repr__" => ("__repr__", d_repr, false),
        "__str__" => ("__str__", d_str, false),
        "__hash__" if !matches!(k, Kind::List | Kind::Dict | Kind::Set | Kind::ByteArray | Kind::Array) => {
            ("__hash__", d_hash, false)
        }
        "__format__" => ("__format__", d_format, false),
        "__bool__" if numeric => ("__bool__", d_bool, false),
        "__add__" if numeric || seq => ("__add__", d_add, false),
        "__mul__" if numeric || seq => ("__mul__", d_mul, false),
        "__rmul__" if numeric || seq => ("__rmul__", d_rmul, false),
        "__mod__" if numeric || k == Kind::Str => ("__mod__", d_mod, false),
        "__radd__" if numeric => ("__radd__", d_radd, false),
        "__sub__" if numeric => ("__sub__", d_sub, false),
        "__rsub__" if numeric => ("__rsub__", d_rsub, false),
        "__truediv__" if numeric => ("__truediv__", d_truediv, false),
        "__rtruediv__" if numeric => ("__rtruediv__", d_rtruediv, false),
        "__floordiv__" if numeric => ("__floordiv__", d_floordiv, false),
        "__rfloordiv__" if numeric => ("__rfloordiv__", d_rfloordiv, false),
        "__rmod__" if numeric => ("__rmod__", d_rmod, false),
        "__pow__" if numeric => ("__pow__", d_pow, false),
        "__rpow__" if numeric => ("__rpow__", d_rpow, false),
        "__neg__" if numeric => ("__neg__", d_neg, false),
        "__pos__" if numeric => ("__pos__", d_pos, false),
        "__abs__" if numeric => ("__abs__", d_abs, false),
        "__int__" if numeric => ("__int__", d_int, false),
        "__index__" if matches!(k, Kind::Int | Kind::Bool) => ("__index__", d_int, false),
        "__float__" if numeric => ("__float__", d_float, false),
        "__invert__" if matches!(k, Kind::Int | Kind::Bool) => ("__invert__", d_invert, false),
        "__and__" if matches!(k, Kind::Int | Kind::Bool | Kind::Set | Kind::FrozenSet) => ("__and__", d_and, false),
        "__or__" if matches!(k, Kind::Int | Kind::Bool | Kind::Set | Kind::FrozenSet | Kind::Dict) => {
            ("__or__", d_or, false)
        }
        "__xor__" if matches!(k, Kind::Int | Kind::Bool | Kind::Set | Kind::FrozenSet) => ("__xor__", d_xor, false),
        "__lshift__" if matches!(k, Kind::Int | Kind::Bool) => ("__lshift__", d_lshift, false),
        "__rshift__" if matches!(k, Kind::Int | Kind::Bool) => ("__rshift__", d_rshift, false),
        "__sub__" if matches!(k, Kind::Set | Kind::FrozenSet) => ("__sub__", d_sub, false),
        "__len__" if container => ("__len__", d_len, false),
        "__getitem__" if seq || matches!(k, Kind::Dict | Kind::Range) => ("__getitem__", d_getitem, false),
        "__setitem__" if matches!(k, Kind::List | Kind::Dict | Kind::Array) => ("__setitem__", d_setitem, false),
        "__delitem__" if matches!(k, Kind::List | Kind::Dict | Kind::Array) => ("__delitem__", d_delitem, false),
        "__contains__" if container => ("__contains__", d_contains, false),
        "__iter__" if container => ("__iter__", d_iter, false),
        "__reversed__" if matches!(k, Kind::List | Kind::Dict | Kind::Range) => ("__reversed__", d_reversed, false),
        _ => return None,
    };
    Some(f)
}
