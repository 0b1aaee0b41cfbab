//! Code generator core: compile units, emission, names, scopes and function objects.
//!
//! The compiler walks the AST once per code object (a *unit*: module, class body, function,
//! lambda or comprehension) and appends pseudo-instructions to the unit: real opcodes, labels,
//! symbolic jumps and `Setup` markers for exception handlers. Every instruction remembers its
//! source location and its innermost exception handler (the unit's handler stack at emission
//! time, as CPython's `SETUP_*`/`POP_BLOCK` pseudo-ops would leave it). The assembler
//! (`assemble.rs`) turns a finished unit into a [`CodeObject`].
//!
//! Statements are in `compile_stmt.rs`, expressions in `compile_expr.rs`.

use crate::assemble;
use crate::code::{CodeObject, Constant, kinds};
use crate::error::{CompileError, LineIndex, Loc};
use crate::symtable::{Resolved, ScopeKind, SymbolTable, mangle};
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::collections::HashMap;
use tracelift_uops::opcode::{Intrinsic1, Opcode};

pub(crate) type CResult<T = ()> = Result<T, CompileError>;

/// A label id within a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Label(pub u32);

/// What a pseudo-instruction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A real instruction.
    Op(Opcode),
    /// An unconditional jump; becomes `JUMP_FORWARD` or `JUMP_BACKWARD`.
    Jump,
    /// `JUMP_BACKWARD_NO_INTERRUPT` (the `yield from` loop).
    JumpNoInterrupt,
    /// Where a label is bound (no code).
    Label(u32),
    /// Exception handler `arg` becomes active here; its depth is the stack depth here.
    Setup(u32),
}

/// One pseudo-instruction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Instr {
    pub kind: Kind,
    pub arg: u32,
    /// Jump target label for jumps (`Jump`, conditional jumps, `FOR_ITER`, `SEND`).
    pub target: Option<u32>,
    pub loc: Loc,
    /// Innermost active exception handler.
    pub handler: Option<u32>,
}

/// An exception handler of a unit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Handler {
    pub label: u32,
    pub lasti: bool,
    /// Stack items at the setup that the handler unwinds below (1 for CPython's
    /// `SETUP_WITH`: the `__enter__` result, which the body's first store takes).
    pub below: u8,
}

/// Frame blocks, as CPython's `fblockinfo`: what `break`/`continue`/`return` must unwind.
#[derive(Clone, Debug)]
pub(crate) enum FBlock<'a> {
    WhileLoop {
        start: Label,
        exit: Label,
    },
    ForLoop {
        start: Label,
        exit: Label,
    },
    TryExcept,
    FinallyTry {
        body: &'a [Stmt],
    },
    FinallyEnd,
    ExceptionHandler,
    HandlerCleanup {
        name: Option<String>,
    },
    PopValue,
    /// A `with` body: leaving it calls `__exit__(None, None, None)`.
    With {
        loc: Loc,
    },
}

/// A code object being compiled.
pub(crate) struct Unit<'a> {
    pub kind: ScopeKind,
    pub scope: usize,
    pub name: String,
    pub qualname: String,
    pub firstlineno: u32,
    pub argcount: u32,
    pub posonlyargcount: u32,
    pub kwonlyargcount: u32,
    pub flags: u32,
    pub instrs: Vec<Instr>,
    pub nlabels: u32,
    pub consts: Vec<Constant>,
    /// Index of each constant by its [`const_key`], so that adding one is O(1).
    pub const_index: HashMap<String, u32>,
    pub names: Vec<String>,
    /// Index of each name in `names`.
    pub name_index: HashMap<String, u32>,
    pub localsplusnames: Vec<String>,
    pub localspluskinds: Vec<u8>,
    pub handlers: Vec<Handler>,
    pub hstack: Vec<u32>,
    pub fblocks: Vec<FBlock<'a>>,
    pub loc: Loc,
    pub private: Option<String>,
    /// Label of the generator's StopIteration handler, if any.
    pub gen_handler: Option<Label>,
}

/// How a name is accessed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ctx {
    Load,
    Store,
    Del,
}

