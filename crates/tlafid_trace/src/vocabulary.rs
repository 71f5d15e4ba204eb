//! What a trace may name: the model's actions with their parameters, its observables
//! (variables and zero-argument state-level operators) and its model values.

use std::collections::BTreeMap;

use tlafid_eval::Evaluator;
use tlafid_sema::ir::{Level, OpId, Program, RootName};
use tlafid_value::Value;

use crate::json::ModelValues;
use crate::parse::PgoMapping;

/// Something a trace can observe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observable {
    /// A state variable (its index in the state).
    Var(usize),
    /// A zero-argument operator of at most state level, evaluated in the state.
    Op(OpId),
}

/// The names a trace of this model may use.
#[derive(Clone, Debug)]
pub struct Vocabulary {
    /// Action name to its parameter names: the action operator's (captured ones excluded),
    /// then the `\E` variables and parameters bound on the way to it in the next-state
    /// relation.
    pub actions: BTreeMap<String, Vec<String>>,
    /// Action names in the order of the next-state relation, without repeats.
    pub action_order: Vec<String>,
    /// Observable name to what it resolves to (variables, and zero-argument operators
    /// of at most state level defined in the root module).
    pub observables: BTreeMap<String, Observable>,
    /// Observable names, by index, for reports (`ObservableId` indexes this).
    pub observable_names: Vec<String>,
    /// Model values declared by the configuration.
    pub model_values: ModelValues,
    /// Number of state variables.
    pub var_count: usize,
    /// How PGo logs map onto the model (`--trace-map`).
    pub pgo: PgoMapping,
}

impl Vocabulary {
    /// The vocabulary of `evaluator`'s model; `model_values` are the model values its
    /// configuration declares (see [`crate::probe_model_values`]).
    pub fn new(evaluator: &Evaluator<'_>, model_values: ModelValues) -> Vocabulary {
        Vocabulary::observing(evaluator, model_values, &[])
    }

    /// As [`Vocabulary::new`], where the operators of the root module and of the modules
    /// `also` (by name) are observables: with an observation module as the root (`--observe`,
    /// a module that `EXTENDS` the model), `also` names the model's own module.
    pub fn observing(
        evaluator: &Evaluator<'_>,
        model_values: ModelValues,
        also: &[&str],
    ) -> Vocabulary {
        let program = evaluator.program();
        let mut actions = BTreeMap::new();
        let mut action_order = Vec::new();
        for decl in evaluator.actions() {
            let name = decl.name.to_string();
            let params = actions.entry(name.clone()).or_insert_with(|| {
                action_order.push(name.clone());
                action_params(program, &name)
            });
            // The `\E` variables bound on the way to it are arguments too (what
            // `check --dump-trace x.ndjson` logs); a successor fits only with their values.
            for bound in &decl.params {
                if !params.iter().any(|p| p == bound.as_str()) {
                    params.push(bound.to_string());
                }
            }
        }
        let mut observables = BTreeMap::new();
        for (i, var) in program.vars.iter().enumerate() {
            observables.insert(var.name.to_string(), Observable::Var(i));
        }
        for (name, root) in &program.root_names {
            if let RootName::Op(op) = root {
                let def = program.op(*op);
                // An observation module's definition with the spelling of a model name
                // takes its place.
                let (name, overriding) = match name.strip_prefix(tlafid_sema::OVERRIDE_PREFIX) {
                    Some(stripped) => (stripped, true),
                    None => (name.as_str(), false),
                };
                let observable = (def.module == program.root
                    || also.contains(&def.module.as_str()))
                    && def.params.is_empty()
                    && def.function.is_none()
                    && def.level <= Level::State
                    && (overriding || !name.starts_with("__tlafid"));
                if observable && (overriding || !observables.contains_key(name)) {
                    observables.insert(name.to_string(), Observable::Op(*op));
                }
            }
        }
        Vocabulary {
            actions,
            action_order,
            observable_names: observables.keys().cloned().collect(),
            observables,
            model_values,
            var_count: program.vars.len(),
            pgo: PgoMapping::default(),
        }
    }

    /// The index of an observable name in [`Vocabulary::observable_names`].
    pub fn observable_index(&self, name: &str) -> Option<usize> {
        self.observable_names
            .binary_search_by(|n| n.as_str().cmp(name))
            .ok()
    }

    /// The names of the state variables, as a comma-separated list for hints.
    pub fn observable_list(&self) -> String {
        self.observable_names.join(", ")
    }
}

fn action_params(program: &Program, name: &str) -> Vec<String> {
    match program.root_name(name) {
        Some(RootName::Op(op)) => {
            let def = program.op(op);
            def.params[def.captured..]
                .iter()
                .map(|p| p.name.to_string())
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Collects every model value inside `value` into `out`, by name.
pub fn collect_model_values(value: &Value, out: &mut ModelValues) {
    match value {
        Value::Model(m) => {
            out.entry(m.name.to_string())
                .or_insert_with(|| value.clone());
        }
        Value::Set(_) | Value::Interval(..) | Value::Lazy(_) => {
            if value.is_finite_set() {
                if let Ok(elems) = value.iter_set() {
                    elems.for_each(|e| collect_model_values(&e, out));
                }
            }
        }
        Value::Seq(s) => s.elems().iter().for_each(|e| collect_model_values(e, out)),
        Value::Record(r) => r
            .fields()
            .iter()
            .for_each(|(_, v)| collect_model_values(v, out)),
        Value::Fcn(f) => f.pairs().iter().for_each(|(k, v)| {
            collect_model_values(k, out);
            collect_model_values(v, out)
        }),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Str(_) => {}
    }
}
