//! `import`: builtin modules from `sys.modules`, then `NAME.py` files along the search path
//! (the program's folder first), each executed once and cached in `sys.modules`.

use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::{IMPORT_ERROR, MODULE_NOT_FOUND_ERROR, PyErr, PyResult};
use tracelift_runtime::str::intern;

use crate::Vm;
use crate::objects::{VmValue, new_module};

impl Vm {
    /// `IMPORT_NAME`: returns the top-level package for `import a.b`, the module itself when
    /// `fromlist` is not None.
    pub fn import_module(&mut self, name: &str, fromlist: &Value) -> PyResult<Value> {
        let mut parts = name.split('.');
        let first = parts.next().unwrap_or("");
        let top = self.load_module(first)?;
        let mut cur = top.clone();
        let mut full = first.to_string();
        for p in parts {
            full.push('.');
            full.push_str(p);
            let sub = self.load_module(&full)?;
            if let Some(m) = cur.as_module() {
                m.dict.as_dict().expect("dict").set_str(p, sub.clone());
            }
            cur = sub;
        }
        if fromlist.is_none() || fromlist.is_null() { Ok(top) } else { Ok(cur) }
    }

    /// A module tracelift ships, for the VM's own use (`list[int]` needs `GenericAlias`):
    /// found in the shipped table even when the program has a file of the same name.
    pub(crate) fn import_shipped(&mut self, name: &str) -> PyResult<Value> {
        if let Some(m) = self.modules.as_dict().and_then(|d| d.get_str(name)) {
            return Ok(m);
        }
        self.load_module_from(name, None)
    }

    fn load_module(&mut self, name: &str) -> PyResult<Value> {
        if let Some(m) = self.modules.as_dict().and_then(|d| d.get_str(name)) {
            return Ok(m);
        }
        let path = self.search_path();
        self.load_module_from(name, Some(path))
    }

    /// Loads `name` from the folders of `path` (none: only the shipped modules), then from
    /// the shipped modules, and registers it in `sys.modules`.
    fn load_module_from(&mut self, name: &str, path: Option<Vec<std::path::PathBuf>>) -> PyResult<Value> {
        let rel = name.replace('.', "/");
        let mut found = None;
        for dir in path.unwrap_or_default() {
            let file = dir.join(format!("{rel}.py"));
            if file.is_file() {
                found = Some(file);
                break;
            }
            let pkg = dir.join(&rel).join("__init__.py");
            if pkg.is_file() {
                found = Some(pkg);
                break;
            }
        }
        let (src, fname) = match found {
            Some(file) => {
                let bytes = std::fs::read(&file)
                    .map_err(|e| PyErr::new(&IMPORT_ERROR, format!("cannot read {}: {e}", file.display())))?;
                let fname = file.to_string_lossy().to_string();
                // Decoded as CPython's importlib does (PEP 263), with its words for what fails.
                let src = tracelift_compiler::decode_source(&bytes, &fname, tracelift_compiler::Origin::Import)
                    .map_err(|e| crate::syntax_error::source_error_to_exception(&e, &fname))?;
                (src, fname)
            }
            // Then the modules tracelift ships.
            None => match crate::modules::frozen::source(name) {
                Some(src) => (src.to_string(), format!("<frozen {name}>")),
                None => return Err(PyErr::new(&MODULE_NOT_FOUND_ERROR, format!("No module named '{name}'"))),
            },
        };
        let co = match tracelift_compiler::compile_module(&src, &fname) {
            Ok(co) => co,
            Err(e) => return Err(crate::compile_error_to_exception(&e, &fname)),
        };
        let module = new_module(name, new_dict());
        self.modules.as_dict().expect("dict").set_str(name, module.clone());
        if let Err(e) = self.exec_module(co, name, &module) {
            let _ = self.modules.as_dict().expect("dict").remove(&Value::str(name));
            return Err(e);
        }
        Ok(module)
    }

    /// `sys.path` as the program left it (its str entries; `""` is the current folder), or
    /// the start-up path when `sys.path` is not a list.
    fn search_path(&self) -> Vec<std::path::PathBuf> {
        let list = self.modules.as_dict().and_then(|d| d.get_str("sys")).and_then(|m| {
            let m = m.as_module()?;
            m.dict.as_dict()?.get_str("path")
        });
        match list.as_ref().and_then(|l| l.as_list()) {
            Some(l) => l
                .items()
                .iter()
                .filter_map(|e| e.as_str())
                .map(|s| std::path::PathBuf::from(if s.is_empty() { "." } else { s }))
                .collect(),
            None => self.path.clone(),
        }
    }

    /// Writes the start-up search path into `sys.path`.
    pub(crate) fn publish_path(&mut self) {
        let entries: Vec<Value> = self.path.iter().map(|p| Value::str(&p.to_string_lossy())).collect();
        if let Some(m) = self.modules.as_dict().and_then(|d| d.get_str("sys"))
            && let Some(m) = m.as_module()
            && let Some(d) = m.dict.as_dict()
        {
            d.set_str("path", Value::list(entries));
        }
    }

    /// `IMPORT_FROM`
    pub fn import_from(&mut self, m: &Value, name: &Value) -> PyResult<Value> {
        match self.get_attr(m, name) {
            Ok(v) => Ok(v),
            Err(e) if e.matches(&tracelift_runtime::exc::ATTRIBUTE_ERROR) => {
                let mname = m.as_module().and_then(|m| m.name.as_str().map(String::from)).unwrap_or_default();
                // A submodule not imported yet?
                let full = format!("{}.{}", mname, name.as_str().unwrap_or(""));
                if let Ok(sub) = self.load_module(&full) {
                    return Ok(sub);
                }
                let file = m
                    .as_module()
                    .and_then(|m| m.dict.as_dict().and_then(|d| d.get_str("__file__")))
                    .and_then(|f| f.as_str().map(String::from));
                let suffix = match file {
                    Some(f) => format!(" ({f})"),
                    None => " (unknown location)".to_string(),
                };
                Err(PyErr::new(
                    &IMPORT_ERROR,
                    format!("cannot import name '{}' from '{}'{}", name.as_str().unwrap_or(""), mname, suffix),
                ))
            }
            Err(e) => Err(e),
        }
    }

    /// `from m import *`
    pub fn import_star(&mut self, m: &Value, ns: &Value) -> PyResult<()> {
        let Some(md) = m.as_module().map(|m| m.dict.clone()) else { return Ok(()) };
        let d = md.as_dict().expect("dict");
        let all = d.get_str("__all__");
        let names: Vec<Value> = match all {
            Some(a) => self.collect_iterable(&a)?,
            None => d.keys().into_iter().filter(|k| k.as_str().is_some_and(|s| !s.starts_with('_'))).collect(),
        };
        for n in names {
            let v = self.get_attr(m, &intern(n.as_str().unwrap_or("")))?;
            ns.as_dict().expect("dict").set(n, v)?;
        }
        Ok(())
    }
}
