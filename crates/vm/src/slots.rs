//! Instance layouts: `__slots__` (member slots and instances without a `__dict__`) and
//! `__class__` assignment, which CPython allows only between classes whose instances have
//! the same layout.
//!
//! A class body's `__slots__` becomes, when `__build_class__` makes the class, one
//! `member_descriptor` per name in the class dict and the class's member list
//! (`TypeObject::members`, bases' names first): an instance stores member `k` in slot `k` after
//! its inline values (`InstanceObject::member`). Members are data descriptors, so attribute
//! access (`crate::attrs`) reads and writes the slot before looking at an instance dict. A
//! class whose chain up to `object` has `__slots__` everywhere, without `"__dict__"`, marks
//! its instances as having no dict (`TypeObject::no_dict`). Classes with members, or without
//! instance dicts, are never *plain* (decision 24), so no specialized instance-attribute form
//! ever runs on them; they take the generic path.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, attribute_error, type_error, value_error};
use tracelift_runtime::types::{Kind, TypeObject};

use crate::Vm;
use crate::objects::{VmValue, new_member};

/// What `__build_class__` gives the new class from its `__slots__`.
pub(crate) struct SlotLayout {
    /// Every member name of instances, bases' first (for `TypeObject::set_members`).
    pub members: Vec<Value>,
    /// Instances have no `__dict__`.
    pub no_dict: bool,
}

impl Vm {
    /// Reads `__slots__` from a class namespace (CPython's `type_new_slots`): checks the names,
    /// mangles private ones, sorts them, and puts a member descriptor for each in `ns`.
    /// Without `__slots__` the class inherits its base's members and gets a dict.
    pub(crate) fn class_slots(&mut self, ns: &Value, base: &TypeObject, name: &str) -> PyResult<SlotLayout> {
        let d = ns.as_dict().expect("class namespace");
        let inherited = base.members().to_vec();
        let base_has_dict = base_has_dict(base);
        let Some(slots) = d.get_str("__slots__") else {
            return Ok(SlotLayout { members: inherited, no_dict: false });
        };
        let items = if slots.is_str() { vec![slots] } else { self.collect_iterable(&slots)? };
        let mut own: Vec<String> = Vec::new();
        let mut add_dict = false;
        for it in &items {
            let Some(s) = it.as_str() else {
                return Err(type_error(format!("__slots__ items must be strings, not '{}'", it.ty().name())));
            };
            if !is_identifier(s) {
                return Err(type_error("__slots__ must be identifiers"));
            }
            match s {
                "__dict__" => {
                    if add_dict || base_has_dict {
                        return Err(type_error("__dict__ slot disallowed: we already got one"));
                    }
                    add_dict = true;
                }
                // No weak references here: the slot is accepted and holds nothing.
                "__weakref__" => {}
                _ => own.push(mangle(name, s)),
            }
        }
        own.sort();
        for s in &own {
            if d.get_str(s).is_some() {
                return Err(value_error(format!("'{s}' in __slots__ conflicts with class variable")));
            }
        }
        if !own.is_empty() && base.kind != Kind::Instance {
            return Err(type_error(format!(
                "unsupported: __slots__ in a subclass of '{}' (class {name})",
                base.name()
            )));
        }
        let mut members = inherited;
        for s in own {
            let key = tracelift_runtime::str::intern(&s);
            d.set(key.clone(), new_member(key.clone(), members.len() as u32, name))?;
            members.push(key);
        }
        let layout_ok = base.kind == Kind::Instance || tracelift_runtime::sub::subclassable(base.kind);
        let no_dict = layout_ok && !add_dict && !base_has_dict;
        Ok(SlotLayout { members, no_dict })
    }

    /// `obj.__class__ = v`, with CPython's checks (`object_set_class`): `v` must be a class,
    /// both classes user classes, and their instances laid out alike.
    pub(crate) fn assign_class(&mut self, obj: &Value, v: &Value) -> PyResult<()> {
        let Some(new) = v.as_type() else {
            return Err(type_error(format!("__class__ must be set to a class, not '{}' object", v.ty().name())));
        };
        let old = obj.ty();
        if !new.is_heap_type() || !old.is_heap_type() {
            return Err(type_error("__class__ assignment only supported for mutable types or ModuleType subclasses"));
        }
        if !same_layout(old, new) {
            return Err(type_error(format!(
                "__class__ assignment: '{}' object layout differs from '{}'",
                new.name(),
                old.name()
            )));
        }
        // Executors that proved this object's type version (and rely on it across escapes:
        // the optimizer's `promote_type_versions`) depend on it: they are invalidated.
        tracelift_runtime::watch::notify(tracelift_runtime::watch::type_version(old.version.get()));
        tracelift_runtime::object::set_class(obj, new);
        Ok(())
    }

