//! Tier-1 instructions as sequences of uops (DESIGN.md §2.4): the macro-expansion table.
//!
//! Each line `NAME = UOP, UOP[k], UOP[k, k2] ...;` (read: `UOP + UOP + ...`) defines a specialized instruction: its uops
//! run in order; `[k]` feeds the uop's operand from inline-cache unit `k` (a 32-bit unit; unit
//! 0 is always the adaptive counter), `[k, k2]` from two units (low, high) for a 64-bit value
//! such as an object address; `UOP(One)` gives the uop the oparg 1 in a trace instead of the
//! instruction's ([`Arg`]). The tier-1 eval loop expands this same table into its
//! specialized cases (`specialized_instructions!` is called back with the whole table), trace
//! projection reads it as data ([`expansion`]), and the generated docs list it.
//!
//! A guard that fails in tier 1 deopts to the family's generic instruction
//! ([`crate::Opcode::family`]), which counts the miss and eventually respecializes.

use crate::opcode::Opcode;
use crate::uop::Uop;

/// Calls `$cb! { $($extra)* NAME = UOP[k], ...; ... }` with the whole table, so that other
/// crates can derive code from it.
#[macro_export]
macro_rules! specialized_instructions {
    ($cb:ident ! { $($extra:tt)* }) => {
        $cb! { $($extra)*
            BINARY_OP_ADD_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_ADD_INT;
            BINARY_OP_SUBTRACT_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_SUBTRACT_INT;
            BINARY_OP_MULTIPLY_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_MULTIPLY_INT;
            BINARY_OP_ADD_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _BINARY_OP_ADD_FLOAT;
            BINARY_OP_SUBTRACT_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _BINARY_OP_SUBTRACT_FLOAT;
            BINARY_OP_MULTIPLY_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _BINARY_OP_MULTIPLY_FLOAT;
            BINARY_OP_ADD_UNICODE = _GUARD_BOTH_UNICODE, _BINARY_OP_ADD_UNICODE;
            BINARY_OP_TRUE_DIVIDE_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _BINARY_OP_TRUE_DIVIDE_FLOAT;
            BINARY_OP_POWER_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _BINARY_OP_POWER_FLOAT;
            BINARY_OP_FLOAT_INT = _GUARD_NOS_FLOAT, _GUARD_TOS_INT, _BINARY_OP_FLOAT_INT;
            BINARY_OP_INT_FLOAT = _GUARD_NOS_INT, _GUARD_TOS_FLOAT, _BINARY_OP_INT_FLOAT;
            BINARY_OP_TRUE_DIVIDE_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_TRUE_DIVIDE_INT;
            BINARY_OP_NUM = _BINARY_OP_NUM;
            BINARY_OP_REMAINDER_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_REMAINDER_INT;
            BINARY_OP_FLOOR_DIVIDE_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_FLOOR_DIVIDE_INT;
            BINARY_OP_AND_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_AND_INT;
            BINARY_OP_OR_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_OR_INT;
            BINARY_OP_XOR_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_XOR_INT;
            BINARY_OP_LSHIFT_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_LSHIFT_INT;
            BINARY_OP_RSHIFT_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _BINARY_OP_RSHIFT_INT;
            BINARY_SUBSCR_LIST_INT = _GUARD_TOS_INT, _GUARD_NOS_LIST, _BINARY_SUBSCR_LIST_INT;
            BINARY_SUBSCR_TUPLE_INT = _GUARD_TOS_INT, _GUARD_NOS_TUPLE, _BINARY_SUBSCR_TUPLE_INT;
            BINARY_SUBSCR_DICT = _GUARD_NOS_DICT, _BINARY_SUBSCR_DICT;
            BINARY_SUBSCR_STR_INT = _GUARD_TOS_INT, _GUARD_NOS_UNICODE, _BINARY_SUBSCR_STR_INT;
            BINARY_SUBSCR_ARRAY_INT = _GUARD_TOS_INT, _GUARD_NOS_ARRAY, _BINARY_SUBSCR_ARRAY_INT;
            BINARY_SUBSCR_ARRAY_DOUBLE = _GUARD_TOS_INT, _GUARD_NOS_ARRAY, _BINARY_SUBSCR_ARRAY_DOUBLE;
            BINARY_SUBSCR_GETITEM = _CHECK_GETITEM[1, 2], _INIT_GETITEM_CALL, _PUSH_FRAME;
            BINARY_OP_PY = _GUARD_TYPE_VERSION[3], _CHECK_BINOP_PY[1, 2], _INIT_BINOP_CALL, _PUSH_FRAME(One);
            BINARY_OP_PY_FLOAT = _GUARD_TOS_FLOAT, _CHECK_BINOP_PY[1, 2], _INIT_BINOP_CALL, _PUSH_FRAME(One);
            BINARY_OP_PY_INT = _GUARD_TOS_INT, _CHECK_BINOP_PY[1, 2], _INIT_BINOP_CALL, _PUSH_FRAME(One);
            COMPARE_OP_INT = _GUARD_NOS_INT, _GUARD_TOS_INT, _COMPARE_OP_INT;
            COMPARE_OP_FLOAT = _GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT, _COMPARE_OP_FLOAT;
            COMPARE_OP_FLOAT_INT = _GUARD_NOS_FLOAT, _GUARD_TOS_INT, _COMPARE_OP_FLOAT_INT;
            COMPARE_OP_INT_FLOAT = _GUARD_NOS_INT, _GUARD_TOS_FLOAT, _COMPARE_OP_INT_FLOAT;
            COMPARE_OP_STR = _GUARD_BOTH_UNICODE, _COMPARE_OP_STR;
            CONTAINS_OP_DICT = _GUARD_TOS_DICT, _CONTAINS_OP_DICT;
            CONTAINS_OP_SET = _GUARD_TOS_SET, _CONTAINS_OP_SET;
            TO_BOOL_INT = _TO_BOOL_INT;
            TO_BOOL_BOOL = _TO_BOOL_BOOL;
            TO_BOOL_NONE = _TO_BOOL_NONE;
            TO_BOOL_LIST = _TO_BOOL_LIST;
            TO_BOOL_STR = _TO_BOOL_STR;
            TO_BOOL_ALWAYS_TRUE = _GUARD_TYPE_VERSION[1], _REPLACE_WITH_TRUE;
            LOAD_ATTR_INSTANCE_VALUE = _GUARD_TYPE_VERSION[1], _LOAD_ATTR_INSTANCE_VALUE[2];
            LOAD_ATTR_METHOD_WITH_VALUES = _GUARD_TYPE_VERSION[1], _GUARD_NO_SHADOW, _LOAD_ATTR_METHOD_WITH_VALUES[2, 3];
            LOAD_ATTR_CLASS = _CHECK_ATTR_CLASS[1], _LOAD_ATTR_CLASS[2, 3];
            LOAD_ATTR_NONDESCRIPTOR = _GUARD_TYPE_VERSION[1], _GUARD_NO_SHADOW, _LOAD_ATTR_CLASS[2, 3];
            LOAD_ATTR_MODULE = _CHECK_ATTR_MODULE[1], _LOAD_ATTR_MODULE[2];
            STORE_ATTR_INSTANCE_VALUE = _GUARD_TYPE_VERSION[1], _STORE_ATTR_INSTANCE_VALUE[2];
            LOAD_ATTR_SLOT = _GUARD_TYPE_VERSION[1], _LOAD_ATTR_SLOT[2];
            STORE_ATTR_SLOT = _GUARD_TYPE_VERSION[1], _STORE_ATTR_SLOT[2];
            LOAD_ATTR_INSTANCE_PLAIN = _GUARD_TYPE_PLAIN, _LOAD_ATTR_INSTANCE_VALUE[2];
            STORE_ATTR_INSTANCE_PLAIN = _GUARD_TYPE_PLAIN, _STORE_ATTR_INSTANCE_VALUE[2];
            STORE_ATTR_INSTANCE_DICT = _GUARD_TYPE_PLAIN, _STORE_ATTR_INSTANCE_DICT;
            LOAD_ATTR_METHOD_NO_DICT = _GUARD_METHOD_OWNER[2, 3], _LOAD_ATTR_METHOD_WITH_VALUES[2, 3];
            LOAD_GLOBAL_MODULE = _GUARD_GLOBALS_VERSION[1], _LOAD_GLOBAL_MODULE[2];
            LOAD_GLOBAL_BUILTIN = _GUARD_GLOBALS_VERSION[1], _GUARD_BUILTINS_VERSION[3], _LOAD_GLOBAL_BUILTIN[2];
            CALL_PY_EXACT_ARGS = _CHECK_FUNCTION_EXACT_ARGS[1, 2], _PUSH_FRAME;
            // The function version pins the defaults tuple too, so the same guard (version and
            // whether self is passed, with the call's fixed argument count) covers this form.
            CALL_PY_WITH_DEFAULTS = _CHECK_FUNCTION_EXACT_ARGS[1, 2], _PUSH_FRAME;
            CALL_PY_GENERAL = _CHECK_FUNCTION_EXACT_ARGS[1, 2], _PUSH_FRAME;
            CALL_BOUND_METHOD_EXACT_ARGS = _CHECK_CALL_BOUND_METHOD_EXACT_ARGS, _INIT_CALL_BOUND_METHOD_EXACT_ARGS, _CHECK_FUNCTION_EXACT_ARGS[1, 2], _PUSH_FRAME;
            CALL_BUILTIN_FAST = _CHECK_BUILTIN, _CALL_BUILTIN_FAST;
            CALL_BUILTIN_METHOD = _CHECK_BUILTIN_METHOD, _CALL_BUILTIN_FAST;
            CALL_LEN = _CALL_LEN[1, 2];
            CALL_ISINSTANCE = _CALL_ISINSTANCE[1, 2];
            CALL_LIST_APPEND = _CALL_LIST_APPEND[1, 2];
            CALL_ALLOC_AND_ENTER_INIT = _CHECK_CLASS_VERSION[1], _CREATE_INIT_FRAME;
            FOR_ITER_RANGE = _ITER_CHECK_RANGE, _ITER_JUMP_RANGE, _ITER_NEXT_RANGE;
            FOR_ITER_LIST = _ITER_CHECK_LIST, _ITER_JUMP_LIST, _ITER_NEXT_LIST;
            FOR_ITER_TUPLE = _ITER_CHECK_TUPLE, _ITER_JUMP_TUPLE, _ITER_NEXT_TUPLE;
            UNPACK_SEQUENCE_TWO_TUPLE = _UNPACK_SEQUENCE_TWO_TUPLE;
            UNPACK_SEQUENCE_TUPLE = _UNPACK_SEQUENCE_TUPLE;
            UNPACK_SEQUENCE_LIST = _UNPACK_SEQUENCE_LIST;
            STORE_SUBSCR_LIST_INT = _STORE_SUBSCR_LIST_INT;
            STORE_SUBSCR_ARRAY_INT = _GUARD_TOS_INT, _GUARD_NOS_ARRAY, _STORE_SUBSCR_ARRAY_INT;
            STORE_SUBSCR_ARRAY_DOUBLE = _GUARD_TOS_INT, _GUARD_NOS_ARRAY, _STORE_SUBSCR_ARRAY_DOUBLE;
            STORE_SUBSCR_DICT = _STORE_SUBSCR_DICT;
        }
    };
}

