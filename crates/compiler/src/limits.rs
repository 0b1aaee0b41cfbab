//! CPython 3.11's limits on nesting, checked on the parsed tree before anything recurses on it.
//!
//! CPython refuses pathological nesting in two places, and so do we, with its messages:
//!
//! * its PEG parser counts rule levels and gives up past `MAXSTACK` (6,000) with a bare
//!   `MemoryError` (8,000 nested lambdas, 6,000 unary minuses, 3,000 `**`);
//! * its compiler (symtable and AST optimizer) counts nested statements and expressions and
//!   gives up past 3 × the recursion limit (3,000) with `RecursionError: maximum recursion
//!   depth exceeded during compilation` (a 3,000-term `+` chain, 3,000 chained calls).
//!
//! The compiler's count is exact: one per statement and expression node on the path from the
//! module. The parser's is a model (`:parser-cost:`): each kind of nesting costs the number of
//! grammar levels CPython's parser descends through for it, calibrated against python3.11
//! (33 levels from a statement down to an operand, 2 per lambda or `**`, 1 per unary operator
//! or conditional expression, 27-29 per display or comprehension, 5 for a call's arguments).
//! It matches CPython's threshold exactly for chains of one construct and within a few levels
//! for mixtures at statement level; nested calls cost CPython more than the first one (about
//! 24 levels each), and grouping parentheses leave no node in the tree, so deep mixtures of
//! brackets and operators may be accepted where CPython gives up (the tokenizer's 200-bracket
//! limit still bounds them; see `scan`).
//!
//! The walk uses an explicit stack, so a tree a million levels deep is measured without deep
//! recursion; when a tree is refused, `compile_module` leaks it rather than dropping it
//! recursively (see there).

use rustpython_parser::ast::{self, Expr, Stmt};

use crate::error::{CompileError, Limit};

/// CPython's `MAXSTACK` (Parser/parser.c).
const PARSER_MAX: u32 = 6000;
/// Parser levels from a statement down to the operand of its expression (`x = -...`).
const STMT_COST: u32 = 33;
/// An expression statement starts 2 levels higher than an assignment's value.
const EXPR_STMT_COST: u32 = 31;
/// The levels a compound statement's block adds (a `def` or `class` adds one more).
const BLOCK_COST: u32 = 6;
/// CPython's compiler limit: 3 × the default recursion limit.
const COMPILER_MAX: u32 = 3000;

/// A node still to measure, with its compiler depth and parser cost.
enum Node<'a> {
    Stmt(&'a Stmt),
    Expr(&'a Expr),
}

/// Checks the parsed module against CPython's parser and compiler nesting limits; the parser's
/// takes precedence, as CPython parses before it compiles.
pub fn check(body: &[Stmt]) -> Result<(), CompileError> {
    let mut stack: Vec<(Node<'_>, u32, u32)> = body.iter().rev().map(|s| (Node::Stmt(s), 1, 0)).collect();
    let mut too_deep = false;
    while let Some((node, depth, cost)) = stack.pop() {
        too_deep |= depth > COMPILER_MAX;
        match node {
            Node::Stmt(s) => stmt_children(s, depth, cost, &mut stack),
            Node::Expr(e) => {
                if cost > PARSER_MAX {
                    return Err(CompileError::TooDeep(Limit::Parser));
                }
                expr_children(e, depth, cost, &mut stack)
            }
        }
    }
    if too_deep { Err(CompileError::TooDeep(Limit::Compiler)) } else { Ok(()) }
}

type Stack<'a> = Vec<(Node<'a>, u32, u32)>;

fn push_expr<'a>(stack: &mut Stack<'a>, e: &'a Expr, depth: u32, cost: u32) {
    stack.push((Node::Expr(e), depth + 1, cost));
}

fn push_exprs<'a>(stack: &mut Stack<'a>, es: impl IntoIterator<Item = &'a Expr>, depth: u32, cost: u32) {
    for e in es {
        push_expr(stack, e, depth, cost);
    }
}

fn push_body<'a>(stack: &mut Stack<'a>, body: &'a [Stmt], depth: u32, cost: u32) {
    for s in body {
        stack.push((Node::Stmt(s), depth + 1, cost));
    }
}

