//! The specializer (PEP 659): rewrites an adaptive instruction into a specialized form.
//!
//! Called by the eval loop when an adaptive instruction's counter (cache unit 0, see
//! `tracelift_uops::counter`) fires. It looks at the operands on the stack, picks a
//! specialized form from `tracelift_uops::expand` and fills the cache units its uops read; the
//! guards of those uops check exactly what was assumed here (type version tags, dict keys
//! versions, function versions, exact types). On failure the instruction stays generic and its
//! counter backs off exponentially. Every attempt is counted in [`SpecStats`].

use tracelift_compiler::code::flags as coflags;
use tracelift_runtime::Value;
use tracelift_runtime::object::IterState;
use tracelift_runtime::types::{Kind, TypeObject};
use tracelift_uops::counter;
use tracelift_uops::opcode::{BinaryOp, CompareOp, Opcode, encode};

use crate::Vm;
use crate::objects::{CLASSMETHOD_TYPE, Code, PROPERTY_TYPE, STATICMETHOD_TYPE, SUPER_TYPE, VmValue};

/// Counters of one family.
#[derive(Clone, Copy, Default, Debug)]
pub struct FamilyStats {
    /// Specialization attempts that succeeded.
    pub success: u64,
    /// Attempts that failed (the instruction stays generic, its counter backs off).
    pub failure: u64,
    /// Executions of a specialized form that ran to the end.
    pub hit: u64,
    /// Executions of a specialized form whose guard failed (it ran the generic form).
    pub miss: u64,
    /// Specialized forms given up after enough misses (respecialized or made generic).
    pub deopt: u64,
}

/// Specialization counters (`--stats`), per family and per specialized instruction.
pub struct SpecStats {
    /// Indexed by the family's opcode.
    pub family: Vec<FamilyStats>,
    /// Hits per specialized opcode.
    pub hits: Vec<u64>,
}

impl Default for SpecStats {
    fn default() -> Self {
        SpecStats { family: vec![FamilyStats::default(); 256], hits: vec![0; 256] }
    }
}

/// Families that specialize: the generic opcodes of the expansion table (derived from it, so
/// a new specialized form makes its family adaptive).
pub fn is_adaptive(op: Opcode) -> bool {
    !op.is_specialized() && tracelift_uops::expand::SPECIALIZED.iter().any(|s| s.family() == op)
}

/// Sets the counters of every adaptive instruction (CPython's `_PyCode_Quicken`).
pub fn quicken(code: &Code, enabled: bool) {
    let init = if enabled { counter::ADAPTIVE_WARMUP } else { counter::DISABLED };
    let mut i = 0;
    while i < code.instrs.len() {
        let Some(op) = Opcode::from_u8(code.instrs[i].get() as u8) else { break };
        if is_adaptive(op) {
            code.instrs[i + 1].set(init);
        }
        i += 1 + op.cache_size();
    }
}

/// The forms of `BINARY_OP` for small ints and floats: a site in one of them that misses on
/// another mix of numbers becomes `BINARY_OP_NUM`.
const NUMERIC_BINOPS: &[Opcode] = &[
    Opcode::BINARY_OP_ADD_INT,
    Opcode::BINARY_OP_SUBTRACT_INT,
    Opcode::BINARY_OP_MULTIPLY_INT,
    Opcode::BINARY_OP_ADD_FLOAT,
    Opcode::BINARY_OP_SUBTRACT_FLOAT,
    Opcode::BINARY_OP_MULTIPLY_FLOAT,
    Opcode::BINARY_OP_TRUE_DIVIDE_FLOAT,
    Opcode::BINARY_OP_FLOAT_INT,
    Opcode::BINARY_OP_INT_FLOAT,
    Opcode::BINARY_OP_TRUE_DIVIDE_INT,
];

/// A chosen specialization: the new opcode and cache units `1..` to write.
struct Choice {
    op: Opcode,
    cache: [Option<u32>; 3],
    /// A new oparg for the instruction (`BINARY_SUBSCR_GETITEM`'s argument count), if any.
    arg: Option<u32>,
}