/// Which part of the instruction's oparg a uop of its expansion takes (CPython's
/// `OPARG_TOP` / `OPARG_BOTTOM` for superinstructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// The whole oparg.
    Whole,
    /// `oparg >> 4`: the first instruction of a superinstruction.
    Top,
    /// `oparg & 15`: the second instruction of a superinstruction.
    Bottom,
    /// 1, whatever the oparg: the call `BINARY_OP_PY` makes has one argument after `self`,
    /// and its oparg stays the operator (the family's generic instruction reads it). Trace
    /// formation gives the frame uop this argument count; tier 1's frame entry knows it from
    /// the opcode, and its bodies all take the instruction's oparg.
    One,
}

impl Arg {
    /// This part of `oparg`.
    #[inline(always)]
    pub const fn of(self, oparg: u32) -> u32 {
        match self {
            Arg::Whole => oparg,
            Arg::Top => oparg >> 4,
            Arg::Bottom => oparg & 15,
            Arg::One => 1,
        }
    }
}

/// One uop of an expansion: the uop, the part of the oparg it takes and the cache units its
/// operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The uop.
    pub uop: Uop,
    /// The part of the instruction's oparg the uop takes.
    pub arg: Arg,
    /// Cache unit of the operand's low 32 bits, if it reads one.
    pub lo: Option<u8>,
    /// Cache unit of the operand's high 32 bits, if 64-bit.
    pub hi: Option<u8>,
}

