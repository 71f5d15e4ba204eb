//! `-dumpTrace json|tla|dot FILE`: the counterexample in the shapes TLC writes, TLC's
//! `_JsonTrace` object and `_TLAPlusCounterExample` module, both over TLC's
//! `CounterExample` record (`state`: numbered states, `action`: numbered steps with the
//! action's name and location).

use std::io::Write;
use std::path::Path;

use serde_json::{json, Map, Value as Json};
use tlafid_base::SourceMap;
use tlafid_eval::Value;
use tlafid_pipeline::run::Counterexample;

use super::args::DumpFormat;
use super::transcript::{code, Class, Transcript};

/// Writes the counterexample to `file` and says so, as TLC's post-condition does.
pub fn write(
    out: &mut Transcript<impl Write>,
    format: DumpFormat,
    file: &Path,
    sources: &SourceMap,
    counterexample: &Counterexample,
) {
    let text = match format {
        DumpFormat::Json => json_trace(sources, counterexample).to_string(),
        DumpFormat::Tla => tla_trace(file, sources, counterexample),
        DumpFormat::Dot => match &counterexample.dump {
            Some(dump) => {
                if let Some(cut) = &dump.dot.cut {
                    eprintln!(
                        "warning[{}]: {}: {cut}",
                        tlafid_pipeline::codes::OUTPUT_CUT,
                        file.display()
                    );
                }
                dump.dot.text.clone()
            }
            None => String::new(),
        },
    };
    match crate::output::write_file(file, &text) {
        Ok(()) => out.line(&format!("CounterExample written: {}", file.display())),
        Err(error) => out.message(
            code::GENERAL,
            Class::Error,
            &format!("Cannot write {}: {error}", file.display()),
        ),
    }
}

/// A step's action: its name and TLC's location record.
struct Step<'a> {
    name: &'a str,
    location: [u32; 4],
    module: String,
}

fn steps<'a>(sources: &SourceMap, counterexample: &'a Counterexample) -> Vec<Option<Step<'a>>> {
    counterexample
        .states
        .iter()
        .map(|state| {
            state.action.as_ref().map(|a| {
                let (name, body) = super::tlc_action(sources, a);
                let file = sources.get(body.file);
                let (start, end) = (
                    file.line_col(body.start),
                    file.line_col(body.end.saturating_sub(1)),
                );
                Step {
                    name,
                    location: [start.line, start.col, end.line, end.col],
                    module: super::module_name(Path::new(&file.name)),
                }
            })
        })
        .collect()
}

fn json_trace(sources: &SourceMap, counterexample: &Counterexample) -> Json {
    let states: Vec<Json> = counterexample
        .states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let fields: Map<String, Json> = s
                .lines
                .iter()
                .map(|(n, v)| (n.clone(), json_value(v)))
                .collect();
            json!([i + 1, fields])
        })
        .collect();
    let actions: Vec<Json> = steps(sources, counterexample)
        .iter()
        .enumerate()
        .filter_map(|(i, step)| {
            let step = step.as_ref()?;
            let [bl, bc, el, ec] = step.location;
            Some(json!([
                states[i - 1],
                {"name": step.name, "location": {"beginLine": bl, "beginColumn": bc, "endLine": el, "endColumn": ec, "module": step.module}},
                states[i]
            ]))
        })
        .collect();
    let vars: Vec<&str> = counterexample
        .states
        .first()
        .map(|s| s.lines.iter().map(|(n, _)| n.as_str()).collect())
        .unwrap_or_default();
    json!({"counterexample": {"action": actions, "state": states}, "vars": vars})
}

/// A value as TLC's `Json` module writes it: records and functions as objects, sequences
/// and sets as arrays, model values as their names.
fn json_value(value: &Value) -> Json {
    match value {
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(n) => json!(n),
        Value::BigInt(n) => Json::String(n.to_string()),
        Value::Str(s) => Json::String(s.to_string()),
        Value::Model(m) => Json::String(m.name.to_string()),
        Value::Seq(s) => Json::Array(s.elems().iter().map(json_value).collect()),
        Value::Record(r) => Json::Object(
            r.fields()
                .iter()
                .map(|(k, v)| (k.to_string(), json_value(v)))
                .collect(),
        ),
        Value::Fcn(f) => Json::Object(
            f.pairs()
                .iter()
                .map(|(k, v)| {
                    let key = k.as_str().map_or_else(|| k.to_string(), str::to_string);
                    (key, json_value(v))
                })
                .collect(),
        ),
        Value::Set(_) | Value::Interval(..) | Value::Lazy(_) => match value.iter_set() {
            Ok(elems) if value.is_finite_set() => {
                Json::Array(elems.map(|e| json_value(&e)).collect())
            }
            _ => Json::String(value.to_string()),
        },
    }
}

fn tla_trace(file: &Path, sources: &SourceMap, counterexample: &Counterexample) -> String {
    let record = |i: usize| {
        let fields: Vec<String> = counterexample.states[i]
            .lines
            .iter()
            .map(|(n, v)| format!("{n} |-> {v}"))
            .collect();
        format!("<<{}, [{}]>>", i + 1, fields.join(", "))
    };
    let states: Vec<String> = (0..counterexample.states.len()).map(record).collect();
    let actions: Vec<String> = steps(sources, counterexample)
        .iter()
        .enumerate()
        .filter_map(|(i, step)| {
            let step = step.as_ref()?;
            let [bl, bc, el, ec] = step.location;
            Some(format!(
                "<<{}, [name |-> {:?}, location |-> [beginLine |-> {bl}, beginColumn |-> {bc}, endLine |-> {el}, endColumn |-> {ec}, module |-> {:?}]], {}>>",
                states[i - 1], step.name, step.module, states[i]
            ))
        })
        .collect();
    let module = super::module_name(file);
    format!(
        "---- MODULE {module} ----\nLOCAL INSTANCE TLC\n\nCounterExample == \n\t[action |-> {{{}}}, state |-> {{{}}}]\n\n====\n",
        actions.join(", "),
        states.join(", ")
    )
}
