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
    /// CPython-style syntax error; line/col 1-based (CPython's `offset`: the caret goes under
    /// character `col - 1`); text = the source line (no newline). `end_col` is CPython's
    /// `end_offset` (0: a single caret); `kind` says which class CPython raises.
    Syntax { kind: SyntaxKind, msg: String, line: u32, col: u32, end_col: u32, text: String },
    /// A feature outside our subset: `what` names it ("with statement", "async function",
    /// "match statement" ...).
    Unsupported { what: String, line: u32, col: u32 },
    /// Source nested beyond what CPython's parser or compiler accepts (see `limits`).
    TooDeep(Limit),
}

/// Which class a syntax error is raised as (CPython's `SyntaxError` and its subclasses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SyntaxKind {
    /// `SyntaxError`
    #[default]
    Syntax,
    /// `IndentationError`: unexpected indent, missing block, unindent mismatch, too deep.
    Indentation,
    /// `TabError`: inconsistent use of tabs and spaces.
    Tab,
}

impl SyntaxKind {
    /// The exception class name, as printed on the last traceback line.
    pub fn class_name(self) -> &'static str {
        match self {
            SyntaxKind::Syntax => "SyntaxError",
            SyntaxKind::Indentation => "IndentationError",
            SyntaxKind::Tab => "TabError",
        }
    }
}

/// The two ways CPython 3.11 refuses source nested too deeply to handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The PEG parser's stack (`MAXSTACK`, 6,000 rule levels) overflowed: a bare `MemoryError`.
    Parser,
    /// The compiler's recursion guard (3 × the recursion limit of 1,000 nested statements
    /// and expressions): `RecursionError: maximum recursion depth exceeded during compilation`.
    Compiler,
}

impl Limit {
    /// The exception class name.
    pub fn class_name(self) -> &'static str {
        match self {
            Limit::Parser => "MemoryError",
            Limit::Compiler => "RecursionError",
        }
    }
    /// The exception message (empty for the bare `MemoryError`).
    pub fn message(self) -> &'static str {
        match self {
            Limit::Parser => "",
            Limit::Compiler => "maximum recursion depth exceeded during compilation",
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Syntax { kind, msg, line, col, .. } => {
                write!(f, "{}: {msg} (line {line}, column {col})", kind.class_name())
            }
            CompileError::Unsupported { what, line, col } => {
                write!(f, "unsupported: {what} (line {line}, column {col})")
            }
            CompileError::TooDeep(l) if l.message().is_empty() => f.write_str(l.class_name()),
            CompileError::TooDeep(l) => write!(f, "{}: {}", l.class_name(), l.message()),
        }
    }
}

