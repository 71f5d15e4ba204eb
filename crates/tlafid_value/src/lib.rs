//! TLA+ values with TLC's equality and order, one canonical form per value, and fingerprints.
//!
//! Canonical forms: a function whose domain is exactly `1..n` (including the empty function)
//! is a [`Value::Seq`]; one whose domain is a non-empty set of strings is a [`Value::Record`];
//! any other finite function is a [`Value::Fcn`] with its domain sorted. Finite enumerated sets
//! are [`Value::Set`] (sorted, deduplicated). Intervals `a..b` with `a <= b` stay lazy as
//! [`Value::Interval`]; other lazy sets ([`LazySet`]) answer membership without enumerating.
//! Equality, order and fingerprints treat every finite set by its elements, so `1..3` equals
//! `{1, 2, 3}` and both have one fingerprint.
//!
//! The order ([`Ord`]) agrees with TLC's `Value.compareTo` where TLC defines one: integers
//! numerically, `FALSE < TRUE`, sets by size then element-wise, functions by domain size, then
//! domain element-wise, then values element-wise; model values come before everything else.
//! Two deliberate differences: strings (and record fields) are ordered by their characters,
//! where TLC orders them by when its parser first met them (an order no other tool can
//! reproduce); and model values are ordered by the id their creator gives them (use the order
//! of first mention in the configuration, as TLC effectively does). Comparisons TLC rejects
//! (an integer with a string) get an arbitrary but fixed order here: kinds rank model values,
//! booleans, integers, strings, sets, functions.
#![warn(missing_docs)]

mod diff;
mod display;
mod fingerprint;
mod func;
mod int;
mod lazy;
mod order;
mod packed;
mod pretty;
mod set;
mod stream;
mod symmetry;
mod text;

use std::sync::Arc;

use crate::fingerprint::FpCell;

use num_bigint::BigInt;

pub use diff::{diff, Diff, Difference};
pub use fingerprint::{fingerprint_sequence, fingerprint_values, Fingerprint};
pub use func::FnBuilder;
pub use lazy::{LazySet, LazyValue, MAX_ENUMERATION};
pub use packed::PackTable;
pub use pretty::{pretty, TLC_WIDTH};
pub use set::SetIter;
pub use text::Text;

/// An error from a value operation (the evaluator adds the position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError(pub String);

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ValueError {}

/// Results of value operations.
pub type ValueResult<T> = Result<T, ValueError>;

/// Shorthand for a [`ValueError`] result.
pub(crate) fn fail<T>(message: impl Into<String>) -> ValueResult<T> {
    Err(ValueError(message.into()))
}

/// A model value from the configuration: an order id (its place of first mention) and a name.
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModelValue {
    /// Ordering id, assigned by whoever creates model values (one id per name).
    pub id: u32,
    /// The name, as written in the configuration.
    pub name: Box<str>,
    /// The fingerprint, a function of the name, computed once: states and functions keyed
    /// by model values fingerprint them at every successor.
    fingerprint: u64,
}

impl ModelValue {
    /// The model value `name` with order id `id`.
    pub fn new(id: u32, name: &str) -> ModelValue {
        ModelValue {
            id,
            name: name.into(),
            fingerprint: fingerprint::fp_model(name),
        }
    }
}

impl std::fmt::Debug for ModelValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelValue")
            .field("id", &self.id)
            .field("name", &self.name)
            .finish()
    }
}

/// A finite set: its elements sorted by [`Ord`] and deduplicated.
#[derive(Debug, Default)]
pub struct SetValue {
    elems: Vec<Value>,
    fp: FpCell,
}

/// A sequence (a function on `1..n`).
#[derive(Debug, Default)]
pub struct SeqValue {
    elems: Vec<Value>,
    fp: FpCell,
}

/// A record (a function on a non-empty set of strings): fields sorted by name.
#[derive(Debug)]
pub struct RecordValue {
    fields: Vec<(Text, Value)>,
    fp: FpCell,
}

/// Any other finite function: pairs sorted by domain element.
#[derive(Debug)]
pub struct FcnValue {
    pairs: Vec<(Value, Value)>,
    fp: FpCell,
}

