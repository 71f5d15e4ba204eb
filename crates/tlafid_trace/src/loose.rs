//! Strings and model values: a logged JSON string that names a model value of the
//! configuration is *ambiguous*. It matches the TLA+ string or the model value of that name,
//! whichever the model holds at that place (`{"#str": "c1"}` and `{"#mv": "c1"}` force one).
//!
//! An ambiguous atom is a model value whose id has [`AMBIGUOUS`] set: it equals nothing the
//! model computes, so exact equality stays the fast path, and [`fits`] decides the rest.

use std::sync::Arc;

use tlafid_value::{ModelValue, Value};

use crate::json::ModelValues;

/// The bit that marks a model value's id as an ambiguous logged string.
pub const AMBIGUOUS: u32 = 0x8000_0000;

/// `models` with every model value replaced by its ambiguous twin.
pub fn ambiguous(models: &ModelValues) -> ModelValues {
    models
        .iter()
        .map(|(name, value)| match value {
            Value::Model(m) => (name.clone(), twin(m, m.id | AMBIGUOUS)),
            other => (name.clone(), other.clone()),
        })
        .collect()
}

/// The model value an ambiguous atom (or a model value) names.
pub fn real(value: &Value) -> Value {
    match value {
        Value::Model(m) if m.id & AMBIGUOUS != 0 => twin(m, m.id & !AMBIGUOUS),
        other => other.clone(),
    }
}

fn twin(m: &ModelValue, id: u32) -> Value {
    Value::model(id, &m.name)
}

fn is_ambiguous(value: &Value) -> Option<&str> {
    match value {
        Value::Model(m) if m.id & AMBIGUOUS != 0 => Some(&m.name),
        _ => None,
    }
}

/// Could anything in `value` be ambiguous (a model value, or a compound that holds one)?
fn may_hold_ambiguous(value: &Value) -> bool {
    matches!(
        value,
        Value::Model(_) | Value::Set(_) | Value::Seq(_) | Value::Record(_) | Value::Fcn(_)
    )
}

