//! `cargo run -p tracelift-compiler --example dis -- FILE.py`: prints the disassembly.

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let src = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap_or_default();
        s
    } else {
        std::fs::read_to_string(&path).unwrap_or_default()
    };
    match tracelift_compiler::compile_module(&src, &path) {
        Ok(code) => print!("{}", tracelift_compiler::disassemble(&code)),
        Err(e) => {
            eprintln!("{e:?}");
            std::process::exit(1);
        }
    }
}
