//! `CodeObject`: what the front end hands to the VM.
//!
//! The layout mirrors CPython's `PyCodeObject` (3.11+): one `localsplus` array holding plain
//! locals (arguments first), then cell variables, then free variables; an exception table of
//! ranges instead of a block stack; a line table mapping code units to source lines.
//! Constants are plain Rust data ([`Constant`]) so that this crate does not depend on the
//! runtime; the VM turns them into values once, when it loads the code.

use tracelift_uops::opcode::{Opcode, decode};

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// An int that fits in an `i64`.
    Int(i64),
    /// An int that does not fit in an `i64`, as decimal digits with an optional leading `-`.
    BigInt(String),
    /// A float.
    Float(f64),
    /// A str.
    Str(String),
    /// A bytes literal.
    Bytes(Vec<u8>),
    /// A tuple of constants (e.g. keyword-name tuples for `CALL_KW`, default values).
    Tuple(Vec<Constant>),
    /// A frozenset of constants, in source order (CPython folds set displays of three or more
    /// constants into `BUILD_SET 0; LOAD_CONST frozenset; SET_UPDATE 1`).
    FrozenSet(Vec<Constant>),
    /// A nested code object (function, lambda, class body, comprehension).
    Code(Box<CodeObject>),
    /// `...`
    Ellipsis,
}

/// Flags of a code object, as CPython's `co_flags` bits.
pub mod flags {
    /// Locals live in `localsplus` (functions), not in a dict (module and class bodies).
    pub const OPTIMIZED: u32 = 0x1;
    /// A new locals namespace is made per call.
    pub const NEWLOCALS: u32 = 0x2;
    /// Takes `*args`.
    pub const VARARGS: u32 = 0x4;
    /// Takes `**kwargs`.
    pub const VARKEYWORDS: u32 = 0x8;
    /// Defined inside another function.
    pub const NESTED: u32 = 0x10;
    /// A generator function (its body starts with `RETURN_GENERATOR`).
    pub const GENERATOR: u32 = 0x20;
    /// An `async def` function: calling it makes a coroutine (its body starts with
    /// `RETURN_GENERATOR` too).
    pub const COROUTINE: u32 = 0x80;
}

/// Kind bits of a `localsplus` slot, as CPython's `CO_FAST_*`.
pub mod kinds {
    /// A plain local (or an argument).
    pub const LOCAL: u8 = 0x20;
    /// A cell variable: captured by an inner function. May also be `LOCAL` when it is an
    /// argument (the argument's slot is turned into a cell by `MAKE_CELL`).
    pub const CELL: u8 = 0x40;
    /// A free variable: a cell copied from the enclosing function's closure.
    pub const FREE: u8 = 0x80;
}

/// One exception-table entry: an exception raised by an instruction in `start..end` (code unit
/// offsets) unwinds the value stack to `depth` items, pushes the offset of the raising
/// instruction if `lasti`, pushes the exception, and jumps to `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExceptionTableEntry {
    pub start: u32,
    pub end: u32,
    pub target: u32,
    pub depth: u32,
    pub lasti: bool,
}

/// One line-table run: code units from `start` up to the next entry's `start` come from source
/// line `line` (column `col`, 1-based, of the statement or expression that produced them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEntry {
    pub start: u32,
    pub line: u32,
    pub col: u32,
}

/// A compiled unit of Python code: a module, function, lambda, class body or comprehension.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CodeObject {
    /// `co_name`, e.g. `"f"`, `"<module>"`, `"<lambda>"`, `"<listcomp>"`, `"<genexpr>"`.
    pub name: String,
    /// `co_qualname`, e.g. `"C.method"`, `"f.<locals>.g"`.
    pub qualname: String,
    /// The source file path as given on the command line.
    pub filename: String,
    /// Line of the `def`/`class`/`lambda` (1 for modules).
    pub firstlineno: u32,
    /// Positional parameters, including positional-only ones.
    pub argcount: u32,
    /// Positional-only parameters (those before `/`).
    pub posonlyargcount: u32,
    /// Keyword-only parameters (after `*` or `*args`).
    pub kwonlyargcount: u32,
    /// See [`flags`].
    pub flags: u32,
    /// Code units: instructions and their inline caches (see `tracelift_uops::opcode`).
    pub code: Vec<u32>,
    /// `co_consts`.
    pub consts: Vec<Constant>,
    /// `co_names`: global, attribute and imported names.
    pub names: Vec<String>,
    /// Names of the localsplus slots: parameters in order (positional, keyword-only, then
    /// `*args`, then `**kwargs`), other locals, cell variables that are not parameters, free
    /// variables.
    pub localsplusnames: Vec<String>,
    /// One [`kinds`] byte per localsplus slot.
    pub localspluskinds: Vec<u8>,
    /// Maximum depth of the value stack.
    pub stacksize: u32,
    /// Sorted, non-overlapping ranges.
    pub exceptiontable: Vec<ExceptionTableEntry>,
    /// Sorted by `start`; the first entry starts at 0.
    pub linetable: Vec<LineEntry>,
}

impl CodeObject {
    /// A copy of the identifying fields only (name, file, line), without code or constants.
    pub fn clone_header(&self) -> CodeObject {
        CodeObject {
            name: self.name.clone(),
            qualname: self.qualname.clone(),
            filename: self.filename.clone(),
            firstlineno: self.firstlineno,
            argcount: self.argcount,
            posonlyargcount: self.posonlyargcount,
            kwonlyargcount: self.kwonlyargcount,
            flags: self.flags,
            ..CodeObject::default()
        }
    }

    /// Number of localsplus slots (locals + cells + free variables).
    pub fn nlocalsplus(&self) -> usize {
        self.localsplusnames.len()
    }

    /// Number of free variables (they are the last slots of localsplus).
    pub fn nfreevars(&self) -> usize {
        self.localspluskinds.iter().filter(|k| **k & kinds::FREE != 0).count()
    }

    /// Total parameters, counting `*args` and `**kwargs`.
    pub fn total_args(&self) -> usize {
        let mut n = (self.argcount + self.kwonlyargcount) as usize;
        if self.flags & flags::VARARGS != 0 {
            n += 1;
        }
        if self.flags & flags::VARKEYWORDS != 0 {
            n += 1;
        }
        n
    }

    /// Source line of the instruction at code unit `offset`.
    pub fn line_for(&self, offset: usize) -> u32 {
        let i = self.linetable.partition_point(|e| e.start as usize <= offset);
        if i == 0 { self.firstlineno } else { self.linetable[i - 1].line }
    }

    /// The innermost exception-table entry covering `offset`, if any.
    pub fn handler_for(&self, offset: usize) -> Option<&ExceptionTableEntry> {
        let off = offset as u32;
        self.exceptiontable.iter().find(|e| e.start <= off && off < e.end)
    }

    /// Iterates over `(offset, opcode, arg)` for each instruction, skipping caches.
    pub fn instructions(&self) -> impl Iterator<Item = (usize, Opcode, u32)> + '_ {
        let mut i = 0;
        std::iter::from_fn(move || {
            while i < self.code.len() {
                let (b, arg) = decode(self.code[i]);
                let at = i;
                let op = Opcode::from_u8(b)?;
                i += 1 + op.cache_size();
                if op == Opcode::CACHE {
                    continue;
                }
                return Some((at, op, arg));
            }
            None
        })
    }
}
