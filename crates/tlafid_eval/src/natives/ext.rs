//! Smaller modules: `Bitwise`, `IOUtils` (pure parts), `TLCExt`, and the operators of the
//! standard and community modules that must be refused (I/O, randomness, checker internals).

use std::sync::atomic::Ordering;

use tlafid_base::Span;
use tlafid_value::{LazySet, Value, ValueResult};

use super::{fail, int_of, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_ASSERT, E_UNSUPPORTED};
use crate::frame::Arg;

fn natural(v: &Value, op: &str) -> ValueResult<i64> {
    let n = int_of(v)?;
    if n < 0 {
        return fail(format!("{op} is defined on natural numbers, not {n}"));
    }
    Ok(n)
}

fn bit_and(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::Int(natural(a, "&")? & natural(b, "&")?))
}

fn bit_or(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::Int(natural(a, "|")? | natural(b, "|")?))
}

fn bit_xor(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::Int(natural(a, "^^")? ^ natural(b, "^^")?))
}

/// Flips the bits of `a` up to its highest set bit (`Not(0) = 0`).
fn bit_not(a: &Value) -> ValueResult<Value> {
    let n = natural(a, "Not")?;
    let width = 64 - n.leading_zeros();
    let mask = if width >= 63 {
        i64::MAX
    } else {
        (1i64 << width) - 1
    };
    Ok(Value::Int(!n & mask))
}

fn shift_right(n: &Value, pos: &Value) -> ValueResult<Value> {
    let (n, pos) = (natural(n, "shiftR")?, natural(pos, "shiftR")?);
    Ok(Value::Int(if pos >= 63 { 0 } else { n >> pos }))
}

fn atoi(s: &Value) -> ValueResult<Value> {
    match s.as_str().and_then(|t| t.parse::<i32>().ok()) {
        Some(i) => Ok(Value::Int(i64::from(i))),
        None => fail(format!("atoi expects a string of decimal digits, not {s}")),
    }
}

fn assert_eq(_: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let (a, b) = (value_arg(&args, 0, span)?, value_arg(&args, 1, span)?);
    if a == b {
        Ok(Value::Bool(true))
    } else {
        Err(EvalError::new(
            E_ASSERT,
            format!("AssertEq failed: {a} is not {b}"),
            span,
        ))
    }
}

/// The Java system property that switches on TLC's action composition (`\cdot`); `TLCGet`
/// of it is `"true"` since tlafid supports `\cdot` without a switch.
const CDOT_PROPERTY: &str = "-Dtlc2.tool.impl.Tool.cdot";

fn tlc_get(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let key = value_arg(&args, 0, span)?;
    if let Some(register) = key.as_i64() {
        let registers = ctx.ev.registers.lock().unwrap_or_else(|e| e.into_inner());
        return registers.get(&register).cloned().ok_or_else(|| {
            EvalError::new(
                E_UNSUPPORTED,
                format!("TLCGet({register}): the register was not set by TLCSet"),
                span,
            )
        });
    }
    match (key.as_str(), ctx.level, &ctx.ev.options.tlc_config) {
        // The switch of TLC's action composition: tlafid always supports `\cdot`.
        (Some(CDOT_PROPERTY), _, _) => Ok(Value::str("true")),
        (Some(property), _, _) if property.starts_with("-D") => Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCGet({key}) reads a Java system property of TLC, which tlafid does not have"),
            span,
        )
        .with_hint("remove the ASSUME that reads it, or check this model with TLC")),
        (Some("level"), Some(level), _) => Ok(Value::Int(level)),
        (Some("config"), _, Some(config)) => Ok(config.clone()),
        _ => Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCGet({key}) is not supported here"),
            span,
        )
        .with_hint(
            "only TLCGet(\"level\") during exploration, TLCGet(\"config\") and registers set by TLCSet in ASSUMEs are supported",
        )),
    }
}

