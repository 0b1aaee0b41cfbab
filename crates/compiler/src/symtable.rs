//! Symbol tables: which scope each name lives in.
//!
//! A first pass over the AST (as CPython's `Python/symtable.c`) records, for every scope
//! (module, class body, function, lambda, comprehension), the names it binds, uses and declares
//! `global`/`nonlocal`. A second pass resolves each name to local, cell, free, explicit global
//! or implicit global, propagating free variables outwards and turning captured locals into
//! cells. The code generator then only asks [`Scope::resolve`] and reads the slot lists.
//!
//! Scopes are found again by the address of their AST node (`StmtFunctionDef`, `ExprLambda`,
//! comprehension node, `StmtClassDef`): the AST is borrowed, unmoved, by both passes.

use crate::error::{CompileError, LineIndex, Loc};
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::collections::{HashMap, HashSet};

/// Kind of a scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Class,
    Function,
    Lambda,
    Comprehension,
}

impl ScopeKind {
    /// Functions, lambdas and comprehensions: locals live in `localsplus`.
    pub fn is_function_like(self) -> bool {
        matches!(self, ScopeKind::Function | ScopeKind::Lambda | ScopeKind::Comprehension)
    }
}

/// Where a name resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Local,
    Cell,
    Free,
    GlobalExplicit,
    GlobalImplicit,
}

pub const DEF_GLOBAL: u32 = 1;
pub const DEF_LOCAL: u32 = 2;
pub const DEF_PARAM: u32 = 4;
pub const DEF_NONLOCAL: u32 = 8;
pub const USE: u32 = 16;
pub const DEF_IMPORT: u32 = 32;
pub const DEF_FREE_CLASS: u32 = 64;
pub const DEF_COMP_ITER: u32 = 128;
const DEF_BOUND: u32 = DEF_LOCAL | DEF_PARAM | DEF_IMPORT;

/// One name in one scope.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub flags: u32,
    pub scope: Resolved,
    /// Where the name was first seen (for error messages).
    pub loc: Loc,
}

/// One scope.
#[derive(Clone, Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    pub name: String,
    pub symbols: Vec<Symbol>,
    index: HashMap<String, usize>,
    /// Parameter names in localsplus order.
    pub params: Vec<String>,
    pub children: Vec<usize>,
    pub is_generator: bool,
    /// `async def`: a coroutine (`await` is allowed in it).
    pub is_coroutine: bool,
    /// A class body whose methods use `super()` / `__class__`.
    pub needs_class_closure: bool,
    /// Defined inside a function-like scope.
    pub nested: bool,
    /// The class name used for private-name mangling.
    pub private: Option<String>,
    pub loc: Loc,
}

impl Scope {
    fn new(kind: ScopeKind, name: &str, nested: bool, private: Option<String>, loc: Loc) -> Scope {
        Scope {
            kind,
            name: name.to_string(),
            symbols: Vec::new(),
            index: HashMap::new(),
            params: Vec::new(),
            children: Vec::new(),
            is_generator: false,
            is_coroutine: false,
            needs_class_closure: false,
            nested,
            private,
            loc,
        }
    }

