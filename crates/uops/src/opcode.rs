//! Tier-1 instruction set, defined once.
//!
//! Names, families and stack layouts follow CPython 3.13 (`Python/bytecodes.c`), so a CPython
//! developer recognises every line of a dump. Where we differ, the difference is written on the
//! opcode. The table below is the only list of opcodes: the compiler, the disassembler and the
//! eval loop all read it.
//!
//! ## Code units
//! Code is a `Vec<u32>` of *code units*. An instruction is one unit: the opcode in the low 8 bits
//! and its argument in the high 24 bits (so no `EXTENDED_ARG` is ever needed). Instructions that
//! will specialize are followed by `CACHE` units (their inline cache, see [`Opcode::cache_size`]);
//! the eval loop skips them. Jump deltas count code units and are relative to the unit that
//! follows the jump *and its caches* (as in CPython).
//!
//! ## Stack notation
//! `(a b -- c)` means: pops `b` (top) then `a`, pushes `c`. `null` is an empty slot
//! (`Value::NULL`), as CPython's `NULL` on the stack. Calls use the 3.13 layout
//! `callable, self_or_null, args...`.

macro_rules! opcodes {
    ($( $(#[doc = $doc:literal])* $name:ident = $num:literal, cache $cache:literal $(, family $fam:ident)?; )*) => {
        /// A tier-1 opcode. See the module docs for the encoding.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        #[allow(non_camel_case_types)]
        pub enum Opcode {
            $( $(#[doc = $doc])* $name = $num, )*
        }

        impl Opcode {
            /// Every opcode, in numeric order of declaration.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];

            /// The CPython-style name, e.g. `"LOAD_FAST"`.
            pub const fn name(self) -> &'static str {
                match self { $( Opcode::$name => stringify!($name), )* }
            }

            /// Number of `CACHE` units that follow the instruction.
            #[inline(always)]
            pub const fn cache_size(self) -> usize {
                // A table, not a `match`: read at run time with an opcode from the bytecode
                // (a trace's frame push), a `match` compiles to an indirect jump.
                const SIZES: [u8; 256] = {
                    let mut t = [0u8; 256];
                    $( t[$num] = $cache; )*
                    t
                };
                SIZES[self as usize] as usize
            }

            /// The generic instruction of this instruction's family: `BINARY_OP` for
            /// `BINARY_OP_ADD_INT`, the opcode itself for a generic instruction. A specialized
            /// instruction deopts to its family's instruction, which has the same stack effect
            /// and inline-cache layout.
            #[inline(always)]
            pub const fn family(self) -> Opcode {
                // A table too (see `cache_size`).
                const FAMILIES: [Opcode; 256] = {
                    let mut t = [Opcode::CACHE; 256];
                    $( t[$num] = opcodes!(@fam $name $($fam)?); )*
                    t
                };
                FAMILIES[self as usize]
            }

            /// Is this a specialized form (written over a generic instruction at run time)?
            #[inline(always)]
            pub const fn is_specialized(self) -> bool {
                self.family() as u8 != self as u8
            }

            /// Every opcode at or above this number is a specialized form (tier 1 dispatches
            /// on this before its generic `match`).
            pub const FIRST_SPECIALIZED: u8 = 96;

            /// Decode a byte; `None` if it is not an opcode.
            #[inline(always)]
            pub const fn from_u8(b: u8) -> Option<Opcode> {
                match b { $( $num => Some(Opcode::$name), )* _ => None }
            }

            /// Number of opcodes; they are numbered densely from 0 (checked below).
            pub const COUNT: usize = [$( $num ),*].len();
        }
    };
    (@fam $name:ident) => { Opcode::$name };
    (@fam $name:ident $fam:ident) => { Opcode::$fam };
}

opcodes! {
    /// Inline-cache unit; never executed.
    CACHE = 0, cache 0;
    /// Does nothing.
    NOP = 1, cache 0;
    /// Function/module entry and resumption point. `( -- )`. Arg: 0 at entry, 1 after a yield.
    RESUME = 2, cache 0;
    /// `(x -- )`
    POP_TOP = 3, cache 0;
    /// `( -- null)`
    PUSH_NULL = 4, cache 0;
    /// `(x -- )`. Pops the iterator at loop exit (only reached by `break`-free code paths that
    /// need it; `FOR_ITER` pops the iterator itself when it is exhausted).
    END_FOR = 5, cache 0;
    /// `(... x [arg-1 items] -- ... x [arg-1 items] x)`: push a copy of the arg-th item (1 = top).
    COPY = 6, cache 0;
    /// Swap the top with the arg-th item (arg >= 2).
    SWAP = 7, cache 0;
    /// `( -- consts[arg])`
    LOAD_CONST = 8, cache 0;
    /// `( -- localsplus[arg])`. Raises `UnboundLocalError` if the slot is empty.
    LOAD_FAST = 9, cache 0;
    /// `(v -- )` into `localsplus[arg]`.
    STORE_FAST = 10, cache 0;
    /// Empties `localsplus[arg]`; `UnboundLocalError` if already empty.
    DELETE_FAST = 11, cache 0;
    /// `( -- v)`: loads the contents of the cell in `localsplus[arg]`; `NameError` / free var
    /// error if the cell is empty.
    LOAD_DEREF = 12, cache 0;
    /// `(v -- )` into the cell in `localsplus[arg]`.
    STORE_DEREF = 13, cache 0;
    /// Empties the cell in `localsplus[arg]`.
    DELETE_DEREF = 14, cache 0;
    /// Replaces `localsplus[arg]` (empty or holding an argument's value) with a new cell holding
    /// that value. Emitted at function entry for every cell variable.
    MAKE_CELL = 15, cache 0;
    /// Copies the function's closure cells into the last `arg` slots of localsplus. Emitted at
    /// entry of functions with free variables.
    COPY_FREE_VARS = 16, cache 0;
    /// `( -- cell)`: pushes the cell object itself in `localsplus[arg]` (to build a closure).
    LOAD_CLOSURE = 17, cache 0;
    /// `( -- v [null])`: global `names[arg >> 1]`, then builtins; pushes a null after it if
    /// `arg & 1` (callable position of a call). `NameError` if absent.
    LOAD_GLOBAL = 18, cache 4;
    /// `(v -- )` into globals `names[arg]`.
    STORE_GLOBAL = 19, cache 0;
    /// Deletes global `names[arg]`.
    DELETE_GLOBAL = 20, cache 0;
    /// `( -- v)`: `names[arg]` looked up in the frame's locals dict, then globals, then builtins
    /// (module and class bodies).
    LOAD_NAME = 21, cache 0;
    /// `(v -- )` into the frame's locals dict (module and class bodies).
    STORE_NAME = 22, cache 0;
    /// Deletes `names[arg]` from the frame's locals dict.
    DELETE_NAME = 23, cache 0;
    /// `(owner -- attr [self_or_null])`: attribute `names[arg >> 1]`. With `arg & 1` (a method
    /// call follows), pushes either `(method, owner)` for an unbound method found on the type, or
    /// `(attr, null)`.
    LOAD_ATTR = 24, cache 4;
    /// `(v owner -- )`: `owner.names[arg] = v`.
    STORE_ATTR = 25, cache 3;
    /// `(owner -- )`: `del owner.names[arg]`.
    DELETE_ATTR = 26, cache 0;
    /// `(lhs rhs -- res)`: arg is the operator, numbered as CPython's `NB_*` (see [`BinaryOp`]).
    BINARY_OP = 27, cache 4;
    /// `(v -- -v)`
    UNARY_NEGATIVE = 28, cache 0;
    /// `(v -- not v)`: v must be a bool (a `TO_BOOL` precedes it).
    UNARY_NOT = 29, cache 0;
    /// `(v -- ~v)`
    UNARY_INVERT = 30, cache 0;
    /// `(v -- bool(v))`
    TO_BOOL = 31, cache 3;
    /// `(lhs rhs -- res)`: comparison `arg >> 5` (see [`CompareOp`]); if `arg & 16` the result is
    /// converted to bool.
    COMPARE_OP = 32, cache 1;
    /// `(lhs rhs -- bool)`: `lhs is rhs`, or `is not` when arg is 1.
    IS_OP = 33, cache 0;
    /// `(lhs rhs -- bool)`: `lhs in rhs`, or `not in` when arg is 1.
    CONTAINS_OP = 34, cache 1;
    /// `(container sub -- container[sub])`
    BINARY_SUBSCR = 35, cache 3;
    /// `(v container sub -- )`: `container[sub] = v`.
    STORE_SUBSCR = 36, cache 1;
    /// `(container sub -- )`: `del container[sub]`.
    DELETE_SUBSCR = 37, cache 0;
    /// `(container start stop -- container[start:stop])`
    BINARY_SLICE = 38, cache 0;
    /// `(v container start stop -- )`: `container[start:stop] = v`.
    STORE_SLICE = 39, cache 0;
    /// `(start stop -- slice)` if arg is 2, `(start stop step -- slice)` if arg is 3.
    BUILD_SLICE = 40, cache 0;
    /// `(items[arg] -- tuple)`
    BUILD_TUPLE = 41, cache 0;
    /// `(items[arg] -- list)`
    BUILD_LIST = 42, cache 0;
    /// `(items[arg] -- set)`
    BUILD_SET = 43, cache 0;
    /// `(k1 v1 ... k_arg v_arg -- dict)`
    BUILD_MAP = 44, cache 0;
    /// `(list [arg-1 items] v -- list [arg-1 items])`: `list.append(v)`.
    LIST_APPEND = 45, cache 0;
    /// `(set [arg-1 items] v -- set [arg-1 items])`: `set.add(v)`.
    SET_ADD = 46, cache 0;
    /// `(dict [arg-1 items] k v -- dict [arg-1 items])`: `dict[k] = v`.
    MAP_ADD = 47, cache 0;
    /// `(list [arg-1 items] iterable -- list [arg-1 items])`: `list.extend(iterable)`.
    LIST_EXTEND = 48, cache 0;
    /// `(set [arg-1 items] iterable -- set [arg-1 items])`: `set.update(iterable)`.
    SET_UPDATE = 49, cache 0;
    /// `(dict [arg-1 items] mapping -- dict [arg-1 items])`: `dict.update(mapping)`.
    DICT_UPDATE = 50, cache 0;
    /// Like `DICT_UPDATE` but raises `TypeError` on duplicate keys (for `f(**a, **b)`); the
    /// callable sits `arg + 2` below the mapping, for the error message.
    DICT_MERGE = 51, cache 0;
    /// `(seq -- items[arg])`: pushes the items so that the first one ends on top.
    UNPACK_SEQUENCE = 52, cache 1;
    /// `(seq -- items)`: `a, *b, c = seq`: `arg & 0xff` names before the star, `arg >> 8` after;
    /// pushes after-items, the starred list, then before-items, first one on top.
    UNPACK_EX = 53, cache 0;
    /// `(iterable -- iter)`
    GET_ITER = 54, cache 0;
    /// `(iter -- iter next)`; when the iterator is exhausted, pops it and jumps forward by arg.
    /// (CPython 3.13 jumps to an `END_FOR`; we jump past the loop directly.)
    FOR_ITER = 55, cache 1;
    /// Jump forward by arg.
    JUMP_FORWARD = 56, cache 0;
    /// Jump backward by arg (relative to the unit after the caches). Counts loop hotness.
    JUMP_BACKWARD = 57, cache 1;
    /// `(cond -- )`: jump forward by arg if cond is false. cond is normally an exact bool.
    POP_JUMP_IF_FALSE = 58, cache 1;
    /// `(cond -- )`: jump forward by arg if cond is true.
    POP_JUMP_IF_TRUE = 59, cache 1;
    /// `(v -- )`: jump forward by arg if v is None.
    POP_JUMP_IF_NONE = 60, cache 1;
    /// `(v -- )`: jump forward by arg if v is not None.
    POP_JUMP_IF_NOT_NONE = 61, cache 1;
    /// `(callable self_or_null args[arg] -- res)`
    CALL = 62, cache 3;
    /// `(callable self_or_null args[arg] kwnames -- res)`: kwnames is a tuple of str naming the
    /// last `len(kwnames)` args.
    CALL_KW = 63, cache 3;
    /// `(callable null args_tuple [kwargs_dict] -- res)`: kwargs present if `arg & 1`.
    CALL_FUNCTION_EX = 64, cache 0;
    /// `(v -- res)`: intrinsic arg applied to v (see [`Intrinsic1`]).
    CALL_INTRINSIC_1 = 65, cache 0;
    /// `(code -- func)`: a function over the current globals.
    MAKE_FUNCTION = 66, cache 0;
    /// `(attr func -- func)`: arg 1 = defaults tuple, 2 = kw-defaults dict, 4 = annotations
    /// (ignored), 8 = closure tuple of cells.
    SET_FUNCTION_ATTRIBUTE = 67, cache 0;
    /// `(v -- )` returns v.
    RETURN_VALUE = 68, cache 0;
    /// `( -- )` returns `consts[arg]`.
    RETURN_CONST = 69, cache 0;
    /// `( -- __build_class__)`
    LOAD_BUILD_CLASS = 70, cache 0;
    /// `(args[arg] -- )`: 0 = re-raise the exception being handled; 1 = `raise exc`;
    /// 2 = `raise exc from cause`.
    RAISE_VARARGS = 71, cache 0;
    /// `(values[arg] exc -- )`: re-raise exc (the traceback is kept, not extended).
    RERAISE = 72, cache 0;
    /// `(exc -- prev_exc exc)`: exc becomes the exception being handled.
    PUSH_EXC_INFO = 73, cache 0;
    /// `(prev_exc -- )`: restore the exception being handled.
    POP_EXCEPT = 74, cache 0;
    /// `(exc type -- exc bool)`: `isinstance(exc, type)`; type may be a tuple.
    CHECK_EXC_MATCH = 75, cache 0;
    /// `( -- AssertionError)`
    LOAD_ASSERTION_ERROR = 76, cache 0;
    /// `(v -- str)`: `format(v, "")`.
    FORMAT_SIMPLE = 77, cache 0;
    /// `(v spec -- str)`: `format(v, spec)`.
    FORMAT_WITH_SPEC = 78, cache 0;
    /// `(v -- v')`: 1 = `str`, 2 = `repr`, 3 = `ascii`.
    CONVERT_VALUE = 79, cache 0;
    /// `(pieces[arg] -- str)`: concatenation.
    BUILD_STRING = 80, cache 0;
    /// `(level fromlist -- module)`: `import names[arg]`.
    IMPORT_NAME = 81, cache 0;
    /// `(module -- module attr)`: `from module import names[arg]`.
    IMPORT_FROM = 82, cache 0;
    /// At the start of a generator function (after `MAKE_CELL`/`COPY_FREE_VARS`): creates the
    /// generator from the current frame and returns it to the caller. `( -- )` now; when the
    /// generator is first resumed, execution continues after it with the sent value (None)
    /// pushed, as after `YIELD_VALUE`, so the compiler emits `RETURN_GENERATOR; POP_TOP;
    /// RESUME 0`.
    RETURN_GENERATOR = 83, cache 0;
    /// `(v -- sent)`: yields v to the caller; resumes with the sent value (None for `next`).
    YIELD_VALUE = 84, cache 0;
    /// `( -- )`: like JUMP_BACKWARD but never counts hotness (reserved for `yield from`).
    JUMP_BACKWARD_NO_INTERRUPT = 85, cache 0;
    /// `(iterable -- iter)`: `iter()` unless the value is already a generator (`yield from`).
    GET_YIELD_FROM_ITER = 86, cache 0;
    /// `(iter v -- iter res)`: send v into iter; when it is exhausted, replace `v` by the return
    /// value and jump forward by arg (`yield from`).
    SEND = 87, cache 1;
    /// `(iter res -- res)`: drops the sub-iterator after `yield from`.
    END_SEND = 88, cache 0;
    /// `( -- )`: written over a hot `JUMP_BACKWARD` (same cache layout); runs executor `arg` of
    /// the code object, which starts at the jump's target. An invalid executor's instruction is
    /// rewritten back to `JUMP_BACKWARD`.
    ENTER_EXECUTOR = 89, cache 1;
    /// `( -- localsplus[arg >> 4] localsplus[arg & 15])`: two `LOAD_FAST`s on one line, fused
    /// by the compiler when both slots are below 16 (CPython 3.13's superinstruction).
    LOAD_FAST_LOAD_FAST = 90, cache 0;
    /// `(v -- localsplus[arg & 15])`: `STORE_FAST arg >> 4` then `LOAD_FAST arg & 15`.
    STORE_FAST_LOAD_FAST = 91, cache 0;
    /// `(a b -- )`: `STORE_FAST arg >> 4` (of `b`) then `STORE_FAST arg & 15` (of `a`).
    STORE_FAST_STORE_FAST = 92, cache 0;

    /// `with`: pops the context manager, pushes its bound `__exit__` and what `__enter__()`
    /// returned.
    BEFORE_WITH = 93, cache 0;
    /// The handler of a `with` body that raised: calls `__exit__(type, value, tb)` (the
    /// `__exit__` 4 below the top) and pushes its result.
    WITH_EXCEPT_START = 94, cache 0;
    /// `await`: replaces the top with the iterator to send into: a coroutine itself, or what
    /// its `__await__()` returns.
    GET_AWAITABLE = 95, cache 0;

    // Specialized forms (PEP 659). Each is written over its family's generic instruction by
    // the specializer and has the same cache layout; its semantics are its uop expansion in
    // `crate::expand`.
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_ADD_INT = 96, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_SUBTRACT_INT = 97, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_MULTIPLY_INT = 98, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_ADD_FLOAT = 99, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_SUBTRACT_FLOAT = 100, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_MULTIPLY_FLOAT = 101, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_ADD_UNICODE = 102, cache 4, family BINARY_OP;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops).
    BINARY_SUBSCR_LIST_INT = 103, cache 3, family BINARY_SUBSCR;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops).
    BINARY_SUBSCR_TUPLE_INT = 104, cache 3, family BINARY_SUBSCR;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops).
    BINARY_SUBSCR_DICT = 105, cache 3, family BINARY_SUBSCR;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops).
    BINARY_SUBSCR_STR_INT = 106, cache 3, family BINARY_SUBSCR;
    /// Specialized `COMPARE_OP` (see `crate::expand` for its uops).
    COMPARE_OP_INT = 107, cache 1, family COMPARE_OP;
    /// Specialized `COMPARE_OP` (see `crate::expand` for its uops).
    COMPARE_OP_FLOAT = 108, cache 1, family COMPARE_OP;
    /// Specialized `COMPARE_OP` (see `crate::expand` for its uops).
    COMPARE_OP_STR = 109, cache 1, family COMPARE_OP;
    /// Specialized `CONTAINS_OP` (see `crate::expand` for its uops).
    CONTAINS_OP_DICT = 110, cache 1, family CONTAINS_OP;
    /// Specialized `CONTAINS_OP` (see `crate::expand` for its uops).
    CONTAINS_OP_SET = 111, cache 1, family CONTAINS_OP;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops).
    TO_BOOL_INT = 112, cache 3, family TO_BOOL;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops).
    TO_BOOL_BOOL = 113, cache 3, family TO_BOOL;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops).
    TO_BOOL_NONE = 114, cache 3, family TO_BOOL;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops).
    TO_BOOL_LIST = 115, cache 3, family TO_BOOL;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops).
    TO_BOOL_STR = 116, cache 3, family TO_BOOL;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_INSTANCE_VALUE = 117, cache 4, family LOAD_ATTR;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_METHOD_WITH_VALUES = 118, cache 4, family LOAD_ATTR;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_CLASS = 119, cache 4, family LOAD_ATTR;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_MODULE = 120, cache 4, family LOAD_ATTR;
    /// Specialized `STORE_ATTR` (see `crate::expand` for its uops).
    STORE_ATTR_INSTANCE_VALUE = 121, cache 3, family STORE_ATTR;
    /// Specialized `LOAD_GLOBAL` (see `crate::expand` for its uops).
    LOAD_GLOBAL_MODULE = 122, cache 4, family LOAD_GLOBAL;
    /// Specialized `LOAD_GLOBAL` (see `crate::expand` for its uops).
    LOAD_GLOBAL_BUILTIN = 123, cache 4, family LOAD_GLOBAL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_PY_EXACT_ARGS = 124, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_BOUND_METHOD_EXACT_ARGS = 125, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_BUILTIN_FAST = 126, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_LEN = 127, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_ISINSTANCE = 128, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_LIST_APPEND = 129, cache 3, family CALL;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_ALLOC_AND_ENTER_INIT = 130, cache 3, family CALL;
    /// Specialized `FOR_ITER` (see `crate::expand` for its uops).
    FOR_ITER_RANGE = 131, cache 1, family FOR_ITER;
    /// Specialized `FOR_ITER` (see `crate::expand` for its uops).
    FOR_ITER_LIST = 132, cache 1, family FOR_ITER;
    /// Specialized `FOR_ITER` (see `crate::expand` for its uops).
    FOR_ITER_TUPLE = 133, cache 1, family FOR_ITER;
    /// Specialized `UNPACK_SEQUENCE` (see `crate::expand` for its uops).
    UNPACK_SEQUENCE_TWO_TUPLE = 134, cache 1, family UNPACK_SEQUENCE;
    /// Specialized `UNPACK_SEQUENCE` (see `crate::expand` for its uops).
    UNPACK_SEQUENCE_TUPLE = 135, cache 1, family UNPACK_SEQUENCE;
    /// Specialized `UNPACK_SEQUENCE` (see `crate::expand` for its uops).
    UNPACK_SEQUENCE_LIST = 136, cache 1, family UNPACK_SEQUENCE;
    /// Specialized `STORE_SUBSCR` (see `crate::expand` for its uops).
    STORE_SUBSCR_LIST_INT = 137, cache 1, family STORE_SUBSCR;
    /// Specialized `STORE_SUBSCR` (see `crate::expand` for its uops).
    STORE_SUBSCR_DICT = 138, cache 1, family STORE_SUBSCR;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_PY_WITH_DEFAULTS = 139, cache 3, family CALL;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_INSTANCE_PLAIN = 140, cache 4, family LOAD_ATTR;
    /// Specialized `STORE_ATTR` (see `crate::expand` for its uops).
    STORE_ATTR_INSTANCE_PLAIN = 141, cache 3, family STORE_ATTR;
    /// Specialized `STORE_ATTR` (see `crate::expand` for its uops).
    STORE_ATTR_INSTANCE_DICT = 142, cache 3, family STORE_ATTR;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops).
    LOAD_ATTR_METHOD_NO_DICT = 143, cache 4, family LOAD_ATTR;
    /// Specialized `CALL` (see `crate::expand` for its uops).
    CALL_BUILTIN_METHOD = 144, cache 3, family CALL;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_TRUE_DIVIDE_FLOAT = 145, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_REMAINDER_INT = 146, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_FLOOR_DIVIDE_INT = 147, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_AND_INT = 148, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_OR_INT = 149, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_XOR_INT = 150, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_LSHIFT_INT = 151, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_RSHIFT_INT = 152, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_FLOAT_INT = 153, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_INT_FLOAT = 154, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops).
    BINARY_OP_TRUE_DIVIDE_INT = 155, cache 4, family BINARY_OP;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops).
    BINARY_SUBSCR_ARRAY_INT = 156, cache 3, family BINARY_SUBSCR;
    /// Specialized `STORE_SUBSCR` (see `crate::expand` for its uops).
    STORE_SUBSCR_ARRAY_INT = 157, cache 1, family STORE_SUBSCR;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops): `c[s]` where `c`'s
    /// class defines `__getitem__` in Python, entered as a call of it (CPython's
    /// `BINARY_SUBSCR_GETITEM`). The specializer sets its oparg to 1, the call's argument
    /// count, which `_PUSH_FRAME` reads.
    BINARY_SUBSCR_GETITEM = 158, cache 3, family BINARY_SUBSCR;
    /// Specialized `COMPARE_OP` (see `crate::expand` for its uops).
    COMPARE_OP_FLOAT_INT = 159, cache 1, family COMPARE_OP;
    /// Specialized `COMPARE_OP` (see `crate::expand` for its uops).
    COMPARE_OP_INT_FLOAT = 160, cache 1, family COMPARE_OP;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops): an instance's class
    /// attribute that is no descriptor (CPython 3.12's `LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES`).
    LOAD_ATTR_NONDESCRIPTOR = 161, cache 4, family LOAD_ATTR;
    /// Specialized `CALL` (see `crate::expand` for its uops): a positional call of a Python
    /// function with `*args` or `**kwargs` (CPython 3.13's `CALL_PY_GENERAL`); the frame
    /// entry binds them.
    CALL_PY_GENERAL = 162, cache 3, family CALL;
    /// Specialized `TO_BOOL` (see `crate::expand` for its uops): an instance whose class
    /// defines neither `__bool__` nor `__len__` (CPython 3.12's `TO_BOOL_ALWAYS_TRUE`).
    TO_BOOL_ALWAYS_TRUE = 163, cache 3, family TO_BOOL;
    /// Specialized `BINARY_SUBSCR` (see `crate::expand` for its uops): an item of an
    /// `array('d')`, a float.
    BINARY_SUBSCR_ARRAY_DOUBLE = 164, cache 3, family BINARY_SUBSCR;
    /// Specialized `STORE_SUBSCR` (see `crate::expand` for its uops): a float into an
    /// `array('d')`.
    STORE_SUBSCR_ARRAY_DOUBLE = 165, cache 1, family STORE_SUBSCR;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops): `a <op> b` where `a`'s
    /// class has a Python `__op__` (CPython has no such form; it is `BINARY_SUBSCR_GETITEM`'s
    /// idea for operators). The dunder is entered as a call with one argument after `self`;
    /// the frame returns through :binop-frame:'s check. Cache: the function's version, the
    /// class version of `a`, the class version of `b`.
    BINARY_OP_PY = 166, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops): `+`, `-`, `*` or `/` at a
    /// site that has seen more than one mix of small ints and floats (beyond CPython, whose
    /// site would keep respecializing).
    BINARY_OP_NUM = 167, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops): `BINARY_OP_PY` with a float
    /// on the right (`v * 2.0`). Cache: the function's version, the class version of `a`.
    BINARY_OP_PY_FLOAT = 168, cache 4, family BINARY_OP;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops): `BINARY_OP_PY` with a small
    /// int on the right (`v * 3`).
    BINARY_OP_PY_INT = 169, cache 4, family BINARY_OP;
    /// Specialized `LOAD_ATTR` (see `crate::expand` for its uops): a `__slots__` member of an
    /// instance (CPython's `LOAD_ATTR_SLOT`). Cache: the class version, the member's index.
    LOAD_ATTR_SLOT = 170, cache 4, family LOAD_ATTR;
    /// Specialized `STORE_ATTR` (see `crate::expand` for its uops): a `__slots__` member of an
    /// instance (CPython's `STORE_ATTR_SLOT`). Cache: the class version, the member's index.
    STORE_ATTR_SLOT = 171, cache 3, family STORE_ATTR;
    /// Specialized `BINARY_OP` (see `crate::expand` for its uops): `a ** b` of two floats.
    /// Not in CPython, which leaves `**` generic.
    BINARY_OP_POWER_FLOAT = 172, cache 4, family BINARY_OP;
}

