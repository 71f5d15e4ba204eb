//! `check --requirements` with `--dump-trace FILE.ndjson`: the counterexample of an illegal
//! model behaviour is an event log of the requirements' observables, which `tlafid trace`
//! reads back: the model that produced it admits it (and sees its own invariant violated),
//! the faithful model does not, and the real implementation, replayed through it, cannot
//! take it (unless built with the bug that makes it possible).

mod common;

use common::tlafid;

use tlafid_systems::catalog::{kv_config, lock_config};
use tlafid_systems::Replay;

const EXPECTED_LOG: &str = r##"{"init":{"holders":{"#set":[]},"pc":{"c1":"idle","c2":"idle","c3":"idle"}}}
{"action":"SendAcquire","args":{"c":"c1"},"state":{"holders":{"#set":[]},"pc":{"c1":"waiting","c2":"idle","c3":"idle"}}}
{"action":"ServerGrant","args":{"c":"c1"},"state":{"holders":{"#set":["c1"]},"pc":{"c1":"waiting","c2":"idle","c3":"idle"}}}
{"action":"SendAcquire","args":{"c":"c2"},"state":{"holders":{"#set":["c1"]},"pc":{"c1":"waiting","c2":"waiting","c3":"idle"}}}
{"action":"ServerGrant","args":{"c":"c2"},"state":{"holders":{"#set":["c1","c2"]},"pc":{"c1":"waiting","c2":"waiting","c3":"idle"}}}
"##;

#[test]
fn an_illegal_behaviour_is_dumped_as_an_event_log_that_trace_replays() {
    let dir = std::env::temp_dir().join(format!("tlafid-requirements-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("illegal.ndjson");
    let log_arg = log.to_str().expect("utf-8 temp path");

    let checked = tlafid(&[
        "check",
        "specs/LockService/LockServicePermissive.tla",
        "--requirements",
        "invariants/lock_service/LockServiceRequirements.tla",
        "--workers",
        "1",
        "--dump-trace",
        log_arg,
    ]);
    assert_eq!(checked.status.code(), Some(12));
    assert_eq!(
        std::fs::read_to_string(&log).expect("dumped log"),
        EXPECTED_LOG
    );

    let replayed_on_permissive = tlafid(&[
        "trace",
        "specs/LockService/LockServicePermissive.tla",
        log_arg,
    ]);
    // The model that produced it admits it, and its own invariant sees the double grant.
    assert_eq!(replayed_on_permissive.status.code(), Some(12));
    let report = String::from_utf8_lossy(&replayed_on_permissive.stdout);
    assert!(
        report.contains("illegal.ndjson: admitted (4 steps)"),
        "{report}"
    );
    assert!(
        report.contains("violates AtMostOneHolder at line 5"),
        "{report}"
    );

    let replayed_on_faithful = tlafid(&["trace", "specs/LockService/LockService.tla", log_arg]);
    assert_eq!(replayed_on_faithful.status.code(), Some(12));
    let report = String::from_utf8_lossy(&replayed_on_faithful.stdout);
    assert!(
        report.contains("missed code behavior at line 5 (ServerGrant)"),
        "{report}"
    );
    let log_text = std::fs::read_to_string(&log).expect("dumped log");
    let replayed = tlafid_systems::lock_service::replay(&lock_config(1, None), &log_text);
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 5,
            reason: "the implementation took ServerEnqueue(c = \"c2\") where the log says ServerGrant(c = \"c2\")".into()
        }
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_permissive_stores_illegal_behaviour_is_a_behaviour_of_the_buggy_store_only() {
    let dir = std::env::temp_dir().join(format!("tlafid-kv-requirements-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("illegal.ndjson");
    let checked = tlafid(&[
        "check",
        "specs/KvReplication/KvReplicationPermissive.tla",
        "--requirements",
        "invariants/kv_replication/KvReplicationRequirements.tla",
        "--workers",
        "1",
        "--dump-trace",
        log.to_str().expect("utf-8 temp path"),
    ]);
    assert_eq!(checked.status.code(), Some(12));
    let log_text = std::fs::read_to_string(&log).expect("dumped log");
    assert_eq!(log_text.lines().count(), 6);
    let correct = tlafid_systems::kv_replication::replay(&kv_config(1, None, None), &log_text);
    assert_eq!(
        correct,
        Replay::Diverged {
            line: 6,
            reason: "BackupApply(n = 2, s = \"s2\") cannot run: the implementation does not take that step in this state".into()
        }
    );
    let buggy = kv_config(
        1,
        None,
        Some(tlafid_systems::kv_replication::KvBug::ApplyOutOfOrder),
    );
    assert_eq!(
        tlafid_systems::kv_replication::replay(&buggy, &log_text),
        Replay::Reproduced { steps: 5 }
    );
    std::fs::remove_dir_all(&dir).ok();
}
