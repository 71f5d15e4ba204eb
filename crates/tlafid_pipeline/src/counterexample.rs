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

use crate::output::{CappedText, MAX_DOCUMENT_BYTES};

/// A counterexample in the forms it can be written in, each fitted under the output cap
/// ([`crate::output::MAX_DOCUMENT_BYTES`]).
#[derive(Clone, Debug)]
pub struct TraceDump {
    /// ITF, with the model's variables: the states that fit.
    pub itf: Json,
    /// What the ITF trace left out to fit, if anything.
    pub itf_cut: Option<String>,
    /// An event log of the observables, one JSON line per state: the lines that fit.
    pub event_log: Fitted,
    /// A GraphViz digraph: one node per state (its variables), one edge per step (its
    /// action), and the edge a lasso returns by; the states that fit.
    pub dot: Fitted,
}

/// A text fitted under the output cap, and what was cut to fit, if anything.
#[derive(Clone, Debug, Default)]
pub struct Fitted {
    /// The text.
    pub text: String,
    /// What was left out, said for people (an `E009` warning).
    pub cut: Option<String>,
}

impl Fitted {
    fn new((text, cut): (String, Option<String>)) -> Fitted {
        Fitted { text, cut }
    }
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
        // Only the states that fit are turned into JSON: a behaviour whose states double at
        // each step would otherwise take gigabytes before it is cut.
        let fitting = fitting_states(model, &states, MAX_DOCUMENT_BYTES);
        let itf_cut = (fitting < states.len()).then(|| {
            format!(
                "output cut: the counterexample is over {} MiB as ITF; it keeps its first \
                 {fitting} of {} states",
                (MAX_DOCUMENT_BYTES + 1) >> 20,
                states.len()
            )
        });
        let itf_cycle = cycle.filter(|_| itf_cut.is_none());
        let mut itf = itf::trace(model.program, &states[..fitting], message, itf_cycle);
        mbt_fields(&mut itf, steps);
        Some(TraceDump {
            itf,
            itf_cut,
            event_log: Fitted::new(event_log(model, steps, MAX_DOCUMENT_BYTES)),
            dot: Fitted::new(dot(model, steps, cycle, MAX_DOCUMENT_BYTES)),
        })
    }

    /// The text of a file named `path`: an event log for `*.ndjson`, GraphViz for `*.dot`,
    /// else ITF, each at most [`crate::output::MAX_OUTPUT_BYTES`] with its last line end;
    /// and what was cut to fit, if anything.
    pub fn text_for(&self, path: &Path) -> (String, Option<String>) {
        match path.extension().and_then(|e| e.to_str()) {
            Some("ndjson") => (self.event_log.text.clone(), self.event_log.cut.clone()),
            Some("dot") => (self.dot.text.clone(), self.dot.cut.clone()),
            _ => {
                let (text, cut) = crate::output::capped(&self.itf, "/states", MAX_DOCUMENT_BYTES);
                (text + "\n", cut.or_else(|| self.itf_cut.clone()))
            }
        }
    }
}