/// The compiler: a stack of units plus the module-wide symbol table.
pub(crate) struct Compiler<'a, 'src> {
    pub table: SymbolTable,
    pub index: &'a LineIndex<'src>,
    pub filename: String,
    pub units: Vec<Unit<'a>>,
    /// `from __future__ import annotations`: module and class annotations are stored as
    /// their source text, not evaluated.
    pub future_annotations: bool,
}

/// Keys compared for constant de-duplication: `0.0` and `-0.0` stay apart, `1` and `True` too.
/// A key under which equal constants are shared (`None` for code objects, which never are).
/// Floats are keyed by their bits, so `0.0` and `-0.0` stay distinct, and every variant is
/// tagged so that `1`, `1.0` and `True` stay distinct, as in CPython's `_PyCode_ConstantKey`.
fn const_key(c: &Constant) -> Option<String> {
    Some(match c {
        Constant::None => "N".into(),
        Constant::Bool(b) => format!("B{b}"),
        Constant::Int(i) => format!("I{i}"),
        Constant::BigInt(s) => format!("L{s}"),
        Constant::Float(f) => format!("F{:x}", f.to_bits()),
        Constant::Str(s) => format!("S{}:{s}", s.len()),
        Constant::Bytes(b) => format!("Y{}:{}", b.len(), b.iter().map(|x| format!("{x:02x}")).collect::<String>()),
        Constant::Ellipsis => "E".into(),
        Constant::Code(_) => return None,
        Constant::Tuple(items) => {
            let mut k = format!("T{}(", items.len());
            for it in items {
                k.push_str(&const_key(it)?);
                k.push(',');
            }
            k.push(')');
            k
        }
        Constant::FrozenSet(items) => {
            let mut k = format!("Z{}(", items.len());
            for it in items {
                k.push_str(&const_key(it)?);
                k.push(',');
            }
            k.push(')');
            k
        }
    })
}

impl<'a, 'src> Compiler<'a, 'src> {
    pub fn new(table: SymbolTable, index: &'a LineIndex<'src>, filename: &str) -> Self {
        Compiler { table, index, filename: filename.to_string(), units: Vec::new(), future_annotations: false }
    }

    // ----- errors and locations -------------------------------------------------------------

    pub fn loc_of(&self, node: &impl Ranged) -> Loc {
        self.index.loc(node.start())
    }

    pub fn syntax_at(&self, msg: impl Into<String>, node: &impl Ranged) -> CompileError {
        self.index.syntax(msg, self.loc_of(node))
    }

    pub fn unsupported(&self, what: &str, node: &impl Ranged) -> CompileError {
        self.index.unsupported(what, self.loc_of(node))
    }

    pub fn internal(&self, what: &str) -> CompileError {
        let loc = self.units.last().map(|u| u.loc).unwrap_or_default();
        self.index.unsupported(format!("internal compiler error: {what}"), loc)
    }

    // ----- unit access ----------------------------------------------------------------------

