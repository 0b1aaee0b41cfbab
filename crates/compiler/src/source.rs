//! Source bytes → text, as CPython 3.11 reads a `.py` file: a UTF-8 byte-order mark, a PEP 263
//! encoding declaration (`# -*- coding: latin-1 -*-` on the first or second line), UTF-8
//! otherwise, and no NUL bytes.
//!
//! CPython words the same failures differently when it runs a script (its tokenizer reads the
//! file) and when it imports a module (importlib decodes the bytes first), so the caller says
//! which [`Origin`] it is and gets CPython's message for that path. Latin-1 and ASCII are
//! decoded here (the WHATWG tables of `encoding_rs` treat both labels as windows-1252); every
//! other codec goes through `encoding_rs`.

use encoding_rs::Encoding;

/// Who is reading the source: the words of the errors differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The program named on the command line (CPython's tokenizer reading a file).
    Script,
    /// A module found by `import` (CPython's importlib, `decode_source` then `compile`).
    Import,
}

/// Why the bytes are not source text, as the `SyntaxError` CPython raises for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// The message.
    pub msg: String,
    /// The `File "...", line N` line to print, if CPython prints one (N may be 0).
    pub line: Option<u32>,
    /// The source line to show under it, if any.
    pub text: Option<String>,
    /// CPython's 1-based `offset` of the caret in `text` (0: no caret).
    pub col: u32,
}

impl SourceError {
    fn bare(msg: String) -> SourceError {
        SourceError { msg, line: None, text: None, col: 0 }
    }
    fn at_line_0(msg: String) -> SourceError {
        SourceError { msg, line: Some(0), text: None, col: 0 }
    }
}

const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// Decodes a source file's bytes; `filename` appears in some of CPython's messages.
pub fn decode(bytes: &[u8], filename: &str, origin: Origin) -> Result<String, SourceError> {
    if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        return Err(match origin {
            Origin::Script => SourceError {
                msg: "source code cannot contain null bytes".into(),
                line: Some(line_of(bytes, nul)),
                text: Some(String::new()),
                col: 0,
            },
            Origin::Import => SourceError::bare("source code string cannot contain null bytes".into()),
        });
    }
    let (bom, body) = match bytes.strip_prefix(UTF8_BOM) {
        Some(rest) => (true, rest),
        None => (false, bytes),
    };
    let declared = coding_spec(body);
    let name = declared.as_deref().map(normal_name);
    match name.as_deref() {
        None | Some("utf-8") => decode_utf8(body, filename, origin, bom || declared.is_some()),
        Some(name) if bom => Err(match origin {
            Origin::Script => SourceError::bare(format!("encoding problem: {name} with BOM")),
            Origin::Import => SourceError::at_line_0(format!("encoding problem: {name} with BOM")),
        }),
        Some(name) => {
            let problem = || match origin {
                Origin::Script => SourceError::bare(format!("encoding problem: {name}")),
                Origin::Import => SourceError::at_line_0(format!("encoding problem: {name}")),
            };
            match codec(name) {
                Some(Codec::Latin1) => Ok(body.iter().map(|&b| b as char).collect()),
                Some(Codec::Ascii) if body.is_ascii() => Ok(String::from_utf8_lossy(body).into_owned()),
                Some(Codec::Ascii) => Err(problem()),
                Some(Codec::Utf8) => decode_utf8(body, filename, origin, true),
                Some(Codec::Other(enc)) => enc
                    .decode_without_bom_handling_and_without_replacement(body)
                    .map(|s| s.into_owned())
                    .ok_or_else(problem),
                None => Err(match origin {
                    Origin::Script => SourceError::bare(format!("encoding problem: {name}")),
                    Origin::Import => SourceError::at_line_0(format!("unknown encoding: {name}")),
                }),
            }
        }
    }
}

/// The 1-based line of byte `at`.
fn line_of(bytes: &[u8], at: usize) -> u32 {
    bytes[..at].iter().filter(|&&b| b == b'\n').count() as u32 + 1
}

