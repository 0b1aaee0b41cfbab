//! Calls from Rust (`call_value`), CPython's argument binding (positional, defaults,
//! keywords, keyword-only, `*args`, `**kwargs`, with CPython's error messages), and instance
//! creation.

use tracelift_compiler::code::flags;
use tracelift_runtime::Value;
use tracelift_runtime::dict::new_dict;
use tracelift_runtime::exc::{PyResult, new_exception, type_error};
use tracelift_runtime::object::new_instance;
use tracelift_runtime::str::intern;
use tracelift_runtime::types::{Kind, TypeObject};

use crate::Vm;
use crate::objects::VmValue;
use tracelift_uops::Opcode;

impl Vm {
    /// Calls any callable with positional args and keyword pairs.
    pub fn call_value(&mut self, f: &Value, args: Vec<Value>, kw: Vec<(Value, Value)>) -> PyResult<Value> {
        if let Some(func) = f.as_function() {
            let code = func.code.clone();
            let globals = func.globals.clone();
            let base = self.push_frame(code.clone(), f.clone(), globals, Value::NULL, true)?;
            if kw.is_empty() && args.len() == code.exact_argc {
                // Exactly the positional parameters: each moves into its (empty) slot.
                for (i, v) in args.into_iter().enumerate() {
                    self.stack[base + i] = v;
                }
            } else {
                let kwnames;
                let mut all = args;
                if kw.is_empty() {
                    kwnames = Value::NULL;
                } else {
                    let (names, vals): (Vec<Value>, Vec<Value>) = kw.into_iter().unzip();
                    kwnames = Value::tuple(names);
                    all.extend(vals);
                }
                if let Err(e) = self.bind_args(f, base, all, &kwnames) {
                    self.pop_frame();
                    return Err(e);
                }
            }
            // A body that starts with `RETURN_GENERATOR` (a generator's or coroutine's with no
            // cells to make first): the generator is made here, as that instruction would
            // make it, without entering the eval loop for one instruction (`iter()` of a class
            // whose `__iter__` is a generator, `yield from` a tree of them).
            if code.instrs.first().is_some_and(|u| u.get() as u8 == Opcode::RETURN_GENERATOR as u8) {
                let fi = self.frames.len() - 1;
                let g = self.make_generator(fi, 1, base + code.nlocalsplus);
                drop(self.pop_frame());
                return Ok(g);
            }
            return self.run();
        }
        if let Some(bm) = f.as_bound() {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(bm.self_.clone());
            full.extend(args);
            let func = bm.func.clone();
            return self.call_value(&func, full, kw);
        }
        if let Some(b) = f.as_builtin() {
            if !kw.is_empty() && !b.kw {
                return Err(type_error(format!("{}() takes no keyword arguments", b.name)));
            }
            let func = b.func;
            if b.self_.is_null() {
                return func(self, &args, &kw);
            }
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(b.self_.clone());
            full.extend(args);
            return func(self, &full, &kw);
        }
        if let Some(t) = f.as_type() {
            if f.ty().is_heap_type() {
                return match self.call_class_via_meta(f, args.clone(), kw.clone())? {
                    Some(r) => Ok(r),
                    None => self.construct(f, t, args, kw),
                };
            }
            return self.construct(f, t, args, kw);
        }
        if f.ty().is_heap_type()
            && let Some(c) = self.type_lookup(f.ty(), "__call__")
        {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(f.clone());
            full.extend(args);
            return self.call_value(&c, full, kw);
        }
        Err(type_error(format!("'{}' object is not callable", f.ty().name())))
    }

    /// `obj.name(*args)`
    pub fn call_method(&mut self, obj: &Value, name: &str, args: Vec<Value>) -> PyResult<Value> {
        let (m, s) = self.load_method(obj, &intern(name))?;
        if s.is_null() {
            self.call_value(&m, args, Vec::new())
        } else {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(s);
            full.extend(args);
            self.call_value(&m, full, Vec::new())
        }
    }

    /// A name for a callable in error messages (`f()`).
    pub fn callable_name(&self, f: &Value) -> String {
        if let Some(func) = f.as_function() {
            return format!("{}()", func.qualname.as_str().unwrap_or("?"));
        }
        if let Some(b) = f.as_builtin() {
            return format!("{}()", b.name);
        }
        if let Some(t) = f.as_type() {
            return format!("{}()", t.name());
        }
        format!("{} object", f.ty().name())
    }

