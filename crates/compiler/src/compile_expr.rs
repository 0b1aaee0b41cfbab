//! Code generation for expressions.
//!
//! Follows CPython 3.13's `compile.c`: `TO_BOOL` before conditional jumps unless the value is
//! already a bool, short-circuit `and`/`or` with `COPY 1; TO_BOOL; POP_JUMP_IF_*; POP_TOP`,
//! chained comparisons with `SWAP`/`COPY`, method calls through `LOAD_ATTR` with the low bit
//! set, calls with `*`/`**` through `CALL_FUNCTION_EX`, comprehensions as nested functions
//! (the 3.11 way), and f-strings with `CONVERT_VALUE`/`FORMAT_*`/`BUILD_STRING`.

use crate::code::Constant;
use crate::compile::{CResult, Compiler, Ctx, Label};
use crate::compile_stmt::binop_arg;
use rustpython_parser::ast::{self, Expr};
use tracelift_uops::opcode::{CompareOp, Intrinsic1, Opcode};

/// Above this many stack items, displays and calls are built incrementally (CPython's
/// `STACK_USE_GUIDELINE`).
const STACK_USE_GUIDELINE: usize = 30;

enum CmpKind {
    Compare(CompareOp),
    Is(u32),
    In(u32),
}

fn cmp_kind(op: &ast::CmpOp) -> CmpKind {
    match op {
        ast::CmpOp::Eq => CmpKind::Compare(CompareOp::Eq),
        ast::CmpOp::NotEq => CmpKind::Compare(CompareOp::Ne),
        ast::CmpOp::Lt => CmpKind::Compare(CompareOp::Lt),
        ast::CmpOp::LtE => CmpKind::Compare(CompareOp::Le),
        ast::CmpOp::Gt => CmpKind::Compare(CompareOp::Gt),
        ast::CmpOp::GtE => CmpKind::Compare(CompareOp::Ge),
        ast::CmpOp::Is => CmpKind::Is(0),
        ast::CmpOp::IsNot => CmpKind::Is(1),
        ast::CmpOp::In => CmpKind::In(0),
        ast::CmpOp::NotIn => CmpKind::In(1),
    }
}

/// Does the expression always produce an exact bool (so no `TO_BOOL` is needed)?
fn is_bool_expr(e: &Expr) -> bool {
    match e {
        Expr::Compare(c) => c.ops.len() == 1,
        Expr::UnaryOp(u) => matches!(u.op, ast::UnaryOp::Not),
        Expr::Constant(c) => matches!(c.value, ast::Constant::Bool(_)),
        _ => false,
    }
}

/// Truthiness of a constant expression, if known at compile time.
fn const_truth(e: &Expr) -> Option<bool> {
    let Expr::Constant(c) = e else { return None };
    Some(match &c.value {
        ast::Constant::None => false,
        ast::Constant::Bool(b) => *b,
        ast::Constant::Str(s) => !s.is_empty(),
        ast::Constant::Bytes(b) => !b.is_empty(),
        ast::Constant::Int(i) => i.to_string() != "0",
        ast::Constant::Float(f) => *f != 0.0,
        ast::Constant::Complex { real, imag } => *real != 0.0 || *imag != 0.0,
        ast::Constant::Tuple(t) => !t.is_empty(),
        ast::Constant::Ellipsis => true,
    })
}

fn is_none(e: &Expr) -> bool {
    matches!(e, Expr::Constant(c) if matches!(c.value, ast::Constant::None))
}

