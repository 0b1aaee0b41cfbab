//! Calls the specializer singled out, lowered in IR: `isinstance` against a class known
//! while compiling (:isinstance:), and the guard and set-up of a dunder entered as a frame
//! (`__getitem__`, a binary operator's method: :dunder-call:).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};
use tracelift_uops::Uop;
use tracelift_uops::abi;
use tracelift_uops::trace::UopInst;

use super::{I32, I64, Lower, Slot};

impl<'a, 'f> Lower<'a, 'f> {
    /// The word of the SSA slot `n` from the top, if it is a word in SSA (no code emitted).
    fn ssa_word(&self, n: usize) -> Option<Value> {
        let k = self.st.vals.len();
        match self.st.vals.get(k.checked_sub(n)?)? {
            Slot::Word(w) | Slot::Borrowed(w) => Some(*w),
            _ => None,
        }
    }

    /// :isinstance: for `_CALL_ISINSTANCE` with two arguments whose class is a constant the
    /// lowering knows (`tuple`, a promoted global) and whose metaclass is a builtin one (no
    /// `__instancecheck__` of the program's can run): the class's address, and what the
    /// answer is for a small int.
    pub(super) fn isinstance_class(&self, u: &UopInst) -> Option<(u64, bool)> {
        if u.oparg != 2 {
            return None;
        }
        let cls = self.ssa_word(1).filter(|w| self.const_objs.contains(w))?;
        let raw = self.known_word(cls)?;
        // SAFETY: a constant object the code or the executor keeps alive while this compiles;
        // the borrowed view is forgotten, never released.
        let cls = std::mem::ManuallyDrop::new(unsafe { tracelift_runtime::Value::from_raw(raw) });
        if cls.ty().is_heap_type() {
            return None;
        }
        let t = cls.as_type()?;
        // SAFETY: a small int (tagged 0) is a word, not an object.
        let small = std::mem::ManuallyDrop::new(unsafe { tracelift_runtime::Value::from_raw(1) });
        Some((raw, small.ty().is_subtype(t)))
    }

