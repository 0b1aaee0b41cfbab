//! `str`: immutable UTF-8 text with a cached hash and its length in code points, so that
//! indexing and `len` of ASCII strings are O(1).

use std::alloc::Layout;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ptr::NonNull;

use crate::types::STR_TYPE;
use crate::value::{IMMORTAL, ObjHeader, Value};

/// A str object. Its UTF-8 bytes follow the struct in the same allocation (one allocation
/// per str, as CPython's compact strings); `s` points at them.
#[repr(C)]
pub struct StrObject {
    pub header: ObjHeader,
    /// Cached hash; -1 until computed.
    pub hash: Cell<i64>,
    /// Length in code points.
    pub char_len: usize,
    pub s: StrData,
}

/// The text of a str object: a view of the bytes stored after it, which derefs to `str`.
pub struct StrData {
    ptr: NonNull<u8>,
    len: usize,
}

impl std::ops::Deref for StrData {
    type Target = str;
    #[inline(always)]
    fn deref(&self) -> &str {
        // SAFETY: `ptr` points at `len` bytes of valid UTF-8 inside the object's allocation,
        // written once by `new_str_object` and never changed while the object lives.
        unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.ptr.as_ptr(), self.len)) }
    }
}

impl PartialEq for StrData {
    #[inline]
    fn eq(&self, other: &StrData) -> bool {
        **self == **other
    }
}

/// The allocation of a str object with `len` bytes of text (`None`: too big to exist).
fn try_str_layout(len: usize) -> Option<Layout> {
    let size = std::mem::size_of::<StrObject>().checked_add(len)?;
    Layout::from_size_align(size, std::mem::align_of::<StrObject>()).ok()
}

/// The allocation of a str object that exists.
fn str_layout(len: usize) -> Layout {
    try_str_layout(len).expect("str layout")
}

/// A new str object holding the concatenation of `parts` (`char_len` code points in all).
fn new_str_object(parts: &[&str], char_len: usize) -> Value {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    build_str(len, char_len, parts.iter().copied())
}

/// A new str object of `len` bytes and `char_len` code points, made of the strs `parts`
/// yields back to back (their lengths must add up to `len`).
fn build_str<'a>(len: usize, char_len: usize, parts: impl Iterator<Item = &'a str>) -> Value {
    match try_build_str(len, char_len, parts) {
        Some(v) => v,
        None => std::alloc::handle_alloc_error(try_str_layout(len).unwrap_or(Layout::new::<StrObject>())),
    }
}

/// [`build_str`], or `None` when the allocation fails (the caller raises `MemoryError`).
fn try_build_str<'a>(len: usize, char_len: usize, parts: impl Iterator<Item = &'a str>) -> Option<Value> {
    let layout = try_str_layout(len)?;
    // SAFETY: the layout has a non-zero size; whole strs are copied in, never past `len`
    // bytes (a shortfall is filled with spaces), so the text is valid UTF-8 before the header
    // is written and the value made.
    unsafe {
        let p = std::alloc::alloc(layout);
        if p.is_null() {
            return None;
        }
        let text = p.add(std::mem::size_of::<StrObject>());
        let mut at = 0;
        for part in parts {
            let n = part.len().min(len - at);
            std::ptr::copy_nonoverlapping(part.as_ptr(), text.add(at), n);
            at += n;
        }
        std::ptr::write_bytes(text.add(at), b' ', len - at);
        (p as *mut StrObject).write(StrObject {
            header: ObjHeader::new(&STR_TYPE),
            hash: Cell::new(-1),
            char_len,
            s: StrData { ptr: NonNull::new_unchecked(text), len },
        });
        Some(Value::from_owned_ptr(p as *mut ObjHeader))
    }
}

/// An instance of the user class `cls`, a subclass of `str`, with text `text`: a
/// [`crate::sub::SubObject`] of a str object (whose header names `cls`), the text right after
/// it in the same allocation. Holds a reference to `cls`.
pub(crate) fn new_sub_str(cls: &crate::types::TypeObject, text: &str) -> Value {
    use crate::sub::SubObject;
    let len = text.len();
    let head = std::mem::size_of::<SubObject<StrObject>>();
    let layout = sub_str_layout(len);
    std::mem::forget(cls.to_value());
    // SAFETY: the layout has a non-zero size; the text is copied in whole before the header
    // that points at it is written, so the object is complete when the value is made.
    unsafe {
        let p = std::alloc::alloc(layout);
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        let at = p.add(head);
        std::ptr::copy_nonoverlapping(text.as_ptr(), at, len);
        (p as *mut SubObject<StrObject>).write(SubObject {
            base: StrObject {
                header: ObjHeader::new(cls),
                hash: Cell::new(-1),
                char_len: count_chars(text),
                s: StrData { ptr: NonNull::new_unchecked(at), len },
            },
            dict: std::cell::UnsafeCell::new(Value::NULL),
        });
        Value::from_owned_ptr(p as *mut ObjHeader)
    }
}

