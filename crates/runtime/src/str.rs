//! `str`: immutable UTF-8 text with a cached hash and its length in code points, so that
//! indexing and `len` of ASCII strings are O(1).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use crate::types::STR_TYPE;
use crate::value::{IMMORTAL, ObjHeader, Value, alloc};

/// A str object.
#[repr(C)]
pub struct StrObject {
    pub header: ObjHeader,
    /// Cached hash; -1 until computed.
    pub hash: Cell<i64>,
    /// Length in code points.
    pub char_len: usize,
    pub s: Box<str>,
}

impl StrObject {
    /// All code points are ASCII (byte index == char index): exactly when there are as many
    /// code points as UTF-8 bytes. (No separate flag: 48 bytes fit a smaller size class.)
    #[inline(always)]
    pub fn is_ascii(&self) -> bool {
        self.char_len == self.s.len()
    }

    /// The hash of the string (any good hash: CPython's is randomized per process, so programs
    /// cannot depend on it).
    #[inline]
    pub fn hash(&self) -> i64 {
        let h = self.hash.get();
        if h != -1 {
            return h;
        }
        let h = str_hash(&self.s);
        self.hash.set(h);
        h
    }
}

/// FNV-1a over the bytes, folded so it is never -1.
pub fn str_hash(s: &str) -> i64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in s.as_bytes() {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    let h = (h >> 1) as i64;
    if h == -1 { -2 } else { h }
}

impl Value {
    /// A new str.
    pub fn str(s: &str) -> Value {
        Value::string(s.into())
    }

    /// A new str from an owned string.
    pub fn string(s: String) -> Value {
        let ascii = s.is_ascii();
        let char_len = if ascii { s.len() } else { s.chars().count() };
        alloc(StrObject { header: ObjHeader::new(&STR_TYPE), hash: Cell::new(-1), char_len, s: s.into_boxed_str() })
    }

    /// Is this exactly a str?
    #[inline(always)]
    pub fn is_str(&self) -> bool {
        self.is_type(&STR_TYPE)
    }

    /// The str object, if this is a str.
    #[inline(always)]
    pub fn as_str_obj(&self) -> Option<&StrObject> {
        if self.is_str() {
            // SAFETY: str type means StrObject layout.
            Some(unsafe { self.as_ref::<StrObject>() })
        } else {
            None
        }
    }

    /// The text, if this is a str.
    #[inline(always)]
    pub fn as_str(&self) -> Option<&str> {
        self.as_str_obj().map(|s| &*s.s)
    }
}

thread_local! {
    static INTERNED: RefCell<HashMap<Box<str>, u64>> = RefCell::new(HashMap::new());
}

/// The interned (immortal, unique) str for `s`: names, attribute names, identifiers.
pub fn intern(s: &str) -> Value {
    INTERNED.with(|m| {
        let mut m = m.borrow_mut();
        if let Some(w) = m.get(s) {
            // SAFETY: interned strings are immortal; the word stays valid forever.
            return unsafe { Value::from_raw(*w) };
        }
        let v = Value::str(s);
        // SAFETY: v is a fresh str object we own; making it immortal means it is never freed.
        unsafe { (*v.ptr()).refcnt.set(IMMORTAL) };
        let w = v.into_raw();
        m.insert(s.into(), w);
        // SAFETY: as above.
        unsafe { Value::from_raw(w) }
    })
}

thread_local! {
    static LATIN1: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// The str of one character. Characters below U+0100 come from a table of immortal strs
/// (as CPython's latin-1 singletons), so indexing and iterating text does not allocate.
pub fn char_str(c: char) -> Value {
    let n = c as u32;
    if n >= 256 {
        let mut buf = [0u8; 4];
        return Value::str(c.encode_utf8(&mut buf));
    }
    LATIN1.with(|t| {
        let mut t = t.borrow_mut();
        if t.is_empty() {
            for i in 0..256u32 {
                let ch = char::from_u32(i).expect("latin-1 code point");
                let mut buf = [0u8; 4];
                let v = Value::str(ch.encode_utf8(&mut buf));
                // SAFETY: a fresh str we own; immortal objects are never freed.
                unsafe { (*v.ptr()).refcnt.set(IMMORTAL) };
                t.push(v.into_raw());
            }
        }
        // SAFETY: the table holds immortal strs; copying the word needs no count.
        unsafe { Value::from_raw(t[n as usize]) }
    })
}
