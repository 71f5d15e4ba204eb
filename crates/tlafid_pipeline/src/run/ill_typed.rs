//! A violated type check of a requirement's observable (`TypeOf_<name>`) is not a verdict:
//! the model binds the name to something else. The run becomes
//! [`RunOutcome::IllTypedBinding`] with a diagnostic naming the first offending state.

use tlafid_base::Diagnostic;
use tlafid_config::Named;
use tlafid_model::codes::ILL_TYPED_OBSERVABLE;
use tlafid_model::requirements::type_check_name;

use super::{Counterexample, Explored, Run, RunOutcome};
use crate::session::Session;

/// Turns `run`, if what it found violated is the type check of one of `types`, into an
/// ill-typed binding (the counterexample stays: it leads to the offending state).
pub(crate) fn recognise(session: &mut Session<'_>, run: &mut Run, types: &[Named]) {
    let Some(violated) = run.outcome.violated() else {
        return;
    };
    let Some(typed) = types
        .iter()
        .find(|typed| type_check_name(&typed.name) == violated)
    else {
        return;
    };
    let counterexample = match &run.explored {
        Explored::Exhaustive(e) => Some(&e.counterexample),
        Explored::Simulated(s) => Some(&s.counterexample),
        _ => None,
    };
    let state = counterexample.map_or(0, |c| c.states.len());
    let value = counterexample
        .and_then(|c| observed_value(c, &typed.name))
        .map(|v| format!(" (`{}` = {v})", typed.name))
        .unwrap_or_default();
    let message = format!(
        "The requirements' observable `{}` is ill-typed in this model: state {state} of the behaviour below gives it a value outside {}{value}; no verdict.",
        typed.name, violated
    );
    session.diagnostics.push(
        Diagnostic::error(
            ILL_TYPED_OBSERVABLE,
            format!(
                "the model binds the observable `{}` to a value outside {} in state {state}{value}",
                typed.name, violated
            ),
            typed.span,
        )
        .with_hint(format!(
            "`{}` means something else in this model: define it in an observation module (--observe) in the requirements' terms",
            typed.name
        )),
    );
    run.outcome = RunOutcome::IllTypedBinding {
        observable: typed.name.to_string(),
    };
    run.message = Some(message);
    run.illegal_model_behavior = false;
}

/// The observable's value in the last state of the counterexample's event log (compact
/// JSON), when there is one.
fn observed_value(counterexample: &Counterexample, observable: &str) -> Option<String> {
    let last = counterexample
        .dump
        .as_ref()?
        .event_log
        .text
        .lines()
        .last()?;
    let line: serde_json::Value = serde_json::from_str(last).ok()?;
    let fields = line.get("state").or_else(|| line.get("init"))?;
    Some(fields.get(observable)?.to_string())
}