    pub fn u(&mut self) -> &mut Unit<'a> {
        let n = self.units.len();
        &mut self.units[n - 1]
    }

    pub fn ur(&self) -> &Unit<'a> {
        &self.units[self.units.len() - 1]
    }

    pub fn set_loc(&mut self, loc: Loc) -> Loc {
        std::mem::replace(&mut self.u().loc, loc)
    }

    // ----- emission -------------------------------------------------------------------------

    fn push_instr(&mut self, kind: Kind, arg: u32, target: Option<u32>) {
        let u = self.u();
        let handler = u.hstack.last().copied();
        let loc = u.loc;
        u.instrs.push(Instr { kind, arg, target, loc, handler });
    }

    pub fn emit(&mut self, op: Opcode, arg: u32) {
        self.push_instr(Kind::Op(op), arg, None);
    }

    pub fn emit0(&mut self, op: Opcode) {
        self.emit(op, 0);
    }

    /// A conditional jump, `FOR_ITER` or `SEND` to `label`.
    pub fn emit_jump_op(&mut self, op: Opcode, label: Label) {
        self.push_instr(Kind::Op(op), 0, Some(label.0));
    }

    /// An unconditional jump (direction decided by the assembler).
    pub fn jump(&mut self, label: Label) {
        self.push_instr(Kind::Jump, 0, Some(label.0));
    }

    pub fn jump_no_interrupt(&mut self, label: Label) {
        self.push_instr(Kind::JumpNoInterrupt, 0, Some(label.0));
    }

    pub fn new_label(&mut self) -> Label {
        let u = self.u();
        u.nlabels += 1;
        Label(u.nlabels - 1)
    }

    pub fn bind(&mut self, label: Label) {
        self.push_instr(Kind::Label(label.0), 0, None);
    }

    /// `SETUP_FINALLY` (lasti false) / `SETUP_CLEANUP` (lasti true): makes `label` the
    /// innermost handler from here on.
    pub fn setup(&mut self, label: Label, lasti: bool) {
        let u = self.u();
        let id = u.handlers.len() as u32;
        u.handlers.push(Handler { label: label.0, lasti, below: 0 });
        self.push_instr(Kind::Setup(id), 0, None);
        self.u().hstack.push(id);
    }

    /// CPython's `SETUP_WITH`: a handler (with `lasti`) that unwinds to the depth below the
    /// `__enter__` result on top, keeping the bound `__exit__` under it.
    pub fn setup_with(&mut self, label: Label) {
        self.setup(label, true);
        let u = self.u();
        if let Some(h) = u.handlers.last_mut() {
            h.below = 1;
        }
    }

    /// `POP_BLOCK`.
    pub fn pop_block(&mut self) {
        self.u().hstack.pop();
    }

    /// Makes an already set-up handler innermost again (code reached only through it).
    pub fn repush_handler(&mut self, h: u32) {
        self.u().hstack.push(h);
    }

    pub fn top_handler(&self) -> Option<u32> {
        self.ur().hstack.last().copied()
    }

    pub fn add_const(&mut self, c: Constant) -> u32 {
        let u = self.u();
        let key = const_key(&c);
        if let Some(k) = &key
            && let Some(&i) = u.const_index.get(k)
        {
            return i;
        }
        u.consts.push(c);
        let i = (u.consts.len() - 1) as u32;
        if let Some(k) = key {
            u.const_index.insert(k, i);
        }
        i
    }

    pub fn load_const(&mut self, c: Constant) {
        let i = self.add_const(c);
        self.emit(Opcode::LOAD_CONST, i);
    }

    pub fn add_name(&mut self, name: &str) -> u32 {
        let u = self.u();
        if let Some(&i) = u.name_index.get(name) {
            return i;
        }
        u.names.push(name.to_string());
        let i = (u.names.len() - 1) as u32;
        u.name_index.insert(name.to_string(), i);
        i
    }

    pub fn mangle(&self, name: &str) -> String {
        mangle(self.ur().private.as_deref(), name)
    }

    pub fn intrinsic(&mut self, i: Intrinsic1) {
        self.emit(Opcode::CALL_INTRINSIC_1, i as u32);
    }

    // ----- names ----------------------------------------------------------------------------

    fn slot(&self, name: &str) -> CResult<u32> {
        self.ur()
            .localsplusnames
            .iter()
            .position(|n| n == name)
            .map(|i| i as u32)
            .ok_or_else(|| self.internal(&format!("no slot for '{name}'")))
    }

    /// Emits the load/store/delete of a name, resolved as CPython's `compiler_nameop`.
    /// With `call` (loads only), a global load pushes the null of a call and `true` is returned.
    pub fn nameop_ex(&mut self, name: &str, ctx: Ctx, call: bool) -> CResult<bool> {
        let m = self.mangle(name);
        let (kind, scope) = (self.ur().kind, self.ur().scope);
        let r = self.table.scopes[scope].resolve(&m);
        let fl = kind.is_function_like();
        enum How {
            Fast,
            Deref,
            Global,
            Name,
        }
        let how = match r {
            Resolved::Free | Resolved::Cell => How::Deref,
            Resolved::Local if fl => How::Fast,
            Resolved::GlobalImplicit if fl => How::Global,
            Resolved::GlobalExplicit if kind != ScopeKind::Module => How::Global,
            _ => How::Name,
        };
        let mut pushed_null = false;
        match how {
            How::Fast => {
                let i = self.slot(&m)?;
                let op = match ctx {
                    Ctx::Load => Opcode::LOAD_FAST,
                    Ctx::Store => Opcode::STORE_FAST,
                    Ctx::Del => Opcode::DELETE_FAST,
                };
                self.emit(op, i);
            }
            How::Deref => {
                let i = self.slot(&m)?;
                let op = match ctx {
                    Ctx::Load => Opcode::LOAD_DEREF,
                    Ctx::Store => Opcode::STORE_DEREF,
                    Ctx::Del => Opcode::DELETE_DEREF,
                };
                self.emit(op, i);
            }
            How::Global => {
                let i = self.add_name(&m);
                match ctx {
                    Ctx::Load => {
                        pushed_null = call;
                        self.emit(Opcode::LOAD_GLOBAL, (i << 1) | call as u32);
                    }
                    Ctx::Store => self.emit(Opcode::STORE_GLOBAL, i),
                    Ctx::Del => self.emit(Opcode::DELETE_GLOBAL, i),
                }
            }
            How::Name => {
                let i = self.add_name(&m);
                let op = match ctx {
                    Ctx::Load => Opcode::LOAD_NAME,
                    Ctx::Store => Opcode::STORE_NAME,
                    Ctx::Del => Opcode::DELETE_NAME,
                };
                self.emit(op, i);
            }
        }
        Ok(pushed_null)
    }

    pub fn nameop(&mut self, name: &str, ctx: Ctx) -> CResult {
        self.nameop_ex(name, ctx, false).map(|_| ())
    }

    // ----- units ----------------------------------------------------------------------------

    /// Opens a new unit for the scope created for `node` and emits its prefix.
    pub fn enter_scope(&mut self, scope: usize, name: &str, firstlineno: u32, loc: Loc) -> CResult {
        let sc = &self.table.scopes[scope];
        let kind = sc.kind;
        let mut localsplusnames = Vec::new();
        let mut localspluskinds = Vec::new();
        let cells = sc.cellvars();
        let free = sc.freevars();
        if kind.is_function_like() {
            for v in sc.varnames() {
                let k = if cells.contains(&v) { kinds::LOCAL | kinds::CELL } else { kinds::LOCAL };
                localsplusnames.push(v);
                localspluskinds.push(k);
            }
        }
        for c in &cells {
            if !localsplusnames.contains(c) {
                localsplusnames.push(c.clone());
                localspluskinds.push(kinds::CELL);
            }
        }
        for f in &free {
            localsplusnames.push(f.clone());
            localspluskinds.push(kinds::FREE);
        }
        let private = sc.private.clone();
        let is_coroutine = sc.is_coroutine;
        // A coroutine starts as a generator does (`RETURN_GENERATOR`, a handler for its end).
        let is_generator = sc.is_generator || is_coroutine;
        let nested = sc.nested;
        let mut flags = 0;
        if kind.is_function_like() {
            flags |= crate::code::flags::OPTIMIZED | crate::code::flags::NEWLOCALS;
        }
        if nested {
            flags |= crate::code::flags::NESTED;
        }
        if is_coroutine {
            flags |= crate::code::flags::COROUTINE;
        } else if is_generator {
            flags |= crate::code::flags::GENERATOR;
        }
        let qualname = self.qualname_for(kind, name);
        let private = if kind == ScopeKind::Class { Some(name.to_string()) } else { private };
        self.units.push(Unit {
            kind,
            scope,
            name: name.to_string(),
            qualname,
            firstlineno,
            argcount: 0,
            posonlyargcount: 0,
            kwonlyargcount: 0,
            flags,
            instrs: Vec::new(),
            nlabels: 0,
            consts: Vec::new(),
            const_index: HashMap::new(),
            names: Vec::new(),
            name_index: HashMap::new(),
            localsplusnames,
            localspluskinds,
            handlers: Vec::new(),
            hstack: Vec::new(),
            fblocks: Vec::new(),
            loc: Loc { line: firstlineno, col: loc.col },
            private,
            gen_handler: None,
        });
        // Prefix: cells, free variables, generator creation, RESUME.
        let kinds_ = self.ur().localspluskinds.clone();
        for (i, k) in kinds_.iter().enumerate() {
            if k & kinds::CELL != 0 {
                self.emit(Opcode::MAKE_CELL, i as u32);
            }
        }
        if !free.is_empty() {
            self.emit(Opcode::COPY_FREE_VARS, free.len() as u32);
        }
        if is_generator {
            self.emit0(Opcode::RETURN_GENERATOR);
            self.emit0(Opcode::POP_TOP);
        }
        self.emit(Opcode::RESUME, 0);
        if is_generator {
            let l = self.new_label();
            self.setup(l, true);
            self.u().gen_handler = Some(l);
        }
        self.u().loc = loc;
        Ok(())
    }

    fn qualname_for(&self, kind: ScopeKind, name: &str) -> String {
        let Some(parent) = self.units.last() else {
            return name.to_string();
        };
        if parent.kind == ScopeKind::Module {
            return name.to_string();
        }
        if matches!(kind, ScopeKind::Function | ScopeKind::Class) {
            let m = mangle(parent.private.as_deref(), name);
            if self.table.scopes[parent.scope].resolve(&m) == Resolved::GlobalExplicit {
                return name.to_string();
            }
        }
        let base = if matches!(parent.kind, ScopeKind::Function | ScopeKind::Lambda) {
            format!("{}.<locals>", parent.qualname)
        } else {
            parent.qualname.clone()
        };
        format!("{base}.{name}")
    }

    /// Closes the current unit (after its body and final return) and assembles it.
    pub fn exit_scope(&mut self) -> CResult<CodeObject> {
        if let Some(l) = self.ur().gen_handler {
            // StopIteration raised inside a generator body becomes RuntimeError (PEP 479).
            self.pop_block();
            self.bind(l);
            self.intrinsic(Intrinsic1::StopIterationError);
            self.emit(Opcode::RERAISE, 1);
        }
        let Some(unit) = self.units.pop() else {
            return Err(self.internal("no unit"));
        };
        assemble::assemble(unit, &self.filename).map_err(|e| {
            let loc = self.units.last().map(|u| u.loc).unwrap_or_default();
            self.index.unsupported(format!("internal compiler error: {e}"), loc)
        })
    }

    /// Pushes the function object for `code`: closure tuple (flag 8), code, `MAKE_FUNCTION`,
    /// then `SET_FUNCTION_ATTRIBUTE` for 8, 2, 1 (defaults and kw-defaults are already pushed).
    pub fn make_closure(&mut self, code: CodeObject, mut flags: u32) -> CResult {
        let free: Vec<String> = code
            .localsplusnames
            .iter()
            .zip(&code.localspluskinds)
            .filter(|(_, k)| **k & kinds::FREE != 0)
            .map(|(n, _)| n.clone())
            .collect();
        if !free.is_empty() {
            for n in &free {
                let i = self.slot(n)?;
                self.emit(Opcode::LOAD_CLOSURE, i);
            }
            self.emit(Opcode::BUILD_TUPLE, free.len() as u32);
            flags |= 8;
        }
        self.load_const(Constant::Code(Box::new(code)));
        self.emit0(Opcode::MAKE_FUNCTION);
        for bit in [8, 4, 2, 1] {
            if flags & bit != 0 {
                self.emit(Opcode::SET_FUNCTION_ATTRIBUTE, bit);
            }
        }
        Ok(())
    }

    /// Pushes the defaults tuple and kw-defaults dict of a parameter list; returns the
    /// `SET_FUNCTION_ATTRIBUTE` flags they need.
    pub fn default_arguments(&mut self, args: &'a ast::Arguments) -> CResult<u32> {
        let mut flags = 0;
        let defaults: Vec<&Expr> =
            args.posonlyargs.iter().chain(&args.args).filter_map(|a| a.default.as_deref()).collect();
        if !defaults.is_empty() {
            if let Some(c) = self.const_tuple(&defaults)? {
                self.load_const(c);
            } else {
                for d in &defaults {
                    self.expr(d)?;
                }
                self.emit(Opcode::BUILD_TUPLE, defaults.len() as u32);
            }
            flags |= 1;
        }
        let mut n = 0;
        for a in &args.kwonlyargs {
            if let Some(d) = &a.default {
                let m = self.mangle(a.def.arg.as_str());
                self.load_const(Constant::Str(m));
                self.expr(d)?;
                n += 1;
            }
        }
        if n > 0 {
            self.emit(Opcode::BUILD_MAP, n);
            flags |= 2;
        }
        Ok(flags)
    }

    fn set_arg_counts(&mut self, args: &ast::Arguments) {
        let u = self.u();
        u.posonlyargcount = args.posonlyargs.len() as u32;
        u.argcount = (args.posonlyargs.len() + args.args.len()) as u32;
        u.kwonlyargcount = args.kwonlyargs.len() as u32;
        if args.vararg.is_some() {
            u.flags |= crate::code::flags::VARARGS;
        }
        if args.kwarg.is_some() {
            u.flags |= crate::code::flags::VARKEYWORDS;
        }
    }

    fn scope_for<T>(&self, node: &T) -> CResult<usize> {
        self.table.scope_of(node).ok_or_else(|| self.internal("scope not found"))
    }

    /// `def`.
    pub fn function_def(&mut self, s: &'a Stmt, f: &'a ast::StmtFunctionDef) -> CResult {
        let scope = self.scope_for(f)?;
        self.def_common(s, scope, f.name.as_str(), &f.args, &f.body, &f.decorator_list)
    }

    /// `async def`: the same, in a scope the symbol table marked as a coroutine.
    pub fn async_function_def(&mut self, s: &'a Stmt, f: &'a ast::StmtAsyncFunctionDef) -> CResult {
        let scope = self.scope_for(f)?;
        self.def_common(s, scope, f.name.as_str(), &f.args, &f.body, &f.decorator_list)
    }

    fn def_common(
        &mut self,
        s: &'a Stmt,
        scope: usize,
        name: &str,
        args: &'a ast::Arguments,
        fbody: &'a [Stmt],
        decorators: &'a [Expr],
    ) -> CResult {
        for d in decorators {
            self.expr(d)?;
        }
        let firstlineno = decorators.first().map_or(self.loc_of(s).line, |d| self.loc_of(d).line);
        let flags = self.default_arguments(args)?;
        self.enter_scope(scope, name, firstlineno, self.loc_of(s))?;
        self.set_arg_counts(args);
        let doc = docstring(fbody);
        self.add_const(doc.map_or(Constant::None, |d| Constant::Str(d.to_string())));
        let body = if doc.is_some() { &fbody[1..] } else { fbody };
        self.stmts(body)?;
        self.set_last_loc(fbody);
        self.load_return_none();
        let code = self.exit_scope()?;
        self.make_closure(code, flags)?;
        for d in decorators.iter().rev() {
            let old = self.set_loc(self.loc_of(d));
            self.emit(Opcode::CALL, 0);
            self.set_loc(old);
        }
        self.nameop(name, Ctx::Store)
    }

    pub fn load_return_none(&mut self) {
        let i = self.add_const(Constant::None);
        self.emit(Opcode::RETURN_CONST, i);
    }

    /// `lambda`.
    pub fn lambda(&mut self, e: &'a Expr, l: &'a ast::ExprLambda) -> CResult {
        let flags = self.default_arguments(&l.args)?;
        let scope = self.scope_for(l)?;
        let loc = self.loc_of(e);
        self.enter_scope(scope, "<lambda>", loc.line, loc)?;
        self.set_arg_counts(&l.args);
        self.add_const(Constant::None);
        self.expr(&l.body)?;
        if self.ur().flags & crate::code::flags::GENERATOR != 0 {
            self.emit0(Opcode::POP_TOP);
            self.load_return_none();
        } else {
            self.emit0(Opcode::RETURN_VALUE);
        }
        let code = self.exit_scope()?;
        self.make_closure(code, flags)
    }

    /// `class`.
    pub fn class_def(&mut self, s: &'a Stmt, c: &'a ast::StmtClassDef) -> CResult {
        for d in &c.decorator_list {
            self.expr(d)?;
        }
        let firstlineno = c.decorator_list.first().map_or(self.loc_of(s).line, |d| self.loc_of(d).line);
        let scope = self.scope_for(c)?;
        self.enter_scope(scope, c.name.as_str(), firstlineno, self.loc_of(s))?;
        let qualname = self.ur().qualname.clone();
        self.nameop("__name__", Ctx::Load)?;
        self.nameop("__module__", Ctx::Store)?;
        self.load_const(Constant::Str(qualname));
        self.nameop("__qualname__", Ctx::Store)?;
        self.setup_annotations(&c.body)?;
        let mut body = &c.body[..];
        if let Some(d) = docstring(body) {
            self.load_const(Constant::Str(d.to_string()));
            self.nameop("__doc__", Ctx::Store)?;
            body = &body[1..];
        }
        self.stmts(body)?;
        self.set_last_loc(&c.body);
        if self.table.scopes[scope].needs_class_closure {
            let i = self.slot("__class__")?;
            self.emit(Opcode::LOAD_CLOSURE, i);
            self.emit(Opcode::COPY, 1);
            let n = self.add_name("__classcell__");
            self.emit(Opcode::STORE_NAME, n);
            self.emit0(Opcode::RETURN_VALUE);
        } else {
            self.load_return_none();
        }
        let code = self.exit_scope()?;
        self.set_loc(self.loc_of(s));
        self.emit0(Opcode::LOAD_BUILD_CLASS);
        self.emit0(Opcode::PUSH_NULL);
        self.make_closure(code, 0)?;
        self.load_const(Constant::Str(c.name.to_string()));
        self.call_helper(2, &c.bases, &c.keywords)?;
        for d in c.decorator_list.iter().rev() {
            let old = self.set_loc(self.loc_of(d));
            self.emit(Opcode::CALL, 0);
            self.set_loc(old);
        }
        self.nameop(c.name.as_str(), Ctx::Store)
    }

    /// CPython's `SETUP_ANNOTATIONS` for a module or class body that has annotated names: a
    /// fresh `__annotations__` dict (the namespace is new, so it cannot hold one yet).
    fn setup_annotations(&mut self, body: &'a [Stmt]) -> CResult {
        if find_ann(body) {
            self.emit(Opcode::BUILD_MAP, 0);
            self.nameop("__annotations__", Ctx::Store)?;
        }
        Ok(())
    }

    /// The whole module.
    pub fn module(&mut self, body: &'a [Stmt]) -> CResult<CodeObject> {
        self.enter_scope(0, "<module>", 1, Loc { line: 1, col: 1 })?;
        self.future_annotations = body.iter().any(|s| match s {
            Stmt::ImportFrom(f) => {
                f.module.as_ref().is_some_and(|m| m.as_str() == "__future__")
                    && f.names.iter().any(|a| a.name.as_str() == "annotations")
            }
            _ => false,
        });
        if let Some(first) = body.first() {
            self.set_loc(self.loc_of(first));
        }
        self.setup_annotations(body)?;
        let mut body = body;
        if let Some(d) = docstring(body) {
            if let Some(first) = body.first() {
                self.set_loc(self.loc_of(first));
            }
            self.load_const(Constant::Str(d.to_string()));
            self.nameop("__doc__", Ctx::Store)?;
            body = &body[1..];
        }
        self.stmts(body)?;
        self.set_last_loc(body);
        self.load_return_none();
        self.exit_scope()
    }

    /// The implicit `return None` gets the position of the last statement (as in CPython).
    fn set_last_loc(&mut self, body: &[Stmt]) {
        if let Some(last) = body.last() {
            let loc = self.loc_of(last);
            self.set_loc(loc);
        }
    }
}

