//! Python string formatting, byte for byte as CPython 3.11: `repr(float)`, the format-spec
//! mini-language used by `format()`/f-strings/`str.format` for int, float and str, and
//! printf-style `%` formatting.
//!
//! Float digits come from [`double_to_string`] (in `floatops`, CPython's
//! `PyOS_double_to_string`); the layout code is a transcription of
//! `formatter_unicode.c` (`calc_number_widths`,
//! `fill_number`, `_PyUnicode_InsertThousandsGrouping`) and `unicodeobject.c`
//! (`PyUnicode_Format`). The 'n' type uses the C locale (no grouping). Errors carry the
//! CPython message; nothing here panics.

use num_bigint::{BigInt, Sign};
use num_traits::Signed;

/// Exception class of a [`FormatError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatErrorKind {
    ValueError,
    OverflowError,
    MemoryError,
}

/// A formatting failure; [`FormatError::message`] gives CPython's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// `ValueError` with a complete message.
    Value(String),
    /// `OverflowError` with a complete message.
    Overflow(String),
    /// `ValueError`: "Unknown format code 'c' for object of type 'T'".
    UnknownCode(char),
    /// `ValueError`: "Invalid format specifier 'SPEC' for object of type 'T'".
    InvalidSpec(String),
    /// `MemoryError`: the result cannot be allocated.
    Memory,
}

impl FormatError {
    fn value(m: &str) -> FormatError {
        FormatError::Value(m.to_string())
    }

    /// The exception class to raise.
    pub fn kind(&self) -> FormatErrorKind {
        match self {
            FormatError::Overflow(_) => FormatErrorKind::OverflowError,
            FormatError::Memory => FormatErrorKind::MemoryError,
            _ => FormatErrorKind::ValueError,
        }
    }

    /// CPython's message; `type_name` is the formatted object's type (`int`, `float`,
    /// `str`, `bool`, ...), used by the messages that mention it.
    pub fn message(&self, type_name: &str) -> String {
        match self {
            FormatError::Value(m) | FormatError::Overflow(m) => m.clone(),
            FormatError::UnknownCode(c) => {
                format!("Unknown format code '{}' for object of type '{}'", char_or_hex(*c), type_name)
            }
            FormatError::InvalidSpec(s) => {
                format!("Invalid format specifier '{}' for object of type '{}'", s, type_name)
            }
            FormatError::Memory => String::new(),
        }
    }
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message("object"))
    }
}

/// The char itself for codes 33..=127, else `\x%x`, as CPython's messages do.
fn char_or_hex(c: char) -> String {
    let u = c as u32;
    if u > 32 && u < 128 { c.to_string() } else { format!("\\x{:x}", u) }
}

pub use crate::floatops::{DtoaFlags, double_to_string};

/// `repr(x)` / `str(x)` for a float: shortest round-trip digits, exponent notation below
/// `1e-4` and from `1e16` on, `.0` on integral values.
pub fn float_repr(x: f64) -> String {
    double_to_string(x, 'r', 0, DtoaFlags { add_dot_0: true, ..DtoaFlags::default() })
}

// ---------------------------------------------------------------------------------------
// Format-spec mini-language
// ---------------------------------------------------------------------------------------

/// A parsed `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormatSpec {
    /// Explicit fill character (only together with `align`).
    pub fill: Option<char>,
    /// One of `< > = ^`.
    pub align: Option<char>,
    /// One of `+ - ' '`.
    pub sign: Option<char>,
    /// `z`: coerce negative zero (floats only).
    pub no_neg_zero: bool,
    /// `#`.
    pub alternate: bool,
    /// The `0` flag (zero padding), only recorded when no explicit fill was given.
    pub zero: bool,
    pub width: Option<usize>,
    /// `,` or `_`.
    pub grouping: Option<char>,
    pub precision: Option<usize>,
    /// The presentation type, if given.
    pub ty: Option<char>,
}

fn is_align(c: char) -> bool {
    matches!(c, '<' | '>' | '=' | '^')
}

/// `get_integer`: `(value, digits consumed)`.
fn get_integer(c: &[char], pos: &mut usize) -> Result<(usize, usize), FormatError> {
    let mut acc: u64 = 0;
    let mut n = 0;
    while let Some(d) = c.get(*pos).and_then(|ch| ch.to_digit(10)) {
        if acc > (i64::MAX as u64 - d as u64) / 10 {
            return Err(FormatError::value("Too many decimal digits in format string"));
        }
        acc = acc * 10 + d as u64;
        *pos += 1;
        n += 1;
    }
    Ok((acc as usize, n))
}

