//! Integer arithmetic: `i64` fast paths that carry overflow into `BigInt`, never wrapping.

use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::{fail, Value, ValueResult};

impl Value {
    /// An integer from a `BigInt`, normalised to [`Value::Int`] when it fits in 64 bits.
    pub fn from_bigint(b: BigInt) -> Value {
        match b.to_i64() {
            Some(i) => Value::Int(i),
            None => Value::BigInt(Arc::new(b)),
        }
    }

    /// Parses a decimal integer literal.
    pub fn parse_int(digits: &str) -> Option<Value> {
        digits.parse::<BigInt>().ok().map(Value::from_bigint)
    }

    /// The integer as a `BigInt`, if this is an integer.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Value::Int(i) => Some(BigInt::from(*i)),
            Value::BigInt(b) => Some((**b).clone()),
            _ => None,
        }
    }

    fn expect_int(&self, op: &str) -> ValueResult<BigInt> {
        match self.to_bigint() {
            Some(b) => Ok(b),
            None => fail(format!(
                "`{op}` applied to the {} {self}, not an integer",
                self.kind_name()
            )),
        }
    }

    /// `a + b`.
    pub fn int_add(&self, other: &Value) -> ValueResult<Value> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            if let Some(r) = a.checked_add(*b) {
                return Ok(Value::Int(r));
            }
        }
        Ok(Value::from_bigint(
            self.expect_int("+")? + other.expect_int("+")?,
        ))
    }

    /// `a - b`.
    pub fn int_sub(&self, other: &Value) -> ValueResult<Value> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            if let Some(r) = a.checked_sub(*b) {
                return Ok(Value::Int(r));
            }
        }
        Ok(Value::from_bigint(
            self.expect_int("-")? - other.expect_int("-")?,
        ))
    }

    /// `a * b`.
    pub fn int_mul(&self, other: &Value) -> ValueResult<Value> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            if let Some(r) = a.checked_mul(*b) {
                return Ok(Value::Int(r));
            }
        }
        Ok(Value::from_bigint(
            self.expect_int("*")? * other.expect_int("*")?,
        ))
    }

    /// `-a`.
    pub fn int_neg(&self) -> ValueResult<Value> {
        if let Value::Int(a) = self {
            if let Some(r) = a.checked_neg() {
                return Ok(Value::Int(r));
            }
        }
        Ok(Value::from_bigint(-self.expect_int("-.")?))
    }

    /// `a \div b`: division rounding towards negative infinity, as TLC does.
    pub fn int_div(&self, other: &Value) -> ValueResult<Value> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            if *b == 0 {
                return fail(format!(
                    "the second argument of \\div is 0 (in {a} \\div 0)"
                ));
            }
            if let Some(q) = a.checked_div(*b) {
                let floored = if a % b != 0 && ((*a < 0) != (*b < 0)) {
                    q - 1
                } else {
                    q
                };
                return Ok(Value::Int(floored));
            }
        }
        let (a, b) = (self.expect_int("\\div")?, other.expect_int("\\div")?);
        if b.is_zero() {
            return fail("the second argument of \\div is 0");
        }
        Ok(Value::from_bigint(floor_div(&a, &b)))
    }

    /// `a % b`: the remainder in `0..b-1`; TLC requires `b > 0`.
    pub fn int_mod(&self, other: &Value) -> ValueResult<Value> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            if *b <= 0 {
                return fail(format!(
                    "the second argument of % must be positive, not {b}"
                ));
            }
            return Ok(Value::Int(a.rem_euclid(*b)));
        }
        let (a, b) = (self.expect_int("%")?, other.expect_int("%")?);
        if !b.is_positive() {
            return fail(format!(
                "the second argument of % must be positive, not {b}"
            ));
        }
        let r = &a - floor_div(&a, &b) * &b;
        Ok(Value::from_bigint(r))
    }

    /// `a ^ b` for `b >= 0` (`0 ^ 0 = 1`).
    pub fn int_pow(&self, other: &Value) -> ValueResult<Value> {
        let base = self.expect_int("^")?;
        let exp = other.expect_int("^")?;
        if exp.is_negative() {
            return fail(format!("the exponent of ^ must not be negative, not {exp}"));
        }
        if base.is_zero() || base.is_one() {
            return Ok(Value::from_bigint(if exp.is_zero() {
                BigInt::one()
            } else {
                base
            }));
        }
        let Some(e) = exp.to_u32() else {
            return fail(format!("the exponent of ^ is too large: {exp}"));
        };
        if let (Value::Int(b), true) = (self, e < 64) {
            if let Some(r) = b.checked_pow(e) {
                return Ok(Value::Int(r));
            }
        }
        if base.bits() * u64::from(e) > 1 << 24 {
            return fail(format!("{base} ^ {e} is too large to compute"));
        }
        Ok(Value::from_bigint(num_traits::pow(base, e as usize)))
    }

    /// Integer comparison `a < b`.
    pub fn int_lt(&self, other: &Value) -> ValueResult<bool> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            return Ok(a < b);
        }
        Ok(self.expect_int("<")? < other.expect_int("<")?)
    }

    /// Integer comparison `a <= b`.
    pub fn int_le(&self, other: &Value) -> ValueResult<bool> {
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            return Ok(a <= b);
        }
        Ok(self.expect_int("<=")? <= other.expect_int("<=")?)
    }
}

fn floor_div(a: &BigInt, b: &BigInt) -> BigInt {
    let q = a / b;
    let r = a - &q * b;
    if !r.is_zero() && (r.is_negative() != b.is_negative()) {
        q - 1
    } else {
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(v: i64) -> Value {
        Value::Int(v)
    }

    #[test]
    fn division_floors_and_modulus_is_non_negative() {
        assert_eq!(i(7).int_div(&i(2)).unwrap(), i(3));
        assert_eq!(i(-7).int_div(&i(2)).unwrap(), i(-4));
        assert_eq!(i(7).int_div(&i(-2)).unwrap(), i(-4));
        assert_eq!(i(-7).int_div(&i(-2)).unwrap(), i(3));
        assert_eq!(i(-7).int_mod(&i(2)).unwrap(), i(1));
        assert_eq!(i(7).int_mod(&i(3)).unwrap(), i(1));
        assert!(i(7).int_mod(&i(-3)).is_err());
        assert!(i(7).int_div(&i(0)).is_err());
    }

    #[test]
    fn overflow_is_carried_into_bigint_and_normalised_back() {
        let max = i(i64::MAX);
        let big = max.int_add(&i(1)).unwrap();
        assert!(matches!(big, Value::BigInt(_)));
        assert_eq!(big.to_string(), "9223372036854775808");
        assert_eq!(big.int_sub(&i(1)).unwrap(), max);
        assert!(matches!(big.int_sub(&i(1)).unwrap(), Value::Int(_)));
        assert_eq!(
            i(2).int_pow(&i(64)).unwrap().to_string(),
            "18446744073709551616"
        );
        assert_eq!(
            i(i64::MIN).int_neg().unwrap().to_string(),
            "9223372036854775808"
        );
        assert_eq!(i(0).int_pow(&i(0)).unwrap(), i(1));
        assert!(big.int_lt(&i(i64::MAX)).is_ok_and(|lt| !lt));
        let huge = big.int_mul(&big).unwrap();
        assert_eq!(huge.int_div(&big).unwrap(), big);
        assert_eq!(huge.int_mod(&i(10)).unwrap(), i(4));
    }
}
