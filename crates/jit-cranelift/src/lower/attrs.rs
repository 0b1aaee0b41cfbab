//! Instance attributes: inline values (:inline-attr:, :known-class:), the method-shadowing
//! guard (:no-shadow-mask:) and `__slots__` members (:member-slot:).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, InstBuilder, Value};
use tracelift_runtime::object::{INSTANCE_CAP_OFFSET, INSTANCE_DICT_OFFSET, INSTANCE_SLOTS_OFFSET};
use tracelift_runtime::types::{TYPE_KEYS_LEN_OFFSET, TYPE_KEYS_MASK_OFFSET};
use tracelift_uops::Uop::*;
use tracelift_uops::trace::UopInst;

use super::{I32, I64, Lower};

impl<'a, 'f> Lower<'a, 'f> {
    /// :no-shadow-mask: the bit of name `idx` of the running frame's code in a type's shared-key
    /// mask (`1 << (hash & 63)`), if the code is known.
    fn name_bit(&self, idx: u32) -> Option<u64> {
        if self.code.is_null() {
            return None;
        }
        // SAFETY: `code` is not null: a code `body` holds alive while it lowers the uop.
        let code = unsafe { &*self.code };
        let h = code.names.get(idx as usize)?.as_str_obj()?.hash();
        Some(1u64 << (h & 63))
    }

