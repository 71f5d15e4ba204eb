//! The fields of an event-log line beyond whole states: `updates` and `reads` (partial and
//! delta observations, see [`crate::delta`]), and `process` and `clock` (multi-process
//! logs, see [`crate::concurrent`]).

use serde_json::Value as Json;
use tlafid_base::Diagnostic;
use tlafid_value::Value;

use super::{At, Origin, Reader};
use crate::codes;
use crate::delta::{Delta, DeltaOp, Read};
use crate::json::to_value;

impl Reader<'_, '_> {
    /// The observable `name` names, or E104.
    fn observable_named(&self, name: &str, field: &str, at: &At) -> Result<usize, Diagnostic> {
        self.vocabulary.observable_index(name).ok_or_else(|| {
            at.error(
                codes::UNKNOWN_OBSERVABLE,
                format!(
                    "{field}.{name}: the model has no variable or zero-argument operator {name} (valid: {})",
                    self.vocabulary.observable_list()
                ),
            )
        })
    }

    fn value(&self, json: &Json, field: &str, at: &At) -> Result<Value, Diagnostic> {
        to_value(json, field, &self.models).map_err(|m| at.error(codes::BAD_VALUE, m))
    }

    fn path(&self, json: Option<&Json>, field: &str, at: &At) -> Result<Vec<Value>, Diagnostic> {
        match json {
            None => Ok(Vec::new()),
            Some(Json::Array(keys)) => keys
                .iter()
                .enumerate()
                .map(|(i, key)| self.value(key, &format!("{field}.path[{}]", i + 1), at))
                .collect(),
            Some(_) => Err(at.error(codes::BAD_SHAPE, format!("{field}.path must be an array"))),
        }
    }

    /// `{"var": [ {"op": OP, "path": [...], "args": [...]}, ... ], ...}`.
    pub(super) fn deltas(&self, raw: &str, at: &At) -> Result<Vec<Delta>, Diagnostic> {
        let mut deltas = Vec::new();
        for (name, items) in keyed_lists(raw, "updates", at)? {
            let observable = self.observable_named(&name, "updates", at)?;
            for (i, item) in items.iter().enumerate() {
                let field = format!("updates.{name}[{}]", i + 1);
                let Json::Object(fields) = item else {
                    return Err(at.error(codes::BAD_SHAPE, format!("{field} must be an object")));
                };
                if let Some(unknown) = fields
                    .keys()
                    .find(|k| !["op", "path", "args"].contains(&k.as_str()))
                {
                    return Err(at.error(
                        codes::BAD_SHAPE,
                        format!("{field}: unknown field {unknown} (valid: op, path, args)"),
                    ));
                }
                let op = match fields.get("op") {
                    Some(Json::String(op)) if DeltaOp::TRACE_SPEC_ONLY.contains(&op.as_str()) => {
                        return Err(at.error(
                            codes::BAD_SHAPE,
                            format!("{field}.op: {op} uses the trace spec's own Default or Nil, which a model does not define; it is not supported"),
                        ))
                    }
                    Some(Json::String(op)) => DeltaOp::named(op).ok_or_else(|| {
                        let valid: Vec<&str> = DeltaOp::ALL.iter().map(|(n, _)| *n).collect();
                        at.error(
                            codes::BAD_SHAPE,
                            format!(
                                "{field}.op: unknown operation {op} (valid: {})",
                                valid.join(", ")
                            ),
                        )
                    })?,
                    _ => {
                        return Err(
                            at.error(codes::BAD_SHAPE, format!("{field}.op must be a string"))
                        )
                    }
                };
                let args = match fields.get("args") {
                    None => Vec::new(),
                    Some(Json::Array(args)) => args
                        .iter()
                        .enumerate()
                        .map(|(j, a)| self.value(a, &format!("{field}.args[{}]", j + 1), at))
                        .collect::<Result<_, _>>()?,
                    Some(_) => {
                        return Err(
                            at.error(codes::BAD_SHAPE, format!("{field}.args must be an array"))
                        )
                    }
                };
                if args.len() != op.arity() && !op.ignores_args() {
                    return Err(at.error(
                        codes::BAD_SHAPE,
                        format!(
                            "{field}: {} takes {} argument(s), not {}",
                            DeltaOp::ALL
                                .iter()
                                .find(|(_, o)| *o == op)
                                .map_or("", |(n, _)| n),
                            op.arity(),
                            args.len()
                        ),
                    ));
                }
                let path = self.path(fields.get("path"), &field, at)?;
                deltas.push(Delta {
                    observable,
                    path,
                    op,
                    args,
                });
            }
        }
        Ok(deltas)
    }

