//! `prove_inline_keys`: an instance attribute load or store whose owner's class the trace has
//! proven (a type-version guard passed and nothing escaped since) and whose class has the
//! attribute's name as its shared key at the uop's hint becomes the `_KNOWN` form, which
//! reads or replaces the inline slot without testing the key at every pass (:known-class:,
//! `docs/optimizer.md`). Likewise a method load's `_GUARD_NO_SHADOW` on a proven class that
//! lacks the method's name among its `n` shared keys becomes `_GUARD_NO_SHADOW_KNOWN` with
//! operand `n`: while the class still has `n` keys, an instance without a dict lacks the
//! name, which a compare of the count says instead of a lookup of the name.
//!
//! Sound because a version tag belongs to one class (an object proven to have it is an
//! instance of exactly that class) and a class's shared keys are only appended (key `i`,
//! once the name, stays the name). The `_KNOWN` uops still test the instance's count of
//! slots in use, which says the attributes are inline (an instance with a dict, or whose
//! class was reassigned, has a count of 0 until it adds attributes of its new class, and then
//! fails the version guard). The pass runs before guard elimination, so that every
//! specialized load still has the guard that proves its owner's class.

use tracelift_uops::Uop;
use tracelift_uops::trace::UopInst;

use crate::analysis::{Env, State};

/// Turns proven instance attribute loads and stores into their `_KNOWN` forms.
pub fn prove_inline_keys(trace: &mut [UopInst], env: &dyn Env) {
    let mut st = State::new(env);
    for u in trace.iter_mut() {
        // The name's index; the owner is on top of the stack for both.
        let (name, known) = match u.uop {
            Uop::_LOAD_ATTR_INSTANCE_VALUE => (u.oparg >> 1, Uop::_LOAD_ATTR_INSTANCE_KNOWN),
            Uop::_STORE_ATTR_INSTANCE_VALUE => (u.oparg, Uop::_STORE_ATTR_INSTANCE_KNOWN),
            Uop::_GUARD_NO_SHADOW => (u.oparg >> 1, Uop::_GUARD_NO_SHADOW_KNOWN),
            _ => {
                st.step(u);
                continue;
            }
        };
        let id = st.peek(1);
        if let Some(v) = st.syms.get(id).version {
            if u.uop == Uop::_GUARD_NO_SHADOW {
                if let Some(n) = env.class_lacks_key(v, st.code(), name) {
                    u.uop = known;
                    u.operand = n as u64;
                }
            } else if env.class_key_is(v, u.operand as u32, st.code(), name) {
                u.uop = known;
            }
        }
        st.step(u);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::NoEnv;

    /// Knows one class: version 7, whose key 2 is name 5 of the trace's own code.
    struct OneClass;

    impl Env for OneClass {
        fn constant(&self, _code: u64, _idx: u32) -> crate::symbols::Sym {
            crate::symbols::Sym::object()
        }

        fn class_key_is(&self, version: u32, index: u32, code: u64, name: u32) -> bool {
            (version, index, code, name) == (7, 2, 0, 5)
        }

        /// Its three keys are names 4, 5 and 6.
        fn class_lacks_key(&self, version: u32, code: u64, name: u32) -> Option<u32> {
            (version == 7 && code == 0 && !(4..=6).contains(&name)).then_some(3)
        }
    }

    fn load(oparg: u32, hint: u64) -> Vec<UopInst> {
        vec![
            UopInst::new(Uop::_LOAD_FAST, 0, 0, 0),
            UopInst::new(Uop::_GUARD_TYPE_VERSION, 0, 7, 0),
            UopInst::new(Uop::_LOAD_ATTR_INSTANCE_VALUE, oparg, hint, 0),
        ]
    }

    #[test]
    fn a_proven_class_with_the_key_gets_the_known_form() {
        let mut t = load(5 << 1, 2);
        prove_inline_keys(&mut t, &OneClass);
        assert_eq!(t[2].uop, Uop::_LOAD_ATTR_INSTANCE_KNOWN);
    }

    #[test]
    fn another_key_another_name_or_no_proof_keeps_the_test() {
        for (mut t, env) in
            [(load(5 << 1, 3), &OneClass as &dyn Env), (load(4 << 1, 2), &OneClass), (load(5 << 1, 2), &NoEnv)]
        {
            prove_inline_keys(&mut t, env);
            assert_eq!(t[2].uop, Uop::_LOAD_ATTR_INSTANCE_VALUE);
        }
        // No guard: nothing is known of the owner's class.
        let mut t = load(5 << 1, 2);
        t.remove(1);
        prove_inline_keys(&mut t, &OneClass);
        assert_eq!(t[1].uop, Uop::_LOAD_ATTR_INSTANCE_VALUE);
    }

    fn method(oparg: u32) -> Vec<UopInst> {
        vec![
            UopInst::new(Uop::_LOAD_FAST, 0, 0, 0),
            UopInst::new(Uop::_GUARD_TYPE_VERSION, 0, 7, 0),
            UopInst::new(Uop::_GUARD_NO_SHADOW, oparg, 0, 0),
        ]
    }

    #[test]
    fn a_proven_class_without_the_name_counts_its_keys_instead() {
        let mut t = method(9 << 1 | 1);
        prove_inline_keys(&mut t, &OneClass);
        assert_eq!((t[2].uop, t[2].operand), (Uop::_GUARD_NO_SHADOW_KNOWN, 3));
        // The name is a key (an instance may have it), or the class is not proven.
        for (mut t, env) in [(method(5 << 1 | 1), &OneClass as &dyn Env), (method(9 << 1 | 1), &NoEnv)] {
            prove_inline_keys(&mut t, env);
            assert_eq!(t[2].uop, Uop::_GUARD_NO_SHADOW);
        }
    }

    #[test]
    fn an_escape_between_the_guard_and_the_load_keeps_the_test() {
        // `x in d` (an escaping uop: a key's `__eq__` can run code that reassigns the owner's
        // class) between the guard and the load.
        let mut t = load(5 << 1, 2);
        let escape = [
            UopInst::new(Uop::_LOAD_FAST, 1, 0, 0),
            UopInst::new(Uop::_LOAD_FAST, 2, 0, 0),
            UopInst::new(Uop::_CONTAINS_OP_DICT, 0, 0, 0),
            UopInst::new(Uop::_POP_TOP, 0, 0, 0),
        ];
        assert!(Uop::_CONTAINS_OP_DICT.flags() & tracelift_uops::uop::flags::ESCAPES != 0);
        t.splice(2..2, escape);
        prove_inline_keys(&mut t, &OneClass);
        assert_eq!(t[6].uop, Uop::_LOAD_ATTR_INSTANCE_VALUE);
    }
}
