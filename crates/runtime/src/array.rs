//! `array.array`: a mutable sequence of machine numbers of one C type (CPython's
//! `Modules/arraymodule.c`). The items are kept as raw 64-bit words, one per item, read and
//! written through the array's typecode: IEEE bits for `'d'` and `'f'` (an `'f'` item is
//! rounded to single precision when stored), two's complement for the signed int codes, plain
//! bits for the unsigned ones. One word per item whatever `itemsize` says keeps every read a
//! single indexed load, which the specialized subscripts and machine code rely on.
//!
//! The VM gives the type its module, constructor and methods (`crates/vm/src/modules/array.rs`);
//! here are the layout, item conversion with CPython's messages, and reading items back.

use std::cell::UnsafeCell;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::exc::{PyErr, PyResult, overflow_error, type_error};
use crate::types::{Kind, OBJECT_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// `array.array`
pub static ARRAY_TYPE: TypeObject =
    TypeObject::builtin_in("array", "array", Kind::Array, Some(&OBJECT_TYPE), dealloc_box::<ArrayObject>);

/// The typecodes tracelift's arrays take (CPython's, less `'u'` and `'w'`, whose items are
/// characters).
pub const TYPECODES: &str = "bBhHiIlLqQfd";

/// An `array.array`.
#[repr(C)]
pub struct ArrayObject {
    pub header: ObjHeader,
    /// The typecode, an ASCII letter of [`TYPECODES`].
    pub code: u8,
    items: UnsafeCell<Vec<u64>>,
}

/// Offset of the item vector inside an [`ArrayObject`] (specialized code reads it).
pub const ARRAY_ITEMS_OFFSET: usize = std::mem::offset_of!(ArrayObject, items);
/// Offset of the typecode byte inside an [`ArrayObject`].
pub const ARRAY_CODE_OFFSET: usize = std::mem::offset_of!(ArrayObject, code);

impl ArrayObject {
    /// The raw item words, to read (callers never hold this across a change).
    pub fn words(&self) -> &[u64] {
        // SAFETY: single-threaded; no mutable borrow is alive while this one is used.
        unsafe { &*self.items.get() }
    }

    /// The raw item words, to change.
    #[allow(clippy::mut_from_ref)]
    pub fn words_mut(&self) -> &mut Vec<u64> {
        // SAFETY: single-threaded; callers hold no other borrow of the buffer.
        unsafe { &mut *self.items.get() }
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.words().len()
    }

    /// Is the array empty?
    pub fn is_empty(&self) -> bool {
        self.words().is_empty()
    }

    /// Item `i` (in range) as a Python value.
    pub fn get(&self, i: usize) -> Value {
        word_value(self.code, self.words()[i])
    }

    /// Every item as a Python value.
    pub fn values(&self) -> Vec<Value> {
        self.words().iter().map(|w| word_value(self.code, *w)).collect()
    }

    /// The bytes per item CPython's array has for this typecode (`itemsize`).
    pub fn itemsize(&self) -> usize {
        itemsize(self.code)
    }
}

/// Bytes per item of a typecode (CPython's on x86-64 Linux).
pub fn itemsize(code: u8) -> usize {
    match code {
        b'b' | b'B' => 1,
        b'h' | b'H' => 2,
        b'i' | b'I' | b'f' => 4,
        _ => 8,
    }
}

/// Does the typecode hold floats?
pub fn is_float_code(code: u8) -> bool {
    matches!(code, b'd' | b'f')
}

/// The Python value of one item word.
#[inline]
pub fn word_value(code: u8, w: u64) -> Value {
    match code {
        b'd' | b'f' => Value::float(f64::from_bits(w)),
        b'B' | b'H' | b'I' | b'L' | b'Q' => match i64::try_from(w) {
            Ok(n) => Value::int(n),
            Err(_) => Value::from_bigint(BigInt::from(w)),
        },
        _ => Value::int(w as i64),
    }
}

impl Value {
    /// A new array of typecode `code` (one of [`TYPECODES`]) owning `words`.
    pub fn array(code: u8, words: Vec<u64>) -> Value {
        debug_assert!(TYPECODES.as_bytes().contains(&code));
        alloc(ArrayObject { header: ObjHeader::new(&ARRAY_TYPE), code, items: UnsafeCell::new(words) })
    }

    /// The array object, if this is an `array.array`.
    #[inline]
    pub fn as_array(&self) -> Option<&ArrayObject> {
        if self.is_type(&ARRAY_TYPE) {
            // SAFETY: the array type means the ArrayObject layout.
            Some(unsafe { self.as_ref::<ArrayObject>() })
        } else {
            None
        }
    }
}

/// Converts a Python value to the word of an item of typecode `code`, with the errors and
/// messages of CPython's `*_setitem` functions (each int typecode parses through a wider C
/// type first, whose errors come first).
pub fn value_word(code: u8, v: &Value) -> PyResult<u64> {
    if is_float_code(code) {
        let f = if let Some(f) = v.as_f64() {
            f
        } else if v.is_int_or_bool() || v.ty().kind == Kind::Int {
            let b = v.to_bigint().expect("an int");
            crate::floatops::bigint_to_f64(&b).ok_or_else(|| overflow_error("int too large to convert to float"))?
        } else {
            return Err(type_error(format!("must be real number, not {}", v.ty().name())));
        };
        return Ok(if code == b'f' { (f as f32 as f64).to_bits() } else { f.to_bits() });
    }
    if !(v.is_int_or_bool() || v.ty().kind == Kind::Int) {
        return Err(type_error(format!("'{}' object cannot be interpreted as an integer", v.ty().name())));
    }
    // Beyond i128 only the sign matters: every bound below is narrower.
    let n: i128 = match v.as_i64() {
        Some(n) => n as i128,
        None => {
            let b = v.to_bigint().expect("an int");
            b.to_i128().unwrap_or(if b.sign() == num_bigint::Sign::Minus { i128::MIN } else { i128::MAX })
        }
    };
    check_int(code, n)?;
    Ok(n as u64)
}

fn range_error(n: i128, lo: i128, hi: i128, name: &str) -> PyResult<()> {
    if n < lo {
        return Err(overflow_error(format!("{name} is less than minimum")));
    }
    if n > hi {
        return Err(overflow_error(format!("{name} is greater than maximum")));
    }
    Ok(())
}

fn as_long(n: i128) -> PyResult<()> {
    if n < i64::MIN as i128 || n > i64::MAX as i128 {
        return Err(overflow_error("Python int too large to convert to C long"));
    }
    Ok(())
}

fn as_unsigned(n: i128, negative: &str) -> PyResult<()> {
    if n < 0 {
        return Err(overflow_error(negative));
    }
    if n > u64::MAX as i128 {
        return Err(overflow_error("Python int too large to convert to C unsigned long"));
    }
    Ok(())
}

/// The range checks of an int typecode, in CPython's order.
fn check_int(code: u8, n: i128) -> PyResult<()> {
    if b"bBhHil".contains(&code) {
        as_long(n)?;
    }
    let i32r = (i32::MIN as i128, i32::MAX as i128);
    match code {
        b'b' => {
            range_error(n, -32768, 32767, "signed short integer")?;
            range_error(n, -128, 127, "signed char")
        }
        b'B' => range_error(n, 0, 255, "unsigned byte integer"),
        b'h' => range_error(n, -32768, 32767, "signed short integer"),
        b'H' => {
            range_error(n, i32r.0, i32r.1, "signed integer")?;
            range_error(n, 0, 65535, "unsigned short")
        }
        b'i' => range_error(n, i32r.0, i32r.1, "signed integer"),
        b'I' => {
            as_unsigned(n, "can't convert negative value to unsigned int")?;
            range_error(n, 0, u32::MAX as i128, "unsigned int")
        }
        b'L' => as_unsigned(n, "can't convert negative value to unsigned int"),
        b'q' if n < i64::MIN as i128 || n > i64::MAX as i128 => Err(overflow_error("int too big to convert")),
        b'Q' if n < 0 => Err(overflow_error("can't convert negative int to unsigned")),
        b'Q' if n > u64::MAX as i128 => Err(overflow_error("int too big to convert")),
        _ => Ok(()),
    }
}

/// `TypeError` for an operation between arrays of different typecodes.
pub fn bad_argument() -> PyErr {
    type_error("bad argument type for built-in operation")
}
