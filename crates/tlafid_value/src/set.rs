//! Set views and operations: membership, enumeration, union, intersection, difference.

use std::borrow::Cow;
use std::sync::Arc;

use crate::fingerprint::{self, elem_term, fp_inline, set_fp, FpCell, Updated};
use crate::lazy::{LazySet, LazyValue};
use crate::stream::Stream;
use crate::{fail, SetValue, Value, ValueResult};

/// How a set value looks for comparison and iteration.
pub(crate) enum SetView<'a> {
    /// Enumerated elements, sorted.
    Finite(&'a [Value]),
    /// `lo..hi`, non-empty.
    Interval(i64, i64),
    /// A set that cannot be enumerated.
    Infinite(&'a LazyValue),
}

/// Sets of at most this many elements are searched by [`Value::contains`] one element
/// after another rather than by bisection.
const SCAN_MAX: usize = 8;
impl SetView<'_> {
    pub(crate) fn len(&self) -> usize {
        match self {
            SetView::Finite(e) => e.len(),
            SetView::Interval(lo, hi) => interval_len(*lo, *hi),
            SetView::Infinite(_) => usize::MAX,
        }
    }

    pub(crate) fn iter(&self) -> SetIter<'_> {
        match self {
            SetView::Finite(e) => SetIter::Slice(e.iter()),
            SetView::Interval(lo, hi) => SetIter::Range(*lo..=*hi),
            SetView::Infinite(_) => SetIter::Slice([].iter()),
        }
    }
}

/// Iterates over a finite set's elements in order.
pub enum SetIter<'a> {
    /// Enumerated elements.
    Slice(std::slice::Iter<'a, Value>),
    /// An interval.
    Range(std::ops::RangeInclusive<i64>),
    /// A finite lazy set too large to enumerate whole, built one element at a time.
    Stream(Box<Stream>),
}

impl<'a> Iterator for SetIter<'a> {
    type Item = Cow<'a, Value>;

    fn next(&mut self) -> Option<Cow<'a, Value>> {
        match self {
            SetIter::Slice(it) => it.next().map(Cow::Borrowed),
            SetIter::Range(r) => r.next().map(|i| Cow::Owned(Value::Int(i))),
            SetIter::Stream(s) => s.next().map(Cow::Owned),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            SetIter::Slice(it) => it.size_hint(),
            SetIter::Range(r) => r.size_hint(),
            SetIter::Stream(_) => (0, None),
        }
    }
}