macro_rules! expansion_table {
    ($( $name:ident = $( $uop:ident $(($arg:ident))? $([$lo:literal $(, $hi:literal)?])? ),+ ; )*) => {
        /// The uops of a specialized instruction, `None` for generic instructions.
        pub fn expansion(op: Opcode) -> Option<&'static [Step]> {
            match op {
                $( Opcode::$name => Some(&[$( Step {
                    uop: Uop::$uop,
                    arg: expansion_table!(@arg $($arg)?),
                    lo: expansion_table!(@opt $($lo)?),
                    hi: expansion_table!(@opt $($($hi)?)?),
                }, )+]), )*
                _ => None,
            }
        }

        /// Every specialized instruction with an expansion, in table order.
        pub const SPECIALIZED: &[Opcode] = &[$(Opcode::$name,)*];
    };
    (@opt) => { None };
    (@opt $x:literal) => { Some($x) };
    (@arg) => { Arg::Whole };
    (@arg $a:ident) => { Arg::$a };
}

crate::specialized_instructions!(expansion_table! {});

/// The generic (unspecialized) instructions that tier 2 can run, each as its uops: the ones
/// listed here, whose uops have bodies of their own, and every uop with `= OPCODE` in the uop
/// table, which runs its instruction whole. Control flow (`JUMP_*`, `POP_JUMP_IF_*`,
/// `FOR_ITER*`, `RETURN_*`) is not here: trace formation turns it into guards and exits
/// (`crate::uop`'s TIER2 uops). Every other instruction ends a trace.
macro_rules! generic_table {
    ($( $name:ident = $( $uop:ident $(($arg:ident))? ),+ ; )*) => {
        /// The uops of a generic instruction that tier 2 supports, `None` otherwise.
        pub fn generic_expansion(op: Opcode) -> Option<&'static [Step]> {
            match op {
                $( Opcode::$name => Some(&[$( Step {
                    uop: Uop::$uop,
                    arg: generic_table!(@arg $($arg)?),
                    lo: None,
                    hi: None,
                }, )+]), )*
                _ => whole_generic(op),
            }
        }
    };
    (@arg) => { Arg::Whole };
    (@arg $a:ident) => { Arg::$a };
}