fn choose(op: Opcode) -> Choice {
    Choice { op, cache: [None; 3], arg: None }
}

fn with(op: Opcode, units: &[u32]) -> Choice {
    let mut c = choose(op);
    for (i, u) in units.iter().enumerate() {
        c.cache[i] = Some(*u);
    }
    c
}

fn addr_units(v: &Value) -> [u32; 2] {
    let w = v.raw();
    [w as u32, (w >> 32) as u32]
}

/// A class attribute that an instance reads as itself: an object of a builtin type without
/// `__get__` (numbers, strings, containers), or a class whose metaclass is `type`.
fn nondescriptor(v: &Value) -> bool {
    use tracelift_runtime::types::TYPE_TYPE;
    match v.ty().kind {
        Kind::NoneType
        | Kind::Bool
        | Kind::Int
        | Kind::Float
        | Kind::Str
        | Kind::Bytes
        | Kind::Tuple
        | Kind::List
        | Kind::Dict
        | Kind::Set
        | Kind::FrozenSet => !v.ty().is_heap_type(),
        Kind::Type => v.is_type(&TYPE_TYPE),
        _ => false,
    }
}

/// A class attribute that reads back as itself (no binding through `__get__`).
fn plain_class_attr(v: &Value) -> bool {
    let t = v.ty();
    !t.is_heap_type()
        && !v.is_type(&STATICMETHOD_TYPE)
        && !v.is_type(&CLASSMETHOD_TYPE)
        && !v.is_type(&PROPERTY_TYPE)
        && !v.is_type(&SUPER_TYPE)
}

impl Vm {
    /// Tries to specialize the instruction at `at` (its operands end at stack index `sp`).
    /// Rewrites the instruction in place either way (specialized form, or generic with a
    /// backed-off counter).
    pub(crate) fn specialize(&mut self, code: &Code, at: usize, fi: usize, sp: usize) {
        let unit = code.instrs[at].get();
        let Some(current) = Opcode::from_u8(unit as u8) else { return };
        let oparg = unit >> 8;
        let family = current.family();
        let was_specialized = current.is_specialized();
        let choice = self.choose(code, current, oparg, fi, sp);
        let stats = self.spec_stats.as_deref_mut();
        match choice {
            Some(c) => {
                code.instrs[at].set(encode(c.op, c.arg.unwrap_or(oparg)));
                code.instrs[at + 1].set(counter::ADAPTIVE_COOLDOWN);
                for (i, u) in c.cache.iter().enumerate() {
                    if let Some(u) = u {
                        code.instrs[at + 2 + i].set(*u);
                    }
                }
                if let Some(s) = stats {
                    s.family[family as usize].success += 1;
                    if was_specialized {
                        s.family[family as usize].deopt += 1;
                    }
                }
            }
            None => {
                code.instrs[at].set(encode(family, oparg));
                let c = code.instrs[at + 1].get();
                code.instrs[at + 1].set(counter::after_failure(c));
                if let Some(s) = stats {
                    s.family[family as usize].failure += 1;
                    if was_specialized {
                        s.family[family as usize].deopt += 1;
                    }
                }
            }
        }
    }

