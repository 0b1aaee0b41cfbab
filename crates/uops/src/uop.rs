//! The micro-ops (uops): name, stack effect, flags, defined once (DESIGN.md §2.4).
//!
//! Each line of the table below is one uop: `NAME: |oparg| (pops, pushes) [FLAGS]`. Its
//! semantics is the function of the same name in [`crate::bodies`]; which tier-1 instructions
//! it appears in, and which inline-cache units feed its operand, is in [`crate::expand`].
//! Everything else is derived: the [`Uop`] enum, its names, flags and stack effects here; the
//! tier-1 eval loop's specialized cases (the VM expands `crate::specialized_instructions!`);
//! the stencils' `#![no_std]` object (`crates/jit-stencil/build.rs` reads this file); and
//! the generated table in `docs/uops.md` (a test keeps it fresh).
//!
//! This file is also compiled by that build script, so it uses `core` only.

use crate::opcode::Opcode;

/// Uop flags (a bit set).
pub mod flags {
    /// A guard: may fail before changing anything ([`crate::abi::Step::Deopt`]).
    pub const DEOPT: u32 = 1 << 0;
    /// May raise ([`crate::abi::Step::Error`]).
    pub const ERROR: u32 = 1 << 1;
    /// May run arbitrary code (Python code, `__eq__`, a destructor), so the frame must be
    /// exact before it runs and nothing cached about the world survives it.
    pub const ESCAPES: u32 = 1 << 2;
    /// No side effects: the optimizer may drop it when its results are unused.
    pub const PURE: u32 = 1 << 3;
    /// Reads `oparg`.
    pub const OPARG: u32 = 1 << 4;
    /// Reads its 64-bit `operand` (from inline-cache units in tier 1, from the trace in tier 2).
    pub const OPERAND: u32 = 1 << 5;
    /// Tier-1 branch ([`crate::abi::Step::Jump`]): not allowed in a trace (tier 2 has a guard
    /// in its place).
    pub const JUMP: u32 = 1 << 6;
    /// Enters a new Python frame ([`crate::abi::Step::Frame`]).
    pub const FRAME: u32 = 1 << 7;
    /// In a trace, a failure of this guard (it also has [`DEOPT`]) leaves through a side exit
    /// that warms up and may get its own trace (CPython's `EXIT_IF`); without it a failure is a
    /// deopt, which returns to tier 1 and never starts a trace (`DEOPT_IF`).
    pub const EXIT: u32 = 1 << 8;
    /// Tier 2 only: never part of a tier-1 instruction's expansion.
    pub const TIER2: u32 = 1 << 9;

    /// Names of the flags, in bit order (for dumps and docs).
    pub const NAMES: [&str; 10] =
        ["DEOPT", "ERROR", "ESCAPES", "PURE", "OPARG", "OPERAND", "JUMP", "FRAME", "EXIT", "TIER2"];
}

/// What a uop's 64-bit operand holds (the `operand(KIND)` column of the table): lowerings,
/// dumps and goldens read it from here. Dumps print addresses as stable short ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// No operand.
    None,
    /// A type's version tag (`tp_version_tag`).
    TypeVersion,
    /// A dict's keys version (globals, builtins, a module's dict).
    KeysVersion,
    /// A function version in the low 32 bits; bit 32 says whether `self_or_null` is set.
    FuncVersion,
    /// A function version in the low 32 bits, a type version in the high 32.
    GetitemVersions,
    /// An index: an inline slot or a dict entry (a hint, checked at run time).
    Hint,
    /// A count of a class's shared keys (they are only appended).
    KeysCount,
    /// The address of an object the trace keeps alive (a builtin, a method, a class attribute).
    Object,
    /// The address of a code object (the frame `_PUSH_FRAME` enters).
    Code,
    /// A tier-1 instruction index (`_SET_IP`).
    Ip,
}

impl OperandKind {
    /// Is the operand an address (printed as a short id, never raw)?
    pub const fn is_address(self) -> bool {
        matches!(self, OperandKind::Object | OperandKind::Code)
    }
}

/// What the trace optimizer can know about a value (`docs/optimizer.md`), as the uop table's
/// `proves(…)` and `pushes(…)` columns name it: an exact builtin type, or "its type has the
/// version tag in the uop's operand".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// An int that fits the tagged 63-bit form (what `_GUARD_TOS_INT` checks).
    SmallInt,
    /// An exact int, small or big.
    Int,
    /// An exact float.
    Float,
    /// An exact str.
    Str,
    /// A bool.
    Bool,
    /// `None`.
    NoneType,
    /// An exact list.
    List,
    /// An exact tuple.
    Tuple,
    /// An exact dict.
    Dict,
    /// An exact set or frozenset.
    AnySet,
    /// An exact `array.array`.
    Array,
    /// A range iterator.
    RangeIter,
    /// A list iterator.
    ListIter,
    /// A tuple iterator.
    TupleIter,
    /// Its type's version tag is the uop's operand (a heap type's instance; the fact lasts
    /// until something escapes: `__class__` can be assigned).
    Version,
}

impl Ty {
    /// Does knowing `self` prove `want`?
    pub const fn proves(self, want: Ty) -> bool {
        self as u8 == want as u8 || matches!((self, want), (Ty::SmallInt, Ty::Int))
    }

    /// The name dumps print.
    pub const fn name(self) -> &'static str {
        match self {
            Ty::SmallInt => "smallint",
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Str => "str",
            Ty::Bool => "bool",
            Ty::NoneType => "None",
            Ty::List => "list",
            Ty::Tuple => "tuple",
            Ty::Dict => "dict",
            Ty::AnySet => "set",
            Ty::Array => "array",
            Ty::RangeIter => "range_iter",
            Ty::ListIter => "list_iter",
            Ty::TupleIter => "tuple_iter",
            Ty::Version => "version",
        }
    }
}

/// A uop's transfer rule for the optimizer's abstract interpretation, from its row of the
/// table: what it proves about its inputs, which inputs it leaves in place, what it pushes.
#[derive(Clone, Copy, Debug)]
pub struct Transfer {
    /// `(depth, fact)`: on success, the input `depth` from the top (1 is the top) has `fact`.
    pub proves: &'static [(u8, Ty)],
    /// How many of the bottom inputs stay in place, unchanged (`None`: all of them for a pure
    /// guard, none otherwise).
    pub keeps: Option<u8>,
    /// What the new outputs (above the kept ones), bottom first, are known to be; outputs past
    /// the list are unknown.
    pub pushes: &'static [Ty],
}

