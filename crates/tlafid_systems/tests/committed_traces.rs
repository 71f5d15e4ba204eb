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
    assert_eq!(
        checked, 60,
        "8 traces in 3 formats, the 4 store traces without the backups' steps, and the 4 lock traces as 4 process logs each, with clocks and with messages"
    );
}

#[test]
fn no_stray_trace_files() {
    let expected: BTreeSet<String> = tlafid_systems::recorded_traces()
        .iter()
        .flat_map(tlafid_systems::trace_files)
        .map(|(relative, _)| relative)
        .collect();
    let mut found = BTreeSet::new();
    for system in [
        "lock_service",
        "lock_service_processes",
        "lock_service_messages",
        "kv_replication",
        "kv_replication_unlogged",
    ] {
        list_files(&traces_root().join(system), system, &mut found);
    }
    assert_eq!(found, expected);
}

/// Every file under `folder` (named `prefix/...`), in its sub-folders too.
fn list_files(folder: &Path, prefix: &str, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(folder).expect("the trace folder exists") {
        let entry = entry.expect("a directory entry");
        let name = entry.file_name().into_string().expect("UTF-8 name");
        let relative = format!("{prefix}/{name}");
        if entry.path().is_dir() {
            list_files(&entry.path(), &relative, found);
        } else {
            found.insert(relative);
        }
    }
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

/// The three formats of a run describe the same steps: window `i`'s `pre_state` is ITF state
/// `i` and its `post_state` is ITF state `i + 1`; the event log's `state` is the window's
/// `post_state` minus the unobserved variables, with the same action and arguments.
#[test]
fn the_three_formats_agree() {
    use serde_json::Value;
    let parse_lines = |text: &str| -> Vec<Value> {
        text.lines()
            .map(|l| serde_json::from_str(l).expect("JSON line"))
            .collect()
    };
    for trace in tlafid_systems::recorded_traces() {
        let events = parse_lines(&trace.event_log());
        let windows = parse_lines(&trace.action_windows());
        let itf: Value = serde_json::from_str(&trace.itf()).expect("ITF is JSON");
        let states: Vec<Value> = itf["states"]
            .as_array()
            .expect("states")
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.as_object_mut()
                    .expect("a state is an object")
                    .remove("#meta");
                s
            })
            .collect();
        assert_eq!(windows.len() + 1, states.len());
        assert_eq!(
            events.len(),
            states.len(),
            "init line plus one line per step"
        );
        let mut initial = states[0].clone();
        for hidden in &trace.unobserved_in_event_log {
            initial.as_object_mut().expect("object").remove(hidden);
        }
        assert_eq!(events[0]["init"], initial);
        for (i, window) in windows.iter().enumerate() {
            assert_eq!(window["pre_state"], states[i]);
            assert_eq!(window["post_state"], states[i + 1]);
            let event = &events[i + 1];
            assert_eq!(event["action"], window["action"]);
            assert_eq!(event["args"], window["data"]);
            let mut observed = states[i + 1].clone();
            for hidden in &trace.unobserved_in_event_log {
                observed.as_object_mut().expect("object").remove(hidden);
            }
            assert_eq!(event["state"], observed);
        }
    }
}