fn push_args<'a>(stack: &mut Stack<'a>, args: &'a ast::Arguments, depth: u32, cost: u32) {
    let all = args.posonlyargs.iter().chain(&args.args).chain(&args.kwonlyargs);
    push_exprs(stack, all.filter_map(|a| a.default.as_deref()), depth, cost);
}

fn stmt_children<'a>(s: &'a Stmt, depth: u32, cost: u32, st: &mut Stack<'a>) {
    // Expressions of this statement start at `e`; nested blocks at `b`.
    let e = cost + STMT_COST;
    let b = cost + BLOCK_COST;
    match s {
        Stmt::FunctionDef(ast::StmtFunctionDef { decorator_list, args, returns, body, .. })
        | Stmt::AsyncFunctionDef(ast::StmtAsyncFunctionDef { decorator_list, args, returns, body, .. }) => {
            push_exprs(st, decorator_list, depth, e);
            push_args(st, args, depth, e);
            push_exprs(st, returns.as_deref(), depth, e);
            push_body(st, body, depth, b + 1);
        }
        Stmt::ClassDef(c) => {
            push_exprs(st, c.bases.iter().chain(&c.decorator_list), depth, e);
            push_exprs(st, c.keywords.iter().map(|k| &k.value), depth, e);
            push_body(st, &c.body, depth, b + 1);
        }
        Stmt::Return(r) => push_exprs(st, r.value.as_deref(), depth, e),
        Stmt::Delete(d) => push_exprs(st, &d.targets, depth, e),
        Stmt::Assign(a) => push_exprs(st, a.targets.iter().chain([&*a.value]), depth, e),
        Stmt::AugAssign(a) => push_exprs(st, [&*a.target, &*a.value], depth, e),
        Stmt::AnnAssign(a) => {
            push_exprs(st, [&*a.target, &*a.annotation].into_iter().chain(a.value.as_deref()), depth, e)
        }
        Stmt::For(ast::StmtFor { target, iter, body, orelse, .. })
        | Stmt::AsyncFor(ast::StmtAsyncFor { target, iter, body, orelse, .. }) => {
            push_exprs(st, [&**target, &**iter], depth, e);
            push_body(st, body, depth, b);
            push_body(st, orelse, depth, b);
        }
        Stmt::While(w) => {
            push_expr(st, &w.test, depth, e);
            push_body(st, &w.body, depth, b);
            push_body(st, &w.orelse, depth, b);
        }
        Stmt::If(i) => {
            push_expr(st, &i.test, depth, e);
            push_body(st, &i.body, depth, b);
            push_body(st, &i.orelse, depth, b);
        }
        Stmt::With(ast::StmtWith { items, body, .. }) | Stmt::AsyncWith(ast::StmtAsyncWith { items, body, .. }) => {
            for it in items {
                push_exprs(st, [&it.context_expr].into_iter().chain(it.optional_vars.as_deref()), depth, e);
            }
            push_body(st, body, depth, b);
        }
        Stmt::Match(m) => {
            push_expr(st, &m.subject, depth, e);
            for c in &m.cases {
                push_exprs(st, c.guard.as_deref(), depth, e + BLOCK_COST);
                push_body(st, &c.body, depth, b + BLOCK_COST);
            }
        }
        Stmt::Raise(r) => push_exprs(st, r.exc.iter().chain(&r.cause).map(|e| &**e), depth, e),
        Stmt::Try(ast::StmtTry { body, handlers, orelse, finalbody, .. })
        | Stmt::TryStar(ast::StmtTryStar { body, handlers, orelse, finalbody, .. }) => {
            push_body(st, body, depth, b);
            for h in handlers {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                push_exprs(st, h.type_.as_deref(), depth, e);
                push_body(st, &h.body, depth, b);
            }
            push_body(st, orelse, depth, b);
            push_body(st, finalbody, depth, b);
        }
        Stmt::Assert(a) => push_exprs(st, [&*a.test].into_iter().chain(a.msg.as_deref()), depth, e),
        Stmt::Expr(x) => push_expr(st, &x.value, depth, cost + EXPR_STMT_COST),
        Stmt::TypeAlias(t) => push_exprs(st, [&*t.name, &*t.value], depth, e),
        Stmt::Import(_)
        | Stmt::ImportFrom(_)
        | Stmt::Global(_)
        | Stmt::Nonlocal(_)
        | Stmt::Pass(_)
        | Stmt::Break(_)
        | Stmt::Continue(_) => {}
    }
}

