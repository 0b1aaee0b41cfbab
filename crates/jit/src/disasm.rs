//! `--dump asm`: an executor's machine code, disassembled from its final bytes (after
//! relocation), one instruction per line with its offset. On x86-64 the `iced-x86` decoder
//! and its GNU-assembler formatter; elsewhere a backend's own listing stands in (Cranelift's
//! final VCode), or nothing.

/// The disassembly of `bytes`, code loaded at `entry`, or `None` where this build has no
/// disassembler for the target.
pub fn disassemble(entry: *const u8, bytes: &[u8]) -> Option<String> {
    disassemble_labeled(entry, bytes, &[])
}

/// [`disassemble`], with a `; label` line before the instruction at each of `labels`'
/// offsets (in order): the stencil backend marks where each uop's stencil starts.
#[cfg(target_arch = "x86_64")]
pub fn disassemble_labeled(entry: *const u8, bytes: &[u8], labels: &[(usize, String)]) -> Option<String> {
    use iced_x86::{Decoder, DecoderOptions, Formatter, GasFormatter, Instruction};
    use std::fmt::Write;
    let size = bytes.len();
    let mut decoder = Decoder::with_ip(64, bytes, entry as u64, DecoderOptions::NONE);
    let mut formatter = GasFormatter::new();
    formatter.options_mut().set_uppercase_hex(false);
    formatter.options_mut().set_branch_leading_zeros(false);
    let mut text = String::new();
    let mut out = String::new();
    let mut ins = Instruction::default();
    let mut next_label = labels.iter().peekable();
    while decoder.can_decode() {
        decoder.decode_out(&mut ins);
        let off = (ins.ip() - entry as u64) as usize;
        while let Some((_, label)) = next_label.next_if(|(at, _)| *at <= off) {
            let _ = writeln!(out, "  ; {label}");
        }
        text.clear();
        formatter.format(&ins, &mut text);
        // Branches inside the function as offsets from its start (stable across runs).
        let target = ins.near_branch_target();
        if target >= entry as u64 && target < entry as u64 + size as u64 {
            text = text.replace(&format!("0x{target:x}"), &format!("<+{:x}>", target - entry as u64));
        }
        let _ = writeln!(out, "  {off:5x}: {text}");
    }
    Some(out)
}

/// See the x86-64 version.
#[cfg(not(target_arch = "x86_64"))]
pub fn disassemble_labeled(_entry: *const u8, _bytes: &[u8], _labels: &[(usize, String)]) -> Option<String> {
    None
}
