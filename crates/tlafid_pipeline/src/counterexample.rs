//! A counterexample as a file another tool can replay.
//!
//! A file named `*.ndjson` gets an event log, the format `tlafid trace` reads and a test
//! harness can drive an implementation with: an `{"init": ...}` line, then one
//! `{"action": ..., "args": ..., "state": ...}` line per step, where the state holds the
//! observables (with requirements, the requirements module's variables, evaluated on the
//! model; otherwise the model's variables). Any other name gets an ITF trace of the model's
//! states. A lasso's loop has no place in an event log: it lists the states up to the last,
//! and the ITF trace's `loop` says where the cycle returns.

use std::path::Path;

use serde_json::{json, Map, Value as Json};
use tlafid_eval::{State, Value};
use tlafid_model::requirements::OBSERVED;
use tlafid_model::{itf, Model, TraceAction};
use tlafid_sema::ir::RootName;

/// A counterexample in both the forms it can be written in.
#[derive(Clone, Debug)]
pub struct TraceDump {
    /// ITF, with the model's variables.
    pub itf: Json,
    /// An event log of the observables, one JSON line per state.
    pub event_log: String,
}

impl TraceDump {
    /// The dump of `steps` (each state with the action that reached it), violating as
    /// `message` says, looping back to `cycle` if it is a lasso. `None` for no steps.
    pub(crate) fn new(
        model: &Model<'_>,
        steps: &[(Option<&TraceAction>, &State)],
        message: &str,
        cycle: Option<usize>,
    ) -> Option<TraceDump> {
        if steps.is_empty() {
            return None;
        }
        let states: Vec<&[Value]> = steps.iter().map(|(_, s)| s.values()).collect();
        Some(TraceDump {
            itf: itf::trace(model.program, &states, message, cycle),
            event_log: event_log(model, steps),
        })
    }

    /// The text of a file named `path`: an event log for `*.ndjson`, else ITF (at most
    /// [`crate::output::MAX_OUTPUT_BYTES`]); and what was cut to fit, if anything.
    pub fn text_for(&self, path: &Path) -> (String, Option<String>) {
        if path.extension().is_some_and(|e| e == "ndjson") {
            (self.event_log.clone(), None)
        } else {
            let (text, cut) =
                crate::output::capped(&self.itf, "states", crate::output::MAX_OUTPUT_BYTES);
            (text + "\n", cut)
        }
    }
}

fn event_log(model: &Model<'_>, steps: &[(Option<&TraceAction>, &State)]) -> String {
    let observed = match model.program.root_name(OBSERVED) {
        Some(RootName::Op(op)) => Some(op),
        _ => None,
    };
    let mut text = String::new();
    for (i, (action, state)) in steps.iter().enumerate() {
        let next = steps.get(i + 1).map_or(*state, |(_, next)| *next);
        let lines = match observed.map(|op| model.record_fields(op, state, next)) {
            Some(Ok(Some(fields))) => fields,
            Some(Err(message)) => vec![("_observationError".to_string(), Value::str(&message))],
            _ => variables(model, state),
        };
        let fields: Map<String, Json> = lines
            .iter()
            .map(|(n, v)| (n.clone(), itf::value(v)))
            .collect();
        let line = match (i, action) {
            (0, _) => json!({ "init": fields }),
            (_, Some(a)) => json!({
                "action": a.name,
                "args": a.params.iter().map(|(n, v)| (n.clone(), itf::value(v))).collect::<Map<_, _>>(),
                "state": fields,
            }),
            (_, None) => json!({ "state": fields }),
        };
        text.push_str(&line.to_string());
        text.push('\n');
    }
    text
}

fn variables(model: &Model<'_>, state: &State) -> Vec<(String, Value)> {
    model
        .program
        .vars
        .iter()
        .zip(state.values())
        .map(|(decl, v)| (decl.name.to_string(), v.clone()))
        .collect()
}
