//! The pure-Python modules tracelift ships (`crates/vm/lib/`, `docs/stdlib.md`), compiled into
//! the binary so that it runs anywhere without a library folder. `import` finds them after
//! the search path, as CPython finds its own `Lib` after a program's folder: a program's own
//! `bisect.py` still wins.

/// Module name and source, one per file of `crates/vm/lib/` (a test keeps the two in step).
pub const FROZEN: &[(&str, &str)] = &[
    ("__future__", include_str!("../../lib/__future__.py")),
    ("abc", include_str!("../../lib/abc.py")),
    ("_generic_alias", include_str!("../../lib/_generic_alias.py")),
    ("array", include_str!("../../lib/array.py")),
    ("bisect", include_str!("../../lib/bisect.py")),
    ("copy", include_str!("../../lib/copy.py")),
    ("dataclasses", include_str!("../../lib/dataclasses.py")),
    ("enum", include_str!("../../lib/enum.py")),
    ("io", include_str!("../../lib/io.py")),
    ("itertools", include_str!("../../lib/itertools.py")),
    ("json", include_str!("../../lib/json.py")),
    ("logging", include_str!("../../lib/logging.py")),
    ("random", include_str!("../../lib/random.py")),
    ("types", include_str!("../../lib/types.py")),
];

/// The source of the shipped module `name`.
pub fn source(name: &str) -> Option<&'static str> {
    FROZEN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_lib_is_listed_and_compiles() {
        let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lib");
        let mut files: Vec<String> = std::fs::read_dir(&lib)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str()?.strip_suffix(".py").map(String::from))
            .collect();
        files.sort();
        let mut listed: Vec<String> = FROZEN.iter().map(|(n, _)| n.to_string()).collect();
        listed.sort();
        assert_eq!(files, listed, "crates/vm/lib/*.py and FROZEN differ");
        for (name, src) in FROZEN {
            let file = format!("<frozen {name}>");
            if let Err(e) = tracelift_compiler::compile_module(src, &file) {
                panic!("{name} does not compile: {e:?}");
            }
        }
    }
}