/// `TLCSet(i, v)` with an integer register `i`, while the `ASSUME`s are checked. During
/// exploration TLC's registers depend on the order of the workers, so it is refused there.
fn tlc_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let key = value_arg(&args, 0, span)?;
    let value = value_arg(&args, 1, span)?;
    let refuse = |why: &str| {
        Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCSet({key}, ...) is not supported {why}"),
            span,
        ))
    };
    let Some(register) = key.as_i64() else {
        return refuse("with a key that is not an integer register");
    };
    if ctx.ev.registers_frozen.load(Ordering::Relaxed) {
        return refuse("during exploration: what it reads would depend on the exploration order");
    }
    let mut registers = ctx.ev.registers.lock().unwrap_or_else(|e| e.into_inner());
    registers.insert(register, value.clone());
    Ok(Value::Bool(true))
}

/// `RandomElement(S)` while the `ASSUME`s are checked: an element drawn by a fixed-seed
/// generator (TLC draws with its own seed, so the element may differ from TLC's, as it does
/// between two TLC runs). Refused during exploration, where the draws would depend on the
/// order of the workers.
fn random_element(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let set = value_arg(&args, 0, span)?;
    if ctx.ev.registers_frozen.load(Ordering::Relaxed) {
        return Err(EvalError::new(
            E_UNSUPPORTED,
            "RandomElement is not supported during exploration: its choices would depend on the exploration order",
            span,
        ));
    }
    let elems = crate::error::AtSpan::at(super::set_elems(set), span)?;
    if elems.is_empty() {
        return Err(EvalError::new(
            crate::error::E_VALUE,
            "RandomElement of the empty set",
            span,
        ));
    }
    let mut state = ctx
        .ev
        .random_state
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    Ok(elems[(z % elems.len() as u64) as usize].clone())
}

pub(super) fn lookup(module: &str, name: &str) -> Option<Native> {
    const IO: &str = "it reads or writes files, the environment or processes";
    const RANDOM: &str = "it is random; TLC's choices cannot be reproduced";
    const INTERNAL: &str = "it depends on TLC's internals";
    Some(match (module, name) {
        ("Bitwise", "&") => Native::Binary(bit_and),
        ("Bitwise", "|") => Native::Binary(bit_or),
        ("Bitwise", "^^") => Native::Binary(bit_xor),
        ("Bitwise", "Not") => Native::Unary(bit_not),
        ("Bitwise", "shiftR") => Native::Binary(shift_right),
        ("IOUtils", "atoi") => Native::Unary(atoi),
        ("IOUtils", "zeroPadN") => return None,
        ("IOUtils", _) | ("CSV", _) => Native::Unsupported(IO),
        ("Json", "JsonSerialize" | "ndJsonSerialize" | "JsonDeserialize" | "ndJsonDeserialize") => {
            Native::Unsupported(IO)
        }
        ("SVG", "SVGSerialize") => Native::Unsupported(IO),
        ("Randomization", "RandomSubset" | "RandomSetOfSubsets" | "RandomSubsetSet") => {
            Native::Unsupported(RANDOM)
        }
        ("TLC", "Any") => Native::Const(|| Value::lazy(LazySet::Any)),
        ("TLC", "TLCGet") => Native::General(tlc_get),
        ("TLC", "TLCSet") => Native::General(tlc_set),
        ("TLC", "RandomElement") => Native::General(random_element),
        ("TLCExt", "AssertEq") => Native::General(assert_eq),
        (
            "TLCExt",
            "AssertError" | "TLCGetOrDefault" | "TLCGetAndSet" | "Trace" | "TraceFrom"
            | "CounterExample" | "ToTrace" | "TLCDefer" | "PickSuccessor" | "TLCFP"
            | "TLCEvalDefinition" | "TLCModelValue",
        ) => Native::Unsupported(INTERNAL),
        ("Statistics", "ChiSquare") => Native::Unsupported("it needs floating point"),
        ("Reals", "Real" | "/" | "Infinity") => {
            Native::Unsupported("real numbers are not supported")
        }
        ("Apalache", "Gen") => Native::Unsupported("it is symbolic (Apalache only)"),
        _ => return None,
    })
}