/// Parses a format spec (the part after `:`). Errors that depend on the formatted type
/// (grouping/type combinations, unknown codes) are reported by the `format_*` functions.
pub fn parse_format_spec(spec: &str) -> Result<FormatSpec, FormatError> {
    let c: Vec<char> = spec.chars().collect();
    let end = c.len();
    let mut pos = 0;
    let mut f = FormatSpec::default();
    if end >= 2 && is_align(c[1]) {
        f.fill = Some(c[0]);
        f.align = Some(c[1]);
        pos = 2;
    } else if end >= 1 && is_align(c[0]) {
        f.align = Some(c[0]);
        pos = 1;
    }
    if pos < end && matches!(c[pos], '+' | '-' | ' ') {
        f.sign = Some(c[pos]);
        pos += 1;
    }
    if pos < end && c[pos] == 'z' {
        f.no_neg_zero = true;
        pos += 1;
    }
    if pos < end && c[pos] == '#' {
        f.alternate = true;
        pos += 1;
    }
    if f.fill.is_none() && pos < end && c[pos] == '0' {
        f.zero = true;
        pos += 1;
    }
    let (w, n) = get_integer(&c, &mut pos)?;
    if n > 0 {
        f.width = Some(w);
    }
    let both = || FormatError::value("Cannot specify both ',' and '_'.");
    if pos < end && c[pos] == ',' {
        f.grouping = Some(',');
        pos += 1;
    }
    if pos < end && c[pos] == '_' {
        if f.grouping.is_some() {
            return Err(both());
        }
        f.grouping = Some('_');
        pos += 1;
    }
    if pos < end && c[pos] == ',' && f.grouping == Some('_') {
        return Err(both());
    }
    if pos < end && c[pos] == '.' {
        pos += 1;
        let (p, n) = get_integer(&c, &mut pos)?;
        if n == 0 {
            return Err(FormatError::value("Format specifier missing precision"));
        }
        f.precision = Some(p);
    }
    if end - pos > 1 {
        return Err(FormatError::InvalidSpec(spec.to_string()));
    }
    if end - pos == 1 {
        f.ty = Some(c[pos]);
    }
    Ok(f)
}

/// Resolved layout parameters.
struct Layout {
    fill: char,
    align: char,
    /// `(group size, separator)`; size 0 = no grouping.
    group: (usize, &'static str),
}

impl FormatSpec {
    /// Fill and alignment after CPython's defaults (`0` flag → `'0'` fill, and `=`
    /// alignment when the default alignment is `>`).
    fn fill_align(&self, default_align: char) -> (char, char) {
        match (self.fill, self.align) {
            (Some(f), Some(a)) => (f, a),
            (_, Some(a)) => (if self.zero { '0' } else { ' ' }, a),
            _ if self.zero => ('0', if default_align == '>' { '=' } else { default_align }),
            _ => (' ', default_align),
        }
    }

    /// The thousands-separator check of `parse_internal_render_format_spec`, with the
    /// type defaulted as the formatted object's `__format__` does.
    fn check_grouping(&self, ty: char) -> Result<(usize, &'static str), FormatError> {
        let Some(g) = self.grouping else {
            return Ok((0, ""));
        };
        match ty {
            'd' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F' | '\0' => Ok((3, if g == ',' { "," } else { "_" })),
            'b' | 'o' | 'x' | 'X' if g == '_' => Ok((4, "_")),
            _ => Err(FormatError::Value(format!("Cannot specify '{}' with '{}'.", g, char_or_hex(ty)))),
        }
    }

