//! Where code outside Rust finds a list's and a tuple's items (:seq-layout:).
//!
//! A list keeps its items in a `Vec` and a tuple in a `Box<[Value]>`, whose field order Rust
//! does not promise. Machine code (Cranelift's lowering, and stencils through the table
//! `tl_rt_layout`) reads them at offsets learned here once, from values built with a known
//! pointer, length and capacity, so that it stays right whatever order this compiler chose.
//! The objects themselves are `#[repr(C)]`, so where the `Vec` or box sits in them is a plain
//! `offset_of!`.

use std::mem::{offset_of, size_of};
use std::sync::OnceLock;

use crate::seq::{ListObject, TupleObject};
use crate::value::Value;

/// The learned positions: words inside the containers, byte offsets inside the objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeqLayout {
    /// The word of a `Vec<Value>` that holds its pointer.
    pub vec_ptr_word: usize,
    /// The word of a `Vec<Value>` that holds its length.
    pub vec_len_word: usize,
    /// The byte offset of a list's item pointer from the object's start.
    pub list_items: usize,
    /// The byte offset of a list's length.
    pub list_len: usize,
    /// The byte offset of a tuple's item pointer.
    pub tuple_items: usize,
    /// The byte offset of a tuple's length.
    pub tuple_len: usize,
}

/// The index of the one word of `words` equal to `want`, if exactly one is.
pub fn find_word(words: &[usize], want: usize) -> Option<usize> {
    let mut hits = words.iter().enumerate().filter(|(_, w)| **w == want).map(|(i, _)| i);
    let first = hits.next()?;
    hits.next().is_none().then_some(first)
}

/// The layouts, learned on first use; `None` if they are not what machine code can read
/// (a `Vec` or boxed slice whose pointer or length is not one plain word).
pub fn seq_layout() -> Option<SeqLayout> {
    static LAYOUT: OnceLock<Option<SeqLayout>> = OnceLock::new();
    *LAYOUT.get_or_init(learn)
}

fn learn() -> Option<SeqLayout> {
    const _: () = assert!(size_of::<Vec<Value>>() == 3 * size_of::<usize>());
    const _: () = assert!(size_of::<Box<[Value]>>() == 2 * size_of::<usize>());
    let mut v: Vec<Value> = Vec::with_capacity(7);
    v.extend([Value::small(1), Value::small(2), Value::small(3)]);
    let ptr = v.as_ptr() as usize;
    // SAFETY: reads the three words of a live Vec as integers; the Vec is not changed.
    let words: [usize; 3] = unsafe { std::ptr::read(&v as *const Vec<Value> as *const [usize; 3]) };
    let (vp, vl) = (find_word(&words, ptr)?, find_word(&words, 3)?);
    let b: Box<[Value]> = vec![Value::small(1), Value::small(2)].into_boxed_slice();
    let bptr = b.as_ptr() as usize;
    // SAFETY: as above, for the two words of a boxed slice.
    let bwords: [usize; 2] = unsafe { std::ptr::read(&b as *const Box<[Value]> as *const [usize; 2]) };
    let (bp, bl) = (find_word(&bwords, bptr)?, find_word(&bwords, 2)?);
    let (lo, to, w) = (offset_of!(ListObject, items), offset_of!(TupleObject, items), size_of::<usize>());
    Some(SeqLayout {
        vec_ptr_word: vp,
        vec_len_word: vl,
        list_items: lo + vp * w,
        list_len: lo + vl * w,
        tuple_items: to + bp * w,
        tuple_len: to + bl * w,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learned_offsets_read_real_lists_and_tuples() {
        let l = seq_layout().expect("readable layouts");
        let list = Value::list(vec![Value::small(5), Value::small(6), Value::small(7)]);
        let tuple = Value::tuple(vec![Value::small(8), Value::small(9)]);
        // SAFETY: reads fields of live objects at the learned offsets.
        unsafe {
            let p = list.raw() as *const u8;
            let items = *(p.add(l.list_items) as *const *const u64);
            assert_eq!(*(p.add(l.list_len) as *const usize), 3);
            assert_eq!(*items.add(2), Value::small(7).raw());
            let t = tuple.raw() as *const u8;
            let items = *(t.add(l.tuple_items) as *const *const u64);
            assert_eq!(*(t.add(l.tuple_len) as *const usize), 2);
            assert_eq!(*items.add(1), Value::small(9).raw());
        }
    }
}