    pub fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.index.get(name).map(|i| &self.symbols[*i])
    }

    /// Resolution of `name` (already mangled). Unknown names are implicit globals.
    pub fn resolve(&self, name: &str) -> Resolved {
        self.lookup(name).map_or(Resolved::GlobalImplicit, |s| s.scope)
    }

    /// Plain locals of a function-like scope: parameters first, then the other locals in order
    /// of first appearance (cell parameters keep their parameter slot).
    pub fn varnames(&self) -> Vec<String> {
        let mut out = self.params.clone();
        if self.kind.is_function_like() {
            for s in &self.symbols {
                if s.scope == Resolved::Local && !self.params.contains(&s.name) {
                    out.push(s.name.clone());
                }
            }
        }
        out
    }

    /// Cell variables, sorted (as CPython's `co_cellvars`).
    pub fn cellvars(&self) -> Vec<String> {
        let mut v: Vec<String> =
            self.symbols.iter().filter(|s| s.scope == Resolved::Cell).map(|s| s.name.clone()).collect();
        if self.needs_class_closure {
            v.push("__class__".to_string());
        }
        v.sort();
        v.dedup();
        v
    }

    /// Free variables, sorted (as CPython's `co_freevars`).
    pub fn freevars(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .symbols
            .iter()
            .filter(|s| s.scope == Resolved::Free || s.flags & DEF_FREE_CLASS != 0)
            .map(|s| s.name.clone())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn add(&mut self, name: &str, flag: u32, loc: Loc) -> u32 {
        if let Some(&i) = self.index.get(name) {
            let old = self.symbols[i].flags;
            self.symbols[i].flags |= flag;
            old
        } else {
            self.index.insert(name.to_string(), self.symbols.len());
            self.symbols.push(Symbol { name: name.to_string(), flags: flag, scope: Resolved::GlobalImplicit, loc });
            0
        }
    }
}

/// `__x` inside class `C` becomes `_C__x`, as CPython's `_Py_Mangle`.
pub fn mangle(private: Option<&str>, name: &str) -> String {
    let Some(p) = private else {
        return name.to_string();
    };
    if !name.starts_with("__") || name.ends_with("__") || name.contains('.') {
        return name.to_string();
    }
    let stripped = p.trim_start_matches('_');
    if stripped.is_empty() {
        return name.to_string();
    }
    format!("_{stripped}{name}")
}

/// All scopes of a module; `scopes[0]` is the module.
pub struct SymbolTable {
    pub scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
}

impl SymbolTable {
    /// The scope created for an AST node (by address).
    pub fn scope_of<T>(&self, node: &T) -> Option<usize> {
        self.by_node.get(&(node as *const T as usize)).copied()
    }
}

/// Builds and analyses the symbol table of a module.
pub fn build(body: &[Stmt], index: &LineIndex<'_>) -> Result<SymbolTable, CompileError> {
    let mut b =
        Builder { table: SymbolTable { scopes: Vec::new(), by_node: HashMap::new() }, stack: Vec::new(), index };
    b.table.scopes.push(Scope::new(ScopeKind::Module, "top", false, None, Loc { line: 1, col: 1 }));
    b.stack.push(0);
    for s in body {
        b.stmt(s)?;
    }
    let mut free = HashSet::new();
    analyze_block(&mut b.table.scopes, 0, None, HashSet::new(), &mut free, index)?;
    Ok(b.table)
}

struct Builder<'a, 'b> {
    table: SymbolTable,
    stack: Vec<usize>,
    index: &'a LineIndex<'b>,
}

type R = Result<(), CompileError>;

impl Builder<'_, '_> {
    fn cur(&self) -> usize {
        *self.stack.last().unwrap_or(&0)
    }

    fn cur_scope(&mut self) -> &mut Scope {
        let c = self.cur();
        &mut self.table.scopes[c]
    }

    fn loc(&self, node: &impl Ranged) -> Loc {
        self.index.loc(node.start())
    }

    fn mangle(&self, name: &str) -> String {
        mangle(self.table.scopes[self.cur()].private.as_deref(), name)
    }

    fn add_def(&mut self, name: &str, flag: u32, loc: Loc) -> R {
        let name = self.mangle(name);
        let old = self.cur_scope().add(&name, flag, loc);
        if flag & DEF_PARAM != 0 && old & DEF_PARAM != 0 {
            return Err(self.index.syntax(format!("duplicate argument '{name}' in function definition"), loc));
        }
        Ok(())
    }

