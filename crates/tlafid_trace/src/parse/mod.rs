//! Reading a trace's text into steps: the event log (NDJSON with an optional `init` line),
//! action windows (`action`, `data`, `pre_state`, `post_state`) and ITF documents. Names are
//! resolved against the model's [`Vocabulary`]; every problem is a diagnostic with the
//! trace file, line and field, and the names that would have been valid.

use serde_json::Value as Json;
use tlafid_base::{Diagnostic, FileId, Span};
use tlafid_value::Value;

use crate::codes;
use crate::delta::{Delta, Read};
use crate::json::to_value;
use crate::shared::{self, Field, Memo};

mod ops;
mod pgo;
mod sysmobench;
mod tla_text;

use crate::layout::Layout;
use crate::vocabulary::Vocabulary;
use crate::wellformed::{checked, checked_after};
pub use pgo::{Channel, PgoMapping, PgoVariable};

/// How a trace is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceFormat {
    /// NDJSON, one `{"action", "args", "state"}` a line, optional `{"init": ...}` first.
    EventLog,
    /// NDJSON, one `{"action", "data", "pre_state", "post_state"}` a line.
    Windows,
    /// Apalache's Informal Trace Format: full states, no action names.
    Itf,
    /// PGo's native log: one record a line per critical section, with a vector clock.
    Pgo,
}

impl TraceFormat {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            TraceFormat::EventLog => "event",
            TraceFormat::Windows => "windows",
            TraceFormat::Itf => "itf",
            TraceFormat::Pgo => "pgo",
        }
    }

    /// Is `text` (in `format`, or detected) one log of a multi-process run: a PGo log, or an
    /// event log whose first event carries a process and a clock?
    pub fn is_multi_process(text: &str, format: Option<TraceFormat>) -> bool {
        match format.unwrap_or_else(|| TraceFormat::detect(text)) {
            TraceFormat::Pgo => true,
            TraceFormat::EventLog => text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .take(2)
                .any(|line| {
                    matches!(
                        serde_json::from_str::<Json>(line),
                        Ok(Json::Object(map)) if map.contains_key("process") && (map.contains_key("clock") || map.contains_key("seq"))
                    )
                }),
            _ => false,
        }
    }

    /// Detects the format by content: an ITF document is one JSON object with `states` (or
    /// `#meta`), written over many lines or on one (as Quint writes it); an event log or
    /// action windows have one JSON object a line, windows with `pre_state`/`post_state`.
    pub fn detect(text: &str) -> TraceFormat {
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if pgo::looks_like_pgo(first) {
            return TraceFormat::Pgo;
        }
        match serde_json::from_str::<Json>(first) {
            Ok(Json::Object(map)) if map.contains_key("states") || map.contains_key("#meta") => {
                TraceFormat::Itf
            }
            Ok(Json::Object(map))
                if map.contains_key("pre_state") || map.contains_key("post_state") =>
            {
                TraceFormat::Windows
            }
            Ok(_) => TraceFormat::EventLog,
            Err(_) => TraceFormat::Itf,
        }
    }
}

/// Observed values: `(observable index, value)`, sorted by observable.
pub type Observation = Vec<(usize, Value)>;

/// The action a step names, with the arguments it binds.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAction {
    /// The action's name.
    pub name: String,
    /// Parameter name and logged value, in the order logged.
    pub args: Vec<(String, Value)>,
}

/// One step of a trace: one model step.
#[derive(Clone, Debug)]
pub struct Step {
    /// Its line in the file (NDJSON formats); `None` for ITF.
    pub line: Option<u32>,
    /// Its number: 1 for the first step (the ITF state index).
    pub number: usize,
    /// The action it names, if any.
    pub action: Option<NamedAction>,
    /// The observables before the step (action windows only).
    pub pre: Option<Observation>,
    /// The observables after the step.
    pub post: Observation,
    /// Values read before the step, at paths (`reads`).
    pub reads: Vec<Read>,
    /// Updates at paths (`updates`), applied to the values before the step.
    pub deltas: Vec<Delta>,
    /// In a multi-process trace: the process that took the step, and its vector clock.
    pub origin: Option<Origin>,
    /// The identity (`self`) of the process that took the step, when the log gives it
    /// (PGo): with self binding, a step naming no action is one of this process's.
    pub actor: Option<Value>,
}

