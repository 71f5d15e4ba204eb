//! A lock service: one server keeps a lock table (the holder and a FIFO wait queue) and
//! answers client requests with grant messages; each client acquires, works in its critical
//! section, releases, and does so for a number of rounds.
//!
//! Processes are actors with mailboxes. The server's mailbox is FIFO; each client's mailbox
//! receives grants. The seeded scheduler picks which process takes the next step. The
//! observables are the variables of `specs/LockService/LockService.tla`: `pc`, `inbox`,
//! `grants`, `holders`, `queue`.

use crate::json::{record, seq, set, text};
use crate::replay::{self, LoggedStep, Replay, Replayable};
use crate::rng::SplitMix64;
use crate::trace::{Observables, Step, Trace};
use serde_json::Value;
use std::collections::VecDeque;

/// A fault that can be switched on in the server, to record a buggy implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockBug {
    /// On a release with waiters, the server grants the lock to the first waiter but forgets
    /// to record it as the holder, so the next acquire is granted at once: two clients end
    /// up in their critical sections together.
    ForgetHolderOnHandOff,
}

/// How to run the lock service.
#[derive(Debug, Clone)]
pub struct LockConfig {
    /// Number of clients, named `c1`, `c2`, ...
    pub clients: usize,
    /// Critical sections each client performs.
    pub rounds: u32,
    /// The scheduler seed.
    pub seed: u64,
    /// The fault switched on, if any.
    pub bug: Option<LockBug>,
}

/// A request in the server's mailbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Request {
    Acquire(usize),
    Release(usize),
}

/// Where a client is in its loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Idle,
    Waiting,
    Critical,
}

struct Server {
    mailbox: VecDeque<Request>,
    holder: Option<usize>,
    wait_queue: VecDeque<usize>,
    bug: Option<LockBug>,
}

struct Client {
    phase: Phase,
    /// Grants received and not yet taken (at most one in a correct run).
    grants: VecDeque<()>,
    rounds_left: u32,
    /// Work done inside critical sections (not observable; the real program's payload).
    work_done: u64,
}

/// What the scheduler may run next.
#[derive(Debug, Clone, Copy)]
enum Move {
    Server,
    Client(usize),
}

struct LockService {
    server: Server,
    clients: Vec<Client>,
}

/// The name of client `index` (`c1`, `c2`, ...).
fn client_name(index: usize) -> String {
    format!("c{}", index + 1)
}

impl Server {
    /// Processes the oldest request; returns the action name and the client it concerns.
    /// Grant messages are returned as the client to grant to.
    fn step(&mut self) -> (&'static str, usize, Option<usize>) {
        let request = self
            .mailbox
            .pop_front()
            .expect("server scheduled with an empty mailbox");
        match request {
            Request::Acquire(client) if self.holder.is_none() => {
                self.holder = Some(client);
                ("ServerGrant", client, Some(client))
            }
            Request::Acquire(client) => {
                self.wait_queue.push_back(client);
                ("ServerEnqueue", client, None)
            }
            Request::Release(client) => {
                let next = self.wait_queue.pop_front();
                self.holder = match (next, self.bug) {
                    (Some(_), Some(LockBug::ForgetHolderOnHandOff)) => None,
                    _ => next,
                };
                ("ServerRelease", client, next)
            }
        }
    }
}

impl Client {
    fn can_step(&self) -> bool {
        match self.phase {
            Phase::Idle => self.rounds_left > 0,
            Phase::Waiting => !self.grants.is_empty(),
            Phase::Critical => true,
        }
    }
}

impl LockService {
    fn new(config: &LockConfig) -> Self {
        let server = Server {
            mailbox: VecDeque::new(),
            holder: None,
            wait_queue: VecDeque::new(),
            bug: config.bug,
        };
        let clients = (0..config.clients)
            .map(|_| Client {
                phase: Phase::Idle,
                grants: VecDeque::new(),
                rounds_left: config.rounds,
                work_done: 0,
            })
            .collect();
        LockService { server, clients }
    }