impl Value {
    /// The view of a set; panics on non-sets (callers check first).
    pub(crate) fn set_view(&self) -> SetView<'_> {
        match self {
            Value::Set(s) => SetView::Finite(&s.elems),
            Value::Interval(lo, hi) => SetView::Interval(*lo, *hi),
            Value::Lazy(l) => match l.enumerated() {
                Some(Value::Set(s)) => SetView::Finite(&s.elems),
                Some(Value::Interval(lo, hi)) => SetView::Interval(*lo, *hi),
                _ => SetView::Infinite(l),
            },
            _ => SetView::Finite(&[]),
        }
    }

    /// Is this value a set that can be enumerated?
    pub fn is_finite_set(&self) -> bool {
        self.is_set() && !matches!(self.set_view(), SetView::Infinite(_))
    }

    /// `elem \in self`.
    pub fn contains(&self, elem: &Value) -> ValueResult<bool> {
        match self {
            // A small set is scanned for an equal element: equality of strings, model
            // values and tuples (an address, a length) decides sooner than their order,
            // which a binary search needs at each step.
            Value::Set(s) if s.elems.len() <= SCAN_MAX => Ok(s.elems.iter().any(|e| e == elem)),
            Value::Set(s) => Ok(s.elems.binary_search(elem).is_ok()),
            Value::Interval(lo, hi) => Ok(matches!(elem, Value::Int(i) if lo <= i && i <= hi)),
            Value::Lazy(l) => l.contains(elem),
            other => fail(format!(
                "\\in applied to the {} {other}, not a set",
                other.kind_name()
            )),
        }
    }

    /// The elements of a finite set, in order (an error for non-sets, infinite sets and
    /// sets too large to build).
    pub fn iter_set(&self) -> ValueResult<SetIter<'_>> {
        self.iter_with(false)
    }

    /// The elements of a finite set, in order, as [`iter_set`](Self::iter_set); a function,
    /// record, tuple or subset set too large to build is streamed, one element built at a
    /// time, as TLC enumerates its `SetOfFcnsValue` in a set filter and its `SubsetValue`
    /// everywhere. For the evaluator's loops over bound variables, which count their steps
    /// against the budgets: a stream may run for billions of elements.
    pub fn iter_elements(&self) -> ValueResult<SetIter<'_>> {
        self.iter_with(true)
    }

    fn iter_with(&self, stream: bool) -> ValueResult<SetIter<'_>> {
        if !self.is_set() {
            return fail(format!(
                "expected a set, found the {} {self}",
                self.kind_name()
            ));
        }
        Ok(match self.set_view() {
            SetView::Infinite(l) => match stream.then(|| l.kind().stream()).transpose()? {
                Some(Some(elements)) => SetIter::Stream(Box::new(elements)),
                _ => return fail(l.not_enumerable()),
            },
            SetView::Finite(e) => SetIter::Slice(e.iter()),
            SetView::Interval(lo, hi) => SetIter::Range(lo..=hi),
        })
    }

    /// The elements of a finite set as an enumerated [`Value::Set`] (shared when it is one).
    pub fn to_enumerated(&self) -> ValueResult<Arc<SetValue>> {
        match self {
            Value::Set(s) => Ok(s.clone()),
            Value::Lazy(l) => match l.enumerated() {
                Some(Value::Set(s)) => Ok(s.clone()),
                Some(v) => v.to_enumerated(),
                None => fail(l.not_enumerable()),
            },
            _ => {
                let elems = self.iter_set()?.map(Cow::into_owned).collect();
                Ok(Arc::new(SetValue {
                    elems,
                    fp: Default::default(),
                }))
            }
        }
    }

    /// The number of elements of a finite set.
    pub fn cardinality(&self) -> ValueResult<usize> {
        match self {
            Value::Set(s) => Ok(s.elems.len()),
            Value::Interval(lo, hi) => Ok(interval_len(*lo, *hi)),
            Value::Lazy(l) => l.cardinality(),
            other => fail(format!(
                "expected a set, found the {} {other}",
                other.kind_name()
            )),
        }
    }

    /// `self \cup other`.
    pub fn union(&self, other: &Value) -> ValueResult<Value> {
        expect_sets(self, other, "\\cup")?;
        if !self.is_finite_set() || !other.is_finite_set() {
            return Ok(Value::lazy(LazySet::Union(self.clone(), other.clone())));
        }
        if other.cardinality()? == 0 {
            return Ok(self.clone());
        }
        if self.cardinality()? == 0 {
            return Ok(other.clone());
        }
        let (a, b) = (self.to_enumerated()?, other.to_enumerated()?);
        // One element added (`msgs \cup {m}`, the commonest union in a next state).
        match (a.elems.len(), b.elems.len()) {
            (_, 1) => return Ok(inserted(&a, &b.elems[0]).unwrap_or(Value::Set(a))),
            (1, _) => return Ok(inserted(&b, &a.elems[0]).unwrap_or(Value::Set(b))),
            _ => {}
        }
        Ok(Value::set_sorted(merge_union(&a.elems, &b.elems)))
    }

    /// `self \cup {elem}` (as [`union`](Self::union) gives it, the same value and errors),
    /// without building the set `{elem}` where `self` is a finite set: `msgs \cup {m}`,
    /// `ack[p] \cup {q}`, the commonest union in a next state, built, hashed and freed a
    /// set of one element at each successor.
    pub fn union_element(&self, elem: &Value) -> ValueResult<Value> {
        if !self.is_finite_set() {
            return self.union(&Value::set(vec![elem.clone()]));
        }
        if self.cardinality()? == 0 {
            return Ok(Value::set(vec![elem.clone()]));
        }
        let a = self.to_enumerated()?;
        Ok(inserted(&a, elem).unwrap_or(Value::Set(a)))
    }

    /// `{elem} \cup other` ([`union_element`](Self::union_element) of `other`).
    pub fn element_union(elem: &Value, other: &Value) -> ValueResult<Value> {
        if !other.is_finite_set() {
            return Value::set(vec![elem.clone()]).union(other);
        }
        other.union_element(elem)
    }

    /// `self \cap other`.
    pub fn intersect(&self, other: &Value) -> ValueResult<Value> {
        expect_sets(self, other, "\\cap")?;
        let (small, big) = if self.is_finite_set() {
            (self, other)
        } else {
            (other, self)
        };
        if !small.is_finite_set() {
            return Ok(Value::lazy(LazySet::Intersect(self.clone(), other.clone())));
        }
        let mut elems = Vec::new();
        for e in small.iter_set()? {
            if big.contains(&e)? {
                elems.push(e.into_owned());
            }
        }
        Ok(Value::set_sorted(elems))
    }

    /// Whether `self \cap other` is empty, decided without building it when both are
    /// enumerated sets or intervals (`None` otherwise: ask [`intersect`](Self::intersect),
    /// whose membership tests may fail). The same error as `intersect` when either is not a
    /// set.
    pub fn intersect_is_empty(&self, other: &Value) -> ValueResult<Option<bool>> {
        expect_sets(self, other, "\\cap")?;
        let plain = |v: &Value| matches!(v, Value::Set(_) | Value::Interval(..));
        if !plain(self) || !plain(other) {
            return Ok(None);
        }
        let (small, big) = if self.cardinality()? <= other.cardinality()? {
            (self, other)
        } else {
            (other, self)
        };
        for e in small.iter_set()? {
            if big.contains(&e)? {
                return Ok(Some(false));
            }
        }
        Ok(Some(true))
    }

    /// `self \ other`.
    pub fn minus(&self, other: &Value) -> ValueResult<Value> {
        expect_sets(self, other, "\\")?;
        if let Value::Set(removed) = other {
            // An enumerated set taken from an enumerated set or an interval (`Proc \ {p}`,
            // `Ballot \ {0}`, the commonest case): one pass into a vector of the right size,
            // each element looked for in place.
            let removed = &removed.elems[..];
            match self.set_view() {
                SetView::Finite(elems) => {
                    let mut kept = Vec::with_capacity(elems.len());
                    for e in elems {
                        if !holds(removed, e) {
                            kept.push(e.clone());
                        }
                    }
                    return Ok(Value::set_sorted(kept));
                }
                SetView::Interval(lo, hi) => {
                    let span = hi.saturating_sub(lo).saturating_add(1);
                    let mut kept = Vec::with_capacity(span.clamp(0, 1 << 16) as usize);
                    for i in lo..=hi {
                        let e = Value::Int(i);
                        if !holds(removed, &e) {
                            kept.push(e);
                        }
                    }
                    return Ok(Value::set_sorted(kept));
                }
                SetView::Infinite(_) => {}
            }
        }
        if !self.is_finite_set() {
            return Ok(Value::lazy(LazySet::Minus(self.clone(), other.clone())));
        }
        let mut elems = Vec::new();
        for e in self.iter_set()? {
            if !other.contains(&e)? {
                elems.push(e.into_owned());
            }
        }
        Ok(Value::set_sorted(elems))
    }

    /// `self \subseteq other`.
    pub fn subset_eq(&self, other: &Value) -> ValueResult<bool> {
        expect_sets(self, other, "\\subseteq")?;
        for e in self.iter_set()? {
            if !other.contains(&e)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `UNION self`: the union of a finite set of sets.
    pub fn big_union(&self) -> ValueResult<Value> {
        let members: Vec<Cow<'_, Value>> = self.iter_set()?.collect();
        if members.iter().all(|s| s.is_set())
            && members.iter().any(|s| matches!(&**s, Value::Lazy(_)))
        {
            return Ok(Value::lazy(LazySet::BigUnion(self.clone())));
        }
        self.big_union_enumerated()
    }

    /// `UNION self`, enumerated.
    pub(crate) fn big_union_enumerated(&self) -> ValueResult<Value> {
        let mut acc = Value::empty_set();
        for s in self.iter_set()? {
            acc = acc.union(&s)?;
        }
        Ok(acc)
    }

    /// `self \cup {elem}` for a finite set.
    pub fn with_element(&self, elem: Value) -> ValueResult<Value> {
        let set = self.to_enumerated()?;
        Ok(inserted(&set, &elem).unwrap_or(Value::Set(set)))
    }
}

/// `set \cup {elem}`, or `None` where `elem` is in `set` already: the elements copied once
/// around its place (a merge pushed them one at a time). The place is found by a scan in a
/// small set (its comparisons with the elements before it are mostly decided early, where a
/// bisection's, near the place, compare similar elements through), by bisection in a larger
/// one. From three elements on, the fingerprint is derived from `set`'s and `elem`'s (as
/// `Value::except_index` does; three mixes, where hashing the set whole costs one an
/// element and one).
fn inserted(set: &SetValue, elem: &Value) -> Option<Value> {
    const SCANNED: usize = 16;
    let n = set.elems.len();
    let at = if n <= SCANNED {
        let mut at = n;
        for (i, e) in set.elems.iter().enumerate() {
            match e.cmp(elem) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => return None,
                std::cmp::Ordering::Greater => {
                    at = i;
                    break;
                }
            }
        }
        at
    } else {
        set.elems.binary_search(elem).err()?
    };
    let mut elems = Vec::with_capacity(n + 1);
    elems.extend_from_slice(&set.elems[..at]);
    elems.push(elem.clone());
    elems.extend_from_slice(&set.elems[at..]);
    let fp = match n >= 3 {
        true => {
            let added = elem_term(fp_inline(elem));
            fingerprint::updated(Updated::Set, set_fp(set), n, 0, added, n + 1)
        }
        false => 0,
    };
    Some(Value::Set(Arc::new(SetValue {
        elems,
        fp: FpCell::with(fp),
    })))
}

/// The number of elements of `lo..hi` (`lo <= hi`), saturating at `usize::MAX`.
fn interval_len(lo: i64, hi: i64) -> usize {
    usize::try_from(hi as i128 - lo as i128 + 1).unwrap_or(usize::MAX)
}

/// `elem \in elems` for the sorted elements of an enumerated set, as
/// [`Value::contains`] decides it (a small set scanned, integers compared in place).
#[inline]
fn holds(elems: &[Value], elem: &Value) -> bool {
    if elems.len() <= SCAN_MAX {
        elems.iter().any(|e| match (e, elem) {
            (Value::Int(a), Value::Int(b)) => a == b,
            _ => e == elem,
        })
    } else {
        elems.binary_search(elem).is_ok()
    }
}

fn expect_sets(a: &Value, b: &Value, op: &str) -> ValueResult<()> {
    for v in [a, b] {
        if !v.is_set() {
            return fail(format!(
                "`{op}` applied to the {} {v}, not a set",
                v.kind_name()
            ));
        }
    }
    Ok(())
}

fn merge_union(a: &[Value], b: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i].clone());
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j].clone());
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i].clone());
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
