//! Where machine code finds the fields of the runtime's objects that are not `#[repr(C)]`
//! all the way down: a list's items live in a `Vec`, a tuple's in a `Box<[Value]>`, an
//! array's in a `Vec<u64>`, the VM's frame records in a `Vec<Frame>`, whose field order Rust
//! does not promise. The backend learns those offsets once, at start, from values it builds
//! with known pointer, length and capacity (lists and tuples through the runtime's
//! `layout::seq_layout`, which stencils share: :seq-layout:), so machine code stays right
//! whatever order this compiler chose. The objects themselves are `#[repr(C)]`, so where the
//! `Vec` or box sits in them is a plain `offset_of!`.

use std::mem::{offset_of, size_of};

use tracelift_runtime::layout::{find_word as find, seq_layout};

#[cfg(test)]
use tracelift_runtime::Value;

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
    /// An `array.array`'s item-word pointer and length (a `Vec<u64>`).
    pub array_items: i32,
    /// See `array_items`.
    pub array_len: i32,
    /// The VM's frame records and value stack (:inline-frame:).
    pub frames: FrameLayout,
}

/// Where machine code finds what pushing and popping a frame record touches (:inline-frame:):
/// the VM's `frames` and `stack` vectors, the fields of a `Frame` record, the strong count of
/// the `Rc<Code>` it holds, and a function object's code and globals. Offsets of `Vm` and
/// `Frame` fields are `offset_of!`; those inside a `Vec` and an `Rc` are learned.
#[derive(Clone, Copy, Debug)]
pub struct FrameLayout {
    /// `Vm::frames`' record pointer, length and capacity.
    pub frames_ptr: i32,
    /// See `frames_ptr`.
    pub frames_len: i32,
    /// See `frames_ptr`.
    pub frames_cap: i32,
    /// `Vm::stack`'s slot pointer and length.
    pub stack_ptr: i32,
    /// See `stack_ptr`.
    pub stack_len: i32,
    /// `Vm::recursion_limit`.
    pub recursion_limit: i32,
    /// The size of a `Frame` record.
    pub size: i64,
    /// Offsets of the `Frame` fields.
    pub code: i32,
    /// See `code`.
    pub func: i32,
    /// See `code`.
    pub globals: i32,
    /// See `code`.
    pub locals: i32,
    /// See `code`.
    pub base: i32,
    /// See `code`.
    pub ip: i32,
    /// See `code`.
    pub sp: i32,
    /// See `code`.
    pub lasti: i32,
    /// See `code` (a `bool`).
    pub entry: i32,
    /// See `code`.
    pub generator: i32,
    /// See `code`.
    pub init_self: i32,
    /// See `code`.
    pub binop_rhs: i32,
    /// See `code` (a `u8`).
    pub binop_op: i32,
    /// From the address of a code (`Rc::as_ptr`) back to the `Rc`'s pointer, which a record
    /// holds: subtract this.
    pub rc_value: i64,
    /// The strong count's offset from the `Rc`'s pointer.
    pub rc_strong: i32,
    /// A function object's `Rc<Code>` and globals.
    pub func_code: i32,
    /// See `func_code`.
    pub func_globals: i32,
    /// See `func_code`: the defaults tuple (or null).
    pub func_defaults: i32,
}

impl FrameLayout {
    fn learn(vp: usize, vl: usize) -> Option<FrameLayout> {
        use std::rc::Rc;
        use tracelift_vm::Vm;
        use tracelift_vm::frame::Frame;
        use tracelift_vm::objects::{Code, FunctionObject};
        const _: () = assert!(size_of::<Vec<Frame>>() == 3 * size_of::<usize>());
        const _: () = assert!(size_of::<Rc<Code>>() == size_of::<usize>());
        // An `Rc<[u64; 2]>` has the layout of an `Rc<Code>` when the two align alike.
        const _: () = assert!(std::mem::align_of::<Code>() == std::mem::align_of::<[u64; 2]>());
        let f: Vec<Frame> = Vec::with_capacity(3);
        let fptr = f.as_ptr() as usize;
        // SAFETY: reads the three words of a live Vec as integers; the Vec is not changed.
        let fwords: [usize; 3] = unsafe { std::ptr::read(&f as *const Vec<Frame> as *const [usize; 3]) };
        let (fp, fl, fc) = (find(&fwords, fptr)?, find(&fwords, 0)?, find(&fwords, 3)?);
        let r: Rc<[u64; 2]> = Rc::new([0; 2]);
        // SAFETY: an `Rc` is one pointer (asserted above); read as an integer, not changed.
        let inner: usize = unsafe { std::mem::transmute_copy(&r) };
        let rc_value = (Rc::as_ptr(&r) as usize).checked_sub(inner)?;
        let r2 = r.clone();
        // SAFETY: the words before the value are the `Rc`'s counts, alive while `r` is.
        let counts: [usize; 2] = unsafe { std::ptr::read(inner as *const [usize; 2]) };
        if rc_value != 2 * size_of::<usize>() {
            return None;
        }
        let strong = find(&counts, 2)?;
        drop(r2);
        let w = size_of::<usize>();
        let vm = offset_of!(Vm, frames);
        let st = offset_of!(Vm, stack);
        Some(FrameLayout {
            frames_ptr: (vm + fp * w) as i32,
            frames_len: (vm + fl * w) as i32,
            frames_cap: (vm + fc * w) as i32,
            stack_ptr: (st + vp * w) as i32,
            stack_len: (st + vl * w) as i32,
            recursion_limit: offset_of!(Vm, recursion_limit) as i32,
            size: size_of::<Frame>() as i64,
            code: offset_of!(Frame, code) as i32,
            func: offset_of!(Frame, func) as i32,
            globals: offset_of!(Frame, globals) as i32,
            locals: offset_of!(Frame, locals) as i32,
            base: offset_of!(Frame, base) as i32,
            ip: offset_of!(Frame, ip) as i32,
            sp: offset_of!(Frame, sp) as i32,
            lasti: offset_of!(Frame, lasti) as i32,
            entry: offset_of!(Frame, entry) as i32,
            generator: offset_of!(Frame, generator) as i32,
            init_self: offset_of!(Frame, init_self) as i32,
            binop_rhs: offset_of!(Frame, binop_rhs) as i32,
            binop_op: offset_of!(Frame, binop_op) as i32,
            rc_value: rc_value as i64,
            rc_strong: (strong * w) as i32,
            func_code: offset_of!(FunctionObject, code) as i32,
            func_globals: offset_of!(FunctionObject, globals) as i32,
            func_defaults: offset_of!(FunctionObject, defaults) as i32,
        })
    }
}