    /// :isinstance: `isinstance(v, cls)` with a class [`Lower::isinstance_class`] accepted:
    /// a small int's answer is known while compiling, an object of exactly that class is an
    /// instance, and anything else asks the runtime (`tl_rt_isinstance`, which runs no code
    /// for such a class and cannot fail). Before, a helper call that wrote the stack back.
    pub(super) fn call_isinstance(&mut self, u: &UopInst) {
        let (cls_raw, small_answer) = self.isinstance_class(u).expect("checked by the caller");
        let (v, null, callable) = (self.peek_word(2), self.peek_word(3), self.peek_word(4));
        // The body's deopt, where the lowering cannot decide it.
        let mut bad = None;
        if self.known_word(callable) != Some(u.operand) {
            bad = Some(self.b.ins().icmp_imm_s(IntCC::NotEqual, callable, u.operand as i64));
        }
        if self.known_word(null) != Some(0) {
            let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, null, 0);
            bad = Some(match bad {
                Some(b) => self.b.ins().bor(b, set),
                None => set,
            });
        }
        if let Some(b) = bad {
            self.leave_if(b, u);
        }
        let (small, obj, other, done) =
            (self.b.create_block(), self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.append_block_param(done, types::I8);
        let tag = self.b.ins().band_imm_u(v, 1);
        self.b.ins().brif(tag, small, &[], obj, &[]);
        self.b.seal_block(small);
        self.b.seal_block(obj);
        self.b.switch_to_block(small);
        let r = self.b.ins().iconst(types::I8, small_answer as i64);
        self.b.ins().jump(done, &[r.into()]);
        self.b.switch_to_block(obj);
        let t = self.load(I64, v, 8);
        let exact = self.b.ins().icmp_imm_s(IntCC::Equal, t, cls_raw as i64);
        let yes = self.b.ins().iconst(types::I8, 1);
        self.b.ins().brif(exact, done, &[yes.into()], other, &[]);
        self.b.seal_block(other);
        self.b.switch_to_block(other);
        let cls = self.iconst(cls_raw);
        let cx = self.cx;
        let r = self.call_rt("tl_rt_isinstance", &[cx, v, cls]).expect("a result");
        let r = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
        self.b.ins().jump(done, &[r.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        let answer = self.b.block_params(done)[0];
        // The class is a constant (never released here); the object is released if owned;
        // the null; the callable (the builtin, a constant) if owned.
        self.pop_small();
        let borrowed = self.is_borrowed(1);
        let v = self.pop_small();
        self.pop_small();
        let callable_borrowed = self.is_borrowed(1);
        let callable = self.pop_small();
        if !callable_borrowed {
            self.decref(callable);
        }
        let w = self.bool_word(answer);
        // Last: the release may run a `__del__`, and the result is already an immortal.
        if !borrowed {
            self.decref(v);
        }
        self.push(w);
    }

    /// :dunder-call: `_CHECK_GETITEM` / `_CHECK_BINOP_PY`: the left operand is a heap object
    /// whose class has the version `operand >> 32`, and the Python function its class gives
    /// for the dunder has the version `operand & 0xffffffff`. The lookup is one call of the
    /// runtime (the type attribute cache; no code runs, nothing can fail: the uop is pure),
    /// the rest is in IR, and the function found is kept for the `_INIT_*_CALL` that follows.
    pub(super) fn check_dunder(&mut self, u: &UopInst) {
        let a = self.peek_word(2);
        let cold = self.b.create_block();
        self.b.set_cold_block(cold);
        let next = |l: &mut Self, bad: Value| {
            let cont = l.b.create_block();
            l.b.ins().brif(bad, cold, &[], cont, &[]);
            l.b.seal_block(cont);
            l.b.switch_to_block(cont);
        };
        if !self.objs.contains(&a) {
            let r = self.b.ins().rotr_imm_u(a, 1);
            let not_obj = self.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, r, 0);
            next(self, not_obj);
        }
        let ty = self.load(I64, a, 8);
        let version = self.load(I32, ty, abi::TYPE_VERSION_OFFSET as i32);
        let other = self.b.ins().icmp_imm_s(IntCC::NotEqual, version, (u.operand >> 32) as u32 as i32 as i64);
        next(self, other);
        let cx = self.cx;
        let f = if u.uop == Uop::_CHECK_GETITEM {
            self.class_getitem(ty, (u.operand >> 32) as u32)
        } else {
            let op = self.b.ins().iconst(I32, u.oparg as i64);
            self.call_rt("tl_rt_type_binop", &[cx, ty, op]).expect("a result")
        };
        let none = self.b.ins().icmp_imm_s(IntCC::Equal, f, 0);
        next(self, none);
        // A function (the lookup gives nothing else): its version is a field.
        let off = std::mem::offset_of!(tracelift_vm::objects::FunctionObject, version);
        let fv = self.load(I32, f, off as i32);
        let changed = self.b.ins().icmp_imm_s(IntCC::NotEqual, fv, u.operand as u32 as i32 as i64);
        next(self, changed);
        self.b.seal_block(cold);
        let cont = self.b.current_block().expect("a block");
        self.b.switch_to_block(cold);
        self.jump_to_exit(u);
        self.b.switch_to_block(cont);
        self.known_obj(a);
        self.known_obj(f);
        self.dunder = Some(f);
    }

    /// :getitem-cache: the `__getitem__` of class `ty`, whose version is `version`: the
    /// function the class cached at that version (two loads and a compare), or on a cold path
    /// the runtime's lookup, which fills the cache. A word the class keeps counted, or 0.
    fn class_getitem(&mut self, ty: Value, version: u32) -> Value {
        use tracelift_runtime::types::{TYPE_GETITEM_OFFSET, TYPE_GETITEM_VERSION_OFFSET};
        let cached_at = self.load(I32, ty, TYPE_GETITEM_VERSION_OFFSET as i32);
        let fresh = self.b.ins().icmp_imm_s(IntCC::Equal, cached_at, version as i32 as i64);
        let join = self.b.create_block();
        let f = self.b.append_block_param(join, I64);
        let miss = self.branch_hot_cold(fresh);
        let cached = self.load(I64, ty, TYPE_GETITEM_OFFSET as i32);
        self.b.ins().jump(join, &[cached.into()]);
        self.b.switch_to_block(miss);
        let cx = self.cx;
        let found = self.call_rt("tl_rt_type_getitem", &[cx, ty]).expect("a result");
        self.b.ins().jump(join, &[found.into()]);
        self.b.seal_block(join);
        self.b.switch_to_block(join);
        f
    }

    /// :dunder-call: `_INIT_GETITEM_CALL` / `_INIT_BINOP_CALL` right after their check:
    /// `(a, b)` becomes `(f, a, b)`, the call `_PUSH_FRAME` enters, `f` counted (the class
    /// holds it). `None` when the check was not the uop before (the body runs instead).
    pub(super) fn init_dunder_call(&mut self) -> Option<()> {
        let f = self.dunder.take()?;
        self.incref(f);
        if self.st.vals.len() >= 2 {
            // Both in SSA: they move up as they are.
            let b = self.st.vals.pop().expect("two slots");
            let a = self.st.vals.pop().expect("two slots");
            self.push(f);
            self.push_slot(a);
            self.push_slot(b);
        } else {
            let (b, a) = (self.peek(1), self.peek(2));
            self.set(2, f);
            self.set(1, a);
            self.push(b);
        }
        Some(())
    }
}
