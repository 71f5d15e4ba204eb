//! A key-value store with primary-backup replication. Clients send Put and Get to the
//! primary; the primary applies a write, forwards it to every live backup, waits for their
//! acks, then answers. Backups apply forwarded writes in the primary's order (a selective
//! receive on the next sequence number). When the primary crashes, a view change makes the
//! lowest live server primary, copies its state to the other live servers, and drops the
//! messages of the old view; waiting clients then resend.
//!
//! The seeded scheduler picks which message is delivered or which process steps. The
//! observables are the variables of `specs/KvReplication/KvReplication.tla`.

mod actors;
mod observe;
mod replay;

pub use actors::KvBug;
use actors::{KvClient, Message, Operation, Replica, Request};
pub use replay::replay;

use crate::rng::SplitMix64;
use crate::trace::{Step, Trace};
use serde_json::Value;

/// How to run the store.
#[derive(Debug, Clone)]
pub struct KvConfig {
    /// Number of clients, `c1`, `c2`, ...
    pub clients: usize,
    /// Number of servers, `s1` (the first primary), `s2`, ...
    pub servers: usize,
    /// Number of keys, `k1`, `k2`, ...
    pub keys: usize,
    /// Values written are drawn from `1..=max_value`.
    pub max_value: i64,
    /// Operations each client issues.
    pub ops_per_client: u32,
    /// The scheduler seed.
    pub seed: u64,
    /// Crash the primary as step number `n` (counting from 0), if it can crash then.
    pub crash_primary_at_step: Option<usize>,
    /// The fault switched on, if any.
    pub bug: Option<KvBug>,
}

/// Something the scheduler may run next.
#[derive(Debug, Clone, Copy)]
enum Move {
    Deliver(usize),
    Reply(usize),
    Issue(usize),
    Retry(usize),
    ViewChange,
}

/// The whole system: servers, clients and the network between them.
struct Cluster {
    config: KvConfig,
    view: i64,
    primary: usize,
    replicas: Vec<Replica>,
    clients: Vec<KvClient>,
    network: Vec<Message>,
}

