//! Replaying an event log against the store (see [`crate::replay`]): each line's action and
//! arguments choose the move (the message delivered, the client that issues, ...), and the
//! store must take that action with those arguments.

use serde_json::Value;

use super::actors::Message;
use super::{Cluster, KvConfig, Move, Performed};
use crate::replay::{self, LoggedStep, Replay, Replayable};
use crate::trace::Observables;

/// Replays `event_log` against the store run with `config` (the number of operations per
/// client is the scheduler's workload, not a rule of the protocol, so it is unbounded here).
pub fn replay(config: &KvConfig, event_log: &str) -> Replay {
    let unbounded = KvConfig {
        ops_per_client: u32::MAX,
        ..config.clone()
    };
    replay::replay(&mut Cluster::new(&unbounded), event_log)
}

impl Replayable for Cluster {
    fn take(&mut self, step: &LoggedStep) -> Result<(String, Vec<(String, Value)>), String> {
        let chosen = self.move_for(step)?;
        let (action, args) = match chosen {
            Chosen::Move(chosen) => {
                if !self.enabled_moves().iter().any(|m| same_move(*m, chosen)) {
                    return Err(format!(
                        "{} cannot run: the implementation does not take that step in this state",
                        step.call()
                    ));
                }
                self.perform_logged(chosen)
            }
            Chosen::Crash if self.can_crash_primary() => self.crash_primary(),
            Chosen::Crash => return Err("the primary cannot crash now".into()),
            Chosen::Issue {
                client,
                put,
                key,
                val,
            } => {
                let state = &self.clients[client];
                if state.waiting || state.ops_left == 0 {
                    return Err(format!("{} cannot run: the client is waiting", step.call()));
                }
                self.issue_request(client, put, key, val)
            }
        };
        Ok((action.to_string(), args))
    }

    fn observables(&self) -> Observables {
        Cluster::observables(self)
    }
}

/// What a logged step asks the store to do.
enum Chosen {
    Move(Move),
    Crash,
    Issue {
        client: usize,
        put: bool,
        key: usize,
        val: i64,
    },
}

impl Cluster {
    fn move_for(&self, step: &LoggedStep) -> Result<Chosen, String> {
        let index = |name: &str, prefix: char| -> Result<usize, String> {
            let given = step.args.get(name).and_then(Value::as_str).unwrap_or("");
            given
                .strip_prefix(prefix)
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| n >= 1)
                .map(|n| n - 1)
                .ok_or_else(|| format!("{}: argument {name} is not a {prefix}N name", step.action))
        };
        let number = |name: &str| -> Result<i64, String> {
            step.args
                .get(name)
                .and_then(Value::as_i64)
                .ok_or_else(|| format!("{}: argument {name} is not a number", step.action))
        };
        let deliver = |wanted: &dyn Fn(&Message) -> bool| -> Result<Chosen, String> {
            self.network
                .iter()
                .position(wanted)
                .map(|i| Chosen::Move(Move::Deliver(i)))
                .ok_or_else(|| format!("{} cannot run: no such message in flight", step.call()))
        };
        Ok(match step.action.as_str() {
            "ClientPut" | "ClientGet" => Chosen::Issue {
                client: index("c", 'c')?,
                put: step.action == "ClientPut",
                key: index("k", 'k')?,
                val: if step.action == "ClientPut" {
                    number("v")?
                } else {
                    0
                },
            },
            "PrimaryHandlePut" => {
                let c = index("c", 'c')?;
                deliver(&|m| matches!(m, Message::Put { client, .. } if *client == c))?
            }
            "PrimaryHandleGet" => {
                let c = index("c", 'c')?;
                deliver(&|m| matches!(m, Message::Get { client, .. } if *client == c))?
            }
            "BackupApply" => {
                let (s, n) = (index("s", 's')?, number("n")? as usize);
                deliver(
                    &|m| matches!(m, Message::Forward { to, seq, .. } if *to == s && *seq == n),
                )?
            }
            "PrimaryAck" => {
                let (s, n) = (index("s", 's')?, number("n")? as usize);
                deliver(&|m| matches!(m, Message::Ack { from, seq } if *from == s && *seq == n))?
            }
            "ClientReceive" => {
                let c = index("c", 'c')?;
                deliver(
                    &|m| matches!(m, Message::PutOk { client } | Message::GetOk { client, .. } if *client == c),
                )?
            }
            "PrimaryReply" => {
                let c = index("c", 'c')?;
                let pending = &self.replicas[self.primary].pending;
                let position = pending.iter().position(|p| p.client == c).ok_or_else(|| {
                    "PrimaryReply cannot run: no write of that client is pending".to_string()
                })?;
                Chosen::Move(Move::Reply(position))
            }
            "Retry" => Chosen::Move(Move::Retry(index("c", 'c')?)),
            "Crash" => Chosen::Crash,
            "ViewChange" => Chosen::Move(Move::ViewChange),
            other => return Err(format!("the store has no action {other}")),
        })
    }

    /// Performs a move that needs no random choice.
    fn perform_logged(&mut self, chosen: Move) -> Performed {
        let mut no_choice = crate::rng::SplitMix64::new(0);
        self.perform(chosen, &mut no_choice)
    }
}

fn same_move(a: Move, b: Move) -> bool {
    match (a, b) {
        (Move::Deliver(x), Move::Deliver(y))
        | (Move::Reply(x), Move::Reply(y))
        | (Move::Issue(x), Move::Issue(y))
        | (Move::Retry(x), Move::Retry(y)) => x == y,
        (Move::ViewChange, Move::ViewChange) => true,
        _ => false,
    }
}