    /// `again` (`current` is specialized): a specialized form whose guards kept failing (the site has
    /// seen more than one type, say).
    fn choose(&mut self, code: &Code, current: Opcode, oparg: u32, fi: usize, sp: usize) -> Option<Choice> {
        let (family, again) = (current.family(), current.is_specialized());
        let tos = self.stack[sp - 1].clone();
        match family {
            Opcode::BINARY_OP => {
                let lhs = &self.stack[sp - 2];
                let (op, _) = BinaryOp::from_arg(oparg)?;
                let ints = lhs.is_small() && tos.is_small();
                let floats = lhs.is_float() && tos.is_float();
                // A site whose numeric form missed on another mix of small ints and floats
                // serves every mix from now on, instead of trading one form for the next.
                let number = |v: &Value| v.is_small() || v.is_float();
                if again
                    && number(lhs)
                    && number(&tos)
                    && NUMERIC_BINOPS.contains(&current)
                    && matches!(op, BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply | BinaryOp::TrueDivide)
                {
                    return Some(choose(Opcode::BINARY_OP_NUM));
                }
                Some(choose(match op {
                    BinaryOp::Add if ints => Opcode::BINARY_OP_ADD_INT,
                    BinaryOp::Subtract if ints => Opcode::BINARY_OP_SUBTRACT_INT,
                    BinaryOp::Multiply if ints => Opcode::BINARY_OP_MULTIPLY_INT,
                    BinaryOp::Remainder if ints => Opcode::BINARY_OP_REMAINDER_INT,
                    BinaryOp::FloorDivide if ints => Opcode::BINARY_OP_FLOOR_DIVIDE_INT,
                    BinaryOp::And if ints => Opcode::BINARY_OP_AND_INT,
                    BinaryOp::Or if ints => Opcode::BINARY_OP_OR_INT,
                    BinaryOp::Xor if ints => Opcode::BINARY_OP_XOR_INT,
                    BinaryOp::Lshift if ints => Opcode::BINARY_OP_LSHIFT_INT,
                    BinaryOp::Rshift if ints => Opcode::BINARY_OP_RSHIFT_INT,
                    BinaryOp::Add if floats => Opcode::BINARY_OP_ADD_FLOAT,
                    BinaryOp::Subtract if floats => Opcode::BINARY_OP_SUBTRACT_FLOAT,
                    BinaryOp::Multiply if floats => Opcode::BINARY_OP_MULTIPLY_FLOAT,
                    // Not in CPython 3.14: a zero divisor deopts, and the generic form raises.
                    BinaryOp::TrueDivide if floats => Opcode::BINARY_OP_TRUE_DIVIDE_FLOAT,
                    // Not in CPython (`**` stays generic there): what `float_pow` answers
                    // without raising or leaving the floats, else a deopt.
                    BinaryOp::Power if floats => Opcode::BINARY_OP_POWER_FLOAT,
                    // Not in CPython 3.11 (3.14 has `BINARY_OP_EXTEND` for these): a float and
                    // a small int, either way round, and the true division of two small ints.
                    BinaryOp::Add
                    | BinaryOp::Subtract
                    | BinaryOp::Multiply
                    | BinaryOp::TrueDivide
                    | BinaryOp::Power
                        if lhs.is_float() && tos.is_small() =>
                    {
                        Opcode::BINARY_OP_FLOAT_INT
                    }
                    BinaryOp::Add
                    | BinaryOp::Subtract
                    | BinaryOp::Multiply
                    | BinaryOp::TrueDivide
                    | BinaryOp::Power
                        if lhs.is_small() && tos.is_float() =>
                    {
                        Opcode::BINARY_OP_INT_FLOAT
                    }
                    BinaryOp::TrueDivide if ints => Opcode::BINARY_OP_TRUE_DIVIDE_INT,
                    BinaryOp::Add if lhs.is_str() && tos.is_str() => Opcode::BINARY_OP_ADD_UNICODE,
                    _ => {
                        let lhs = lhs.clone();
                        return self.choose_binop_py(oparg, &lhs, &tos);
                    }
                }))
            }
            Opcode::BINARY_SUBSCR => {
                // A reference of its own: the `__getitem__` lookup below needs the VM mutably.
                let c = self.stack[sp - 2].clone();
                Some(choose(if c.is_list() && tos.is_small() {
                    Opcode::BINARY_SUBSCR_LIST_INT
                } else if c.is_tuple() && tos.is_small() {
                    Opcode::BINARY_SUBSCR_TUPLE_INT
                } else if c.as_dict().is_some() {
                    Opcode::BINARY_SUBSCR_DICT
                } else if c.is_str() && tos.is_small() {
                    Opcode::BINARY_SUBSCR_STR_INT
                } else if c.as_array().is_some_and(|a| a.code == b'd') && tos.is_small() {
                    Opcode::BINARY_SUBSCR_ARRAY_DOUBLE
                } else if c.as_array().is_some() && tos.is_small() {
                    Opcode::BINARY_SUBSCR_ARRAY_INT
                } else if let Some(f) = crate::tier1rt::getitem_function(self, c.ty()) {
                    // `c.__getitem__(s)` entered as a call with one argument after `self`.
                    let f = f.as_function().expect("a function");
                    if !exact_args(f, 2) {
                        return None;
                    }
                    let tv = version(c.ty())?;
                    self.note_callee(f.version.get(), &f.code);
                    let mut ch = with(Opcode::BINARY_SUBSCR_GETITEM, &[f.version.get(), tv]);
                    ch.arg = Some(1);
                    return Some(ch);
                } else {
                    return None;
                }))
            }
            Opcode::COMPARE_OP => {
                let lhs = &self.stack[sp - 2];
                let op = CompareOp::from_arg(oparg)?;
                Some(choose(if lhs.is_small() && tos.is_small() {
                    Opcode::COMPARE_OP_INT
                } else if lhs.is_float() && tos.is_float() {
                    Opcode::COMPARE_OP_FLOAT
                } else if lhs.is_float() && tos.is_small() {
                    Opcode::COMPARE_OP_FLOAT_INT
                } else if lhs.is_small() && tos.is_float() {
                    Opcode::COMPARE_OP_INT_FLOAT
                } else if lhs.is_str() && tos.is_str() && matches!(op, CompareOp::Eq | CompareOp::Ne) {
                    Opcode::COMPARE_OP_STR
                } else {
                    return None;
                }))
            }
            Opcode::CONTAINS_OP => Some(choose(if tos.as_dict().is_some() {
                Opcode::CONTAINS_OP_DICT
            } else if tos.as_set().is_some_and(|s| !s.is_frozen()) {
                Opcode::CONTAINS_OP_SET
            } else {
                return None;
            })),
            Opcode::TO_BOOL => Some(choose(if tos.is_bool() {
                Opcode::TO_BOOL_BOOL
            } else if tos.is_small() {
                Opcode::TO_BOOL_INT
            } else if tos.is_none() {
                Opcode::TO_BOOL_NONE
            } else if tos.is_list() {
                Opcode::TO_BOOL_LIST
            } else if tos.is_str() {
                Opcode::TO_BOOL_STR
            } else if tos.as_instance().is_some() && tos.ty().kind == Kind::Instance && self.always_true(tos.ty()) {
                return Some(with(Opcode::TO_BOOL_ALWAYS_TRUE, &[version(tos.ty())?]));
            } else {
                return None;
            })),
            Opcode::LOAD_ATTR => self.choose_load_attr(code, oparg, &tos, again),
            Opcode::STORE_ATTR => self.choose_store_attr(code, oparg, &tos, again),
            Opcode::LOAD_GLOBAL => {
                let name = &code.names[(oparg >> 1) as usize];
                let globals = self.frames[fi].globals.clone();
                let g = globals.as_dict()?;
                if let Some(i) = entry_of(g, name) {
                    return Some(with(Opcode::LOAD_GLOBAL_MODULE, &[g.version.get(), i]));
                }
                if g.get_name(name).is_some() {
                    return None;
                }
                let builtins = self.builtins.clone();
                let b = builtins.as_dict()?;
                let i = entry_of(b, name)?;
                Some(with(Opcode::LOAD_GLOBAL_BUILTIN, &[g.version.get(), i, b.version.get()]))
            }
            Opcode::CALL => self.choose_call(oparg, sp),
            Opcode::FOR_ITER => {
                let io = tos.as_iter()?;
                let t = tos.ty();
                match io.state() {
                    IterState::Range { .. } if std::ptr::eq(t, &tracelift_runtime::object::RANGE_ITER_TYPE) => {
                        Some(choose(Opcode::FOR_ITER_RANGE))
                    }
                    IterState::Seq { .. } if std::ptr::eq(t, &tracelift_runtime::object::LIST_ITER_TYPE) => {
                        Some(choose(Opcode::FOR_ITER_LIST))
                    }
                    IterState::Seq { .. } if std::ptr::eq(t, &tracelift_runtime::object::TUPLE_ITER_TYPE) => {
                        Some(choose(Opcode::FOR_ITER_TUPLE))
                    }
                    _ => None,
                }
            }
            Opcode::UNPACK_SEQUENCE => {
                let n = oparg as usize;
                if let Some(t) = tos.as_tuple().filter(|t| t.len() == n) {
                    Some(choose(if t.len() == 2 {
                        Opcode::UNPACK_SEQUENCE_TWO_TUPLE
                    } else {
                        Opcode::UNPACK_SEQUENCE_TUPLE
                    }))
                } else if tos.as_list().is_some_and(|l| l.items().len() == n) {
                    Some(choose(Opcode::UNPACK_SEQUENCE_LIST))
                } else {
                    None
                }
            }
            Opcode::STORE_SUBSCR => {
                let c = &self.stack[sp - 2];
                Some(choose(if c.is_list() && tos.is_small() {
                    Opcode::STORE_SUBSCR_LIST_INT
                } else if c.as_dict().is_some() {
                    Opcode::STORE_SUBSCR_DICT
                } else if c.as_array().is_some_and(|a| a.code == b'd')
                    && tos.is_small()
                    && self.stack[sp - 3].is_float()
                {
                    Opcode::STORE_SUBSCR_ARRAY_DOUBLE
                } else if c.as_array().is_some() && tos.is_small() {
                    Opcode::STORE_SUBSCR_ARRAY_INT
                } else {
                    return None;
                }))
            }
            _ => None,
        }
    }

