//! `promote_globals`: globals, builtins and module attributes become constants that the
//! executor depends on (CPython's globals-to-constants with dict watchers, past it: the
//! watch covers values as well as keys).
//!
//! At each `_LOAD_GLOBAL_MODULE` / `_LOAD_GLOBAL_BUILTIN`, the pass asks the VM ([`Env::global`])
//! for the object the dict holds now, under the keys version the dominating
//! `_GUARD_GLOBALS_VERSION` / `_GUARD_BUILTINS_VERSION` of the same frame checks. If the VM
//! answers, the load becomes `_LOAD_CONST_INLINE` of that object and the executor depends on the
//! dict's values: replacing any value of that dict (or changing its keys) invalidates the
//! executor, counted in `executors_invalidated`, instead of the trace reading a stale value.
//! The version guard stays (it checks that the frame runs with that dict at all). A dict
//! whose values were replaced `VALUE_EDIT_LIMIT` times (`tracelift_runtime::dict`) is no
//! longer promoted from.
//!
//! With the callable or module a constant, guards on it are decided here:
//! - `_CHECK_ATTR_MODULE` on a constant module goes (the module dict's keys are watched), and
//!   the `_LOAD_ATTR_MODULE` after it becomes `_POP_TOP` + `_LOAD_CONST_INLINE` (the module
//!   pushed and popped at once, `math` in `math.sqrt`, goes in `remove_unneeded_uops`).
//! - `_CHECK_BUILTIN` of a constant builtin with a null `self_or_null` goes.
//! - `_CALL_BUILTIN_FAST` of one argument on a constant builtin that a uop implements
//!   ([`ObjKind::BuiltinUop`]: `math.sqrt`) becomes that uop, which deopts where the builtin
//!   would convert or raise. It does not escape: the trace need not flush or re-check
//!   validity around it.
//! - `_CALL` of one or two arguments on the constant `range` type ([`ObjKind::RangeType`])
//!   with a null `self_or_null`, followed by `_GET_ITER` (a `for` loop over `range(...)`; only
//!   `_CHECK_VALIDITY` / `_SET_IP` between them), becomes `_CALL_RANGE_ITER`: the iterator
//!   without the range object or two generic escaping calls. It deopts to the `CALL` for
//!   arguments that are not small ints, and does not escape.
//! - `_CHECK_FUNCTION_EXACT_ARGS` of a constant function of that version goes; the executor
//!   depends on the function version instead ([`Env::depend_on_function`]).
//!
//! What it may assume: every escaping uop is followed by a `_CHECK_VALIDITY` before a later
//! promoted load runs (trace formation puts one there and `remove_unneeded_uops` keeps it), so
//! a value replaced by code the trace calls is never read stale. A non-escaping uop does not
//! write a module's dict.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;
use tracelift_uops::uop::flags;

use crate::analysis::{Env, ObjKind, State};
use crate::emit;
use crate::symbols::{Const, Null};

