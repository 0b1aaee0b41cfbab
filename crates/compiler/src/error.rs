//! Compile errors and source positions.
//!
//! [`CompileError`] is what the front end reports: a CPython-style `SyntaxError` (message, 1-based
//! line and column, the offending source line) or a construct outside tracelift's language
//! subset. [`LineIndex`] turns the parser's byte offsets into line/column pairs, and
//! [`from_parse_error`] rewrites `rustpython-parser` errors into CPython's wording.

use rustpython_parser::lexer::LexicalErrorType;
use rustpython_parser::text_size::TextSize;
use rustpython_parser::{ParseError, ParseErrorType, Tok};
use std::fmt;

/// Why compilation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// CPython-style syntax error; line/col 1-based; text = the source line (no newline).
    Syntax { msg: String, line: u32, col: u32, text: String },
    /// A feature outside our subset: `what` names it ("with statement", "async function",
    /// "match statement" ...).
    Unsupported { what: String, line: u32, col: u32 },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Syntax { msg, line, col, .. } => {
                write!(f, "SyntaxError: {msg} (line {line}, column {col})")
            }
            CompileError::Unsupported { what, line, col } => {
                write!(f, "unsupported: {what} (line {line}, column {col})")
            }
        }
    }
}

impl std::error::Error for CompileError {}

/// A 1-based source position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

/// Maps byte offsets of the source to 1-based line and column (columns count characters).
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        LineIndex { source, starts }
    }

    /// Position of a byte offset.
    pub fn loc(&self, offset: TextSize) -> Loc {
        let off = (u32::from(offset) as usize).min(self.source.len());
        let line = self.starts.partition_point(|s| *s <= off).max(1);
        let start = self.starts[line - 1];
        let col = self.source.get(start..off).map_or(off - start, |s| s.chars().count()) + 1;
        Loc { line: line as u32, col: col as u32 }
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: u32) -> String {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.starts.get(i) else {
            return String::new();
        };
        let end = self.starts.get(i + 1).copied().unwrap_or(self.source.len());
        let text = self.source.get(start..end).unwrap_or("");
        text.trim_end_matches(['\n', '\r']).to_string()
    }

    /// A syntax error at `loc`.
    pub fn syntax(&self, msg: impl Into<String>, loc: Loc) -> CompileError {
        CompileError::Syntax { msg: msg.into(), line: loc.line, col: loc.col, text: self.line_text(loc.line) }
    }

    /// An unsupported-feature error at `loc`.
    pub fn unsupported(&self, what: impl Into<String>, loc: Loc) -> CompileError {
        CompileError::Unsupported { what: what.into(), line: loc.line, col: loc.col }
    }
}

/// What an early end of file left open.
enum Unclosed {
    Bracket(usize, char),
    TripleQuote(usize),
}

