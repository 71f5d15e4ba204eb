//! Requirements: properties reviewed apart from the model, checked against it.
//!
//! A requirements module is plain TLA+ written over *observables*: its `VARIABLE`s are the
//! names the implementation's logs use (the vocabulary of `tlafid trace`), its `CONSTANT`s
//! the model's parameters. Its configuration (`R.cfg` beside `R.tla`) lists the requirements
//! with `INVARIANT(S)` and `PROPERTY(IES)` and nothing else: constants, the behaviour and the
//! reductions come from the model's own configuration.
//!
//! Checking is TLA+'s own refinement device. A generated root module extends the model (or
//! its observation module) and instantiates the requirements module without `WITH`, so every
//! observable and constant is substituted by the model's definition of the same name; each
//! requirement is re-exported under a reserved name. A name the model does not define is
//! reported against the requirements module ([`UNMAPPED_OBSERVABLE`]) before any of that is
//! built, and after binding the reserved names are turned back into the requirements' own
//! ([`original_name`]), so reports speak of `MutualExclusion`, not of the plumbing.
//!
//! An observation module's definitions take precedence: one with the spelling of a model
//! name is exported as [`tlafid_sema::OVERRIDE_PREFIX`] + name and substituted with `WITH`.
//! An observable bound straight to the model's name of the same spelling is an *implicit*
//! binding ([`Requirements::bindings`]), reported so that a grader sees it. The requirements
//! module may declare an observable's type as `TypeOf_<name> == S`; the generated module then
//! checks `<binding> \in S` before every requirement, as the check [`type_check_name`].

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_config::{Config, Named};
use tlafid_sema::ir::{Program, RootName};

use crate::codes::{
    BAD_REQUIREMENTS_CONFIG, IMPLICIT_BINDING, UNDEFINED_IN_CONFIG, UNMAPPED_OBSERVABLE,
};

/// The generated root module's name.
pub const ROOT_MODULE: &str = "__tlafid_requirements";
/// The operator of the generated module whose record holds the observables of a state.
pub const OBSERVED: &str = "__tlafid_observed";
/// The instance of the requirements module inside the generated module.
const INSTANCE: &str = "__tlafid_Req";
/// The prefix of a re-exported requirement.
const PREFIX: &str = "__tlafid_req_";
/// The prefix of the definition that declares an observable's type in a requirements module.
pub const TYPE_PREFIX: &str = "TypeOf_";

/// How a requirement's observable (or constant) is bound to a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The observable's name.
    pub observable: SmolStr,
    /// What the generated module substitutes for it.
    pub expression: String,
    /// Bound straight to the model's name of the same spelling, with no observation
    /// definition.
    pub implicit: bool,
}

/// A requirements module with its configuration, ready to be checked against models.
#[derive(Clone, Debug)]
pub struct Requirements {
    /// The module's name (what the generated module instantiates).
    pub module: SmolStr,
    /// Its `VARIABLE`s: what it observes, each with where it is declared.
    pub observables: Vec<Named>,
    /// Its `CONSTANT`s, each with where it is declared.
    pub constants: Vec<Named>,
    /// The requirements checked as invariants, where the configuration lists them.
    pub invariants: Vec<Named>,
    /// The requirements checked as properties, where the configuration lists them.
    pub properties: Vec<Named>,
    /// Each requirement with where the requirements module defines it.
    pub definitions: Vec<Named>,
    /// The observables whose type the module declares (`TypeOf_<name>`), each with where
    /// that definition is.
    pub types: Vec<Named>,
    /// How each observable is bound (filled by [`Requirements::bind_to`]).
    pub bindings: Vec<Binding>,
}