// The opcodes are numbered densely from 0, so that every byte below `COUNT` decodes.
const _: () = {
    let mut b = 0;
    while b < 256 {
        assert!(Opcode::from_u8(b as u8).is_some() == (b < Opcode::COUNT));
        b += 1;
    }
};

impl Opcode {
    /// Decodes an instruction's opcode byte without a range check, for the eval loop's fetch.
    ///
    /// # Safety
    /// `b` must be below `Opcode::COUNT`, as every opcode byte the compiler or the specializer
    /// writes is.
    #[inline(always)]
    pub unsafe fn from_u8_unchecked(b: u8) -> Opcode {
        debug_assert!((b as usize) < Opcode::COUNT);
        // SAFETY: `Opcode` is `repr(u8)` with the dense discriminants `0 .. COUNT` (checked
        // above), and the caller guarantees `b < COUNT`.
        unsafe { core::mem::transmute::<u8, Opcode>(b) }
    }
}

/// `BINARY_OP` operators, numbered as CPython's `NB_*` constants. In-place forms are the plain
/// form plus [`BinaryOp::INPLACE_OFFSET`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum BinaryOp {
    Add = 0,
    And = 1,
    FloorDivide = 2,
    Lshift = 3,
    MatrixMultiply = 4,
    Multiply = 5,
    Remainder = 6,
    Or = 7,
    Power = 8,
    Rshift = 9,
    Subtract = 10,
    TrueDivide = 11,
    Xor = 12,
}