    /// `obj.name = v` (or `del obj.name` when `v` is NULL) when the class finds a member
    /// descriptor `m` for it: sets or clears the slot. Clearing an unset slot raises
    /// AttributeError with the bare name, as CPython 3.11's `member_set`.
    pub(crate) fn store_member(&mut self, obj: &Value, m: &Value, v: Value) -> PyResult<()> {
        let (Some(m), Some(inst)) = (m.as_member(), obj.as_instance()) else {
            return Err(type_error("descriptor does not apply to this object"));
        };
        let deleting = v.is_null();
        let old = inst.swap_member(m.index as usize, v);
        if deleting && old.is_null() {
            return Err(attribute_error(m.name.as_str().unwrap_or("?")));
        }
        drop(old);
        Ok(())
    }

    /// The error for storing (or deleting) `name` on an instance without a dict: read-only
    /// when the class has the attribute, missing otherwise (CPython's
    /// `_PyObject_GenericSetAttrWithDict`).
    pub(crate) fn no_dict_error(&mut self, obj: &Value, name: &Value) -> PyErr {
        let ty = obj.ty();
        let n = name.as_str().unwrap_or("?");
        if self.type_lookup_cached(ty, name, false).is_some() {
            attribute_error(format!("'{}' object attribute '{}' is read-only", ty.name(), n))
        } else {
            attribute_error(format!("'{}' object has no attribute '{}'", ty.name(), n))
        }
    }
}

/// Do instances of (a subclass of) `base` already have a dict?
fn base_has_dict(base: &TypeObject) -> bool {
    match base.kind {
        Kind::Instance => base.is_heap_type() && !base.no_dict.get(),
        // `list`, `dict`, `tuple`, `int` themselves have none; a user subclass of one has,
        // unless its `__slots__` said otherwise (`tracelift_runtime::sub`).
        k if tracelift_runtime::sub::subclassable(k) => base.is_heap_type() && !base.no_dict.get(),
        _ => true,
    }
}

/// Does the class add an instance dict to its base's layout?
fn adds_dict(t: &TypeObject) -> bool {
    t.is_heap_type() && t.kind == Kind::Instance && !t.no_dict.get() && t.base().is_none_or(|b| !base_has_dict(b))
}

/// The member names a class adds to its base's.
fn own_members(t: &TypeObject) -> &[Value] {
    let inherited = t.base().map_or(0, |b| b.members().len());
    &t.members()[inherited.min(t.members().len())..]
}

/// The nearest class on `t`'s chain whose instance layout differs from its base's (CPython's
/// walk over `compatible_with_tp_base`): a user class that adds no member and no dict lays
/// its instances out as its base does, and so do the builtin exceptions (one struct here).
fn solid_base(mut t: &TypeObject) -> &TypeObject {
    while let Some(b) = t.base() {
        let same = if t.is_heap_type() {
            own_members(t).is_empty() && !adds_dict(t)
        } else {
            t.kind == Kind::Exception && b.kind == Kind::Exception
        };
        if !same {
            break;
        }
        t = b;
    }
    t
}

/// The nearest class on `t`'s chain whose instances hold more than its base's (members or
/// a builtin layout): a new class with several bases lays its instances out as the one of
/// them whose layout base is the most derived (CPython's `best_base` over `solid_base`, where
/// an instance dict is not a difference).
pub(crate) fn layout_base(mut t: &TypeObject) -> &TypeObject {
    while let Some(b) = t.base() {
        let same = if t.is_heap_type() {
            own_members(t).is_empty()
        } else {
            t.kind == Kind::Exception && b.kind == Kind::Exception
        };
        if !same {
            break;
        }
        t = b;
    }
    t
}

/// Can an instance of `a` become an instance of `b` (CPython's `compatible_for_assignment`)?
fn same_layout(a: &TypeObject, b: &TypeObject) -> bool {
    let (sa, sb) = (solid_base(a), solid_base(b));
    if std::ptr::eq(sa, sb) {
        return true;
    }
    let same_base = match (sa.base(), sb.base()) {
        (Some(x), Some(y)) => std::ptr::eq(x, y),
        (None, None) => true,
        _ => false,
    };
    let names =
        |t: &TypeObject| own_members(t).iter().map(|v| v.as_str().unwrap_or("").to_string()).collect::<Vec<_>>();
    same_base && sa.kind == sb.kind && adds_dict(sa) == adds_dict(sb) && names(sa) == names(sb)
}

/// A Python identifier (what `str.isidentifier` accepts, for `__slots__` names).
fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|f| f.is_alphabetic() || f == '_') && cs.all(|c| c.is_alphanumeric() || c == '_')
}

/// CPython's private-name mangling (`_Py_Mangle`): `__x` in class `C` is `_C__x`; dunder
/// names, and classes named only with underscores, are left alone.
fn mangle(class: &str, name: &str) -> String {
    let stripped = class.trim_start_matches('_');
    if !name.starts_with("__") || name.ends_with("__") || name.contains('.') || stripped.is_empty() {
        return name.to_string();
    }
    format!("_{stripped}{name}")
}
