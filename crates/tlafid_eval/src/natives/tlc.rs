//! `FiniteSets`, `Bags` and `TLC`.

use tlafid_base::Span;
use tlafid_value::{Value, ValueResult};

use super::{fail, op_arg, set_elems, truth, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::{AtSpan, EvalError, EvalResult, E_ASSERT};
use crate::frame::Arg;

fn cardinality(s: &Value) -> ValueResult<Value> {
    Ok(Value::Int(s.cardinality()? as i64))
}

fn is_finite_set(s: &Value) -> ValueResult<Value> {
    Ok(Value::Bool(s.is_finite_set()))
}

fn single(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::function(vec![(a.clone(), b.clone())]))
}

/// A printed value as TLC prints it: its text, fitted into 80 columns by TLC's pretty printer.
fn printed(value: &Value) -> String {
    tlafid_value::pretty(&value.to_string(), tlafid_value::TLC_WIDTH)
}

/// `Print(out, val)`: TLC's `out  val` (two spaces), each part fitted on its own.
fn print(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let out = value_arg(&args, 0, span)?;
    let val = value_arg(&args, 1, span)?;
    if let Some(sink) = ctx.ev.print_sink() {
        sink(&format!("{}  {}", printed(out), printed(val)));
    }
    Ok(val.clone())
}

fn print_t(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let out = value_arg(&args, 0, span)?;
    if let Some(sink) = ctx.ev.print_sink() {
        sink(&printed(out));
    }
    Ok(Value::Bool(true))
}

fn assert(_: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let cond = value_arg(&args, 0, span)?;
    let out = value_arg(&args, 1, span)?;
    match cond {
        Value::Bool(true) => Ok(Value::Bool(true)),
        Value::Bool(false) => Err(EvalError::new(
            E_ASSERT,
            format!("Assert failed: {out}"),
            span,
        )),
        other => Err(EvalError::new(
            crate::error::E_TYPE,
            format!(
                "the first argument of Assert is the {} {other}, not a boolean",
                other.kind_name()
            ),
            span,
        )),
    }
}

fn to_string(v: &Value) -> ValueResult<Value> {
    Ok(Value::str(&v.to_string()))
}

fn permutations(s: &Value) -> ValueResult<Value> {
    let elems = set_elems(s)?;
    if elems.len() > 9 {
        return fail(format!(
            "Permutations of a set of {} elements is too large",
            elems.len()
        ));
    }
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..elems.len()).collect();
    permute(&mut order, 0, &mut |p| {
        let pairs = elems
            .iter()
            .cloned()
            .zip(p.iter().map(|&i| elems[i].clone()))
            .collect();
        out.push(Value::function_sorted(pairs));
    });
    Ok(Value::set(out))
}

fn permute(order: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == order.len() {
        f(order);
        return;
    }
    for i in k..order.len() {
        order.swap(k, i);
        permute(order, k + 1, f);
        order.swap(k, i);
    }
}

fn sort_seq(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let s = value_arg(&args, 0, span)?;
    let less = op_arg(&args, 1, span)?;
    let mut elems = s.seq_elems().at(span)?.to_vec();
    // A stable insertion sort: the comparison is a TLA+ operator that may fail.
    for i in 1..elems.len() {
        let mut j = i;
        while j > 0 {
            let pair = [elems[j].clone(), elems[j - 1].clone()];
            if !truth(ctx.apply_values(less, &pair, span)?, span)? {
                break;
            }
            elems.swap(j, j - 1);
            j -= 1;
        }
    }
    Ok(Value::seq(elems))
}

fn bag_to_set(b: &Value) -> ValueResult<Value> {
    b.domain()
}

fn set_to_bag(s: &Value) -> ValueResult<Value> {
    Ok(Value::function(
        set_elems(s)?
            .into_iter()
            .map(|e| (e, Value::Int(1)))
            .collect(),
    ))
}

fn copies_in(e: &Value, b: &Value) -> ValueResult<Value> {
    Ok(if b.domain()?.contains(e)? {
        b.apply(e)?.clone()
    } else {
        Value::Int(0)
    })
}

fn bag_in(e: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::Bool(b.domain()?.contains(e)?))
}

fn bag_add(a: &Value, b: &Value) -> ValueResult<Value> {
    let mut pairs = a.fn_pairs()?;
    for (k, v) in b.fn_pairs()? {
        match pairs.iter_mut().find(|p| p.0 == k) {
            Some(p) => p.1 = p.1.int_add(&v)?,
            None => pairs.push((k, v)),
        }
    }
    Ok(Value::function(pairs))
}

fn bag_sub(a: &Value, b: &Value) -> ValueResult<Value> {
    let mut pairs = Vec::new();
    for (k, v) in a.fn_pairs()? {
        let n = v.int_sub(&copies_in(&k, b)?)?;
        if Value::Int(0).int_lt(&n)? {
            pairs.push((k, n));
        }
    }
    Ok(Value::function(pairs))
}

fn bag_cardinality(b: &Value) -> ValueResult<Value> {
    b.fn_values()?
        .iter()
        .try_fold(Value::Int(0), |acc, v| acc.int_add(v))
}

fn is_a_bag(b: &Value) -> ValueResult<Value> {
    Ok(Value::Bool(
        b.is_fcn()
            && b.fn_values()?
                .iter()
                .all(|v| matches!(v, Value::Int(n) if *n > 0)),
    ))
}

fn tlc_eval(v: &Value) -> ValueResult<Value> {
    Ok(v.clone())
}

pub(super) fn lookup(module: &str, name: &str) -> Option<Native> {
    Some(match (module, name) {
        ("FiniteSets", "Cardinality") => Native::Unary(cardinality),
        ("FiniteSets", "IsFiniteSet") => Native::Unary(is_finite_set),
        ("Bags", "EmptyBag") => Native::Const(Value::empty_seq),
        ("Bags", "IsABag") => Native::Unary(is_a_bag),
        ("Bags", "BagToSet") => Native::Unary(bag_to_set),
        ("Bags", "SetToBag") => Native::Unary(set_to_bag),
        ("Bags", "BagIn") => Native::Binary(bag_in),
        ("Bags", "CopiesIn") => Native::Binary(copies_in),
        ("Bags", "(+)" | "\\oplus") => Native::Binary(bag_add),
        ("Bags", "(-)" | "\\ominus") => Native::Binary(bag_sub),
        ("Bags", "BagCardinality") => Native::Unary(bag_cardinality),
        ("TLC", ":>") => Native::Binary(single),
        ("TLC", "@@") => Native::Binary(Value::fn_merge),
        ("TLC", "Print") => Native::General(print),
        ("TLC", "PrintT") => Native::General(print_t),
        ("TLC", "Assert") => Native::General(assert),
        ("TLC", "ToString") => Native::Unary(to_string),
        ("TLC", "Permutations") => Native::Unary(permutations),
        ("TLC", "SortSeq") => Native::General(sort_seq),
        ("TLC", "TLCEval") => Native::Unary(tlc_eval),
        ("TLC", "JavaTime") => {
            Native::Unsupported("it reads the clock, which would make runs differ")
        }
        ("TLC", "Any") => Native::Unsupported("the set of all values cannot be represented"),
        ("TLCExt", "Trace" | "TLCModelValue" | "CounterExample") => {
            Native::Unsupported("TLC-internal operator")
        }
        _ => return None,
    })
}