generic_table! {
    NOP = _NOP;
    RESUME = _NOP;
    POP_TOP = _POP_TOP;
    END_FOR = _POP_TOP;
    PUSH_NULL = _PUSH_NULL;
    COPY = _COPY;
    SWAP = _SWAP;
    LOAD_CONST = _LOAD_CONST;
    LOAD_FAST = _LOAD_FAST_CHECK;
    STORE_FAST = _STORE_FAST;
    LOAD_FAST_LOAD_FAST = _LOAD_FAST_CHECK(Top), _LOAD_FAST_CHECK(Bottom);
    STORE_FAST_LOAD_FAST = _STORE_FAST(Top), _LOAD_FAST_CHECK(Bottom);
    STORE_FAST_STORE_FAST = _STORE_FAST(Top), _STORE_FAST(Bottom);
    IS_OP = _IS_OP;
}

// The uops that run a generic instruction whole, from the uop table's `= OPCODE` column.
macro_rules! whole_generic {
    ($( $(#[doc = $doc:literal])* $name:ident : |$o:ident| ($pops:expr, $pushes:expr) [$($flag:ident)*] $(operand($kind:ident))? $(proves($($pd:literal : $pt:ident),*))? $(keeps($keep:literal))? $(pushes($($ot:ident),*))? $(= $generic:ident)?; )*) => {
        /// The one uop that runs generic instruction `op` whole, if there is one.
        fn whole_generic(op: Opcode) -> Option<&'static [Step]> {
            match op {
                $( $( Opcode::$generic => Some(&[Step { uop: Uop::$name, arg: Arg::Whole, lo: None, hi: None }]), )? )*
                _ => None,
            }
        }
    };
}

crate::uop::uop_table!(whole_generic);

/// The uops of any instruction tier 2 can run straight (specialized or generic).
pub fn tier2_expansion(op: Opcode) -> Option<&'static [Step]> {
    expansion(op).or_else(|| generic_expansion(op))
}