    fn width_i64(&self) -> i64 {
        self.width.map_or(-1, |w| w as i64)
    }
}

/// Refuses results that could not possibly be allocated (CPython: `MemoryError`).
fn check_size(n: usize) -> Result<(), FormatError> {
    if n > isize::MAX as usize / 4 {
        return Err(FormatError::Memory);
    }
    let mut s = String::new();
    s.try_reserve(n).map_err(|_| FormatError::Memory)
}

fn push_n(out: &mut String, c: char, n: i64) {
    for _ in 0..n.max(0) {
        out.push(c);
    }
}

/// `_PyUnicode_InsertThousandsGrouping`: groups `digits` (ASCII) from the right, zero
/// padding to `min_width`.
fn group_digits(digits: &str, min_width: i64, group: usize, sep: &str) -> String {
    let d = digits.as_bytes();
    let sep_len = sep.chars().count() as i64;
    let mut remaining = d.len() as i64;
    let mut min_width = min_width.max(0);
    let mut pos = d.len();
    let mut chunks: Vec<String> = Vec::new();
    let mut use_sep = false;
    let mut emit = |len: i64, remaining: i64, use_sep: bool, pos: &mut usize| {
        let n_zeros = (len - remaining).max(0);
        let n_chars = remaining.min(len).max(0) as usize;
        let mut chunk = String::new();
        push_n(&mut chunk, '0', n_zeros);
        let start = pos.saturating_sub(n_chars);
        chunk.push_str(std::str::from_utf8(&d[start..*pos]).unwrap_or(""));
        *pos = start;
        if use_sep {
            chunk.push_str(sep);
        }
        chunks.push(chunk);
        n_chars as i64
    };
    let mut broken = false;
    if group > 0 {
        loop {
            let len = (group as i64).min(remaining.max(min_width).max(1));
            let used = emit(len, remaining, use_sep, &mut pos);
            use_sep = true;
            remaining -= used;
            min_width -= len;
            if remaining <= 0 && min_width <= 0 {
                broken = true;
                break;
            }
            min_width -= sep_len;
        }
    }
    if !broken {
        let len = remaining.max(min_width).max(1);
        emit(len, remaining, use_sep, &mut pos);
    }
    chunks.reverse();
    chunks.concat()
}

/// `calc_number_widths` + `fill_number`: lays out
/// `<lpad><sign><prefix><spad><grouped digits><decimal><remainder><rpad>`.
#[allow(clippy::too_many_arguments)]
fn fill_number(
    negative: bool,
    prefix: &str,
    digits: &str,
    has_decimal: bool,
    remainder: &str,
    spec: &FormatSpec,
    lay: &Layout,
    toupper: bool,
) -> Result<String, FormatError> {
    let sign = match spec.sign {
        Some('+') => Some(if negative { '-' } else { '+' }),
        Some(' ') => Some(if negative { '-' } else { ' ' }),
        _ => negative.then_some('-'),
    };
    let n_sign = sign.is_some() as i64;
    let n_prefix = prefix.chars().count() as i64;
    let n_remainder = remainder.chars().count() as i64;
    let n_decimal = has_decimal as i64;
    let non_digit = n_sign + n_prefix + n_decimal + n_remainder;
    let width = spec.width_i64();
    let min_width = if lay.fill == '0' && lay.align == '=' { width - non_digit } else { 0 };
    check_size(width.max(0) as usize + digits.len() * 2)?;
    let grouped =
        if digits.is_empty() { String::new() } else { group_digits(digits, min_width, lay.group.0, lay.group.1) };
    let n_grouped = grouped.chars().count() as i64;
    let n_padding = width - (non_digit + n_grouped);
    let (mut lpad, mut spad, mut rpad) = (0, 0, 0);
    if n_padding > 0 {
        match lay.align {
            '<' => rpad = n_padding,
            '^' => {
                lpad = n_padding / 2;
                rpad = n_padding - lpad;
            }
            '=' => spad = n_padding,
            _ => lpad = n_padding,
        }
    }
    let mut out = String::new();
    push_n(&mut out, lay.fill, lpad);
    if let Some(s) = sign {
        out.push(s);
    }
    if toupper {
        out.push_str(&prefix.to_ascii_uppercase());
    } else {
        out.push_str(prefix);
    }
    push_n(&mut out, lay.fill, spad);
    if toupper {
        out.push_str(&grouped.to_ascii_uppercase());
    } else {
        out.push_str(&grouped);
    }
    if has_decimal {
        out.push('.');
    }
    out.push_str(remainder);
    push_n(&mut out, lay.fill, rpad);
    Ok(out)
}

/// `format(v, spec)` for an int (also bool: caller passes `"bool"` as the type name to
/// [`FormatError::message`]; an empty spec must be handled by the caller as `str(v)`).
pub fn format_int(v: &BigInt, spec: &FormatSpec) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('d');
    let group = spec.check_grouping(ty)?;
    match ty {
        'b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n' => {}
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            let x = crate::floatops::bigint_to_f64(v)
                .ok_or_else(|| FormatError::Overflow("int too large to convert to float".to_string()))?;
            return format_float(x, spec);
        }
        _ => return Err(FormatError::UnknownCode(ty)),
    }
    if spec.precision.is_some() {
        return Err(FormatError::value("Precision not allowed in integer format specifier"));
    }
    if spec.no_neg_zero {
        return Err(FormatError::value("Negative zero coercion (z) not allowed in integer format specifier"));
    }
    let (fill, align) = spec.fill_align('>');
    let lay = Layout { fill, align, group };
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err(FormatError::value("Sign not allowed with integer format specifier 'c'"));
        }
        if spec.alternate {
            return Err(FormatError::value("Alternate form (#) not allowed with integer format specifier 'c'"));
        }
        let Ok(code) = i64::try_from(v) else {
            return Err(FormatError::Overflow("Python int too large to convert to C long".to_string()));
        };
        if !(0..=0x10ffff).contains(&code) {
            return Err(FormatError::Overflow("%c arg not in range(0x110000)".to_string()));
        }
        // Lone surrogates cannot be represented in a Rust string.
        let ch = char::from_u32(code as u32)
            .ok_or_else(|| FormatError::value("%c arg is a surrogate code point, not supported"))?;
        return fill_number(false, "", "", false, &ch.to_string(), spec, &lay, false);
    }
    let (radix, prefix) = match ty {
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    let digits = v.magnitude().to_str_radix(radix);
    let prefix = if spec.alternate { prefix } else { "" };
    fill_number(v.sign() == Sign::Minus, prefix, &digits, false, "", spec, &lay, ty == 'X')
}

