//! The `sys` module: argv, exit, recursion limit, maxsize, modules, path, stdout/stderr
//! stand-ins.

use std::io::Write;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, SYSTEM_EXIT, os_error, type_error, value_error};
use tracelift_runtime::stdio;

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

fn exc_info(vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let e = vm.handled_exc.clone();
    if e.is_null() || e.is_none() {
        return Ok(Value::tuple(vec![Value::none(), Value::none(), Value::none()]));
    }
    Ok(Value::tuple(vec![e.ty().to_value(), e, Value::none()]))
}

fn getsizeof(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("getsizeof", a, 1, 2)?;
    // Sizes of our layouts, not CPython's; programs can only compare them.
    let v = &a[0];
    let n = if v.is_small() {
        28
    } else if let Some(s) = v.as_str_obj() {
        49 + s.s.len() as i64
    } else if let Some(l) = v.as_list() {
        56 + 8 * l.items().len() as i64
    } else if let Some(t) = v.as_tuple() {
        40 + 8 * t.len() as i64
    } else {
        48
    };
    Ok(Value::int(n))
}

fn stdout_write(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let s = a.last().and_then(|v| v.as_str()).unwrap_or("").to_string();
    stdio::write(s.as_bytes()).map_err(|e| os_error(&e))?;
    Ok(Value::int(s.chars().count() as i64))
}

fn stderr_write(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let s = a.last().and_then(|v| v.as_str()).unwrap_or("").to_string();
    stdio::flush_quiet();
    let _ = std::io::stderr().write_all(s.as_bytes());
    Ok(Value::int(s.chars().count() as i64))
}

fn flush(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    stdio::flush().map_err(|e| os_error(&e))?;
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
            ("exc_info", exc_info),
            ("getsizeof", getsizeof),
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
            (
                "version_info",
                Value::tuple(vec![Value::int(3), Value::int(11), Value::int(0), Value::str("final"), Value::int(0)]),
            ),
            ("maxunicode", Value::int(0x10ffff)),
            (
                "float_info",
                super::make(
                    "float_info",
                    &[],
                    vec![
                        ("max", Value::float(f64::MAX)),
                        ("min", Value::float(f64::MIN_POSITIVE)),
                        ("epsilon", Value::float(f64::EPSILON)),
                        ("dig", Value::int(15)),
                        ("mant_dig", Value::int(53)),
                        ("max_exp", Value::int(1024)),
                        ("min_exp", Value::int(-1021)),
                        ("max_10_exp", Value::int(308)),
                        ("min_10_exp", Value::int(-307)),
                        ("radix", Value::int(2)),
                    ],
                ),
            ),
            (
                "int_info",
                super::make(
                    "int_info",
                    &[],
                    vec![
                        ("bits_per_digit", Value::int(30)),
                        ("sizeof_digit", Value::int(4)),
                        ("default_max_str_digits", Value::int(4300)),
                        ("str_digits_check_threshold", Value::int(640)),
                    ],
                ),
            ),
            ("implementation", super::make("implementation", &[], vec![("name", Value::str("tracelift"))])),
            (
                "executable",
                Value::str(&std::env::current_exe().map(|p| p.to_string_lossy().to_string()).unwrap_or_default()),
            ),
        ],
    );
    let _ = new_builtin;
    m
}
