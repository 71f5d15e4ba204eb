//! The Informal Trace Format (ITF, Apalache's JSON trace format) for states and traces.
//!
//! Values: Booleans, strings and integers as JSON (integers outside ±2^53 as
//! `{"#bigint": "…"}`), sequences and tuples as arrays, records as objects, other functions
//! as `{"#map": [[k, v], …]}`, sets as `{"#set": […]}`, model values as
//! `{"#unserializable": "name"}` would lose their identity, so they are written as strings
//! of their name (as TLC's ITF export does). A set that cannot be enumerated is written as
//! `{"#unserializable": "Nat"}`.

use serde_json::{json, Map, Value as Json};
use tlafid_sema::ir::Program;
use tlafid_value::Value;

const SAFE_INT: i64 = 1 << 53;

/// A TLA+ value as ITF JSON.
pub fn value(v: &Value) -> Json {
    match v {
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(n) if n.abs() < SAFE_INT => json!(n),
        Value::Int(n) => json!({ "#bigint": n.to_string() }),
        Value::BigInt(n) => json!({ "#bigint": n.to_string() }),
        Value::Str(s) => Json::String(s.to_string()),
        Value::Model(m) => Json::String(m.name.to_string()),
        Value::Seq(s) => Json::Array(s.elems().iter().map(value).collect()),
        Value::Record(r) => Json::Object(
            r.fields()
                .iter()
                .map(|(k, v)| (k.to_string(), value(v)))
                .collect(),
        ),
        Value::Fcn(f) => json!({
            "#map": f.pairs().iter().map(|(k, v)| json!([value(k), value(v)])).collect::<Vec<_>>()
        }),
        Value::Set(_) | Value::Interval(..) | Value::Lazy(_) => match v.iter_set() {
            Ok(elems) if v.is_finite_set() => {
                json!({ "#set": elems.map(|e| value(&e)).collect::<Vec<_>>() })
            }
            _ => json!({ "#unserializable": v.to_string() }),
        },
    }
}

/// One state as an ITF object (`#meta.index` plus one field per variable).
pub fn state(program: &Program, index: usize, values: &[Value]) -> Json {
    let mut object = Map::new();
    object.insert("#meta".into(), json!({ "index": index }));
    for (decl, v) in program.vars.iter().zip(values) {
        object.insert(decl.name.to_string(), value(v));
    }
    Json::Object(object)
}

/// A whole trace; `loop_index` is the state a lasso returns to.
pub fn trace(
    program: &Program,
    states: &[&[Value]],
    description: &str,
    loop_index: Option<usize>,
) -> Json {
    let mut object = Map::new();
    object.insert(
        "#meta".into(),
        json!({ "format": "ITF", "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
                "source": program.root.to_string(), "description": description }),
    );
    object.insert(
        "vars".into(),
        json!(program
            .vars
            .iter()
            .map(|v| v.name.to_string())
            .collect::<Vec<_>>()),
    );
    object.insert(
        "states".into(),
        Json::Array(
            states
                .iter()
                .enumerate()
                .map(|(i, s)| state(program, i, s))
                .collect(),
        ),
    );
    if let Some(l) = loop_index {
        object.insert("loop".into(), json!(l));
    }
    Json::Object(object)
}
