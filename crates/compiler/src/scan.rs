//! A pre-scan of the source for the errors CPython's tokenizer reports and `rustpython-parser`
//! words differently or not at all: malformed number literals (`0x`, `1_`, `0b2`, `07` ...),
//! more than 200 nested brackets ("too many nested parentheses") and 100 levels of
//! indentation ("too many levels of indentation").
//!
//! It walks the source once, skipping comments and string literals, and stops at the first
//! error in source order, as CPython's tokenizer does. The number rules are a transcription of
//! `tok_get`'s number branch, `tok_decimal_tail` and `verify_end_of_number` in CPython 3.11's
//! Parser/tokenizer.c, so messages and caret columns are CPython's. Running it before the
//! parser also bounds bracket nesting, which keeps the parser and everything after it away
//! from pathological input (see `limits` for the rest).

use rustpython_parser::text_size::TextSize;

use crate::error::{CompileError, LineIndex, Loc, SyntaxKind};

/// CPython's `MAXLEVEL`: the deepest bracket nesting the tokenizer accepts.
const MAX_BRACKETS: usize = 200;
/// CPython's `MAXINDENT`: the indentation stack's size (so 99 levels).
const MAX_INDENT: usize = 100;

/// End of input, as `tok_nextc` returns it.
const EOF: i32 = -1;

/// Scans `source` and returns the first tokenizer-level error CPython would report.
pub fn check(source: &str, index: &LineIndex<'_>) -> Result<(), CompileError> {
    Scanner { b: source.as_bytes(), i: 0, index }.run()
}

struct Scanner<'a, 'i> {
    b: &'a [u8],
    /// The next byte to read (CPython's `tok->cur`).
    i: usize,
    index: &'i LineIndex<'a>,
}

fn is_ident_char(c: i32) -> bool {
    c >= 128 || c == b'_' as i32 || (c >= 0 && (c as u8).is_ascii_alphanumeric())
}

fn is_digit(c: i32) -> bool {
    (b'0' as i32..=b'9' as i32).contains(&c)
}

