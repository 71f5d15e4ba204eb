//! Replaying an event log against an implementation: can the real program take these steps?
//!
//! A counterexample `tlafid check --dump-trace cex.ndjson` writes is an event log in the
//! vocabulary of the recorded traces (`{"init": ...}`, then `{"action", "args", "state"}` per
//! step). A harness drives the implementation through it, one step per line, choosing the
//! scheduler's move that the line names, and compares what the implementation did and
//! observes with what the line says. A log the implementation reproduces is a real behaviour
//! of the code (a bug of the code, if a requirement forbids it); one it diverges from is a
//! behaviour only the model has (illegal model behaviour).

use serde_json::Value;

use crate::trace::Observables;

/// The outcome of replaying one event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The implementation took every step and showed every logged observable.
    Reproduced {
        /// Steps replayed.
        steps: usize,
    },
    /// The implementation could not follow the log at `line` (1-based, counting the init
    /// line).
    Diverged {
        /// The line.
        line: usize,
        /// What happened instead, in words.
        reason: String,
    },
    /// The log is not an event log this harness can read.
    Unreadable {
        /// The line.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// One logged step: the action's name, its arguments, and the logged observables.
pub(crate) struct LoggedStep {
    pub action: String,
    pub args: serde_json::Map<String, Value>,
    pub state: serde_json::Map<String, Value>,
}

impl LoggedStep {
    /// The step as `Action(a = 1, ...)`.
    pub fn call(&self) -> String {
        let args: Vec<(String, Value)> = self
            .args
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        call(&self.action, &args)
    }
}

/// An implementation a log can be replayed against.
pub(crate) trait Replayable {
    /// Takes the step the log names, if the implementation can: the action it took and its
    /// arguments (which may differ from the log's), or why it could not move.
    fn take(&mut self, step: &LoggedStep) -> Result<(String, Vec<(String, Value)>), String>;
    /// What the implementation observes now.
    fn observables(&self) -> Observables;
}

/// Replays `event_log` against `system`.
pub(crate) fn replay(system: &mut impl Replayable, event_log: &str) -> Replay {
    let mut steps = 0;
    for (index, text) in event_log.lines().enumerate() {
        let line = index + 1;
        let unreadable = |reason: String| Replay::Unreadable { line, reason };
        let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) else {
            return unreadable("not a JSON object".into());
        };
        if let Some(init) = object.get("init") {
            let Value::Object(init) = init else {
                return unreadable("init is not an object".into());
            };
            if let Some(reason) = differs(&system.observables(), init) {
                return Replay::Diverged { line, reason };
            }
            continue;
        }
        let step = match logged_step(&object) {
            Ok(step) => step,
            Err(reason) => return unreadable(reason),
        };
        let (taken, args) = match system.take(&step) {
            Ok(taken) => taken,
            Err(reason) => return Replay::Diverged { line, reason },
        };
        let logged_args: Vec<(String, Value)> = step
            .args
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if taken != step.action || args.iter().any(|arg| !logged_args.contains(arg)) {
            return Replay::Diverged {
                line,
                reason: format!(
                    "the implementation took {} where the log says {}",
                    call(&taken, &args),
                    call(&step.action, &logged_args)
                ),
            };
        }
        if let Some(reason) = differs(&system.observables(), &step.state) {
            return Replay::Diverged { line, reason };
        }
        steps += 1;
    }
    Replay::Reproduced { steps }
}

fn logged_step(object: &serde_json::Map<String, Value>) -> Result<LoggedStep, String> {
    let Some(Value::String(action)) = object.get("action") else {
        return Err("a step line needs an \"action\" string".into());
    };
    let field = |name: &str| match object.get(name) {
        None => Ok(serde_json::Map::new()),
        Some(Value::Object(map)) => Ok(map.clone()),
        Some(_) => Err(format!("\"{name}\" is not an object")),
    };
    Ok(LoggedStep {
        action: action.clone(),
        args: field("args")?,
        state: field("state")?,
    })
}

/// The first logged observable the implementation shows otherwise, in words.
fn differs(actual: &Observables, logged: &serde_json::Map<String, Value>) -> Option<String> {
    logged
        .iter()
        .find_map(|(name, value)| match actual.get(name) {
            None => Some(format!("the implementation has no observable {name}")),
            Some(mine) if !same(mine, value) => Some(format!(
                "{name}: the log says {value}, the implementation shows {mine}"
            )),
            Some(_) => None,
        })
}

/// JSON equality where `{"#set": [...]}` compares as a set.
fn same(a: &Value, b: &Value) -> bool {
    match (set_elements(a), set_elements(b)) {
        (Some(x), Some(y)) => x.len() == y.len() && x.iter().all(|e| y.iter().any(|f| same(e, f))),
        _ => match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
            }
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same(v, w))
            }
            _ => a == b,
        },
    }
}

fn set_elements(v: &Value) -> Option<&Vec<Value>> {
    match v {
        Value::Object(map) if map.len() == 1 => match map.get("#set") {
            Some(Value::Array(elements)) => Some(elements),
            _ => None,
        },
        _ => None,
    }
}

/// `Action(a = 1, b = "x")`.
pub(crate) fn call(action: &str, args: &[(String, Value)]) -> String {
    let args: Vec<String> = args.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("{action}({})", args.join(", "))
}