/// The docstring of a body, if its first statement is a string literal.
pub(crate) fn docstring(body: &[Stmt]) -> Option<&str> {
    match body.first()? {
        Stmt::Expr(e) => match e.value.as_ref() {
            Expr::Constant(c) => match &c.value {
                ast::Constant::Str(s) => Some(s.as_str()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Does this body (not counting nested functions and classes) annotate a name? CPython's
/// `find_ann`.
fn find_ann(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::AnnAssign(_) => true,
        Stmt::For(f) => find_ann(&f.body) || find_ann(&f.orelse),
        Stmt::AsyncFor(f) => find_ann(&f.body) || find_ann(&f.orelse),
        Stmt::While(w) => find_ann(&w.body) || find_ann(&w.orelse),
        Stmt::If(i) => find_ann(&i.body) || find_ann(&i.orelse),
        Stmt::With(w) => find_ann(&w.body),
        Stmt::AsyncWith(w) => find_ann(&w.body),
        Stmt::Try(t) => {
            find_ann(&t.body)
                || find_ann(&t.orelse)
                || find_ann(&t.finalbody)
                || t.handlers.iter().any(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    find_ann(&h.body)
                })
        }
        Stmt::Match(m) => m.cases.iter().any(|c| find_ann(&c.body)),
        _ => false,
    })
}