impl<'a> Compiler<'a, '_> {
    /// Converts a literal.
    pub(crate) fn constant(&self, c: &ast::Constant, node: &Expr) -> CResult<Constant> {
        Ok(match c {
            ast::Constant::None => Constant::None,
            ast::Constant::Bool(b) => Constant::Bool(*b),
            ast::Constant::Str(s) => Constant::Str(s.clone()),
            ast::Constant::Int(i) => {
                let s = i.to_string();
                match s.parse::<i64>() {
                    Ok(v) => Constant::Int(v),
                    Err(_) => Constant::BigInt(s),
                }
            }
            ast::Constant::Float(f) => Constant::Float(*f),
            ast::Constant::Ellipsis => Constant::Ellipsis,
            ast::Constant::Tuple(t) => {
                let mut v = Vec::with_capacity(t.len());
                for x in t {
                    v.push(self.constant(x, node)?);
                }
                Constant::Tuple(v)
            }
            ast::Constant::Bytes(b) => Constant::Bytes(b.clone()),
            ast::Constant::Complex { .. } => return Err(self.unsupported("complex literal", node)),
        })
    }

    /// The constant value of an expression made only of literals and tuples of literals.
    fn fold_const(&self, e: &Expr) -> CResult<Option<Constant>> {
        match e {
            Expr::Constant(c) => Ok(Some(self.constant(&c.value, e)?)),
            Expr::Tuple(t) => {
                let refs: Vec<&Expr> = t.elts.iter().collect();
                self.const_tuple(&refs)
            }
            Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => Ok(match self.fold_const(&u.operand)? {
                Some(Constant::Int(i)) if i != 0 => i.checked_neg().map(Constant::Int),
                Some(Constant::Float(f)) => Some(Constant::Float(-f)),
                Some(Constant::BigInt(s)) => {
                    let n = match s.strip_prefix('-') {
                        Some(p) => p.to_string(),
                        None => format!("-{s}"),
                    };
                    Some(n.parse::<i64>().map(Constant::Int).unwrap_or(Constant::BigInt(n)))
                }
                _ => None,
            }),
            // CPython's AST optimizer folds arithmetic on constants; we fold the int cases that
            // fit a machine word (enough for displays like `{2**40, 17}` to be constant too).
            Expr::BinOp(b) => {
                let (Some(Constant::Int(x)), Some(Constant::Int(y))) =
                    (self.fold_const(&b.left)?, self.fold_const(&b.right)?)
                else {
                    return Ok(None);
                };
                Ok(match b.op {
                    ast::Operator::Add => x.checked_add(y),
                    ast::Operator::Sub => x.checked_sub(y),
                    ast::Operator::Mult => x.checked_mul(y),
                    ast::Operator::Pow if (0..64).contains(&y) => x.checked_pow(y as u32),
                    ast::Operator::LShift
                        if (0..63).contains(&y) && x.unsigned_abs().leading_zeros() > y as u32 + 1 =>
                    {
                        Some(x << y)
                    }
                    _ => None,
                }
                .map(Constant::Int))
            }
            _ => Ok(None),
        }
    }

    /// A tuple constant if every item is constant.
    pub(crate) fn const_tuple(&self, elts: &[&Expr]) -> CResult<Option<Constant>> {
        let mut v = Vec::with_capacity(elts.len());
        for e in elts {
            match self.fold_const(e)? {
                Some(c) => v.push(c),
                None => return Ok(None),
            }
        }
        Ok(Some(Constant::Tuple(v)))
    }

    pub fn expr(&mut self, e: &'a Expr) -> CResult {
        let old = self.set_loc(self.loc_of(e));
        let r = self.expr_inner(e);
        self.set_loc(old);
        r
    }

    fn expr_inner(&mut self, e: &'a Expr) -> CResult {
        match e {
            Expr::BoolOp(b) => {
                let end = self.new_label();
                let jump = match b.op {
                    ast::BoolOp::And => Opcode::POP_JUMP_IF_FALSE,
                    ast::BoolOp::Or => Opcode::POP_JUMP_IF_TRUE,
                };
                let n = b.values.len();
                for (i, v) in b.values.iter().enumerate() {
                    self.expr(v)?;
                    if i + 1 < n {
                        self.emit(Opcode::COPY, 1);
                        self.emit0(Opcode::TO_BOOL);
                        self.emit_jump_op(jump, end);
                        self.emit0(Opcode::POP_TOP);
                    }
                }
                self.bind(end);
            }
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                self.emit(Opcode::COPY, 1);
                self.store_target(&n.target)?;
            }
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
                self.emit(Opcode::BINARY_OP, binop_arg(&b.op) as u32);
            }
            Expr::UnaryOp(u) => {
                if matches!(u.op, ast::UnaryOp::USub)
                    && let Some(c) = self.fold_const(e)?
                {
                    self.load_const(c);
                    return Ok(());
                }
                match u.op {
                    ast::UnaryOp::Not => {
                        self.bool_value(&u.operand)?;
                        self.emit0(Opcode::UNARY_NOT);
                    }
                    ast::UnaryOp::USub => {
                        self.expr(&u.operand)?;
                        self.emit0(Opcode::UNARY_NEGATIVE);
                    }
                    ast::UnaryOp::Invert => {
                        self.expr(&u.operand)?;
                        self.emit0(Opcode::UNARY_INVERT);
                    }
                    ast::UnaryOp::UAdd => {
                        self.expr(&u.operand)?;
                        self.intrinsic(Intrinsic1::UnaryPositive);
                    }
                }
            }
            Expr::Lambda(l) => self.lambda(e, l)?,
            Expr::IfExp(i) => {
                let end = self.new_label();
                let next = self.new_label();
                self.jump_if(&i.test, next, false)?;
                self.expr(&i.body)?;
                self.jump(end);
                self.bind(next);
                self.expr(&i.orelse)?;
                self.bind(end);
            }
            Expr::Dict(d) => self.dict(d)?,
            Expr::Set(s) => {
                self.starunpack(&s.elts, 0, Opcode::BUILD_SET, Opcode::SET_ADD, Opcode::SET_UPDATE, false)?
            }
            Expr::List(l) => {
                self.starunpack(&l.elts, 0, Opcode::BUILD_LIST, Opcode::LIST_APPEND, Opcode::LIST_EXTEND, false)?
            }
            Expr::Tuple(t) => {
                if let Some(c) = self.fold_const(e)? {
                    self.load_const(c);
                } else {
                    self.starunpack(&t.elts, 0, Opcode::BUILD_LIST, Opcode::LIST_APPEND, Opcode::LIST_EXTEND, true)?
                }
            }
            Expr::ListComp(c) => self.comprehension(e, c, "<listcomp>", &c.generators, CompKind::List(&c.elt))?,
            Expr::SetComp(c) => self.comprehension(e, c, "<setcomp>", &c.generators, CompKind::Set(&c.elt))?,
            Expr::DictComp(c) => {
                self.comprehension(e, c, "<dictcomp>", &c.generators, CompKind::Dict(&c.key, &c.value))?
            }
            Expr::GeneratorExp(c) => self.comprehension(e, c, "<genexpr>", &c.generators, CompKind::Gen(&c.elt))?,
            Expr::Await(a) => {
                // CPython's `await`: the awaitable's iterator, then `yield from`'s loop.
                self.expr(&a.value)?;
                self.emit0(Opcode::GET_AWAITABLE);
                self.send_loop();
            }
            Expr::Yield(y) => {
                if !self.in_function() {
                    return Err(self.syntax_at("'yield' outside function", e));
                }
                match &y.value {
                    Some(v) => self.expr(v)?,
                    None => self.load_const(Constant::None),
                }
                self.emit(Opcode::YIELD_VALUE, 0);
                self.emit(Opcode::RESUME, 1);
            }
            Expr::YieldFrom(y) => {
                if !self.in_function() {
                    return Err(self.syntax_at("'yield' outside function", e));
                }
                self.expr(&y.value)?;
                self.emit0(Opcode::GET_YIELD_FROM_ITER);
                self.send_loop();
            }
            Expr::Compare(c) => self.compare(c, false)?,
            Expr::Call(c) => self.call(e, c)?,
            Expr::FormattedValue(f) => self.formatted_value(f)?,
            Expr::JoinedStr(j) => self.joined_str(j)?,
            Expr::Constant(c) => {
                let k = self.constant(&c.value, e)?;
                self.load_const(k);
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let old = self.set_loc(self.attr_loc(a));
                let n = self.add_name(&self.mangle(a.attr.as_str()));
                self.emit(Opcode::LOAD_ATTR, n << 1);
                self.set_loc(old);
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                if self.two_part_slice(&s.slice)? {
                    self.emit0(Opcode::BINARY_SLICE);
                } else {
                    self.expr(&s.slice)?;
                    self.emit0(Opcode::BINARY_SUBSCR);
                }
            }
            Expr::Starred(_) => return Err(self.syntax_at("can't use starred expression here", e)),
            Expr::Name(n) => self.nameop(n.id.as_str(), Ctx::Load)?,
            Expr::Slice(s) => {
                let mut n = 2;
                for p in [&s.lower, &s.upper] {
                    match p {
                        Some(x) => self.expr(x)?,
                        None => self.load_const(Constant::None),
                    }
                }
                if let Some(st) = &s.step {
                    self.expr(st)?;
                    n = 3;
                }
                self.emit(Opcode::BUILD_SLICE, n);
            }
        }
        Ok(())
    }

    /// Pushes `bool(e)`: the value itself if it is already a bool, else `e; TO_BOOL`.
    fn bool_value(&mut self, e: &'a Expr) -> CResult {
        if let Expr::Compare(c) = e
            && c.ops.len() == 1
        {
            return self.compare(c, true);
        }
        self.expr(e)?;
        if !is_bool_expr(e) {
            self.emit0(Opcode::TO_BOOL);
        }
        Ok(())
    }

    fn emit_compare(&mut self, op: &ast::CmpOp, as_bool: bool) {
        match cmp_kind(op) {
            CmpKind::Compare(c) => self.emit(Opcode::COMPARE_OP, ((c as u32) << 5) | if as_bool { 16 } else { 0 }),
            CmpKind::Is(i) => self.emit(Opcode::IS_OP, i),
            CmpKind::In(i) => self.emit(Opcode::CONTAINS_OP, i),
        }
    }

    /// `yield from`'s and `await`'s loop over the iterator on top: send `None` first, then
    /// each value the frame is resumed with, yielding what comes back, until it returns.
    fn send_loop(&mut self) {
        self.load_const(Constant::None);
        let send = self.new_label();
        let exit = self.new_label();
        self.bind(send);
        self.emit_jump_op(Opcode::SEND, exit);
        self.emit(Opcode::YIELD_VALUE, 1);
        self.emit(Opcode::RESUME, 1);
        self.jump_no_interrupt(send);
        self.bind(exit);
        self.emit0(Opcode::END_SEND);
    }

    /// A comparison as a value. With `as_bool` (single comparison only), `COMPARE_OP` gets the
    /// bool bit.
    fn compare(&mut self, c: &'a ast::ExprCompare, as_bool: bool) -> CResult {
        self.expr(&c.left)?;
        let n = c.ops.len();
        if n == 1 {
            self.expr(&c.comparators[0])?;
            self.emit_compare(&c.ops[0], as_bool);
            return Ok(());
        }
        let cleanup = self.new_label();
        for i in 0..n - 1 {
            self.expr(&c.comparators[i])?;
            self.emit(Opcode::SWAP, 2);
            self.emit(Opcode::COPY, 2);
            self.emit_compare(&c.ops[i], false);
            self.emit(Opcode::COPY, 1);
            self.emit0(Opcode::TO_BOOL);
            self.emit_jump_op(Opcode::POP_JUMP_IF_FALSE, cleanup);
            self.emit0(Opcode::POP_TOP);
        }
        self.expr(&c.comparators[n - 1])?;
        self.emit_compare(&c.ops[n - 1], false);
        let end = self.new_label();
        self.jump(end);
        self.bind(cleanup);
        self.emit(Opcode::SWAP, 2);
        self.emit0(Opcode::POP_TOP);
        self.bind(end);
        Ok(())
    }

    /// Jumps to `label` if `bool(e) == cond`, falls through otherwise (`compiler_jump_if`).
    pub(crate) fn jump_if(&mut self, e: &'a Expr, label: Label, cond: bool) -> CResult {
        let old = self.set_loc(self.loc_of(e));
        let r = self.jump_if_inner(e, label, cond);
        self.set_loc(old);
        r
    }

    fn jump_if_inner(&mut self, e: &'a Expr, label: Label, cond: bool) -> CResult {
        if let Some(t) = const_truth(e) {
            if t == cond {
                self.jump(label);
            }
            return Ok(());
        }
        match e {
            Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::Not) => {
                return self.jump_if(&u.operand, label, !cond);
            }
            Expr::BoolOp(b) => {
                let is_or = matches!(b.op, ast::BoolOp::Or);
                let next2 = if is_or == cond { label } else { self.new_label() };
                let n = b.values.len();
                for v in &b.values[..n.saturating_sub(1)] {
                    self.jump_if(v, next2, is_or)?;
                }
                if let Some(last) = b.values.last() {
                    self.jump_if(last, label, cond)?;
                }
                if next2 != label {
                    self.bind(next2);
                }
                return Ok(());
            }
            Expr::IfExp(i) => {
                let end = self.new_label();
                let next2 = self.new_label();
                self.jump_if(&i.test, next2, false)?;
                self.jump_if(&i.body, label, cond)?;
                self.jump(end);
                self.bind(next2);
                self.jump_if(&i.orelse, label, cond)?;
                self.bind(end);
                return Ok(());
            }
            Expr::Compare(c) if c.ops.len() > 1 => {
                let n = c.ops.len();
                let cleanup = self.new_label();
                self.expr(&c.left)?;
                for i in 0..n - 1 {
                    self.expr(&c.comparators[i])?;
                    self.emit(Opcode::SWAP, 2);
                    self.emit(Opcode::COPY, 2);
                    self.emit_compare(&c.ops[i], true);
                    self.emit_jump_op(Opcode::POP_JUMP_IF_FALSE, cleanup);
                }
                self.expr(&c.comparators[n - 1])?;
                self.emit_compare(&c.ops[n - 1], true);
                self.emit_jump_op(if cond { Opcode::POP_JUMP_IF_TRUE } else { Opcode::POP_JUMP_IF_FALSE }, label);
                let end = self.new_label();
                self.jump(end);
                self.bind(cleanup);
                self.emit0(Opcode::POP_TOP);
                if !cond {
                    self.jump(label);
                }
                self.bind(end);
                return Ok(());
            }
            Expr::Compare(c)
                if matches!(c.ops[0], ast::CmpOp::Is | ast::CmpOp::IsNot) && is_none(&c.comparators[0]) =>
            {
                self.expr(&c.left)?;
                let is = matches!(c.ops[0], ast::CmpOp::Is);
                let op = if is == cond { Opcode::POP_JUMP_IF_NONE } else { Opcode::POP_JUMP_IF_NOT_NONE };
                self.emit_jump_op(op, label);
                return Ok(());
            }
            _ => {}
        }
        self.bool_value(e)?;
        self.emit_jump_op(if cond { Opcode::POP_JUMP_IF_TRUE } else { Opcode::POP_JUMP_IF_FALSE }, label);
        Ok(())
    }

    /// Builds a list/set/tuple from items that may include `*x` (`starunpack_helper`).
    fn starunpack(
        &mut self,
        elts: &'a [Expr],
        pushed: usize,
        build: Opcode,
        add: Opcode,
        extend: Opcode,
        tuple: bool,
    ) -> CResult {
        let n = elts.len();
        // CPython folds a display of three or more constants into one constant: a tuple (a
        // frozenset for sets) extended into an empty container. For sets this matters for
        // output: the table layout, and so the printed order, comes from merging the frozenset.
        if pushed == 0 && n > 2 {
            let refs: Vec<&Expr> = elts.iter().collect();
            if let Some(Constant::Tuple(items)) = self.const_tuple(&refs)? {
                if tuple {
                    self.load_const(Constant::Tuple(items));
                    return Ok(());
                }
                let folded =
                    if build == Opcode::BUILD_SET { Constant::FrozenSet(items) } else { Constant::Tuple(items) };
                self.emit(build, 0);
                self.load_const(folded);
                self.emit(extend, 1);
                return Ok(());
            }
        }
        let big = n + pushed > STACK_USE_GUIDELINE;
        let seen_star = elts.iter().any(|e| matches!(e, Expr::Starred(_)));
        if !seen_star && !big {
            for e in elts {
                self.expr(e)?;
            }
            let op = if tuple { Opcode::BUILD_TUPLE } else { build };
            self.emit(op, (n + pushed) as u32);
            return Ok(());
        }
        let mut built = false;
        if big {
            self.emit(build, pushed as u32);
            built = true;
        }
        for (i, e) in elts.iter().enumerate() {
            if let Expr::Starred(s) = e {
                if !built {
                    self.emit(build, (i + pushed) as u32);
                    built = true;
                }
                self.expr(&s.value)?;
                self.emit(extend, 1);
            } else {
                self.expr(e)?;
                if built {
                    self.emit(add, 1);
                }
            }
        }
        if tuple {
            self.intrinsic(Intrinsic1::ListToTuple);
        }
        Ok(())
    }

    fn subdict(&mut self, d: &'a ast::ExprDict, begin: usize, end: usize) -> CResult {
        for i in begin..end {
            if let Some(k) = &d.keys[i] {
                self.expr(k)?;
            }
            self.expr(&d.values[i])?;
        }
        self.emit(Opcode::BUILD_MAP, (end - begin) as u32);
        Ok(())
    }

    fn dict(&mut self, d: &'a ast::ExprDict) -> CResult {
        let n = d.values.len();
        let mut elements = 0;
        let mut have_dict = false;
        for i in 0..n {
            if d.keys[i].is_none() {
                if elements > 0 {
                    self.subdict(d, i - elements, i)?;
                    if have_dict {
                        self.emit(Opcode::DICT_UPDATE, 1);
                    }
                    have_dict = true;
                    elements = 0;
                }
                if !have_dict {
                    self.emit(Opcode::BUILD_MAP, 0);
                    have_dict = true;
                }
                self.expr(&d.values[i])?;
                self.emit(Opcode::DICT_UPDATE, 1);
            } else if elements * 2 > STACK_USE_GUIDELINE {
                self.subdict(d, i - elements, i + 1)?;
                if have_dict {
                    self.emit(Opcode::DICT_UPDATE, 1);
                }
                have_dict = true;
                elements = 0;
            } else {
                elements += 1;
            }
        }
        if elements > 0 {
            self.subdict(d, n - elements, n)?;
            if have_dict {
                self.emit(Opcode::DICT_UPDATE, 1);
            }
            have_dict = true;
        }
        if !have_dict {
            self.emit(Opcode::BUILD_MAP, 0);
        }
        Ok(())
    }

    fn call(&mut self, e: &'a Expr, c: &'a ast::ExprCall) -> CResult {
        let simple_args = !c.args.iter().any(|a| matches!(a, Expr::Starred(_)))
            && !c.keywords.iter().any(|k| k.arg.is_none())
            && c.args.len() + c.keywords.len() < STACK_USE_GUIDELINE;
        // obj.method(...): LOAD_ATTR with the method bit.
        if let Expr::Attribute(a) = c.func.as_ref()
            && simple_args
        {
            self.expr(&a.value)?;
            let aloc = self.attr_loc(a);
            let old = self.set_loc(aloc);
            let n = self.add_name(&self.mangle(a.attr.as_str()));
            self.emit(Opcode::LOAD_ATTR, (n << 1) | 1);
            for arg in &c.args {
                self.expr(arg)?;
            }
            self.call_simple_kw(0, c.args.len(), &c.keywords)?;
            self.set_loc(old);
            return Ok(());
        }
        let pushed_null = match c.func.as_ref() {
            Expr::Name(n) => {
                let old = self.set_loc(self.loc_of(c.func.as_ref()));
                let r = self.nameop_ex(n.id.as_str(), Ctx::Load, true)?;
                self.set_loc(old);
                r
            }
            f => {
                self.expr(f)?;
                false
            }
        };
        if !pushed_null {
            let old = self.set_loc(self.loc_of(c.func.as_ref()));
            self.emit0(Opcode::PUSH_NULL);
            self.set_loc(old);
        }
        let old = self.set_loc(self.loc_of(e));
        let r = self.call_helper(0, &c.args, &c.keywords);
        self.set_loc(old);
        r
    }

    /// Pushes the arguments and emits the call; `n` arguments are already on the stack
    /// (`compiler_call_helper`).
    pub(crate) fn call_helper(&mut self, n: usize, args: &'a [Expr], keywords: &'a [ast::Keyword]) -> CResult {
        let star = args.iter().any(|a| matches!(a, Expr::Starred(_))) || keywords.iter().any(|k| k.arg.is_none());
        if !star && n + args.len() + keywords.len() * 2 <= STACK_USE_GUIDELINE {
            for a in args {
                self.expr(a)?;
            }
            return self.call_simple_kw(n, args.len(), keywords);
        }
        // CALL_FUNCTION_EX: positional tuple, then an optional kwargs dict.
        if n == 0 && args.len() == 1 && matches!(args[0], Expr::Starred(_)) {
            if let Expr::Starred(s) = &args[0] {
                self.expr(&s.value)?;
            }
        } else {
            self.starunpack(args, n, Opcode::BUILD_LIST, Opcode::LIST_APPEND, Opcode::LIST_EXTEND, true)?;
        }
        let nk = keywords.len();
        if nk > 0 {
            let mut nseen = 0;
            let mut have_dict = false;
            for (i, k) in keywords.iter().enumerate() {
                if k.arg.is_none() {
                    if nseen > 0 {
                        self.subkwargs(&keywords[i - nseen..i])?;
                        if have_dict {
                            self.emit(Opcode::DICT_MERGE, 1);
                        }
                        have_dict = true;
                        nseen = 0;
                    }
                    if !have_dict {
                        self.emit(Opcode::BUILD_MAP, 0);
                        have_dict = true;
                    }
                    self.expr(&k.value)?;
                    self.emit(Opcode::DICT_MERGE, 1);
                } else {
                    nseen += 1;
                }
            }
            if nseen > 0 {
                self.subkwargs(&keywords[nk - nseen..])?;
                if have_dict {
                    self.emit(Opcode::DICT_MERGE, 1);
                }
            }
        }
        self.emit(Opcode::CALL_FUNCTION_EX, (nk > 0) as u32);
        Ok(())
    }

    fn subkwargs(&mut self, kws: &'a [ast::Keyword]) -> CResult {
        for k in kws {
            let name = k.arg.as_ref().map_or("", |a| a.as_str());
            self.load_const(Constant::Str(name.to_string()));
            self.expr(&k.value)?;
        }
        self.emit(Opcode::BUILD_MAP, kws.len() as u32);
        Ok(())
    }

    /// Keyword values (if any) and `CALL`/`CALL_KW`; `n + nargs` positionals are pushed.
    fn call_simple_kw(&mut self, n: usize, nargs: usize, keywords: &'a [ast::Keyword]) -> CResult {
        let total = (n + nargs + keywords.len()) as u32;
        if keywords.is_empty() {
            self.emit(Opcode::CALL, total);
            return Ok(());
        }
        let mut names = Vec::new();
        for k in keywords {
            self.expr(&k.value)?;
            names.push(Constant::Str(k.arg.as_ref().map_or("", |a| a.as_str()).to_string()));
        }
        self.load_const(Constant::Tuple(names));
        self.emit(Opcode::CALL_KW, total);
        Ok(())
    }

    fn formatted_value(&mut self, f: &'a ast::ExprFormattedValue) -> CResult {
        self.expr(&f.value)?;
        let conv = match f.conversion {
            ast::ConversionFlag::None => 0,
            ast::ConversionFlag::Str => 1,
            ast::ConversionFlag::Repr => 2,
            ast::ConversionFlag::Ascii => 3,
        };
        if conv != 0 {
            self.emit(Opcode::CONVERT_VALUE, conv);
        }
        match &f.format_spec {
            Some(spec) => {
                self.expr(spec)?;
                self.emit0(Opcode::FORMAT_WITH_SPEC);
            }
            None => self.emit0(Opcode::FORMAT_SIMPLE),
        }
        Ok(())
    }

    fn joined_str(&mut self, j: &'a ast::ExprJoinedStr) -> CResult {
        let parts: Vec<&'a Expr> = j
            .values
            .iter()
            .filter(|v| !matches!(v, Expr::Constant(c) if matches!(&c.value, ast::Constant::Str(s) if s.is_empty())))
            .collect();
        match parts.len() {
            0 => self.load_const(Constant::Str(String::new())),
            1 => {
                self.expr(parts[0])?;
                if !matches!(parts[0], Expr::Constant(_) | Expr::FormattedValue(_) | Expr::JoinedStr(_)) {
                    self.emit0(Opcode::FORMAT_SIMPLE);
                }
            }
            n => {
                for p in &parts {
                    self.expr(p)?;
                }
                self.emit(Opcode::BUILD_STRING, n as u32);
            }
        }
        Ok(())
    }

    fn comprehension<T>(
        &mut self,
        e: &'a Expr,
        node: &T,
        name: &str,
        generators: &'a [ast::Comprehension],
        kind: CompKind<'a>,
    ) -> CResult {
        let Some(first) = generators.first() else {
            return Err(self.internal("empty comprehension"));
        };
        if generators.iter().any(|g| g.is_async) {
            return Err(self.unsupported("async comprehension", e));
        }
        let scope = self.table.scope_of(node).ok_or_else(|| self.internal("comprehension scope"))?;
        let loc = self.loc_of(e);
        self.enter_scope(scope, name, loc.line, loc)?;
        self.u().argcount = 1;
        match kind {
            CompKind::List(_) => self.emit(Opcode::BUILD_LIST, 0),
            CompKind::Set(_) => self.emit(Opcode::BUILD_SET, 0),
            CompKind::Dict(..) => self.emit(Opcode::BUILD_MAP, 0),
            CompKind::Gen(_) => {}
        }
        self.comp_generator(generators, 0, &kind)?;
        if matches!(kind, CompKind::Gen(_)) {
            self.load_return_none();
        } else {
            self.emit0(Opcode::RETURN_VALUE);
        }
        let code = self.exit_scope()?;
        self.make_closure(code, 0)?;
        self.emit0(Opcode::PUSH_NULL);
        self.expr(&first.iter)?;
        self.emit0(Opcode::GET_ITER);
        self.emit(Opcode::CALL, 1);
        Ok(())
    }

    fn comp_generator(&mut self, gens: &'a [ast::Comprehension], i: usize, kind: &CompKind<'a>) -> CResult {
        let g = &gens[i];
        let start = self.new_label();
        let if_cleanup = self.new_label();
        let anchor = self.new_label();
        if i == 0 {
            self.emit(Opcode::LOAD_FAST, 0);
        } else {
            self.expr(&g.iter)?;
            let old = self.set_loc(self.loc_of(&g.iter));
            self.emit0(Opcode::GET_ITER);
            self.set_loc(old);
        }
        self.bind(start);
        self.emit_jump_op(Opcode::FOR_ITER, anchor);
        self.check_assign_target(&g.target, false)?;
        self.store_target(&g.target)?;
        for cond in &g.ifs {
            self.jump_if(cond, if_cleanup, false)?;
        }
        if i + 1 < gens.len() {
            self.comp_generator(gens, i + 1, kind)?;
        } else {
            let depth = gens.len() as u32 + 1;
            match kind {
                CompKind::Gen(elt) => {
                    self.expr(elt)?;
                    self.emit(Opcode::YIELD_VALUE, 0);
                    self.emit(Opcode::RESUME, 1);
                    self.emit0(Opcode::POP_TOP);
                }
                CompKind::List(elt) => {
                    self.expr(elt)?;
                    self.emit(Opcode::LIST_APPEND, depth);
                }
                CompKind::Set(elt) => {
                    self.expr(elt)?;
                    self.emit(Opcode::SET_ADD, depth);
                }
                CompKind::Dict(k, v) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    self.emit(Opcode::MAP_ADD, depth);
                }
            }
        }
        self.bind(if_cleanup);
        self.jump(start);
        self.bind(anchor);
        Ok(())
    }
}

/// What a comprehension builds.
enum CompKind<'a> {
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
    Gen(&'a Expr),
}
