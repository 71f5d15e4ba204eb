//! Community module `DyadicRationals`: `Reduce` computed natively, as TLC's module override
//! does (the definition finds the greatest common divisor by enumerating divisors, which costs
//! milliseconds per call on the denominators models reach).

use tlafid_value::{Text, Value, ValueResult};

use super::{fail, int_of, Native};

/// The greatest common divisor of `|a|` and `|b|`, with `gcd(0, b) = |b|`.
fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// `Reduce(p)` for a rational `[num |-> n, den |-> d]`: `p` itself when `n` and `d` are
/// coprime, otherwise both divided by their greatest common divisor.
fn reduce(p: &Value) -> ValueResult<Value> {
    let (Ok(num), Ok(den)) = (p.field("num"), p.field("den")) else {
        return fail(format!(
            "Reduce expects a record with num and den fields, found {p}"
        ));
    };
    let (n, d) = (int_of(num)?, int_of(den)?);
    match gcd(n, d) {
        1 => Ok(p.clone()),
        0 => fail(format!("Reduce of {p}: the denominator is 0")),
        g => Ok(Value::record(vec![
            (Text::from("num"), Value::Int(n / g)),
            (Text::from("den"), Value::Int(d / g)),
        ])),
    }
}

pub(super) fn lookup(name: &str) -> Option<Native> {
    match name {
        "Reduce" => Some(Native::Unary(reduce)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rational(n: i64, d: i64) -> Value {
        Value::record(vec![
            (Text::from("num"), Value::Int(n)),
            (Text::from("den"), Value::Int(d)),
        ])
    }

    #[test]
    fn reduce_divides_by_the_gcd() {
        assert_eq!(reduce(&rational(6, 8)).unwrap(), rational(3, 4));
        assert_eq!(reduce(&rational(3, 4)).unwrap(), rational(3, 4));
        // gcd(0, 2) = 2, as in TLC's override (commons-math's gcd).
        assert_eq!(reduce(&rational(0, 2)).unwrap(), rational(0, 1));
        assert_eq!(reduce(&rational(-4, 8)).unwrap(), rational(-1, 2));
    }

    #[test]
    fn reduce_rejects_what_is_not_a_rational() {
        assert!(reduce(&rational(0, 0)).is_err());
        assert!(reduce(&Value::Int(3)).is_err());
        assert!(reduce(&Value::record(vec![(Text::from("num"), Value::Int(1))])).is_err());
    }
}