thread_local! {
    /// This thread's `<<>>`: `Tail` of a channel of one message (LamportMutex's receives)
    /// made a new one, an allocation, its free and its fingerprint, at each successor. Per
    /// thread, so that workers do not write one shared reference count.
    static EMPTY_SEQ: Value = Value::Seq(Arc::new(SeqValue::default()));
}

/// A TLA+ value. Clone is cheap (an `Arc` clone at most; strings and model values are copied).
#[derive(Clone, Debug)]
pub enum Value {
    /// `TRUE` / `FALSE`.
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer that does not fit in 64 bits (never holds one that does).
    BigInt(Arc<BigInt>),
    /// A string (interned: a copy, not a reference count, when cloned).
    Str(Text),
    /// A model value (interned, as strings are).
    Model(&'static ModelValue),
    /// A finite enumerated set.
    Set(Arc<SetValue>),
    /// `lo..hi` with `lo <= hi` (an empty interval is the empty [`Value::Set`]).
    Interval(i64, i64),
    /// A set kept symbolic (`Nat`, `SUBSET S`, `[S -> T]`, ...).
    Lazy(Arc<LazyValue>),
    /// A function on `1..n` (tuples and sequences; `<<>>` is the empty function).
    Seq(Arc<SeqValue>),
    /// A function on a non-empty set of strings.
    Record(Arc<RecordValue>),
    /// Any other finite function.
    Fcn(Arc<FcnValue>),
}

impl Value {
    /// `TRUE` or `FALSE`.
    pub fn bool(b: bool) -> Value {
        Value::Bool(b)
    }

    /// A string value.
    pub fn str(s: &str) -> Value {
        Value::Str(Text::new(s))
    }

    /// A model value.
    pub fn model(id: u32, name: &str) -> Value {
        Value::Model(text::model_value(id, name))
    }

    /// The empty set.
    pub fn empty_set() -> Value {
        Value::Set(Arc::new(SetValue::default()))
    }

    /// The empty sequence `<<>>`: one allocation per thread, shared ([`EMPTY_SEQ`]).
    pub fn empty_seq() -> Value {
        EMPTY_SEQ.with(Value::clone)
    }

    /// A set of any elements (sorted and deduplicated here).
    pub fn set(mut elems: Vec<Value>) -> Value {
        if !elems.windows(2).all(|w| w[0] < w[1]) {
            elems.sort();
            elems.dedup();
        }
        Value::Set(Arc::new(SetValue {
            elems,
            fp: FpCell::new(),
        }))
    }

    /// A set of elements already sorted by [`Ord`] and without duplicates.
    pub fn set_sorted(elems: Vec<Value>) -> Value {
        debug_assert!(elems.windows(2).all(|w| w[0] < w[1]));
        Value::Set(Arc::new(SetValue {
            elems,
            fp: FpCell::new(),
        }))
    }

    /// `lo..hi` (empty when `lo > hi`).
    pub fn interval(lo: i64, hi: i64) -> Value {
        if lo > hi {
            Value::empty_set()
        } else {
            Value::Interval(lo, hi)
        }
    }

    /// `BOOLEAN`.
    pub fn boolean_set() -> Value {
        Value::set_sorted(vec![Value::Bool(false), Value::Bool(true)])
    }

    /// A tuple or sequence (the empty one [`empty_seq`](Self::empty_seq)'s).
    pub fn seq(elems: Vec<Value>) -> Value {
        if elems.is_empty() {
            return Value::empty_seq();
        }
        Value::Seq(Arc::new(SeqValue {
            elems,
            fp: FpCell::new(),
        }))
    }

    /// A record from fields already in name order, each name once (a record literal's
    /// order worked out when it was compiled): [`Value::record`] without its sort.
    pub fn record_sorted(fields: Vec<(Text, Value)>) -> Value {
        debug_assert!(fields.windows(2).all(|w| w[0].0 < w[1].0));
        if fields.is_empty() {
            return Value::empty_seq();
        }
        Value::Record(Arc::new(RecordValue {
            fields,
            fp: FpCell::new(),
        }))
    }

