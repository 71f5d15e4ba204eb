//! The reading side of `IOUtils` and `Json`: `IOEnv` (the variables the caller gave, never
//! the process's environment) and the JSON deserializers, which read a file only through
//! the caller's [`FileReader`](crate::FileReader). Nothing here writes, runs a program or
//! reaches the network; those operators stay refused in `ext.rs`.
//!
//! JSON becomes TLA+ values as the CommunityModules' `Json` module makes them: an object a
//! record (a function on its keys, `{}` the empty function), an array a tuple, a string a
//! string, `true`/`false` booleans, a number an integer. Where TLC would silently change a
//! value (a fraction truncated, an integer outside 32 bits wrapped) or fails (`null`), the
//! read is an error naming the file, line and value.

use std::sync::Arc;

use tlafid_base::Span;
use tlafid_value::{Text, Value};

use super::value_arg;
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_FILE_CONTENT, E_FILE_NOT_ALLOWED, E_FILE_UNREADABLE};
use crate::frame::Arg;
use crate::inputs::FileRefusal;

/// `IOEnv`: a record of the variables given to the evaluator (`--env NAME=VALUE`).
pub(super) fn io_env(ctx: &mut Ctx<'_, '_>, _: Vec<Arg>, _: Span) -> EvalResult<Value> {
    let fields = (ctx.ev.options.inputs.env.iter())
        .map(|(name, value)| (Text::new(name), Value::str(value)))
        .collect();
    Ok(Value::record(fields))
}

/// How a file is read as JSON.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum JsonFile {
    /// One JSON value per non-blank line, the lines as a tuple (`ndJsonDeserialize`).
    Lines,
    /// One JSON value (`JsonDeserialize`).
    Whole,
}

/// `ndJsonDeserialize(path)`.
pub(super) fn nd_json_deserialize(
    ctx: &mut Ctx<'_, '_>,
    args: Vec<Arg>,
    span: Span,
) -> EvalResult<Value> {
    deserialize(ctx, &args, span, JsonFile::Lines, "ndJsonDeserialize")
}

/// `JsonDeserialize(path)`.
pub(super) fn json_deserialize(
    ctx: &mut Ctx<'_, '_>,
    args: Vec<Arg>,
    span: Span,
) -> EvalResult<Value> {
    deserialize(ctx, &args, span, JsonFile::Whole, "JsonDeserialize")
}

fn deserialize(
    ctx: &mut Ctx<'_, '_>,
    args: &[Arg],
    span: Span,
    how: JsonFile,
    op: &str,
) -> EvalResult<Value> {
    let path = value_arg(args, 0, span)?;
    let Some(path) = path.as_str() else {
        return Err(EvalError::new(
            crate::error::E_TYPE,
            format!(
                "{op} takes a file name (a string), not the {} {path}",
                path.kind_name()
            ),
            span,
        ));
    };
    // Read once per evaluator: what the spec sees cannot change while it is checked.
    let key = (how, path.to_string());
    if let Some(value) = ctx
        .ev
        .file_values
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
    {
        return Ok(value.clone());
    }
    let text = read(ctx, path, span, op)?;
    let value = match how {
        JsonFile::Lines => lines_value(&text),
        JsonFile::Whole => parse(&text, None),
    }
    .map_err(|why| EvalError::new(E_FILE_CONTENT, format!("{op}(\"{path}\"): {why}"), span))?;
    let mut cache = ctx.ev.file_values.lock().unwrap_or_else(|e| e.into_inner());
    Ok(cache.entry(key).or_insert(value).clone())
}

fn read(ctx: &Ctx<'_, '_>, path: &str, span: Span, op: &str) -> EvalResult<Arc<str>> {
    let refused = |resolved: Option<String>| {
        let through = match resolved {
            Some(resolved) if resolved != path => {
                format!(" (through a link, {resolved})")
            }
            _ => String::new(),
        };
        EvalError::new(
            E_FILE_NOT_ALLOWED,
            format!("{op}(\"{path}\") reads a file{through} the command line does not allow"),
            span,
        )
        .with_hint(format!(
            "allow it with --allow-read {path} (or a folder holding it)"
        ))
    };
    match &ctx.ev.options.inputs.read_file {
        None => Err(refused(None)),
        Some(reader) => reader(path).map_err(|refusal| match refusal {
            FileRefusal::NotAllowed(resolved) => refused(resolved),
            FileRefusal::Unreadable(why) => {
                EvalError::new(E_FILE_UNREADABLE, format!("{op}(\"{path}\"): {why}"), span)
            }
        }),
    }
}

/// The non-blank lines of `text`, each one JSON value, as a tuple.
fn lines_value(text: &str) -> Result<Value, String> {
    let mut values = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.is_empty() {
            values.push(parse(line, Some(i + 1))?);
        }
    }
    Ok(Value::seq(values))
}

fn parse(text: &str, line: Option<usize>) -> Result<Value, String> {
    let at = |why: String| match line {
        Some(n) => format!("line {n}: {why}"),
        None => why,
    };
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| at(e.to_string()))?;
    to_value(&json).map_err(at)
}

/// A JSON value as the CommunityModules' `Json` module reads it.
pub(crate) fn to_value(json: &serde_json::Value) -> Result<Value, String> {
    use serde_json::Value as J;
    Ok(match json {
        J::Bool(b) => Value::Bool(*b),
        J::String(s) => Value::str(s),
        J::Number(n) => Value::Int(integer(n)?),
        J::Array(items) => Value::seq(items.iter().map(to_value).collect::<Result<_, _>>()?),
        J::Object(fields) => Value::record(
            fields
                .iter()
                .map(|(k, v)| Ok((Text::new(k), to_value(v)?)))
                .collect::<Result<_, String>>()?,
        ),
        J::Null => return Err("null has no TLA+ value (TLC fails on it too)".into()),
    })
}

/// A JSON number as TLC's 32-bit integer; a number TLC would truncate or wrap is refused.
fn integer(n: &serde_json::Number) -> Result<i64, String> {
    let whole = match (n.as_i64(), n.as_f64()) {
        (Some(i), _) => Some(i),
        (None, Some(f)) if f.fract() == 0.0 && f.abs() <= f64::from(i32::MAX) => Some(f as i64),
        _ => None,
    };
    match whole {
        Some(i) if i32::try_from(i).is_ok() => Ok(i),
        Some(_) => Err(format!(
            "the number {n} is outside TLC's 32-bit integers (TLC would wrap it)"
        )),
        None => Err(format!(
            "the number {n} is not an integer (TLC would truncate it)"
        )),
    }
}
