//! `bytes` (immutable, hashable) and `bytearray` (mutable): byte strings with their own
//! layouts; the VM gives them their methods (`crates/vm/src/methods/bytes.rs`).

use std::borrow::Cow;
use std::cell::{Cell, UnsafeCell};

use crate::types::{Kind, OBJECT_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// `bytes`
pub static BYTES_TYPE: TypeObject =
    TypeObject::builtin("bytes", Kind::Bytes, Some(&OBJECT_TYPE), dealloc_box::<BytesObject>);
/// `bytearray`
pub static BYTEARRAY_TYPE: TypeObject =
    TypeObject::builtin("bytearray", Kind::ByteArray, Some(&OBJECT_TYPE), dealloc_box::<ByteArrayObject>);

/// A `bytes` object.
#[repr(C)]
pub struct BytesObject {
    pub header: ObjHeader,
    pub data: Box<[u8]>,
    /// The hash, computed once (-1 until then).
    hash: Cell<i64>,
}

impl BytesObject {
    /// `hash(b)`: the hash of the str with the same (ASCII) text, as in CPython.
    pub fn hash(&self) -> i64 {
        let h = self.hash.get();
        if h != -1 {
            return h;
        }
        let h = hash_bytes(&self.data);
        self.hash.set(h);
        h
    }
}

/// The hash of a byte string, and of a str over its UTF-8 bytes (`crate::str::str_hash`), so
/// that an ASCII `bytes` hashes like its str, as in CPython.
pub fn hash_bytes(b: &[u8]) -> i64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for x in b {
        h ^= *x as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    let h = (h >> 1) as i64;
    if h == -1 { -2 } else { h }
}

/// A `bytearray` object.
#[repr(C)]
pub struct ByteArrayObject {
    pub header: ObjHeader,
    data: UnsafeCell<Vec<u8>>,
}

impl ByteArrayObject {
    /// The bytes, to read (callers never hold this across a change).
    pub fn data(&self) -> &[u8] {
        // SAFETY: single-threaded; no mutable borrow is alive while this one is used.
        unsafe { &*self.data.get() }
    }

    /// The bytes, to change.
    #[allow(clippy::mut_from_ref)]
    pub fn data_mut(&self) -> &mut Vec<u8> {
        // SAFETY: single-threaded; callers hold no other borrow of the buffer.
        unsafe { &mut *self.data.get() }
    }
}

impl Value {
    /// A new `bytes`.
    pub fn bytes(data: &[u8]) -> Value {
        Value::bytes_from(data.to_vec())
    }

    /// A new `bytes` owning `data`.
    pub fn bytes_from(data: Vec<u8>) -> Value {
        alloc(BytesObject { header: ObjHeader::new(&BYTES_TYPE), data: data.into_boxed_slice(), hash: Cell::new(-1) })
    }

    /// A new `bytearray` owning `data`.
    pub fn bytearray(data: Vec<u8>) -> Value {
        alloc(ByteArrayObject { header: ObjHeader::new(&BYTEARRAY_TYPE), data: UnsafeCell::new(data) })
    }

    /// The bytes object, if this is a `bytes`.
    #[inline]
    pub fn as_bytes_obj(&self) -> Option<&BytesObject> {
        if self.is_type(&BYTES_TYPE) {
            // SAFETY: the bytes type means the BytesObject layout.
            Some(unsafe { self.as_ref::<BytesObject>() })
        } else {
            None
        }
    }

    /// The bytearray object, if this is a `bytearray`.
    #[inline]
    pub fn as_bytearray(&self) -> Option<&ByteArrayObject> {
        if self.is_type(&BYTEARRAY_TYPE) {
            // SAFETY: the bytearray type means the ByteArrayObject layout.
            Some(unsafe { self.as_ref::<ByteArrayObject>() })
        } else {
            None
        }
    }

    /// The contents of a `bytes` or `bytearray` (CPython's bytes-like objects here).
    pub fn bytes_like(&self) -> Option<Cow<'_, [u8]>> {
        if let Some(b) = self.as_bytes_obj() {
            return Some(Cow::Borrowed(&b.data));
        }
        self.as_bytearray().map(|a| Cow::Owned(a.data().to_vec()))
    }
}