    fn choose_load_attr(&mut self, code: &Code, oparg: u32, owner: &Value, again: bool) -> Option<Choice> {
        let name = code.names[(oparg >> 1) as usize].clone();
        if name.as_str().is_some_and(|s| s.starts_with("__")) {
            return None;
        }
        if let Some(m) = owner.as_module() {
            let d = m.dict.as_dict()?;
            let i = entry_of(d, &name)?;
            return Some(with(Opcode::LOAD_ATTR_MODULE, &[d.version.get(), i]));
        }
        if let Some(t) = owner.as_type() {
            // A user metaclass could shadow the class attribute with a data descriptor.
            if !t.is_heap_type() || owner.ty().is_heap_type() {
                return None;
            }
            let attr = self.type_lookup_cached(t, &name, false)?;
            if !plain_class_attr(&attr) || !self.metatype_lacks(&name) {
                return None;
            }
            let [lo, hi] = addr_units(&attr);
            return Some(with(Opcode::LOAD_ATTR_CLASS, &[version(t)?, lo, hi]));
        }
        if oparg & 1 != 0 && owner.is_obj() && !owner.ty().is_heap_type() {
            return self.choose_builtin_method(owner, &name);
        }
        let inst = owner.as_instance()?;
        let ty = owner.ty();
        if !ty.is_heap_type() || ty.kind != Kind::Instance {
            return None;
        }
        // Every load asks a class's own `__getattribute__` (its version guards the choice).
        if !ty.is_plain() && self.custom_getattribute(ty).is_some() {
            return None;
        }
        let tv = version(ty)?;
        let type_attr = self.type_lookup_cached(ty, &name, false);
        // A site specialized before that found another class (instances of sibling
        // subclasses, say) guards on plainness instead of one version: in a plain class the
        // instance's own attributes decide, whatever the class defines.
        if again
            && oparg & 1 == 0
            && ty.is_plain()
            && let Some(i) = inst.load_hint(&name)
        {
            return Some(with(Opcode::LOAD_ATTR_INSTANCE_PLAIN, &[0, i as u32]));
        }
        match type_attr {
            None => {
                let i = inst.load_hint(&name)?;
                Some(with(Opcode::LOAD_ATTR_INSTANCE_VALUE, &[tv, i as u32]))
            }
            Some(f) if oparg & 1 != 0 && f.as_function().is_some() => {
                if inst.get(&name).is_some() {
                    return None;
                }
                let [lo, hi] = addr_units(&f);
                Some(with(Opcode::LOAD_ATTR_METHOD_WITH_VALUES, &[tv, lo, hi]))
            }
            // A class attribute that reads back as itself through an instance (a number, a
            // string, a container, a class): while the class keeps its version and the
            // instance has no attribute of that name, the load is that object.
            Some(a) if nondescriptor(&a) => {
                if inst.get(&name).is_some() {
                    return None;
                }
                let [lo, hi] = addr_units(&a);
                Some(with(Opcode::LOAD_ATTR_NONDESCRIPTOR, &[tv, lo, hi]))
            }
            // A `__slots__` member (a data descriptor: it wins over an instance dict).
            Some(m) if oparg & 1 == 0 && m.as_member().is_some() => {
                let k = m.as_member().expect("a member").index;
                Some(with(Opcode::LOAD_ATTR_SLOT, &[tv, k]))
            }
            Some(_) => None,
        }
    }

