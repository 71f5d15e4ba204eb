//! Smaller modules: `Bitwise`, `IOUtils` (pure parts), `TLCExt`, and the operators of the
//! standard and community modules that must be refused (I/O, randomness, checker internals).

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
    use crate::registers::{Key, Phase};
    let key = value_arg(&args, 0, span)?;
    if let Some(register) = Key::of(key) {
        return ctx.ev.registers.get(&register, key, span, ctx.init_mode);
    }
    let phase = ctx.ev.registers.phase();
    let statistic = |name: &str| -> EvalResult<Value> {
        match ctx.ev.registers.stats() {
            Some(stats) if name == "stats" => Ok(stats),
            Some(stats) => (stats.apply(&Value::str(name)).cloned())
                .map_err(|e| EvalError::from_value(e, span)),
            None => Err(order_dependent_statistic(key, phase, span)),
        }
    };
    match (key.as_str(), ctx.level, &ctx.ev.options.tlc_config) {
        // The switch of TLC's action composition: tlafid always supports `\cdot`.
        (Some(CDOT_PROPERTY), _, _) => Ok(Value::str("true")),
        (Some(property), _, _) if property.starts_with("-D") => Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCGet({key}) reads a Java system property of TLC, which tlafid does not have"),
            span,
        )
        .with_hint("remove the ASSUME that reads it, or check this model with TLC")),
        (Some("level"), _, _) if ctx.in_prime => Err(EvalError::new(
            E_UNSUPPORTED,
            "TLCGet(\"level\") under a prime is not supported (which state's level TLC gives there is not settled)",
            span,
        )),
        // TLC: the level is 0 in `ASSUME`s, `POSTCONDITION`s and the initial predicate.
        (Some("level"), _, _) if phase != Phase::Explore || ctx.init_mode => Ok(Value::Int(0)),
        (Some("level"), Some(level), _) => Ok(Value::Int(level)),
        (Some("config"), _, Some(config)) => Ok(config.clone()),
        (Some(name @ ("stats" | "diameter" | "distinct" | "generated" | "queue" | "duration")), _, _) => {
            statistic(name)
        }
        _ => Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCGet({key}) is not supported here"),
            span,
        )
        .with_hint(
            "supported: TLCGet(\"level\") and TLCGet(\"config\"), registers as the README's \"TLC trace harnesses\" says, and TLCGet(\"stats\") after exploration (in a POSTCONDITION)",
        )),
    }
}

/// Why a checker statistic cannot be read where it was asked for.
fn order_dependent_statistic(key: &Value, phase: crate::registers::Phase, span: Span) -> EvalError {
    use crate::registers::Phase;
    match phase {
        Phase::Explore => EvalError::new(
            crate::error::E_ORDER_DEPENDENT,
            format!("TLCGet({key}) during exploration: the checker's figures then depend on the exploration order"),
            span,
        )
        .with_hint("read it in a POSTCONDITION, after exploration"),
        _ => EvalError::new(
            E_UNSUPPORTED,
            format!("TLCGet({key}) is only known after a complete exploration (in a POSTCONDITION)"),
            span,
        ),
    }
}

/// `TLCSet(k, v)` with a register `k` (an integer or `"s:name"`): free while the `ASSUME`s
/// are checked, and during exploration as `registers.rs` allows. `TLCSet("exit", FALSE)` does
/// nothing; stopping the checker (`"exit"` with `TRUE`) is refused: where TLC stops depends
/// on the order of its workers.
fn tlc_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let key = value_arg(&args, 0, span)?;
    let value = value_arg(&args, 1, span)?;
    if let Some(register) = crate::registers::Key::of(key) {
        return ctx
            .ev
            .registers
            .set(register, key, value, span, ctx.init_mode);
    }
    match (key.as_str(), value) {
        (Some("exit"), Value::Bool(false)) => Ok(Value::Bool(true)),
        (Some("exit"), _) => Err(EvalError::new(
            crate::error::E_ORDER_DEPENDENT,
            format!("TLCSet(\"exit\", {value}) stops the checker wherever its workers happen to be: the states checked would depend on the exploration order"),
            span,
        )
        .with_hint("bound the exploration with a CONSTRAINT or an ACTION_CONSTRAINT instead")),
        _ => Err(EvalError::new(
            E_UNSUPPORTED,
            format!("TLCSet({key}, ...) is not supported: only registers (a natural number or \"s:name\") and \"exit\" with FALSE"),
            span,
        )),
    }
}

/// `RandomElement(S)` while the `ASSUME`s are checked: an element drawn by a fixed-seed
/// generator (TLC draws with its own seed, so the element may differ from TLC's, as it does
/// between two TLC runs). Refused during exploration, where the draws would depend on the
/// order of the workers.
fn random_element(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let set = value_arg(&args, 0, span)?;
    if ctx.ev.registers.phase() != crate::registers::Phase::Assume {
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
    const WRITE: &str = "it writes a file";
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
        ("IOUtils", "IOEnv") => Native::General(super::io::io_env),
        ("IOUtils", "IODeserialize") => Native::Unsupported(
            "it reads TLC's binary value format; tlafid reads JSON (ndJsonDeserialize, JsonDeserialize)",
        ),
        ("IOUtils", _) | ("CSV", _) => Native::Unsupported(IO),
        ("Json", "ndJsonDeserialize") => Native::General(super::io::nd_json_deserialize),
        ("Json", "JsonDeserialize") => Native::General(super::io::json_deserialize),
        ("Json", "JsonSerialize" | "ndJsonSerialize") => Native::Unsupported(WRITE),
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
