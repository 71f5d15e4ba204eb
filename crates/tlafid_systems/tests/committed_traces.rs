//! The files under `traces/` are exactly what the systems record today: every trace is
//! regenerated in memory and compared byte for byte with the committed file, and no other
//! trace file lies in the folder. Regenerate with `cargo run -p tlafid_systems --bin
//! record-traces` after a deliberate change.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn traces_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../traces")
}

#[test]
fn committed_traces_are_byte_identical_to_regenerated_ones() {
    let mut checked = 0;
    for trace in tlafid_systems::recorded_traces() {
        for (relative, regenerated) in tlafid_systems::trace_files(&trace) {
            let path = traces_root().join(&relative);
            let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!("{} is missing ({e}); run record-traces", path.display())
            });
            assert!(
                committed == regenerated,
                "{relative} differs from what the system records now"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 24, "8 traces in 3 formats");
}

#[test]
fn no_stray_trace_files() {
    let expected: BTreeSet<String> = tlafid_systems::recorded_traces()
        .iter()
        .flat_map(tlafid_systems::trace_files)
        .map(|(relative, _)| relative)
        .collect();
    let mut found = BTreeSet::new();
    for system in ["lock_service", "kv_replication"] {
        let folder = traces_root().join(system);
        for entry in std::fs::read_dir(&folder).expect("the system's trace folder exists") {
            let name = entry
                .expect("a directory entry")
                .file_name()
                .into_string()
                .expect("UTF-8 name");
            found.insert(format!("{system}/{name}"));
        }
    }
    assert_eq!(found, expected);
}

#[test]
fn every_line_is_json_without_null() {
    for trace in tlafid_systems::recorded_traces() {
        for (relative, text) in tlafid_systems::trace_files(&trace) {
            assert!(!text.contains("null"), "{relative} contains null");
            if relative.ends_with(".ndjson") {
                for line in text.lines() {
                    serde_json::from_str::<serde_json::Value>(line).expect("each line is JSON");
                }
            } else {
                let itf: serde_json::Value = serde_json::from_str(&text).expect("ITF is JSON");
                assert_eq!(
                    itf["states"].as_array().map(Vec::len),
                    Some(trace.steps.len() + 1)
                );
            }
        }
    }
}
