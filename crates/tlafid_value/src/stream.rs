//! The elements of a finite lazy set too large to enumerate whole, one at a time, in the
//! set's sorted order: TLC enumerates its `SetOfFcnsValue`, `SubsetValue`,
//! `SetOfRcdsValue` and `SetOfTuplesValue` lazily, so a filter or a quantifier over
//! `[1..5 -> 1..121]` or `SUBSET SUBSET {n1, ..., n5}` runs, element by element, where
//! building the set first would exhaust memory.

use std::borrow::Cow;

use crate::lazy::LazySet;
use crate::{fail, Text, Value, ValueResult, MAX_ENUMERATION};

/// What each choice of one element per column becomes.
enum Build {
    /// A function of `[keys -> range]` (every column the range).
    Function(Vec<Value>),
    /// A function of `[1..n -> range]`: a sequence, one column per index.
    Sequence,
    /// A record of `[fields : ...]` (one column per field).
    Record(Vec<Text>),
    /// A tuple of `S \X T \X ...` (one column per factor).
    Tuple,
    /// A subset of `SUBSET S` (one column, `S`; the digits are the chosen positions).
    Subset,
}

/// A lazy set's elements one at a time, in sorted order.
pub struct Stream {
    build: Build,
    columns: Vec<Vec<Value>>,
    /// The current element's choice: one position per column (an odometer), or for a
    /// subset the positions chosen, increasing.
    digits: Vec<usize>,
    /// The current element has not been returned yet.
    fresh: bool,
    done: bool,
}

impl LazySet {
    /// The elements one at a time, when this is a function, record, tuple or subset set whose
    /// parts can be enumerated; `None` for the other shapes (infinite, or not streamed).
    pub(crate) fn stream(&self) -> ValueResult<Option<Stream>> {
        let column = |s: &Value| -> ValueResult<Vec<Value>> {
            if s.cardinality()? > MAX_ENUMERATION {
                return fail(format!("the set {s} has too many elements to enumerate"));
            }
            Ok(s.iter_set()?.map(Cow::into_owned).collect())
        };
        let finite = |s: &Value| s.is_finite_set();
        Ok(Some(match self {
            LazySet::FnSet(d, r) if finite(d) && finite(r) => {
                let width = d.cardinality()?;
                if width > MAX_ENUMERATION {
                    return fail(format!(
                        "the functions of {self} have {width} arguments each, too many to enumerate"
                    ));
                }
                let keys = column(d)?;
                let range = column(r)?;
                let columns = vec![range; keys.len()];
                let indices = (1..).map(Value::Int);
                if keys.iter().zip(indices).all(|(k, i)| *k == i) {
                    Stream::odometer(Build::Sequence, columns)
                } else {
                    Stream::odometer(Build::Function(keys), columns)
                }
            }
            LazySet::RecordSet(fields) if fields.iter().all(|f| finite(&f.1)) => {
                let columns = fields
                    .iter()
                    .map(|f| column(&f.1))
                    .collect::<Result<_, _>>()?;
                let names = fields.iter().map(|f| f.0).collect();
                Stream::odometer(Build::Record(names), columns)
            }
            LazySet::Product(parts) if parts.iter().all(finite) => {
                let columns = parts.iter().map(column).collect::<Result<_, _>>()?;
                Stream::odometer(Build::Tuple, columns)
            }
            LazySet::Subset(s) if finite(s) => Stream {
                build: Build::Subset,
                columns: vec![column(s)?],
                digits: Vec::new(),
                fresh: true,
                done: false,
            },
            _ => return Ok(None),
        }))
    }
}

impl Stream {
    fn odometer(build: Build, columns: Vec<Vec<Value>>) -> Stream {
        let done = columns.iter().any(Vec::is_empty);
        Stream {
            build,
            digits: vec![0; columns.len()],
            columns,
            fresh: true,
            done,
        }
    }

    /// Moves to the next choice; false when there is none.
    fn advance(&mut self) -> bool {
        match self.build {
            Build::Subset => self.advance_subset(),
            _ => {
                // The rightmost digit that can move: the row is lexicographically next.
                for i in (0..self.digits.len()).rev() {
                    self.digits[i] += 1;
                    if self.digits[i] < self.columns[i].len() {
                        return true;
                    }
                    self.digits[i] = 0;
                }
                false
            }
        }
    }

    /// The next subset in the order of sets: by size, then element-wise (the next
    /// combination of the same size, or the first of the next size).
    fn advance_subset(&mut self) -> bool {
        let n = self.columns[0].len();
        let k = self.digits.len();
        for i in (0..k).rev() {
            if self.digits[i] < n - (k - i) {
                self.digits[i] += 1;
                for j in i + 1..k {
                    self.digits[j] = self.digits[j - 1] + 1;
                }
                return true;
            }
        }
        if k == n {
            return false;
        }
        self.digits = (0..=k).collect();
        true
    }

    fn current(&self) -> Value {
        let chosen = || {
            self.digits
                .iter()
                .zip(&self.columns)
                .map(|(&d, column)| column[d].clone())
        };
        match &self.build {
            Build::Function(keys) => {
                Value::function_sorted(keys.iter().cloned().zip(chosen()).collect())
            }
            Build::Record(names) => Value::record(names.iter().copied().zip(chosen()).collect()),
            Build::Sequence | Build::Tuple => {
                let mut elems = Vec::with_capacity(self.digits.len());
                elems.extend(chosen());
                Value::seq(elems)
            }
            Build::Subset => Value::set_sorted(
                self.digits
                    .iter()
                    .map(|&d| self.columns[0][d].clone())
                    .collect(),
            ),
        }
    }
}

impl Iterator for Stream {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        if self.done {
            return None;
        }
        if !self.fresh && !self.advance() {
            self.done = true;
            return None;
        }
        self.fresh = false;
        Some(self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(names: &[&str]) -> Value {
        Value::set(names.iter().map(|n| Value::Str(Text::new(n))).collect())
    }

    /// A stream yields what enumerating the set whole gives, in the same (sorted) order.
    fn same_as_enumerated(set: LazySet) {
        let Value::Lazy(lazy) = Value::lazy(set) else {
            unreachable!("a lazy set")
        };
        let set = lazy.kind();
        let whole = set.enumerate().expect("small enough to enumerate");
        let streamed: Vec<Value> = set.stream().expect("streams").expect("a shape").collect();
        let enumerated: Vec<Value> = whole.iter_set().unwrap().map(Cow::into_owned).collect();
        assert_eq!(streamed, enumerated, "{set}");
    }

    #[test]
    fn streams_in_sorted_order() {
        let ab = strings(&["a", "b"]);
        let three = Value::interval(1, 3);
        same_as_enumerated(LazySet::FnSet(three.clone(), ab.clone()));
        same_as_enumerated(LazySet::FnSet(ab.clone(), three.clone()));
        same_as_enumerated(LazySet::FnSet(Value::interval(2, 3), ab.clone()));
        same_as_enumerated(LazySet::FnSet(Value::empty_set(), ab.clone()));
        same_as_enumerated(LazySet::FnSet(three.clone(), Value::empty_set()));
        same_as_enumerated(LazySet::Product(vec![
            ab.clone(),
            three.clone(),
            ab.clone(),
        ]));
        same_as_enumerated(LazySet::RecordSet(vec![
            (Text::new("y"), three.clone()),
            (Text::new("x"), ab.clone()),
        ]));
        same_as_enumerated(LazySet::Subset(Value::interval(1, 5)));
        same_as_enumerated(LazySet::Subset(Value::empty_set()));
        same_as_enumerated(LazySet::Subset(Value::set(vec![ab, three])));
    }
}