/// `format(v, spec)` for a float.
pub fn format_float(v: f64, spec: &FormatSpec) -> Result<String, FormatError> {
    let spec_ty = spec.ty.unwrap_or('\0');
    let group = spec.check_grouping(spec_ty)?;
    if !matches!(spec_ty, '\0' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') {
        return Err(FormatError::UnknownCode(spec_ty));
    }
    let precision = match spec.precision {
        Some(p) if p > i32::MAX as usize => return Err(FormatError::value("precision too big")),
        p => p,
    };
    let mut flags = DtoaFlags { alt: spec.alternate, no_neg_0: spec.no_neg_zero, ..DtoaFlags::default() };
    let mut ty = spec_ty;
    let mut default_precision = 6;
    if ty == '\0' {
        flags.add_dot_0 = true;
        ty = 'r';
        default_precision = 0;
    }
    if ty == 'n' {
        ty = 'g';
    }
    let mut val = v;
    let mut add_pct = false;
    if ty == '%' {
        ty = 'f';
        val *= 100.0;
        add_pct = true;
    }
    let precision = match precision {
        None => default_precision,
        Some(p) => {
            if ty == 'r' {
                ty = 'g';
            }
            p
        }
    };
    check_size(precision.saturating_add(400))?;
    let mut buf = double_to_string(val, ty, precision, flags);
    if add_pct {
        buf.push('%');
    }
    let (negative, body) = match buf.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, &buf[..]),
    };
    let n_int = body.bytes().take_while(|b| b.is_ascii_digit()).count();
    let digits = &body[..n_int];
    let has_decimal = body[n_int..].starts_with('.');
    let remainder = &body[n_int + has_decimal as usize..];
    let (fill, align) = spec.fill_align('>');
    let lay = Layout { fill, align, group };
    fill_number(negative, "", digits, has_decimal, remainder, spec, &lay, false)
}

/// `format(s, spec)` for a str. Width and precision count chars.
pub fn format_str(s: &str, spec: &FormatSpec) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('s');
    spec.check_grouping(ty)?;
    if ty != 's' {
        return Err(FormatError::UnknownCode(ty));
    }
    match spec.sign {
        Some(' ') => {
            return Err(FormatError::value("Space not allowed in string format specifier"));
        }
        Some(_) => {
            return Err(FormatError::value("Sign not allowed in string format specifier"));
        }
        None => {}
    }
    if spec.no_neg_zero {
        return Err(FormatError::value("Negative zero coercion (z) not allowed in string format specifier"));
    }
    if spec.alternate {
        return Err(FormatError::value("Alternate form (#) not allowed in string format specifier"));
    }
    let (fill, align) = spec.fill_align('<');
    if align == '=' {
        return Err(FormatError::value("'=' alignment not allowed in string format specifier"));
    }
    let mut len = s.chars().count();
    let mut text = s;
    if let Some(p) = spec.precision
        && len > p
    {
        len = p;
        text = match s.char_indices().nth(p) {
            Some((i, _)) => &s[..i],
            None => s,
        };
    }
    let total = spec.width.map_or(len, |w| w.max(len));
    check_size(total)?;
    let lpad = match align {
        '>' => total - len,
        '^' => (total - len) / 2,
        _ => 0,
    };
    let mut out = String::with_capacity(total);
    push_n(&mut out, fill, lpad as i64);
    out.push_str(text);
    push_n(&mut out, fill, (total - len - lpad) as i64);
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// printf-style formatting
// ---------------------------------------------------------------------------------------

/// A `*` or literal width/precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// Taken from the next argument (`*`).
    Star,
    Num(usize),
}

/// Conversion flags of a `%` spec.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PercentFlags {
    /// `-`: left-justify.
    pub left: bool,
    /// `+`.
    pub plus: bool,
    /// ` `.
    pub space: bool,
    /// `#`.
    pub alt: bool,
    /// `0`.
    pub zero: bool,
}

/// One `%` conversion. `conv` is always a supported character
/// (`s r a c d i u o x X e E f F g G`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PercentSpec {
    /// `%(key)s`.
    pub key: Option<String>,
    pub flags: PercentFlags,
    pub width: Option<Count>,
    pub precision: Option<Count>,
    pub conv: char,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PercentPiece {
    Literal(String),
    Spec(PercentSpec),
}

