//! Code generation for statements.
//!
//! Control flow follows CPython 3.13's `compile.c`: loops push frame blocks that `break`,
//! `continue` and `return` unwind (`unwind_fblock`), `try` statements set up handlers and
//! compile the 3.11+ zero-cost exception protocol (`PUSH_EXC_INFO`, `CHECK_EXC_MATCH`,
//! `POP_EXCEPT`, `RERAISE`, and the `COPY 3; POP_EXCEPT; RERAISE 1` cleanup handler).

use crate::code::Constant;
use crate::compile::{CResult, Compiler, Ctx, FBlock};
use crate::symtable::ScopeKind;
use rustpython_parser::ast::{self, Expr, Stmt};
use tracelift_uops::opcode::{BinaryOp, Intrinsic1, Opcode};

pub(crate) fn binop_arg(op: &ast::Operator) -> BinaryOp {
    match op {
        ast::Operator::Add => BinaryOp::Add,
        ast::Operator::Sub => BinaryOp::Subtract,
        ast::Operator::Mult => BinaryOp::Multiply,
        ast::Operator::MatMult => BinaryOp::MatrixMultiply,
        ast::Operator::Div => BinaryOp::TrueDivide,
        ast::Operator::Mod => BinaryOp::Remainder,
        ast::Operator::Pow => BinaryOp::Power,
        ast::Operator::LShift => BinaryOp::Lshift,
        ast::Operator::RShift => BinaryOp::Rshift,
        ast::Operator::BitOr => BinaryOp::Or,
        ast::Operator::BitXor => BinaryOp::Xor,
        ast::Operator::BitAnd => BinaryOp::And,
        ast::Operator::FloorDiv => BinaryOp::FloorDivide,
    }
}

/// What the unwinding of frame blocks saved, to be restored after the final jump.
pub(crate) struct Unwound<'a> {
    fblocks: Vec<FBlock<'a>>,
    hstack: Vec<u32>,
    pub loop_block: Option<FBlock<'a>>,
}

