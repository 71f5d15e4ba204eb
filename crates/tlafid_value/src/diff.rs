//! A compact structural difference of two values, for people: where records, functions and
//! sequences of the same shape differ, only the differing parts, each at its path
//! (`[2].term`, `["n1"]`); for two sets, what each has that the other lacks; for sequences
//! of different lengths, what follows their common prefix (`[3..]`).

use std::fmt;

use crate::Value;

/// The most differences collected; past it, [`Diff::more`] counts the rest.
const MAX_DIFFERENCES: usize = 8;

/// One place where two values differ.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// At `path`, one value has `left` and the other `right` (`None`: no such field, key or
    /// index).
    Changed {
        /// The path from the compared values (`""`: the values themselves).
        path: String,
        /// The part of the first value.
        left: Option<Value>,
        /// The part of the second value.
        right: Option<Value>,
    },
    /// At `path`, two sets: the elements only the first has, and only the second.
    Sets {
        /// The path from the compared values.
        path: String,
        /// Elements only in the first set.
        only_left: Vec<Value>,
        /// Elements only in the second set.
        only_right: Vec<Value>,
    },
}

/// The differences of two values, the first few of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diff {
    /// The differences, in the values' order.
    pub differences: Vec<Difference>,
    /// How many more there are.
    pub more: usize,
}

impl Diff {
    fn push(&mut self, difference: Difference) {
        if self.differences.len() < MAX_DIFFERENCES {
            self.differences.push(difference);
        } else {
            self.more += 1;
        }
    }
}

/// Where `left` and `right` differ, by their structure.
pub fn diff(left: &Value, right: &Value) -> Diff {
    let mut out = Diff::default();
    walk(left, right, &mut String::new(), &mut out);
    out
}

fn walk(left: &Value, right: &Value, path: &mut String, out: &mut Diff) {
    if left == right {
        return;
    }
    match (left, right) {
        (Value::Record(l), Value::Record(r)) => {
            keyed(
                l.fields().iter().map(|(k, v)| (Key::Field(k), v)),
                r.fields().iter().map(|(k, v)| (Key::Field(k), v)),
                path,
                out,
            );
        }
        (Value::Seq(l), Value::Seq(r)) if l.elems().len() != r.elems().len() => {
            // Elements compared by position would all differ after an insertion: show what
            // follows the common prefix, whole.
            let (l, r) = (l.elems(), r.elems());
            let common = l.iter().zip(r).take_while(|(a, b)| a == b).count();
            out.push(Difference::Changed {
                path: format!("{path}[{}..]", common + 1),
                left: Some(Value::seq(l[common..].to_vec())),
                right: Some(Value::seq(r[common..].to_vec())),
            });
        }
        (Value::Seq(l), Value::Seq(r)) => {
            keyed(
                l.elems()
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (Key::Index(i + 1), v)),
                r.elems()
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (Key::Index(i + 1), v)),
                path,
                out,
            );
        }
        (Value::Fcn(l), Value::Fcn(r)) => {
            keyed(
                l.pairs().iter().map(|(k, v)| (Key::Arg(k), v)),
                r.pairs().iter().map(|(k, v)| (Key::Arg(k), v)),
                path,
                out,
            );
        }
        _ if left.is_finite_set() && right.is_finite_set() => sets(left, right, path, out),
        _ => out.push(Difference::Changed {
            path: path.clone(),
            left: Some(left.clone()),
            right: Some(right.clone()),
        }),
    }
}

/// A step of a path.
#[derive(Clone, Copy)]
enum Key<'v> {
    Field(&'v str),
    Index(usize),
    Arg(&'v Value),
}

impl Key<'_> {
    fn same(&self, other: &Key<'_>) -> bool {
        match (self, other) {
            (Key::Field(a), Key::Field(b)) => a == b,
            (Key::Index(a), Key::Index(b)) => a == b,
            (Key::Arg(a), Key::Arg(b)) => a == b,
            _ => false,
        }
    }
}

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Field(name) => write!(f, ".{name}"),
            Key::Index(i) => write!(f, "[{i}]"),
            Key::Arg(v) => write!(f, "[{v}]"),
        }
    }
}