/// CPython's report of a syntax error (`print_error_text` in Python/pythonrun.c): the
/// `File "...", line N` line, the source line without its indentation, a caret line under
/// `col..end_col` (none when the column falls inside the indentation), then `Class: msg`.
/// `text` is `None` when CPython has no source line to show.
pub fn format_syntax_error(
    filename: &str,
    line: u32,
    text: Option<&str>,
    col: u32,
    end_col: u32,
    class: &str,
    msg: &str,
) -> String {
    let mut out = format!("  File \"{filename}\", line {line}\n");
    if let Some(text) = text {
        let text = text.trim_end_matches(['\n', '\r']);
        let stripped = text.trim_start_matches([' ', '\t', '\x0c']);
        let indent = (text.chars().count() - stripped.chars().count()) as i64;
        let len = stripped.chars().count() as i64;
        let offset = (col as i64 - 1 - indent).min(len);
        let end = if end_col > col { (end_col as i64 - 1 - indent).min(len + 1) } else { offset + 1 };
        out.push_str("    ");
        out.push_str(stripped);
        out.push('\n');
        if offset >= 0 {
            out.push_str("    ");
            out.push_str(&" ".repeat(offset as usize));
            out.push_str(&"^".repeat((end - offset).max(1) as usize));
            out.push('\n');
        }
    }
    out.push_str(class);
    if !msg.is_empty() {
        out.push_str(": ");
        out.push_str(msg);
    }
    out.push('\n');
    out
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
        self.error(SyntaxKind::Syntax, msg, loc, 0)
    }

    /// A syntax error of class `kind` at `loc`, its carets running to column `end_col`.
    pub fn error(&self, kind: SyntaxKind, msg: impl Into<String>, loc: Loc, end_col: u32) -> CompileError {
        CompileError::Syntax {
            kind,
            msg: msg.into(),
            line: loc.line,
            col: loc.col,
            end_col,
            text: self.line_text(loc.line),
        }
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
            if let Some(e) = missing_block_at_eof(err, index, source) {
                return e;
            }
            "unexpected EOF while parsing".to_string()
        }
        ParseErrorType::UnrecognizedToken(Tok::Indent, _) => {
            // CPython's offset falls inside the indentation, so no caret is drawn.
            let text = index.line_text(loc.line);
            let indent = text.chars().take_while(|c| c.is_whitespace()).count().max(1);
            let loc = Loc { line: loc.line, col: indent as u32 };
            return index.error(SyntaxKind::Indentation, "unexpected indent", loc, 0);
        }
        ParseErrorType::UnrecognizedToken(_, Some(expected)) if expected == "Indent" => {
            let (what, line) = block_opener(source, err.offset).unzip();
            let msg = match (what, line) {
                (Some(what), Some(line)) => expected_block(what, line),
                _ => "expected an indented block".to_string(),
            };
            return index.error(SyntaxKind::Indentation, msg, loc, 0);
        }
        ParseErrorType::UnrecognizedToken(..) | ParseErrorType::ExtraToken(_) | ParseErrorType::InvalidToken => {
            "invalid syntax".to_string()
        }
        ParseErrorType::Lexical(lex) => match lex {
            LexicalErrorType::IndentationError if missing_block_at_eof(err, index, source).is_some() => {
                return missing_block_at_eof(err, index, source).unwrap_or_else(|| index.syntax("", loc));
            }
            LexicalErrorType::IndentationError => {
                // CPython points past the end of the line.
                let col = index.line_text(loc.line).chars().count() as u32 + 1;
                let msg = "unindent does not match any outer indentation level";
                return index.error(SyntaxKind::Indentation, msg, Loc { line: loc.line, col }, 0);
            }
            LexicalErrorType::TabError | LexicalErrorType::TabsAfterSpaces => {
                // Offset 1, inside the indentation: no caret, as in CPython.
                let msg = "inconsistent use of tabs and spaces in indentation";
                return index.error(SyntaxKind::Tab, msg, Loc { line: loc.line, col: 1 }, 0);
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

/// A file that ends right after a compound statement's header: CPython's "expected an
/// indented block after ..." on the last line that has anything on it (no caret).
fn missing_block_at_eof(err: &ParseError, index: &LineIndex<'_>, source: &str) -> Option<CompileError> {
    use rustpython_parser::{Mode, lexer};
    // Nothing but dedents may follow the last logical line.
    let mut after_newline = false;
    let text = if source.ends_with('\n') { source.to_string() } else { format!("{source}\n") };
    for r in lexer::lex(&text, Mode::Module) {
        let Ok((tok, range)) = r else { break };
        if range.start() > err.offset {
            break;
        }
        match tok {
            Tok::Newline => after_newline = true,
            Tok::Dedent | Tok::Indent | Tok::EndOfFile => {}
            _ => after_newline = false,
        }
    }
    if !after_newline {
        return None;
    }
    let (what, line) = block_opener(&text, TextSize::from(u32::MAX))?;
    let last = source.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).last();
    let l = last.map_or(line, |(i, _)| i as u32 + 1);
    Some(index.error(SyntaxKind::Indentation, expected_block(what, line), Loc { line: l, col: 0 }, 0))
}

/// CPython 3.11's "expected an indented block after ..." for the statement `what` on `line`.
fn expected_block(what: &str, line: u32) -> String {
    format!("expected an indented block after {what} on line {line}")
}

/// The compound statement whose header is the last logical line before `offset`, as CPython
/// names it in "expected an indented block after ..." (`'if' statement`, `function
/// definition` ...), with the line of its keyword.
fn block_opener(source: &str, offset: TextSize) -> Option<(&'static str, u32)> {
    use rustpython_parser::{Mode, lexer};
    let mut line_toks: Vec<(Tok, TextSize)> = Vec::new();
    let mut header: Vec<(Tok, TextSize)> = Vec::new();
    for r in lexer::lex(source, Mode::Module) {
        let Ok((tok, range)) = r else { break };
        if range.start() >= offset {
            break;
        }
        match tok {
            Tok::Newline => header = std::mem::take(&mut line_toks),
            Tok::Indent | Tok::Dedent => {}
            _ if line_toks.len() < 2 => line_toks.push((tok, range.start())),
            _ => {}
        }
    }
    let mut it = header.into_iter();
    let (mut tok, mut at) = it.next()?;
    if tok == Tok::Async {
        (tok, at) = it.next()?;
    }
    let what = match tok {
        Tok::If => "'if' statement",
        Tok::Elif => "'elif' statement",
        Tok::Else => "'else' statement",
        Tok::While => "'while' statement",
        Tok::For => "'for' statement",
        Tok::With => "'with' statement",
        Tok::Try => "'try' statement",
        Tok::Except if it.next().is_some_and(|(t, _)| t == Tok::Star) => "'except*' statement",
        Tok::Except => "'except' statement",
        Tok::Finally => "'finally' statement",
        Tok::Match => "'match' statement",
        Tok::Case => "'case' statement",
        Tok::Def => "function definition",
        Tok::Class => "class definition",
        _ => return None,
    };
    let line = source[..(u32::from(at) as usize).min(source.len())].matches('\n').count() as u32 + 1;
    Some((what, line))
}