/// Finds the first bracket that is never closed (skipping strings and comments), for CPython's
/// "'(' was never closed" message, or an unterminated triple-quoted string.
fn unclosed_bracket(source: &str) -> Option<Unclosed> {
    let bytes = source.as_bytes();
    let mut stack: Vec<(usize, char)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'\'' | b'"' => {
                let triple = bytes.get(i + 1) == Some(&c) && bytes.get(i + 2) == Some(&c);
                let q = if triple { 3 } else { 1 };
                let begin = i;
                i += q;
                let mut closed = false;
                while i < bytes.len() {
                    if bytes[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if !triple && bytes[i] == b'\n' {
                        break;
                    }
                    if bytes[i] == c && (!triple || (bytes.get(i + 1) == Some(&c) && bytes.get(i + 2) == Some(&c))) {
                        i += q;
                        closed = true;
                        break;
                    }
                    i += 1;
                }
                if triple && !closed {
                    return Some(Unclosed::TripleQuote(begin));
                }
                continue;
            }
            b'(' | b'[' | b'{' => stack.push((i, c as char)),
            b')' | b']' | b'}' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    stack.first().map(|&(i, c)| Unclosed::Bracket(i, c))
}

/// Rewrites a parser error in CPython's words.
pub fn from_parse_error(err: &ParseError, index: &LineIndex<'_>, source: &str) -> CompileError {
    let loc = index.loc(err.offset);
    let msg = match &err.error {
        ParseErrorType::Eof | ParseErrorType::Lexical(LexicalErrorType::Eof) => {
            match unclosed_bracket(source) {
                Some(Unclosed::Bracket(off, ch)) => {
                    let l = index.loc(TextSize::from(off as u32));
                    return index.syntax(format!("'{ch}' was never closed"), l);
                }
                Some(Unclosed::TripleQuote(off)) => {
                    let l = index.loc(TextSize::from(off as u32));
                    let last = index.loc(TextSize::from(source.trim_end().len() as u32)).line;
                    let msg = format!("unterminated triple-quoted string literal (detected at line {last})");
                    return index.syntax(msg, l);
                }
                None => {}
            }
            "unexpected EOF while parsing".to_string()
        }
        ParseErrorType::UnrecognizedToken(Tok::Indent, _) => "unexpected indent".to_string(),
        ParseErrorType::UnrecognizedToken(_, Some(expected)) if expected == "Indent" => {
            "expected an indented block".to_string()
        }
        ParseErrorType::UnrecognizedToken(..) | ParseErrorType::ExtraToken(_) | ParseErrorType::InvalidToken => {
            "invalid syntax".to_string()
        }
        ParseErrorType::Lexical(lex) => match lex {
            LexicalErrorType::IndentationError => "unindent does not match any outer indentation level".to_string(),
            LexicalErrorType::TabError | LexicalErrorType::TabsAfterSpaces => {
                "inconsistent use of tabs and spaces in indentation".to_string()
            }
            LexicalErrorType::DefaultArgumentError => {
                "parameter without a default follows parameter with a default".to_string()
            }
            LexicalErrorType::DuplicateArgumentError(name) => {
                format!("duplicate argument '{name}' in function definition")
            }
            LexicalErrorType::DuplicateKeywordArgumentError(name) => {
                format!("keyword argument repeated: {name}")
            }
            LexicalErrorType::PositionalArgumentError => "positional argument follows keyword argument".to_string(),
            LexicalErrorType::UnpackedArgumentError => {
                "iterable argument unpacking follows keyword argument unpacking".to_string()
            }
            LexicalErrorType::UnrecognizedToken { tok } => {
                format!("invalid character '{tok}' (U+{:04X})", *tok as u32)
            }
            LexicalErrorType::LineContinuationError => {
                "unexpected character after line continuation character".to_string()
            }
            LexicalErrorType::NestingError => "unmatched bracket".to_string(),
            LexicalErrorType::StringError => "unterminated string literal".to_string(),
            LexicalErrorType::OtherError(msg) if msg == "EOL while scanning string literal" => {
                // The lexer reports the position after the newline; CPython points at the
                // opening quote of the string on the previous line.
                let line = if loc.col == 1 && loc.line > 1 { loc.line - 1 } else { loc.line };
                let text = index.line_text(line);
                let col = text.char_indices().filter(|(_, c)| *c == '"' || *c == '\'').map(|(i, _)| i).next_back();
                let col = col.map_or(1, |i| text[..i].chars().count() as u32 + 1);
                return index
                    .syntax(format!("unterminated string literal (detected at line {line})"), Loc { line, col });
            }
            LexicalErrorType::OtherError(msg) if msg == "Invalid Syntax" || msg == "Invalid Token" => {
                "invalid syntax".to_string()
            }
            LexicalErrorType::OtherError(msg) if msg == "Invalid decimal literal" => {
                "invalid decimal literal".to_string()
            }
            LexicalErrorType::OtherError(msg) => msg.clone(),
            other => other.to_string(),
        },
    };
    index.syntax(msg, loc)
}