impl Requirements {
    /// Reads the requirements from the resolved requirements module and its configuration.
    pub fn new(program: &Program, config: &Config) -> Result<Requirements, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let rest = Config {
            invariants: Vec::new(),
            properties: Vec::new(),
            ..config.clone()
        };
        if rest != Config::default() {
            let message = "a requirements configuration lists only INVARIANT(S) and PROPERTY(IES)";
            let problem = match first_setting(&rest) {
                Some(span) => Diagnostic::error(BAD_REQUIREMENTS_CONFIG, message, span),
                None => Diagnostic::error_nowhere(BAD_REQUIREMENTS_CONFIG, message),
            };
            problems.push(problem.with_hint(
                "constants, the behaviour, symmetry and the like come from the model's own configuration",
            ));
        } else if config.invariants.is_empty() && config.properties.is_empty() {
            problems.push(Diagnostic::error_nowhere(
                BAD_REQUIREMENTS_CONFIG,
                "the requirements configuration lists no INVARIANT and no PROPERTY",
            ));
        }
        for named in config.invariants.iter().chain(&config.properties) {
            if !matches!(program.root_name(&named.name), Some(RootName::Op(_))) {
                problems.push(Diagnostic::error(
                    UNDEFINED_IN_CONFIG,
                    format!(
                        "`{}` is not defined by the requirements module {}",
                        named.name, program.root
                    ),
                    named.span,
                ));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let named = |name: &SmolStr, span| Named {
            name: name.clone(),
            span,
        };
        let definitions = config
            .invariants
            .iter()
            .chain(&config.properties)
            .filter_map(|named| match program.root_name(&named.name) {
                Some(RootName::Op(op)) => Some(Named {
                    name: named.name.clone(),
                    span: program.op(op).span,
                }),
                _ => None,
            })
            .collect();
        let types = program
            .vars
            .iter()
            .filter_map(
                |v| match program.root_name(&format!("{TYPE_PREFIX}{}", v.name)) {
                    Some(RootName::Op(op)) if program.op(op).params.is_empty() => Some(Named {
                        name: v.name.clone(),
                        span: program.op(op).span,
                    }),
                    _ => None,
                },
            )
            .collect();
        Ok(Requirements {
            definitions,
            types,
            bindings: Vec::new(),
            module: program.root.clone(),
            observables: program
                .vars
                .iter()
                .map(|v| named(&v.name, v.span))
                .collect(),
            constants: program
                .consts
                .iter()
                .map(|c| named(&c.name, c.span))
                .collect(),
            invariants: config.invariants.clone(),
            properties: config.properties.clone(),
        })
    }

    /// The observables and constants that `model` (the resolved model, or its observation
    /// module) does not define, one diagnostic each, at the declaration.
    pub fn unmapped(&self, model: &Program) -> Vec<Diagnostic> {
        let observables = self.observables.iter().map(|n| (n, "observable"));
        let constants = self.constants.iter().map(|n| (n, "constant"));
        observables
            .chain(constants)
            .filter(|(named, _)| {
                model.root_name(&named.name).is_none()
                    && model.root_name(&overriding_name(&named.name)).is_none()
            })
            .map(|(named, what)| {
                Diagnostic::error(
                    UNMAPPED_OBSERVABLE,
                    format!(
                        "the requirements' {what} `{}` is not defined by the model {}",
                        named.name, model.root
                    ),
                    named.span,
                )
                .with_hint(format!(
                    "define `{}` in an observation module that EXTENDS {} and pass it with --observe",
                    named.name, model.root
                ))
            })
            .collect()
    }

    /// Binds every observable to `model` (the resolved model, or its observation module
    /// `observation`): to the observation module's definition of that name when there is
    /// one, else (implicitly) to the model's name of the same spelling. Returns a warning
    /// for each implicit binding of an observable, at its declaration.
    pub fn bind_to(&mut self, model: &Program, observation: Option<&str>) -> Vec<Diagnostic> {
        let observed_here = |name: &str| match model.root_name(name) {
            Some(RootName::Op(op)) => observation == Some(model.op(op).module.as_str()),
            _ => false,
        };
        self.bindings = self
            .observables
            .iter()
            .map(|o| {
                let overriding = overriding_name(&o.name);
                let (expression, implicit) = if model.root_name(&overriding).is_some() {
                    (overriding, false)
                } else {
                    (o.name.to_string(), !observed_here(&o.name))
                };
                Binding {
                    observable: o.name.clone(),
                    expression,
                    implicit,
                }
            })
            .collect();
        let what = match observation {
            Some(module) => format!("no definition in the observation module {module}"),
            None => "no observation module".to_string(),
        };
        self.observables
            .iter()
            .zip(&self.bindings)
            .filter(|(_, binding)| binding.implicit)
            .map(|(named, _)| {
                Diagnostic::warning(
                    IMPLICIT_BINDING,
                    format!(
                        "the requirements' observable `{}` is bound implicitly to the model's `{}` ({what})",
                        named.name, named.name
                    ),
                    named.span,
                )
                .with_hint(format!(
                    "if `{}` means the same in this model, define it in an observation module (`{0} == {0}`) to say so",
                    named.name
                ))
            })
            .collect()
    }

    /// The text of the generated root module: it extends `model` (the model's or the
    /// observation module's name), instantiates the requirements (substituting each
    /// observable by its binding), checks the declared types, re-exports each requirement
    /// and defines [`OBSERVED`].
    pub fn root_module(&self, model: &str) -> String {
        let expression = |name: &SmolStr| {
            self.bindings
                .iter()
                .find(|b| b.observable == *name)
                .map_or(name.to_string(), |b| b.expression.clone())
        };
        let substitutions: Vec<String> = self
            .bindings
            .iter()
            .filter(|b| b.expression != b.observable.as_str())
            .map(|b| format!("{} <- {}", b.observable, b.expression))
            .collect();
        let with = if substitutions.is_empty() {
            String::new()
        } else {
            format!(" WITH {}", substitutions.join(", "))
        };
        let mut text = format!(
            "---- MODULE {ROOT_MODULE} ----\nEXTENDS {model}\n{INSTANCE} == INSTANCE {}{with}\n",
            self.module
        );
        for typed in &self.types {
            text.push_str(&format!(
                "{PREFIX}{TYPE_PREFIX}{0} == {1} \\in {INSTANCE}!{TYPE_PREFIX}{0}\n",
                typed.name,
                expression(&typed.name)
            ));
        }
        for named in self.invariants.iter().chain(&self.properties) {
            let name = &named.name;
            text.push_str(&format!("{PREFIX}{name} == {INSTANCE}!{name}\n"));
        }
        let fields: Vec<String> = self
            .observables
            .iter()
            .map(|o| format!("{} |-> {}", o.name, expression(&o.name)))
            .collect();
        let record = if fields.is_empty() {
            "[__tlafid_none |-> TRUE]".to_string()
        } else {
            format!("[{}]", fields.join(", "))
        };
        text.push_str(&format!("{OBSERVED} == {record}\n====\n"));
        text
    }

    /// The model's configuration with its invariants and properties replaced by the
    /// requirements (under their generated names, at their places in the requirements
    /// configuration), after the type checks of the observables (at their definitions).
    pub fn model_config(&self, model: &Config) -> Config {
        let exported = |named: &Named| Named {
            name: SmolStr::from(exported_name(&named.name)),
            span: named.span,
        };
        let type_checks = self.types.iter().map(|typed| Named {
            name: SmolStr::from(exported_name(&type_check_name(&typed.name))),
            span: typed.span,
        });
        Config {
            invariants: type_checks
                .chain(self.invariants.iter().map(exported))
                .collect(),
            properties: self.properties.iter().map(exported).collect(),
            ..model.clone()
        }
    }
}

/// The name under which an observation module's definition of `name` is exported when the
/// model has a name of that spelling too.
pub fn overriding_name(name: &str) -> String {
    format!("{}{name}", tlafid_sema::OVERRIDE_PREFIX)
}

/// The name of the check that `observable`'s binding lies in its declared type (after
/// [`original_name`]): `TypeOf_<observable>`.
pub fn type_check_name(observable: &str) -> String {
    format!("{TYPE_PREFIX}{observable}")
}

/// The generated name a requirement is checked under (what [`original_name`] undoes).
pub fn exported_name(requirement: &str) -> String {
    format!("{PREFIX}{requirement}")
}

/// The requirement a generated name stands for, or a definition of the requirements module
/// as the requirements module names it (`None` for any other name).
pub fn original_name(name: &str) -> Option<&str> {
    name.strip_prefix(PREFIX)
        .or_else(|| name.strip_prefix(INSTANCE)?.strip_prefix('!'))
}

/// Where `config` sets something, other than invariants and properties, first.
fn first_setting(config: &Config) -> Option<Span> {
    let named = [
        &config.specification,
        &config.init,
        &config.next,
        &config.symmetry,
        &config.view,
        &config.alias,
    ];
    let lists = [
        &config.constraints,
        &config.action_constraints,
        &config.postconditions,
    ];
    let spans = config.constants.iter().map(|c| c.span);
    let spans = spans.chain(named.into_iter().flatten().map(|n| n.span));
    let spans = spans.chain(lists.into_iter().flatten().map(|n| n.span));
    let spans = spans.chain(config.check_deadlock.map(|f| f.span));
    spans.min_by_key(|span| span.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tlafid_base::FileId;

    fn named(name: &str) -> Named {
        Named {
            name: name.into(),
            span: Span::new(FileId(0), 0, 0),
        }
    }

    fn requirements() -> Requirements {
        Requirements {
            module: "Req".into(),
            observables: vec![named("pc"), named("holders")],
            constants: vec![named("Clients")],
            invariants: vec![named("Exclusion")],
            properties: vec![named("Handoff")],
            definitions: Vec::new(),
            types: Vec::new(),
            bindings: Vec::new(),
        }
    }

    #[test]
    fn the_generated_module_reexports_each_requirement_and_the_observables() {
        assert_eq!(
            requirements().root_module("Model"),
            "---- MODULE __tlafid_requirements ----\nEXTENDS Model\n\
             __tlafid_Req == INSTANCE Req\n\
             __tlafid_req_Exclusion == __tlafid_Req!Exclusion\n\
             __tlafid_req_Handoff == __tlafid_Req!Handoff\n\
             __tlafid_observed == [pc |-> pc, holders |-> holders]\n====\n"
        );
    }

    #[test]
    fn generated_names_map_back_to_the_requirements() {
        let config = requirements().model_config(&Config::default());
        let names: Vec<&str> = config
            .invariants
            .iter()
            .chain(&config.properties)
            .map(|n| n.name.as_str())
            .collect();
        assert_eq!(names, ["__tlafid_req_Exclusion", "__tlafid_req_Handoff"]);
        assert_eq!(original_name(names[1]), Some("Handoff"));
        assert_eq!(original_name("__tlafid_Req!Handoff"), Some("Handoff"));
        assert_eq!(original_name("Handoff"), None);
    }
}