/// A performed step: the model action's name and its arguments by parameter name.
type Performed = (&'static str, Vec<(String, Value)>);

fn client_arg(client: usize) -> Vec<(String, Value)> {
    vec![("c".to_string(), Value::from(observe::client_name(client)))]
}

fn server_seq_args(server: usize, seq: usize) -> Vec<(String, Value)> {
    vec![
        ("s".to_string(), Value::from(observe::server_name(server))),
        ("n".to_string(), Value::from(seq)),
    ]
}

impl Cluster {
    fn new(config: &KvConfig) -> Self {
        Cluster {
            config: config.clone(),
            view: 1,
            primary: 0,
            replicas: (0..config.servers)
                .map(|_| Replica::new(config.keys))
                .collect(),
            clients: (0..config.clients)
                .map(|_| KvClient::new(config.ops_per_client))
                .collect(),
            network: Vec::new(),
        }
    }

    fn live_backups(&self) -> Vec<usize> {
        (0..self.replicas.len())
            .filter(|&s| s != self.primary && self.replicas[s].alive)
            .collect()
    }

    fn primary_alive(&self) -> bool {
        self.replicas[self.primary].alive
    }

    fn deliverable(&self, message: &Message) -> bool {
        match *message {
            Message::Put { .. } | Message::Get { .. } | Message::Ack { .. } => self.primary_alive(),
            Message::Forward { to, seq, .. } => {
                self.replicas[to].alive && self.replicas[to].accepts_forward(seq, self.config.bug)
            }
            Message::PutOk { .. } | Message::GetOk { .. } => true,
        }
    }

    fn enabled_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = (0..self.network.len())
            .filter(|&i| self.deliverable(&self.network[i]))
            .map(Move::Deliver)
            .collect();
        if self.primary_alive() {
            let complete = self.replicas[self.primary].complete_writes(&self.live_backups());
            moves.extend(complete.into_iter().map(Move::Reply));
        } else {
            moves.push(Move::ViewChange);
        }
        for (index, client) in self.clients.iter().enumerate() {
            if !client.waiting && client.ops_left > 0 {
                moves.push(Move::Issue(index));
            } else if client.waiting && client.request.view < self.view {
                moves.push(Move::Retry(index));
            }
        }
        moves
    }

    fn perform(&mut self, chosen: Move, rng: &mut SplitMix64) -> Performed {
        match chosen {
            Move::Deliver(index) => {
                let message = self.network.remove(index);
                self.deliver(message)
            }
            Move::Reply(position) => {
                let entry = self.replicas[self.primary].pending.remove(position);
                self.network.push(Message::PutOk {
                    client: entry.client,
                });
                ("PrimaryReply", client_arg(entry.client))
            }
            Move::Issue(client) => self.issue(client, rng),
            Move::Retry(client) => {
                let state = &mut self.clients[client];
                state.request.view = self.view;
                self.network.push(state.request.message(client));
                ("Retry", client_arg(client))
            }
            Move::ViewChange => self.view_change(),
        }
    }

    fn deliver(&mut self, message: Message) -> Performed {
        let primary = self.primary;
        match message {
            Message::Put { client, key, val } => {
                let backups = self.live_backups();
                let forwards = self.replicas[primary].primary_put(client, key, val, &backups);
                self.network.extend(forwards);
                ("PrimaryHandlePut", client_arg(client))
            }
            Message::Get { client, key } => {
                let val = self.replicas[primary].store[&key];
                self.network.push(Message::GetOk { client, val });
                ("PrimaryHandleGet", client_arg(client))
            }
            Message::Forward { to, seq, key, val } => {
                self.replicas[to].apply(&actors::Write { seq, key, val });
                self.network.push(Message::Ack { from: to, seq });
                ("BackupApply", server_seq_args(to, seq))
            }
            Message::Ack { from, seq } => {
                self.replicas[primary].record_ack(from, seq);
                ("PrimaryAck", server_seq_args(from, seq))
            }
            Message::PutOk { client } | Message::GetOk { client, .. } => {
                self.clients[client].receive(&message);
                ("ClientReceive", client_arg(client))
            }
        }
    }

    fn issue(&mut self, client: usize, rng: &mut SplitMix64) -> Performed {
        let is_put = rng.chance(2, 3);
        let key = rng.below(self.config.keys);
        let val = if is_put {
            1 + rng.below(self.config.max_value as usize) as i64
        } else {
            0
        };
        self.issue_request(client, is_put, key, val)
    }

    /// Client `client` sends a put of `val` (or a get) on `key`.
    fn issue_request(&mut self, client: usize, is_put: bool, key: usize, val: i64) -> Performed {
        let op = if is_put {
            Operation::Put
        } else {
            Operation::Get
        };
        let state = &mut self.clients[client];
        state.ops_left -= 1;
        state.waiting = true;
        state.request = Request {
            op,
            key,
            val,
            view: self.view,
        };
        self.network.push(state.request.message(client));
        let mut args = client_arg(client);
        args.push(("k".to_string(), Value::from(observe::key_name(key))));
        if is_put {
            args.push(("v".to_string(), Value::from(val)));
            ("ClientPut", args)
        } else {
            ("ClientGet", args)
        }
    }

    /// No two equal messages are ever in flight, so the model's `net` can be a set.
    fn network_is_a_set(&self) -> bool {
        let net = &self.network;
        (0..net.len()).all(|i| (i + 1..net.len()).all(|j| net[i] != net[j]))
    }

    fn can_crash_primary(&self) -> bool {
        self.primary_alive() && self.replicas.iter().filter(|r| r.alive).count() > 1
    }

    fn crash_primary(&mut self) -> Performed {
        self.replicas[self.primary].alive = false;
        (
            "Crash",
            vec![(
                "s".to_string(),
                Value::from(observe::server_name(self.primary)),
            )],
        )
    }

    /// The view service: the lowest live server becomes primary and pushes its state to the
    /// other live servers; messages of the old view are dropped.
    fn view_change(&mut self) -> Performed {
        let new_primary = self
            .replicas
            .iter()
            .position(|r| r.alive)
            .expect("a live server");
        let (store, log) = (
            self.replicas[new_primary].store.clone(),
            self.replicas[new_primary].log.clone(),
        );
        for replica in self.replicas.iter_mut().filter(|r| r.alive) {
            replica.store = store.clone();
            replica.log = log.clone();
            replica.pending.clear();
        }
        self.view += 1;
        self.primary = new_primary;
        self.network.clear();
        (
            "ViewChange",
            vec![(
                "s".to_string(),
                Value::from(observe::server_name(new_primary)),
            )],
        )
    }
}

/// Runs the store until every client is done and nothing is left to do (or `max_steps`),
/// and returns the recorded trace. The event log leaves out `net`, which a real deployment
/// cannot observe.
pub fn run(config: &KvConfig, scenario: &str, max_steps: usize) -> Trace {
    let mut cluster = Cluster::new(config);
    let mut rng = SplitMix64::new(config.seed);
    let initial_state = cluster.observables();
    let mut steps = Vec::new();
    let mut pre_state = initial_state.clone();
    while steps.len() < max_steps {
        let (action, args) =
            if config.crash_primary_at_step == Some(steps.len()) && cluster.can_crash_primary() {
                cluster.crash_primary()
            } else {
                let moves = cluster.enabled_moves();
                if moves.is_empty() {
                    break;
                }
                let chosen = moves[rng.below(moves.len())];
                cluster.perform(chosen, &mut rng)
            };
        debug_assert!(cluster.network_is_a_set(), "two equal messages in flight");
        let post_state = cluster.observables();
        steps.push(Step {
            action: action.to_string(),
            args,
            pre_state: std::mem::replace(&mut pre_state, post_state.clone()),
            post_state,
        });
    }
    Trace {
        system: "kv_replication".to_string(),
        scenario: scenario.to_string(),
        seed: config.seed,
        initial_state,
        steps,
        unobserved_in_event_log: vec!["net".to_string()],
    }
}