impl BinaryOp {
    /// `arg = op + INPLACE_OFFSET` selects the in-place form (`+=`).
    pub const INPLACE_OFFSET: u32 = 13;

    /// Decode the `BINARY_OP` arg: the operator and whether it is the in-place form.
    pub fn from_arg(arg: u32) -> Option<(BinaryOp, bool)> {
        let (base, inplace) =
            if arg >= Self::INPLACE_OFFSET { (arg - Self::INPLACE_OFFSET, true) } else { (arg, false) };
        let op = match base {
            0 => BinaryOp::Add,
            1 => BinaryOp::And,
            2 => BinaryOp::FloorDivide,
            3 => BinaryOp::Lshift,
            4 => BinaryOp::MatrixMultiply,
            5 => BinaryOp::Multiply,
            6 => BinaryOp::Remainder,
            7 => BinaryOp::Or,
            8 => BinaryOp::Power,
            9 => BinaryOp::Rshift,
            10 => BinaryOp::Subtract,
            11 => BinaryOp::TrueDivide,
            12 => BinaryOp::Xor,
            _ => return None,
        };
        Some((op, inplace))
    }

    /// The operator as Python writes it (`"+"`), used in error messages and dumps.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::And => "&",
            BinaryOp::FloorDivide => "//",
            BinaryOp::Lshift => "<<",
            BinaryOp::MatrixMultiply => "@",
            BinaryOp::Multiply => "*",
            BinaryOp::Remainder => "%",
            BinaryOp::Or => "|",
            BinaryOp::Power => "**",
            BinaryOp::Rshift => ">>",
            BinaryOp::Subtract => "-",
            BinaryOp::TrueDivide => "/",
            BinaryOp::Xor => "^",
        }
    }
}