/// A tier-1 branch uop's tier-2 replacement: the guard that keeps the trace on its path.
pub fn tier2_replacement(u: Uop) -> Uop {
    match u {
        Uop::_ITER_JUMP_RANGE => Uop::_GUARD_NOT_EXHAUSTED_RANGE,
        Uop::_ITER_JUMP_LIST => Uop::_GUARD_NOT_EXHAUSTED_LIST,
        Uop::_ITER_JUMP_TUPLE => Uop::_GUARD_NOT_EXHAUSTED_TUPLE,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uop::flags;

    #[test]
    fn every_specialized_opcode_has_an_expansion() {
        for op in Opcode::ALL {
            assert_eq!(op.is_specialized(), expansion(*op).is_some(), "{}", op.name());
        }
        assert_eq!(SPECIALIZED.len(), Opcode::ALL.iter().filter(|o| o.is_specialized()).count());
    }

    #[test]
    fn every_generic_uop_expands_its_instruction() {
        for u in Uop::ALL {
            if let Some(op) = u.generic_opcode() {
                let steps = generic_expansion(op).unwrap();
                assert_eq!(steps.len(), 1, "{}", op.name());
                assert_eq!(steps[0].uop, *u, "{}", op.name());
            }
        }
    }

    #[test]
    fn operands_come_from_the_cache() {
        for op in SPECIALIZED {
            for step in expansion(*op).unwrap() {
                let reads = step.uop.flags() & flags::OPERAND != 0;
                assert_eq!(reads, step.lo.is_some(), "{} in {}", step.uop.name(), op.name());
                for unit in [step.lo, step.hi].into_iter().flatten() {
                    assert!(unit >= 1 && (unit as usize) < op.cache_size(), "{} in {}", step.uop.name(), op.name());
                }
            }
        }
    }

    #[test]
    fn expansions_keep_the_family_stack_effect() {
        // A specialized instruction replaces its generic form, so guards may not leave the
        // stack in between and the whole sequence has one net effect per oparg.
        for op in SPECIALIZED {
            let steps = expansion(*op).unwrap();
            for (i, s) in steps.iter().enumerate() {
                if s.uop.flags() & flags::DEOPT != 0 && i > 0 {
                    let before = &steps[..i];
                    assert!(
                        // `_ITER_JUMP_RANGE` changes nothing unless it jumps, which ends the
                        // sequence: `_ITER_NEXT_RANGE` after it deopts for a value out of the
                        // small range (:small-results:).
                        before.iter().all(|b| b.uop.flags() & (flags::PURE | flags::DEOPT) != 0
                            || matches!(b.uop, Uop::_INIT_CALL_BOUND_METHOD_EXACT_ARGS | Uop::_ITER_JUMP_RANGE)),
                        "{}: guard {} after a uop with effects",
                        op.name(),
                        s.uop.name()
                    );
                }
            }
        }
    }
}
