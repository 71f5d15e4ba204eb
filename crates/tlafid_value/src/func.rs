//! Functions in their three canonical forms (sequence, record, general), built, applied and
//! updated through one view.

use std::sync::Arc;

use crate::fingerprint::{self, fp_inline, seq_term, FpCell, Updated};

use crate::{fail, FcnValue, RecordValue, SeqValue, Text, Value, ValueResult};

/// A borrowed domain element of a function.
#[derive(Clone, Copy)]
pub(crate) enum KeyRef<'a> {
    Int(i64),
    Str(Text),
    Value(&'a Value),
}

/// A function of any representation, indexed by position in domain order.
pub(crate) enum FnView<'a> {
    Seq(&'a [Value]),
    Rec(&'a [(Text, Value)]),
    Fcn(&'a [(Value, Value)]),
}

impl<'a> FnView<'a> {
    /// The view of a function value (an empty sequence for non-functions).
    pub(crate) fn of(v: &'a Value) -> FnView<'a> {
        match v {
            Value::Seq(s) => FnView::Seq(&s.elems),
            Value::Record(r) => FnView::Rec(&r.fields),
            Value::Fcn(f) => FnView::Fcn(&f.pairs),
            _ => FnView::Seq(&[]),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            FnView::Seq(e) => e.len(),
            FnView::Rec(f) => f.len(),
            FnView::Fcn(p) => p.len(),
        }
    }

    pub(crate) fn key(&self, i: usize) -> KeyRef<'a> {
        match self {
            FnView::Seq(_) => KeyRef::Int(i as i64 + 1),
            FnView::Rec(f) => KeyRef::Str(f[i].0),
            FnView::Fcn(p) => KeyRef::Value(&p[i].0),
        }
    }

    pub(crate) fn value(&self, i: usize) -> &'a Value {
        match self {
            FnView::Seq(e) => &e[i],
            FnView::Rec(f) => &f[i].1,
            FnView::Fcn(p) => &p[i].1,
        }
    }
}

impl KeyRef<'_> {
    pub(crate) fn to_value(self) -> Value {
        match self {
            KeyRef::Int(i) => Value::Int(i),
            KeyRef::Str(s) => Value::Str(s),
            KeyRef::Value(v) => v.clone(),
        }
    }
}

/// Builds a function from `(argument, value)` pairs and normalises it to its canonical form.
#[derive(Default)]
pub struct FnBuilder {
    pairs: Vec<(Value, Value)>,
}

impl FnBuilder {
    /// An empty builder with room for `n` pairs.
    pub fn with_capacity(n: usize) -> FnBuilder {
        FnBuilder {
            pairs: Vec::with_capacity(n),
        }
    }

    /// Adds a pair (a later pair for the same argument replaces an earlier one).
    pub fn push(&mut self, arg: Value, value: Value) {
        self.pairs.push((arg, value));
    }

    /// The function, in canonical form.
    pub fn build(self) -> Value {
        Value::function(self.pairs)
    }
}