    /// `{"var": [ {"path": [...], "value": V}, ... ], ...}`.
    pub(super) fn reads(&self, raw: &str, at: &At) -> Result<Vec<Read>, Diagnostic> {
        let mut reads = Vec::new();
        for (name, items) in keyed_lists(raw, "reads", at)? {
            let observable = self.observable_named(&name, "reads", at)?;
            for (i, item) in items.iter().enumerate() {
                let field = format!("reads.{name}[{}]", i + 1);
                let Json::Object(fields) = item else {
                    return Err(at.error(codes::BAD_SHAPE, format!("{field} must be an object")));
                };
                if let Some(unknown) = fields
                    .keys()
                    .find(|k| !["path", "value"].contains(&k.as_str()))
                {
                    return Err(at.error(
                        codes::BAD_SHAPE,
                        format!("{field}: unknown field {unknown} (valid: path, value)"),
                    ));
                }
                let Some(value) = fields.get("value") else {
                    return Err(at.error(codes::BAD_SHAPE, format!("{field} has no value")));
                };
                let value = self.value(value, &format!("{field}.value"), at)?;
                let path = self.path(fields.get("path"), &field, at)?;
                reads.push(Read {
                    observable,
                    path,
                    value,
                });
            }
        }
        Ok(reads)
    }

    /// `"process": P, "clock": {P: n, Q: m, ...}` (both or neither), or `"process": P,
    /// "seq": n` (the event's number in its process; the order between processes comes
    /// from its messages, see [`Reader::messages`]).
    pub(super) fn origin(
        &self,
        process: Option<Json>,
        clock: Option<Json>,
        seq: Option<Json>,
        at: &At,
    ) -> Result<Option<Origin>, Diagnostic> {
        let (process, clock) =
            match (process, clock, seq) {
                (None, None, None) => return Ok(None),
                (Some(Json::String(p)), None, Some(seq)) => match seq.as_u64() {
                    Some(n) if n > 0 => {
                        let mut clock = serde_json::Map::new();
                        clock.insert(p.clone(), Json::from(n));
                        (p, clock)
                    }
                    _ => return Err(at.error(
                        codes::BAD_VALUE,
                        "seq must be a positive whole number (the event's number in its process)"
                            .into(),
                    )),
                },
                (_, Some(_), Some(_)) => {
                    return Err(at.error(
                        codes::BAD_SHAPE,
                        "an event carries a clock or a seq, not both".into(),
                    ))
                }
                (process, clock, None) => match (process, clock) {
                    (Some(Json::String(p)), Some(Json::Object(c))) => (p, c),
                    (Some(_), Some(_)) => {
                        return Err(at.error(
                            codes::BAD_SHAPE,
                            "process must be a string and clock an object of counts".into(),
                        ))
                    }
                    _ => {
                        return Err(at.error(
                            codes::BAD_SHAPE,
                            "a multi-process event needs process and clock (or seq)".into(),
                        ))
                    }
                },
                (_, None, Some(_)) => {
                    return Err(at.error(
                        codes::BAD_SHAPE,
                        "a multi-process event needs process with its seq".into(),
                    ))
                }
            };
        let mut entries = Vec::new();
        for (name, count) in &clock {
            match count.as_u64() {
                Some(n) => entries.push((name.clone(), n)),
                None => {
                    return Err(at.error(
                        codes::BAD_VALUE,
                        format!("clock.{name} must be a natural number"),
                    ))
                }
            }
        }
        if !entries.iter().any(|(p, n)| *p == process && *n > 0) {
            return Err(at.error(
                codes::BAD_VALUE,
                format!("clock.{process}: the clock must count the event in its own process"),
            ));
        }
        entries.sort();
        Ok(Some(Origin {
            process,
            clock: entries,
            sends: Vec::new(),
            receives: Vec::new(),
        }))
    }

    /// `"send": ID` or `[ID, ...]` and `"receive"` alike: the messages an event of a
    /// multi-process log sends and receives (ids are strings or numbers).
    pub(super) fn messages(
        &self,
        origin: Option<Origin>,
        send: Option<Json>,
        receive: Option<Json>,
        at: &At,
    ) -> Result<Option<Origin>, Diagnostic> {
        if send.is_none() && receive.is_none() {
            return Ok(origin);
        }
        let Some(mut origin) = origin else {
            return Err(at.error(
                codes::BAD_SHAPE,
                "send and receive belong to an event of a multi-process log (with process and seq or clock)".into(),
            ));
        };
        origin.sends = message_ids(send, "send", at)?;
        origin.receives = message_ids(receive, "receive", at)?;
        Ok(Some(origin))
    }
}

/// Message ids: none, one (a string or a number) or a list of them.
fn message_ids(json: Option<Json>, field: &str, at: &At) -> Result<Vec<String>, Diagnostic> {
    let id = |json: &Json| match json {
        Json::String(s) => Ok(s.clone()),
        Json::Number(n) => Ok(n.to_string()),
        _ => Err(at.error(
            codes::BAD_VALUE,
            format!("{field}: a message id is a string or a number"),
        )),
    };
    match json {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items.iter().map(id).collect(),
        Some(one) => Ok(vec![id(&one)?]),
    }
}

/// An object whose fields are lists: `(name, items)` in the order written.
fn keyed_lists(raw: &str, field: &str, at: &At) -> Result<Vec<(String, Vec<Json>)>, Diagnostic> {
    let json: Json = serde_json::from_str(raw).expect("the line is well-formed JSON");
    let Json::Object(fields) = json else {
        return Err(at.error(codes::BAD_SHAPE, format!("{field} must be an object")));
    };
    fields
        .into_iter()
        .map(|(name, items)| match items {
            Json::Array(items) => Ok((name, items)),
            _ => Err(at.error(codes::BAD_SHAPE, format!("{field}.{name} must be an array"))),
        })
        .collect()
}