impl Layouts {
    /// Learns the offsets (see the module docs); `None` if the layouts are not what machine
    /// code can read (then the backend calls the runtime instead).
    pub fn learn() -> Option<Layouts> {
        let seq = seq_layout()?;
        let mut a: Vec<u64> = Vec::with_capacity(9);
        a.extend([4, 5, 6, 7, 8]);
        let aptr = a.as_ptr() as usize;
        // SAFETY: reads the three words of a live `Vec<u64>` (an array's items) as integers;
        // the Vec is not changed.
        let awords: [usize; 3] = unsafe { std::ptr::read(&a as *const Vec<u64> as *const [usize; 3]) };
        let (ap, al) = (find(&awords, aptr)?, find(&awords, 5)?);
        let w = size_of::<usize>();
        Some(Layouts {
            list_items: seq.list_items as i32,
            list_len: seq.list_len as i32,
            tuple_items: seq.tuple_items as i32,
            tuple_len: seq.tuple_len as i32,
            array_items: (tracelift_runtime::array::ARRAY_ITEMS_OFFSET + ap * w) as i32,
            array_len: (tracelift_runtime::array::ARRAY_ITEMS_OFFSET + al * w) as i32,
            frames: FrameLayout::learn(seq.vec_ptr_word, seq.vec_len_word)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists and tuples are the runtime's (`tracelift_runtime::layout`, tested there); this
    /// checks that they are the ones copied, and the array's, learned here.
    #[test]
    fn learned_offsets_read_real_arrays_and_are_the_runtimes_for_lists_and_tuples() {
        let l = Layouts::learn().expect("readable layouts");
        let seq = seq_layout().expect("readable layouts");
        assert_eq!(
            [l.list_items, l.list_len, l.tuple_items, l.tuple_len].map(|o| o as usize),
            [seq.list_items, seq.list_len, seq.tuple_items, seq.tuple_len]
        );
        // SAFETY: reads fields of a live array at the learned offsets.
        unsafe {
            let arr = Value::array(b'd', vec![1.5f64.to_bits(), 2.5f64.to_bits()]);
            let a = arr.raw() as *const u8;
            let items = *(a.add(l.array_items as usize) as *const *const f64);
            assert_eq!(*(a.add(l.array_len as usize) as *const usize), 2);
            assert_eq!(*items.add(1), 2.5);
            assert_eq!(*a.add(tracelift_runtime::array::ARRAY_CODE_OFFSET), b'd');
        }
    }

    #[test]
    fn declared_offsets_read_an_instances_inline_attribute() {
        use tracelift_runtime::object::{
            INSTANCE_DICT_OFFSET, INSTANCE_LEN_OFFSET, INSTANCE_SLOTS_OFFSET, new_instance,
        };
        use tracelift_runtime::types::{OBJECT_TYPE, TypeObject};
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
            let keys = *(t.add(tracelift_uops::abi::TYPE_KEYS_ITEMS_OFFSET) as *const *const u64);
            assert_eq!(*keys.add(1), b.raw());
        }
    }

    #[test]
    fn learned_offsets_read_a_vms_frame_record() {
        use std::rc::Rc;
        use tracelift_vm::{Options, Vm};
        let l = Layouts::learn().expect("readable layouts").frames;
        let mut vm = Vm::new(Options::default());
        let code = vm.load_code(tracelift_compiler::compile_module("x = 1\n", "<t>").expect("compiles"));
        let g = tracelift_runtime::dict::new_dict();
        let before = vm.frames.len();
        let base = vm.push_frame(code.clone(), Value::NULL, g.clone(), Value::NULL, false).expect("room");
        // SAFETY: reads fields of the live VM and its newest record at the learned offsets.
        unsafe {
            let p = &*vm as *const Vm as *const u8;
            let rd = |off: i32| *(p.add(off as usize) as *const usize);
            assert_eq!(rd(l.frames_len), before + 1);
            assert_eq!(rd(l.frames_cap), vm.frames.capacity());
            assert_eq!(rd(l.stack_ptr), vm.stack.as_ptr() as usize);
            assert_eq!(rd(l.stack_len), vm.stack.len());
            assert_eq!(rd(l.recursion_limit), vm.recursion_limit);
            let rec = (rd(l.frames_ptr) as *const u8).add(before * l.size as usize);
            let field = |off: i32| *(rec.add(off as usize) as *const usize);
            assert_eq!(field(l.base), base);
            assert_eq!(field(l.sp), base + code.nlocalsplus);
            assert_eq!(field(l.globals), g.raw() as usize);
            assert_eq!(*rec.add(l.entry as usize), 0);
            let rc = field(l.code);
            assert_eq!(rc + l.rc_value as usize, Rc::as_ptr(&code) as usize);
            assert_eq!(*((rc + l.rc_strong as usize) as *const usize), Rc::strong_count(&code));
        }
        vm.pop_frame();
    }
}