/// Parses a `%` format string. `%%` becomes a literal `%`; `h`, `l`, `L` length modifiers
/// are skipped. Errors: "incomplete format", "incomplete format key", "width too big",
/// "precision too big", "unsupported format character 'y' (0x79) at index N".
///
/// Unlike CPython, which interleaves parsing with argument consumption, all parse errors are
/// reported before any argument is looked at.
pub fn parse_percent(fmt: &str) -> Result<Vec<PercentPiece>, FormatError> {
    let c: Vec<char> = fmt.chars().collect();
    let n = c.len();
    let mut pieces = Vec::new();
    let mut lit = String::new();
    let mut i = 0;
    let incomplete = || FormatError::value("incomplete format");
    while i < n {
        if c[i] != '%' {
            lit.push(c[i]);
            i += 1;
            continue;
        }
        i += 1;
        if i < n && c[i] == '%' {
            lit.push('%');
            i += 1;
            continue;
        }
        let mut spec =
            PercentSpec { key: None, flags: PercentFlags::default(), width: None, precision: None, conv: '\0' };
        if i < n && c[i] == '(' {
            i += 1;
            let start = i;
            let mut depth = 1;
            while i < n && depth > 0 {
                match c[i] {
                    ')' => depth -= 1,
                    '(' => depth += 1,
                    _ => {}
                }
                i += 1;
            }
            if depth > 0 {
                return Err(FormatError::value("incomplete format key"));
            }
            spec.key = Some(c[start..i - 1].iter().collect());
        }
        while i < n {
            match c[i] {
                '-' => spec.flags.left = true,
                '+' => spec.flags.plus = true,
                ' ' => spec.flags.space = true,
                '#' => spec.flags.alt = true,
                '0' => spec.flags.zero = true,
                _ => break,
            }
            i += 1;
        }
        if i < n && c[i] == '*' {
            spec.width = Some(Count::Star);
            i += 1;
        } else if i < n && c[i].is_ascii_digit() {
            let mut w: usize = 0;
            while let Some(d) = c.get(i).and_then(|ch| ch.to_digit(10).filter(|_| ch.is_ascii_digit())) {
                if w > (isize::MAX as usize - d as usize) / 10 {
                    return Err(FormatError::value("width too big"));
                }
                w = w * 10 + d as usize;
                i += 1;
            }
            spec.width = Some(Count::Num(w));
        }
        if i < n && c[i] == '.' {
            i += 1;
            if i < n && c[i] == '*' {
                spec.precision = Some(Count::Star);
                i += 1;
            } else {
                let mut p: usize = 0;
                while let Some(d) = c.get(i).and_then(|ch| ch.to_digit(10).filter(|_| ch.is_ascii_digit())) {
                    if p > (i32::MAX as usize - d as usize) / 10 {
                        return Err(FormatError::value("precision too big"));
                    }
                    p = p * 10 + d as usize;
                    i += 1;
                }
                spec.precision = Some(Count::Num(p));
            }
        }
        if i < n && matches!(c[i], 'h' | 'l' | 'L') {
            i += 1;
        }
        if i >= n {
            return Err(incomplete());
        }
        let conv = c[i];
        if !matches!(
            conv,
            's' | 'r' | 'a' | 'c' | 'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G'
        ) {
            let shown = if (31..=126).contains(&(conv as u32)) { conv } else { '?' };
            return Err(FormatError::Value(format!(
                "unsupported format character '{}' (0x{:x}) at index {}",
                shown, conv as u32, i
            )));
        }
        i += 1;
        spec.conv = conv;
        if !lit.is_empty() {
            pieces.push(PercentPiece::Literal(std::mem::take(&mut lit)));
        }
        pieces.push(PercentPiece::Spec(spec));
    }
    if !lit.is_empty() {
        pieces.push(PercentPiece::Literal(lit));
    }
    Ok(pieces)
}

/// `unicode_format_arg_output`: pads/signs an already converted value.
fn percent_output(
    s: &str,
    spec: &PercentSpec,
    width: Option<usize>,
    prec: Option<usize>,
    numeric: bool,
) -> Result<String, FormatError> {
    let f = &spec.flags;
    let conv = spec.conv;
    let chars: Vec<char> = s.chars().collect();
    let mut len = chars.len();
    let fill = if numeric && f.zero { '0' } else { ' ' };
    if matches!(conv, 's' | 'r' | 'a')
        && let Some(p) = prec
    {
        len = len.min(p);
    }
    let mut pindex = 0;
    let mut signchar = None;
    if numeric {
        match chars.first() {
            Some(&ch @ ('-' | '+')) => {
                signchar = Some(ch);
                len -= 1;
                pindex = 1;
            }
            _ if f.plus => signchar = Some('+'),
            _ if f.space => signchar = Some(' '),
            _ => {}
        }
    }
    let mut width = width.unwrap_or(0).max(len);
    check_size(width.saturating_add(2))?;
    let mut out = String::with_capacity(width + 2);
    if let Some(sc) = signchar {
        if fill != ' ' {
            out.push(sc);
        }
        if width > len {
            width -= 1;
        }
    }
    let alt_prefix = numeric && f.alt && matches!(conv, 'x' | 'X' | 'o') && len >= 2;
    if alt_prefix {
        if fill != ' ' {
            out.push('0');
            out.push(conv);
            pindex += 2;
        }
        width = width.saturating_sub(2);
        len -= 2;
    }
    if width > len && !f.left {
        push_n(&mut out, fill, (width - len) as i64);
        width = len;
    }
    if fill == ' ' {
        if let Some(sc) = signchar {
            out.push(sc);
        }
        if alt_prefix {
            out.push('0');
            out.push(conv);
            pindex += 2;
        }
    }
    out.extend(chars.iter().skip(pindex).take(len));
    if width > len {
        push_n(&mut out, ' ', (width - len) as i64);
    }
    Ok(out)
}