    /// How CPython's `_PyObject_FunctionStr` names a callable in the errors of `f(*a, **k)`:
    /// `module.qualname()` for functions and classes (a bound method by its function), the
    /// module left out when it is `builtins`.
    pub fn function_str(&self, f: &Value) -> String {
        if let Some(bm) = f.as_bound() {
            return self.function_str(&bm.func);
        }
        let (module, qualname) = if let Some(func) = f.as_function() {
            (func.module.as_str().map(str::to_owned), func.qualname.as_str().unwrap_or("?").to_owned())
        } else if let Some(t) = f.as_type() {
            (Some(t.module().to_owned()), t.name().to_owned())
        } else {
            return self.callable_name(f);
        };
        match module {
            Some(m) if m != "builtins" => format!("{m}.{qualname}()"),
            _ => format!("{qualname}()"),
        }
    }

    /// Binds `args` (positional, then the values of `kwnames`) into the localsplus slots of
    /// the frame at `base` for function `f`, as CPython's `initialize_locals`.
    pub fn bind_args(&mut self, f: &Value, base: usize, args: Vec<Value>, kwnames: &Value) -> PyResult<()> {
        let func = f.as_function().expect("function");
        let code = func.code.clone();
        let co = &code.co;
        let fname = co.qualname.clone();
        let nkw = kwnames.as_tuple().map_or(0, |t| t.len());
        let npos = args.len() - nkw;
        let argcount = co.argcount as usize;
        let kwonly = co.kwonlyargcount as usize;
        let has_varargs = co.flags & flags::VARARGS != 0;
        let has_varkw = co.flags & flags::VARKEYWORDS != 0;
        let total_named = argcount + kwonly;
        let mut args = args.into_iter();
        // Positional.
        let mut extra = Vec::new();
        for i in 0..npos {
            let v = args.next().expect("positional arg");
            if i < argcount {
                self.stack[base + i] = v;
            } else {
                extra.push(v);
            }
        }
        if !extra.is_empty() && !has_varargs {
            let defaults = func.defaults().as_tuple().map_or(0, |t| t.len());
            let given = npos;
            let takes = if defaults > 0 {
                format!("from {} to {} positional arguments", argcount - defaults, argcount)
            } else {
                format!("{} positional argument{}", argcount, if argcount == 1 { "" } else { "s" })
            };
            let kwgiven = (0..nkw).count();
            let _ = kwgiven;
            return Err(type_error(format!(
                "{}() takes {} but {} {} given",
                fname,
                takes,
                given,
                if given == 1 { "was" } else { "were" }
            )));
        }
        let mut slot = total_named;
        if has_varargs {
            self.stack[base + slot] = Value::tuple(extra);
            slot += 1;
        }
        let kwdict = if has_varkw {
            let d = new_dict();
            self.stack[base + slot] = d.clone();
            Some(d)
        } else {
            None
        };
        // Keywords.
        if let Some(names) = kwnames.as_tuple() {
            for name in names.iter() {
                let v = args.next().expect("keyword arg");
                let n = name.as_str().unwrap_or("");
                let pos = co.localsplusnames[..total_named]
                    .iter()
                    .position(|p| p == n)
                    .filter(|&p| p >= co.posonlyargcount as usize);
                match pos {
                    Some(p) => {
                        if !self.stack[base + p].is_null() {
                            return Err(type_error(format!("{fname}() got multiple values for argument '{n}'")));
                        }
                        self.stack[base + p] = v;
                    }
                    None => match &kwdict {
                        Some(d) => d.as_dict().expect("dict").set(name.clone(), v)?,
                        None => {
                            return Err(type_error(format!("{fname}() got an unexpected keyword argument '{n}'")));
                        }
                    },
                }
            }
        }
        // Defaults for missing positionals.
        let defaults = func.defaults().clone();
        let defs = defaults.as_tuple().unwrap_or(&[]);
        let first_default = argcount - defs.len().min(argcount);
        let mut missing = Vec::new();
        for i in 0..argcount {
            if self.stack[base + i].is_null() {
                if i >= first_default {
                    self.stack[base + i] = defs[i - first_default].clone();
                } else {
                    missing.push(co.localsplusnames[i].clone());
                }
            }
        }
        if !missing.is_empty() {
            return Err(type_error(format!(
                "{}() missing {} required positional argument{}: {}",
                fname,
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                name_list(&missing)
            )));
        }
        // Keyword-only defaults.
        let kwdefaults = func.kwdefaults().clone();
        let mut missing = Vec::new();
        for i in argcount..total_named {
            if self.stack[base + i].is_null() {
                let n = &co.localsplusnames[i];
                match kwdefaults.as_dict().and_then(|d| d.get_str(n)) {
                    Some(v) => self.stack[base + i] = v,
                    None => missing.push(n.clone()),
                }
            }
        }
        if !missing.is_empty() {
            return Err(type_error(format!(
                "{}() missing {} required keyword-only argument{}: {}",
                fname,
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                name_list(&missing)
            )));
        }
        Ok(())
    }

