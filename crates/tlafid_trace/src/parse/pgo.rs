//! PGo's native logs: one JSON record a line per critical section of an archetype instance
//! (`archetypeName`, `self`, a vector `clock` of `[[archetype, self], count]` pairs,
//! `isAbort`, and `csElements`: the reads and writes it did, values in TLA+ syntax).
//!
//! Each committed record is one event of process `Archetype(self)` (aborted records are
//! skipped, as PGo's validation skips them). Its label (the value its `.pc` read shows,
//! `"AClient.acquireLock"`) names the model action, by default the label without its
//! archetype (`acquireLock`), with the action's `self` parameter (or its only parameter)
//! bound to the record's `self`. Its elements become reads and updates ([`crate::delta`]):
//! `.pc` is `pc[self]` (labels without their archetype); a variable with indices is the
//! model's variable at those indices, one without is the archetype-local `v[self]` (or,
//! marked `global`, the whole variable). A
//! [`PgoMapping`] (one per system, not per model) renames labels and variables, marks
//! variables as channels (`bag`: a write adds to the bag, a read removes; `fifo`: a write
//! appends, a read removes the head) or as unobserved (`null`).

use std::collections::BTreeMap;

use serde_json::Value as Json;
use tlafid_base::Diagnostic;
use tlafid_value::Value;

use super::tla_text::read_value;
use super::{At, NamedAction, Origin, ParsedTrace, Reader, Step};
use crate::codes;
use crate::delta::{Delta, DeltaOp, Read};

/// How a system's PGo logs map onto models: declared once per system.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgoMapping {
    /// Label (`Archetype.label`) to action name; `None`: the record names no action (any
    /// step of the model, or none, may take it).
    pub actions: BTreeMap<String, Option<String>>,
    /// Variable (`Archetype.name`, `name`, or `.pc`) to how it is observed; `None`: not
    /// observed.
    pub variables: BTreeMap<String, Option<PgoVariable>>,
}

/// How one PGo variable is observed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgoVariable {
    /// The observable it is (default: its own name; `pc` for `.pc`).
    pub observable: Option<String>,
    /// A channel: reads receive and writes send.
    pub channel: Option<Channel>,
    /// Not archetype-local: without indices it is the whole variable, not `v[self]`.
    pub global: bool,
    /// Keys below the place the indices name (`["queue"]`: PGo's `net[i]` is the model's
    /// `network[i].queue`).
    pub at: Vec<Value>,
}

/// The kind of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Unordered: the model holds a bag.
    Bag,
    /// Ordered: the model holds a sequence.
    Fifo,
}

impl PgoMapping {
    /// Reads a mapping file: `{"actions": {LABEL: ACTION|null}, "variables": {NAME:
    /// {"as": OBSERVABLE, "channel": "bag"|"fifo", "global": BOOL, "at": [KEY, ...]} |
    /// null}}`.
    pub fn from_json(text: &str) -> Result<PgoMapping, String> {
        let json: Json = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
        let Json::Object(top) = json else {
            return Err("the mapping must be a JSON object".into());
        };
        let mut mapping = PgoMapping::default();
        for (key, value) in top {
            let Json::Object(entries) = value else {
                return Err(format!("{key} must be an object"));
            };
            match key.as_str() {
                "actions" => {
                    for (label, action) in entries {
                        let action = match action {
                            Json::Null => None,
                            Json::String(name) => Some(name),
                            _ => return Err(format!("actions.{label} must be a string or null")),
                        };
                        mapping.actions.insert(label, action);
                    }
                }
                "variables" => {
                    for (name, spec) in entries {
                        let variable = variable_spec(&name, spec)?;
                        mapping.variables.insert(name, variable);
                    }
                }
                other => return Err(format!("unknown field {other} (valid: actions, variables)")),
            }
        }
        Ok(mapping)
    }

    /// How `prefix.name` is observed (looked up as `prefix.name`, then `name`).
    fn variable(&self, prefix: &str, name: &str) -> Option<Option<PgoVariable>> {
        let qualified = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}.{name}")
        };
        self.variables
            .get(&qualified)
            .or_else(|| self.variables.get(name))
            .cloned()
    }
}

fn variable_spec(name: &str, spec: Json) -> Result<Option<PgoVariable>, String> {
    let fields = match spec {
        Json::Null => return Ok(None),
        Json::Object(fields) => fields,
        _ => return Err(format!("variables.{name} must be an object or null")),
    };
    let mut variable = PgoVariable::default();
    for (field, value) in fields {
        match (field.as_str(), value) {
            ("as", Json::String(observable)) => variable.observable = Some(observable),
            ("channel", Json::String(kind)) => {
                variable.channel = Some(match kind.as_str() {
                    "bag" => Channel::Bag,
                    "fifo" => Channel::Fifo,
                    _ => return Err(format!("variables.{name}.channel must be bag or fifo")),
                })
            }
            ("global", Json::Bool(global)) => variable.global = global,
            ("at", Json::Array(keys)) => {
                for key in keys {
                    let key = match key {
                        Json::String(text) => Some(Value::str(&text)),
                        Json::Number(n) => n.as_i64().map(Value::Int),
                        _ => None,
                    };
                    let Some(key) = key else {
                        return Err(format!(
                            "variables.{name}.at: each key must be a string or an integer"
                        ));
                    };
                    variable.at.push(key);
                }
            }
            (field, _) => {
                return Err(format!(
                    "variables.{name}.{field}: unknown or of the wrong type (valid: as, channel: strings; global: a Boolean; at: a list of keys)"
                ))
            }
        }
    }
    Ok(Some(variable))
}