    fn enter<T>(&mut self, node: &T, kind: ScopeKind, name: &str, loc: Loc) {
        let parent = self.cur();
        let p = &self.table.scopes[parent];
        let nested = p.nested || p.kind.is_function_like();
        let private = if kind == ScopeKind::Class { Some(name.to_string()) } else { p.private.clone() };
        let id = self.table.scopes.len();
        self.table.scopes.push(Scope::new(kind, name, nested, private, loc));
        self.table.scopes[parent].children.push(id);
        self.table.by_node.insert(node as *const T as usize, id);
        self.stack.push(id);
    }

    fn leave(&mut self) {
        self.stack.pop();
    }

    fn unsupported(&self, what: &str, node: &impl Ranged) -> CompileError {
        self.index.unsupported(what, self.loc(node))
    }

    fn stmts(&mut self, body: &[Stmt]) -> R {
        body.iter().try_for_each(|s| self.stmt(s))
    }

    fn params(&mut self, args: &ast::Arguments) -> R {
        let mut names = Vec::new();
        for a in args.posonlyargs.iter().chain(&args.args).chain(&args.kwonlyargs) {
            names.push((&a.def.arg, self.loc(&a.def)));
        }
        if let Some(a) = &args.vararg {
            names.push((&a.arg, self.loc(a.as_ref())));
        }
        if let Some(a) = &args.kwarg {
            names.push((&a.arg, self.loc(a.as_ref())));
        }
        for (n, loc) in names {
            self.add_def(n.as_str(), DEF_PARAM, loc)?;
            let m = self.mangle(n.as_str());
            self.cur_scope().params.push(m);
        }
        Ok(())
    }

    fn defaults(&mut self, args: &ast::Arguments) -> R {
        for a in args.posonlyargs.iter().chain(&args.args).chain(&args.kwonlyargs) {
            if let Some(d) = &a.default {
                self.expr(d)?;
            }
        }
        Ok(())
    }