impl<'a> Compiler<'a, '_> {
    pub fn stmts(&mut self, body: &'a [Stmt]) -> CResult {
        body.iter().try_for_each(|s| self.stmt(s))
    }

    pub fn stmt(&mut self, s: &'a Stmt) -> CResult {
        let old = self.set_loc(self.loc_of(s));
        let r = self.stmt_inner(s);
        self.set_loc(old);
        r
    }

    fn stmt_inner(&mut self, s: &'a Stmt) -> CResult {
        match s {
            Stmt::FunctionDef(f) => self.function_def(s, f)?,
            Stmt::ClassDef(c) => self.class_def(s, c)?,
            Stmt::Return(r) => self.return_stmt(s, r)?,
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.delete_target(t)?;
                }
            }
            Stmt::Assign(a) => {
                for t in &a.targets {
                    self.check_assign_target(t, true)?;
                }
                self.expr(&a.value)?;
                let n = a.targets.len();
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < n {
                        self.emit(Opcode::COPY, 1);
                    }
                    self.store_target(t)?;
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a)?,
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.check_assign_target(&a.target, true)?;
                    self.expr(v)?;
                    self.store_target(&a.target)?;
                    self.annotation(a)?;
                } else if let Expr::Name(_) = a.target.as_ref() {
                    self.annotation(a)?;
                } else {
                    self.check_assign_target(&a.target, true)?;
                    match a.target.as_ref() {
                        Expr::Attribute(at) => {
                            self.expr(&at.value)?;
                            self.emit0(Opcode::POP_TOP);
                        }
                        Expr::Subscript(sb) => {
                            self.expr(&sb.value)?;
                            self.emit0(Opcode::POP_TOP);
                            self.expr(&sb.slice)?;
                            self.emit0(Opcode::POP_TOP);
                        }
                        _ => {}
                    }
                }
            }
            Stmt::For(f) => self.for_stmt(f)?,
            Stmt::While(w) => self.while_stmt(w)?,
            Stmt::If(i) => {
                let end = self.new_label();
                let next = if i.orelse.is_empty() { end } else { self.new_label() };
                self.jump_if(&i.test, next, false)?;
                self.stmts(&i.body)?;
                if !i.orelse.is_empty() {
                    self.jump(end);
                    self.bind(next);
                    self.stmts(&i.orelse)?;
                }
                self.bind(end);
            }
            Stmt::Raise(r) => {
                let mut n = 0;
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                    n = 1;
                    if let Some(c) = &r.cause {
                        self.expr(c)?;
                        n = 2;
                    }
                }
                self.emit(Opcode::RAISE_VARARGS, n);
            }
            Stmt::Try(t) => {
                if t.finalbody.is_empty() {
                    self.try_except(t)?;
                } else {
                    self.try_finally(t)?;
                }
            }
            Stmt::Assert(a) => {
                let end = self.new_label();
                self.jump_if(&a.test, end, true)?;
                self.emit0(Opcode::LOAD_ASSERTION_ERROR);
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                    self.emit(Opcode::CALL, 0);
                }
                let old = self.set_loc(self.loc_of(a.test.as_ref()));
                self.emit(Opcode::RAISE_VARARGS, 1);
                self.set_loc(old);
                self.bind(end);
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let old = self.set_loc(self.loc_of(a));
                    self.load_const(Constant::Int(0));
                    self.load_const(Constant::None);
                    let n = self.add_name(a.name.as_str());
                    self.emit(Opcode::IMPORT_NAME, n);
                    let full = a.name.as_str();
                    if let Some(asname) = &a.asname {
                        let parts: Vec<&str> = full.split('.').collect();
                        if parts.len() > 1 {
                            for (k, attr) in parts[1..].iter().enumerate() {
                                let n = self.add_name(attr);
                                self.emit(Opcode::IMPORT_FROM, n);
                                if k + 2 < parts.len() {
                                    self.emit(Opcode::SWAP, 2);
                                    self.emit0(Opcode::POP_TOP);
                                }
                            }
                            self.nameop(asname.as_str(), Ctx::Store)?;
                            self.emit0(Opcode::POP_TOP);
                        } else {
                            self.nameop(asname.as_str(), Ctx::Store)?;
                        }
                    } else {
                        let top = full.split('.').next().unwrap_or(full);
                        self.nameop(top, Ctx::Store)?;
                    }
                    self.set_loc(old);
                }
            }
            Stmt::ImportFrom(i) => {
                let level = i.level.as_ref().map_or(0, |l| l.to_u32());
                self.load_const(Constant::Int(level as i64));
                let names: Vec<Constant> = i.names.iter().map(|a| Constant::Str(a.name.to_string())).collect();
                self.load_const(Constant::Tuple(names));
                let m = i.module.as_ref().map_or("", |m| m.as_str());
                let n = self.add_name(m);
                self.emit(Opcode::IMPORT_NAME, n);
                for a in &i.names {
                    let old = self.set_loc(self.loc_of(a));
                    if a.name.as_str() == "*" {
                        self.intrinsic(Intrinsic1::ImportStar);
                        self.emit0(Opcode::POP_TOP);
                        self.set_loc(old);
                        return Ok(());
                    }
                    let n = self.add_name(a.name.as_str());
                    self.emit(Opcode::IMPORT_FROM, n);
                    let store = a.asname.as_ref().unwrap_or(&a.name);
                    self.nameop(store.as_str(), Ctx::Store)?;
                    self.set_loc(old);
                }
                self.emit0(Opcode::POP_TOP);
            }
            Stmt::Global(_) | Stmt::Nonlocal(_) | Stmt::Pass(_) => {}
            Stmt::Expr(e) => {
                if matches!(*e.value, Expr::Constant(_)) {
                    return Ok(());
                }
                self.expr(&e.value)?;
                self.emit0(Opcode::POP_TOP);
            }
            Stmt::Break(_) => {
                let uw = self.unwind_stack(false, true)?;
                let Some(FBlock::ForLoop { exit, .. } | FBlock::WhileLoop { exit, .. }) = uw.loop_block.clone() else {
                    self.restore(uw);
                    return Err(self.syntax_at("'break' outside loop", s));
                };
                if matches!(uw.loop_block, Some(FBlock::ForLoop { .. })) {
                    self.emit0(Opcode::POP_TOP);
                }
                self.jump(exit);
                self.restore(uw);
            }
            Stmt::Continue(_) => {
                let uw = self.unwind_stack(false, true)?;
                let Some(FBlock::ForLoop { start, .. } | FBlock::WhileLoop { start, .. }) = uw.loop_block.clone()
                else {
                    self.restore(uw);
                    return Err(self.syntax_at("'continue' not properly in loop", s));
                };
                self.jump(start);
                self.restore(uw);
            }
            Stmt::AsyncFunctionDef(f) => self.async_function_def(s, f)?,
            Stmt::AsyncFor(_) => return Err(self.unsupported("async for statement", s)),
            Stmt::AsyncWith(_) => return Err(self.unsupported("async with statement", s)),
            Stmt::With(w) => self.with_stmt(w, 0)?,
            Stmt::Match(_) => return Err(self.unsupported("match statement", s)),
            Stmt::TryStar(_) => return Err(self.unsupported("try/except* statement", s)),
            Stmt::TypeAlias(_) => return Err(self.unsupported("type statement", s)),
        }
        Ok(())
    }

    fn return_stmt(&mut self, s: &'a Stmt, r: &'a ast::StmtReturn) -> CResult {
        if !self.ur().kind.is_function_like() {
            return Err(self.syntax_at("'return' outside function", s));
        }
        let constant = match r.value.as_deref() {
            None => Some(Constant::None),
            Some(v @ Expr::Constant(c)) => Some(self.constant(&c.value, v)?),
            Some(_) => None,
        };
        let preserve = constant.is_none();
        if let (true, Some(v)) = (preserve, &r.value) {
            self.expr(v)?;
        }
        let uw = self.unwind_stack(preserve, false)?;
        match constant {
            Some(c) => {
                let i = self.add_const(c);
                self.emit(Opcode::RETURN_CONST, i);
            }
            None => self.emit0(Opcode::RETURN_VALUE),
        }
        self.restore(uw);
        Ok(())
    }

    /// Unwinds frame blocks (innermost first) up to the function boundary, or up to the
    /// innermost loop when `to_loop`. The caller emits its jump/return, then calls
    /// [`Compiler::restore`].
    pub(crate) fn unwind_stack(&mut self, preserve_tos: bool, to_loop: bool) -> CResult<Unwound<'a>> {
        let saved_f = self.ur().fblocks.clone();
        let saved_h = self.ur().hstack.clone();
        let mut loop_block = None;
        while let Some(top) = self.ur().fblocks.last().cloned() {
            if to_loop && matches!(top, FBlock::WhileLoop { .. } | FBlock::ForLoop { .. }) {
                loop_block = Some(top);
                break;
            }
            self.u().fblocks.pop();
            self.unwind_fblock(&top, preserve_tos)?;
        }
        Ok(Unwound { fblocks: saved_f, hstack: saved_h, loop_block })
    }

    pub(crate) fn restore(&mut self, uw: Unwound<'a>) {
        let u = self.u();
        u.fblocks = uw.fblocks;
        u.hstack = uw.hstack;
    }

    fn unwind_fblock(&mut self, b: &FBlock<'a>, preserve_tos: bool) -> CResult {
        match b {
            FBlock::WhileLoop { .. } | FBlock::ExceptionHandler => {}
            FBlock::ForLoop { .. } | FBlock::PopValue => {
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.emit0(Opcode::POP_TOP);
            }
            FBlock::TryExcept => self.pop_block(),
            FBlock::With { loc } => {
                self.pop_block();
                let old = self.set_loc(*loc);
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.call_exit_with_nones();
                self.emit0(Opcode::POP_TOP);
                self.set_loc(old);
            }
            FBlock::FinallyTry { body } => {
                self.pop_block();
                if preserve_tos {
                    self.u().fblocks.push(FBlock::PopValue);
                }
                self.stmts(body)?;
                if preserve_tos {
                    self.u().fblocks.pop();
                }
            }
            FBlock::FinallyEnd => {
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.emit0(Opcode::POP_TOP);
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.pop_block();
                self.emit0(Opcode::POP_EXCEPT);
            }
            FBlock::HandlerCleanup { name } => {
                if name.is_some() {
                    self.pop_block();
                }
                if preserve_tos {
                    self.emit(Opcode::SWAP, 2);
                }
                self.pop_block();
                self.emit0(Opcode::POP_EXCEPT);
                if let Some(n) = name {
                    self.load_const(Constant::None);
                    self.nameop(n, Ctx::Store)?;
                    self.nameop(n, Ctx::Del)?;
                }
            }
        }
        Ok(())
    }

    fn for_stmt(&mut self, f: &'a ast::StmtFor) -> CResult {
        self.check_assign_target(&f.target, false)?;
        let start = self.new_label();
        let cleanup = self.new_label();
        let end = self.new_label();
        self.expr(&f.iter)?;
        let old = self.set_loc(self.loc_of(f.iter.as_ref()));
        self.emit0(Opcode::GET_ITER);
        self.bind(start);
        self.emit_jump_op(Opcode::FOR_ITER, cleanup);
        self.set_loc(old);
        self.u().fblocks.push(FBlock::ForLoop { start, exit: end });
        self.store_target(&f.target)?;
        self.stmts(&f.body)?;
        self.jump(start);
        self.u().fblocks.pop();
        self.bind(cleanup);
        self.stmts(&f.orelse)?;
        self.bind(end);
        Ok(())
    }

    fn while_stmt(&mut self, w: &'a ast::StmtWhile) -> CResult {
        let start = self.new_label();
        let anchor = self.new_label();
        let end = self.new_label();
        self.bind(start);
        self.u().fblocks.push(FBlock::WhileLoop { start, exit: end });
        self.jump_if(&w.test, anchor, false)?;
        self.stmts(&w.body)?;
        self.jump(start);
        self.u().fblocks.pop();
        self.bind(anchor);
        self.stmts(&w.orelse)?;
        self.bind(end);
        Ok(())
    }

    fn try_finally(&mut self, t: &'a ast::StmtTry) -> CResult {
        let end = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.setup(end, false);
        self.u().fblocks.push(FBlock::FinallyTry { body: &t.finalbody });
        if t.handlers.is_empty() {
            self.stmts(&t.body)?;
        } else {
            self.try_except(t)?;
        }
        self.pop_block();
        self.u().fblocks.pop();
        self.stmts(&t.finalbody)?;
        self.jump(exit);
        // Exceptional path: run the finally body with the exception saved, then re-raise.
        self.bind(end);
        self.setup(cleanup, true);
        self.emit0(Opcode::PUSH_EXC_INFO);
        self.u().fblocks.push(FBlock::FinallyEnd);
        self.stmts(&t.finalbody)?;
        self.u().fblocks.pop();
        self.emit(Opcode::RERAISE, 0);
        self.pop_block();
        self.bind(cleanup);
        self.pop_except_and_reraise();
        self.bind(exit);
        Ok(())
    }

    /// The annotation of `x: T` in a module or class body (CPython's `compiler_annassign`):
    /// a simple name's goes into `__annotations__`, evaluated, or as its source text under
    /// `from __future__ import annotations`; another target's is evaluated and dropped.
    /// Function bodies never evaluate annotations.
    fn annotation(&mut self, a: &'a ast::StmtAnnAssign) -> CResult {
        if !matches!(self.ur().kind, ScopeKind::Module | ScopeKind::Class) {
            return Ok(());
        }
        let future = self.future_annotations;
        if future {
            // CPython's `ast.unparse` of the annotation.
            let text = a.annotation.to_string();
            if !a.simple {
                return Ok(());
            }
            self.load_const(Constant::Str(text));
        } else {
            self.expr(&a.annotation)?;
            if !a.simple {
                self.emit0(Opcode::POP_TOP);
                return Ok(());
            }
        }
        let Expr::Name(n) = a.target.as_ref() else {
            return Err(self.internal("a simple annotation target is a name"));
        };
        self.nameop("__annotations__", Ctx::Load)?;
        let name = self.mangle(n.id.as_str());
        self.load_const(Constant::Str(name));
        self.emit0(Opcode::STORE_SUBSCR);
        Ok(())
    }

    /// `with A as a, B as b: body` (CPython's `compiler_with`): item `pos` and the ones after
    /// it, nested. The body's normal end calls `__exit__(None, None, None)`; an exception
    /// calls `__exit__(type, value, tb)` in the handler, and a true result suppresses it.
    fn with_stmt(&mut self, w: &'a ast::StmtWith, pos: usize) -> CResult {
        let item = &w.items[pos];
        let fin = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.expr(&item.context_expr)?;
        let loc = self.loc_of(&item.context_expr);
        let old = self.set_loc(loc);
        self.emit0(Opcode::BEFORE_WITH);
        self.setup_with(fin);
        let wloc = self.loc_of(w);
        self.u().fblocks.push(FBlock::With { loc: wloc });
        match &item.optional_vars {
            Some(target) => {
                self.check_assign_target(target, false)?;
                self.store_target(target)?;
            }
            None => self.emit0(Opcode::POP_TOP),
        }
        if pos + 1 == w.items.len() {
            self.stmts(&w.body)?;
        } else {
            self.with_stmt(w, pos + 1)?;
        }
        self.pop_block();
        self.u().fblocks.pop();
        self.set_loc(self.loc_of(w));
        self.call_exit_with_nones();
        self.emit0(Opcode::POP_TOP);
        self.jump(exit);
        // The body raised: [.., __exit__, lasti, exc].
        self.bind(fin);
        self.setup(cleanup, true);
        self.emit0(Opcode::PUSH_EXC_INFO);
        self.emit0(Opcode::WITH_EXCEPT_START);
        let suppress = self.new_label();
        self.emit0(Opcode::TO_BOOL);
        self.emit_jump_op(Opcode::POP_JUMP_IF_TRUE, suppress);
        self.emit(Opcode::RERAISE, 2);
        self.bind(suppress);
        self.emit0(Opcode::POP_TOP);
        self.pop_block();
        self.emit0(Opcode::POP_EXCEPT);
        self.emit0(Opcode::POP_TOP);
        self.emit0(Opcode::POP_TOP);
        self.jump(exit);
        self.bind(cleanup);
        self.pop_except_and_reraise();
        self.bind(exit);
        self.set_loc(old);
        Ok(())
    }

    /// `__exit__(None, None, None)` of the bound `__exit__` on top: the first None takes
    /// the place of `self` in the call's layout, as in CPython.
    fn call_exit_with_nones(&mut self) {
        self.load_const(Constant::None);
        self.load_const(Constant::None);
        self.load_const(Constant::None);
        self.emit(Opcode::CALL, 2);
    }

    fn pop_except_and_reraise(&mut self) {
        self.emit(Opcode::COPY, 3);
        self.emit0(Opcode::POP_EXCEPT);
        self.emit(Opcode::RERAISE, 1);
    }

    fn try_except(&mut self, t: &'a ast::StmtTry) -> CResult {
        let except = self.new_label();
        let end = self.new_label();
        let cleanup = self.new_label();
        self.setup(except, false);
        self.u().fblocks.push(FBlock::TryExcept);
        self.stmts(&t.body)?;
        self.u().fblocks.pop();
        self.pop_block();
        self.stmts(&t.orelse)?;
        self.jump(end);

        self.bind(except);
        self.setup(cleanup, true);
        let Some(cleanup_h) = self.top_handler() else {
            return Err(self.internal("handler"));
        };
        self.emit0(Opcode::PUSH_EXC_INFO);
        self.u().fblocks.push(FBlock::ExceptionHandler);
        let n = t.handlers.len();
        for (i, h) in t.handlers.iter().enumerate() {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            let old = self.set_loc(self.loc_of(h));
            if h.type_.is_none() && i + 1 < n {
                return Err(self.syntax_at("default 'except:' must be last", h));
            }
            let next = self.new_label();
            if let Some(ty) = &h.type_ {
                self.expr(ty)?;
                self.emit0(Opcode::CHECK_EXC_MATCH);
                self.emit_jump_op(Opcode::POP_JUMP_IF_FALSE, next);
            }
            if let Some(name) = &h.name {
                let cleanup_end = self.new_label();
                self.nameop(name.as_str(), Ctx::Store)?;
                self.setup(cleanup_end, true);
                self.u().fblocks.push(FBlock::HandlerCleanup { name: Some(name.to_string()) });
                self.stmts(&h.body)?;
                self.u().fblocks.pop();
                self.pop_block();
                self.pop_block();
                self.emit0(Opcode::POP_EXCEPT);
                self.load_const(Constant::None);
                self.nameop(name.as_str(), Ctx::Store)?;
                self.nameop(name.as_str(), Ctx::Del)?;
                self.jump(end);
                self.repush_handler(cleanup_h);
                self.bind(cleanup_end);
                self.load_const(Constant::None);
                self.nameop(name.as_str(), Ctx::Store)?;
                self.nameop(name.as_str(), Ctx::Del)?;
                self.emit(Opcode::RERAISE, 1);
            } else {
                self.emit0(Opcode::POP_TOP);
                self.u().fblocks.push(FBlock::HandlerCleanup { name: None });
                self.stmts(&h.body)?;
                self.u().fblocks.pop();
                self.pop_block();
                self.emit0(Opcode::POP_EXCEPT);
                self.jump(end);
                self.repush_handler(cleanup_h);
            }
            self.bind(next);
            self.set_loc(old);
        }
        self.u().fblocks.pop();
        self.emit(Opcode::RERAISE, 0);
        self.pop_block();
        self.bind(cleanup);
        self.pop_except_and_reraise();
        self.bind(end);
        Ok(())
    }

    fn aug_assign(&mut self, a: &'a ast::StmtAugAssign) -> CResult {
        let what = match a.target.as_ref() {
            Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) => None,
            Expr::Tuple(_) => Some("tuple"),
            Expr::List(_) => Some("list"),
            other => Some(expr_kind_name(other)),
        };
        if let Some(w) = what {
            return Err(
                self.syntax_at(format!("'{w}' is an illegal expression for augmented assignment"), a.target.as_ref())
            );
        }
        let op = binop_arg(&a.op) as u32 + BinaryOp::INPLACE_OFFSET;
        let tloc = self.loc_of(a.target.as_ref());
        match a.target.as_ref() {
            Expr::Name(n) => {
                self.nameop(n.id.as_str(), Ctx::Load)?;
                self.expr(&a.value)?;
                self.emit(Opcode::BINARY_OP, op);
                let old = self.set_loc(tloc);
                self.nameop(n.id.as_str(), Ctx::Store)?;
                self.set_loc(old);
            }
            Expr::Attribute(at) => {
                self.expr(&at.value)?;
                let old = self.set_loc(self.attr_loc(at));
                self.emit(Opcode::COPY, 1);
                let n = self.add_name(&self.mangle(at.attr.as_str()));
                self.emit(Opcode::LOAD_ATTR, n << 1);
                self.set_loc(old);
                self.expr(&a.value)?;
                self.emit(Opcode::BINARY_OP, op);
                let old = self.set_loc(self.attr_loc(at));
                self.emit(Opcode::SWAP, 2);
                self.emit(Opcode::STORE_ATTR, n);
                self.set_loc(old);
            }
            Expr::Subscript(sb) => {
                self.expr(&sb.value)?;
                let old = self.set_loc(tloc);
                let two = self.two_part_slice(&sb.slice)?;
                if two {
                    self.emit(Opcode::COPY, 3);
                    self.emit(Opcode::COPY, 3);
                    self.emit(Opcode::COPY, 3);
                    self.emit0(Opcode::BINARY_SLICE);
                } else {
                    self.expr(&sb.slice)?;
                    self.emit(Opcode::COPY, 2);
                    self.emit(Opcode::COPY, 2);
                    self.emit0(Opcode::BINARY_SUBSCR);
                }
                self.set_loc(old);
                self.expr(&a.value)?;
                self.emit(Opcode::BINARY_OP, op);
                let old = self.set_loc(tloc);
                if two {
                    self.emit(Opcode::SWAP, 4);
                    self.emit(Opcode::SWAP, 3);
                    self.emit(Opcode::SWAP, 2);
                    self.emit0(Opcode::STORE_SLICE);
                } else {
                    self.emit(Opcode::SWAP, 3);
                    self.emit(Opcode::SWAP, 2);
                    self.emit0(Opcode::STORE_SUBSCR);
                }
                self.set_loc(old);
            }
            _ => {}
        }
        Ok(())
    }

    /// For `x[a:b]` (no step): pushes `a` and `b` (None when missing) and returns true.
    /// Otherwise pushes nothing and returns false.
    pub(crate) fn two_part_slice(&mut self, slice: &'a Expr) -> CResult<bool> {
        if let Expr::Slice(s) = slice
            && s.step.is_none()
        {
            for p in [&s.lower, &s.upper] {
                match p {
                    Some(e) => self.expr(e)?,
                    None => self.load_const(Constant::None),
                }
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// Rejects targets the parser lets through (`f() = 1`, `1 = x`).
    pub(crate) fn check_assign_target(&self, t: &Expr, top: bool) -> CResult {
        match t {
            Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) => Ok(()),
            Expr::Tuple(x) => x.elts.iter().try_for_each(|e| self.check_assign_target(e, false)),
            Expr::List(x) => x.elts.iter().try_for_each(|e| self.check_assign_target(e, false)),
            Expr::Starred(s) => self.check_assign_target(&s.value, false),
            other => {
                let what = match other {
                    Expr::Constant(c) => match &c.value {
                        ast::Constant::None => "None",
                        ast::Constant::Bool(true) => "True",
                        ast::Constant::Bool(false) => "False",
                        ast::Constant::Ellipsis => "ellipsis",
                        _ => "literal",
                    },
                    o => expr_kind_name(o),
                };
                let msg = if top && !matches!(what, "None" | "True" | "False" | "named expression") {
                    format!("cannot assign to {what} here. Maybe you meant '==' instead of '='?")
                } else {
                    format!("cannot assign to {what}")
                };
                Err(self.syntax_at(msg, other))
            }
        }
    }

    /// Stores the value on top of the stack into an assignment target.
    pub(crate) fn store_target(&mut self, t: &'a Expr) -> CResult {
        let old = self.set_loc(self.loc_of(t));
        let r = self.store_target_inner(t);
        self.set_loc(old);
        r
    }

    fn store_target_inner(&mut self, t: &'a Expr) -> CResult {
        match t {
            Expr::Name(n) => self.nameop(n.id.as_str(), Ctx::Store),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                self.set_loc(self.attr_loc(a));
                let n = self.add_name(&self.mangle(a.attr.as_str()));
                self.emit(Opcode::STORE_ATTR, n);
                Ok(())
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                if self.two_part_slice(&s.slice)? {
                    self.emit0(Opcode::STORE_SLICE);
                } else {
                    self.expr(&s.slice)?;
                    self.emit0(Opcode::STORE_SUBSCR);
                }
                Ok(())
            }
            Expr::Tuple(x) => self.unpack(t, &x.elts),
            Expr::List(x) => self.unpack(t, &x.elts),
            Expr::Starred(_) => Err(self.syntax_at("starred assignment target must be in a list or tuple", t)),
            other => {
                self.check_assign_target(other, false)?;
                Ok(())
            }
        }
    }

    fn unpack(&mut self, t: &Expr, elts: &'a [Expr]) -> CResult {
        let n = elts.len();
        let mut seen = false;
        for (i, e) in elts.iter().enumerate() {
            if matches!(e, Expr::Starred(_)) {
                if seen {
                    return Err(self.syntax_at("multiple starred expressions in assignment", e));
                }
                let after = n - i - 1;
                if i >= 256 || after >= (1 << 16) {
                    return Err(self.syntax_at("too many expressions in star-unpacking assignment", e));
                }
                self.emit(Opcode::UNPACK_EX, (i as u32) | ((after as u32) << 8));
                seen = true;
            }
        }
        if !seen {
            self.emit(Opcode::UNPACK_SEQUENCE, n as u32);
        }
        let _ = t;
        for e in elts {
            match e {
                Expr::Starred(s) => self.store_target(&s.value)?,
                other => self.store_target(other)?,
            }
        }
        Ok(())
    }

    fn delete_target(&mut self, t: &'a Expr) -> CResult {
        let old = self.set_loc(self.loc_of(t));
        let r = self.delete_inner(t);
        self.set_loc(old);
        r
    }

    fn delete_inner(&mut self, t: &'a Expr) -> CResult {
        match t {
            Expr::Name(n) => self.nameop(n.id.as_str(), Ctx::Del),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                self.set_loc(self.attr_loc(a));
                let n = self.add_name(&self.mangle(a.attr.as_str()));
                self.emit(Opcode::DELETE_ATTR, n);
                Ok(())
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit0(Opcode::DELETE_SUBSCR);
                Ok(())
            }
            Expr::Tuple(x) => x.elts.iter().try_for_each(|e| self.delete_target(e)),
            Expr::List(x) => x.elts.iter().try_for_each(|e| self.delete_target(e)),
            other => {
                let what = match other {
                    Expr::Constant(c) => match &c.value {
                        ast::Constant::None => "None",
                        ast::Constant::Bool(true) => "True",
                        ast::Constant::Bool(false) => "False",
                        _ => "literal",
                    },
                    Expr::Starred(_) => "starred",
                    o => expr_kind_name(o),
                };
                Err(self.syntax_at(format!("cannot delete {what}"), other))
            }
        }
    }

    /// Position of the attribute name in `a.b` (CPython points errors there).
    pub(crate) fn attr_loc(&self, a: &ast::ExprAttribute) -> crate::error::Loc {
        let end = a.range.end();
        let len = a.attr.as_str().len() as u32;
        let start = u32::from(end).saturating_sub(len);
        self.index.loc(start.into())
    }

    /// Is the current unit a module or class body (no `return`/`yield` allowed)?
    pub(crate) fn in_function(&self) -> bool {
        !matches!(self.ur().kind, ScopeKind::Module | ScopeKind::Class)
    }
}

/// The noun CPython uses for an expression in "cannot assign to ..." messages.
pub(crate) fn expr_kind_name(e: &Expr) -> &'static str {
    match e {
        Expr::Call(_) => "function call",
        Expr::Compare(_) => "comparison",
        Expr::BinOp(_) | Expr::UnaryOp(_) | Expr::BoolOp(_) => "expression",
        Expr::Lambda(_) => "lambda",
        Expr::IfExp(_) => "conditional expression",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::GeneratorExp(_) => "generator expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::Await(_) => "await expression",
        Expr::JoinedStr(_) | Expr::FormattedValue(_) => "f-string expression",
        Expr::NamedExpr(_) => "named expression",
        Expr::Constant(_) => "literal",
        Expr::Slice(_) => "slice",
        Expr::Starred(_) => "starred",
        Expr::Tuple(_) => "tuple",
        Expr::List(_) => "list",
        Expr::Name(_) => "name",
        Expr::Attribute(_) => "attribute",
        Expr::Subscript(_) => "subscript",
    }
}
