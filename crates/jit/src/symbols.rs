//! Names for the addresses in CLIF and machine-code dumps (`--dump clif`, `--dump asm`), so
//! that dumps read as what they call and load, and stay the same from one run to the next
//! (golden tests hold them): runtime functions by their `tl_rt_*` name, uop bodies by the
//! uop's name, known objects by theirs, the executor's head as `e<id>.head`, and trace
//! operands by the short ids `--dump uops` uses (`x1`, `c1`).

use std::collections::HashMap;

use tracelift_uops::Uop;
use tracelift_uops::abi::{Known, Rt};
use tracelift_uops::trace::ShortIds;
use tracelift_vm::tier1rt::{Tier1Rt, rt_symbol_addresses};
use tracelift_vm::tier2::Executor;
use tracelift_vm::tier2::backend::{
    tl_exec_enter_frame, tl_exec_init_alloc, tl_exec_init_pending, tl_exec_leave_frame, tl_exec_pop_plain,
    tl_exec_push_plain, tl_exec_return_plain, tl_exec_return_to_caller, tl_exec_return_value, uop_helper,
};

/// Every address a dump of `ex`'s code may show, with its name.
pub fn address_names(ex: &Executor, ids: &ShortIds) -> HashMap<u64, String> {
    let mut m = HashMap::new();
    for (name, a) in rt_symbol_addresses() {
        m.insert(a as u64, name.to_string());
    }
    // Bodies that compile to the same code share an address (the linker folds them): the
    // first uop in table order names it.
    for u in Uop::ALL {
        m.entry(uop_helper(*u) as u64).or_insert_with(|| u.name().to_string());
    }
    m.insert(tl_exec_enter_frame as *const u8 as u64, "tl_exec_enter_frame".into());
    m.insert(tl_exec_leave_frame as *const u8 as u64, "tl_exec_leave_frame".into());
    m.insert(tl_exec_return_to_caller as *const u8 as u64, "tl_exec_return_to_caller".into());
    m.insert(tl_exec_return_plain as *const u8 as u64, "tl_exec_return_plain".into());
    m.insert(tl_exec_push_plain as *const u8 as u64, "tl_exec_push_plain".into());
    m.insert(tl_exec_return_value as *const u8 as u64, "tl_exec_return_value".into());
    m.insert(tl_exec_pop_plain as *const u8 as u64, "tl_exec_pop_plain".into());
    m.insert(tl_exec_init_alloc as *const u8 as u64, "tl_exec_init_alloc".into());
    m.insert(tl_exec_init_pending as *const u8 as u64, "tl_exec_init_pending".into());
    for k in Known::ALL {
        m.insert(Tier1Rt::known(k), format!("{k:?}"));
    }
    m.insert(&*ex.head as *const _ as u64, format!("e{}.head", ex.id));
    for (i, e) in ex.exits.iter().enumerate() {
        m.insert(&e.jit as *const _ as u64, format!("e{}.exit{i}", ex.id));
    }
    for u in &ex.uops {
        let k = u.uop.operand_kind();
        if k.is_address() {
            m.insert(u.operand, ids.operand(k, u.operand));
        }
    }
    m
}

/// `text` with every hexadecimal literal that is a named address replaced by `@name`.
pub fn symbolize(text: &str, names: &HashMap<u64, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'0' && b.get(i + 1) == Some(&b'x') && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let mut j = i + 2;
            while j < b.len() && (b[j].is_ascii_hexdigit() || b[j] == b'_') {
                j += 1;
            }
            let digits: String = text[i + 2..j].chars().filter(|c| *c != '_').collect();
            if let Some(name) = u64::from_str_radix(&digits, 16).ok().and_then(|v| names.get(&v)) {
                out.push('@');
                out.push_str(name);
                i = j;
                continue;
            }
            out.push_str(&text[i..j]);
            i = j;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_addresses_are_replaced_and_others_kept() {
        let mut m = HashMap::new();
        m.insert(0x1234_5678_9abc, "tl_rt_dealloc".to_string());
        let t = "v1 = iconst.i64 0x1234_5678_9abc ; v1 = 0x1234_5678_9abc, v2 = 0x0010";
        assert_eq!(symbolize(t, &m), "v1 = iconst.i64 @tl_rt_dealloc ; v1 = @tl_rt_dealloc, v2 = 0x0010");
    }
}
