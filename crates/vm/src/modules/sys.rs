//! The `sys` module: argv, exit, recursion limit, maxsize, modules, path, stdout/stderr
//! stand-ins.

use std::io::Write;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, SYSTEM_EXIT, type_error, value_error};

use crate::Vm;
use crate::builtins::check_args;
use crate::objects::new_builtin;

fn exit(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("exit", a, 0, 1)?;
    Err(PyErr::with_args(&SYSTEM_EXIT, a.to_vec()))
}

fn setrecursionlimit(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("setrecursionlimit", a, 1, 1)?;
    let n = a[0].as_i64().filter(|_| a[0].is_int()).ok_or_else(|| type_error("an integer is required"))?;
    if n < 1 {
        return Err(value_error("recursion limit must be greater or equal than 1"));
    }
    vm.recursion_limit = (n as usize).min(1_000_000);
    Ok(Value::none())
}

fn getrecursionlimit(vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int(vm.recursion_limit as i64))
}

fn intern(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("intern", a, 1, 1)?;
    Ok(tracelift_runtime::str::intern(a[0].as_str().ok_or_else(|| type_error("intern() argument must be str"))?))
}

fn stdout_write(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let s = a.last().and_then(|v| v.as_str()).unwrap_or("").to_string();
    let _ = vm.out.write_all(s.as_bytes());
    Ok(Value::int(s.chars().count() as i64))
}

fn stderr_write(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let s = a.last().and_then(|v| v.as_str()).unwrap_or("").to_string();
    let _ = vm.out.flush();
    let _ = std::io::stderr().write_all(s.as_bytes());
    Ok(Value::int(s.chars().count() as i64))
}

fn flush(vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let _ = vm.out.flush();
    Ok(Value::none())
}

fn stream(name: &str, write: crate::objects::NativeFn) -> Value {
    super::make(name, &[("write", write), ("flush", flush)], vec![])
}

pub(super) fn module(vm: &mut Vm) -> Value {
    let argv = Value::list(vm.argv.iter().map(|a| Value::str(a)).collect());
    let m = super::make(
        "sys",
        &[
            ("exit", exit),
            ("setrecursionlimit", setrecursionlimit),
            ("getrecursionlimit", getrecursionlimit),
            ("intern", intern),
        ],
        vec![
            ("argv", argv),
            ("maxsize", Value::int(i64::MAX)),
            ("modules", vm.modules.clone()),
            ("path", Value::list(Vec::new())),
            ("platform", Value::str("linux")),
            ("byteorder", Value::str("little")),
            ("implementation_name", Value::str("tracelift")),
            ("stdout", stream("stdout", stdout_write)),
            ("stderr", stream("stderr", stderr_write)),
            ("version", Value::str("3.11.0 (tracelift)")),
        ],
    );
    let _ = new_builtin;
    m
}
