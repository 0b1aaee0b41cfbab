//! Watchers (DESIGN.md §1, invalidation): the runtime tells tier 2 when something that an
//! executor may have assumed changes, by calling one hook with a *dependency key*.
//!
//! Keys: a watched dict's keys changed ([`dict`], by address), a value-watched dict had a
//! value replaced ([`dict_values`], by address), a type's version tag was replaced
//! ([`type_version`], by the old tag), a function's version was replaced ([`func_version`], by
//! the old version). The VM installs the hook when tier 2 is on; with no
//! hook, [`notify`] does nothing. Dicts are watched one by one (`DictObject::watch`) so that an
//! ordinary dict insertion costs one flag test; types and functions always notify (their
//! versions change rarely).

use std::cell::Cell;

const KIND_SHIFT: u32 = 60;
const PAYLOAD: u64 = (1 << KIND_SHIFT) - 1;

/// The dependency key of a dict, by address.
pub fn dict(addr: u64) -> u64 {
    (1 << KIND_SHIFT) | (addr & PAYLOAD)
}

/// The dependency key of a dict's values (a trace promoted one of them to a constant).
pub fn dict_values(addr: u64) -> u64 {
    (4 << KIND_SHIFT) | (addr & PAYLOAD)
}

/// The dependency key of a type version tag.
pub fn type_version(v: u32) -> u64 {
    (2 << KIND_SHIFT) | v as u64
}

/// The dependency key of a function version.
pub fn func_version(v: u32) -> u64 {
    (3 << KIND_SHIFT) | v as u64
}

/// The version in a [`type_version`] or [`func_version`] key (`None` for a dict's key).
pub fn version_of(key: u64) -> Option<u32> {
    matches!(key >> KIND_SHIFT, 2 | 3).then_some((key & PAYLOAD) as u32)
}

thread_local! {
    static HOOK: Cell<Option<fn(u64)>> = const { Cell::new(None) };
}

/// Installs (or, with `None`, removes) the hook.
pub fn set_hook(hook: Option<fn(u64)>) {
    HOOK.with(|h| h.set(hook));
}

/// Reports that dependency `key` changed.
pub fn notify(key: u64) {
    if let Some(f) = HOOK.with(|h| h.get()) {
        f(key);
    }
}