impl Value {
    /// A function from `(argument, value)` pairs in any order; for repeated arguments the
    /// last pair wins. Normalised: domain `1..n` gives a sequence, a domain of strings a record.
    pub fn function(mut pairs: Vec<(Value, Value)>) -> Value {
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        pairs.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                std::mem::swap(later, earlier);
                true
            } else {
                false
            }
        });
        Value::function_sorted(pairs)
    }

    /// A function from pairs sorted by argument without repeats.
    pub fn function_sorted(pairs: Vec<(Value, Value)>) -> Value {
        let is_seq = pairs
            .iter()
            .enumerate()
            .all(|(i, (k, _))| *k == Value::Int(i as i64 + 1));
        if is_seq {
            return Value::seq(pairs.into_iter().map(|(_, v)| v).collect());
        }
        if pairs.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
            let fields = pairs
                .into_iter()
                .map(|(k, v)| match k {
                    Value::Str(s) => (s, v),
                    _ => unreachable!("checked above"),
                })
                .collect();
            return Value::Record(Arc::new(RecordValue {
                fields,
                fp: FpCell::new(),
            }));
        }
        Value::Fcn(Arc::new(FcnValue {
            pairs,
            fp: FpCell::new(),
        }))
    }

    /// `f[arg]`.
    pub fn apply(&self, arg: &Value) -> ValueResult<&Value> {
        match self.get(arg) {
            Some(v) => Ok(v),
            None => self.apply_failed(arg),
        }
    }

    /// `f[arg]` where it is defined: [`apply`](Self::apply) without building its error
    /// (for readers that evaluate again where this is `None`). A small function applied to
    /// a model value or a string, and a small record, is scanned for the key's address
    /// (interned: the same key is the same allocation), as [`key_index`](Self::key_index)
    /// finds it, rather than searched by the order of values; other keys are searched here
    /// (inlined, as before: EWD998PCal's integer keys went through `fcn_index` 0.8% slower).
    /// Inlined always: with both searches LLVM left it out of `read_stable`, +0.9% on
    /// SlushSmall.
    #[inline(always)]
    pub fn get(&self, arg: &Value) -> Option<&Value> {
        match (self, arg) {
            (Value::Seq(s), Value::Int(i)) if *i >= 1 => s.elems.get(*i as usize - 1),
            (Value::Record(r), Value::Str(name)) => {
                r.field_index_text(*name).map(|i| &r.fields[i].1)
            }
            (Value::Fcn(f), Value::Model(_) | Value::Str(_)) => {
                fcn_index(&f.pairs, arg).map(|i| &f.pairs[i].1)
            }
            (Value::Fcn(f), _) => f
                .pairs
                .binary_search_by(|p| key_cmp(&p.0, arg))
                .ok()
                .map(|i| &f.pairs[i].1),
            _ => None,
        }
    }

    /// The error of [`apply`](Self::apply) where [`get`](Self::get) found nothing.
    #[cold]
    fn apply_failed(&self, arg: &Value) -> ValueResult<&Value> {
        match self {
            Value::Seq(_) | Value::Record(_) | Value::Fcn(_) => {
                fail(format!("{arg} is not in the domain of the function {self}"))
            }
            _ => fail(format!(
                "cannot apply the {} {self} as a function",
                self.kind_name()
            )),
        }
    }

    /// `f[a, b]` found without building the tuple `<<a, b>>`, when `f` is a function whose
    /// keys met by the search are all pairs; `None` otherwise (then ask [`apply`](Self::apply)
    /// with the tuple, which also gives its error).
    pub fn apply_pair(&self, a: &Value, b: &Value) -> Option<&Value> {
        let Value::Fcn(f) = self else {
            return None;
        };
        let mut other_key = false;
        let found = f.pairs.binary_search_by(|(key, _)| match key {
            Value::Seq(k) if k.elems.len() == 2 => {
                k.elems[0].cmp(a).then_with(|| k.elems[1].cmp(b))
            }
            Value::Seq(k) => k.elems.len().cmp(&2),
            _ => {
                other_key = true;
                std::cmp::Ordering::Less
            }
        });
        match found {
            Ok(i) if !other_key => Some(&f.pairs[i].1),
            _ => None,
        }
    }

    /// `r.name` where it is defined: [`field_text`](Self::field_text) without building its
    /// error (for readers that evaluate again where this is `None`).
    #[inline]
    pub fn get_field(&self, name: Text) -> Option<&Value> {
        match self {
            Value::Record(r) => r.field_index_text(name).map(|i| &r.fields[i].1),
            _ => self.field_text(name).ok(),
        }
    }

    /// `r.name` with the name interned: a record's fields are found by address (interned
    /// names are equal exactly when they are the same allocation), the rest as
    /// [`field`](Self::field) does, with its errors.
    pub fn field_text(&self, name: Text) -> ValueResult<&Value> {
        if let Value::Record(r) = self {
            if let Some(i) = r.field_index_text(name) {
                return Ok(&r.fields[i].1);
            }
        }
        self.field(name.as_str())
    }

    /// `r.field`.
    pub fn field(&self, name: &str) -> ValueResult<&Value> {
        match self {
            Value::Record(r) => match r.field_index(name) {
                Some(i) => Ok(&r.fields[i].1),
                None => fail(format!("the record {self} has no field `{name}`")),
            },
            Value::Fcn(_) | Value::Seq(_) => self.apply(&Value::str(name)),
            _ => fail(format!(
                "cannot take the field `{name}` of the {} {self}",
                self.kind_name()
            )),
        }
    }

    /// `DOMAIN f`.
    pub fn domain(&self) -> ValueResult<Value> {
        match self {
            Value::Seq(s) => Ok(Value::interval(1, s.elems.len() as i64)),
            Value::Record(r) => Ok(Value::set_sorted(
                r.fields.iter().map(|f| Value::Str(f.0)).collect(),
            )),
            Value::Fcn(f) => Ok(Value::set_sorted(
                f.pairs.iter().map(|p| p.0.clone()).collect(),
            )),
            _ => fail(format!(
                "DOMAIN applied to the {} {self}, not a function",
                self.kind_name()
            )),
        }
    }

    /// Whether `self` and `other` are functions of one representation with the same
    /// arguments in the same order (so their values are at the same positions): the same
    /// length for sequences, the same names for records, equal arguments (mostly the same
    /// allocations: an update keeps its operand's) for other functions.
    pub fn same_domain(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Seq(a), Value::Seq(b)) => a.elems.len() == b.elems.len(),
            (Value::Record(a), Value::Record(b)) => {
                a.fields.len() == b.fields.len()
                    && a.fields.iter().zip(&b.fields).all(|(x, y)| x.0 == y.0)
            }
            (Value::Fcn(a), Value::Fcn(b)) => {
                a.pairs.len() == b.pairs.len()
                    && a.pairs.iter().zip(&b.pairs).all(|(x, y)| x.0 == y.0)
            }
            _ => false,
        }
    }

    /// `DOMAIN self = set`, for a function `self`, without building the domain when `set`
    /// is enumerated or an interval (the test behind `f \in [S -> T]`).
    pub fn domain_equals(&self, set: &Value) -> ValueResult<bool> {
        let view = FnView::of(self);
        let keys_equal = |elems: &[Value]| {
            elems.len() == view.len()
                && elems.iter().enumerate().all(|(i, e)| match view.key(i) {
                    KeyRef::Int(k) => matches!(e, Value::Int(x) if *x == k),
                    KeyRef::Str(k) => matches!(e, Value::Str(x) if *x == k),
                    KeyRef::Value(k) => e == k,
                })
        };
        match (self, set) {
            (Value::Seq(s), Value::Interval(lo, hi)) => {
                Ok(*lo == 1 && usize::try_from(*hi).is_ok_and(|n| n == s.elems.len()))
            }
            (Value::Seq(_) | Value::Record(_) | Value::Fcn(_), Value::Set(s)) => {
                Ok(keys_equal(&s.elems))
            }
            // A finite symbolic set (`Nodes \X Keys`) by its enumeration, kept with it.
            (Value::Seq(_) | Value::Record(_) | Value::Fcn(_), Value::Lazy(l)) => {
                match l.enumerated() {
                    Some(Value::Set(s)) => Ok(keys_equal(&s.elems)),
                    _ => Ok(self.domain()? == *set),
                }
            }
            _ => Ok(self.domain()? == *set),
        }
    }

    /// The `(argument, value)` pairs of a function in domain order.
    pub fn fn_pairs(&self) -> ValueResult<Vec<(Value, Value)>> {
        if !self.is_fcn() {
            return fail(format!(
                "expected a function, found the {} {self}",
                self.kind_name()
            ));
        }
        let view = FnView::of(self);
        Ok((0..view.len())
            .map(|i| (view.key(i).to_value(), view.value(i).clone()))
            .collect())
    }

    /// The values of a function in domain order (the range, with repeats).
    pub fn fn_values(&self) -> ValueResult<Vec<Value>> {
        if !self.is_fcn() {
            return fail(format!(
                "expected a function, found the {} {self}",
                self.kind_name()
            ));
        }
        let view = FnView::of(self);
        Ok((0..view.len()).map(|i| view.value(i).clone()).collect())
    }

    /// The values of a function in domain order, borrowed (the range, with repeats).
    pub fn fn_value_refs(&self) -> ValueResult<impl ExactSizeIterator<Item = &Value> + '_> {
        if !self.is_fcn() {
            return fail(format!(
                "expected a function, found the {} {self}",
                self.kind_name()
            ));
        }
        let view = FnView::of(self);
        Ok((0..view.len()).map(move |i| view.value(i)))
    }

    /// `[f EXCEPT ![arg] = value]`: an error when `arg` is not in the domain.
    pub fn except(&self, arg: &Value, value: Value) -> ValueResult<Value> {
        match self.key_index(arg) {
            Some(i) => Ok(self.except_index(i, value)),
            None if self.is_fcn() => {
                fail(format!("{arg} is not in the domain of the function {self}"))
            }
            None => fail(format!(
                "EXCEPT applied to the {} {self}, not a function",
                self.kind_name()
            )),
        }
    }

    /// Where `arg` is in the domain of the function `self`, as a position in domain order
    /// ([`value_at`](Self::value_at), [`except_index`](Self::except_index)): `Some`
    /// exactly where [`get`](Self::get) finds a value. An update finds its key once (an
    /// `EXCEPT` searched it twice, to read `@` and to replace it), and a key that is an
    /// interned string or model value is found in a small function by address.
    pub fn key_index(&self, arg: &Value) -> Option<usize> {
        match (self, arg) {
            (Value::Seq(s), Value::Int(i)) if *i >= 1 && (*i as usize) <= s.elems.len() => {
                Some(*i as usize - 1)
            }
            (Value::Record(r), Value::Str(name)) => r.field_index_text(*name),
            (Value::Fcn(f), _) => fcn_index(&f.pairs, arg),
            _ => None,
        }
    }

    /// The value at position `i` of the function `self` (from
    /// [`key_index`](Self::key_index)).
    pub fn value_at(&self, i: usize) -> &Value {
        match self {
            Value::Seq(s) => &s.elems[i],
            Value::Record(r) => &r.fields[i].1,
            Value::Fcn(f) => &f.pairs[i].1,
            _ => panic!("value_at of the {} {self}", self.kind_name()),
        }
    }

    /// `self` with the value at position `i` (from [`key_index`](Self::key_index))
    /// replaced by `value`: the other entries cloned once, the replaced one not at all.
    /// The result's fingerprint, in a function of at least four pairs (a sequence of three), is
    /// derived from `self`'s and `value`'s (one pair's term replaced), computed now if
    /// they are not known yet (kept with them: the next update of `self` finds it): an
    /// update's result is nearly always part of a next state, which is fingerprinted, and
    /// each of a state's successors updates the same values. A smaller function's is
    /// left to be computed whole when it is needed, which costs no more.
    pub fn except_index(&self, i: usize, value: Value) -> Value {
        let fp = match self.fn_len() >= updated_min(self) {
            true => self.except_fingerprint(i, &value),
            false => 0,
        };
        self.except_index_with(i, value, fp)
    }

    /// [`except_index`](Self::except_index) without the result's fingerprint: for a
    /// result about to be updated again in place (the first update of `[f EXCEPT ![a] = x,
    /// ![b] = y]` at `f`'s level, whose later updates forget the fingerprint kept), which
    /// would derive one only to forget it.
    pub fn except_index_unsealed(&self, i: usize, value: Value) -> Value {
        self.except_index_with(i, value, 0)
    }

    /// `self` with `value` at position `i`, its fingerprint `fp` (zero: not known).
    fn except_index_with(&self, i: usize, value: Value, fp: u64) -> Value {
        fn replaced<T: Clone>(items: &[T], i: usize, item: T) -> Vec<T> {
            let mut out = Vec::with_capacity(items.len());
            out.extend_from_slice(&items[..i]);
            out.push(item);
            out.extend_from_slice(&items[i + 1..]);
            out
        }
        let fp = FpCell::with(fp);
        match self {
            Value::Seq(s) => Value::Seq(Arc::new(SeqValue {
                elems: replaced(&s.elems, i, value),
                fp,
            })),
            Value::Record(r) => Value::Record(Arc::new(RecordValue {
                fields: replaced(&r.fields, i, (r.fields[i].0, value)),
                fp,
            })),
            Value::Fcn(f) => Value::Fcn(Arc::new(FcnValue {
                pairs: replaced(&f.pairs, i, (f.pairs[i].0.clone(), value)),
                fp,
            })),
            _ => panic!("except_index of the {} {self}", self.kind_name()),
        }
    }

    /// The value at position `i` of the function `self` (from
    /// [`key_index`](Self::key_index)), taken out, when `self` is the only reference to its
    /// allocation (an `EXCEPT`'s intermediate result, `[f EXCEPT !a = x, !b = y]` after
    /// its first update): an update puts the new value back in place
    /// ([`put_unique_at`](Self::put_unique_at)) rather than copying every pair into a new
    /// function. A placeholder stands at `i` meanwhile, which nothing can read (nothing
    /// else refers to `self`). `None` when the allocation is shared.
    pub fn take_unique_at(&mut self, i: usize) -> Option<Value> {
        let slot = self.unique_value_at_mut(i)?;
        Some(std::mem::replace(slot, Value::Bool(false)))
    }

    /// Puts `value` at position `i` of the function `self`, whose value there
    /// [`take_unique_at`](Self::take_unique_at) took out.
    pub fn put_unique_at(&mut self, i: usize, value: Value) {
        *self
            .unique_value_at_mut(i)
            .expect("take_unique_at found it unique") = value;
    }

    /// The value at position `i`, to change in place, when `self` is the only reference to
    /// its allocation; its kept fingerprint is forgotten (the value is about to change).
    fn unique_value_at_mut(&mut self, i: usize) -> Option<&mut Value> {
        match self {
            Value::Seq(s) => {
                let s = Arc::get_mut(s)?;
                s.fp = FpCell::new();
                Some(&mut s.elems[i])
            }
            Value::Record(r) => {
                let r = Arc::get_mut(r)?;
                r.fp = FpCell::new();
                Some(&mut r.fields[i].1)
            }
            Value::Fcn(f) => {
                let f = Arc::get_mut(f)?;
                f.fp = FpCell::new();
                Some(&mut f.pairs[i].1)
            }
            _ => None,
        }
    }

    /// The number of pairs of a function (zero for other values).
    #[inline]
    pub fn fn_len(&self) -> usize {
        match self {
            Value::Seq(s) => s.elems.len(),
            Value::Record(r) => r.fields.len(),
            Value::Fcn(f) => f.pairs.len(),
            _ => 0,
        }
    }

    /// The fingerprint of [`except_index`](Self::except_index)'s result.
    #[inline(never)]
    fn except_fingerprint(&self, i: usize, value: &Value) -> u64 {
        let (old_fp, new_value_fp) = (fp_inline(self), fp_inline(value));
        let ((removed, added), len) = match self {
            Value::Seq(s) => (
                fingerprint::int_pair_terms(i as i64 + 1, fp_inline(&s.elems[i]), new_value_fp),
                s.elems.len(),
            ),
            Value::Record(r) => (
                fingerprint::field_pair_terms(
                    r.fields[i].0,
                    fp_inline(&r.fields[i].1),
                    new_value_fp,
                ),
                r.fields.len(),
            ),
            Value::Fcn(f) => (
                match &f.pairs[i].0 {
                    Value::Int(k) => {
                        fingerprint::int_pair_terms(*k, fp_inline(&f.pairs[i].1), new_value_fp)
                    }
                    key => fingerprint::pair_terms(
                        fp_inline(key),
                        fp_inline(&f.pairs[i].1),
                        new_value_fp,
                    ),
                },
                f.pairs.len(),
            ),
            _ => return 0,
        };
        fingerprint::updated(Updated::Fcn, old_fp, len, removed, added, len)
    }

    /// `Append(self, elem)`: an error when `self` is not a sequence. The result's
    /// fingerprint is derived from `self`'s and `elem`'s (as in
    /// [`except_index`](Self::except_index); a sequence's element costs three mixes, so
    /// this is done from two elements on).
    pub fn append(&self, elem: &Value) -> ValueResult<Value> {
        let old = self.seq_elems()?;
        let n = old.len();
        let mut elems = Vec::with_capacity(n + 1);
        elems.extend_from_slice(old);
        elems.push(elem.clone());
        let fp = match n >= 2 {
            true => {
                let added = seq_term(n + 1, fp_inline(elem));
                fingerprint::updated(Updated::Fcn, fp_inline(self), n, 0, added, n + 1)
            }
            false => 0,
        };
        Ok(Value::Seq(Arc::new(SeqValue {
            elems,
            fp: FpCell::with(fp),
        })))
    }

    /// `f @@ g`: `f` where defined, `g` elsewhere.
    pub fn fn_merge(&self, other: &Value) -> ValueResult<Value> {
        let mut pairs = other.fn_pairs()?;
        pairs.extend(self.fn_pairs()?);
        Ok(Value::function(pairs))
    }

    /// The elements of a sequence (an error for other values).
    pub fn seq_elems(&self) -> ValueResult<&[Value]> {
        match self {
            Value::Seq(s) => Ok(&s.elems),
            _ => fail(format!(
                "expected a sequence, found the {} {self}",
                self.kind_name()
            )),
        }
    }
}