/// Parser levels per kind of nesting (`:parser-cost:`, calibrated against python3.11).
const UNARY: u32 = 1;
const LAMBDA: u32 = 2;
const POWER: u32 = 2;
const BOOL_OP: u32 = 2;
const COMPARE: u32 = 3;
const CALL_ARG: u32 = 5;
const COMPREHENSION: u32 = 27;
const PAREN: u32 = 28;
const DISPLAY: u32 = 29;

fn expr_children<'a>(e: &'a Expr, d: u32, c: u32, st: &mut Stack<'a>) {
    match e {
        Expr::BoolOp(b) => push_exprs(st, &b.values, d, c + BOOL_OP),
        Expr::NamedExpr(n) => push_exprs(st, [&*n.target, &*n.value], d, c + BOOL_OP),
        Expr::BinOp(b) => {
            // Left operands are parsed by a loop (left recursion): no level of their own.
            push_expr(st, &b.left, d, c);
            push_expr(st, &b.right, d, if b.op == ast::Operator::Pow { c + POWER } else { c });
        }
        Expr::UnaryOp(u) => push_expr(st, &u.operand, d, c + UNARY),
        Expr::Lambda(l) => {
            push_args(st, &l.args, d, c + LAMBDA);
            push_expr(st, &l.body, d, c + LAMBDA);
        }
        Expr::IfExp(i) => push_exprs(st, [&*i.test, &*i.body, &*i.orelse], d, c + UNARY),
        Expr::Dict(x) => push_exprs(st, x.keys.iter().flatten().chain(&x.values), d, c + DISPLAY),
        Expr::Set(x) => push_exprs(st, &x.elts, d, c + DISPLAY),
        Expr::List(x) => push_exprs(st, &x.elts, d, c + DISPLAY),
        Expr::Tuple(x) => push_exprs(st, &x.elts, d, c + DISPLAY),
        Expr::ListComp(x) => comprehension(st, [&*x.elt], &x.generators, d, c),
        Expr::SetComp(x) => comprehension(st, [&*x.elt], &x.generators, d, c),
        Expr::GeneratorExp(x) => comprehension(st, [&*x.elt], &x.generators, d, c),
        Expr::DictComp(x) => comprehension(st, [&*x.key, &*x.value], &x.generators, d, c),
        Expr::Await(x) => push_expr(st, &x.value, d, c + UNARY),
        Expr::Yield(x) => push_exprs(st, x.value.as_deref(), d, c + BOOL_OP),
        Expr::YieldFrom(x) => push_expr(st, &x.value, d, c + BOOL_OP),
        Expr::Compare(x) => {
            push_expr(st, &x.left, d, c);
            push_exprs(st, &x.comparators, d, c + COMPARE);
        }
        Expr::Call(x) => {
            push_expr(st, &x.func, d, c);
            push_exprs(st, x.args.iter().chain(x.keywords.iter().map(|k| &k.value)), d, c + CALL_ARG);
        }
        Expr::FormattedValue(x) => {
            push_exprs(st, [&*x.value].into_iter().chain(x.format_spec.as_deref()), d, c + PAREN)
        }
        Expr::JoinedStr(x) => push_exprs(st, &x.values, d, c),
        Expr::Attribute(x) => push_expr(st, &x.value, d, c),
        Expr::Subscript(x) => {
            push_expr(st, &x.value, d, c);
            push_expr(st, &x.slice, d, c + CALL_ARG);
        }
        Expr::Starred(x) => push_expr(st, &x.value, d, c + UNARY),
        Expr::Slice(x) => {
            push_exprs(st, [&x.lower, &x.upper, &x.step].into_iter().flatten().map(|e| &**e), d, c + UNARY)
        }
        Expr::Name(_) | Expr::Constant(_) => {}
    }
}

fn comprehension<'a, const N: usize>(
    st: &mut Stack<'a>,
    elts: [&'a Expr; N],
    generators: &'a [ast::Comprehension],
    d: u32,
    c: u32,
) {
    push_exprs(st, elts, d, c + COMPREHENSION);
    for g in generators {
        push_exprs(st, [&g.target, &g.iter].into_iter().chain(&g.ifs), d, c + COMPREHENSION);
    }
}
