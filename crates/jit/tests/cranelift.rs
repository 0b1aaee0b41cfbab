//! End to end with Cranelift: a `JITModule` per executor drawing from a [`Region`]
//! (`JITBuilder::memory_provider`), compiled, finalized, called, then freed with
//! `free_memory` (or by dropping the module), after which no bytes are in use.

#![cfg(unix)]

mod common;

use cranelift_codegen::ir::{AbiParam, InstBuilder, UserFuncName, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module, default_libcall_names};
use tracelift_jit::CodeMemory;

fn module(memory: &CodeMemory) -> JITModule {
    let mut flags = settings::builder();
    flags.set("use_colocated_libcalls", "false").unwrap();
    flags.set("is_pic", "false").unwrap(); // cranelift-jit requires it
    let isa = cranelift_native::builder().unwrap().finish(settings::Flags::new(flags)).unwrap();
    let mut builder = JITBuilder::with_isa(isa, default_libcall_names());
    builder.memory_provider(Box::new(memory.region()));
    JITModule::new(builder)
}

/// Defines `name(a: i64, b: i64) -> i64 { a + b * k }`.
fn define_add(module: &mut JITModule, name: &str, k: i64) -> FuncId {
    let mut sig = module.make_signature();
    sig.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64)]);
    sig.returns.push(AbiParam::new(types::I64));
    let id = module.declare_function(name, Linkage::Local, &sig).unwrap();
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    ctx.func.name = UserFuncName::user(0, id.as_u32());
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
    let block = b.create_block();
    b.append_block_params_for_function_params(block);
    b.switch_to_block(block);
    b.seal_block(block);
    let (x, y) = (b.block_params(block)[0], b.block_params(block)[1]);
    let scaled = b.ins().imul_imm_s(y, k);
    let sum = b.ins().iadd(x, scaled);
    b.ins().return_(&[sum]);
    b.finalize(module.target_config());
    module.define_function(id, &mut ctx).unwrap();
    id
}

/// Calls a finalized `fn(i64, i64) -> i64`.
fn call(module: &JITModule, id: FuncId, a: i64, b: i64) -> i64 {
    let p = module.get_finalized_function(id);
    // SAFETY: `p` is finalized code of a live module with the native (C) calling
    // convention and this signature.
    let f: extern "C" fn(i64, i64) -> i64 = unsafe { std::mem::transmute(p) };
    f(a, b)
}

#[test]
fn compile_call_free() {
    let memory = CodeMemory::new();
    let mut m = module(&memory);
    let add = define_add(&mut m, "add", 1);
    assert!(memory.stats().bytes_in_use > 0, "define_function allocated code");
    m.finalize_definitions().unwrap();
    assert_eq!(call(&m, add, 40, 2), 42);
    let p = m.get_finalized_function(add).addr();
    #[cfg(target_os = "linux")]
    assert_eq!(common::perms_at(p), "r-xp");

    // A second function after the first finalize: fresh pages, both callable.
    let triple = define_add(&mut m, "add3", 3);
    m.finalize_definitions().unwrap();
    assert_eq!(call(&m, triple, 1, 2), 7);
    assert_eq!(call(&m, add, -1, 1), 0);
    let q = m.get_finalized_function(triple).addr();
    assert_ne!(p / memory.page_size(), q / memory.page_size());
    #[cfg(target_os = "linux")]
    {
        assert_eq!(common::perms_at(p), "r-xp");
        assert_eq!(common::perms_at(q), "r-xp");
        common::check_wx(&[]);
    }
    let stats = memory.stats();
    assert_eq!(stats.bytes_in_use, 2 * memory.page_size(), "{stats:?}");
    assert_eq!(stats.regions_live, 1);

    // SAFETY: no function of the module runs or is called again.
    unsafe { m.free_memory() };
    let stats = memory.stats();
    assert_eq!((stats.bytes_in_use, stats.regions_live), (0, 0), "{stats:?}");
    assert_eq!(stats.peak_bytes_in_use, 2 * memory.page_size());
}

#[test]
fn one_module_per_executor() {
    let memory = CodeMemory::new();
    let mut modules: Vec<(JITModule, FuncId)> = (0..3)
        .map(|k| {
            let mut m = module(&memory);
            let id = define_add(&mut m, "f", k);
            m.finalize_definitions().unwrap();
            (m, id)
        })
        .collect();
    assert_eq!(memory.stats().regions_live, 3);
    let (dead, _) = modules.remove(1);
    let before = memory.stats().bytes_in_use;
    // Dropping a module (without free_memory) also frees exactly its region's pages.
    drop(dead);
    assert_eq!(memory.stats().bytes_in_use, before - memory.page_size());
    for (m, id) in &modules {
        assert!(call(m, *id, 5, 1) >= 5);
    }
    assert_eq!(call(&modules[1].0, modules[1].1, 5, 1), 7);
    drop(modules);
    assert_eq!(memory.stats().bytes_in_use, 0);
}

#[test]
fn data_objects_take_their_kinds() {
    use cranelift_module::DataDescription;
    let memory = CodeMemory::new();
    let mut m = module(&memory);
    let mut desc = DataDescription::new();
    desc.define(vec![1, 2, 3, 4].into_boxed_slice());
    let ro = m.declare_data("ro", Linkage::Local, false, false).unwrap();
    m.define_data(ro, &desc).unwrap();
    let rw = m.declare_data("rw", Linkage::Local, true, false).unwrap();
    m.define_data(rw, &desc).unwrap();
    define_add(&mut m, "f", 1);
    m.finalize_definitions().unwrap();
    let (ro_ptr, _) = m.get_finalized_data(ro);
    let (rw_ptr, _) = m.get_finalized_data(rw);
    // SAFETY: both are live, finalized, 4 bytes long.
    assert_eq!(unsafe { (*ro_ptr, *rw_ptr.add(3)) }, (1, 4));
    #[cfg(target_os = "linux")]
    {
        assert_eq!(
            common::perms_at(ro_ptr.addr()),
            common::expected_perms(tracelift_jit::Kind::ReadOnly.final_protection())
        );
        assert_eq!(common::perms_at(rw_ptr.addr()), common::expected_perms(tracelift_jit::Protection::ReadWrite));
        common::check_wx(&[]);
    }
    assert_eq!(memory.stats().bytes_in_use, 3 * memory.page_size());
    // SAFETY: nothing of the module is used again.
    unsafe { m.free_memory() };
    assert_eq!(memory.stats().bytes_in_use, 0);
}