/// Where a step of a multi-process trace comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The process (as logged).
    pub process: String,
    /// The vector clock: per process, how many of its events happened before or at this
    /// one (its own entry is this event's number in its process). With a sequence number
    /// instead of a clock, only the own entry.
    pub clock: Vec<(String, u64)>,
    /// The messages (by id) this event sends.
    pub sends: Vec<String>,
    /// The messages (by id) this event receives: it happens after each one's send.
    pub receives: Vec<String>,
}

/// A parsed trace.
#[derive(Clone, Debug, Default)]
pub struct ParsedTrace {
    /// What the initial state must satisfy (`None`: any initial state).
    pub init: Option<Observation>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// ITF state fields Quint writes for model-based testing: the action that reached the
/// state, and the values its `nondet` bindings picked (`{"tag": "Some", "value": v}`, or
/// `"None"` for bindings of other actions).
pub const MBT_ACTION: &str = "mbt::actionTaken";
/// See [`MBT_ACTION`].
pub const MBT_PICKS: &str = "mbt::nondetPicks";

/// Parses `text` (the contents of `file`) as a trace in `format`; with `ignore_unknown`,
/// fields, observables and arguments the model does not know are skipped instead of refused
/// (implementations log timestamps and the like); an action the model lacks still is.
pub fn parse(
    text: &str,
    file: FileId,
    format: TraceFormat,
    vocabulary: &Vocabulary,
    ignore_unknown: bool,
) -> Result<ParsedTrace, Vec<Diagnostic>> {
    // A string that names a model value is ambiguous (see `crate::loose`), except in
    // windows, whose pre-states may become whole states of the model.
    let models = match format {
        TraceFormat::Windows => vocabulary.model_values.clone(),
        _ => crate::loose::ambiguous(&vocabulary.model_values),
    };
    let mut reader = Reader {
        file,
        seen_line: false,
        ignore_unknown,
        vocabulary,
        models,
        memos: (0..vocabulary.observable_names.len())
            .map(|_| None)
            .collect(),
        layout: Layout::none(),
    };
    let (trace, problems) = match format {
        TraceFormat::Itf => reader.itf(text),
        TraceFormat::EventLog | TraceFormat::Windows | TraceFormat::Pgo => {
            reader.lines(text, format)
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    if trace.steps.is_empty() && trace.init.is_none() && format != TraceFormat::Pgo {
        return Err(vec![Diagnostic::error(
            codes::EMPTY_TRACE,
            "the trace has no steps",
            Span::new(file, 0, 0),
        )]);
    }
    Ok(trace)
}

struct Reader<'v, 't> {
    file: FileId,
    /// A non-blank line has been read.
    seen_line: bool,
    ignore_unknown: bool,
    vocabulary: &'v Vocabulary,
    /// The model values strings may name (ambiguous ones, see `crate::loose`).
    models: crate::json::ModelValues,
    /// Per observable, its value in the previous state read (see [`crate::shared`]).
    memos: Vec<Option<Memo<'t>>>,
    /// Where the arrays and objects of the line (or ITF document) being read close.
    layout: Layout<'t>,
}

/// Does `text` open with SysMoBench's constants line (its first two non-blank lines: a
/// line with none of the event log's keys, then an `event` line)?
fn sysmobench_constants(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).map(|l| {
        let line = l.trim();
        // A malformed line is reported by the reader, with its line number.
        let layout = checked(line).ok()?;
        shared::fields(line, &layout)
    });
    match (lines.next(), lines.next()) {
        (Some(Some(first)), Some(Some(second))) => {
            sysmobench::is_constants_line(&first, Some(&second))
        }
        _ => false,
    }
}

/// The raw text of field `key` of a line's fields.
fn get<'t>(fields: &[Field<'t>], key: &str) -> Option<&'t str> {
    fields
        .iter()
        .rev()
        .find(|(_, k, _)| k == key)
        .map(|(_, _, raw)| *raw)
}

/// Small fields (`action`, `args`, `data`) as JSON values.
fn small(raw: Option<&str>, at: &At) -> Result<Option<Json>, Diagnostic> {
    raw.map(|raw| serde_json::from_str(raw).map_err(|e| malformed(at, e)))
        .transpose()
}