    /// Calls a class: builtin constructors, or a new instance plus `__init__`.
    pub(crate) fn construct(
        &mut self,
        cls: &Value,
        t: &TypeObject,
        args: Vec<Value>,
        kw: Vec<(Value, Value)>,
    ) -> PyResult<Value> {
        if !t.is_heap_type() {
            return self.builtin_construct(t, args, kw);
        }
        if cls.ty().is_heap_type() {
            self.check_not_abstract(t)?;
        }
        if t.kind == Kind::Type {
            return self.construct_type(cls, t, args, kw);
        }
        if let Some(new) = self.type_lookup(t, "__new__")
            && (new.as_function().is_some() || new.as_descr().is_some())
        {
            let f = new.as_descr().map(|d| d.func.clone()).unwrap_or(new);
            let mut full = vec![cls.clone()];
            full.extend(args.iter().cloned());
            let obj = self.call_value(&f, full, kw.clone())?;
            if !obj.ty().is_subtype(t) {
                return Ok(obj);
            }
            return self.run_init(obj, t, args, kw);
        }
        let inst = match t.kind {
            Kind::Instance => new_instance(t),
            Kind::Exception => new_exception(t, args.clone()),
            Kind::List | Kind::Dict | Kind::Tuple | Kind::Int | Kind::Str => {
                crate::methods::new_builtin_sub(self, t, &args, &kw)?
            }
            _ => return Err(type_error(format!("cannot create '{}' instances", t.name()))),
        };
        self.run_init(inst, t, args, kw)
    }

    fn run_init(&mut self, inst: Value, t: &TypeObject, args: Vec<Value>, kw: Vec<(Value, Value)>) -> PyResult<Value> {
        match self.type_lookup(t, "__init__") {
            // A Python `__init__`, or the builtin one of a container base (`list.__init__`).
            Some(init) if init.as_function().is_some() || (t.kind != Kind::Instance && is_container_init(&init)) => {
                let mut full = Vec::with_capacity(args.len() + 1);
                full.push(inst.clone());
                full.extend(args);
                let r = self.call_value(&init, full, kw)?;
                if !r.is_none() {
                    return Err(type_error(format!("__init__() should return None, not '{}'", r.ty().name())));
                }
            }
            _ => {
                // object.__init__ rejects arguments only when __new__ is not overridden.
                let custom_new = self.heap_lookup_static(t, "__new__").is_some();
                if t.kind == Kind::Instance && !custom_new && (!args.is_empty() || !kw.is_empty()) {
                    return Err(type_error(format!("{}() takes no arguments", t.name())));
                }
            }
        }
        Ok(inst)
    }
}

fn name_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        _ => format!("{}, and {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

/// Is `f` the builtin `__init__` of `list` or `dict` (which fill a new instance of a
/// subclass from the call's arguments)?
fn is_container_init(f: &Value) -> bool {
    f.as_builtin().is_some_and(|b| {
        b.name == "__init__"
            && (std::ptr::eq(b.owner, &tracelift_runtime::types::LIST_TYPE)
                || std::ptr::eq(b.owner, &tracelift_runtime::types::DICT_TYPE))
    })
}
