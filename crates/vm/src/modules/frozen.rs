//! The pure-Python modules tracelift ships (`crates/vm/lib/`, `docs/stdlib.md`), compiled into
//! the binary so that it runs anywhere without a library folder. `import` finds them after
//! the search path, as CPython finds its own `Lib` after a program's folder: a program's own
//! `bisect.py` still wins.

/// Module name and source, one per file of `crates/vm/lib/` (a test keeps the two in step);
/// a package is a folder, its `__init__.py` the package itself.
pub const FROZEN: &[(&str, &str)] = &[
    ("__future__", include_str!("../../lib/__future__.py")),
    ("_generic_alias", include_str!("../../lib/_generic_alias.py")),
    ("abc", include_str!("../../lib/abc.py")),
    ("bisect", include_str!("../../lib/bisect.py")),
    ("collections", include_str!("../../lib/collections/__init__.py")),
    ("collections._user", include_str!("../../lib/collections/_user.py")),
    ("collections.abc", include_str!("../../lib/collections/abc.py")),
    ("copy", include_str!("../../lib/copy.py")),
    ("dataclasses", include_str!("../../lib/dataclasses.py")),
    ("enum", include_str!("../../lib/enum.py")),
    ("functools", include_str!("../../lib/functools.py")),
    ("heapq", include_str!("../../lib/heapq.py")),
    ("io", include_str!("../../lib/io.py")),
    ("itertools", include_str!("../../lib/itertools.py")),
    ("json", include_str!("../../lib/json.py")),
    ("logging", include_str!("../../lib/logging.py")),
    ("operator", include_str!("../../lib/operator.py")),
    ("pprint", include_str!("../../lib/pprint.py")),
    ("random", include_str!("../../lib/random.py")),
    ("string", include_str!("../../lib/string.py")),
    ("types", include_str!("../../lib/types.py")),
    ("typing", include_str!("../../lib/typing.py")),
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
        // `pkg/__init__.py` is the module `pkg`, `pkg/mod.py` is `pkg.mod`.
        fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
                let name = e.file_name().to_string_lossy().to_string();
                if e.path().is_dir() {
                    walk(&e.path(), &format!("{prefix}{name}."), out);
                } else if let Some(stem) = name.strip_suffix(".py") {
                    let full = if stem == "__init__" {
                        prefix.trim_end_matches('.').to_string()
                    } else {
                        format!("{prefix}{stem}")
                    };
                    out.push(full);
                }
            }
        }
        let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lib");
        let mut files = Vec::new();
        walk(&lib, "", &mut files);
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
