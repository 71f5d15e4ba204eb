//! Community modules: `SequencesExt`, `FiniteSetsExt`, `Functions`, `Folds`.

use tlafid_base::Span;
use tlafid_value::{Value, ValueResult};

use super::{fail, int_of, op_arg, set_elems, truth, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::{AtSpan, EvalResult};
use crate::frame::Arg;

fn to_set(s: &Value) -> ValueResult<Value> {
    Ok(Value::set(s.fn_values()?))
}

fn reverse(s: &Value) -> ValueResult<Value> {
    Ok(Value::seq(s.seq_elems()?.iter().rev().cloned().collect()))
}

fn front(s: &Value) -> ValueResult<Value> {
    match s.seq_elems()? {
        [] => fail("Front applied to the empty sequence"),
        [init @ .., _] => Ok(Value::seq(init.to_vec())),
    }
}

fn last(s: &Value) -> ValueResult<Value> {
    match s.seq_elems()?.last() {
        Some(v) => Ok(v.clone()),
        None => fail("Last applied to the empty sequence"),
    }
}

fn cons(e: &Value, s: &Value) -> ValueResult<Value> {
    let mut elems = vec![e.clone()];
    elems.extend_from_slice(s.seq_elems()?);
    Ok(Value::seq(elems))
}

fn set_to_seq(s: &Value) -> ValueResult<Value> {
    Ok(Value::seq(set_elems(s)?))
}

fn contains(s: &Value, e: &Value) -> ValueResult<Value> {
    Ok(Value::Bool(s.seq_elems()?.contains(e)))
}

fn is_prefix(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::Bool(b.seq_elems()?.starts_with(a.seq_elems()?)))
}

fn indices(s: &Value) -> ValueResult<Value> {
    Ok(Value::interval(1, s.seq_elems()?.len() as i64))
}

fn range(f: &Value) -> ValueResult<Value> {
    Ok(Value::set(f.fn_values()?))
}

fn is_injective(f: &Value) -> ValueResult<Value> {
    let mut values = f.fn_values()?;
    let n = values.len();
    values.sort();
    values.dedup();
    Ok(Value::Bool(values.len() == n))
}

fn restrict(f: &Value, s: &Value) -> ValueResult<Value> {
    let mut pairs = Vec::new();
    for (k, v) in f.fn_pairs()? {
        if s.contains(&k)? {
            pairs.push((k, v));
        }
    }
    Ok(Value::function_sorted(pairs))
}

fn sum_set(s: &Value) -> ValueResult<Value> {
    set_elems(s)?
        .iter()
        .try_fold(Value::Int(0), |acc, v| acc.int_add(v))
}

fn product_set(s: &Value) -> ValueResult<Value> {
    set_elems(s)?
        .iter()
        .try_fold(Value::Int(1), |acc, v| acc.int_mul(v))
}

fn extreme(s: &Value, want_max: bool) -> ValueResult<Value> {
    let elems = set_elems(s)?;
    let Some(mut best) = elems.first().cloned() else {
        return fail(format!(
            "{} of the empty set",
            if want_max { "Max" } else { "Min" }
        ));
    };
    for e in &elems[1..] {
        if e.int_lt(&best)? != want_max {
            best = e.clone();
        }
    }
    Ok(best)
}

fn ksubset(k: &Value, s: &Value) -> ValueResult<Value> {
    let k = int_of(k)?;
    let elems = set_elems(s)?;
    if k < 0 || k as usize > elems.len() {
        return Ok(Value::empty_set());
    }
    let mut out = Vec::new();
    let mut pick = Vec::new();
    choose_k(&elems, k as usize, 0, &mut pick, &mut out);
    Ok(Value::set(out))
}

fn choose_k(elems: &[Value], k: usize, from: usize, pick: &mut Vec<Value>, out: &mut Vec<Value>) {
    if pick.len() == k {
        out.push(Value::set_sorted(pick.clone()));
        return;
    }
    for i in from..elems.len() {
        pick.push(elems[i].clone());
        choose_k(elems, k, i + 1, pick, out);
        pick.pop();
    }
}

