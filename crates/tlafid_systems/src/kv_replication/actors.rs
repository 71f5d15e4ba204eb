//! The actors of the replicated key-value store: replicas (one primary, the rest backups),
//! clients, and the messages between them. Each handler is ordinary imperative code.

use std::collections::{BTreeMap, BTreeSet};

/// A fault that can be switched on in the backups, to record a buggy implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KvBug {
    /// A backup applies a forwarded write as soon as it receives it, instead of waiting for
    /// the writes before it: its log (and store) can end up in a different order from the
    /// primary's.
    ApplyOutOfOrder,
}

/// A message in flight. Client requests go to whichever replica is primary when delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// A client asks to write `val` under `key`.
    Put { client: usize, key: usize, val: i64 },
    /// A client asks to read `key`.
    Get { client: usize, key: usize },
    /// The primary forwards write number `seq` to backup `to`.
    Forward {
        to: usize,
        seq: usize,
        key: usize,
        val: i64,
    },
    /// Backup `from` has applied write number `seq`.
    Ack { from: usize, seq: usize },
    /// The write of `client` is replicated.
    PutOk { client: usize },
    /// The value of the key `client` read.
    GetOk { client: usize, val: i64 },
}

/// One applied write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// Its position in the primary's order, from 1.
    pub seq: usize,
    /// The key written.
    pub key: usize,
    /// The value written.
    pub val: i64,
}

/// A write the primary has applied and forwarded, waiting for the backups' acks.
#[derive(Debug, Clone)]
pub struct PendingWrite {
    /// The write.
    pub write: Write,
    /// The client to answer.
    pub client: usize,
    /// Backups that have acknowledged it.
    pub acks: BTreeSet<usize>,
}

/// A server: primary or backup depending on the current view.
#[derive(Debug, Clone)]
pub struct Replica {
    /// False once crashed; a crashed replica never recovers.
    pub alive: bool,
    /// The key-value map, every key present (0 until written).
    pub store: BTreeMap<usize, i64>,
    /// Every write applied, in application order.
    pub log: Vec<Write>,
    /// Writes awaiting acks (used while primary).
    pub pending: Vec<PendingWrite>,
}

impl Replica {
    /// A live replica with every key at 0.
    pub fn new(keys: usize) -> Self {
        Replica {
            alive: true,
            store: (0..keys).map(|k| (k, 0)).collect(),
            log: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// As primary: applies a client's write locally, remembers it as pending, and returns
    /// the forwards for the live backups.
    pub fn primary_put(
        &mut self,
        client: usize,
        key: usize,
        val: i64,
        backups: &[usize],
    ) -> Vec<Message> {
        let write = Write {
            seq: self.log.len() + 1,
            key,
            val,
        };
        self.apply(&write);
        let forwards = backups
            .iter()
            .map(|&to| Message::Forward {
                to,
                seq: write.seq,
                key,
                val,
            })
            .collect();
        self.pending.push(PendingWrite {
            write,
            client,
            acks: BTreeSet::new(),
        });
        forwards
    }

    /// As backup: whether it takes forward number `seq` now (in order, unless buggy).
    pub fn accepts_forward(&self, seq: usize, bug: Option<KvBug>) -> bool {
        bug == Some(KvBug::ApplyOutOfOrder) || seq == self.log.len() + 1
    }

    /// Applies one write to the store and the log.
    pub fn apply(&mut self, write: &Write) {
        self.store.insert(write.key, write.val);
        self.log.push(write.clone());
    }

    /// As primary: records an ack.
    pub fn record_ack(&mut self, from: usize, seq: usize) {
        if let Some(entry) = self.pending.iter_mut().find(|p| p.write.seq == seq) {
            entry.acks.insert(from);
        }
    }

    /// As primary: the positions of pending writes every live backup has acknowledged.
    pub fn complete_writes(&self, backups: &[usize]) -> Vec<usize> {
        (0..self.pending.len())
            .filter(|&i| backups.iter().all(|b| self.pending[i].acks.contains(b)))
            .collect()
    }
}

/// What a client asked last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// No request yet.
    None,
    /// A write.
    Put,
    /// A read.
    Get,
}

/// A client's outstanding (or last) request.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// Put, Get, or none yet.
    pub op: Operation,
    /// The key.
    pub key: usize,
    /// The value to write (0 for reads).
    pub val: i64,
    /// The view in which it was last sent.
    pub view: i64,
}

impl Request {
    /// The message that carries this request for `client`.
    pub fn message(&self, client: usize) -> Message {
        match self.op {
            Operation::Get => Message::Get {
                client,
                key: self.key,
            },
            _ => Message::Put {
                client,
                key: self.key,
                val: self.val,
            },
        }
    }
}

/// A client: issues a fixed number of operations, one at a time.
#[derive(Debug, Clone)]
pub struct KvClient {
    /// Waiting for an answer.
    pub waiting: bool,
    /// Operations still to issue.
    pub ops_left: u32,
    /// The outstanding (or last) request.
    pub request: Request,
    /// The value of the last read (0 before any).
    pub last_read: i64,
}

impl KvClient {
    /// An idle client with `ops` operations to do.
    pub fn new(ops: u32) -> Self {
        KvClient {
            waiting: false,
            ops_left: ops,
            request: Request {
                op: Operation::None,
                key: 0,
                val: 0,
                view: 0,
            },
            last_read: 0,
        }
    }

    /// Takes an answer.
    pub fn receive(&mut self, message: &Message) {
        if let Message::GetOk { val, .. } = message {
            self.last_read = *val;
        }
        self.waiting = false;
    }
}
