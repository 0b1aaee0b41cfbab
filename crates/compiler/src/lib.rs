//! Front end: Python source → [`CodeObject`].
//!
//! Parsing is done by `rustpython-parser`; this crate owns the symbol table (`symtable`), the
//! code generator (`compile`, `compile_stmt`, `compile_expr`), the assembler (`assemble`) and
//! the disassembler (`dis`). The bytecode is CPython-3.13-shaped; `docs/bytecode.md` describes
//! it and lists where it differs from CPython.

mod assemble;
pub mod code;
mod compile;
mod compile_expr;
mod compile_stmt;
pub mod dis;
pub mod error;
mod limits;
pub mod liveness;
mod scan;
pub mod source;
mod symtable;

pub use code::{CodeObject, Constant, ExceptionTableEntry, LineEntry};
pub use dis::{disassemble, disassemble_one};
pub use error::{CompileError, Limit, SyntaxKind, format_syntax_error};
pub use source::{Origin, SourceError, decode as decode_source};

use rustpython_parser::{Mode, ast, parse};

/// Compiles a module's source text. `filename` is recorded in every code object.
pub fn compile_module(source: &str, filename: &str) -> Result<CodeObject, CompileError> {
    let index = error::LineIndex::new(source);
    // Tokenizer-level errors first (number literals, bracket and indentation depth), as
    // CPython's tokenizer reports them; this also bounds bracket nesting for the parser.
    scan::check(source, &index)?;
    let parsed = parse(source, Mode::Module, filename).map_err(|e| error::from_parse_error(&e, &index, source))?;
    let body = match &parsed {
        ast::Mod::Module(m) => &m.body,
        _ => return Err(index.unsupported("non-module source", error::Loc { line: 1, col: 1 })),
    };
    if let Err(e) = limits::check(body) {
        // A refused tree can be a million levels deep, and dropping it recurses that deep:
        // leak it instead (it is at most a constant times the source's size).
        std::mem::forget(parsed);
        return Err(e);
    }
    let table = symtable::build(body, &index)?;
    let mut c = compile::Compiler::new(table, &index, filename);
    c.module(body)
}