/// Promotes globals, builtins and module attributes to constants, and drops the guards that
/// then check constants.
pub fn promote_globals(trace: &mut Vec<UopInst>, env: &dyn Env) {
    let mut st = State::new(env);
    let mut out: Vec<UopInst> = Vec::with_capacity(trace.len());
    // The keys versions the last `_GUARD_GLOBALS_VERSION` / `_GUARD_BUILTINS_VERSION` of this
    // frame checked, since the last escape.
    let mut checked: [Option<u32>; 2] = [None, None];
    let mut i = 0;
    while i < trace.len() {
        let u = trace[i];
        match u.uop {
            Uop::_GUARD_GLOBALS_VERSION => checked[0] = Some(u.operand as u32),
            Uop::_GUARD_BUILTINS_VERSION => checked[1] = Some(u.operand as u32),
            Uop::_PUSH_FRAME | Uop::_CREATE_INIT_FRAME | Uop::_POP_FRAME | Uop::_RETURN_TO_CALLER => {
                checked = [None, None]
            }
            Uop::_LOAD_GLOBAL_MODULE | Uop::_LOAD_GLOBAL_BUILTIN => {
                let b = u.uop == Uop::_LOAD_GLOBAL_BUILTIN;
                if let Some(v) = checked[b as usize]
                    && let Some(addr) = env.global(st.code(), b, u.oparg >> 1, u.operand as u32, v)
                {
                    emit(&mut st, &mut out, inline(u, addr));
                    i += 1;
                    continue;
                }
            }
            Uop::_CHECK_ATTR_MODULE => {
                if let Some(m) = constant(&mut st, 1)
                    && let Some(&load) = trace.get(i + 1)
                    && load.uop == Uop::_LOAD_ATTR_MODULE
                    && let Some(addr) =
                        env.module_attr(st.code(), m, load.oparg >> 1, load.operand as u32, u.operand as u32)
                {
                    st.step(&u);
                    emit(&mut st, &mut out, UopInst { uop: Uop::_POP_TOP, oparg: 0, operand: 0, ..load });
                    emit(&mut st, &mut out, inline(load, addr));
                    i += 2;
                    continue;
                }
            }
            Uop::_CHECK_BUILTIN => {
                let n = u.oparg as usize;
                let null = st.peek(n + 1);
                if st.syms.get(null).null == Null::Null
                    && let Some(f) = constant(&mut st, n + 2)
                    && matches!(env.object(f).kind, ObjKind::Builtin | ObjKind::BuiltinUop(_))
                {
                    st.step(&u);
                    i += 1;
                    continue;
                }
            }
            Uop::_CALL_BUILTIN_FAST if u.oparg == 1 => {
                let null = st.peek(2);
                if st.syms.get(null).null == Null::Null
                    && let Some(f) = constant(&mut st, 3)
                    && let ObjKind::BuiltinUop(op) = env.object(f).kind
                {
                    emit(&mut st, &mut out, UopInst { uop: op, operand: f, ..u });
                    i += 1;
                    continue;
                }
            }
            Uop::_CALL if matches!(u.oparg, 1 | 2) => {
                let n = u.oparg as usize;
                let null = st.peek(n + 1);
                if st.syms.get(null).null == Null::Null
                    && let Some(f) = constant(&mut st, n + 2)
                    && env.object(f).kind == ObjKind::RangeType
                    && let Some(get_iter) = next_get_iter(trace, i + 1)
                {
                    emit(&mut st, &mut out, UopInst { uop: Uop::_CALL_RANGE_ITER, operand: f, ..u });
                    i = get_iter + 1;
                    continue;
                }
            }
            Uop::_CHECK_FUNCTION_EXACT_ARGS => {
                let n = u.oparg as usize;
                let null = st.peek(n + 1);
                let want = if u.operand >> 32 == 1 { Null::NotNull } else { Null::Null };
                if st.syms.get(null).null == want
                    && let Some(f) = constant(&mut st, n + 2)
                    && env.object(f).kind == ObjKind::Function(u.operand as u32)
                {
                    env.depend_on_function(u.operand as u32);
                    st.step(&u);
                    i += 1;
                    continue;
                }
            }
            _ => {}
        }
        if u.uop.flags() & flags::ESCAPES != 0 {
            checked = [None, None];
        }
        emit(&mut st, &mut out, u);
        i += 1;
    }
    *trace = out;
}

/// `u` (a load of a global or attribute) as a load of the constant `addr`.
fn inline(u: UopInst, addr: u64) -> UopInst {
    UopInst { uop: Uop::_LOAD_CONST_INLINE, operand: addr, ..u }
}

/// The index of the `_GET_ITER` that takes what the uop before `from` pushed, if only
/// bookkeeping (`_CHECK_VALIDITY`, `_SET_IP`) comes between: a `for` loop's `GET_ITER` after
/// its `CALL`.
fn next_get_iter(trace: &[UopInst], from: usize) -> Option<usize> {
    let skip = trace[from..].iter().position(|u| !matches!(u.uop, Uop::_CHECK_VALIDITY | Uop::_SET_IP))?;
    (trace[from + skip].uop == Uop::_GET_ITER).then_some(from + skip)
}