/// `%d %i %u %o %x %X` of an int. `width`/`prec` are the resolved counts; for a `*` width
/// taken from a negative argument, pass its absolute value with `spec.flags.left` set;
/// a negative `*` precision becomes 0.
pub fn percent_int(
    v: &BigInt,
    spec: &PercentSpec,
    width: Option<usize>,
    prec: Option<usize>,
) -> Result<String, FormatError> {
    if prec.is_some_and(|p| p > i32::MAX as usize - 3) {
        return Err(FormatError::Overflow("precision too large".to_string()));
    }
    let (radix, prefix) = match spec.conv {
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    let digits = v.abs().to_str_radix(radix);
    let mut s = String::new();
    if v.is_negative() {
        s.push('-');
    }
    if spec.flags.alt {
        s.push_str(prefix);
    }
    if let Some(p) = prec {
        check_size(p)?;
        push_n(&mut s, '0', p as i64 - digits.len() as i64);
    }
    s.push_str(&digits);
    if spec.conv == 'X' {
        s = s.to_ascii_uppercase();
    }
    percent_output(&s, spec, width, prec, true)
}

/// `%e %E %f %F %g %G` of a float (default precision 6).
pub fn percent_float(
    v: f64,
    spec: &PercentSpec,
    width: Option<usize>,
    prec: Option<usize>,
) -> Result<String, FormatError> {
    let p = prec.unwrap_or(6);
    check_size(p.saturating_add(400))?;
    let conv = if matches!(spec.conv, 'e' | 'E' | 'f' | 'F' | 'g' | 'G') { spec.conv } else { 'g' };
    let s = double_to_string(v, conv, p, DtoaFlags { alt: spec.flags.alt, ..DtoaFlags::default() });
    percent_output(&s, spec, width, prec, true)
}

/// `%s %r %a %c`: `s` is the already converted text (`str()`, `repr()`, `ascii()` or the
/// character); precision truncates for `s r a`.
pub fn percent_str(
    s: &str,
    spec: &PercentSpec,
    width: Option<usize>,
    prec: Option<usize>,
) -> Result<String, FormatError> {
    percent_output(s, spec, width, prec, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    enum Arg {
        I(i64),
        F(f64),
        S(&'static str),
    }
    use Arg::*;

    fn perr(f: &str) -> String {
        parse_percent(f).unwrap_err().message("")
    }

    fn percent(f: &str, args: &[Arg]) -> String {
        let mut out = String::new();
        let mut args = args.iter();
        for piece in parse_percent(f).unwrap() {
            match piece {
                PercentPiece::Literal(s) => out.push_str(&s),
                PercentPiece::Spec(sp) => {
                    let num = |c: Option<Count>| match c {
                        Some(Count::Num(n)) => Some(n),
                        _ => None,
                    };
                    let (w, p) = (num(sp.width), num(sp.precision));
                    let r = match args.next().unwrap() {
                        I(v) => percent_int(&BigInt::from(*v), &sp, w, p),
                        F(v) => percent_float(*v, &sp, w, p),
                        S(v) => percent_str(v, &sp, w, p),
                    };
                    out.push_str(&r.unwrap());
                }
            }
        }
        out
    }

    fn check<T>(
        ty: &str,
        v: T,
        spec: &str,
        want: Result<&str, &str>,
        f: impl Fn(T, &FormatSpec) -> Result<String, FormatError>,
    ) {
        let got = parse_format_spec(spec).and_then(|s| f(v, &s)).map_err(|e| e.message(ty));
        assert_eq!(got.as_deref(), want.map_err(|e| e.to_string()).as_deref(), "{ty} {spec:?}");
    }

    #[test]
    fn cpython_outputs() {
        #[rustfmt::skip]
        let reprs: &[(f64, &str)] = &[
            (0.0, "0.0"), (-0.0, "-0.0"), (1.0, "1.0"), (1e+16, "1e+16"),
            (1000000000000000.0, "1000000000000000.0"), (123456789012345.0, "123456789012345.0"),
            (1.5e-05, "1.5e-05"), (1e-05, "1e-05"), (0.0001, "0.0001"), (0.1, "0.1"),
            (0.3333333333333333, "0.3333333333333333"), (5e-324, "5e-324"),
            (1.7976931348623157e+308, "1.7976931348623157e+308"), (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"), (f64::NAN, "nan"),
            (-870127323296049.2, "-870127323296049.2"),
            (2.000000000000001e+16, "2.000000000000001e+16"), (1e+22, "1e+22"),
            (12345.678, "12345.678"),
        ];
        #[rustfmt::skip]
        let ints: &[(&str, &str, Result<&str, &str>)] = &[
            ("1234567", ",", Ok("1,234,567")), ("1234567", "_", Ok("1_234_567")),
            ("-1234567", "020,", Ok("-000,000,001,234,567")), ("1234", "0=9,", Ok("0,001,234")),
            ("255", "#x", Ok("0xff")), ("255", "#X", Ok("0XFF")),
            ("-255", "#010x", Ok("-0x00000ff")), ("255", "_b", Ok("1111_1111")),
            ("1099511627776", "#_o", Ok("0o20_0000_0000_0000")), ("5", "<05", Ok("50000")),
            ("5", "0<05", Ok("50000")), ("-42", "^+9", Ok("   -42   ")), ("42", " d", Ok(" 42")),
            ("42", "*>+8", Ok("*****+42")), ("65", "c", Ok("A")), ("65", "^5c", Ok("  A  ")),
            ("100000000000000000000", "e", Ok("1.000000e+20")), ("12345", ".2%", Ok("1234500.00%")),
            ("7", ".3f", Ok("7.000")), ("1234567", "n", Ok("1234567")),
            ( "1", ".2", Err("Precision not allowed in integer format specifier"), ),
            ( "1", "z", Err("Negative zero coercion (z) not allowed in integer format specifier"), ),
            ( "1", "+c", Err("Sign not allowed with integer format specifier 'c'"), ),
            ( "1", "#c", Err("Alternate form (#) not allowed with integer format specifier 'c'"), ),
            ( "1", "y", Err("Unknown format code 'y' for object of type 'int'"), ),
            ("1", ",x", Err("Cannot specify ',' with 'x'.")),
            ("1", "_c", Err("Cannot specify '_' with 'c'.")),
            ("1", "_,", Err("Cannot specify both ',' and '_'.")),
            ("-1", "c", Err("%c arg not in range(0x110000)")),
            ( "1180591620717411303424", "c", Err("Python int too large to convert to C long"), ),
            ("BIG", "e", Err("int too large to convert to float")),
            ( "1", "\u{1}", Err("Unknown format code '\\x1' for object of type 'int'"), ),
            ("1", ",n", Err("Cannot specify ',' with 'n'.")),
            ( "1", "abc", Err("Invalid format specifier 'abc' for object of type 'int'"), ),
            ("0", "#b", Ok("0b0")), ("0", "+,", Ok("+0")),
        ];
        #[rustfmt::skip]
        let floats: &[(f64, &str, Result<&str, &str>)] = &[
            (1234.5678, ",.2f", Ok("1,234.57")),
            (-1234.5678, "020,.2f", Ok("-0,000,000,001,234.57")), (0.5, ".0f", Ok("0")),
            (1.5, ".0f", Ok("2")), (2.5, ".0e", Ok("2e+00")), (0.125, ".2f", Ok("0.12")),
            (12.0, ".2", Ok("1.2e+01")), (1234.5, ".2", Ok("1.2e+03")), (1.0, ".3", Ok("1.0")),
            (1e-05, "g", Ok("1e-05")), (1.0, "#g", Ok("1.00000")), (1e+16, "", Ok("1e+16")),
            (1e+16, ".17", Ok("1e+16")), (100.0, "%", Ok("10000.000000%")),
            (0.123456, ".1%", Ok("12.3%")), (-0.0, "z", Ok("0.0")), (-0.0001, "z.2f", Ok("0.00")),
            (-0.0, "+", Ok("-0.0")), (f64::INFINITY, "010", Ok("0000000inf")),
            (f64::NAN, "+010", Ok("+000000nan")), (f64::NEG_INFINITY, "F", Ok("-INF")),
            (1.5, "=+10.3e", Ok("+1.500e+00")),
            ( 1e+300, ".0f", Ok( "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160", ), ),
            (3.0, "#.0f", Ok("3.")), (3.0, "#.0e", Ok("3.e+00")),
            (123456789.0, "_g", Ok("1.23457e+08")), (123456789.0, ",.12g", Ok("123,456,789")),
            ( 1.5, "d", Err("Unknown format code 'd' for object of type 'float'"), ),
            (1.5, ".2147483648f", Err("precision too big")),
            ( 1.5, "abc", Err("Invalid format specifier 'abc' for object of type 'float'"), ),
            (1.5, ".", Err("Format specifier missing precision")),
            ( 1.5, "99999999999999999999", Err("Too many decimal digits in format string"), ),
            (1.5, ",n", Err("Cannot specify ',' with 'n'.")),
            (0.1, ".25f", Ok("0.1000000000000000055511151")), (5e-324, ".3e", Ok("4.941e-324")),
            (1e+22, "n", Ok("1e+22")),
        ];
        #[rustfmt::skip]
        let strs: &[(&str, &str, Result<&str, &str>)] = &[
            ("abc", ">6", Ok("   abc")), ("abc", "^6", Ok(" abc  ")), ("abc", "*^7", Ok("**abc**")),
            ("héllo", ".2", Ok("hé")), ("日本", ">4", Ok("  日本")), ("ab", "05", Ok("ab000")),
            ("abc", "x<5.1", Ok("axxxx")),
            ("s", "+", Err("Sign not allowed in string format specifier")),
            ( "s", " ", Err("Space not allowed in string format specifier"), ),
            ( "s", "z", Err("Negative zero coercion (z) not allowed in string format specifier"), ),
            ( "s", "#", Err("Alternate form (#) not allowed in string format specifier"), ),
            ( "s", "=", Err("'=' alignment not allowed in string format specifier"), ),
            ("s", ",", Err("Cannot specify ',' with 's'.")),
            ( "s", "d", Err("Unknown format code 'd' for object of type 'str'"), ),
            ( "s", "5x", Err("Unknown format code 'x' for object of type 'str'"), ),
        ];
        #[rustfmt::skip]
        let pct: &[(&str, &[Arg], &str)] = &[
            ("%5.2f|%-6d|%x", &[F(1.23456), I(42), I(255)], " 1.23|42    |ff"),
            ("%#5x", &[I(255)], " 0xff"), ("%#05X", &[I(255)], "0X0FF"),
            ("%+.3d", &[I(-5)], "-005"), ("%#o", &[I(0)], "0o0"), ("% d", &[I(5)], " 5"),
            ("%05s", &[S("ab")], "   ab"), ("%.2s", &[S("abcd")], "ab"), ("%x", &[I(-255)], "-ff"),
            ("%#x", &[I(-255)], "-0xff"), ("%010.3e", &[F(-1234.5)], "-1.234e+03"),
            ("%#.0f", &[F(3.0)], "3."), ("%g", &[F(1e-05)], "1e-05"), ("%#g", &[F(1.0)], "1.00000"),
            ("%.0e", &[F(2.5)], "2e+00"), ("%ld%%", &[I(3)], "3%"), ("%-05d", &[I(3)], "3    "),
            ("%05f", &[F(f64::INFINITY)], "00inf"), ("%+f", &[F(f64::NAN)], "+nan"),
            ("%e", &[F(1e+100)], "1.000000e+100"), ("%-+8.3G", &[F(1e-10)], "+1E-10  "),
            ("%08.3f", &[F(-1.23456)], "-001.235"), ("%.3r", &[S("'abcdef'")], "'ab"),
        ];
        assert_eq!(perr("%5%"), "unsupported format character '%' (0x25) at index 2");
        assert_eq!(perr("%y"), "unsupported format character 'y' (0x79) at index 1");
        assert_eq!(perr("abc%"), "incomplete format");
        assert_eq!(perr("%(a"), "incomplete format key");
        assert_eq!(perr("%\u{1234}"), "unsupported format character '?' (0x1234) at index 1");
        assert_eq!(perr("a%lyb"), "unsupported format character 'y' (0x79) at index 3");
        assert_eq!(perr("%."), "incomplete format");
        assert_eq!(perr("%(a)"), "incomplete format");
        for &(x, want) in reprs {
            assert_eq!(float_repr(x), want);
        }
        for &(v, spec, want) in ints {
            let v: BigInt = if v == "BIG" { BigInt::from(10).pow(400) } else { v.parse().unwrap() };
            check("int", &v, spec, want, format_int);
        }
        for &(v, spec, want) in floats {
            check("float", v, spec, want, format_float);
        }
        for &(v, spec, want) in strs {
            check("str", v, spec, want, format_str);
        }
        for (f, args, want) in pct {
            assert_eq!(percent(f, args), *want, "{f:?}");
        }
    }

    #[test]
    fn parse_pieces() {
        let p = parse_percent("a%(k(1))-*.*lx%%b").unwrap();
        let flags = PercentFlags { left: true, ..PercentFlags::default() };
        let spec = PercentSpec {
            key: Some("k(1)".into()),
            flags,
            width: Some(Count::Star),
            precision: Some(Count::Star),
            conv: 'x',
        };
        assert_eq!(
            p,
            vec![PercentPiece::Literal("a".into()), PercentPiece::Spec(spec), PercentPiece::Literal("%b".into())]
        );
        let s = parse_format_spec("*^+z#012,.3f").unwrap();
        assert_eq!(
            (s.fill, s.align, s.sign, s.no_neg_zero, s.alternate),
            (Some('*'), Some('^'), Some('+'), true, true)
        );
        assert_eq!((s.zero, s.width, s.grouping, s.precision, s.ty), (false, Some(12), Some(','), Some(3), Some('f')));
        assert_eq!(parse_format_spec("").unwrap(), FormatSpec::default());
        let huge = FormatSpec { width: Some(usize::MAX / 2), ..FormatSpec::default() };
        assert_eq!(format_int(&BigInt::from(1), &huge).unwrap_err().kind(), FormatErrorKind::MemoryError);
    }
}