/// Two collections of (key, value): the values under the same key compared, the keys only
/// one has reported as missing from the other.
fn keyed<'v>(
    left: impl Iterator<Item = (Key<'v>, &'v Value)>,
    right: impl Iterator<Item = (Key<'v>, &'v Value)>,
    path: &mut String,
    out: &mut Diff,
) {
    let (left, right): (Vec<_>, Vec<_>) = (left.collect(), right.collect());
    let at = path.len();
    for (key, l) in &left {
        path.push_str(&key.to_string());
        match right.iter().find(|(k, _)| k.same(key)) {
            Some((_, r)) => walk(l, r, path, out),
            None => out.push(Difference::Changed {
                path: path.clone(),
                left: Some((*l).clone()),
                right: None,
            }),
        }
        path.truncate(at);
    }
    for (key, r) in right
        .iter()
        .filter(|(k, _)| !left.iter().any(|(l, _)| l.same(k)))
    {
        path.push_str(&key.to_string());
        out.push(Difference::Changed {
            path: path.clone(),
            left: None,
            right: Some((*r).clone()),
        });
        path.truncate(at);
    }
}

fn sets(left: &Value, right: &Value, path: &str, out: &mut Diff) {
    let elements = |v: &Value| -> Vec<Value> {
        v.iter_set()
            .map(|i| i.map(|e| e.into_owned()).collect())
            .unwrap_or_default()
    };
    let (l, r) = (elements(left), elements(right));
    out.push(Difference::Sets {
        path: path.to_string(),
        only_left: l.iter().filter(|e| !r.contains(e)).cloned().collect(),
        only_right: r.iter().filter(|e| !l.contains(e)).cloned().collect(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FnBuilder;

    fn record(fields: &[(&str, Value)]) -> Value {
        Value::record(
            fields
                .iter()
                .map(|(k, v)| (crate::Text::new(k), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn only_the_differing_parts_with_their_paths() {
        let entry =
            |term: i64, cmd: &str| record(&[("term", Value::Int(term)), ("cmd", Value::str(cmd))]);
        let log = |entries: Vec<Value>| Value::seq(entries);
        let long: Vec<Value> = (0..50).map(|i| entry(i, "put")).collect();
        let mut swapped = long.clone();
        swapped.swap(3, 4);
        let d = diff(&log(long), &log(swapped));
        assert_eq!(
            d.differences,
            vec![
                Difference::Changed {
                    path: "[4].term".into(),
                    left: Some(Value::Int(3)),
                    right: Some(Value::Int(4))
                },
                Difference::Changed {
                    path: "[5].term".into(),
                    left: Some(Value::Int(4)),
                    right: Some(Value::Int(3))
                },
            ]
        );
        assert_eq!(d.more, 0);
    }

    #[test]
    fn sets_missing_keys_and_other_shapes() {
        let set = |xs: &[i64]| Value::set(xs.iter().map(|x| Value::Int(*x)).collect());
        let d = diff(&set(&[1, 2, 3]), &set(&[2, 3, 4]));
        assert_eq!(
            d.differences,
            vec![Difference::Sets {
                path: String::new(),
                only_left: vec![Value::Int(1)],
                only_right: vec![Value::Int(4)]
            }]
        );
        let mut a = FnBuilder::with_capacity(1);
        a.push(Value::Int(10), Value::Int(1));
        let mut b = FnBuilder::with_capacity(1);
        b.push(Value::Int(20), Value::Int(1));
        let d = diff(&a.build(), &b.build());
        assert_eq!(d.differences.len(), 2);
        assert!(
            matches!(&d.differences[0], Difference::Changed { path, right: None, .. } if path == "[10]")
        );
        let seq = |xs: &[i64]| Value::seq(xs.iter().map(|x| Value::Int(*x)).collect());
        let d = diff(&seq(&[1, 2, 3]), &seq(&[1, 2, 9, 3]));
        assert_eq!(
            d.differences,
            vec![Difference::Changed {
                path: "[3..]".into(),
                left: Some(seq(&[3])),
                right: Some(seq(&[9, 3]))
            }]
        );
        let d = diff(&Value::Int(1), &Value::str("x"));
        assert_eq!(d.differences.len(), 1);
        let many: Vec<Value> = (0..20).map(Value::Int).collect();
        let other: Vec<Value> = (1..21).map(Value::Int).collect();
        let d = diff(&Value::seq(many), &Value::seq(other));
        assert_eq!(
            (d.differences.len(), d.more),
            (MAX_DIFFERENCES, 20 - MAX_DIFFERENCES)
        );
    }
}