/// Are `a` and `b` one allocation (compound values), so that whatever holds of one holds of
/// the other? `false` for scalars and different allocations, which may still be equal.
pub fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Seq(x), Value::Seq(y)) => Arc::ptr_eq(x, y),
        (Value::Record(x), Value::Record(y)) => Arc::ptr_eq(x, y),
        (Value::Fcn(x), Value::Fcn(y)) => Arc::ptr_eq(x, y),
        (Value::Set(x), Value::Set(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// Do `a` and `b` match, an ambiguous atom on either side matching the string or the model
/// value of its name?
pub fn fits(a: &Value, b: &Value) -> bool {
    if a == b {
        return true;
    }
    if !may_hold_ambiguous(a) && !may_hold_ambiguous(b) {
        return false;
    }
    match (is_ambiguous(a), is_ambiguous(b)) {
        (Some(name), _) => return atom_fits(name, b),
        (_, Some(name)) => return atom_fits(name, a),
        _ => {}
    }
    match (a, b) {
        (Value::Seq(x), Value::Seq(y)) => {
            let (x, y) = (x.elems(), y.elems());
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| fits(p, q))
        }
        (Value::Record(x), Value::Record(y)) => {
            let (x, y) = (x.fields(), y.fields());
            x.len() == y.len() && x.iter().zip(y).all(|((k, p), (l, q))| k == l && fits(p, q))
        }
        (Value::Set(_), Value::Set(_)) => {
            let (x, y) = (elements(a), elements(b));
            x.len() == y.len() && matched(&x, &y, fits)
        }
        _ if a.is_fcn() && b.is_fcn() => {
            let (Ok(x), Ok(y)) = (a.fn_pairs(), b.fn_pairs()) else {
                return false;
            };
            x.len() == y.len() && matched(&x, &y, |(k, p), (l, q)| fits(k, l) && fits(p, q))
        }
        _ => false,
    }
}

/// [`fits`] of `a` and `b`, knowing that `was_a` fits `was_b`: where `a` and `b` hold, at
/// the same place (the same index of sequences, the same field of records), the very
/// allocations `was_a` and `was_b` hold there, that part fits without being compared. Along
/// a trace a growing log keeps its old entries on both sides (the reader shares unchanged
/// values between lines, the model's `Append` keeps its operand's), so one more entry costs
/// one comparison, not a comparison of the whole log.
pub fn fits_beside(a: &Value, b: &Value, was_a: &Value, was_b: &Value) -> bool {
    if identical(a, was_a) && identical(b, was_b) {
        return true;
    }
    match (a, b, was_a, was_b) {
        (Value::Seq(x), Value::Seq(y), Value::Seq(wx), Value::Seq(wy)) => {
            let (x, y, wx, wy) = (x.elems(), y.elems(), wx.elems(), wy.elems());
            // `fits` of two sequences is `fits` of their items, index by index.
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .enumerate()
                    .all(|(i, (p, q))| match (wx.get(i), wy.get(i)) {
                        (Some(wp), Some(wq)) => fits_beside(p, q, wp, wq),
                        _ => fits(p, q),
                    })
        }
        (Value::Record(x), Value::Record(y), Value::Record(wx), Value::Record(wy))
            if x.fields().len() == wx.fields().len() && y.fields().len() == wy.fields().len() =>
        {
            let (x, y, wx, wy) = (x.fields(), y.fields(), wx.fields(), wy.fields());
            // `fits` of two records is the same keys, in order (interned: one comparison
            // each), and `fits` of their values.
            x.len() == y.len()
                && (x.iter().zip(y).zip(wx.iter().zip(wy)))
                    .all(|(((k, p), (l, q)), (wk, wl))| k == l && fits_beside(p, q, &wk.1, &wl.1))
        }
        _ => fits(a, b),
    }
}

fn atom_fits(name: &str, other: &Value) -> bool {
    match other {
        Value::Str(s) => &**s == name,
        Value::Model(m) => &*m.name == name,
        _ => false,
    }
}

fn elements(set: &Value) -> Vec<Value> {
    set.iter_set()
        .map(|it| it.map(|v| v.into_owned()).collect())
        .unwrap_or_default()
}

/// Can every item of `x` be paired with its own item of `y`? (Greedy: the items an
/// ambiguous atom could match are a string and a model value of one name.)
fn matched<T>(x: &[T], y: &[T], fit: impl Fn(&T, &T) -> bool) -> bool {
    let mut used = vec![false; y.len()];
    x.iter().all(|p| {
        let found = (0..y.len()).find(|&i| !used[i] && fit(p, &y[i]));
        found.map(|i| used[i] = true).is_some()
    })
}

/// The value among `candidates` that `logged` fits (itself when it fits exactly or
/// nothing does).
pub fn resolve(logged: &Value, candidates: impl Iterator<Item = Value>) -> Value {
    let mut found = None;
    for candidate in candidates {
        if candidate == *logged {
            return candidate;
        }
        if found.is_none() && fits(logged, &candidate) {
            found = Some(candidate);
        }
    }
    found.unwrap_or_else(|| logged.clone())
}

/// `value` with every ambiguous atom read as the model value it names (for diagnoses,
/// where one reading must be chosen).
pub fn realize(value: &Value) -> Value {
    if !holds_ambiguous(value) {
        return value.clone();
    }
    match value {
        Value::Model(_) => real(value),
        Value::Seq(s) => Value::seq(s.elems().iter().map(realize).collect()),
        Value::Record(r) => {
            Value::record(r.fields().iter().map(|(k, v)| (*k, realize(v))).collect())
        }
        Value::Set(_) => Value::set(elements(value).iter().map(realize).collect()),
        Value::Fcn(f) => Value::function(
            f.pairs()
                .iter()
                .map(|(k, v)| (realize(k), realize(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Does `value` hold an ambiguous atom anywhere?
pub fn holds_ambiguous(value: &Value) -> bool {
    if is_ambiguous(value).is_some() {
        return true;
    }
    match value {
        Value::Seq(s) => s.elems().iter().any(holds_ambiguous),
        Value::Record(r) => r.fields().iter().any(|(_, v)| holds_ambiguous(v)),
        Value::Set(_) => elements(value).iter().any(holds_ambiguous),
        Value::Fcn(f) => f
            .pairs()
            .iter()
            .any(|(k, v)| holds_ambiguous(k) || holds_ambiguous(v)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ambiguous_string_fits_the_string_or_the_model_value() {
        let models = ModelValues::from([("c1".to_string(), Value::model(3, "c1"))]);
        let logged = ambiguous(&models)["c1"].clone();
        assert!(fits(&logged, &Value::str("c1")));
        assert!(fits(&logged, &Value::model(3, "c1")));
        assert!(!fits(&logged, &Value::str("c2")));
        assert!(!fits(&Value::str("c1"), &Value::model(3, "c1")));
        assert_eq!(real(&logged), Value::model(3, "c1"));
        // pc = [c1 |-> "c1"]: the key is the model value, the value the string.
        let logged_pc = Value::function(vec![(logged.clone(), logged.clone())]);
        let model_pc = Value::function(vec![(Value::model(3, "c1"), Value::str("c1"))]);
        assert!(fits(&logged_pc, &model_pc));
        let set = Value::set(vec![logged.clone(), Value::Int(1)]);
        assert!(fits(
            &set,
            &Value::set(vec![Value::str("c1"), Value::Int(1)])
        ));
        assert!(!fits(
            &set,
            &Value::set(vec![Value::str("c1"), Value::Int(2)])
        ));
        assert_eq!(
            resolve(&logged, [Value::str("c2"), Value::str("c1")].into_iter()),
            Value::str("c1")
        );
    }

    /// `fits_beside` answers as `fits`, skipping only the parts both sides share with a
    /// pair known to fit.
    #[test]
    fn fitting_beside_a_known_pair_answers_as_fits() {
        let models = ModelValues::from([("c1".to_string(), Value::model(3, "c1"))]);
        let logged = ambiguous(&models)["c1"].clone();
        let entry = |n: i64, who: &Value| {
            Value::record(vec![
                ("seq".into(), Value::Int(n)),
                ("who".into(), who.clone()),
            ])
        };
        let log =
            |entries: &[Value]| Value::record(vec![("s1".into(), Value::seq(entries.to_vec()))]);
        let (seen, held) = (entry(1, &logged), entry(1, &Value::str("c1")));
        let was_logged = log(std::slice::from_ref(&seen));
        let was_held = log(std::slice::from_ref(&held));
        assert!(fits(&was_logged, &was_held));
        let cases = [
            (
                log(&[seen.clone(), entry(2, &logged)]),
                log(&[held.clone(), entry(2, &Value::model(3, "c1"))]),
            ),
            (
                log(&[seen.clone(), entry(2, &logged)]),
                log(&[held.clone(), entry(3, &Value::str("c1"))]),
            ),
            (
                log(&[seen.clone(), entry(2, &logged)]),
                log(std::slice::from_ref(&held)),
            ),
            (
                log(&[entry(1, &logged)]),
                log(&[entry(1, &Value::str("c2"))]),
            ),
            (
                log(std::slice::from_ref(&seen)),
                log(std::slice::from_ref(&held)),
            ),
            (Value::Int(1), Value::Int(1)),
        ];
        for (a, b) in &cases {
            assert_eq!(
                fits_beside(a, b, &was_logged, &was_held),
                fits(a, b),
                "{a} {b}"
            );
        }
        assert!(fits_beside(
            &cases[0].0,
            &cases[0].1,
            &was_logged,
            &was_held
        ));
    }
}