/// A part of a line that serde_json refuses (the line was checked whole, so this is a
/// defect of the checks; reported, never a panic).
fn malformed(at: &At, e: serde_json::Error) -> Diagnostic {
    at.error(codes::MALFORMED_JSON, format!("malformed JSON: {e}"))
}

/// Where a problem is: the span of the line and a description ("line 4", "state 3").
struct At {
    span: Span,
    place: String,
}

impl At {
    fn error(&self, code: tlafid_base::Code, message: String) -> Diagnostic {
        Diagnostic::error(code, format!("{}: {message}", self.place), self.span)
    }
}

impl<'t> Reader<'_, 't> {
    fn lines(&mut self, text: &'t str, format: TraceFormat) -> (ParsedTrace, Vec<Diagnostic>) {
        let mut trace = ParsedTrace::default();
        let mut problems = Vec::new();
        let mut offset = 0usize;
        let constants_line = format == TraceFormat::EventLog && sysmobench_constants(text);
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let line = raw.trim_end_matches(['\n', '\r']);
            let at = At {
                span: Span::new(self.file, offset as u32, (offset + line.len()) as u32),
                place: format!("line {}", i + 1),
            };
            offset += raw.len();
            if line.trim().is_empty() {
                continue;
            }
            if constants_line && trace.steps.is_empty() && problems.is_empty() && !self.seen_line {
                // SysMoBench's constants line: the model's configuration gives them.
                self.seen_line = true;
                continue;
            }
            self.seen_line = true;
            // The previous line's layout guides the scan: most of a line repeats it.
            let fields = checked_after(line, &self.layout).map(|layout| {
                let fields = shared::fields(line.trim(), &layout);
                self.layout = layout;
                fields
            });
            let result = match fields {
                Ok(Some(_)) if format == TraceFormat::Pgo => {
                    self.pgo_record(line, &at, i as u32 + 1, &mut trace)
                }
                Ok(Some(fields)) => self.line(&fields, &at, i as u32 + 1, format, &mut trace),
                Ok(None) => Err(at.error(
                    codes::BAD_SHAPE,
                    "a trace line must be a JSON object".into(),
                )),
                Err(e) => Err(at.error(codes::MALFORMED_JSON, format!("malformed JSON: {e}"))),
            };
            if let Err(problem) = result {
                problems.push(problem);
            }
        }
        (trace, problems)
    }

    fn line(
        &mut self,
        map: &[Field<'t>],
        at: &At,
        line: u32,
        format: TraceFormat,
        trace: &mut ParsedTrace,
    ) -> Result<(), Diagnostic> {
        if format == TraceFormat::EventLog && sysmobench::is_event_line(map) {
            return self.sysmobench_event(map, at, line, trace);
        }
        if let (TraceFormat::EventLog, Some(init)) = (format, get(map, "init")) {
            // Other fields: any (unknown ones too, unless they are ignored).
            let step_fields = ["action", "args", "state"];
            let other = map.iter().any(|(_, k, _)| {
                k != "init" && (!self.ignore_unknown || step_fields.contains(&k.as_ref()))
            });
            if !trace.steps.is_empty() || trace.init.is_some() || other {
                return Err(at.error(
                    codes::BAD_SHAPE,
                    "an {\"init\": ...} line must be the first line and have no other field".into(),
                ));
            }
            trace.init = Some(self.observation(init, "init", at)?);
            return Ok(());
        }
        let (valid, args_key, post_key): (&[&str], _, _) = match format {
            TraceFormat::Windows => (
                &["action", "data", "pre_state", "post_state"],
                "data",
                "post_state",
            ),
            _ => (
                &[
                    "action", "args", "state", "updates", "reads", "process", "clock", "seq",
                    "send", "receive",
                ],
                "args",
                "state",
            ),
        };
        let unknown = map.iter().find(|(_, k, _)| !valid.contains(&k.as_ref()));
        if let Some((_, unknown, _)) = unknown.filter(|_| !self.ignore_unknown) {
            return Err(at.error(
                codes::BAD_SHAPE,
                format!("unknown field {unknown} (valid: {})", valid.join(", ")),
            ));
        }
        let (name, args) = (
            small(get(map, "action"), at)?,
            small(get(map, args_key), at)?,
        );
        let action = self.action(name.as_ref(), args.as_ref(), args_key, at)?;
        let pre = match get(map, "pre_state") {
            Some(state) => Some(self.observation(state, "pre_state", at)?),
            None if format == TraceFormat::Windows => {
                return Err(at.error(codes::BAD_SHAPE, "the window has no pre_state".into()))
            }
            None => None,
        };
        let post = match get(map, post_key) {
            Some(state) => self.observation(state, post_key, at)?,
            None if format == TraceFormat::Windows => {
                return Err(at.error(codes::BAD_SHAPE, "the window has no post_state".into()))
            }
            None => Observation::new(),
        };
        let reads = match get(map, "reads") {
            Some(raw) => self.reads(raw, at)?,
            None => Vec::new(),
        };
        let deltas = match get(map, "updates") {
            Some(raw) => self.deltas(raw, at)?,
            None => Vec::new(),
        };
        let origin = self.origin(
            small(get(map, "process"), at)?,
            small(get(map, "clock"), at)?,
            small(get(map, "seq"), at)?,
            at,
        )?;
        let origin = self.messages(
            origin,
            small(get(map, "send"), at)?,
            small(get(map, "receive"), at)?,
            at,
        )?;
        trace.steps.push(Step {
            line: Some(line),
            number: trace.steps.len() + 1,
            action,
            pre,
            post,
            reads,
            deltas,
            origin,
            actor: None,
        });
        Ok(())
    }

    fn action(
        &self,
        name: Option<&Json>,
        args: Option<&Json>,
        args_key: &str,
        at: &At,
    ) -> Result<Option<NamedAction>, Diagnostic> {
        let name = match name {
            None if args.is_some() => {
                return Err(at.error(codes::BAD_SHAPE, format!("{args_key} without an action")))
            }
            None => return Ok(None),
            Some(Json::String(name)) => name,
            Some(_) => return Err(at.error(codes::BAD_SHAPE, "action must be a string".into())),
        };
        // An action name is no field: one the model lacks is refused even when unknown
        // fields are ignored (the step would otherwise be checked as any action's).
        let Some(params) = self.vocabulary.actions.get(name) else {
            let valid: Vec<&str> = self
                .vocabulary
                .action_order
                .iter()
                .map(String::as_str)
                .collect();
            return Err(at.error(
                codes::UNKNOWN_ACTION,
                format!(
                    "the model has no action {name} (valid: {})",
                    valid.join(", ")
                ),
            ));
        };
        let mut bound = Vec::new();
        match args {
            None => {}
            Some(Json::Object(fields)) => {
                for (param, json) in fields {
                    if !params.contains(param) && self.ignore_unknown {
                        continue;
                    }
                    if !params.contains(param) {
                        return Err(at.error(
                            codes::UNKNOWN_ARGUMENT,
                            format!(
                                "{args_key}.{param}: the action {name} has no parameter {param} (valid: {})",
                                if params.is_empty() { "none".to_string() } else { params.join(", ") }
                            ),
                        ));
                    }
                    let field = format!("{args_key}.{param}");
                    let value = to_value(json, &field, &self.models)
                        .map_err(|m| at.error(codes::BAD_VALUE, m))?;
                    bound.push((param.clone(), value));
                }
            }
            Some(_) => {
                return Err(at.error(codes::BAD_SHAPE, format!("{args_key} must be an object")))
            }
        }
        Ok(Some(NamedAction {
            name: name.clone(),
            args: bound,
        }))
    }

    fn observation(
        &mut self,
        state: &'t str,
        field: &str,
        at: &At,
    ) -> Result<Observation, Diagnostic> {
        let Some(fields) = shared::fields(state, &self.layout) else {
            return Err(at.error(codes::BAD_SHAPE, format!("{field} must be an object")));
        };
        let mut observed = Observation::new();
        for (_, name, raw) in fields {
            if name == "#meta" || name.starts_with("mbt::") {
                continue;
            }
            let index = self.vocabulary.observable_index(&name);
            if index.is_none() && self.ignore_unknown {
                continue;
            }
            let Some(index) = index else {
                return Err(at.error(
                    codes::UNKNOWN_OBSERVABLE,
                    format!(
                        "{field}.{name}: the model has no variable or zero-argument operator {name} (valid: {})",
                        self.vocabulary.observable_list()
                    ),
                ));
            };
            let models = &self.models;
            let value = match shared::read(raw, self.memos[index].take(), models, &self.layout) {
                Some(memo) => {
                    let value = memo.value.clone();
                    self.memos[index] = Some(memo);
                    value
                }
                None => {
                    let json: Json = serde_json::from_str(raw).map_err(|e| malformed(at, e))?;
                    to_value(&json, &format!("{field}.{name}"), models)
                        .map_err(|m| at.error(codes::BAD_VALUE, m))?
                }
            };
            observed.retain(|(i, _)| *i != index);
            observed.push((index, value));
        }
        observed.sort_by_key(|(i, _)| *i);
        Ok(observed)
    }

    fn itf(&mut self, text: &'t str) -> (ParsedTrace, Vec<Diagnostic>) {
        let mut trace = ParsedTrace::default();
        let whole = At {
            span: Span::new(self.file, 0, text.find('\n').unwrap_or(text.len()) as u32),
            place: "ITF document".into(),
        };
        let failed =
            |message: String, code| (ParsedTrace::default(), vec![whole.error(code, message)]);
        match checked(text) {
            Ok(layout) => self.layout = layout,
            Err(e) => return failed(format!("malformed JSON: {e}"), codes::MALFORMED_JSON),
        }
        let Some(top) = shared::fields(text.trim(), &self.layout) else {
            return failed("not a JSON object".into(), codes::BAD_SHAPE);
        };
        let Some(states) = get(&top, "states").and_then(|s| shared::items(s, &self.layout)) else {
            return failed("no \"states\" array".into(), codes::BAD_SHAPE);
        };
        let mut problems = Vec::new();
        for (index, state) in states.into_iter().enumerate() {
            let at = At {
                span: itf_state_span(text, self.file, index).unwrap_or(whole.span),
                place: format!("state {index}"),
            };
            let observed = self.observation(state, "state", &at);
            let action = match index {
                0 => Ok(None),
                _ => self.mbt_action(state, &at),
            };
            match (observed, action) {
                (Ok(observed), _) if index == 0 => trace.init = Some(observed),
                (Ok(observed), Ok(action)) => trace.steps.push(Step {
                    line: None,
                    number: index,
                    action,
                    pre: None,
                    post: observed,
                    reads: Vec::new(),
                    deltas: Vec::new(),
                    origin: None,
                    actor: None,
                }),
                (Err(problem), _) | (_, Err(problem)) => problems.push(problem),
            }
        }
        (trace, problems)
    }
}