/// UTF-8, the default. Without a declaration CPython's tokenizer names the first bad byte and
/// its line; with one (or a BOM), and always on import, the error comes from decoding the
/// token that holds it.
fn decode_utf8(body: &[u8], filename: &str, origin: Origin, declared: bool) -> Result<String, SourceError> {
    let err = match std::str::from_utf8(body) {
        Ok(s) => return Ok(s.to_string()),
        Err(e) => e,
    };
    let at = err.valid_up_to();
    let byte = body[at];
    let line = line_of(body, at);
    if origin == Origin::Script && !declared {
        return Err(SourceError::bare(format!(
            "Non-UTF-8 code starting with '\\x{byte:02x}' in file {filename} on line {line}, but no encoding \
             declared; see https://peps.python.org/pep-0263/ for details"
        )));
    }
    let line_start = body[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line_end = body[at..].iter().position(|&b| b == b'\n').map_or(body.len(), |i| at + i);
    // The position counts from the start of the string literal (or name) being decoded.
    let token_start =
        body[line_start..at].iter().rposition(|&b| b == b'"' || b == b'\'').map_or(line_start, |i| line_start + i + 1);
    let reason = match err.error_len() {
        None => "unexpected end of data",
        Some(_) if (0xc2..=0xf4).contains(&byte) => "invalid continuation byte",
        Some(_) => "invalid start byte",
    };
    let text = String::from_utf8_lossy(&body[line_start..line_end]).into_owned();
    let col = String::from_utf8_lossy(&body[line_start..at]).chars().count() as u32 + 1;
    Err(SourceError {
        msg: format!(
            "(unicode error) 'utf-8' codec can't decode byte 0x{byte:02x} in position {}: {reason}",
            at - token_start
        ),
        line: Some(line),
        text: Some(text),
        col,
    })
}

/// The encoding named by a PEP 263 declaration on line 1 or 2 (line 2 only when line 1 is a
/// comment or blank), as written.
fn coding_spec(body: &[u8]) -> Option<String> {
    let mut lines = body.split(|&b| b == b'\n');
    let first = lines.next()?;
    if let Some(name) = cookie(first) {
        return Some(name);
    }
    let first_trim = first.iter().skip_while(|b| matches!(b, b' ' | b'\t' | 0x0c | b'\r')).copied().collect::<Vec<_>>();
    if !first_trim.is_empty() && first_trim[0] != b'#' {
        return None;
    }
    cookie(lines.next()?)
}

/// `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)` on one line.
fn cookie(line: &[u8]) -> Option<String> {
    let start = line.iter().position(|b| !matches!(b, b' ' | b'\t' | 0x0c))?;
    if line[start] != b'#' {
        return None;
    }
    let rest = &line[start..];
    let mut i = 0;
    while i + 7 <= rest.len() {
        if &rest[i..i + 6] == b"coding" && matches!(rest[i + 6], b':' | b'=') {
            let mut j = i + 7;
            while j < rest.len() && matches!(rest[j], b' ' | b'\t') {
                j += 1;
            }
            let end = rest[j..].iter().position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')));
            let name = &rest[j..end.map_or(rest.len(), |e| j + e)];
            if !name.is_empty() {
                return Some(String::from_utf8_lossy(name).into_owned());
            }
        }
        i += 1;
    }
    None
}

/// CPython's `get_normal_name`: `utf-8` and `iso-8859-1` under their usual spellings, any
/// other name as written.
fn normal_name(name: &str) -> String {
    let buf: String = name.chars().take(12).map(|c| if c == '_' { '-' } else { c.to_ascii_lowercase() }).collect();
    let is = |prefix: &str| buf == prefix || buf.starts_with(&format!("{prefix}-"));
    if is("utf-8") {
        "utf-8".into()
    } else if is("latin-1") || is("iso-8859-1") || is("iso-latin-1") {
        "iso-8859-1".into()
    } else {
        name.to_string()
    }
}

/// A codec CPython knows by that name.
enum Codec {
    Utf8,
    Latin1,
    Ascii,
    Other(&'static Encoding),
}

/// Python's codec lookup (`encodings.normalize_encoding` plus the common aliases), falling
/// back to the WHATWG labels of `encoding_rs` for the rest (cp1252, iso-8859-15, koi8-r,
/// shift_jis, euc-jp, gbk, big5 ...).
fn codec(name: &str) -> Option<Codec> {
    let norm: String = name.to_ascii_lowercase().chars().map(|c| if c == '-' || c == ' ' { '_' } else { c }).collect();
    match norm.as_str() {
        "utf_8" | "utf8" | "u8" | "utf" | "cp65001" => return Some(Codec::Utf8),
        "latin_1" | "latin1" | "latin" | "l1" | "iso_8859_1" | "iso8859_1" | "8859" | "cp819" | "iso_ir_100"
        | "csisolatin1" | "iso_8859_1:1987" => return Some(Codec::Latin1),
        "ascii" | "us_ascii" | "646" | "us" | "ansi_x3.4_1968" | "iso646_us" => return Some(Codec::Ascii),
        // UTF-16/32 source cannot be tokenized (CPython fails too).
        n if n.starts_with("utf_16") || n.starts_with("utf_32") || n.starts_with("utf16") || n.starts_with("utf32") => {
            return None;
        }
        _ => {}
    }
    let label = norm.replace('_', "-");
    let cp = norm.strip_prefix("cp").or_else(|| norm.strip_prefix("windows_"));
    let candidates =
        [label.clone(), cp.map(|n| format!("windows-{n}")).unwrap_or_default(), label.replace("iso8859", "iso-8859")];
    for c in candidates.iter().filter(|c| !c.is_empty()) {
        if let Some(enc) = Encoding::for_label_no_replacement(c.as_bytes()) {
            // WHATWG maps several unrelated labels to windows-1252; Python does not.
            if enc == encoding_rs::WINDOWS_1252 && !c.contains("1252") {
                continue;
            }
            return Some(Codec::Other(enc));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_and_boms() {
        assert_eq!(
            decode(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n", "f", Origin::Script).unwrap(),
            "# -*- coding: latin-1 -*-\nx = '\u{e9}'\n"
        );
        assert_eq!(
            decode(b"#!/bin/py\n# vim: set fileencoding=cp1252 :\n'\x80'", "f", Origin::Script).unwrap().chars().last(),
            Some('\'')
        );
        assert_eq!(decode(b"\xef\xbb\xbfx = 1\n", "f", Origin::Script).unwrap(), "x = 1\n");
        let e = decode(b"# coding: xyz\n", "f", Origin::Script).unwrap_err();
        assert_eq!(e.msg, "encoding problem: xyz");
        let e = decode(b"# coding: xyz\n", "f", Origin::Import).unwrap_err();
        assert_eq!((e.msg.as_str(), e.line), ("unknown encoding: xyz", Some(0)));
        let e = decode(b"\xef\xbb\xbf# coding: latin-1\n", "f", Origin::Script).unwrap_err();
        assert_eq!(e.msg, "encoding problem: iso-8859-1 with BOM");
        // A declaration on line 2 counts only after a comment line.
        assert!(decode(b"x = 1\n# coding: latin-1\n'\xe9'\n", "f", Origin::Script).is_err());
    }

    #[test]
    fn bad_bytes() {
        let e = decode(b"x = 1\ny = '\xff'\n", "f.py", Origin::Script).unwrap_err();
        assert_eq!(e.line, None);
        assert!(e.msg.starts_with("Non-UTF-8 code starting with '\\xff' in file f.py on line 2,"), "{}", e.msg);
        let e = decode(b"x = 1\n\0", "f.py", Origin::Script).unwrap_err();
        assert_eq!((e.msg.as_str(), e.line), ("source code cannot contain null bytes", Some(2)));
    }
}