/// The object the stack item `depth` from the top is, if it is a promoted constant.
fn constant(st: &mut State, depth: usize) -> Option<u64> {
    let id = st.peek(depth);
    match st.syms.get(id).value {
        Some(Const::Object(a)) => Some(a),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::ObjInfo;
    use crate::symbols::Sym;
    use std::cell::RefCell;

    /// A VM with globals at keys version 7: `names[0]` at entry 3 is module `M` (address
    /// 100), whose attribute at entry 2 (keys version 9) is builtin `B` (address 200);
    /// `names[1]` at entry 4 is a function `F` (address 300, version 5); `names[2]` at entry 5
    /// is a builtin that `_CALL_BUILTIN_SQRT` does (address 400); `names[3]` at entry 6 is the
    /// type `range` (address 500).
    #[derive(Default)]
    struct World {
        deps: RefCell<Vec<String>>,
    }

    impl Env for World {
        fn constant(&self, _code: u64, _idx: u32) -> Sym {
            Sym::object()
        }
        fn global(&self, _code: u64, builtins: bool, name: u32, hint: u32, version: u32) -> Option<u64> {
            let addr = match (builtins, name, hint, version) {
                (false, 0, 3, 7) => 100,
                (false, 1, 4, 7) => 300,
                (false, 2, 5, 7) => 400,
                (false, 3, 6, 7) => 500,
                _ => return None,
            };
            self.deps.borrow_mut().push(format!("globals:{addr}"));
            Some(addr)
        }
        fn module_attr(&self, _code: u64, module: u64, _name: u32, hint: u32, version: u32) -> Option<u64> {
            (module == 100 && hint == 2 && version == 9).then_some(200)
        }
        fn object(&self, addr: u64) -> ObjInfo {
            let kind = match addr {
                100 => ObjKind::Module,
                200 => ObjKind::Builtin,
                300 => ObjKind::Function(5),
                400 => ObjKind::BuiltinUop(Uop::_CALL_BUILTIN_SQRT),
                500 => ObjKind::RangeType,
                _ => ObjKind::Other,
            };
            ObjInfo { sym: Sym::constant(Const::Object(addr)), kind }
        }
        fn depend_on_function(&self, v: u32) {
            self.deps.borrow_mut().push(format!("function:{v}"));
        }
    }

    fn t(uops: &[(Uop, u32, u64)]) -> Vec<UopInst> {
        uops.iter().map(|&(u, o, x)| UopInst::new(u, o, x, 0)).collect()
    }

    fn names(trace: &[UopInst]) -> Vec<(Uop, u64)> {
        trace.iter().map(|u| (u.uop, u.operand)).collect()
    }

    #[test]
    fn a_module_attribute_call_becomes_a_constant_builtin_call() {
        use Uop::*;
        // `M.attr(x)`: LOAD_GLOBAL M; LOAD_ATTR attr (method form off); x; CALL 1.
        let mut trace = t(&[
            (_START_EXECUTOR, 0, 0),
            (_CHECK_VALIDITY, 0, 0),
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_GLOBAL_MODULE, 0, 3),
            (_CHECK_VALIDITY, 0, 0),
            (_SET_IP, 0, 4),
            (_CHECK_ATTR_MODULE, 2, 9),
            (_LOAD_ATTR_MODULE, 3, 2),
            (_LOAD_FAST, 0, 0),
            (_CHECK_BUILTIN, 1, 0),
            (_CALL_BUILTIN_FAST, 1, 0),
            (_CHECK_VALIDITY, 0, 0),
        ]);
        let w = World::default();
        promote_globals(&mut trace, &w);
        assert_eq!(
            names(&trace),
            vec![
                (_START_EXECUTOR, 0),
                (_CHECK_VALIDITY, 0),
                (_GUARD_GLOBALS_VERSION, 7),
                (_LOAD_CONST_INLINE, 100),
                (_CHECK_VALIDITY, 0),
                (_SET_IP, 4),
                (_POP_TOP, 0),
                (_LOAD_CONST_INLINE, 200),
                (_LOAD_FAST, 0),
                (_CALL_BUILTIN_FAST, 0),
                (_CHECK_VALIDITY, 0),
            ]
        );
        // The attribute load keeps its method-form bit: a null follows the builtin.
        assert_eq!(trace[7].oparg & 1, 1);
        // With the validity check gone, the module's push and pop go too.
        crate::remove_unneeded::remove_unneeded_uops(&mut trace);
        assert!(!trace.iter().any(|u| u.operand == 100 || u.uop == _POP_TOP));
        assert_eq!(*w.deps.borrow(), vec!["globals:100".to_string()]);
    }

    #[test]
    fn a_one_argument_call_of_a_builtin_a_uop_does_becomes_that_uop() {
        use Uop::*;
        let mut trace = t(&[
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_GLOBAL_MODULE, 5, 5),
            (_LOAD_FAST, 0, 0),
            (_CHECK_BUILTIN, 1, 0),
            (_CALL_BUILTIN_FAST, 1, 0),
        ]);
        promote_globals(&mut trace, &World::default());
        assert_eq!(
            names(&trace),
            vec![(_GUARD_GLOBALS_VERSION, 7), (_LOAD_CONST_INLINE, 400), (_LOAD_FAST, 0), (_CALL_BUILTIN_SQRT, 400)]
        );
    }

    #[test]
    fn a_for_loop_over_range_gets_its_iterator_in_one_uop() {
        use Uop::*;
        // `for j in range(i, n)`: LOAD_GLOBAL range (+ null); i; n; CALL 2; GET_ITER.
        let prefix = [(_GUARD_GLOBALS_VERSION, 0, 7), (_LOAD_GLOBAL_MODULE, 7, 6)];
        let call = |n: u32, between: &[(Uop, u32, u64)]| {
            let mut uops = prefix.to_vec();
            uops.extend(std::iter::repeat_n((_LOAD_FAST, 0, 0), n as usize));
            uops.push((_CALL, n, 0));
            uops.extend_from_slice(between);
            uops.extend([(_GET_ITER, 0, 0), (_CHECK_VALIDITY, 0, 0), (_ITER_CHECK_RANGE, 0, 0)]);
            let mut trace = t(&uops);
            promote_globals(&mut trace, &World::default());
            names(&trace)
        };
        let bookkeeping = [(_CHECK_VALIDITY, 0, 0), (_SET_IP, 0, 9)];
        for n in [1, 2] {
            let mut want = vec![(_GUARD_GLOBALS_VERSION, 7), (_LOAD_CONST_INLINE, 500)];
            want.extend(std::iter::repeat_n((_LOAD_FAST, 0), n as usize));
            want.extend([(_CALL_RANGE_ITER, 500), (_CHECK_VALIDITY, 0), (_ITER_CHECK_RANGE, 0)]);
            assert_eq!(call(n, &bookkeeping), want);
        }
        // Three arguments (a step), or the range object used for something before `iter()`:
        // the calls stay.
        assert!(call(3, &bookkeeping).contains(&(_CALL, 0)));
        assert!(call(1, &[(_LOAD_FAST, 0, 0), (_POP_TOP, 0, 0)]).contains(&(_CALL, 0)));
        // A bound callable (self_or_null set) is not `range(...)`.
        let mut bound = t(&[
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_GLOBAL_MODULE, 6, 6),
            (_LOAD_FAST, 0, 0),
            (_LOAD_FAST, 0, 0),
            (_CALL, 1, 0),
            (_GET_ITER, 0, 0),
        ]);
        promote_globals(&mut bound, &World::default());
        assert_eq!(bound[4].uop, _CALL);
    }

    #[test]
    fn nothing_is_promoted_without_a_dominating_version_guard_or_after_an_escape() {
        use Uop::*;
        let mut unguarded = t(&[(_LOAD_GLOBAL_MODULE, 0, 3), (_POP_TOP, 0, 0)]);
        promote_globals(&mut unguarded, &World::default());
        assert_eq!(unguarded[0].uop, _LOAD_GLOBAL_MODULE);
        let mut escaped = t(&[
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_FAST, 0, 0),
            (_LOAD_FAST, 0, 0),
            (_BINARY_OP, 0, 0),
            (_CHECK_VALIDITY, 0, 0),
            (_LOAD_GLOBAL_MODULE, 0, 3),
        ]);
        promote_globals(&mut escaped, &World::default());
        assert_eq!(escaped[5].uop, _LOAD_GLOBAL_MODULE);
        // A different version than the dict's now: left alone.
        let mut stale = t(&[(_GUARD_GLOBALS_VERSION, 0, 6), (_LOAD_GLOBAL_MODULE, 0, 3)]);
        promote_globals(&mut stale, &World::default());
        assert_eq!(stale[1].uop, _LOAD_GLOBAL_MODULE);
    }

    #[test]
    fn a_constant_function_check_becomes_a_dependency() {
        use Uop::*;
        let mut trace = t(&[
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_GLOBAL_MODULE, 3, 4),
            (_LOAD_FAST, 0, 0),
            (_CHECK_FUNCTION_EXACT_ARGS, 1, 5),
            (_PUSH_FRAME, 1, 0),
        ]);
        let w = World::default();
        promote_globals(&mut trace, &w);
        assert_eq!(
            names(&trace),
            vec![(_GUARD_GLOBALS_VERSION, 7), (_LOAD_CONST_INLINE, 300), (_LOAD_FAST, 0), (_PUSH_FRAME, 0)]
        );
        assert_eq!(*w.deps.borrow(), vec!["globals:300".to_string(), "function:5".to_string()]);
        // With `self_or_null` set, the version check (bit 32 says none) must stay.
        let mut bound = t(&[
            (_GUARD_GLOBALS_VERSION, 0, 7),
            (_LOAD_GLOBAL_MODULE, 2, 4),
            (_LOAD_FAST, 0, 0),
            (_LOAD_FAST, 0, 0),
            (_CHECK_FUNCTION_EXACT_ARGS, 1, 5),
        ]);
        promote_globals(&mut bound, &World::default());
        assert_eq!(bound[4].uop, _CHECK_FUNCTION_EXACT_ARGS);
    }
}
