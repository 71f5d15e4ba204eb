//! The JSON Schema of every report, generated from the report structs, is the one committed
//! under `docs/schema/`. `UPDATE_SCHEMA=1 cargo test -p tlafid_pipeline --test schema`
//! rewrites the committed files; review the diff (and bump `SCHEMA_VERSION` when a field's
//! meaning or a word changes) before committing.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::Path;

#[test]
fn committed_schemas_are_the_generated_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema");
    let update = std::env::var_os("UPDATE_SCHEMA").is_some();
    let mut stale = Vec::new();
    for (name, schema) in tlafid_pipeline::report::schemas() {
        let generated = serde_json::to_string_pretty(&schema).expect("a schema is JSON") + "\n";
        let path = dir.join(name);
        if update {
            std::fs::write(&path, &generated).expect("write the schema");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != generated {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/schema/ differs from the report structs for {stale:?}: run \
         UPDATE_SCHEMA=1 cargo test -p tlafid_pipeline --test schema"
    );
}

#[test]
fn every_report_names_its_version_and_outcome() {
    for (name, schema) in tlafid_pipeline::report::schemas() {
        let required = schema
            .get("required")
            .and_then(|r| r.as_array())
            .expect("a report has required fields");
        for field in ["schema_version", "outcome"] {
            assert!(required.iter().any(|r| r == field), "{name} lacks {field}");
        }
    }
}
