//! Every `.cfg` of `specs/LockService` and `specs/KvReplication` is read without error by
//! tlafid's own configuration parser, and names the files the trace tests rely on.

use std::path::Path;
use tlafid_base::FileId;

const CONFIGS: [&str; 8] = [
    "LockService/LockService.cfg",
    "LockService/LockServiceTrace.cfg",
    "LockService/LockServiceRestrictive.cfg",
    "LockService/LockServicePermissive.cfg",
    "KvReplication/KvReplication.cfg",
    "KvReplication/KvReplicationRestrictive.cfg",
    "KvReplication/KvReplicationPermissive.cfg",
    "KvReplication/KvReplicationTrace.cfg",
];

#[test]
fn model_configs_parse_without_diagnostics() {
    let specs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../specs");
    for (index, relative) in CONFIGS.iter().enumerate() {
        let text = std::fs::read_to_string(specs.join(relative)).expect("the .cfg exists");
        let parsed = tlafid_config::parse(FileId(index as u32), &text);
        assert!(
            parsed.diagnostics.is_empty(),
            "{relative}: {:?}",
            parsed.diagnostics
        );
        let module = specs.join(
            relative
                .replace("Trace.cfg", ".cfg")
                .replace(".cfg", ".tla"),
        );
        assert!(module.exists(), "{} has no module", relative);
    }
}