fn replace_at(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let s = value_arg(&args, 0, span)?;
    let i = value_arg(&args, 1, span)?;
    let e = value_arg(&args, 2, span)?;
    ctx.value(s.except(i, e.clone()), span)
}

fn insert_at(_: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let s = value_arg(&args, 0, span)?;
    let i = int_of(value_arg(&args, 1, span)?).at(span)?;
    let e = value_arg(&args, 2, span)?;
    let mut elems = s.seq_elems().at(span)?.to_vec();
    if i < 1 || i as usize > elems.len() + 1 {
        return fail(format!("InsertAt: index {i} out of range")).at(span);
    }
    elems.insert(i as usize - 1, e.clone());
    Ok(Value::seq(elems))
}

fn remove_at(s: &Value, i: &Value) -> ValueResult<Value> {
    let i = int_of(i)?;
    let mut elems = s.seq_elems()?.to_vec();
    if i < 1 || i as usize > elems.len() {
        return fail(format!("RemoveAt: index {i} out of range"));
    }
    elems.remove(i as usize - 1);
    Ok(Value::seq(elems))
}

/// Folds `op` over `items` starting from `base`: `op(item, acc)` when `item_first`, else
/// `op(acc, item)`.
fn fold(
    ctx: &mut Ctx<'_, '_>,
    op: &Arg,
    base: Value,
    items: &[Value],
    item_first: bool,
    span: Span,
) -> EvalResult<Value> {
    let mut acc = base;
    for item in items {
        let pair = if item_first {
            [item.clone(), acc]
        } else {
            [acc, item.clone()]
        };
        acc = ctx.apply_values(op, &pair, span)?;
    }
    Ok(acc)
}

fn fold_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let items = set_elems(value_arg(&args, 2, span)?).at(span)?;
    fold(ctx, op, base, &items, true, span)
}

fn fold_seq(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let items = value_arg(&args, 2, span)?.seq_elems().at(span)?.to_vec();
    fold(ctx, op, base, &items, true, span)
}

fn fold_left(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let items = value_arg(&args, 2, span)?.seq_elems().at(span)?.to_vec();
    fold(ctx, op, base, &items, false, span)
}

fn fold_right(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let items = value_arg(&args, 1, span)?.seq_elems().at(span)?.to_vec();
    let base = value_arg(&args, 2, span)?.clone();
    let reversed: Vec<Value> = items.into_iter().rev().collect();
    fold(ctx, op, base, &reversed, true, span)
}

fn indices_of(s: &Value) -> ValueResult<Vec<Value>> {
    Ok((1..=s.seq_elems()?.len() as i64).map(Value::Int).collect())
}

fn fold_left_domain(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let items = indices_of(value_arg(&args, 2, span)?).at(span)?;
    fold(ctx, op, base, &items, false, span)
}

fn fold_right_domain(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let items = indices_of(value_arg(&args, 1, span)?).at(span)?;
    let base = value_arg(&args, 2, span)?.clone();
    let reversed: Vec<Value> = items.into_iter().rev().collect();
    fold(ctx, op, base, &reversed, true, span)
}

fn quantify(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let items = set_elems(value_arg(&args, 0, span)?).at(span)?;
    let pred = op_arg(&args, 1, span)?;
    let mut n = 0;
    for item in &items {
        if truth(
            ctx.apply_values(pred, std::slice::from_ref(item), span)?,
            span,
        )? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn map_then_sum_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let f = op_arg(&args, 0, span)?;
    let items = set_elems(value_arg(&args, 1, span)?).at(span)?;
    let mut acc = Value::Int(0);
    for item in &items {
        let v = ctx.apply_values(f, std::slice::from_ref(item), span)?;
        acc = acc.int_add(&v).at(span)?;
    }
    Ok(acc)
}

/// `MapThenFoldSet(op, base, f, choose, S)` exactly as its TLA+ definition: `x1 = choose(S)`
/// is combined outermost, `op(f(x1), op(f(x2), ... op(f(xn), base)))`.
fn map_then_fold_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let f = op_arg(&args, 2, span)?;
    let choose = op_arg(&args, 3, span)?;
    let mut rest = value_arg(&args, 4, span)?.clone();
    let mut chosen = Vec::new();
    while rest.cardinality().at(span)? > 0 {
        let x = ctx.apply_values(choose, std::slice::from_ref(&rest), span)?;
        let remaining = rest.minus(&Value::set(vec![x.clone()])).at(span)?;
        if remaining.cardinality().at(span)? == rest.cardinality().at(span)? {
            return fail(format!("MapThenFoldSet: the chosen {x} is not in {rest}")).at(span);
        }
        chosen.push(x);
        rest = remaining;
    }
    let mut acc = base;
    for x in chosen.iter().rev() {
        let mapped = ctx.apply_values(f, std::slice::from_ref(x), span)?;
        acc = ctx.apply_values(op, &[mapped, acc], span)?;
    }
    Ok(acc)
}