    fn enabled_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.server.mailbox.is_empty() {
            moves.push(Move::Server);
        }
        for (index, client) in self.clients.iter().enumerate() {
            if client.can_step() {
                moves.push(Move::Client(index));
            }
        }
        moves
    }

    /// Runs one move; returns the action name and the client argument.
    fn perform(&mut self, chosen: Move) -> (&'static str, usize) {
        match chosen {
            Move::Server => {
                let (action, client, grant_to) = self.server.step();
                if let Some(grantee) = grant_to {
                    self.clients[grantee].grants.push_back(());
                }
                (action, client)
            }
            Move::Client(index) => (self.client_step(index), index),
        }
    }

    fn client_step(&mut self, index: usize) -> &'static str {
        let client = &mut self.clients[index];
        match client.phase {
            Phase::Idle => {
                client.phase = Phase::Waiting;
                client.rounds_left -= 1;
                self.server.mailbox.push_back(Request::Acquire(index));
                "SendAcquire"
            }
            Phase::Waiting => {
                client.grants.pop_front();
                client.phase = Phase::Critical;
                "ReceiveGrant"
            }
            Phase::Critical => {
                client.work_done += 1;
                client.phase = Phase::Idle;
                self.server.mailbox.push_back(Request::Release(index));
                "SendRelease"
            }
        }
    }

    fn observables(&self) -> Observables {
        let pc = record(self.clients.iter().enumerate().map(|(i, c)| {
            let phase = match c.phase {
                Phase::Idle => "idle",
                Phase::Waiting => "waiting",
                Phase::Critical => "critical",
            };
            (client_name(i), text(phase))
        }));
        let inbox = seq(self.server.mailbox.iter().map(|request| {
            let (kind, client) = match *request {
                Request::Acquire(c) => ("acquire", c),
                Request::Release(c) => ("release", c),
            };
            record([("kind", text(kind)), ("client", text(&client_name(client)))])
        }));
        let grants = set(self
            .clients
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.grants.is_empty())
            .map(|(i, _)| text(&client_name(i))));
        let holders = set(self.server.holder.map(|h| text(&client_name(h))));
        let queue = seq(self
            .server
            .wait_queue
            .iter()
            .map(|&c| text(&client_name(c))));
        [
            ("pc", pc),
            ("inbox", inbox),
            ("grants", grants),
            ("holders", holders),
            ("queue", queue),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

/// Runs the lock service until every client has finished its rounds (or `max_steps`), and
/// returns the recorded trace.
pub fn run(config: &LockConfig, scenario: &str, max_steps: usize) -> Trace {
    let mut service = LockService::new(config);
    let mut rng = SplitMix64::new(config.seed);
    let initial_state = service.observables();
    let mut steps = Vec::new();
    let mut pre_state = initial_state.clone();
    while steps.len() < max_steps {
        let moves = service.enabled_moves();
        if moves.is_empty() {
            break;
        }
        let chosen = moves[rng.below(moves.len())];
        let (action, client) = service.perform(chosen);
        let post_state = service.observables();
        steps.push(Step {
            action: action.to_string(),
            args: vec![("c".to_string(), Value::from(client_name(client)))],
            pre_state: std::mem::replace(&mut pre_state, post_state.clone()),
            post_state,
        });
    }
    Trace {
        system: "lock_service".to_string(),
        scenario: scenario.to_string(),
        seed: config.seed,
        initial_state,
        steps,
        unobserved_in_event_log: Vec::new(),
    }
}

/// Replays `event_log` (an event log in the model's vocabulary, such as a counterexample
/// `tlafid check --dump-trace cex.ndjson` wrote) against the lock service: each line's
/// action and client choose the scheduler's move; the implementation must take that action
/// and show the logged observables. The number of rounds is the scheduler's workload, not a
/// rule of the protocol, so clients replay as many rounds as the log has.
pub fn replay(config: &LockConfig, event_log: &str) -> Replay {
    let unbounded = LockConfig {
        rounds: u32::MAX,
        ..config.clone()
    };
    replay::replay(&mut LockService::new(&unbounded), event_log)
}

impl Replayable for LockService {
    fn take(&mut self, step: &LoggedStep) -> Result<(String, Vec<(String, Value)>), String> {
        let client = match step.args.get("c") {
            Some(Value::String(name)) => (0..self.clients.len())
                .find(|&i| client_name(i) == *name)
                .ok_or_else(|| format!("the implementation has no client {name}"))?,
            _ => return Err("the lock service's actions take a client argument c".into()),
        };
        let chosen = match step.action.as_str() {
            "ServerGrant" | "ServerEnqueue" | "ServerRelease" => Move::Server,
            "SendAcquire" | "ReceiveGrant" | "SendRelease" => Move::Client(client),
            other => return Err(format!("the lock service has no action {other}")),
        };
        if !self.enabled_moves().iter().any(|m| same_move(*m, chosen)) {
            return Err(format!(
                "{}({}) cannot run: that process has nothing to do",
                step.action,
                client_name(client)
            ));
        }
        let (action, taken) = self.perform(chosen);
        Ok((
            action.to_string(),
            vec![("c".to_string(), Value::from(client_name(taken)))],
        ))
    }

    fn observables(&self) -> Observables {
        LockService::observables(self)
    }
}

fn same_move(a: Move, b: Move) -> bool {
    match (a, b) {
        (Move::Server, Move::Server) => true,
        (Move::Client(x), Move::Client(y)) => x == y,
        _ => false,
    }
}
