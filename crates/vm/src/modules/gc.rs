//! The `gc` module over the cycle collector (`tracelift_runtime::gc`). `collect()` returns the
//! number of unreachable objects it freed, counting only the containers tracelift tracks
//! (instances, lists, dicts, tuples), so it can differ from CPython's number. `is_tracked`
//! answers as CPython's for dicts, lists and instances; a tuple of atoms is never tracked here
//! (CPython tracks it until a collection untracks it).

use tracelift_runtime::Value;
use tracelift_runtime::exc::PyResult;
use tracelift_runtime::gc;

use crate::Vm;

fn collect(vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::small(vm.collect_cycles() as i64))
}

fn enable(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    gc::set_enabled(true);
    Ok(Value::none())
}

fn disable(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    gc::set_enabled(false);
    Ok(Value::none())
}

fn isenabled(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::bool(gc::is_enabled()))
}

fn is_tracked(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    crate::builtins::check_args("is_tracked", a, 1, 1)?;
    Ok(Value::bool(gc::is_tracked(&a[0])))
}

pub(super) fn module() -> Value {
    super::make(
        "gc",
        &[
            ("collect", collect),
            ("enable", enable),
            ("disable", disable),
            ("isenabled", isenabled),
            ("is_tracked", is_tracked),
        ],
        vec![],
    )
}