/// Does the first record of `text` look like PGo's?
pub fn looks_like_pgo(first_line: &str) -> bool {
    matches!(
        serde_json::from_str::<Json>(first_line),
        Ok(Json::Object(map)) if map.contains_key("archetypeName") && map.contains_key("csElements")
    )
}

impl Reader<'_, '_> {
    /// One PGo record: an event, or nothing for an aborted record.
    pub(super) fn pgo_record(
        &self,
        raw: &str,
        at: &At,
        line: u32,
        trace: &mut ParsedTrace,
    ) -> Result<(), Diagnostic> {
        let record: Json = serde_json::from_str(raw).expect("the line is well-formed JSON");
        let field = |name: &str| record.get(name);
        let bad = |message: &str| at.error(codes::BAD_SHAPE, message.to_string());
        if field("isAbort").and_then(Json::as_bool).unwrap_or(false) {
            return Ok(());
        }
        let (Some(Json::String(archetype)), Some(Json::String(self_text))) =
            (field("archetypeName"), field("self"))
        else {
            return Err(bad("a PGo record needs archetypeName and self strings"));
        };
        let models = &self.vocabulary.model_values;
        let self_value = read_value(self_text, models)
            .map_err(|m| at.error(codes::BAD_VALUE, format!("self: {m}")))?;
        let origin = Origin {
            sends: Vec::new(),
            receives: Vec::new(),
            process: process_name(archetype, self_text),
            clock: clock(field("clock"), at)?,
        };
        if !origin.clock.iter().any(|(p, _)| *p == origin.process) {
            return Err(bad("the clock does not count the record's own process"));
        }
        let Some(Json::Array(elements)) = field("csElements") else {
            return Err(bad("a PGo record needs csElements"));
        };
        let mut step = Step {
            line: Some(line),
            number: trace.steps.len() + 1,
            action: None,
            pre: None,
            post: Vec::new(),
            reads: Vec::new(),
            deltas: Vec::new(),
            origin: Some(origin),
            actor: Some(self_value.clone()),
        };
        let mut label = None;
        for (i, element) in elements.iter().enumerate() {
            let element = Element::read(element, i, at)?;
            if element.name == ".pc" && element.tag == "read" && label.is_none() {
                label = Some(element.value.clone());
            }
            self.pgo_element(&element, &self_value, &mut step, at)?;
        }
        let Some(label) = label else {
            return Err(bad("the record has no read of .pc (its label)"));
        };
        step.action = self.pgo_action(&label, &self_value, at)?;
        trace.steps.push(step);
        Ok(())
    }

    /// The action a label names, with `self` bound.
    fn pgo_action(
        &self,
        label_text: &str,
        self_value: &Value,
        at: &At,
    ) -> Result<Option<NamedAction>, Diagnostic> {
        let label: String = serde_json::from_str(label_text).map_err(|_| {
            at.error(
                codes::BAD_VALUE,
                format!(".pc: {label_text} is not a label string"),
            )
        })?;
        let name = match self.vocabulary.pgo.actions.get(&label) {
            Some(None) => return Ok(None),
            Some(Some(name)) => name.clone(),
            None => without_archetype(&label).to_string(),
        };
        let Some(params) = self.vocabulary.actions.get(&name) else {
            return Err(at.error(
                codes::UNKNOWN_ACTION,
                format!(
                    "label {label}: the model has no action {name} (valid: {}); map the label in the --trace-map file",
                    self.vocabulary.action_order.join(", ")
                ),
            ));
        };
        let bound = match params.as_slice() {
            [only] => Some(only.clone()),
            _ => params.iter().find(|p| *p == "self").cloned(),
        };
        Ok(Some(NamedAction {
            name,
            args: bound.map(|p| (p, self_value.clone())).into_iter().collect(),
        }))
    }

