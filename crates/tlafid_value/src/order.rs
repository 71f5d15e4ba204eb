//! Equality, TLC's total order, and hashing (through fingerprints) on canonical forms.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::func::{FnView, KeyRef};
use crate::set::SetView;
use crate::{RecordValue, Value};

impl Value {
    /// Kinds in the order TLC would place them if it compared across kinds (model values
    /// first; the rest is our own choice, since TLC rejects such comparisons).
    fn rank(&self) -> u8 {
        match self {
            Value::Model(_) => 0,
            Value::Bool(_) => 1,
            Value::Int(_) | Value::BigInt(_) => 2,
            Value::Str(_) => 3,
            Value::Set(_) | Value::Interval(..) | Value::Lazy(_) => 4,
            Value::Seq(_) | Value::Record(_) | Value::Fcn(_) => 5,
        }
    }

    /// True when TLC can compare the two values for equality without an error: values of
    /// one kind (all functions are one kind, all sets another), or a model value with anything.
    pub fn comparable_with(&self, other: &Value) -> bool {
        let (a, b) = (self.rank(), other.rank());
        a == b || a == 0 || b == 0
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Model(a), Value::Model(b)) => std::ptr::eq(*a, *b) || a == b,
            (Value::Interval(a, b), Value::Interval(c, d)) => a == c && b == d,
            // Two enumerated sets: their sizes, then their elements in order (as `cmp_sets`
            // orders them, without the views).
            (Value::Set(a), Value::Set(b)) => Arc::ptr_eq(a, b) || a.elems == b.elems,
            (Value::Seq(a), Value::Seq(b)) if Arc::ptr_eq(a, b) => true,
            (Value::Seq(a), Value::Seq(b)) => a.elems == b.elems,
            (Value::Record(a), Value::Record(b)) => Arc::ptr_eq(a, b) || a.fields == b.fields,
            (Value::Fcn(a), Value::Fcn(b)) => Arc::ptr_eq(a, b) || a.same_pairs(b),
            // Values of different kinds (a string and a model value) are ordered by kind.
            _ if self.rank() != other.rank() => false,
            _ => self.cmp(other) == Ordering::Equal,
        }
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a.cmp(b),
            (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
            // Interned strings (field names, literals) are one allocation: no byte compare.
            (Value::Str(a), Value::Str(b)) => a.cmp(b),
            (Value::Model(a), Value::Model(b)) if std::ptr::eq(*a, *b) => Ordering::Equal,
            (Value::Model(a), Value::Model(b)) => a.cmp(b),
            (Value::Record(a), Value::Record(b)) => cmp_records(a, b),
            // Tuples (keys of functions of several arguments, `f[n, k]`): as `cmp_fns` orders
            // two sequences, without the generic view.
            (Value::Seq(a), Value::Seq(b)) if Arc::ptr_eq(a, b) => Ordering::Equal,
            (Value::Seq(a), Value::Seq(b)) => a
                .elems
                .len()
                .cmp(&b.elems.len())
                .then_with(|| a.elems.iter().cmp(b.elems.iter())),
            (Value::Int(_) | Value::BigInt(_), Value::Int(_) | Value::BigInt(_)) => {
                self.to_bigint().cmp(&other.to_bigint())
            }
            _ => match self.rank().cmp(&other.rank()) {
                Ordering::Equal if self.rank() == 4 => cmp_sets(self, other),
                Ordering::Equal => cmp_fns(&FnView::of(self), &FnView::of(other)),
                unequal => unequal,
            },
        }
    }
}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.fingerprint());
    }
}

/// Sets: finite before infinite; finite ones by size, then element-wise (as TLC).
fn cmp_sets(a: &Value, b: &Value) -> Ordering {
    match (a.set_view(), b.set_view()) {
        (SetView::Interval(a0, a1), SetView::Interval(b0, b1)) => (a1 as i128 - a0 as i128)
            .cmp(&(b1 as i128 - b0 as i128))
            .then(a0.cmp(&b0)),
        (SetView::Infinite(x), SetView::Infinite(y)) => x.kind().cmp(y.kind()),
        (SetView::Infinite(_), _) => Ordering::Greater,
        (_, SetView::Infinite(_)) => Ordering::Less,
        (x, y) => {
            let (n, m) = (x.len(), y.len());
            n.cmp(&m).then_with(|| x.iter().cmp(y.iter()))
        }
    }
}

/// Two records, as [`cmp_fns`] orders them (field count, names, then values), without the
/// generic view: field names are mostly one interned allocation, compared by address.
fn cmp_records(a: &RecordValue, b: &RecordValue) -> Ordering {
    if std::ptr::eq(a, b) {
        return Ordering::Equal;
    }
    let (x, y) = (a.fields(), b.fields());
    let by_len = x.len().cmp(&y.len());
    if by_len != Ordering::Equal {
        return by_len;
    }
    for ((p, _), (q, _)) in x.iter().zip(y) {
        if !p.same(*q) {
            let by_name = p.cmp(q);
            if by_name != Ordering::Equal {
                return by_name;
            }
        }
    }
    for ((_, v), (_, w)) in x.iter().zip(y) {
        let by_value = v.cmp(w);
        if by_value != Ordering::Equal {
            return by_value;
        }
    }
    Ordering::Equal
}

/// Functions: by domain size, then domain element-wise, then values element-wise (as TLC).
pub(crate) fn cmp_fns(a: &FnView<'_>, b: &FnView<'_>) -> Ordering {
    let n = a.len();
    let by_len = n.cmp(&b.len());
    if by_len != Ordering::Equal {
        return by_len;
    }
    if !matches!((a, b), (FnView::Seq(_), FnView::Seq(_))) {
        for i in 0..n {
            let by_key = cmp_keys(a.key(i), b.key(i));
            if by_key != Ordering::Equal {
                return by_key;
            }
        }
    }
    for i in 0..n {
        let by_value = a.value(i).cmp(b.value(i));
        if by_value != Ordering::Equal {
            return by_value;
        }
    }
    Ordering::Equal
}

fn cmp_keys(a: KeyRef<'_>, b: KeyRef<'_>) -> Ordering {
    match (a, b) {
        (KeyRef::Int(x), KeyRef::Int(y)) => x.cmp(&y),
        (KeyRef::Str(x), KeyRef::Str(y)) => x.cmp(&y),
        (KeyRef::Value(x), KeyRef::Value(y)) => x.cmp(y),
        (KeyRef::Value(x), KeyRef::Int(y)) => x.cmp(&Value::Int(y)),
        (KeyRef::Int(x), KeyRef::Value(y)) => Value::Int(x).cmp(y),
        (KeyRef::Value(x), KeyRef::Str(y)) => cmp_value_str(x, &y),
        (KeyRef::Str(x), KeyRef::Value(y)) => cmp_value_str(y, &x).reverse(),
        (KeyRef::Int(_), KeyRef::Str(_)) => Ordering::Less,
        (KeyRef::Str(_), KeyRef::Int(_)) => Ordering::Greater,
    }
}

fn cmp_value_str(v: &Value, s: &str) -> Ordering {
    match v {
        Value::Str(x) => (**x).cmp(s),
        other => other.rank().cmp(&3),
    }
}