    /// `_LOAD_ATTR_INSTANCE_VALUE` / `_LOAD_ATTR_INSTANCE_KNOWN`.
    pub(super) fn load_attr_instance(&mut self, u: &UopInst) {
        // :borrowed: a borrowed owner's attribute is borrowed too (the instance slot
        // holds it, and the owner outlives the uops that keep borrows).
        let borrowed = self.is_borrowed(1);
        let owner = self.peek_word(1);
        let i = u.operand as u32;
        // :inline-attr: the slot's value; the runtime for the rest.
        // :known-class: the optimizer read the class's key (`prove_inline_keys`).
        let known = u.uop == _LOAD_ATTR_INSTANCE_KNOWN;
        let (ok, slot) = self.inline_attr_slot(owner, known, i, u.oparg >> 1);
        let slow = self.branch_hot_cold(ok);
        let done = self.b.create_block();
        self.b.append_block_param(done, I64);
        let v = self.load(I64, slot, 0);
        self.b.ins().jump(done, &[v.into()]);
        self.b.switch_to_block(slow);
        let name = self.attr_name(u.oparg >> 1);
        let hint = self.b.ins().iconst(I32, i as i64);
        let v = self.call_rt("tl_rt_instance_get_hint", &[owner, hint, name]).expect("a result");
        self.b.ins().jump(done, &[v.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        let attr = self.b.block_params(done)[0];
        let missing = self.b.ins().icmp_imm_s(IntCC::Equal, attr, 0);
        self.leave_if(missing, u);
        self.replace_top_with_part(borrowed, attr, owner);
        if u.oparg & 1 != 0 {
            let z = self.iconst(0);
            self.push(z);
        }
    }

    /// `_GUARD_NO_SHADOW` / `_GUARD_NO_SHADOW_KNOWN`.
    pub(super) fn guard_no_shadow(&mut self, u: &UopInst) {
        // The runtime's name lookup compares strs only (no Python code, no error), so
        // it is called with no write-back.
        let owner = self.peek_word(1);
        let cont = self.b.create_block();
        let known = u.uop == _GUARD_NO_SHADOW_KNOWN;
        let bit = self.name_bit(u.oparg >> 1);
        if known || bit.is_some() {
            // Both tests below pass only an instance without a dict.
            let dict = self.load(I64, owner, INSTANCE_DICT_OFFSET as i32);
            let ty = self.load(I64, owner, 8);
            if known {
                // The class is proven and lacked the name among its first `operand` keys:
                // an instance without a dict lacks it while the class has no more keys.
                let n = self.load(I32, ty, TYPE_KEYS_LEN_OFFSET as i32);
                let grown = self.b.ins().icmp_imm_u(IntCC::NotEqual, n, u.operand as i64);
                let grown = self.b.ins().uextend(I64, grown);
                let maybe = self.b.ins().bor(dict, grown);
                self.pass_if_zero(maybe, cont);
            }
            // :no-shadow-mask: an instance without a dict whose class's key mask lacks the
            // name's bit lacks the name.
            if let Some(bit) = bit {
                let mask = self.load(I64, ty, TYPE_KEYS_MASK_OFFSET as i32);
                let hit = self.b.ins().band_imm_s(mask, bit as i64);
                let maybe = self.b.ins().bor(dict, hit);
                self.pass_if_zero(maybe, cont);
            }
        }
        // Only the rest ask the runtime.
        let names = self.reg(self.names);
        let name = self.load(I64, names, ((u.oparg >> 1) * 8) as i32);
        let lacks = self.call_rt("tl_rt_instance_lacks", &[owner, name]).expect("a result");
        let bad = self.b.ins().icmp_imm_s(IntCC::Equal, lacks, 0);
        self.leave_if(bad, u);
        self.b.ins().jump(cont, &[]);
        self.b.seal_block(cont);
        self.b.switch_to_block(cont);
    }

    /// `_STORE_ATTR_INSTANCE_VALUE` / `_STORE_ATTR_INSTANCE_KNOWN`.
    pub(super) fn store_attr_instance(&mut self, u: &UopInst) {
        // :borrowed: a borrowed owner is neither counted nor released.
        let borrowed = self.is_borrowed(1);
        let owner = self.peek_word(1);
        // :float-in-place: an unboxed float is boxed only off the inline-slot path.
        let unboxed = if self.is_unboxed_float(2) { Some(self.peek_float(2)) } else { None };
        let i = u.operand as u32;
        let known = u.uop == _STORE_ATTR_INSTANCE_KNOWN;
        let (ok, slot) = self.inline_attr_slot(owner, known, i, u.oparg);
        match unboxed {
            Some(f) => {
                let slow = self.branch_hot_cold(ok);
                let done = self.b.create_block();
                self.store_float_in_place(slot, f);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(slow);
                // The box made here is the one the stack holds if the store fails.
                let v = self.peek(2);
                self.store_attr_via_runtime(u, owner, i, v, done);
            }
            // :inline-attr: replace the slot's value; the runtime adds a slot or
            // stores into a dict.
            None => {
                let v = self.peek(2);
                let slow = self.branch_hot_cold(ok);
                let done = self.b.create_block();
                let old = self.load(I64, slot, 0);
                self.store(v, slot, 0);
                self.decref(old);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(slow);
                self.store_attr_via_runtime(u, owner, i, v, done);
            }
        }
        // `v` moved into the instance.
        self.pop_small();
        self.pop();
        if !borrowed {
            self.decref(owner);
        }
    }

    /// Goes on to `cont` when `maybe` is zero (the test decided), else into a new cold block
    /// for the next test.
    fn pass_if_zero(&mut self, maybe: Value, cont: Block) {
        let slow = self.b.create_block();
        self.b.set_cold_block(slow);
        self.b.ins().brif(maybe, slow, &[], cont, &[]);
        self.b.seal_block(slow);
        self.b.switch_to_block(slow);
    }

    /// The cold path of an inline-attribute store: the runtime adds the slot or stores into
    /// the instance's dict (leaving if it cannot), then the store joins `done`.
    fn store_attr_via_runtime(&mut self, u: &UopInst, owner: Value, i: u32, v: Value, done: Block) {
        let name = self.attr_name(u.oparg);
        let hint = self.b.ins().iconst(I32, i as i64);
        let ok = self.call_rt("tl_rt_instance_set_hint", &[owner, hint, name, v]).expect("a result");
        let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.leave_if(bad, u);
        self.b.ins().jump(done, &[]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
    }

    /// `_LOAD_ATTR_SLOT`: :member-slot: member `operand` of an instance of the guarded class
    /// (`_GUARD_TYPE_VERSION` came first). A class's members are fixed when it is made, and
    /// the specializer chose the index from them, so it is in range: the slot is read
    /// straight, and an unset one (NULL) leaves (tier 1 raises the AttributeError).
    pub(super) fn load_attr_slot(&mut self, u: &UopInst) {
        let borrowed = self.is_borrowed(1);
        let owner = self.peek_word(1);
        let (base, off) = self.member_slot(owner, u.operand as u32);
        let attr = self.load(I64, base, off);
        let missing = self.b.ins().icmp_imm_s(IntCC::Equal, attr, 0);
        self.leave_if(missing, u);
        self.replace_top_with_part(borrowed, attr, owner);
    }

    /// `_STORE_ATTR_SLOT`: :member-slot: as `_LOAD_ATTR_SLOT`; the value moves into the slot
    /// and the old one (NULL if the member was unset) is released.
    pub(super) fn store_attr_slot(&mut self, u: &UopInst) {
        let borrowed = self.is_borrowed(1);
        let owner = self.peek_word(1);
        let v = self.peek(2);
        let (base, off) = self.member_slot(owner, u.operand as u32);
        let old = self.load(I64, base, off);
        self.store(v, base, off);
        self.pop_small();
        self.pop();
        // An unset member's NULL is no object: `decref` passes it by.
        self.decref(old);
        if !borrowed {
            self.decref(owner);
        }
    }

    /// The address of member slot `k` of `owner`, as a base and an offset: the members follow
    /// the instance's `cap` inline slots.
    fn member_slot(&mut self, owner: Value, k: u32) -> (Value, i32) {
        let cap = self.load(I32, owner, INSTANCE_CAP_OFFSET as i32);
        let cap = self.b.ins().uextend(I64, cap);
        let skip = self.b.ins().ishl_imm_u(cap, 3);
        let base = self.b.ins().iadd(owner, skip);
        (base, (INSTANCE_SLOTS_OFFSET + k as usize * 8) as i32)
    }
}