    /// `def` or `async def` (`node` keys the function's scope).
    #[allow(clippy::too_many_arguments)]
    fn function<T>(
        &mut self,
        s: &Stmt,
        node: &T,
        name: &str,
        type_params: &[ast::TypeParam],
        decorators: &[Expr],
        args: &ast::Arguments,
        body: &[Stmt],
        is_async: bool,
    ) -> R {
        if !type_params.is_empty() {
            return Err(self.unsupported("type parameters", s));
        }
        self.add_def(name, DEF_LOCAL, self.loc(s))?;
        for d in decorators {
            self.expr(d)?;
        }
        self.defaults(args)?;
        let loc = self.loc(s);
        self.enter(node, ScopeKind::Function, name, loc);
        self.cur_scope().is_coroutine = is_async;
        self.params(args)?;
        self.stmts(body)?;
        self.leave();
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        match s {
            Stmt::FunctionDef(f) => {
                self.function(s, f, f.name.as_str(), &f.type_params, &f.decorator_list, &f.args, &f.body, false)?
            }
            Stmt::AsyncFunctionDef(f) => {
                self.function(s, f, f.name.as_str(), &f.type_params, &f.decorator_list, &f.args, &f.body, true)?
            }
            Stmt::ClassDef(c) => {
                if !c.type_params.is_empty() {
                    return Err(self.unsupported("type parameters", s));
                }
                self.add_def(c.name.as_str(), DEF_LOCAL, self.loc(s))?;
                for e in c.bases.iter().chain(&c.decorator_list) {
                    self.expr(e)?;
                }
                for k in &c.keywords {
                    self.expr(&k.value)?;
                }
                let loc = self.loc(s);
                self.enter(c, ScopeKind::Class, c.name.as_str(), loc);
                self.stmts(&c.body)?;
                self.leave();
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.expr(v)?;
                }
            }
            Stmt::Delete(d) => d.targets.iter().try_for_each(|t| self.expr(t))?,
            Stmt::Assign(a) => {
                a.targets.iter().try_for_each(|t| self.expr(t))?;
                self.expr(&a.value)?;
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.target)?;
                self.expr(&a.value)?;
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(&a.target)?;
                    self.expr(v)?;
                } else if !matches!(*a.target, Expr::Name(_)) {
                    self.expr(&a.target)?;
                }
            }
            Stmt::For(f) => {
                self.expr(&f.target)?;
                self.expr(&f.iter)?;
                self.stmts(&f.body)?;
                self.stmts(&f.orelse)?;
            }
            Stmt::While(w) => {
                self.expr(&w.test)?;
                self.stmts(&w.body)?;
                self.stmts(&w.orelse)?;
            }
            Stmt::If(i) => {
                self.expr(&i.test)?;
                self.stmts(&i.body)?;
                self.stmts(&i.orelse)?;
            }
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                }
                if let Some(e) = &r.cause {
                    self.expr(e)?;
                }
            }
            Stmt::Try(t) => {
                self.stmts(&t.body)?;
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(ty) = &h.type_ {
                        self.expr(ty)?;
                    }
                    if let Some(n) = &h.name {
                        self.add_def(n.as_str(), DEF_LOCAL, self.loc(h))?;
                    }
                    self.stmts(&h.body)?;
                }
                self.stmts(&t.orelse)?;
                self.stmts(&t.finalbody)?;
            }
            Stmt::Assert(a) => {
                self.expr(&a.test)?;
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let n = match &a.asname {
                        Some(n) => n.as_str(),
                        None => a.name.as_str().split('.').next().unwrap_or(""),
                    };
                    self.add_def(n, DEF_IMPORT, self.loc(a))?;
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    if a.name.as_str() == "*" {
                        if self.table.scopes[self.cur()].kind != ScopeKind::Module {
                            return Err(self.index.syntax("import * only allowed at module level", self.loc(s)));
                        }
                        continue;
                    }
                    let n = a.asname.as_ref().unwrap_or(&a.name);
                    self.add_def(n.as_str(), DEF_IMPORT, self.loc(a))?;
                }
            }
            Stmt::Global(g) => {
                for n in &g.names {
                    self.declare(n.as_str(), "global", DEF_GLOBAL, self.loc(s))?;
                }
            }
            Stmt::Nonlocal(g) => {
                if self.table.scopes[self.cur()].kind == ScopeKind::Module {
                    return Err(self.index.syntax("nonlocal declaration not allowed at module level", self.loc(s)));
                }
                for n in &g.names {
                    self.declare(n.as_str(), "nonlocal", DEF_NONLOCAL, self.loc(s))?;
                }
            }
            Stmt::Expr(e) => self.expr(&e.value)?,
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
            Stmt::AsyncFor(_) => return Err(self.unsupported("async for statement", s)),
            Stmt::AsyncWith(_) => return Err(self.unsupported("async with statement", s)),
            Stmt::With(w) => {
                for item in &w.items {
                    self.expr(&item.context_expr)?;
                    if let Some(v) = &item.optional_vars {
                        self.expr(v)?;
                    }
                }
                self.stmts(&w.body)?;
            }
            Stmt::Match(_) => return Err(self.unsupported("match statement", s)),
            Stmt::TryStar(_) => return Err(self.unsupported("try/except* statement", s)),
            Stmt::TypeAlias(_) => return Err(self.unsupported("type statement", s)),
        }
        Ok(())
    }

    fn declare(&mut self, name: &str, what: &str, flag: u32, loc: Loc) -> R {
        let m = self.mangle(name);
        let old = self.table.scopes[self.cur()].lookup(&m).map_or(0, |s| s.flags);
        let other = if flag == DEF_GLOBAL { DEF_NONLOCAL } else { DEF_GLOBAL };
        let msg = if old & DEF_PARAM != 0 {
            Some(format!("name '{name}' is parameter and {what}"))
        } else if old & other != 0 {
            Some(format!("name '{name}' is nonlocal and global"))
        } else if old & USE != 0 {
            Some(format!("name '{name}' is used prior to {what} declaration"))
        } else if old & (DEF_LOCAL | DEF_IMPORT) != 0 {
            Some(format!("name '{name}' is assigned to before {what} declaration"))
        } else {
            None
        };
        if let Some(msg) = msg {
            return Err(self.index.syntax(msg, loc));
        }
        let sc = self.cur_scope();
        sc.add(&m, flag, loc);
        Ok(())
    }

    fn comprehension<T>(
        &mut self,
        node: &T,
        whole: &Expr,
        name: &str,
        generators: &[ast::Comprehension],
        elts: &[&Expr],
    ) -> R {
        let Some(first) = generators.first() else {
            return Ok(());
        };
        if generators.iter().any(|g| g.is_async) {
            return Err(self.unsupported("async comprehension", whole));
        }
        self.expr(&first.iter)?;
        let loc = self.loc(whole);
        self.enter(node, ScopeKind::Comprehension, name, loc);
        if name == "genexpr" {
            self.cur_scope().is_generator = true;
        }
        self.cur_scope().add(".0", DEF_PARAM, loc);
        self.cur_scope().params.push(".0".to_string());
        for (i, g) in generators.iter().enumerate() {
            if i > 0 {
                self.expr(&g.iter)?;
            }
            self.comp_target(&g.target)?;
            g.ifs.iter().try_for_each(|e| self.expr(e))?;
        }
        elts.iter().try_for_each(|e| self.expr(e))?;
        self.leave();
        Ok(())
    }

    fn comp_target(&mut self, t: &Expr) -> R {
        match t {
            Expr::Name(n) => self.add_def(n.id.as_str(), DEF_LOCAL | DEF_COMP_ITER, self.loc(t)),
            Expr::Tuple(x) => x.elts.iter().try_for_each(|e| self.comp_target(e)),
            Expr::List(x) => x.elts.iter().try_for_each(|e| self.comp_target(e)),
            Expr::Starred(x) => self.comp_target(&x.value),
            other => self.expr(other),
        }
    }

    fn named_target(&mut self, name: &str, e: &Expr) -> R {
        let loc = self.loc(e);
        let cur = self.cur();
        if self.table.scopes[cur].kind != ScopeKind::Comprehension {
            return self.add_def(name, DEF_LOCAL, loc);
        }
        for &sid in self.stack.iter().rev() {
            let sc = &self.table.scopes[sid];
            match sc.kind {
                ScopeKind::Comprehension => {
                    if sc.lookup(name).is_some_and(|s| s.flags & DEF_COMP_ITER != 0) {
                        return Err(self.index.syntax(
                            format!("assignment expression cannot rebind comprehension iteration variable '{name}'"),
                            loc,
                        ));
                    }
                }
                ScopeKind::Function | ScopeKind::Lambda => {
                    self.table.scopes[cur].add(name, DEF_NONLOCAL, loc);
                    self.table.scopes[sid].add(name, DEF_LOCAL, loc);
                    return Ok(());
                }
                ScopeKind::Module => {
                    self.table.scopes[cur].add(name, DEF_GLOBAL, loc);
                    self.table.scopes[sid].add(name, DEF_GLOBAL, loc);
                    return Ok(());
                }
                ScopeKind::Class => {
                    return Err(self
                        .index
                        .syntax("assignment expression within a comprehension cannot be used in a class body", loc));
                }
            }
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> R {
        match e {
            Expr::Name(n) => {
                let loc = self.loc(e);
                match n.ctx {
                    ast::ExprContext::Load => {
                        self.add_def(n.id.as_str(), USE, loc)?;
                        let sc = &self.table.scopes[self.cur()];
                        if sc.kind.is_function_like() && n.id.as_str() == "super" {
                            self.cur_scope().add("__class__", USE, loc);
                        }
                    }
                    _ => self.add_def(n.id.as_str(), DEF_LOCAL, loc)?,
                }
            }
            Expr::NamedExpr(n) => {
                self.expr(&n.value)?;
                match n.target.as_ref() {
                    Expr::Name(t) => self.named_target(t.id.as_str(), &n.target)?,
                    other => self.expr(other)?,
                }
            }
            Expr::BoolOp(b) => b.values.iter().try_for_each(|v| self.expr(v))?,
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
            }
            Expr::UnaryOp(u) => self.expr(&u.operand)?,
            Expr::Lambda(l) => {
                self.defaults(&l.args)?;
                let loc = self.loc(e);
                self.enter(l, ScopeKind::Lambda, "lambda", loc);
                self.params(&l.args)?;
                self.expr(&l.body)?;
                self.leave();
            }
            Expr::IfExp(i) => {
                self.expr(&i.test)?;
                self.expr(&i.body)?;
                self.expr(&i.orelse)?;
            }
            Expr::Dict(d) => {
                for (k, v) in d.keys.iter().zip(&d.values) {
                    if let Some(k) = k {
                        self.expr(k)?;
                    }
                    self.expr(v)?;
                }
            }
            Expr::Set(s) => s.elts.iter().try_for_each(|v| self.expr(v))?,
            Expr::ListComp(c) => self.comprehension(c, e, "listcomp", &c.generators, &[&c.elt])?,
            Expr::SetComp(c) => self.comprehension(c, e, "setcomp", &c.generators, &[&c.elt])?,
            Expr::DictComp(c) => self.comprehension(c, e, "dictcomp", &c.generators, &[&c.key, &c.value])?,
            Expr::GeneratorExp(c) => self.comprehension(c, e, "genexpr", &c.generators, &[&c.elt])?,
            Expr::Await(a) => {
                let sc = &self.table.scopes[self.cur()];
                if !sc.is_coroutine {
                    let what = if sc.kind == ScopeKind::Module || sc.kind == ScopeKind::Class {
                        "'await' outside function"
                    } else {
                        "'await' outside async function"
                    };
                    return Err(self.index.syntax(what, self.loc(e)));
                }
                self.expr(&a.value)?;
            }
            Expr::Yield(_) | Expr::YieldFrom(_) => {
                let sc = &self.table.scopes[self.cur()];
                let loc = self.loc(e);
                match sc.kind {
                    ScopeKind::Module | ScopeKind::Class => {
                        return Err(self.index.syntax("'yield' outside function", loc));
                    }
                    ScopeKind::Comprehension => {
                        let what = match sc.name.as_str() {
                            "listcomp" => "list comprehension",
                            "setcomp" => "set comprehension",
                            "dictcomp" => "dict comprehension",
                            _ => "generator expression",
                        };
                        return Err(self.index.syntax(format!("'yield' inside {what}"), loc));
                    }
                    _ if sc.is_coroutine => {
                        if matches!(e, Expr::YieldFrom(_)) {
                            return Err(self.index.syntax("'yield from' inside async function", loc));
                        }
                        return Err(self.unsupported("async generator", e));
                    }
                    _ => self.cur_scope().is_generator = true,
                }
                match e {
                    Expr::Yield(y) => {
                        if let Some(v) = &y.value {
                            self.expr(v)?;
                        }
                    }
                    Expr::YieldFrom(y) => self.expr(&y.value)?,
                    _ => {}
                }
            }
            Expr::Compare(c) => {
                self.expr(&c.left)?;
                c.comparators.iter().try_for_each(|v| self.expr(v))?;
            }
            Expr::Call(c) => {
                self.expr(&c.func)?;
                c.args.iter().try_for_each(|v| self.expr(v))?;
                c.keywords.iter().try_for_each(|k| self.expr(&k.value))?;
            }
            Expr::FormattedValue(f) => {
                self.expr(&f.value)?;
                if let Some(s) = &f.format_spec {
                    self.expr(s)?;
                }
            }
            Expr::JoinedStr(j) => j.values.iter().try_for_each(|v| self.expr(v))?,
            Expr::Constant(_) => {}
            Expr::Attribute(a) => self.expr(&a.value)?,
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
            }
            Expr::Starred(s) => self.expr(&s.value)?,
            Expr::List(l) => l.elts.iter().try_for_each(|v| self.expr(v))?,
            Expr::Tuple(l) => l.elts.iter().try_for_each(|v| self.expr(v))?,
            Expr::Slice(s) => {
                for p in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.expr(p)?;
                }
            }
        }
        Ok(())
    }
}