impl Reader<'_, '_> {
    /// The action Quint says reached an ITF state (`mbt::actionTaken`), with the values its
    /// `nondet` bindings picked (`mbt::nondetPicks`) as arguments.
    fn mbt_action(&self, state: &str, at: &At) -> Result<Option<NamedAction>, Diagnostic> {
        let fields = shared::fields(state, &self.layout).unwrap_or_default();
        let Some(taken) = small(get(&fields, MBT_ACTION), at)? else {
            return Ok(None);
        };
        let picks = match small(get(&fields, MBT_PICKS), at)? {
            Some(Json::Object(picks)) => {
                let picked = picks.into_iter().filter_map(|(name, pick)| match pick {
                    Json::Object(mut option) if option.contains_key("tag") => {
                        let some = option.get("tag") == Some(&Json::String("Some".into()));
                        some.then(|| (name, option.remove("value").unwrap_or(Json::Null)))
                    }
                    value => Some((name, value)),
                });
                Some(Json::Object(picked.collect()))
            }
            Some(_) => {
                return Err(at.error(codes::BAD_SHAPE, format!("{MBT_PICKS} must be an object")))
            }
            None => None,
        };
        self.action(Some(&taken), picks.as_ref(), MBT_PICKS, at)
    }
}

/// The span of the line holding ITF state `index`, when states are written one a line with
/// their `#meta` index (as tlafid and the recorded traces write them).
fn itf_state_span(text: &str, file: FileId, index: usize) -> Option<Span> {
    let needle = format!("\"#meta\":{{\"index\":{index}}}");
    let at = text.find(&needle)?;
    let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    Some(Span::new(file, start as u32, end as u32))
}
