//! `ALIAS`: what TLC prints for a state of an error trace instead of its variables.
//!
//! TLC evaluates the `ALIAS` expression (a record, possibly mentioning primed variables) on
//! each state of a trace together with the state that follows it (the last state with
//! itself), and prints the record's fields in the order they are written (a record built by
//! `[a |-> ..., b |-> ...]` is not sorted before printing). When the evaluation fails it
//! prints the variables and a field `_ALIASEvalError` holding the message; when the value is
//! not a record it prints the variables. A field `_format` is TLC's printf format for the
//! lines, not a line.

use tlafid_eval::{State, Value};
use tlafid_sema::ir::{Expr, ExprKind, OpId, Program};

use crate::bind::Model;

/// The field TLC adds when the `ALIAS` cannot be evaluated.
pub const ALIAS_ERROR_FIELD: &str = "_ALIASEvalError";

/// The field that holds TLC's format for the lines (not printed as a line).
pub const ALIAS_FORMAT_FIELD: &str = "_format";

impl<'p> Model<'p> {
    /// The `(name, value)` lines TLC prints for `state` of a trace: the variables without
    /// `ALIAS`, otherwise the alias record's fields, evaluated with `next` as the primed state
    /// (pass the state itself for the last state of a trace).
    pub fn trace_lines(&self, state: &State, next: &State) -> Vec<(String, Value)> {
        let variables = || -> Vec<(String, Value)> {
            self.program
                .vars
                .iter()
                .zip(state.values())
                .map(|(decl, v)| (decl.name.to_string(), v.clone()))
                .collect()
        };
        let Some(alias) = self.alias else {
            return variables();
        };
        match self.record_fields(alias, state, next) {
            Ok(Some(fields)) => fields
                .into_iter()
                .filter(|(name, _)| name != ALIAS_FORMAT_FIELD)
                .collect(),
            Ok(None) => variables(),
            Err(message) => {
                let mut lines = variables();
                lines.push((ALIAS_ERROR_FIELD.to_string(), Value::str(&message)));
                lines
            }
        }
    }

    /// The fields of the record the zero-parameter operator `op` gives on the step `state ->
    /// next`, in written order (`None`: not a record); the error is the evaluator's message.
    pub fn record_fields(
        &self,
        op: OpId,
        state: &State,
        next: &State,
    ) -> Result<Option<Vec<(String, Value)>>, String> {
        let body = &self.program.op(op).body;
        let mut worker = self.evaluator.worker();
        let (now, then) = (state.values(), Some(next.values()));
        match &written_record(self.program, body).kind {
            ExprKind::Record(fields) => fields
                .iter()
                .map(|(name, expr)| {
                    let value = worker
                        .eval(expr, now, then)
                        .map_err(|e| e.message.clone())?;
                    Ok((name.to_string(), value))
                })
                .collect::<Result<Vec<_>, String>>()
                .map(Some),
            _ => {
                let value = worker
                    .eval(body, now, then)
                    .map_err(|e| e.message.clone())?;
                Ok(match &value {
                    Value::Record(record) => Some(
                        record
                            .fields()
                            .iter()
                            .map(|(name, v)| (name.to_string(), v.clone()))
                            .collect(),
                    ),
                    _ => None,
                })
            }
        }
    }
}

/// `body`, or the body of the zero-argument operators it names, down to a record literal.
fn written_record<'p>(program: &'p Program, body: &'p Expr) -> &'p Expr {
    match &body.kind {
        ExprKind::Call(op, args) if args.is_empty() => {
            let def = program.op(*op);
            if def.params.is_empty() && def.function.is_none() && !def.recursive {
                written_record(program, &def.body)
            } else {
                body
            }
        }
        _ => body,
    }
}
