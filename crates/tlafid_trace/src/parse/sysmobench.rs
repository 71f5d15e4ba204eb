//! SysMoBench's own NDJSON trace lines (its converters' output, read by its `TraceSpec.tla`):
//! a first line of constants, then one line per event,
//! `{"event": A, VAR: [{"op": OP, "path": [...], "args": [...]}, ...], ...}`.
//! The event names the action; each field whose value is a list of operations updates that
//! variable (the operations of [`crate::delta::DeltaOp`]); other fields (`step`, `thread`)
//! are the implementation's and are skipped. A `"Stuttering"` event changes nothing
//! (`TraceSpec`'s `IsStuttering`) and is no step.

use serde_json::Value as Json;
use tlafid_base::Diagnostic;

use super::{get, At, Field, ParsedTrace, Reader, Step};
use crate::codes;

/// The keys of this project's event-log lines: a line with none of them (and no `event`)
/// opening a SysMoBench trace is its constants line.
const EVENT_LOG_KEYS: [&str; 9] = [
    "action", "args", "state", "updates", "reads", "process", "clock", "init", "event",
];

/// The event `TraceSpec.tla` treats as a step that changes nothing.
const STUTTERING: &str = "Stuttering";

/// Is this line SysMoBench's (it names its event with `event`, not `action`)?
pub(super) fn is_event_line(map: &[Field<'_>]) -> bool {
    get(map, "event").is_some() && get(map, "action").is_none()
}

/// Is this first line SysMoBench's constants line (followed by an event line)?
pub(super) fn is_constants_line(map: &[Field<'_>], next: Option<&[Field<'_>]>) -> bool {
    !map.iter()
        .any(|(_, k, _)| EVENT_LOG_KEYS.contains(&k.as_ref()))
        && next.is_some_and(is_event_line)
}

/// Is `json` a list of update operations (`[{"op": ...}, ...]`)?
fn is_update_list(json: &Json) -> bool {
    matches!(json, Json::Array(items) if items.iter().all(|i| matches!(i, Json::Object(f) if f.contains_key("op"))))
}

impl Reader<'_, '_> {
    /// Reads one event line as a step (none for a stuttering event).
    pub(super) fn sysmobench_event(
        &mut self,
        map: &[Field<'_>],
        at: &At,
        line: u32,
        trace: &mut ParsedTrace,
    ) -> Result<(), Diagnostic> {
        let event = match super::small(get(map, "event"), at)? {
            Some(Json::String(event)) => event,
            _ => return Err(at.error(codes::BAD_SHAPE, "event must be a string".into())),
        };
        let mut updates = serde_json::Map::new();
        for (_, key, raw) in map {
            if key == "event" {
                continue;
            }
            let json: Json = serde_json::from_str(raw).map_err(|e| super::malformed(at, e))?;
            if !is_update_list(&json) {
                continue;
            }
            if self.ignore_unknown && self.vocabulary.observable_index(key).is_none() {
                continue;
            }
            updates.insert(key.to_string(), json);
        }
        let deltas = self.deltas(&Json::Object(updates).to_string(), at)?;
        if event == STUTTERING {
            return Ok(());
        }
        let action = self.action(Some(&Json::String(event)), None, "args", at)?;
        trace.steps.push(Step {
            line: Some(line),
            number: trace.steps.len() + 1,
            action,
            pre: None,
            post: Vec::new(),
            reads: Vec::new(),
            deltas,
            origin: None,
            actor: None,
        });
        Ok(())
    }
}