fn analyze_block(
    scopes: &mut Vec<Scope>,
    id: usize,
    mut bound: Option<HashSet<String>>,
    mut global: HashSet<String>,
    free_out: &mut HashSet<String>,
    index: &LineIndex<'_>,
) -> Result<(), CompileError> {
    let kind = scopes[id].kind;
    let is_class = kind == ScopeKind::Class;
    let mut local: HashSet<String> = HashSet::new();
    let mut resolved: Vec<Resolved> = Vec::with_capacity(scopes[id].symbols.len());
    let mut newglobal: HashSet<String> = HashSet::new();
    let mut newbound: HashSet<String> = HashSet::new();
    let mut newfree: HashSet<String> = HashSet::new();
    if is_class {
        newglobal.extend(global.iter().cloned());
        if let Some(b) = &bound {
            newbound.extend(b.iter().cloned());
        }
    }
    for sym in &scopes[id].symbols {
        let name = &sym.name;
        let flags = sym.flags;
        let r = if flags & DEF_GLOBAL != 0 {
            global.insert(name.clone());
            if let Some(b) = bound.as_mut() {
                b.remove(name);
            }
            Resolved::GlobalExplicit
        } else if flags & DEF_NONLOCAL != 0 {
            match &bound {
                None => {
                    return Err(index.syntax("nonlocal declaration not allowed at module level", sym.loc));
                }
                Some(b) if !b.contains(name) => {
                    return Err(index.syntax(format!("no binding for nonlocal '{name}' found"), sym.loc));
                }
                _ => {}
            }
            newfree.insert(name.clone());
            Resolved::Free
        } else if flags & DEF_BOUND != 0 {
            local.insert(name.clone());
            global.remove(name);
            Resolved::Local
        } else if bound.as_ref().is_some_and(|b| b.contains(name)) {
            newfree.insert(name.clone());
            Resolved::Free
        } else {
            Resolved::GlobalImplicit
        };
        resolved.push(r);
    }
    if !is_class {
        if kind.is_function_like() {
            newbound.extend(local.iter().cloned());
        }
        if let Some(b) = &bound {
            newbound.extend(b.iter().cloned());
        }
        newglobal.extend(global.iter().cloned());
    } else {
        newbound.insert("__class__".to_string());
    }
    let children = scopes[id].children.clone();
    for child in children {
        let mut child_free = HashSet::new();
        analyze_block(scopes, child, Some(newbound.clone()), newglobal.clone(), &mut child_free, index)?;
        newfree.extend(child_free);
    }
    let sc = &mut scopes[id];
    for (sym, r) in sc.symbols.iter_mut().zip(resolved) {
        sym.scope = r;
    }
    if kind.is_function_like() {
        for sym in sc.symbols.iter_mut() {
            if sym.scope == Resolved::Local && newfree.remove(&sym.name) {
                sym.scope = Resolved::Cell;
            }
        }
    } else if is_class && newfree.remove("__class__") {
        sc.needs_class_closure = true;
    }
    let mut names: Vec<&String> = newfree.iter().collect();
    names.sort();
    for name in names {
        if let Some(&i) = sc.index.get(name.as_str()) {
            if is_class {
                sc.symbols[i].flags |= DEF_FREE_CLASS;
            }
            continue;
        }
        if bound.as_ref().is_some_and(|b| !b.contains(name.as_str())) {
            continue;
        }
        if bound.is_none() {
            continue;
        }
        let loc = sc.loc;
        sc.add(name, 0, loc);
        if let Some(&i) = sc.index.get(name.as_str()) {
            sc.symbols[i].scope = Resolved::Free;
        }
    }
    free_out.extend(newfree);
    Ok(())
}