/// `COMPARE_OP` comparisons (`arg >> 5`), numbered as CPython's `Py_LT` ... `Py_GE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum CompareOp {
    Lt = 0,
    Le = 1,
    Eq = 2,
    Ne = 3,
    Gt = 4,
    Ge = 5,
}

impl CompareOp {
    /// Decode from the `COMPARE_OP` arg.
    pub fn from_arg(arg: u32) -> Option<CompareOp> {
        Some(match arg >> 5 {
            0 => CompareOp::Lt,
            1 => CompareOp::Le,
            2 => CompareOp::Eq,
            3 => CompareOp::Ne,
            4 => CompareOp::Gt,
            5 => CompareOp::Ge,
            _ => return None,
        })
    }

    /// The operator as Python writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }

    /// The comparison with its operands swapped (`a < b` is `b > a`).
    pub fn swapped(self) -> CompareOp {
        match self {
            CompareOp::Lt => CompareOp::Gt,
            CompareOp::Le => CompareOp::Ge,
            CompareOp::Eq => CompareOp::Eq,
            CompareOp::Ne => CompareOp::Ne,
            CompareOp::Gt => CompareOp::Lt,
            CompareOp::Ge => CompareOp::Le,
        }
    }
}

/// `CALL_INTRINSIC_1` functions, numbered as CPython's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Intrinsic1 {
    /// `from m import *`: `(module -- None)`, copies public names into the frame's locals.
    ImportStar = 2,
    /// In generators: turns a `StopIteration` escaping the body into `RuntimeError`.
    StopIterationError = 3,
    /// `+v`
    UnaryPositive = 5,
    /// `list -> tuple` (for `f(*a, *b)` and starred tuple displays).
    ListToTuple = 6,
}