    /// A record from fields in any order (a later duplicate field wins).
    pub fn record(mut fields: Vec<(Text, Value)>) -> Value {
        if fields.is_empty() {
            return Value::empty_seq();
        }
        fields.sort_by_key(|field| field.0);
        fields.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                std::mem::swap(later, earlier);
                true
            } else {
                false
            }
        });
        Value::Record(Arc::new(RecordValue {
            fields,
            fp: FpCell::new(),
        }))
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The integer, if this is one that fits in 64 bits.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The elements of a sequence, if this is one.
    pub fn as_seq(&self) -> Option<&[Value]> {
        match self {
            Value::Seq(s) => Some(&s.elems),
            _ => None,
        }
    }

    /// True for integers.
    pub fn is_int(&self) -> bool {
        matches!(self, Value::Int(_) | Value::BigInt(_))
    }

    /// True for sets of any representation.
    pub fn is_set(&self) -> bool {
        matches!(self, Value::Set(_) | Value::Interval(..) | Value::Lazy(_))
    }

    /// True for values held in a shared allocation of their own (sets listed, sequences,
    /// records, functions): the values an address names.
    pub fn is_compound(&self) -> bool {
        matches!(
            self,
            Value::Set(_) | Value::Seq(_) | Value::Record(_) | Value::Fcn(_)
        )
    }

    /// True for functions of any representation (tuples, sequences, records).
    pub fn is_fcn(&self) -> bool {
        matches!(self, Value::Seq(_) | Value::Record(_) | Value::Fcn(_))
    }

    /// A short name of the kind of value, for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "boolean",
            Value::Int(_) | Value::BigInt(_) => "integer",
            Value::Str(_) => "string",
            Value::Model(_) => "model value",
            Value::Set(_) | Value::Interval(..) | Value::Lazy(_) => "set",
            Value::Seq(_) => "sequence",
            Value::Record(_) => "record",
            Value::Fcn(_) => "function",
        }
    }
}

impl SetValue {
    /// The elements, sorted.
    pub fn elems(&self) -> &[Value] {
        &self.elems
    }
}

impl SeqValue {
    /// The elements, in order.
    pub fn elems(&self) -> &[Value] {
        &self.elems
    }
}

impl RecordValue {
    /// The fields, sorted by name.
    pub fn fields(&self) -> &[(Text, Value)] {
        &self.fields
    }

    /// Where the field `name` is. Records are small and their names short and mostly of
    /// different lengths: a scan comparing lengths first reads fewer bytes than a binary
    /// search ordering names by their characters; large records are searched.
    pub(crate) fn field_index_text(&self, name: Text) -> Option<usize> {
        const SCANNED: usize = 8;
        if self.fields.len() <= SCANNED {
            self.fields.iter().position(|(field, _)| field.same(name))
        } else {
            self.fields
                .binary_search_by(|(field, _)| field.cmp(&name))
                .ok()
        }
    }

    /// Where the field `name` is (see [`field_index_text`](Self::field_index_text)).
    pub(crate) fn field_index(&self, name: &str) -> Option<usize> {
        const SCANNED: usize = 8;
        if self.fields.len() <= SCANNED {
            self.fields
                .iter()
                .position(|(field, _)| field.len() == name.len() && **field == *name)
        } else {
            self.fields
                .binary_search_by(|(field, _)| (**field).cmp(name))
                .ok()
        }
    }
}

impl FcnValue {
    /// The `(argument, value)` pairs, sorted by argument.
    pub fn pairs(&self) -> &[(Value, Value)] {
        &self.pairs
    }

    /// Equality with `other` (both in canonical form: pairs sorted by argument): unequal
    /// when both fingerprints are known and differ, else pair by pair, as TLC's order
    /// compares them (size, arguments, values) but without ordering them.
    pub(crate) fn same_pairs(&self, other: &FcnValue) -> bool {
        let (a, b) = (self.fp.known(), other.fp.known());
        if a != 0 && b != 0 && a != b {
            return false;
        }
        self.pairs == other.pairs
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::str(s)
    }
}