/// How many of `states`, from the first, fit in `cap` bytes of ITF (compact).
fn fitting_states(model: &Model<'_>, states: &[&[Value]], cap: usize) -> usize {
    let mut room = cap;
    for (index, values) in states.iter().enumerate() {
        let state = itf::state(model.program, index, values);
        match crate::output::within(&state, false, room) {
            Some(text) => room -= (text.len() + 1).min(room),
            None => return index,
        }
    }
    states.len()
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
/// labelled with its variables; steps labelled with their action and its parameters. Past
/// `cap` bytes, the graph keeps the first states that fit and the steps between them.
fn dot(
    model: &Model<'_>,
    steps: &[(Option<&TraceAction>, &State)],
    cycle: Option<usize>,
    cap: usize,
) -> (String, Option<String>) {
    const ENDING: &str = "}\n";
    let mut text = CappedText::new(cap);
    text.reserve(ENDING.len());
    text.push("strict digraph Counterexample {\n  node [shape=box];\n");
    for (i, (_, state)) in steps.iter().enumerate() {
        let room = text.room();
        let label = variables(model, state)
            .iter()
            .try_fold(String::new(), |mut label, (n, v)| {
                label.push_str(&format!("/\\ {n} = {}\n", bounded(v, room)?));
                (label.len() <= room).then_some(label)
            });
        let kept = label.is_some_and(|label| {
            text.push(&format!(
                "  {} [label=\"{}\"];\n",
                i + 1,
                dot_escape(&label)
            ))
        });
        if !kept {
            text.stop();
            break;
        }
    }
    let nodes = text.kept() - 1;
    let edge = |from: usize, to: usize, action: Option<&TraceAction>| {
        let label = action.map_or_else(String::new, |a| {
            let params: Vec<String> = a.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            match params.is_empty() {
                true => a.name.clone(),
                false => format!("{}({})", a.name, params.join(", ")),
            }
        });
        format!("  {from} -> {to} [label=\"{}\"];\n", dot_escape(&label))
    };
    // The steps between the states kept (and the lasso's, if all are), while they fit.
    let mut edges = CappedText::new(text.room());
    let mut wanted = nodes.saturating_sub(1);
    for (i, (action, _)) in steps.iter().enumerate().skip(1).take(wanted) {
        edges.push(&edge(i, i + 1, *action));
    }
    if let Some(back) = cycle.filter(|_| nodes == steps.len()) {
        wanted += 1;
        edges.push(&edge(steps.len(), back + 1, None));
    }
    let steps_kept = edges.kept();
    let (edges, _) = edges.into_parts("", wanted, cap);
    text.push(&edges);
    text.finish_with(ENDING);
    let (text, _) = text.into_parts("", 0, cap);
    let over = (cap + 1) >> 20;
    let cut = if nodes < steps.len() {
        Some(format!(
            "output cut: over {over} MiB; the graph keeps its first {nodes} of {} states",
            steps.len()
        ))
    } else if steps_kept < wanted {
        Some(format!(
            "output cut: over {over} MiB; the graph keeps its {nodes} states and the first \
             {steps_kept} of {wanted} steps"
        ))
    } else {
        None
    };
    (text, cut)
}

/// `value` as TLA+ text if it takes at most `cap` bytes.
fn bounded(value: &Value, cap: usize) -> Option<String> {
    use std::fmt::Write;
    struct Bounded {
        text: String,
        cap: usize,
    }
    impl Write for Bounded {
        fn write_str(&mut self, part: &str) -> std::fmt::Result {
            if self.text.len() + part.len() > self.cap {
                return Err(std::fmt::Error);
            }
            self.text.push_str(part);
            Ok(())
        }
    }
    let mut out = Bounded {
        text: String::new(),
        cap,
    };
    write!(out, "{value}").ok()?;
    Some(out.text)
}

/// A DOT string's text: quotes and backslashes escaped, each line left-justified (`\l`).
fn dot_escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\l")
}

/// The event log: one JSON line per state, the first `{"init": ...}`. Past `cap` bytes it
/// keeps the first lines that fit (a prefix of a behaviour, which `tlafid trace` reads).
fn event_log(
    model: &Model<'_>,
    steps: &[(Option<&TraceAction>, &State)],
    cap: usize,
) -> (String, Option<String>) {
    let observed = match model.program.root_name(OBSERVED) {
        Some(RootName::Op(op)) => Some(op),
        _ => None,
    };
    let mut text = CappedText::new(cap);
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
        let kept = crate::output::within(&line, false, text.room().saturating_sub(1))
            .is_some_and(|line| text.push(&(line + "\n")));
        if !kept {
            text.stop();
            break;
        }
    }
    text.into_parts("the event log", steps.len(), cap)
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