    /// Adds what one element observes to `step`.
    fn pgo_element(
        &self,
        element: &Element,
        self_value: &Value,
        step: &mut Step,
        at: &At,
    ) -> Result<(), Diagnostic> {
        let default_name = if element.name == ".pc" {
            "pc"
        } else {
            &element.name
        };
        let variable = match self.vocabulary.pgo.variable(&element.prefix, &element.name) {
            Some(None) => return Ok(()),
            Some(Some(variable)) => variable,
            None => PgoVariable::default(),
        };
        let observable_name = variable.observable.as_deref().unwrap_or(default_name);
        let Some(observable) = self.vocabulary.observable_index(observable_name) else {
            return Err(at.error(
                codes::UNKNOWN_OBSERVABLE,
                format!(
                    "{}: the model has no variable or zero-argument operator {observable_name} (valid: {}); map it, or mark it unobserved (null), in the --trace-map file",
                    element.qualified(), self.vocabulary.observable_list()
                ),
            ));
        };
        let models = &self.vocabulary.model_values;
        let read = |text: &str| {
            read_value(text, models)
                .map_err(|m| at.error(codes::BAD_VALUE, format!("{}: {m}", element.qualified())))
        };
        let mut value = read(&element.value)?;
        if element.name == ".pc" {
            if let Some(label) = value.as_str() {
                value = Value::str(without_archetype(label));
            }
        }
        let mut path = if element.indices.is_empty() && variable.global {
            Vec::new()
        } else if element.indices.is_empty() {
            vec![self_value.clone()]
        } else {
            element
                .indices
                .iter()
                .map(|i| read(i))
                .collect::<Result<Vec<_>, _>>()?
        };
        path.extend(variable.at.iter().cloned());
        let written_before = step.deltas.iter().any(|d| {
            d.observable == observable && (d.path.starts_with(&path) || path.starts_with(&d.path))
        });
        let op = match (element.tag.as_str(), variable.channel) {
            ("write", None) => Some(DeltaOp::Update),
            ("write", Some(Channel::Bag)) => Some(DeltaOp::AddToBag),
            ("write", Some(Channel::Fifo)) => Some(DeltaOp::AppendElement),
            ("read", Some(Channel::Bag)) => Some(DeltaOp::RemoveFromBag),
            ("read", Some(Channel::Fifo)) => Some(DeltaOp::RemoveHead),
            ("read", None) => None,
            (tag, _) => {
                return Err(at.error(
                    codes::BAD_SHAPE,
                    format!("{}: unknown tag {tag}", element.qualified()),
                ))
            }
        };
        match op {
            Some(op) => step.deltas.push(Delta {
                observable,
                path,
                op,
                args: vec![value],
            }),
            // A read after a write of the same variable sees the write: the write says it.
            None if written_before => {}
            None => step.reads.push(Read {
                observable,
                path,
                value,
            }),
        }
        Ok(())
    }
}

/// One element of `csElements`.
struct Element {
    name: String,
    prefix: String,
    tag: String,
    indices: Vec<String>,
    value: String,
}

impl Element {
    fn read(json: &Json, index: usize, at: &At) -> Result<Element, Diagnostic> {
        let bad = || {
            at.error(
                codes::BAD_SHAPE,
                format!("csElements[{}] is not a PGo element", index + 1),
            )
        };
        let text = |j: Option<&Json>| j.and_then(Json::as_str).map(str::to_string);
        let name = json.get("name").ok_or_else(bad)?;
        let indices = match json.get("indices") {
            Some(Json::Array(items)) => items
                .iter()
                .map(|i| i.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        Ok(Element {
            name: text(name.get("name")).ok_or_else(bad)?,
            prefix: text(name.get("prefix")).unwrap_or_default(),
            tag: text(json.get("tag")).ok_or_else(bad)?,
            indices,
            value: text(json.get("value")).ok_or_else(bad)?,
        })
    }

    fn qualified(&self) -> String {
        if self.prefix.is_empty() {
            self.name.clone()
        } else {
            format!("{}.{}", self.prefix, self.name)
        }
    }
}

/// `Archetype(self)`.
fn process_name(archetype: &str, self_text: &str) -> String {
    format!("{archetype}({self_text})")
}

/// `AClient.acquireLock` is `acquireLock`.
fn without_archetype(label: &str) -> &str {
    label.split_once('.').map_or(label, |(_, rest)| rest)
}

/// `[[["AServer","0"],2],[["AClient","5"],2]]` as `[("AServer(0)", 2), ("AClient(5)", 2)]`.
fn clock(json: Option<&Json>, at: &At) -> Result<Vec<(String, u64)>, Diagnostic> {
    let bad = || {
        at.error(
            codes::BAD_SHAPE,
            "clock must be a list of [[archetype, self], count]".into(),
        )
    };
    let Some(Json::Array(entries)) = json else {
        return Err(bad());
    };
    let mut clock = Vec::new();
    for entry in entries {
        let (Some(id), Some(count)) = (entry.get(0), entry.get(1).and_then(Json::as_u64)) else {
            return Err(bad());
        };
        let (Some(archetype), Some(self_text)) = (
            id.get(0).and_then(Json::as_str),
            id.get(1).and_then(Json::as_str),
        ) else {
            return Err(bad());
        };
        clock.push((process_name(archetype, self_text), count));
    }
    clock.sort();
    Ok(clock)
}
