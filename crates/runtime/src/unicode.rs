//! Unicode character data behind `str` methods and numeric parsing, as CPython's
//! `unicodectype.c` uses it: full titlecase mapping (`unicode-case-mapping`), full case
//! folding (`caseless`), the general category (`unicode-properties`) for titlecase letters
//! and decimal digits. Rust's `char` already gives the derived `Uppercase`/`Lowercase`
//! properties and the full lower/upper mappings (with `Final_Sigma`).
//!
//! The crates carry newer Unicode data than CPython 3.11's 14.0; they differ only on
//! characters assigned since, which programs compared with CPython do not use.

use std::borrow::Cow;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Is `c` a titlecase letter (category Lt, CPython's `Py_UNICODE_ISTITLE`)?
pub fn is_titlecase(c: char) -> bool {
    c.general_category() == GeneralCategory::TitlecaseLetter
}

/// Is `c` cased (derived property `Cased` = Uppercase, Lowercase or Lt: CPython's
/// `_PyUnicode_IsCased`)?
pub fn is_cased(c: char) -> bool {
    c.is_lowercase() || c.is_uppercase() || is_titlecase(c)
}

/// The value of a decimal digit (Numeric_Type=Decimal, which Unicode keeps equal to category
/// Nd: CPython's `Py_UNICODE_TODECIMAL`), `None` for any other character. Unicode encodes
/// the decimal digits of a script in contiguous runs of ten, zero first, so the value is the
/// distance from the start of the run of Nd characters, modulo ten.
pub fn decimal_value(c: char) -> Option<u32> {
    if c.is_ascii() {
        return c.to_digit(10);
    }
    let is_nd = |n: u32| char::from_u32(n).is_some_and(|c| c.general_category() == GeneralCategory::DecimalNumber);
    let n = c as u32;
    if !is_nd(n) {
        return None;
    }
    let mut start = n;
    while start > 0 && is_nd(start - 1) {
        start -= 1;
    }
    Some((n - start) % 10)
}

/// CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII`, run by `int(str)` and
/// `float(str)` before parsing: non-ASCII whitespace becomes a space, a non-ASCII decimal
/// digit its ASCII digit, and anything else non-ASCII ends the text with `?` (which no parser
/// accepts). Borrowed when `s` is ASCII.
pub fn ascii_digits_and_spaces(s: &str) -> Cow<'_, str> {
    if s.bytes().all(|b| b < 127) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if (c as u32) < 127 {
            out.push(c);
        } else if c.is_whitespace() {
            out.push(' ');
        } else if let Some(d) = decimal_value(c) {
            out.push(char::from(b'0' + d as u8));
        } else {
            out.push('?');
            break;
        }
    }
    Cow::Owned(out)
}

/// Appends the full titlecase mapping of `c` (SpecialCasing included: `ﬁ` → `Fi`).
fn push_title(out: &mut String, c: char) {
    let m = unicode_case_mapping::to_titlecase(c);
    if m[0] == 0 {
        out.push(c);
        return;
    }
    out.extend(m.iter().take_while(|&&u| u != 0).filter_map(|&u| char::from_u32(u)));
}

/// Lowercases characters of one string one at a time with the string's context, as CPython's
/// `lower_ucs4`: a capital sigma becomes final `ς` or `σ` by the `Final_Sigma` rule. Every
/// other character maps on its own; the string is lowercased whole (once, and only if it has
/// a sigma) to read the sigma's context-dependent form, at an offset that stays in step
/// because both forms of sigma are two bytes long.
struct Lower<'a> {
    s: &'a str,
    whole: Option<String>,
    off: usize,
}

impl<'a> Lower<'a> {
    fn new(s: &'a str) -> Lower<'a> {
        Lower { s, whole: None, off: 0 }
    }

    /// Appends the lowercase of `c` (the next character of the string) to `out`.
    fn push(&mut self, out: &mut String, c: char) {
        let start = out.len();
        if c == 'Σ' {
            let s = self.s;
            let whole = self.whole.get_or_insert_with(|| s.to_lowercase());
            out.push(whole[self.off..].chars().next().unwrap_or('σ'));
        } else {
            out.extend(c.to_lowercase());
        }
        self.off += out.len() - start;
    }

    /// Steps past `c` without output (its lowercase length still counts).
    fn skip(&mut self, c: char) {
        self.off += c.to_lowercase().map(char::len_utf8).sum::<usize>();
    }
}

/// `str.title()`: a character after a cased one is lowercased, any other titlecased.
pub fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut lower = Lower::new(s);
    let mut prev_cased = false;
    for c in s.chars() {
        if prev_cased {
            lower.push(&mut out, c);
        } else {
            push_title(&mut out, c);
            lower.skip(c);
        }
        prev_cased = is_cased(c);
    }
    out
}

/// `str.capitalize()`: the first character titlecased (CPython 3.8+), the rest lowercased.
pub fn capitalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut lower = Lower::new(s);
    let mut cs = s.chars();
    if let Some(f) = cs.next() {
        push_title(&mut out, f);
        lower.skip(f);
    }
    for c in cs {
        lower.push(&mut out, c);
    }
    out
}

/// `str.swapcase()`: uppercase characters lowercased, lowercase ones uppercased, the rest
/// (titlecase letters among them) kept.
pub fn swapcase(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut lower = Lower::new(s);
    for c in s.chars() {
        if c.is_uppercase() {
            lower.push(&mut out, c);
        } else {
            if c.is_lowercase() {
                out.extend(c.to_uppercase());
            } else {
                out.push(c);
            }
            lower.skip(c);
        }
    }
    out
}

/// `str.casefold()`: full case folding (CaseFolding.txt statuses C and F).
pub fn casefold(s: &str) -> String {
    if s.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
        return s.to_string();
    }
    caseless::default_case_fold_str(s)
}

/// `str.istitle()`: uppercase and titlecase letters only start a run of cased characters,
/// lowercase ones only continue one, and there is at least one cased character.
pub fn istitle(s: &str) -> bool {
    let mut cased = false;
    let mut prev_cased = false;
    for c in s.chars() {
        if c.is_uppercase() || is_titlecase(c) {
            if prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else if c.is_lowercase() {
            if !prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else {
            prev_cased = false;
        }
    }
    cased
}

/// Does `repr()` escape `c` (CPython's `Py_UNICODE_ISPRINTABLE` is false: categories Cc,
/// Cf, Cs, Co, Cn, Zl, Zp, and Zs other than the space)?
pub fn is_unprintable(c: char) -> bool {
    use GeneralCategory as G;
    c != ' '
        && matches!(
            c.general_category(),
            G::Control
                | G::Format
                | G::Surrogate
                | G::PrivateUse
                | G::Unassigned
                | G::LineSeparator
                | G::ParagraphSeparator
                | G::SpaceSeparator
        )
}
