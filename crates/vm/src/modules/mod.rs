//! Builtin modules: `math`, `array`, `sys`, `time`, `gc`, `_random`, `_abc`, `_json`. They are made at start-up and registered in
//! `sys.modules`, so `import math` finds them before the search path. The pure-Python
//! modules tracelift ships are in [`frozen`].

mod abc;
pub(crate) mod array;
pub(crate) mod frozen;
mod gc;
mod json;
pub(crate) mod math;
mod random;
mod sys;
mod time;

use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;

use crate::Vm;
use crate::objects::{NativeFn, new_builtin, new_module};

/// Module functions that take keyword arguments.
const KW_FUNCS: &[&str] = &["isclose"];

/// A module with the given native functions and constants.
pub(crate) fn make(name: &str, funcs: &[(&'static str, NativeFn)], consts: Vec<(&str, Value)>) -> Value {
    let d = new_dict();
    let dd = d.as_dict().expect("dict");
    dd.set_str("__name__", Value::str(name));
    for (n, f) in funcs {
        dd.set_str(n, new_builtin(n, *f, KW_FUNCS.contains(n)));
    }
    for (n, v) in consts {
        dd.set_str(n, v);
    }
    new_module(name, d)
}

/// Registers every builtin module.
pub fn install(vm: &mut Vm) {
    let builtins = new_module("builtins", vm.builtins.clone());
    let mods = vec![
        ("math", math::module()),
        ("array", array::module()),
        ("sys", sys::module(vm)),
        ("time", time::module()),
        ("gc", gc::module()),
        ("_random", random::module()),
        ("_abc", abc::module()),
        ("_json", json::module()),
        ("builtins", builtins),
    ];
    for (n, m) in mods {
        vm.modules.as_dict().expect("dict").set_str(n, m);
    }
}
