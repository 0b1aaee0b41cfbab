//! `float`: a boxed `f64`.

use crate::types::FLOAT_TYPE;
use crate::value::{ObjHeader, Value, alloc};

/// A float object. JIT code reads `value` at offset 16.
#[repr(C)]
pub struct FloatObject {
    pub header: ObjHeader,
    pub value: f64,
}

impl Value {
    /// A new float.
    #[inline]
    pub fn float(f: f64) -> Value {
        alloc(FloatObject { header: ObjHeader::new(&FLOAT_TYPE), value: f })
    }

    /// Is this exactly a float?
    #[inline(always)]
    pub fn is_float(&self) -> bool {
        self.is_type(&FLOAT_TYPE)
    }

    /// The float value, if this is a float.
    #[inline(always)]
    pub fn as_f64(&self) -> Option<f64> {
        if self.is_float() {
            // SAFETY: float type means FloatObject layout.
            Some(unsafe { self.as_ref::<FloatObject>().value })
        } else {
            None
        }
    }

    /// The float value; the caller has checked [`Value::is_float`].
    #[inline(always)]
    pub fn float_value(&self) -> f64 {
        debug_assert!(self.is_float());
        // SAFETY: the caller checked the type.
        unsafe { self.as_ref::<FloatObject>().value }
    }
}