    /// A method load on an object of a builtin type whose own dict holds the method: builtin
    /// types never change and their instances have no dict, so the guard is the exact type
    /// (the method's owner). `super` objects and modules resolve attributes their own way.
    /// The method object's address goes in the cache: `Vm::method_cache` keeps it alive.
    fn choose_builtin_method(&mut self, owner: &Value, name: &Value) -> Option<Choice> {
        let ty = owner.ty();
        // Instances, exceptions and functions carry a dict that could shadow the method.
        if owner.as_instance().is_some()
            || owner.as_exception().is_some()
            || owner.as_function().is_some()
            || owner.as_module().is_some()
            || owner.is_type(&crate::objects::SUPER_TYPE)
        {
            return None;
        }
        let m = self.type_lookup_cached(ty, name, false)?;
        let b = m.as_builtin()?;
        if !b.self_.is_null() || !std::ptr::eq(b.owner, ty) || crate::methods::is_static(b.name) {
            return None;
        }
        let [lo, hi] = addr_units(&m);
        Some(with(Opcode::LOAD_ATTR_METHOD_NO_DICT, &[0, lo, hi]))
    }

    /// Are a plain class's instances always true (no `__bool__` or `__len__` on its MRO)?
    fn always_true(&self, t: &tracelift_runtime::types::TypeObject) -> bool {
        t.is_heap_type()
            && ["__bool__", "__len__"]
                .iter()
                .all(|n| self.heap_lookup(t, n, tracelift_runtime::str::str_hash(n)).is_none())
    }

