//! The built-in standard modules: each loads on its own without errors, and a module the
//! caller does not provide is taken from them. (Their text belongs to `stdlib/`, so these
//! tests check names, not bodies.)

use tlafid_base::SourceMap;
use tlafid_sema::ir::RootName;
use tlafid_sema::stdlib::STANDARD_MODULES;

fn load(text: &str) -> tlafid_sema::Loaded {
    let mut sources = SourceMap::new();
    let root = sources.add("Root.tla", text);
    tlafid_sema::load(root, &mut sources, &mut |_| None)
}

#[test]
fn every_standard_module_loads_without_errors() {
    assert!(STANDARD_MODULES.iter().any(|(name, _)| *name == "Naturals"));
    let mut failures = Vec::new();
    for (name, _) in STANDARD_MODULES {
        let loaded = load(&format!("---- MODULE Root ----\nEXTENDS {name}\n====\n"));
        let errors: Vec<String> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        if loaded.program.is_none() {
            failures.push(format!("{name}: {}", errors.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_module_not_found_by_the_caller_is_built_in() {
    let loaded =
        load("---- MODULE Root ----\nEXTENDS FiniteSets\nT == Cardinality({1, 2})\n====\n");
    let program = loaded.program.expect("loads");
    let Some(RootName::Op(op)) = program.root_name("Cardinality") else {
        panic!("no Cardinality")
    };
    assert_eq!(program.op(op).module, "FiniteSets");
    assert_eq!(program.op(op).params.len(), 1);
    assert!(matches!(program.root_name("T"), Some(RootName::Op(_))));
}
