//! Where machine code finds the fields of the runtime's objects that are not `#[repr(C)]`
//! all the way down: a list's items live in a `Vec`, a tuple's in a `Box<[Value]>`, whose
//! field order Rust does not promise. The backend learns those offsets once, at start, from
//! values it builds (a `Vec` and a boxed slice with known pointer, length and capacity), so
//! machine code stays right whatever order this compiler chose. The objects themselves are
//! `#[repr(C)]`, so where the `Vec` or box sits in them is a plain `offset_of!`.

use std::mem::{offset_of, size_of};

use tracelift_runtime::Value;
use tracelift_runtime::seq::{ListObject, TupleObject};

/// Byte offsets, from an object's start, of what machine code reads.
#[derive(Clone, Copy, Debug)]
pub struct Layouts {
    /// A list's item pointer and length.
    pub list_items: i32,
    /// See `list_items`.
    pub list_len: i32,
    /// A tuple's item pointer and length.
    pub tuple_items: i32,
    /// See `tuple_items`.
    pub tuple_len: i32,
    /// A type's shared-key pointer and length (`TypeObject::keys`, a `Vec`).
    pub type_keys_items: i32,
    /// See `type_keys_items`.
    pub type_keys_len: i32,
    /// An `array.array`'s item-word pointer and length (a `Vec<u64>`).
    pub array_items: i32,
    /// See `array_items`.
    pub array_len: i32,
}

/// The word index of `want` among the words of `words`, if exactly one matches.
fn find(words: &[usize], want: usize) -> Option<usize> {
    let mut hits = words.iter().enumerate().filter(|(_, w)| **w == want).map(|(i, _)| i);
    let first = hits.next()?;
    hits.next().is_none().then_some(first)
}

impl Layouts {
    /// Learns the offsets (see the module docs); `None` if the layouts are not what machine
    /// code can read (then the backend calls the runtime instead).
    pub fn learn() -> Option<Layouts> {
        const _: () = assert!(size_of::<Vec<Value>>() == 3 * size_of::<usize>());
        const _: () = assert!(size_of::<Box<[Value]>>() == 2 * size_of::<usize>());
        let mut v: Vec<Value> = Vec::with_capacity(7);
        v.push(Value::small(1));
        v.push(Value::small(2));
        v.push(Value::small(3));
        let ptr = v.as_ptr() as usize;
        // SAFETY: reads the three words of a live Vec as integers; the Vec is not changed.
        let words: [usize; 3] = unsafe { std::ptr::read(&v as *const Vec<Value> as *const [usize; 3]) };
        let (vp, vl) = (find(&words, ptr)?, find(&words, 3)?);
        let mut a: Vec<u64> = Vec::with_capacity(9);
        a.extend([4, 5, 6, 7, 8]);
        let aptr = a.as_ptr() as usize;
        // SAFETY: as above, for a `Vec<u64>` (an array's items).
        let awords: [usize; 3] = unsafe { std::ptr::read(&a as *const Vec<u64> as *const [usize; 3]) };
        let (ap, al) = (find(&awords, aptr)?, find(&awords, 5)?);
        let b: Box<[Value]> = vec![Value::small(1), Value::small(2)].into_boxed_slice();
        let bptr = b.as_ptr() as usize;
        // SAFETY: as above, for the two words of a boxed slice.
        let bwords: [usize; 2] = unsafe { std::ptr::read(&b as *const Box<[Value]> as *const [usize; 2]) };
        let (bp, bl) = (find(&bwords, bptr)?, find(&bwords, 2)?);
        let lo = offset_of!(ListObject, items);
        let to = offset_of!(TupleObject, items);
        let ko = tracelift_runtime::types::TYPE_KEYS_OFFSET;
        let w = size_of::<usize>();
        Some(Layouts {
            list_items: (lo + vp * w) as i32,
            list_len: (lo + vl * w) as i32,
            tuple_items: (to + bp * w) as i32,
            tuple_len: (to + bl * w) as i32,
            type_keys_items: (ko + vp * w) as i32,
            type_keys_len: (ko + vl * w) as i32,
            array_items: (tracelift_runtime::array::ARRAY_ITEMS_OFFSET + ap * w) as i32,
            array_len: (tracelift_runtime::array::ARRAY_ITEMS_OFFSET + al * w) as i32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learned_offsets_read_real_lists_and_tuples() {
        let l = Layouts::learn().expect("readable layouts");
        let list = Value::list(vec![Value::small(5), Value::small(6), Value::small(7)]);
        let tuple = Value::tuple(vec![Value::small(8), Value::small(9)]);
        // SAFETY: reads fields of live objects at the learned offsets.
        unsafe {
            let p = list.raw() as *const u8;
            let items = *(p.add(l.list_items as usize) as *const *const u64);
            assert_eq!(*(p.add(l.list_len as usize) as *const usize), 3);
            assert_eq!(*items.add(2), Value::small(7).raw());
            let t = tuple.raw() as *const u8;
            let items = *(t.add(l.tuple_items as usize) as *const *const u64);
            assert_eq!(*(t.add(l.tuple_len as usize) as *const usize), 2);
            assert_eq!(*items.add(1), Value::small(9).raw());
            let arr = Value::array(b'd', vec![1.5f64.to_bits(), 2.5f64.to_bits()]);
            let a = arr.raw() as *const u8;
            let items = *(a.add(l.array_items as usize) as *const *const f64);
            assert_eq!(*(a.add(l.array_len as usize) as *const usize), 2);
            assert_eq!(*items.add(1), 2.5);
            assert_eq!(*a.add(tracelift_runtime::array::ARRAY_CODE_OFFSET), b'd');
        }
    }

    #[test]
    fn learned_and_declared_offsets_read_an_instances_inline_attribute() {
        use tracelift_runtime::object::{
            INSTANCE_DICT_OFFSET, INSTANCE_LEN_OFFSET, INSTANCE_SLOTS_OFFSET, new_instance,
        };
        use tracelift_runtime::types::{OBJECT_TYPE, TypeObject};
        let l = Layouts::learn().expect("readable layouts");
        let cls = TypeObject::new_heap("C", "C", "__main__", &OBJECT_TYPE, tracelift_runtime::dict::new_dict());
        let ty = cls.as_type().unwrap();
        let (a, b) = (tracelift_runtime::str::intern("a"), tracelift_runtime::str::intern("b"));
        assert_eq!((ty.push_shared_key(a.clone()), ty.push_shared_key(b.clone())), (0, 1));
        let obj = new_instance(ty);
        let inst = obj.as_instance().unwrap();
        inst.set_hint(0, a.raw(), Value::small(10)).unwrap();
        inst.set_hint(1, b.raw(), Value::small(11)).unwrap();
        // SAFETY: reads fields of live objects at the declared and learned offsets.
        unsafe {
            let p = obj.raw() as *const u8;
            assert_eq!(*(p.add(INSTANCE_DICT_OFFSET) as *const u64), 0);
            assert_eq!(*(p.add(INSTANCE_LEN_OFFSET) as *const u32), 2);
            assert_eq!(*(p.add(INSTANCE_SLOTS_OFFSET + 8) as *const u64), Value::small(11).raw());
            let t = cls.raw() as *const u8;
            assert_eq!(*(t.add(l.type_keys_len as usize) as *const usize), 2);
            let keys = *(t.add(l.type_keys_items as usize) as *const *const u64);
            assert_eq!(*keys.add(1), b.raw());
        }
    }
}
