//! The observable state of the replicated store, as the model's variables: `view`,
//! `primary`, `live`, `store`, `wlog`, `pending`, `net`, `cpc`, `creq`, `lastRead`.

use super::actors::{Message, Operation, Write};
use super::Cluster;
use crate::json::{int, record, seq, set, text};
use crate::trace::Observables;
use serde_json::Value;

/// The name of client `index` (`c1`, ...).
pub fn client_name(index: usize) -> String {
    format!("c{}", index + 1)
}

/// The name of server `index` (`s1`, ...).
pub fn server_name(index: usize) -> String {
    format!("s{}", index + 1)
}

/// The name of key `index` (`k1`, ...).
pub fn key_name(index: usize) -> String {
    format!("k{}", index + 1)
}

fn write_value(write: &Write) -> Value {
    record([
        ("seq", Value::from(write.seq)),
        ("key", text(&key_name(write.key))),
        ("val", int(write.val)),
    ])
}

fn message_value(message: &Message) -> Value {
    let kind = |k: &str| ("type", text(k));
    match *message {
        Message::Put { client, key, val } => record([
            kind("put"),
            ("client", text(&client_name(client))),
            ("key", text(&key_name(key))),
            ("val", int(val)),
        ]),
        Message::Get { client, key } => record([
            kind("get"),
            ("client", text(&client_name(client))),
            ("key", text(&key_name(key))),
        ]),
        Message::Forward { to, seq, key, val } => record([
            kind("fwd"),
            ("to", text(&server_name(to))),
            ("seq", Value::from(seq)),
            ("key", text(&key_name(key))),
            ("val", int(val)),
        ]),
        Message::Ack { from, seq } => record([
            kind("ack"),
            ("from", text(&server_name(from))),
            ("seq", Value::from(seq)),
        ]),
        Message::PutOk { client } => {
            record([kind("putok"), ("client", text(&client_name(client)))])
        }
        Message::GetOk { client, val } => record([
            kind("getok"),
            ("client", text(&client_name(client))),
            ("val", int(val)),
        ]),
    }
}

impl Cluster {
    /// Every observable variable, by name.
    pub(super) fn observables(&self) -> Observables {
        let servers = || self.replicas.iter().enumerate();
        let clients = || self.clients.iter().enumerate();
        let store = record(servers().map(|(s, r)| {
            (
                server_name(s),
                record(r.store.iter().map(|(&k, &v)| (key_name(k), int(v)))),
            )
        }));
        let wlog =
            record(servers().map(|(s, r)| (server_name(s), seq(r.log.iter().map(write_value)))));
        let pending = seq(self.replicas[self.primary].pending.iter().map(|p| {
            record([
                ("seq", Value::from(p.write.seq)),
                ("client", text(&client_name(p.client))),
                ("key", text(&key_name(p.write.key))),
                ("val", int(p.write.val)),
                ("acks", set(p.acks.iter().map(|&s| text(&server_name(s))))),
            ])
        }));
        let cpc = record(clients().map(|(c, k)| {
            (
                client_name(c),
                text(if k.waiting { "waiting" } else { "idle" }),
            )
        }));
        let creq = record(clients().map(|(c, k)| {
            let op = match k.request.op {
                Operation::None => "none",
                Operation::Put => "put",
                Operation::Get => "get",
            };
            // Before the first request there is no key: the model writes "none".
            let key = match k.request.op {
                Operation::None => "none".to_string(),
                _ => key_name(k.request.key),
            };
            let request = record([
                ("op", text(op)),
                ("key", text(&key)),
                ("val", int(k.request.val)),
                ("view", int(k.request.view)),
            ]);
            (client_name(c), request)
        }));
        let last_read = record(clients().map(|(c, k)| (client_name(c), int(k.last_read))));
        let variables = [
            ("view", int(self.view)),
            ("primary", text(&server_name(self.primary))),
            (
                "live",
                set(servers()
                    .filter(|(_, r)| r.alive)
                    .map(|(s, _)| text(&server_name(s)))),
            ),
            ("store", store),
            ("wlog", wlog),
            ("pending", pending),
            ("net", set(self.network.iter().map(message_value))),
            ("cpc", cpc),
            ("creq", creq),
            ("lastRead", last_read),
        ];
        variables
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    }
}