macro_rules! uops {
    ($( $(#[doc = $doc:literal])* $name:ident : |$o:ident| ($pops:expr, $pushes:expr) [$($flag:ident)*] $(operand($kind:ident))? $(proves($($pd:literal : $pt:ident),*))? $(keeps($keep:literal))? $(pushes($($ot:ident),*))? $(= $generic:ident)?; )*) => {
        /// A micro-op. See the module docs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u16)]
        #[allow(non_camel_case_types)]
        pub enum Uop {
            $( $(#[doc = $doc])* $name, )*
        }

        impl Uop {
            /// Every uop, in declaration order.
            pub const ALL: &'static [Uop] = &[$(Uop::$name,)*];

            /// The CPython-style name, e.g. `"_GUARD_TOS_INT"`.
            pub const fn name(self) -> &'static str {
                match self { $( Uop::$name => stringify!($name), )* }
            }

            /// The uop's [`flags`].
            pub const fn flags(self) -> u32 {
                match self { $( Uop::$name => 0 $(| flags::$flag)*, )* }
            }

            /// `(pops, pushes)` for a given oparg.
            #[allow(unused_variables)]
            pub const fn stack_effect(self, oparg: u32) -> (u32, u32) {
                match self { $( Uop::$name => { let $o = oparg; ($pops, $pushes) } )* }
            }

            /// The first line of the uop's documentation.
            pub const fn doc(self) -> &'static str {
                match self { $( Uop::$name => uops!(@first $($doc)*), )* }
            }

            /// What the uop's 64-bit operand is, in a trace.
            pub const fn operand_kind(self) -> OperandKind {
                match self { $( Uop::$name => uops!(@kind $($kind)?), )* }
            }

            /// The uop's transfer rule (the `proves`, `keeps` and `pushes` columns).
            pub const fn transfer(self) -> Transfer {
                match self { $( Uop::$name => Transfer {
                    proves: &[$($(($pd, Ty::$pt)),*)?],
                    keeps: uops!(@keep $($keep)?),
                    pushes: &[$($(Ty::$ot),*)?],
                }, )* }
            }

            /// The generic tier-1 instruction this uop runs whole (through
            /// [`crate::abi::Rt::generic`]), if it is one.
            pub const fn generic_opcode(self) -> Option<Opcode> {
                match self { $( Uop::$name => uops!(@op $($generic)?), )* }
            }
        }
    };
    (@kind) => { OperandKind::None };
    (@kind $k:ident) => { OperandKind::$k };
    (@keep) => { None };
    (@keep $k:literal) => { Some($k) };
    (@op) => { None };
    (@op $op:ident) => { Some(Opcode::$op) };
    (@first) => { "" };
    (@first $first:literal $($rest:literal)*) => { $first };
}

/// The uop table, handed to a callback macro: `uop_table!(cb)` expands `cb! { TABLE }`.
/// The [`Uop`] enum below is one expansion; the tier-2 interpreter's dispatch is another, and
/// other crates derive theirs (the VM's machine-callable uop helpers) the same way.
#[macro_export]
macro_rules! uop_table {
    ($cb:ident) => {
        $cb! {
        /// Deopt unless the second item is a small int.
        _GUARD_NOS_INT: |o| (2, 2) [DEOPT PURE EXIT] proves(2: SmallInt);
        /// Deopt unless the top item is a small int.
        _GUARD_TOS_INT: |o| (1, 1) [DEOPT PURE EXIT] proves(1: SmallInt);
        /// Deopt unless the second item is an exact float.
        _GUARD_NOS_FLOAT: |o| (2, 2) [DEOPT PURE EXIT] proves(2: Float);
        /// Deopt unless the top item is an exact float.
        _GUARD_TOS_FLOAT: |o| (1, 1) [DEOPT PURE EXIT] proves(1: Float);
        /// Deopt unless both top items are exact strs.
        _GUARD_BOTH_UNICODE: |o| (2, 2) [DEOPT PURE EXIT] proves(1: Str, 2: Str);
        /// Deopt unless the second item is an exact str.
        _GUARD_NOS_UNICODE: |o| (2, 2) [DEOPT PURE EXIT] proves(2: Str);
        /// Deopt unless the second item is an exact list.
        _GUARD_NOS_LIST: |o| (2, 2) [DEOPT PURE EXIT] proves(2: List);
        /// Deopt unless the second item is an exact tuple.
        _GUARD_NOS_TUPLE: |o| (2, 2) [DEOPT PURE EXIT] proves(2: Tuple);
        /// Deopt unless the second item is an exact dict.
        _GUARD_NOS_DICT: |o| (2, 2) [DEOPT PURE EXIT] proves(2: Dict);
        /// The second item is an exact `array.array`.
        _GUARD_NOS_ARRAY: |o| (2, 2) [DEOPT PURE EXIT] proves(2: Array);
        /// Deopt unless the top item is an exact dict.
        _GUARD_TOS_DICT: |o| (1, 1) [DEOPT PURE EXIT] proves(1: Dict);
        /// Deopt unless the top item is an exact set or frozenset.
        _GUARD_TOS_SET: |o| (1, 1) [DEOPT PURE EXIT] proves(1: AnySet);
        /// `a + b` of two small ints; a side exit when the sum leaves the small range (tier 1
        /// makes the big int). Every small-int operation pushes a small int (:small-results:),
        /// so what uses its result needs no guard.
        _BINARY_OP_ADD_INT: |o| (2, 1) [DEOPT EXIT] pushes(SmallInt);
        /// `a - b` of two small ints; a side exit when it leaves the small range.
        _BINARY_OP_SUBTRACT_INT: |o| (2, 1) [DEOPT EXIT] pushes(SmallInt);
        /// `a * b` of two small ints; a side exit when it leaves the small range.
        _BINARY_OP_MULTIPLY_INT: |o| (2, 1) [DEOPT EXIT] pushes(SmallInt);
        /// `a % b` of two small ints (the sign of `b`); deopts when `b` is zero.
        _BINARY_OP_REMAINDER_INT: |o| (2, 1) [DEOPT] pushes(SmallInt);
        /// `a // b` of two small ints (rounded toward minus infinity); deopts when `b` is zero
        /// and for `-2**62 // -1`, the one quotient outside the small range.
        _BINARY_OP_FLOOR_DIVIDE_INT: |o| (2, 1) [DEOPT] pushes(SmallInt);
        /// `a & b` of two small ints.
        _BINARY_OP_AND_INT: |o| (2, 1) [PURE] pushes(SmallInt);
        /// `a | b` of two small ints.
        _BINARY_OP_OR_INT: |o| (2, 1) [PURE] pushes(SmallInt);
        /// `a ^ b` of two small ints.
        _BINARY_OP_XOR_INT: |o| (2, 1) [PURE] pushes(SmallInt);
        /// `a << b` of two small ints; deopts for a negative count or a result that leaves
        /// the small range (tier 1 raises or makes the big int).
        _BINARY_OP_LSHIFT_INT: |o| (2, 1) [DEOPT] pushes(SmallInt);
        /// `a >> b` of two small ints; deopts for a negative count.
        _BINARY_OP_RSHIFT_INT: |o| (2, 1) [DEOPT] pushes(SmallInt);
        /// `a + b` of two floats, reusing an operand that has no other reference.
        _BINARY_OP_ADD_FLOAT: |o| (2, 1) [PURE] pushes(Float);
        /// `a - b` of two floats.
        _BINARY_OP_SUBTRACT_FLOAT: |o| (2, 1) [PURE] pushes(Float);
        /// `a * b` of two floats.
        _BINARY_OP_MULTIPLY_FLOAT: |o| (2, 1) [PURE] pushes(Float);
        /// `a / b` of two floats; deopts when `b` is zero (tier 1 raises `ZeroDivisionError`).
        _BINARY_OP_TRUE_DIVIDE_FLOAT: |o| (2, 1) [DEOPT] pushes(Float);
        /// `a ** b` of two floats when it is a float (CPython's `float_pow`); deopts for an
        /// infinite, NaN or zero base, an infinite or NaN exponent, and where tier 1 raises
        /// (overflow) or gives a complex (a negative base, a fractional exponent).
        _BINARY_OP_POWER_FLOAT: |o| (2, 1) [DEOPT] pushes(Float);
        /// `a + b` of two floats stored into local `oparg` (a `BINARY_OP` and the `STORE_FAST`
        /// after it, fused by `fuse_float_stores`; `operand` is the store's instruction): the
        /// sum goes into the local's old float box when nothing else holds that box, so no box
        /// is made or freed; otherwise as the two uops.
        _BINARY_OP_ADD_FLOAT_STORE_FAST: |o| (2, 0) [OPARG OPERAND] operand(Ip);
        /// `a - b` of two floats stored into local `oparg`, as `_BINARY_OP_ADD_FLOAT_STORE_FAST`.
        _BINARY_OP_SUBTRACT_FLOAT_STORE_FAST: |o| (2, 0) [OPARG OPERAND] operand(Ip);
        /// `a * b` of two floats stored into local `oparg`, as `_BINARY_OP_ADD_FLOAT_STORE_FAST`.
        _BINARY_OP_MULTIPLY_FLOAT_STORE_FAST: |o| (2, 0) [OPARG OPERAND] operand(Ip);
        /// `a / b` of two floats stored into local `oparg`, as `_BINARY_OP_ADD_FLOAT_STORE_FAST`;
        /// deopts when `b` is zero, with nothing changed (tier 1 divides and raises).
        _BINARY_OP_TRUE_DIVIDE_FLOAT_STORE_FAST: |o| (2, 0) [DEOPT OPARG OPERAND] operand(Ip);
        /// `a + b`, `a - b`, `a * b` or `a / b` (the operator from `oparg`) of a float `a` and
        /// a small int `b`, converted as CPython's `PyLong_AsDouble`; deopts when dividing by
        /// zero (tier 1 raises).
        _BINARY_OP_FLOAT_INT: |o| (2, 1) [OPARG DEOPT] pushes(Float);
        /// The same of a small int `a` and a float `b`.
        _BINARY_OP_INT_FLOAT: |o| (2, 1) [OPARG DEOPT] pushes(Float);
        /// `a / b` of two small ints, to a float; deopts for a zero divisor or an operand
        /// beyond 2**53 (where CPython's exact algorithm and a float division could differ).
        _BINARY_OP_TRUE_DIVIDE_INT: |o| (2, 1) [DEOPT] pushes(Float);
        /// `a + b`, `a - b`, `a * b` or `a / b` (the operator from `oparg`) of two numbers, each a
        /// small int or a float, whichever they are (a site that has seen several mixes);
        /// deopts for anything else, an int product that overflows, a zero divisor or an int
        /// quotient beyond 2**53.
        _BINARY_OP_NUM: |o| (2, 1) [OPARG DEOPT];
        /// `a + b` of two strs.
        _BINARY_OP_ADD_UNICODE: |o| (2, 1) [ERROR] pushes(Str);
        /// `list[i]` for a small int `i`; deopts when out of range.
        _BINARY_SUBSCR_LIST_INT: |o| (2, 1) [DEOPT];
        /// `tuple[i]` for a small int `i`; deopts when out of range.
        _BINARY_SUBSCR_TUPLE_INT: |o| (2, 1) [DEOPT];
        /// `str[i]` for a small int `i`; deopts when out of range.
        _BINARY_SUBSCR_STR_INT: |o| (2, 1) [DEOPT] pushes(Str);
        /// Deopt unless the container's class has the version `operand >> 32` and its
        /// `__getitem__` is the Python function with version `operand & 0xffffffff`.
        _CHECK_GETITEM: |o| (2, 2) [DEOPT OPERAND PURE EXIT] operand(GetitemVersions);
        /// `(c, s)` -> `(c.__getitem__'s function, c, s)`: the call `_PUSH_FRAME` (oparg 1)
        /// enters. Deopts, with nothing changed, if the class no longer has that function.
        _INIT_GETITEM_CALL: |o| (2, 3) [DEOPT];
        /// Deopt unless the second item's class has the version `operand >> 32` and its
        /// dunder for operator `oparg` (`__add__` for `+` and `+=`) is the Python function
        /// with version `operand & 0xffffffff`.
        _CHECK_BINOP_PY: |o| (2, 2) [DEOPT OPARG OPERAND PURE EXIT] operand(GetitemVersions);
        /// `(a, b)` -> `(a.__op__'s function, a, b)`: the call `_PUSH_FRAME` (oparg 1) enters
        /// (:binop-frame:). Deopts, with nothing changed, if the class no longer has that
        /// function.
        _INIT_BINOP_CALL: |o| (2, 3) [DEOPT OPARG];
        /// `array[i]` for a small int `i`; deopts when out of range.
        _BINARY_SUBSCR_ARRAY_INT: |o| (2, 1) [DEOPT];
        /// `array[i]` of an `array('d')` for a small int `i`, a float; deopts for another
        /// typecode or when out of range.
        _BINARY_SUBSCR_ARRAY_DOUBLE: |o| (2, 1) [DEOPT] pushes(Float);
        /// `dict[key]`.
        _BINARY_SUBSCR_DICT: |o| (2, 1) [ERROR ESCAPES];
        /// Comparison `oparg >> 5` of two small ints, to a bool.
        _COMPARE_OP_INT: |o| (2, 1) [OPARG PURE] pushes(Bool);
        /// Comparison `oparg >> 5` of two floats, to a bool.
        _COMPARE_OP_FLOAT: |o| (2, 1) [OPARG PURE] pushes(Bool);
        /// Comparison `oparg >> 5` of a float and a small int, to a bool; deopts for an int
        /// beyond 2**53 (where converting it to a float could round: CPython compares exactly).
        _COMPARE_OP_FLOAT_INT: |o| (2, 1) [OPARG DEOPT] pushes(Bool);
        /// The same of a small int and a float.
        _COMPARE_OP_INT_FLOAT: |o| (2, 1) [OPARG DEOPT] pushes(Bool);
        /// `==` / `!=` (`oparg >> 5`) of two strs, to a bool.
        _COMPARE_OP_STR: |o| (2, 1) [OPARG PURE] pushes(Bool);
        /// `key in dict` (`not in` when oparg is 1).
        _CONTAINS_OP_DICT: |o| (2, 1) [OPARG ERROR ESCAPES] pushes(Bool);
        /// `key in set` (`not in` when oparg is 1).
        _CONTAINS_OP_SET: |o| (2, 1) [OPARG ERROR ESCAPES] pushes(Bool);
        /// `bool(int)`; deopts for other types.
        _TO_BOOL_INT: |o| (1, 1) [DEOPT] proves(1: SmallInt) pushes(Bool);
        /// Deopts unless the top is a bool (which is its own truth value).
        _TO_BOOL_BOOL: |o| (1, 1) [DEOPT PURE] proves(1: Bool);
        /// Replace the top (an object whose truth is always true) with `True`.
        _REPLACE_WITH_TRUE: |o| (1, 1) [] pushes(Bool);
        /// `bool(None)`; deopts for other types.
        _TO_BOOL_NONE: |o| (1, 1) [DEOPT] proves(1: NoneType) pushes(Bool);
        /// `bool(list)`; deopts for other types.
        _TO_BOOL_LIST: |o| (1, 1) [DEOPT] proves(1: List) pushes(Bool);
        /// `bool(str)`; deopts for other types.
        _TO_BOOL_STR: |o| (1, 1) [DEOPT] proves(1: Str) pushes(Bool);
        /// Deopt unless the owner's type has version tag `operand`.
        _GUARD_TYPE_VERSION: |o| (1, 1) [DEOPT OPERAND PURE EXIT] operand(TypeVersion) proves(1: Version);
        /// Deopt unless the owner's class is marked plain at its current version (its
        /// instances' own attributes decide): the guard of polymorphic sites.
        _GUARD_TYPE_PLAIN: |o| (1, 1) [DEOPT PURE EXIT];
        /// Instance attribute at hint `operand`: inline slot `operand`, or dict entry `operand`
        /// of an instance that has a dict (checked to still be `names[oparg >> 1]`), then a
        /// null if `oparg & 1`.
        _LOAD_ATTR_INSTANCE_VALUE: |o| (1, 1 + (o & 1)) [DEOPT OPARG OPERAND] operand(Hint);
        /// `_LOAD_ATTR_INSTANCE_VALUE` where the optimizer proved the owner's class and read
        /// its shared key `operand` (`names[oparg >> 1]`, for good: keys are only appended):
        /// an inline slot in use is the attribute, with no key test (`prove_inline_keys`).
        _LOAD_ATTR_INSTANCE_KNOWN: |o| (1, 1 + (o & 1)) [DEOPT OPARG OPERAND] operand(Hint);
        /// Deopt if the instance has an attribute `names[oparg >> 1]` (it would shadow the
        /// method).
        _GUARD_NO_SHADOW: |o| (1, 1) [DEOPT OPARG PURE EXIT];
        /// `_GUARD_NO_SHADOW` where the optimizer proved the owner's class and found the name
        /// among none of its first `operand` shared keys (keys are only appended): an instance
        /// without a dict, of a class that still has `operand` keys, lacks the name with no
        /// lookup; any other asks as `_GUARD_NO_SHADOW` does (`prove_inline_keys`).
        _GUARD_NO_SHADOW_KNOWN: |o| (1, 1) [DEOPT OPARG OPERAND PURE EXIT] operand(KeysCount);
        /// Deopt unless the owner's type is the type that builtin method `operand` belongs to
        /// (a builtin type: immutable, and its instances have no dict).
        _GUARD_METHOD_OWNER: |o| (1, 1) [DEOPT OPERAND PURE EXIT] operand(Object);
        /// Push the method `operand` (found on the guarded type) and the owner as its self.
        _LOAD_ATTR_METHOD_WITH_VALUES: |o| (1, 2) [OPERAND] operand(Object);
        /// Deopt unless the owner is a class with version tag `operand`.
        _CHECK_ATTR_CLASS: |o| (1, 1) [DEOPT OPERAND PURE EXIT] operand(TypeVersion);
        /// Class attribute `operand` (a plain value on the guarded class), then a null if `oparg & 1`.
        _LOAD_ATTR_CLASS: |o| (1, 1 + (o & 1)) [OPARG OPERAND] operand(Object);
        /// Deopt unless the owner is a module whose dict has keys version `operand`.
        _CHECK_ATTR_MODULE: |o| (1, 1) [DEOPT OPERAND PURE EXIT] operand(KeysVersion);
        /// Module attribute at dict entry `operand`, then a null if `oparg & 1`.
        _LOAD_ATTR_MODULE: |o| (1, 1 + (o & 1)) [DEOPT OPARG OPERAND] operand(Hint);
        /// `owner.name = v` at hint `operand` (checked to still be `names[oparg]`): an inline
        /// slot in use, the next inline slot (adding the attribute in key order), or a dict
        /// entry.
        _STORE_ATTR_INSTANCE_VALUE: |o| (2, 0) [DEOPT OPARG OPERAND] operand(Hint);
        /// `_STORE_ATTR_INSTANCE_VALUE` where the optimizer proved the owner's class and read
        /// its shared key `operand` (`names[oparg]`): an inline slot in use is replaced with no
        /// key test (`prove_inline_keys`).
        _STORE_ATTR_INSTANCE_KNOWN: |o| (2, 0) [DEOPT OPARG OPERAND] operand(Hint);
        /// `owner.name = v` by name, adding the attribute if it is absent (stores that create
        /// attributes out of key order); deopts unless the owner is an instance of a class.
        _STORE_ATTR_INSTANCE_DICT: |o| (2, 0) [DEOPT OPARG];
        /// `owner.name` from `__slots__` member slot `operand` of an instance of the guarded
        /// class; deopts while the slot is unset (the generic load raises AttributeError).
        _LOAD_ATTR_SLOT: |o| (1, 1) [DEOPT OPERAND] operand(Hint);
        /// `owner.name = v` into `__slots__` member slot `operand` of an instance of the
        /// guarded class.
        _STORE_ATTR_SLOT: |o| (2, 0) [DEOPT OPERAND] operand(Hint);
        /// Deopt unless the globals dict has keys version `operand`.
        _GUARD_GLOBALS_VERSION: |o| (0, 0) [DEOPT OPERAND PURE EXIT] operand(KeysVersion);
        /// Deopt unless the builtins dict has keys version `operand`.
        _GUARD_BUILTINS_VERSION: |o| (0, 0) [DEOPT OPERAND PURE EXIT] operand(KeysVersion);
        /// Global at globals entry `operand`, then a null if `oparg & 1`.
        _LOAD_GLOBAL_MODULE: |o| (0, 1 + (o & 1)) [DEOPT OPARG OPERAND] operand(Hint);
        /// Builtin at builtins entry `operand`, then a null if `oparg & 1`.
        _LOAD_GLOBAL_BUILTIN: |o| (0, 1 + (o & 1)) [DEOPT OPARG OPERAND] operand(Hint);
        /// Deopt unless the callable is a bound method and `self_or_null` is null.
        _CHECK_CALL_BOUND_METHOD_EXACT_ARGS: |o| (2 + o, 2 + o) [DEOPT OPARG PURE EXIT];
        /// Replace `(method, null)` with `(method.__func__, method.__self__)` (deopts, with
        /// nothing changed, if the guard before it did not run: the stencil check holds the
        /// flags to what the body does).
        _INIT_CALL_BOUND_METHOD_EXACT_ARGS: |o| (2 + o, 2 + o) [DEOPT OPARG];
        /// Deopt unless the callable is the Python function with version `operand & 0xffffffff`
        /// and `self_or_null` is non-null exactly when `operand >> 32` is 1 (so the argument count
        /// is the code's).
        _CHECK_FUNCTION_EXACT_ARGS: |o| (2 + o, 2 + o) [DEOPT OPARG OPERAND PURE EXIT] operand(FuncVersion);
        /// Enter the callee's frame with its arguments. In a trace, `operand` names the callee's
        /// code (the code the following uops belong to); the body does not read it.
        _PUSH_FRAME: |o| (2 + o, 0) [OPARG FRAME] operand(Code);
        /// Deopt unless the callable is a builtin function and `self_or_null` is null.
        _CHECK_BUILTIN: |o| (2 + o, 2 + o) [DEOPT OPARG PURE EXIT];
        /// Deopt unless the callable is a builtin function and `self_or_null` is not null
        /// (an unbound builtin method and its receiver, from a method load).
        _CHECK_BUILTIN_METHOD: |o| (2 + o, 2 + o) [DEOPT OPARG PURE EXIT];
        /// Call a builtin with `oparg` positional arguments.
        _CALL_BUILTIN_FAST: |o| (2 + o, 1) [OPARG ERROR ESCAPES];
        /// `len(x)` when the callable is the builtin `operand`; deopts otherwise.
        _CALL_LEN: |o| (3, 1) [DEOPT OPARG OPERAND ERROR ESCAPES] operand(Object);
        /// `isinstance(x, cls)` when the callable is the builtin `operand`; deopts otherwise.
        _CALL_ISINSTANCE: |o| (4, 1) [DEOPT OPARG OPERAND ERROR ESCAPES] operand(Object) pushes(Bool);
        /// `list.append(x)` when the callable is the builtin `operand` and self is a list.
        _CALL_LIST_APPEND: |o| (3, 1) [DEOPT ERROR OPARG OPERAND] operand(Object) pushes(NoneType);
        /// Deopt unless the callable is the class with version `operand` and `self_or_null` is
        /// null.
        _CHECK_CLASS_VERSION: |o| (2 + o, 2 + o) [DEOPT OPARG OPERAND PURE EXIT] operand(TypeVersion);
        /// Make the instance and set up the class's `__init__` call on it, then enter it.
        _CREATE_INIT_FRAME: |o| (2 + o, 0) [DEOPT OPARG ERROR FRAME];
        /// Deopt unless the iterator is a range iterator.
        _ITER_CHECK_RANGE: |o| (1, 1) [DEOPT PURE EXIT] proves(1: RangeIter);
        /// Deopt unless the iterator is a list iterator.
        _ITER_CHECK_LIST: |o| (1, 1) [DEOPT PURE EXIT] proves(1: ListIter);
        /// Deopt unless the iterator is a tuple iterator.
        _ITER_CHECK_TUPLE: |o| (1, 1) [DEOPT PURE EXIT] proves(1: TupleIter);
        /// Tier 1: pop an exhausted range iterator and jump by `oparg`.
        _ITER_JUMP_RANGE: |o| (1, 1) [OPARG JUMP];
        /// Tier 1: pop an exhausted list iterator and jump by `oparg`.
        _ITER_JUMP_LIST: |o| (1, 1) [OPARG JUMP];
        /// Tier 1: pop an exhausted tuple iterator and jump by `oparg`.
        _ITER_JUMP_TUPLE: |o| (1, 1) [OPARG JUMP];
        /// Push the range iterator's next int; deopts, with the iterator unmoved, when it is
        /// outside the small range (:small-results:).
        _ITER_NEXT_RANGE: |o| (1, 2) [DEOPT] keeps(1) pushes(SmallInt);
        /// Push the list iterator's next item.
        _ITER_NEXT_LIST: |o| (1, 2) [] keeps(1);
        /// Push the tuple iterator's next item.
        _ITER_NEXT_TUPLE: |o| (1, 2) [] keeps(1);
        /// Unpack an exact 2-tuple; deopts otherwise.
        _UNPACK_SEQUENCE_TWO_TUPLE: |o| (1, 2) [DEOPT OPARG] proves(1: Tuple);
        /// Unpack an exact tuple of `oparg` items; deopts otherwise.
        _UNPACK_SEQUENCE_TUPLE: |o| (1, o) [DEOPT OPARG] proves(1: Tuple);
        /// Unpack an exact list of `oparg` items; deopts otherwise.
        _UNPACK_SEQUENCE_LIST: |o| (1, o) [DEOPT OPARG] proves(1: List);
        /// `list[i] = v` for an exact list and an in-range small int; deopts otherwise.
        _STORE_SUBSCR_LIST_INT: |o| (3, 0) [DEOPT];
        /// `array[i] = v` for a small int `i`; deopts when out of range or when `v` does not
        /// convert to the array's typecode (the generic path raises).
        _STORE_SUBSCR_ARRAY_INT: |o| (3, 0) [DEOPT];
        /// `array[i] = v` of a float `v` into an `array('d')`; deopts for another typecode or
        /// value type, or out of range.
        _STORE_SUBSCR_ARRAY_DOUBLE: |o| (3, 0) [DEOPT];
        /// `dict[key] = v` for an exact dict; deopts for other containers.
        _STORE_SUBSCR_DICT: |o| (3, 0) [DEOPT ERROR ESCAPES];

        // ---- generic instructions (tier 2 runs them as single uops) ----

        /// Does nothing.
        _NOP: |o| (0, 0) [PURE];
        /// Push local `oparg`; raises `UnboundLocalError` if it is unbound.
        _LOAD_FAST_CHECK: |o| (0, 1) [OPARG ERROR];
        /// Push local `oparg`, known to be bound (trace formation proves it).
        _LOAD_FAST: |o| (0, 1) [OPARG PURE];
        /// Pop into local `oparg`.
        _STORE_FAST: |o| (1, 0) [OPARG];
        /// Push constant `oparg`.
        _LOAD_CONST: |o| (0, 1) [OPARG PURE];
        /// Pop and release the top item.
        _POP_TOP: |o| (1, 0) [];
        /// Push a null.
        _PUSH_NULL: |o| (0, 1) [PURE];
        /// Push a copy of the item `oparg` from the top.
        _COPY: |o| (o, o + 1) [OPARG PURE];
        /// Swap the top with the item `oparg` from the top.
        _SWAP: |o| (o, o) [OPARG PURE];
        /// `a is b` (`is not` when oparg is 1).
        _IS_OP: |o| (2, 1) [OPARG] pushes(Bool);
        /// Generic `a <op> b` (`oparg` as in `BINARY_OP`).
        _BINARY_OP: |o| (2, 1) [OPARG ERROR ESCAPES] = BINARY_OP;
        /// Generic comparison (`oparg` as in `COMPARE_OP`).
        _COMPARE_OP: |o| (2, 1) [OPARG ERROR ESCAPES] = COMPARE_OP;
        /// Generic `in` / `not in`.
        _CONTAINS_OP: |o| (2, 1) [OPARG ERROR ESCAPES] = CONTAINS_OP;
        /// Generic truth value, to a bool.
        _TO_BOOL: |o| (1, 1) [ERROR ESCAPES] = TO_BOOL;
        /// `not v`.
        _UNARY_NOT: |o| (1, 1) [ERROR ESCAPES] = UNARY_NOT;
        /// `-v`.
        _UNARY_NEGATIVE: |o| (1, 1) [ERROR ESCAPES] = UNARY_NEGATIVE;
        /// `~v`.
        _UNARY_INVERT: |o| (1, 1) [ERROR ESCAPES] = UNARY_INVERT;
        /// Generic `c[k]`.
        _BINARY_SUBSCR: |o| (2, 1) [ERROR ESCAPES] = BINARY_SUBSCR;
        /// Generic `c[k] = v`.
        _STORE_SUBSCR: |o| (3, 0) [ERROR ESCAPES] = STORE_SUBSCR;
        /// Generic attribute load (`oparg` as in `LOAD_ATTR`; method form when `oparg & 1`).
        _LOAD_ATTR: |o| (1, 1 + (o & 1)) [OPARG ERROR ESCAPES] = LOAD_ATTR;
        /// Generic attribute store `owner.names[oparg] = v`.
        _STORE_ATTR: |o| (2, 0) [OPARG ERROR ESCAPES] = STORE_ATTR;
        /// Generic global load (`oparg` as in `LOAD_GLOBAL`).
        _LOAD_GLOBAL: |o| (0, 1 + (o & 1)) [OPARG ERROR ESCAPES] = LOAD_GLOBAL;
        /// A tuple of the top `oparg` items.
        _BUILD_TUPLE: |o| (o, 1) [OPARG ERROR] pushes(Tuple) = BUILD_TUPLE;
        /// A list of the top `oparg` items.
        _BUILD_LIST: |o| (o, 1) [OPARG ERROR] pushes(List) = BUILD_LIST;
        /// Append the top to the list `oparg` items below it (comprehensions).
        _LIST_APPEND: |o| (o + 1, o) [OPARG ERROR] = LIST_APPEND;
        /// Add the top to the set `oparg` items below it (set comprehensions); hashing and
        /// comparing can run Python code.
        _SET_ADD: |o| (o + 1, o) [OPARG ERROR ESCAPES] = SET_ADD;
        /// Store the top two (key, value) into the dict `oparg` items below them (dict
        /// comprehensions).
        _MAP_ADD: |o| (o + 2, o) [OPARG ERROR ESCAPES] = MAP_ADD;
        /// `iter(v)`.
        _GET_ITER: |o| (1, 1) [ERROR ESCAPES] = GET_ITER;
        /// Generic unpacking of exactly `oparg` items.
        _UNPACK_SEQUENCE: |o| (1, o) [OPARG ERROR ESCAPES] = UNPACK_SEQUENCE;
        /// `format(v)` / `str(v)` for f-strings.
        _FORMAT_SIMPLE: |o| (1, 1) [ERROR ESCAPES] = FORMAT_SIMPLE;
        /// `with`: the manager's bound `__exit__` and what its `__enter__()` returned.
        _BEFORE_WITH: |o| (1, 2) [ERROR ESCAPES] = BEFORE_WITH;
        /// A `with` body raised: `__exit__(type, value, tb)` of the `__exit__` 4 below the top.
        _WITH_EXCEPT_START: |o| (4, 5) [ERROR ESCAPES] = WITH_EXCEPT_START;
        /// `await`: the awaitable's iterator (the coroutine, or its `__await__()`).
        _GET_AWAITABLE: |o| (1, 1) [ERROR ESCAPES] = GET_AWAITABLE;
        /// Concatenate the top `oparg` strs.
        _BUILD_STRING: |o| (o, 1) [OPARG ERROR] pushes(Str) = BUILD_STRING;
        /// Push `names[oparg]` from the locals dict, globals or builtins (module and class bodies).
        _LOAD_NAME: |o| (0, 1) [OPARG ERROR ESCAPES] = LOAD_NAME;
        /// Pop into `names[oparg]` of the locals dict.
        _STORE_NAME: |o| (1, 0) [OPARG ERROR ESCAPES] = STORE_NAME;
        /// Pop into global `names[oparg]`.
        _STORE_GLOBAL: |o| (1, 0) [OPARG ERROR ESCAPES] = STORE_GLOBAL;
        /// `c[start:stop]`.
        _BINARY_SLICE: |o| (3, 1) [ERROR ESCAPES] = BINARY_SLICE;
        /// `c[start:stop] = v`.
        _STORE_SLICE: |o| (4, 0) [ERROR ESCAPES] = STORE_SLICE;
        /// A dict from the top `2 * oparg` items (key, value pairs).
        _BUILD_MAP: |o| (2 * o, 1) [OPARG ERROR ESCAPES] pushes(Dict) = BUILD_MAP;
        /// `slice(start, stop[, step])` (`oparg` 2 or 3).
        _BUILD_SLICE: |o| (if o == 3 { 3 } else { 2 }, 1) [OPARG] = BUILD_SLICE;
        /// Push the contents of cell `oparg`; raises if it is empty.
        _LOAD_DEREF: |o| (0, 1) [OPARG ERROR] = LOAD_DEREF;
        /// Pop into cell `oparg`.
        _STORE_DEREF: |o| (1, 0) [OPARG] = STORE_DEREF;
        /// Extend the list `oparg` items below the top with the iterable on top (`[*a, b]`,
        /// and list displays of constants).
        _LIST_EXTEND: |o| (o + 1, o) [OPARG ERROR ESCAPES] = LIST_EXTEND;
        /// Add the items of the iterable on top to the set `oparg` items below it (`{*a, b}`).
        _SET_UPDATE: |o| (o + 1, o) [OPARG ERROR ESCAPES] = SET_UPDATE;
        /// Update the dict `oparg` items below the top from the mapping on top (`{**a, k: v}`).
        _DICT_UPDATE: |o| (o + 1, o) [OPARG ERROR ESCAPES] = DICT_UPDATE;
        /// As `_DICT_UPDATE`, raising on a key already there (`f(**a, **b)`).
        _DICT_MERGE: |o| (o + 1, o) [OPARG ERROR ESCAPES] = DICT_MERGE;
        /// A set of the top `oparg` items (hashing can run Python code).
        _BUILD_SET: |o| (o, 1) [OPARG ERROR ESCAPES] = BUILD_SET;
        /// `del c[k]`.
        _DELETE_SUBSCR: |o| (2, 0) [ERROR ESCAPES] = DELETE_SUBSCR;
        /// Intrinsic `oparg` of the top (`+v`, a list to a tuple for `f(*a)`, the check that a
        /// generator did not raise StopIteration, `import *`).
        _CALL_INTRINSIC_1: |o| (1, 1) [OPARG ERROR ESCAPES] = CALL_INTRINSIC_1;
        /// `format(v, spec)` (f-string field with a format spec).
        _FORMAT_WITH_SPEC: |o| (2, 1) [ERROR ESCAPES] pushes(Str) = FORMAT_WITH_SPEC;
        /// `str`, `repr` or `ascii` of the top (`oparg` 1, 2, 3: an f-string's `!s`, `!r`, `!a`).
        _CONVERT_VALUE: |o| (1, 1) [OPARG ERROR ESCAPES] pushes(Str) = CONVERT_VALUE;
        /// Starred unpacking: `oparg & 0xff` items, a list of the rest, `oparg >> 8` items.
        _UNPACK_EX: |o| (1, (o & 0xff) + (o >> 8) + 1) [OPARG ERROR ESCAPES] = UNPACK_EX;
        /// Push `AssertionError` (a failed `assert`).
        _LOAD_ASSERTION_ERROR: |o| (0, 1) [] = LOAD_ASSERTION_ERROR;
        /// A function made from the code object on top, with the frame's globals.
        _MAKE_FUNCTION: |o| (1, 1) [] = MAKE_FUNCTION;
        /// Give the function on top attribute `oparg` (defaults, keyword defaults, closure)
        /// from the value below it; the function stays.
        _SET_FUNCTION_ATTRIBUTE: |o| (2, 1) [OPARG] = SET_FUNCTION_ATTRIBUTE;
        /// Push the cell in local `oparg` (to build a closure).
        _LOAD_CLOSURE: |o| (0, 1) [OPARG] = LOAD_CLOSURE;
        /// Local `oparg` becomes a new cell holding its value (a function's first
        /// instructions, for a variable a closure captures).
        _MAKE_CELL: |o| (0, 0) [OPARG] = MAKE_CELL;
        /// The function's `oparg` closure cells go into the last locals (a closure's first
        /// instruction).
        _COPY_FREE_VARS: |o| (0, 0) [OPARG] = COPY_FREE_VARS;
        /// Generic call of anything that needs no Python frame (builtins, types, callable
        /// objects); deopts when the callable is a Python function or a class whose `__init__`
        /// is one, so tier 1 enters the frame.
        _CALL: |o| (2 + o, 1) [DEOPT OPARG ERROR ESCAPES] = CALL;
        /// `f(a, k=v)`: a call with the tuple of keyword names on top, of any callable. A
        /// Python callee runs to its return in a nested tier-1 run (:call-kw-nested:), not as
        /// a frame of the trace.
        _CALL_KW: |o| (3 + o, 1) [OPARG ERROR ESCAPES] = CALL_KW;
        /// `f(*args)`, `f(*args, **kw)` (`oparg & 1`: the keywords' mapping on top): any
        /// callable, a Python one in a nested run, as tier 1 does.
        _CALL_FUNCTION_EX: |o| (3 + (o & 1), 1) [OPARG ERROR ESCAPES] = CALL_FUNCTION_EX;

        // ---- tier 2 only ----

        /// First uop of every executor.
        _START_EXECUTOR: |o| (0, 0) [TIER2];
        /// Marks the executor as recently run (kept for CPython's names; counts in stats).
        _MAKE_WARM: |o| (0, 0) [TIER2];
        /// Record instruction `operand` as the one running (for tracebacks and unwinding).
        _SET_IP: |o| (0, 0) [OPERAND TIER2] operand(Ip);
        /// Push local `oparg >> 16`, then local `oparg & 0xffff` (both bound): two
        /// `_LOAD_FAST`s in one dispatch (`fuse_local_loads`; the second's target in
        /// `operand`).
        _LOAD_FAST_PAIR: |o| (0, 2) [OPARG OPERAND TIER2] operand(Ip);
        /// Push object `operand`, then a null if `oparg & 1`: a global, builtin or module
        /// attribute the optimizer promoted to a constant (the executor depends on the dict's
        /// values, so it is invalidated before the object can change or go).
        _LOAD_CONST_INLINE: |o| (0, 1 + (o & 1)) [OPARG OPERAND PURE TIER2] operand(Object);
        /// `math.sqrt(x)` when the callable is the builtin `operand` (a promoted constant) and
        /// `x` is an exact float that is not negative; deopts otherwise, with nothing changed
        /// (tier 1 converts ints and raises the domain error).
        _CALL_BUILTIN_SQRT: |o| (3, 1) [DEOPT OPARG OPERAND TIER2] operand(Object) pushes(Float);
        /// `iter(range(stop))` or `iter(range(start, stop))` (`oparg` 1 or 2: a `for` loop's
        /// `CALL` + `GET_ITER`, fused) when the callable is the builtin type `operand` (a
        /// promoted constant) and the arguments are small ints: the range iterator, made
        /// without a range object; deopts otherwise, with nothing changed (tier 1 calls).
        _CALL_RANGE_ITER: |o| (2 + o, 1) [DEOPT OPARG OPERAND TIER2] operand(Object) pushes(RangeIter);
        /// Deopt if the executor has been invalidated.
        _CHECK_VALIDITY: |o| (0, 0) [DEOPT TIER2];
        /// Back to the trace's first uop (the loop closes), through the loop's safe point:
        /// the eval breaker is served at instruction `operand` (the `JUMP_BACKWARD`), which the
        /// uop names itself, so no `_SET_IP` precedes it (:ip-at-error:). When serving it
        /// invalidated the executor, deopts to its target, the back-edge (:lap-validity:).
        _JUMP_TO_TOP: |o| (0, 0) [DEOPT ERROR OPERAND TIER2] operand(Ip);
        /// Leave the trace through its exit (the trace ends).
        _EXIT_TRACE: |o| (0, 0) [DEOPT EXIT TIER2];
        /// Pop the top if it is `True`; otherwise exit without popping (the branch runs in tier 1).
        _GUARD_IS_TRUE_POP: |o| (1, 0) [DEOPT EXIT TIER2] proves(1: Bool);
        /// Pop the top if it is `False`; otherwise exit without popping.
        _GUARD_IS_FALSE_POP: |o| (1, 0) [DEOPT EXIT TIER2] proves(1: Bool);
        /// Pop the top if it is `None`; otherwise exit without popping.
        _GUARD_IS_NONE_POP: |o| (1, 0) [DEOPT EXIT TIER2] proves(1: NoneType);
        /// Pop the top unless it is `None`; if it is, exit without popping.
        _GUARD_IS_NOT_NONE_POP: |o| (1, 0) [DEOPT EXIT TIER2];
        /// If the range iterator is exhausted, pop it and exit to the loop's end.
        _GUARD_NOT_EXHAUSTED_RANGE: |o| (1, 1) [DEOPT EXIT TIER2] keeps(1);
        /// If the list iterator is exhausted, pop it and exit to the loop's end.
        _GUARD_NOT_EXHAUSTED_LIST: |o| (1, 1) [DEOPT EXIT TIER2] keeps(1);
        /// If the tuple iterator is exhausted, pop it and exit to the loop's end.
        _GUARD_NOT_EXHAUSTED_TUPLE: |o| (1, 1) [DEOPT EXIT TIER2] keeps(1);
        /// Generic `next(it)`; when the iterator is exhausted, pops it and exits to the loop's end.
        _FOR_ITER_TIER_TWO: |o| (1, 2) [DEOPT EXIT ERROR ESCAPES TIER2];
        /// Return from a frame the trace entered: pop the callee's frame and push its return value
        /// (the instance, for an `__init__` frame) onto the caller's stack.
        _POP_FRAME: |o| (1, 1) [FRAME TIER2];
        /// Return from the trace's own frame to its caller and go on in the caller: only when
        /// the frame is a plain call's (not an entry, generator or `__init__` frame) and the caller
        /// runs code `operand` and resumes at instruction `oparg`, as when the trace was formed;
        /// otherwise exit with nothing changed (tier 1 returns).
        _RETURN_TO_CALLER: |o| (1, 1) [DEOPT EXIT OPARG OPERAND FRAME TIER2] operand(Code);
            }
    };
}
#[allow(unused_imports)]
pub(crate) use uop_table;

crate::uop_table!(uops);

impl Uop {
    /// :ip-at-error: may raise but runs no other code and enters no frame (not the loop's
    /// safe point either). Such a uop's error path sets `cx.ip` to the uop's own `target` in
    /// every engine, so it needs no `_SET_IP` before it: nothing else reads the instruction
    /// pointer while it runs (`remove_unneeded_uops`, `docs/optimizer.md`).
    pub const fn raises_at_target(self) -> bool {
        let f = self.flags();
        f & flags::ERROR != 0 && f & (flags::ESCAPES | flags::FRAME) == 0 && !matches!(self, Uop::_JUMP_TO_TOP)
    }

    /// :ip-at-error: does every engine name this uop's `target` as the instruction pointer
    /// wherever it can raise, so that no `_SET_IP` of that instruction is needed before it?
    /// The uops that [`Uop::raises_at_target`], and `_PUSH_FRAME`, whose only error is the
    /// host's (`RecursionError`, or a `KeyboardInterrupt` its safe point raises), which
    /// writes the call, its target, into the caller's record and `cx.ip` (the uop
    /// interpreter's `trace_push_frame`, the helpers machine code calls).
    pub const fn names_own_ip(self) -> bool {
        self.raises_at_target() || matches!(self, Uop::_PUSH_FRAME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_underscored() {
        let mut seen = std::collections::HashSet::new();
        for u in Uop::ALL {
            assert!(u.name().starts_with('_'), "{}", u.name());
            assert!(seen.insert(u.name()), "duplicate {}", u.name());
            assert!(!u.doc().is_empty(), "{} has no doc", u.name());
        }
    }

    #[test]
    fn operand_readers_say_what_their_operand_is() {
        for u in Uop::ALL {
            if u.flags() & flags::OPERAND != 0 {
                assert_ne!(u.operand_kind(), OperandKind::None, "{}", u.name());
            }
        }
    }

    #[test]
    fn generic_uops_run_their_instruction_and_nothing_else() {
        let mut seen = std::collections::HashSet::new();
        for u in Uop::ALL {
            if let Some(op) = u.generic_opcode() {
                assert!(seen.insert(op), "{} is the generic form of two uops", op.name());
                assert_eq!(u.operand_kind(), OperandKind::None, "{}", u.name());
                assert_eq!(op.family(), op, "{}: {} is not generic", u.name(), op.name());
            }
        }
    }

    #[test]
    fn guards_do_not_change_the_stack() {
        for u in Uop::ALL {
            if u.flags() & flags::PURE != 0 && u.flags() & flags::DEOPT != 0 {
                let (pops, pushes) = u.stack_effect(3);
                assert_eq!(pops, pushes, "{} is a pure guard but changes the stack", u.name());
            }
        }
    }
}