    /// `type` itself defines no attribute `name` (so a class attribute is not shadowed).
    fn metatype_lacks(&mut self, name: &Value) -> bool {
        self.type_lookup_cached(&tracelift_runtime::types::TYPE_TYPE, name, false).is_none()
    }

    fn choose_store_attr(&mut self, code: &Code, oparg: u32, owner: &Value, again: bool) -> Option<Choice> {
        let name = code.names[oparg as usize].clone();
        if name.as_str().is_some_and(|s| s.starts_with("__")) {
            return None;
        }
        let inst = owner.as_instance()?;
        let ty = owner.ty();
        if !ty.is_heap_type() || ty.kind != Kind::Instance {
            return None;
        }
        if again
            && ty.is_plain()
            && let Some(i) = inst.store_hint(&name)
        {
            return Some(with(Opcode::STORE_ATTR_INSTANCE_PLAIN, &[0, i as u32]));
        }
        let setattr = self.setattr_name.clone();
        if self.type_lookup_cached(ty, &setattr, true).is_some() {
            return None;
        }
        if let Some(a) = self.type_lookup_cached(ty, &name, false) {
            // A `__slots__` member: its slot, whatever the instance dict holds.
            let k = a.as_member()?.index;
            return Some(with(Opcode::STORE_ATTR_SLOT, &[version(ty)?, k]));
        }
        match inst.store_hint(&name) {
            // Replacing an attribute, or adding the next one in the class's key order (in
            // `__init__`, say): one slot or entry.
            Some(i) => Some(with(Opcode::STORE_ATTR_INSTANCE_VALUE, &[version(ty)?, i as u32])),
            // Any other store that adds the attribute: by name, while the class stays plain
            // (no data descriptor can intercept it).
            None if ty.is_plain() => Some(choose(Opcode::STORE_ATTR_INSTANCE_DICT)),
            None => None,
        }
    }

