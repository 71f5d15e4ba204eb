//! A recorded run: the initial observable state and, for every step, the action (with its
//! arguments) and the observable states before and after. Renders the three trace formats
//! of `traces/README.md`: the event log, SysMoBench-style action windows, and ITF.

use crate::json::record;
use serde_json::Value;
use std::collections::BTreeMap;

/// The observable state of a system: one JSON value per model variable, by variable name.
pub type Observables = BTreeMap<String, Value>;

/// One step of a run, as the implementation performed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The name of the model's action operator this step implements.
    pub action: String,
    /// The action's parameters by name, as the model names them.
    pub args: Vec<(String, Value)>,
    /// The observables before the step.
    pub pre_state: Observables,
    /// The observables after the step.
    pub post_state: Observables,
}

/// A whole run: where it started and every step it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// Which system produced it (`lock_service`, `kv_replication`).
    pub system: String,
    /// The scenario name (the first part of the file names).
    pub scenario: String,
    /// The scheduler seed.
    pub seed: u64,
    /// The observables before the first step.
    pub initial_state: Observables,
    /// The steps in order.
    pub steps: Vec<Step>,
    /// Variables the event log leaves out (a real deployment cannot observe them).
    pub unobserved_in_event_log: Vec<String>,
}

impl Trace {
    /// The base of this trace's file names, `<scenario>-<seed>`.
    pub fn file_stem(&self) -> String {
        format!("{}-{}", self.scenario, self.seed)
    }

    /// The event log (`.ndjson`): a first line `{"init": state}`, then one line per step
    /// `{"action": name, "args": {...}, "state": post-state}`; every line ends with `\n`.
    pub fn event_log(&self) -> String {
        self.event_log_without(&[])
    }

    /// The event log as an implementation that does not log the steps of `unlogged` writes
    /// it: the same as [`Trace::event_log`] without those steps' lines.
    pub fn event_log_without(&self, unlogged: &[&str]) -> String {
        let mut out = String::new();
        let init = record([("init", self.observed(&self.initial_state))]);
        push_line(&mut out, &init);
        for step in self
            .steps
            .iter()
            .filter(|s| !unlogged.contains(&s.action.as_str()))
        {
            let line = record([
                ("action", Value::String(step.action.clone())),
                ("args", record(step.args.clone())),
                ("state", self.observed(&step.post_state)),
            ]);
            push_line(&mut out, &line);
        }
        out
    }

    /// The action windows (`.windows.ndjson`): one line per step
    /// `{"action": name, "data": args, "pre_state": full, "post_state": full}`.
    pub fn action_windows(&self) -> String {
        let mut out = String::new();
        for step in &self.steps {
            let line = record([
                ("action", Value::String(step.action.clone())),
                ("data", record(step.args.clone())),
                ("pre_state", full(&step.pre_state)),
                ("post_state", full(&step.post_state)),
            ]);
            push_line(&mut out, &line);
        }
        out
    }

    /// The ITF document (`.itf.json`): `#meta`, `vars`, and every full state (the initial one
    /// first), one state a line so that diffs stay readable; ends with a newline.
    pub fn itf(&self) -> String {
        let vars: Vec<Value> = self
            .initial_state
            .keys()
            .map(|k| Value::from(k.as_str()))
            .collect();
        let meta = record([
            ("format", Value::from("ITF")),
            (
                "format-description",
                Value::from("https://apalache-mc.org/docs/adr/015adr-trace.html"),
            ),
            ("description", Value::from(self.description())),
            ("source", Value::from("tlafid_systems record-traces")),
        ]);
        let states: Vec<String> = std::iter::once(&self.initial_state)
            .chain(self.steps.iter().map(|s| &s.post_state))
            .enumerate()
            .map(|(index, state)| {
                let mut fields: Vec<(String, Value)> =
                    state.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                fields.push(("#meta".to_string(), record([("index", Value::from(index))])));
                format!("    {}", record(fields))
            })
            .collect();
        format!(
            "{{\n  \"#meta\": {},\n  \"vars\": {},\n  \"states\": [\n{}\n  ]\n}}\n",
            meta,
            Value::Array(vars),
            states.join(",\n")
        )
    }

    fn description(&self) -> String {
        format!(
            "{} scenario {} seed {}, {} steps",
            self.system,
            self.scenario,
            self.seed,
            self.steps.len()
        )
    }

    fn observed(&self, state: &Observables) -> Value {
        record(
            state
                .iter()
                .filter(|(k, _)| !self.unobserved_in_event_log.contains(k))
                .map(|(k, v)| (k.clone(), v.clone())),
        )
    }
}

fn full(state: &Observables) -> Value {
    record(state.iter().map(|(k, v)| (k.clone(), v.clone())))
}

fn push_line(out: &mut String, value: &Value) {
    out.push_str(&value.to_string());
    out.push('\n');
}