impl SeqValue {
    /// A sequence with these elements.
    pub fn new(elems: Vec<Value>) -> SeqValue {
        SeqValue {
            elems,
            fp: FpCell::new(),
        }
    }
}

/// The fewest pairs of a function whose `EXCEPT` derives its result's fingerprint from its
/// own: replacing a pair's term costs five mixes and the dispatch around them, hashing the
/// function whole two mixes a pair (three a sequence's element) and one. Where hashing whole
/// costs about the same, it is left for when the fingerprint is needed: an update's result
/// is sometimes never fingerprinted (a refinement's `[counter EXCEPT ![self] = ...]`).
fn updated_min(f: &Value) -> usize {
    match f {
        Value::Seq(_) => 3,
        _ => 4,
    }
}

/// Where `arg` is among the keys of `pairs` (sorted by key). A small function whose key
/// asked for is an interned string or model value (`pc[self]`, `pick[n]`; equal exactly
/// when they are the same allocation) is scanned by address: its keys often mix strings
/// and model values (PlusCal's `pc` over `Procs \cup {"main"}`), and a bisection compared
/// those through the general order, out of line, at each step. (`get`, inlined in every
/// reader, keeps its bisection: the scan there cost btree 1.3% of its instructions.)
fn fcn_index(pairs: &[(Value, Value)], arg: &Value) -> Option<usize> {
    const SCANNED: usize = 8;
    if pairs.len() <= SCANNED {
        let found = match arg {
            Value::Model(b) => pairs
                .iter()
                .position(|p| matches!(&p.0, Value::Model(a) if std::ptr::eq(*a, *b))),
            Value::Str(b) => pairs
                .iter()
                .position(|p| matches!(&p.0, Value::Str(a) if a.same(*b))),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    pairs.binary_search_by(|p| key_cmp(&p.0, arg)).ok()
}

/// `key.cmp(arg)`, with the common keys of functions (model values, integers) compared in
/// place rather than through the general order: the same answer.
#[inline]
fn key_cmp(key: &Value, arg: &Value) -> std::cmp::Ordering {
    match (key, arg) {
        // Interned: the key found is the argument itself, and its name is not compared.
        (Value::Model(a), Value::Model(b)) if std::ptr::eq(*a, *b) => std::cmp::Ordering::Equal,
        (Value::Model(a), Value::Model(b)) => a.cmp(b),
        (Value::Int(a), Value::Int(b)) => a.cmp(b),
        _ => key.cmp(arg),
    }
}
