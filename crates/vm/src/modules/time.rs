//! The `time` module: clocks only.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult};

use crate::Vm;

fn origin() -> Instant {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

fn perf_counter(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::float(origin().elapsed().as_secs_f64()))
}

fn perf_counter_ns(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int128(origin().elapsed().as_nanos() as i128))
}

fn time(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::float(SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64()).unwrap_or(0.0)))
}

fn time_ns(_vm: &mut Vm, _a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int128(SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as i128).unwrap_or(0)))
}

/// `time.sleep(secs)`: sleeps in slices of at most 10 ms so that Ctrl-C interrupts it
/// (CPython's sleep wakes on the signal and raises `KeyboardInterrupt`).
fn sleep(vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    let secs = a.first().and_then(|v| v.as_f64().or_else(|| v.as_i64().map(|i| i as f64))).unwrap_or(0.0);
    if secs < 0.0 {
        return Err(PyErr::new(&tracelift_runtime::exc::VALUE_ERROR, "sleep length must be non-negative"));
    }
    let end = Instant::now() + std::time::Duration::from_secs_f64(secs.min(1e9));
    loop {
        if tracelift_runtime::breaker::get() & tracelift_runtime::breaker::SIGINT_PENDING != 0 {
            vm.handle_breaker()?;
        }
        let now = Instant::now();
        if now >= end {
            return Ok(Value::none());
        }
        std::thread::sleep((end - now).min(std::time::Duration::from_millis(10)));
    }
}

pub(super) fn module() -> Value {
    origin();
    super::make(
        "time",
        &[
            ("perf_counter", perf_counter),
            ("perf_counter_ns", perf_counter_ns),
            ("monotonic", perf_counter),
            ("monotonic_ns", perf_counter_ns),
            ("process_time", perf_counter),
            ("time", time),
            ("time_ns", time_ns),
            ("sleep", sleep),
        ],
        vec![],
    )
}