impl Intrinsic1 {
    /// Decode from the `CALL_INTRINSIC_1` arg.
    pub fn from_arg(arg: u32) -> Option<Intrinsic1> {
        Some(match arg {
            2 => Intrinsic1::ImportStar,
            3 => Intrinsic1::StopIterationError,
            5 => Intrinsic1::UnaryPositive,
            6 => Intrinsic1::ListToTuple,
            _ => return None,
        })
    }
}

/// Packs an instruction into one code unit.
#[inline]
pub const fn encode(op: Opcode, arg: u32) -> u32 {
    (op as u32) | (arg << 8)
}

/// Splits a code unit into opcode byte and argument.
#[inline]
pub const fn decode(unit: u32) -> (u8, u32) {
    ((unit & 0xff) as u8, unit >> 8)
}

/// Largest argument a code unit can carry.
pub const MAX_ARG: u32 = (1 << 24) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcode_numbers_round_trip() {
        for (i, op) in Opcode::ALL.iter().enumerate() {
            assert_eq!(*op as usize, i, "{} is out of order", op.name());
            assert_eq!(Opcode::from_u8(*op as u8), Some(*op));
        }
        assert_eq!(decode(encode(Opcode::LOAD_FAST, MAX_ARG)), (Opcode::LOAD_FAST as u8, MAX_ARG));
    }

    #[test]
    fn specialized_forms_come_last() {
        for op in Opcode::ALL {
            assert_eq!(op.is_specialized(), *op as u8 >= Opcode::FIRST_SPECIALIZED, "{}", op.name());
        }
    }

    #[test]
    fn binary_op_inplace_decodes() {
        assert_eq!(BinaryOp::from_arg(13), Some((BinaryOp::Add, true)));
        assert_eq!(BinaryOp::from_arg(10), Some((BinaryOp::Subtract, false)));
        assert_eq!(BinaryOp::from_arg(26), None);
    }
}