/// The allocation of a str subclass instance with `len` bytes of text.
fn sub_str_layout(len: usize) -> Layout {
    let size = std::mem::size_of::<crate::sub::SubObject<StrObject>>().checked_add(len).expect("str layout");
    Layout::from_size_align(size, std::mem::align_of::<crate::sub::SubObject<StrObject>>()).expect("str layout")
}

/// `dealloc` of str subclass instances: drops the instance dict, frees the allocation of
/// [`new_sub_str`] and releases the class.
///
/// # Safety
/// `p` was made by [`new_sub_str`] and its count reached zero.
pub(crate) unsafe fn dealloc_sub_str(p: *mut ObjHeader) {
    // SAFETY: per the contract; the dict slot holds an owned reference (or NULL), and the
    // class reference taken in `new_sub_str` is released last.
    unsafe {
        let o = p as *mut crate::sub::SubObject<StrObject>;
        let len = (*o).base.s.len;
        let ty = (*p).ty;
        std::ptr::drop_in_place((*o).dict.get());
        std::alloc::dealloc(p as *mut u8, sub_str_layout(len));
        crate::value::decref(ty as *mut ObjHeader);
    }
}

/// `dealloc` of strs: frees the allocation of `new_str_object`.
///
/// # Safety
/// `p` must be a str object whose count reached zero.
pub unsafe fn dealloc_str(p: *mut ObjHeader) {
    // SAFETY: per the contract; nothing in a str owns other objects.
    unsafe {
        let len = (*(p as *const StrObject)).s.len;
        std::alloc::dealloc(p as *mut u8, str_layout(len));
    }
}

/// Number of code points in `s`.
#[inline]
fn count_chars(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.chars().count() }
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
    crate::bytes::hash_bytes(s.as_bytes())
}

impl Value {
    /// A new str.
    pub fn str(s: &str) -> Value {
        new_str_object(&[s], count_chars(s))
    }

    /// A new str from an owned string (its text is copied into the object).
    pub fn string(s: String) -> Value {
        Value::str(&s)
    }

    /// `sep.join(items)` for a sequence of values; `Err(i)` if item `i` is not a str. Sizes
    /// the result first and copies each part once (no intermediate buffer).
    pub fn str_join(sep: &StrObject, items: &[Value]) -> Result<Value, usize> {
        let (mut len, mut chars) = (0usize, 0usize);
        for (i, it) in items.iter().enumerate() {
            let Some(so) = it.as_str_obj() else { return Err(i) };
            len += so.s.len();
            chars += so.char_len;
        }
        if let Some(gaps) = items.len().checked_sub(1) {
            len += gaps * sep.s.len();
            chars += gaps * sep.char_len;
        }
        let parts = items.iter().enumerate().flat_map(|(i, it)| {
            let text: &str = it.as_str().unwrap_or("");
            [if i > 0 { &*sep.s } else { "" }, text]
        });
        Ok(build_str(len, chars, parts))
    }

    /// `a + b` for two strs.
    pub fn str_concat(a: &StrObject, b: &StrObject) -> Value {
        new_str_object(&[&a.s, &b.s], a.char_len + b.char_len)
    }

    /// `a + b` for two strs, or `MemoryError`.
    pub fn try_str_concat(a: &StrObject, b: &StrObject) -> crate::PyResult<Value> {
        let len = a.s.len().checked_add(b.s.len()).ok_or_else(crate::mem::memory_error)?;
        try_build_str(len, a.char_len + b.char_len, [&*a.s, &*b.s].into_iter()).ok_or_else(crate::mem::memory_error)
    }

    /// `s * n`, copied straight into the new object, or `MemoryError`.
    pub fn try_str_repeat(s: &StrObject, n: usize) -> crate::PyResult<Value> {
        let len = s.s.len().checked_mul(n).ok_or_else(crate::mem::memory_error)?;
        try_build_str(len, s.char_len * n, std::iter::repeat_n(&*s.s, n)).ok_or_else(crate::mem::memory_error)
    }

    /// Is this exactly a str?
    #[inline(always)]
    pub fn is_str(&self) -> bool {
        self.is_type(&STR_TYPE)
    }

    /// The str object, if this is a str (or an instance of a subclass of `str`).
    #[inline(always)]
    pub fn as_str_obj(&self) -> Option<&StrObject> {
        if self.is_str() || self.is_obj() && self.ty().kind == crate::types::Kind::Str {
            // SAFETY: str kind means StrObject layout (`crate::sub` for subclasses).
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

/// [`intern`] of the text of the str `v`: `v` itself when it is interned already, as the
/// names in code and most attribute names passed to `getattr` are (no lookup then). An
/// immortal exact str is an interned one unless it is one character long (the latin-1 table
/// of [`char_str`] holds immortal strs that are not interned).
pub fn intern_value(v: &Value) -> Option<Value> {
    let so = v.as_str_obj()?;
    if v.is_str() && so.char_len != 1 && v.refcount() == isize::MAX {
        return Some(v.clone());
    }
    Some(intern(&so.s))
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
