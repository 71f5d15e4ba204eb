//! `Sequences`.

use tlafid_base::Span;
use tlafid_value::{LazySet, Value, ValueResult};

use super::{fail, int_of, op_arg, truth, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::EvalResult;
use crate::frame::Arg;

// TLC lets `Len`, `Tail`, `SubSeq` and `\o` take strings (as sequences of characters);
// `Head`, `Append`, `SelectSeq`, application and `DOMAIN` refuse them, and a string is never
// equal to a tuple of one-character strings.

fn len(s: &Value) -> ValueResult<Value> {
    if let Value::Str(text) = s {
        return Ok(Value::Int(text.chars().count() as i64));
    }
    Ok(Value::Int(s.seq_elems()?.len() as i64))
}

fn append(s: &Value, e: &Value) -> ValueResult<Value> {
    s.append(e)
}

fn head(s: &Value) -> ValueResult<Value> {
    match s.seq_elems()?.first() {
        Some(h) => Ok(h.clone()),
        None => fail("Head applied to the empty sequence"),
    }
}

fn tail(s: &Value) -> ValueResult<Value> {
    if let Value::Str(text) = s {
        let mut chars = text.chars();
        return match chars.next() {
            Some(_) => Ok(Value::str(chars.as_str())),
            None => fail("Tail applied to the empty string"),
        };
    }
    match s.seq_elems()? {
        [] => fail("Tail applied to the empty sequence"),
        [_, rest @ ..] => Ok(Value::seq(rest.to_vec())),
    }
}

fn concat(a: &Value, b: &Value) -> ValueResult<Value> {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => return Ok(Value::str(&format!("{x}{y}"))),
        (Value::Str(_), _) => {
            return fail(format!(
                "{a} \\o {b}: a string can only be joined to a string, not the {} {b}",
                b.kind_name()
            ))
        }
        (_, Value::Str(_)) => {
            return fail(format!(
                "{a} \\o {b}: a sequence can only be joined to a sequence, not the string {b}"
            ))
        }
        _ => {}
    }
    let mut elems = a.seq_elems()?.to_vec();
    elems.extend_from_slice(b.seq_elems()?);
    Ok(Value::seq(elems))
}

fn seq_of(s: &Value) -> ValueResult<Value> {
    if !s.is_set() {
        return fail(format!(
            "Seq applied to the {} {s}, not a set",
            s.kind_name()
        ));
    }
    Ok(Value::lazy(LazySet::SeqOf(s.clone())))
}

fn sub_seq(_: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let s = value_arg(&args, 0, span)?;
    let (m, n) = (value_arg(&args, 1, span)?, value_arg(&args, 2, span)?);
    let r: ValueResult<Value> = (|| {
        let (m, n) = (int_of(m)?, int_of(n)?);
        if let Value::Str(text) = s {
            return sub_string(text, m, n);
        }
        let elems = s.seq_elems()?;
        if m > n {
            return Ok(Value::empty_seq());
        }
        if m < 1 || n > elems.len() as i64 {
            return fail(format!(
                "SubSeq({s}, {m}, {n}): the indices are out of range"
            ));
        }
        Ok(Value::seq(elems[(m - 1) as usize..n as usize].to_vec()))
    })();
    crate::error::AtSpan::at(r, span)
}

/// `SubSeq` of a string: its characters `m..n`, as a string.
fn sub_string(text: &str, m: i64, n: i64) -> ValueResult<Value> {
    if m > n {
        return Ok(Value::str(""));
    }
    let chars: Vec<char> = text.chars().collect();
    if m < 1 || n > chars.len() as i64 {
        return fail(format!(
            "SubSeq({:?}, {m}, {n}): the indices are out of range",
            text
        ));
    }
    Ok(Value::str(
        &chars[(m - 1) as usize..n as usize]
            .iter()
            .collect::<String>(),
    ))
}

fn select_seq(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let s = value_arg(&args, 0, span)?;
    let test = op_arg(&args, 1, span)?;
    let elems = ctx.value(s.seq_elems(), span)?;
    let mut kept = Vec::new();
    for e in elems {
        if truth(ctx.apply_values(test, std::slice::from_ref(e), span)?, span)? {
            kept.push(e.clone());
        }
    }
    Ok(Value::seq(kept))
}

pub(super) fn lookup(name: &str) -> Option<Native> {
    Some(match name {
        "Seq" => Native::Unary(seq_of),
        "Len" => Native::Unary(len),
        "Append" => Native::Binary(append),
        "Head" => Native::Unary(head),
        "Tail" => Native::Unary(tail),
        "\\o" | "\\circ" => Native::Binary(concat),
        "SubSeq" => Native::General(sub_seq),
        "SelectSeq" => Native::General(select_seq),
        _ => return None,
    })
}
