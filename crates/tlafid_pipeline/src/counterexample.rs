//! A counterexample as a file another tool can replay.
//!
//! A file named `*.ndjson` gets an event log, the format `tlafid trace` reads and a test
//! harness can drive an implementation with: an `{"init": ...}` line, then one
//! `{"action": ..., "args": ..., "state": ...}` line per step, where the state holds the
//! observables (with requirements, the requirements module's variables, evaluated on the
//! model; otherwise the model's variables). Any other name gets an ITF trace of the model's
//! states, with Quint's `mbt::actionTaken` and `mbt::nondetPicks` on each state an action
//! reached. A lasso's loop has no place in an event log: it lists the states up to the last,
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
    /// A GraphViz digraph: one node per state (its variables), one edge per step (its
    /// action), and the edge a lasso returns by.
    pub dot: String,
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
        let mut itf = itf::trace(model.program, &states, message, cycle);
        mbt_fields(&mut itf, steps);
        Some(TraceDump {
            itf,
            event_log: event_log(model, steps),
            dot: dot(model, steps, cycle),
        })
    }

    /// The text of a file named `path`: an event log for `*.ndjson`, GraphViz for `*.dot`,
    /// else ITF (at most [`crate::output::MAX_OUTPUT_BYTES`]); and what was cut to fit, if
    /// anything.
    pub fn text_for(&self, path: &Path) -> (String, Option<String>) {
        match path.extension().and_then(|e| e.to_str()) {
            Some("ndjson") => (self.event_log.clone(), None),
            Some("dot") => (self.dot.clone(), None),
            _ => {
                let (text, cut) =
                    crate::output::capped(&self.itf, "states", crate::output::MAX_OUTPUT_BYTES);
                (text + "\n", cut)
            }
        }
    }
}

/// Quint's model-based-testing fields on each state an action reached: `mbt::actionTaken`
/// (its name) and `mbt::nondetPicks` (its `\E` variables and parameters, each as Quint's
/// `{"tag": "Some", "value": v}`), so that Quint's tooling and `tlafid trace` see the steps.
fn mbt_fields(itf: &mut Json, steps: &[(Option<&TraceAction>, &State)]) {
    let Some(Json::Array(states)) = itf.get_mut("states") else {
        return;
    };
    for (state, (action, _)) in states.iter_mut().zip(steps) {
        let (Json::Object(fields), Some(action)) = (state, action) else {
            continue;
        };
        let picks: Map<String, Json> = action
            .params
            .iter()
            .map(|(n, v)| (n.clone(), json!({ "tag": "Some", "value": itf::value(v) })))
            .collect();
        fields.insert("mbt::actionTaken".into(), json!(action.name));
        fields.insert("mbt::nondetPicks".into(), Json::Object(picks));
    }
}

/// The behaviour as a GraphViz digraph: states numbered from 1 as in the transcript, each
/// labelled with its variables; steps labelled with their action and its parameters.
fn dot(
    model: &Model<'_>,
    steps: &[(Option<&TraceAction>, &State)],
    cycle: Option<usize>,
) -> String {
    let mut text = String::from("strict digraph Counterexample {\n  node [shape=box];\n");
    for (i, (_, state)) in steps.iter().enumerate() {
        let label: String = variables(model, state)
            .iter()
            .map(|(n, v)| format!("/\\ {n} = {v}\n"))
            .collect();
        text.push_str(&format!(
            "  {} [label=\"{}\"];\n",
            i + 1,
            dot_escape(&label)
        ));
    }
    let edge = |text: &mut String, from: usize, to: usize, action: Option<&TraceAction>| {
        let label = action.map_or_else(String::new, |a| {
            let params: Vec<String> = a.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            match params.is_empty() {
                true => a.name.clone(),
                false => format!("{}({})", a.name, params.join(", ")),
            }
        });
        text.push_str(&format!(
            "  {from} -> {to} [label=\"{}\"];\n",
            dot_escape(&label)
        ));
    };
    for (i, (action, _)) in steps.iter().enumerate().skip(1) {
        edge(&mut text, i, i + 1, *action);
    }
    if let Some(back) = cycle {
        edge(&mut text, steps.len(), back + 1, None);
    }
    text.push_str("}\n");
    text
}

/// A DOT string's text: quotes and backslashes escaped, each line left-justified (`\l`).
fn dot_escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\l")
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
