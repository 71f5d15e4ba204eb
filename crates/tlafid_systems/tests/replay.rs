//! Replaying event logs against the lock service: its own recorded runs replay, a run of the
//! buggy server does not replay on the correct one, and the permissive model's
//! counterexample (what `tlafid check --requirements ... --dump-trace cex.ndjson` writes, see
//! crates/tlafid_cli/tests/requirements.rs) is a behaviour the implementation cannot take.

use tlafid_systems::catalog::lock_config;
use tlafid_systems::lock_service::{self, LockBug};
use tlafid_systems::{recorded_traces, Replay};

#[test]
fn every_recorded_lock_run_replays_on_the_configuration_that_recorded_it() {
    let lock_runs: Vec<_> = recorded_traces()
        .into_iter()
        .filter(|t| t.system == "lock_service")
        .collect();
    assert_eq!(lock_runs.len(), 4);
    for trace in lock_runs {
        let bug = (trace.scenario == "buggy-handoff").then_some(LockBug::ForgetHolderOnHandOff);
        let replayed = lock_service::replay(&lock_config(trace.seed, bug), &trace.event_log());
        assert_eq!(
            replayed,
            Replay::Reproduced {
                steps: trace.steps.len()
            },
            "{}",
            trace.file_stem()
        );
    }
}

#[test]
fn the_buggy_servers_run_diverges_on_the_correct_server_where_the_bug_shows() {
    let buggy = recorded_traces()
        .into_iter()
        .find(|t| t.scenario == "buggy-handoff")
        .expect("the buggy lock run");
    let replayed = lock_service::replay(&lock_config(buggy.seed, None), &buggy.event_log());
    // Line 11 is the ServerRelease after which the buggy server forgets the new holder
    // (specs/LockService/EXPECTED.md: the faithful model rejects the trace there too).
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 11,
            reason:
                "holders: the log says {\"#set\":[]}, the implementation shows {\"#set\":[\"c1\"]}"
                    .into()
        }
    );
}

/// The event log `tlafid check specs/LockService/LockServicePermissive.tla --requirements
/// invariants/lock_service/LockServiceRequirements.tla --dump-trace cex.ndjson` writes.
const PERMISSIVE_COUNTEREXAMPLE: &str = r##"{"init":{"holders":{"#set":[]},"pc":{"c1":"idle","c2":"idle","c3":"idle"}}}
{"action":"SendAcquire","args":{"c":"c1"},"state":{"holders":{"#set":[]},"pc":{"c1":"waiting","c2":"idle","c3":"idle"}}}
{"action":"ServerGrant","args":{"c":"c1"},"state":{"holders":{"#set":["c1"]},"pc":{"c1":"waiting","c2":"idle","c3":"idle"}}}
{"action":"SendAcquire","args":{"c":"c2"},"state":{"holders":{"#set":["c1"]},"pc":{"c1":"waiting","c2":"waiting","c3":"idle"}}}
{"action":"ServerGrant","args":{"c":"c2"},"state":{"holders":{"#set":["c1","c2"]},"pc":{"c1":"waiting","c2":"waiting","c3":"idle"}}}
"##;

#[test]
fn the_permissive_models_double_grant_is_not_a_behaviour_of_the_implementation() {
    let replayed = lock_service::replay(&lock_config(1, None), PERMISSIVE_COUNTEREXAMPLE);
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 5,
            reason: "the implementation took ServerEnqueue(c = \"c2\") where the log says ServerGrant(c = \"c2\")".into()
        }
    );
}

#[test]
fn an_unreadable_log_names_its_line() {
    let replayed = lock_service::replay(&lock_config(1, None), "{\"init\": {}}\n[1, 2]\n");
    assert_eq!(
        replayed,
        Replay::Unreadable {
            line: 2,
            reason: "not a JSON object".into()
        }
    );
    // An idle client's move is to send an acquire, not to receive a grant.
    let replayed = lock_service::replay(
        &lock_config(1, None),
        "{\"action\": \"ReceiveGrant\", \"args\": {\"c\": \"c1\"}}\n",
    );
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 1,
            reason: "the implementation took SendAcquire(c = \"c1\") where the log says ReceiveGrant(c = \"c1\")".into()
        }
    );
    // The server has no request to take.
    let replayed = lock_service::replay(
        &lock_config(1, None),
        "{\"action\": \"ServerGrant\", \"args\": {\"c\": \"c1\"}}\n",
    );
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 1,
            reason: "ServerGrant(c1) cannot run: that process has nothing to do".into()
        }
    );
}

#[test]
fn every_recorded_store_run_replays_and_the_buggy_one_diverges_on_the_correct_store() {
    use tlafid_systems::catalog::kv_config;
    use tlafid_systems::kv_replication::{self, KvBug};
    let runs: Vec<_> = recorded_traces()
        .into_iter()
        .filter(|t| t.system == "kv_replication")
        .collect();
    assert_eq!(runs.len(), 4);
    for trace in &runs {
        let bug = (trace.scenario == "buggy-backup").then_some(KvBug::ApplyOutOfOrder);
        let replayed =
            kv_replication::replay(&kv_config(trace.seed, None, bug), &trace.event_log());
        assert_eq!(
            replayed,
            Replay::Reproduced {
                steps: trace.steps.len()
            },
            "{}",
            trace.file_stem()
        );
    }
    let buggy = runs
        .iter()
        .find(|t| t.scenario == "buggy-backup")
        .expect("buggy run");
    let replayed = kv_replication::replay(&kv_config(buggy.seed, None, None), &buggy.event_log());
    // Line 24 is BackupApply(s3, 4) before write 3 (specs/KvReplication/EXPECTED.md).
    assert_eq!(
        replayed,
        Replay::Diverged {
            line: 24,
            reason: "BackupApply(n = 4, s = \"s3\") cannot run: the implementation does not take that step in this state".into()
        }
    );
}