    fn choose_call(&mut self, oparg: u32, sp: usize) -> Option<Choice> {
        let argc = oparg as usize;
        let callable = self.stack[sp - 2 - argc].clone();
        let self_or_null = self.stack[sp - 1 - argc].clone();
        let has_self = !self_or_null.is_null();
        if let Some(f) = callable.as_function() {
            let n = argc + has_self as usize;
            let op = if exact_args(f, n) {
                Opcode::CALL_PY_EXACT_ARGS
            } else if with_defaults(f, n) {
                Opcode::CALL_PY_WITH_DEFAULTS
            } else if star_args(f, n) {
                Opcode::CALL_PY_GENERAL
            } else {
                return None;
            };
            self.note_callee(f.version.get(), &f.code);
            return Some(with(op, &[f.version.get(), has_self as u32]));
        }
        if let Some(bm) = callable.as_bound() {
            let f = bm.func.as_function().filter(|_| !has_self)?;
            if !exact_args(f, argc + 1) {
                return None;
            }
            self.note_callee(f.version.get(), &f.code);
            return Some(with(Opcode::CALL_BOUND_METHOD_EXACT_ARGS, &[f.version.get(), 1]));
        }
        if let Some(b) = callable.as_builtin() {
            if callable.is(&self.len_builtin) && !has_self && argc == 1 {
                let [lo, hi] = addr_units(&callable);
                return Some(with(Opcode::CALL_LEN, &[lo, hi]));
            }
            if callable.is(&self.isinstance_builtin) && !has_self && argc == 2 {
                let [lo, hi] = addr_units(&callable);
                return Some(with(Opcode::CALL_ISINSTANCE, &[lo, hi]));
            }
            if b.name == "append"
                && std::ptr::eq(b.owner, &tracelift_runtime::types::LIST_TYPE)
                && b.self_.is_null()
                && self_or_null.is_list()
                && argc == 1
            {
                let [lo, hi] = addr_units(&callable);
                return Some(with(Opcode::CALL_LIST_APPEND, &[lo, hi]));
            }
            return Some(choose(if has_self { Opcode::CALL_BUILTIN_METHOD } else { Opcode::CALL_BUILTIN_FAST }));
        }
        // (A class's metaclass never changes: one that is `type` at specialization stays so.)
        if let Some(t) = callable.as_type()
            && !has_self
            && t.is_heap_type()
            && t.kind == Kind::Instance
            && !callable.ty().is_heap_type()
        {
            let (init_name, new_name) = (self.init_name.clone(), self.new_name.clone());
            if self.type_lookup_cached(t, &new_name, true).is_some() {
                return None;
            }
            let init = self.type_lookup_cached(t, &init_name, false)?;
            let v = version(t)?;
            self.note_callee(v, &init.as_function()?.code);
            return Some(with(Opcode::CALL_ALLOC_AND_ENTER_INIT, &[v]));
        }
        None
    }

