//! `Naturals` and `Integers`.

use tlafid_value::{LazySet, Value, ValueResult};

use super::{int_of, Native};

fn range(a: &Value, b: &Value) -> ValueResult<Value> {
    Ok(Value::interval(int_of(a)?, int_of(b)?))
}

pub(super) fn lookup(name: &str) -> Option<Native> {
    Some(match name {
        "+" => Native::Binary(Value::int_add),
        "-" => Native::Binary(Value::int_sub),
        "*" => Native::Binary(Value::int_mul),
        "\\div" => Native::Binary(Value::int_div),
        "%" => Native::Binary(Value::int_mod),
        "^" => Native::Binary(Value::int_pow),
        "<" => Native::Binary(|a, b| a.int_lt(b).map(Value::Bool)),
        ">" => Native::Binary(|a, b| b.int_lt(a).map(Value::Bool)),
        "<=" | "\\leq" | "=<" => Native::Binary(|a, b| a.int_le(b).map(Value::Bool)),
        ">=" | "\\geq" => Native::Binary(|a, b| b.int_le(a).map(Value::Bool)),
        ".." => Native::Binary(range),
        "-." => Native::Unary(Value::int_neg),
        "Nat" => Native::Const(|| Value::lazy(LazySet::Nat)),
        "Int" => Native::Const(|| Value::lazy(LazySet::Int)),
        _ => return None,
    })
}