/// `FoldFunctionOnSet(op, base, f, D)` as TLC's native: over `D` in order,
/// `acc := op(f[d], acc)`.
fn fold_function_on_set(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let op = op_arg(&args, 0, span)?;
    let base = value_arg(&args, 1, span)?.clone();
    let f = value_arg(&args, 2, span)?;
    let domain = match args.get(3) {
        Some(_) => value_arg(&args, 3, span)?.clone(),
        None => f.domain().at(span)?,
    };
    let mut items = Vec::new();
    for d in set_elems(&domain).at(span)? {
        items.push(f.apply(&d).at(span)?.clone());
    }
    fold(ctx, op, base, &items, true, span)
}

pub(super) fn lookup(module: &str, name: &str) -> Option<Native> {
    Some(match (module, name) {
        ("SequencesExt", "ToSet") => Native::Unary(to_set),
        ("SequencesExt", "Reverse") => Native::Unary(reverse),
        ("SequencesExt", "Front") => Native::Unary(front),
        ("SequencesExt", "Last") => Native::Unary(last),
        ("SequencesExt", "Cons") => Native::Binary(cons),
        ("SequencesExt", "SetToSeq") => Native::Unary(set_to_seq),
        ("SequencesExt", "Contains") => Native::Binary(contains),
        ("SequencesExt", "IsPrefix") => Native::Binary(is_prefix),
        ("SequencesExt", "Indices") => Native::Unary(indices),
        ("SequencesExt", "ReplaceAt") => Native::General(replace_at),
        ("SequencesExt", "InsertAt") => Native::General(insert_at),
        ("SequencesExt", "RemoveAt") => Native::Binary(remove_at),
        ("SequencesExt", "FoldSeq") => Native::General(fold_seq),
        ("SequencesExt", "FoldLeft") => Native::General(fold_left),
        ("SequencesExt", "FoldRight") => Native::General(fold_right),
        ("FiniteSetsExt", "FoldSet") => Native::General(fold_set),
        ("FiniteSetsExt", "SumSet") => Native::Unary(sum_set),
        ("FiniteSetsExt", "ProductSet") => Native::Unary(product_set),
        ("FiniteSetsExt", "Max") => Native::Unary(|s| extreme(s, true)),
        ("FiniteSetsExt", "Min") => Native::Unary(|s| extreme(s, false)),
        ("FiniteSetsExt", "Quantify") => Native::General(quantify),
        ("FiniteSetsExt", "kSubset") => Native::Binary(ksubset),
        ("FiniteSetsExt", "MapThenSumSet") => Native::General(map_then_sum_set),
        ("Functions", "Range") => Native::Unary(range),
        ("Functions", "IsInjective") => Native::Unary(is_injective),
        ("Functions", "Restrict") => Native::Binary(restrict),
        ("Folds", "MapThenFoldSet") => Native::General(map_then_fold_set),
        ("Functions", "FoldFunction" | "FoldFunctionOnSet") => {
            Native::General(fold_function_on_set)
        }
        ("SequencesExt", "FoldLeftDomain") => Native::General(fold_left_domain),
        ("SequencesExt", "FoldRightDomain") => Native::General(fold_right_domain),
        _ => return None,
    })
}