    /// `BINARY_OP_PY` (:binop-frame:): `a <op> b` where `a` is a plain instance (of a class
    /// without a builtin base) whose class has a Python `__op__` taking `(self, other)`, and
    /// `b` another plain instance, an exact float (`BINARY_OP_PY_FLOAT`) or a small int
    /// (`BINARY_OP_PY_INT`). Then the generic path calls that function first, and when it
    /// returns `NotImplemented` nothing else can answer, so the frame's return raises the
    /// generic `TypeError`: the in-place form needs a class without `__iop__`, and a `b` of
    /// another class needs one without `__rop__` (a float's or an int's reflected operator
    /// does not take an instance, and an instance is no sequence to repeat). The classes'
    /// versions are guarded (they pin the dunders found); a number on the right is guarded
    /// by its exact type.
    fn choose_binop_py(&mut self, oparg: u32, a: &Value, b: &Value) -> Option<Choice> {
        let (op, inplace) = BinaryOp::from_arg(oparg)?;
        let (_, reflected, in_place) = crate::ops::dunder_names(op);
        a.as_instance()?;
        let number = if b.is_float() {
            Some(Opcode::BINARY_OP_PY_FLOAT)
        } else if b.is_small() {
            Some(Opcode::BINARY_OP_PY_INT)
        } else {
            b.as_instance()?;
            None
        };
        let (ta, tb) = (a.ty(), b.ty());
        let f = crate::tier1rt::binop_function(self, ta, oparg)?;
        let f = f.as_function().expect("a function");
        if !exact_args(f, 2) {
            return None;
        }
        let has = |vm: &Vm, t: &TypeObject, name: &str| {
            vm.heap_lookup(t, name, tracelift_runtime::str::str_hash(name)).is_some()
        };
        if inplace && has(self, ta, in_place) || number.is_none() && !std::ptr::eq(ta, tb) && has(self, tb, reflected) {
            return None;
        }
        let va = version(ta)?;
        let choice = match number {
            Some(form) => with(form, &[f.version.get(), va]),
            None => with(Opcode::BINARY_OP_PY, &[f.version.get(), va, version(tb)?]),
        };
        self.note_callee(f.version.get(), &f.code);
        Some(choice)
    }

    /// Tier 2: a call specialized for `version` enters `code` (trace formation follows it).
    fn note_callee(&mut self, version: u32, code: &std::rc::Rc<Code>) {
        if let Some(t2) = self.tier2.as_deref_mut() {
            t2.callees.note(version, code);
        }
    }
}

/// The function takes exactly `n` positional arguments and nothing else.
fn exact_args(f: &crate::objects::FunctionObject, n: usize) -> bool {
    let co = &f.code.co;
    co.flags & (coflags::VARARGS | coflags::VARKEYWORDS) == 0 && co.kwonlyargcount == 0 && co.argcount as usize == n
}

/// The function takes `n` positional arguments and fills the rest of its (positional-only or
/// ordinary) parameters from its defaults, with nothing else.
/// A positional call with `n` arguments that `Vm::enter_function` binds in place to a
/// signature with `*args`, `**kwargs` or keyword-only parameters (all with defaults).
fn star_args(f: &crate::objects::FunctionObject, n: usize) -> bool {
    let co = &f.code.co;
    let argc = co.argcount as usize;
    let ndefaults = f.defaults().as_tuple().map_or(0, |d| d.len());
    let varargs = co.flags & coflags::VARARGS != 0;
    let kwonly = co.kwonlyargcount as usize;
    let kw_defaulted = kwonly == 0
        || f.kwdefaults().as_dict().is_some_and(|d| {
            f.code.localsplus_names[argc..argc + kwonly].iter().all(|n| d.get(n).is_ok_and(|v| v.is_some()))
        });
    (co.flags & (coflags::VARARGS | coflags::VARKEYWORDS) != 0 || kwonly > 0)
        && kw_defaulted
        && n + ndefaults >= argc
        && (varargs || n <= argc)
}

fn with_defaults(f: &crate::objects::FunctionObject, n: usize) -> bool {
    let co = &f.code.co;
    let argc = co.argcount as usize;
    let ndefaults = f.defaults().as_tuple().map_or(0, |d| d.len());
    co.flags & (coflags::VARARGS | coflags::VARKEYWORDS) == 0
        && co.kwonlyargcount == 0
        && n < argc
        && argc - n <= ndefaults
}

/// The type's version tag, if it has a valid one.
fn version(t: &TypeObject) -> Option<u32> {
    Some(t.version.get()).filter(|v| *v != 0)
}

/// Entry position of `name` in a dict, when its key is that very interned str (the identity
/// the `_*_INSTANCE_VALUE` hints check).
fn entry_of(d: &tracelift_runtime::dict::DictObject, name: &Value) -> Option<u32> {
    d.entry_hint(name).map(|i| i as u32)
}