impl<'a> Scanner<'a, '_> {
    fn peek(&self, k: usize) -> i32 {
        self.b.get(self.i + k).map_or(EOF, |&c| c as i32)
    }

    fn nextc(&mut self) -> i32 {
        match self.b.get(self.i) {
            Some(&c) => {
                self.i += 1;
                c as i32
            }
            None => EOF,
        }
    }

    fn backup(&mut self, c: i32) {
        if c != EOF {
            self.i -= 1;
        }
    }

    /// CPython's `offset` for a position: the characters of its line before `pos`.
    fn offset_at(&self, pos: usize) -> Loc {
        let l = self.index.loc(TextSize::from(pos as u32));
        Loc { line: l.line, col: l.col - 1 }
    }

    /// `syntaxerror(tok, msg)`: the caret under the character before the cursor.
    fn error(&self, msg: String) -> CompileError {
        self.index.error(SyntaxKind::Syntax, msg, self.offset_at(self.i), 0)
    }

    fn run(mut self) -> Result<(), CompileError> {
        let mut depth = 0usize;
        let mut indents: Vec<usize> = vec![0];
        let mut at_line_start = true;
        loop {
            if at_line_start && depth == 0 {
                at_line_start = false;
                self.indentation(&mut indents)?;
            }
            let c = self.nextc();
            match c {
                EOF => return Ok(()),
                _ if c == b'#' as i32 => {
                    while !matches!(self.peek(0), EOF | 10 | 13) {
                        self.i += 1;
                    }
                }
                _ if c == b'\\' as i32 => {
                    // A line continuation: the next line does not start a logical line.
                    if self.peek(0) == 13 {
                        self.i += 1;
                    }
                    if self.peek(0) == 10 {
                        self.i += 1;
                    }
                }
                10 => at_line_start = true,
                _ if c == b'\'' as i32 || c == b'"' as i32 => self.skip_string(c),
                _ if is_ident_char(c) && !is_digit(c) => {
                    let start = self.i - 1;
                    while is_ident_char(self.peek(0)) {
                        self.i += 1;
                    }
                    let word = &self.b[start..self.i];
                    let q = self.peek(0);
                    let prefix = word.len() <= 2
                        && word.iter().all(|c| b"rRbBuUfF".contains(c))
                        && (word.len() == 1 || !word.iter().any(|c| b"uU".contains(c)));
                    if prefix && (q == b'\'' as i32 || q == b'"' as i32) {
                        self.i += 1;
                        self.skip_string(q);
                    }
                }
                _ if is_digit(c) => self.number(c)?,
                _ if c == b'.' as i32 && is_digit(self.peek(0)) => {
                    let c = self.nextc();
                    self.fraction(c)?;
                }
                _ if c == b'(' as i32 || c == b'[' as i32 || c == b'{' as i32 => {
                    if depth >= MAX_BRACKETS {
                        return Err(self.error("too many nested parentheses".into()));
                    }
                    depth += 1;
                }
                _ if c == b')' as i32 || c == b']' as i32 || c == b'}' as i32 => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }

    /// At the start of a line: measures its indentation (tabs to multiples of 8, as CPython)
    /// and keeps the stack of open levels; blank and comment lines do not count.
    fn indentation(&mut self, indents: &mut Vec<usize>) -> Result<(), CompileError> {
        let mut col = 0usize;
        let mut j = self.i;
        while let Some(&c) = self.b.get(j) {
            match c {
                b' ' => col += 1,
                b'\t' => col = (col / 8 + 1) * 8,
                0x0c => col = 0,
                _ => break,
            }
            j += 1;
        }
        if matches!(self.b.get(j), None | Some(b'#' | b'\n' | b'\r' | b'\\')) {
            return Ok(());
        }
        let top = *indents.last().unwrap_or(&0);
        if col > top {
            if indents.len() >= MAX_INDENT {
                let line = self.offset_at(j).line;
                let msg = "too many levels of indentation";
                return Err(self.index.error(SyntaxKind::Indentation, msg, Loc { line, col: 1 }, 0));
            }
            indents.push(col);
        } else {
            while indents.len() > 1 && *indents.last().unwrap_or(&0) > col {
                indents.pop();
            }
        }
        Ok(())
    }

    /// Skips a string literal whose opening quote `q` was just read. An unterminated string
    /// ends the skip; the parser reports it.
    fn skip_string(&mut self, q: i32) {
        let triple = self.peek(0) == q && self.peek(1) == q;
        if triple {
            self.i += 2;
        }
        loop {
            let c = self.nextc();
            match c {
                EOF => return,
                _ if c == b'\\' as i32 => {
                    self.nextc();
                }
                10 if !triple => return,
                _ if c == q && (!triple || (self.peek(0) == q && self.peek(1) == q)) => {
                    if triple {
                        self.i += 2;
                    }
                    return;
                }
                _ => {}
            }
        }
    }

    /// A number literal whose first digit `c` was just read (CPython's `tok_get`).
    fn number(&mut self, c: i32) -> Result<(), CompileError> {
        let start = self.i - 1;
        if c != b'0' as i32 {
            let c = self.decimal_tail()?;
            return self.after_integer(c);
        }
        let c = self.nextc();
        match c as u8 {
            b'x' | b'X' if c >= 0 => self.radix(16, "hexadecimal"),
            b'o' | b'O' if c >= 0 => self.radix(8, "octal"),
            b'b' | b'B' if c >= 0 => self.radix(2, "binary"),
            _ => {
                // Maybe an old-style octal; in any case `0` is allowed.
                let mut c = c;
                let mut nonzero = false;
                loop {
                    if c == b'_' as i32 {
                        c = self.nextc();
                        if !is_digit(c) {
                            self.backup(c);
                            return Err(self.error("invalid decimal literal".into()));
                        }
                    }
                    if c != b'0' as i32 {
                        break;
                    }
                    c = self.nextc();
                }
                let zeros_end = self.i;
                if is_digit(c) {
                    nonzero = true;
                    c = self.decimal_tail()?;
                }
                if c == b'.' as i32 {
                    let c = self.nextc();
                    return self.fraction(c);
                }
                if c == b'e' as i32 || c == b'E' as i32 {
                    return self.exponent(c);
                }
                if c == b'j' as i32 || c == b'J' as i32 {
                    return self.imaginary();
                }
                if nonzero {
                    self.backup(c);
                    let from = self.offset_at(start);
                    let to = self.offset_at(zeros_end);
                    let msg = "leading zeros in decimal integer literals are not permitted; \
                               use an 0o prefix for octal integers";
                    return Err(self.index.error(
                        SyntaxKind::Syntax,
                        msg,
                        Loc { line: from.line, col: from.col + 1 },
                        to.col,
                    ));
                }
                self.end_of_number(c, "decimal")
            }
        }
    }

    /// `0x` / `0o` / `0b` digits with single underscores between them.
    fn radix(&mut self, radix: u32, kind: &str) -> Result<(), CompileError> {
        let ok = |c: i32| c >= 0 && (c as u8 as char).is_digit(radix);
        let mut c = self.nextc();
        loop {
            if c == b'_' as i32 {
                c = self.nextc();
            }
            if !ok(c) {
                if radix != 16 && is_digit(c) {
                    return Err(self.error(format!("invalid digit '{}' in {kind} literal", c as u8 as char)));
                }
                self.backup(c);
                return Err(self.error(format!("invalid {kind} literal")));
            }
            loop {
                c = self.nextc();
                if !ok(c) {
                    break;
                }
            }
            if c != b'_' as i32 {
                break;
            }
        }
        if radix != 16 && is_digit(c) {
            return Err(self.error(format!("invalid digit '{}' in {kind} literal", c as u8 as char)));
        }
        self.end_of_number(c, kind)
    }

    /// After the integer part of a decimal literal: a fraction, an exponent, `j` or the end.
    fn after_integer(&mut self, c: i32) -> Result<(), CompileError> {
        if c == b'.' as i32 {
            let c = self.nextc();
            return self.fraction(c);
        }
        self.exponent_or_end(c)
    }

    /// What may follow a decimal mantissa (`c`): an exponent, `j`, or the number's end.
    fn exponent_or_end(&mut self, c: i32) -> Result<(), CompileError> {
        if c == b'e' as i32 || c == b'E' as i32 {
            return self.exponent(c);
        }
        if c == b'j' as i32 || c == b'J' as i32 {
            return self.imaginary();
        }
        self.end_of_number(c, "decimal")
    }

    /// The digits after the point (`c` is the character after it).
    fn fraction(&mut self, c: i32) -> Result<(), CompileError> {
        let mut c = c;
        if is_digit(c) {
            c = self.decimal_tail()?;
        }
        self.exponent_or_end(c)
    }

    /// The exponent; `e` is the `e`/`E` just read.
    fn exponent(&mut self, e: i32) -> Result<(), CompileError> {
        let mut c = self.nextc();
        if c == b'+' as i32 || c == b'-' as i32 {
            c = self.nextc();
            if !is_digit(c) {
                self.backup(c);
                return Err(self.error("invalid decimal literal".into()));
            }
        } else if !is_digit(c) {
            self.backup(c);
            // `1else`: the number ends before the `e` (where this leaves the cursor).
            return self.end_of_number(e, "decimal");
        }
        let c = self.decimal_tail()?;
        if c == b'j' as i32 || c == b'J' as i32 {
            return self.imaginary();
        }
        self.end_of_number(c, "decimal")
    }

    fn imaginary(&mut self) -> Result<(), CompileError> {
        let c = self.nextc();
        self.end_of_number(c, "imaginary")
    }

    /// `tok_decimal_tail`: digits with single underscores between them; returns the first
    /// character after them.
    fn decimal_tail(&mut self) -> Result<i32, CompileError> {
        loop {
            let mut c;
            loop {
                c = self.nextc();
                if !is_digit(c) {
                    break;
                }
            }
            if c != b'_' as i32 {
                return Ok(c);
            }
            c = self.nextc();
            if !is_digit(c) {
                self.backup(c);
                return Err(self.error("invalid decimal literal".into()));
            }
        }
    }

    /// `verify_end_of_number`: a number may be followed directly by `and`, `else`, `for`,
    /// `if`, `in`, `is`, `not` or `or` (deprecated, but valid in 3.11); any other ASCII
    /// identifier character right after it is an error (a non-ASCII one is left to the
    /// parser). Leaves the cursor after the number.
    fn end_of_number(&mut self, c: i32, kind: &str) -> Result<(), CompileError> {
        let rest = &self.b[self.i.min(self.b.len())..];
        let keyword = match c.try_into().map(|c: u8| c as char) {
            Ok('a') => rest.starts_with(b"nd"),
            Ok('e') => rest.starts_with(b"lse"),
            Ok('f') => rest.starts_with(b"or"),
            Ok('i') => matches!(rest.first(), Some(b'f' | b'n' | b's')),
            Ok('o') => rest.starts_with(b"r"),
            Ok('n') => rest.starts_with(b"ot"),
            _ => false,
        };
        self.backup(c);
        if !keyword && c < 128 && is_ident_char(c) {
            return Err(self.error(format!("invalid {kind} literal")));
        }
        Ok(())
    }
}
