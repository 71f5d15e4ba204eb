//! Sets kept symbolic: membership without enumeration, enumeration (cached) when finite.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use crate::{fail, Text, Value, ValueResult};

/// Enumerating a set larger than this is refused (it would exhaust memory).
pub const MAX_ENUMERATION: usize = 1 << 24;

/// The symbolic sets.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LazySet {
    /// `Nat`.
    Nat,
    /// `Int`.
    Int,
    /// `STRING`.
    Strings,
    /// `Seq(S)`.
    SeqOf(Value),
    /// `SUBSET S`.
    Subset(Value),
    /// `[S -> T]`.
    FnSet(Value, Value),
    /// `[a : S, b : T]`, fields sorted by name.
    RecordSet(Vec<(Text, Value)>),
    /// TLC's `Any`: every value is a member.
    Any,
    /// `S \X T \X ...`.
    Product(Vec<Value>),
    /// `S \cup T` with an infinite operand.
    Union(Value, Value),
    /// `S \cap T` with both operands infinite.
    Intersect(Value, Value),
    /// `S \ T` with `S` infinite.
    Minus(Value, Value),
    /// `UNION S` for a finite set `S` of sets, some of them symbolic: membership asks each
    /// member of `S` in turn (as TLC's `UnionValue` does), so `x \in UNION {[D -> R]}` never
    /// builds the function set.
    BigUnion(Value),
}

/// A lazy set with its enumeration, computed at most once.
#[derive(Debug)]
pub struct LazyValue {
    kind: LazySet,
    enumerated: OnceLock<Option<Value>>,
}

impl Value {
    /// A symbolic set; intervals and finite record sets are kept symbolic too.
    pub fn lazy(set: LazySet) -> Value {
        let set = match set {
            LazySet::RecordSet(mut fields) => {
                fields.sort_by_key(|field| field.0);
                LazySet::RecordSet(fields)
            }
            other => other,
        };
        Value::Lazy(Arc::new(LazyValue {
            kind: set,
            enumerated: OnceLock::new(),
        }))
    }
}

impl LazyValue {
    /// What set this is.
    pub fn kind(&self) -> &LazySet {
        &self.kind
    }

    /// The enumerated form (a [`Value::Set`] or interval), or `None` when infinite or too big.
    pub fn enumerated(&self) -> Option<&Value> {
        self.enumerated
            .get_or_init(|| self.kind.enumerate().ok())
            .as_ref()
    }

    /// Why [`LazyValue::enumerated`] is `None`: infinite, or too large (computed again,
    /// on the error path only).
    pub fn not_enumerable(&self) -> String {
        match self.kind.enumerate() {
            Err(e) => e.0,
            Ok(_) => format!("cannot enumerate the set {}", self.kind),
        }
    }

    /// Is `elem` a member?
    pub fn contains(&self, elem: &Value) -> ValueResult<bool> {
        self.kind.contains(elem)
    }

    /// The number of elements (an error when infinite).
    pub fn cardinality(&self) -> ValueResult<usize> {
        match self.kind.size()? {
            Some(n) => Ok(n),
            None => match self.enumerated() {
                Some(v) => v.cardinality(),
                None => fail(format!(
                    "cannot count the elements of the infinite set {}",
                    self.kind
                )),
            },
        }
    }
}

fn all_in(elems: &[Value], set: &Value) -> ValueResult<bool> {
    for e in elems {
        if !set.contains(e)? {
            return Ok(false);
        }
    }
    Ok(true)
}

impl LazySet {
    fn contains(&self, elem: &Value) -> ValueResult<bool> {
        Ok(match self {
            LazySet::Nat => match elem {
                Value::Int(i) => *i >= 0,
                Value::BigInt(b) => b.sign() == num_bigint::Sign::Plus,
                _ => false,
            },
            LazySet::Int => elem.is_int(),
            LazySet::Strings => matches!(elem, Value::Str(_)),
            LazySet::Any => true,
            LazySet::SeqOf(s) => match elem {
                Value::Seq(q) => all_in(q.elems(), s)?,
                _ => false,
            },
            LazySet::Subset(s) => {
                if !elem.is_set() {
                    return Ok(false);
                }
                elem.subset_eq(s)?
            }
            LazySet::FnSet(dom, range) => {
                if !elem.is_fcn() || !elem.domain_equals(dom)? {
                    return Ok(false);
                }
                for v in elem.fn_value_refs()? {
                    if !range.contains(v)? {
                        return Ok(false);
                    }
                }
                true
            }
            LazySet::RecordSet(fields) => match elem {
                Value::Record(r) => {
                    r.fields().len() == fields.len()
                        && r.fields().iter().zip(fields).all(|(a, b)| a.0 == b.0)
                        && r.fields().iter().zip(fields).try_fold(true, |ok, (a, b)| {
                            Ok::<bool, crate::ValueError>(ok && b.1.contains(&a.1)?)
                        })?
                }
                _ => false,
            },
            LazySet::Product(parts) => match elem {
                Value::Seq(q) if q.elems().len() == parts.len() => {
                    let mut ok = true;
                    for (e, p) in q.elems().iter().zip(parts) {
                        ok = ok && p.contains(e)?;
                    }
                    ok
                }
                _ => false,
            },
            LazySet::Union(a, b) => a.contains(elem)? || b.contains(elem)?,
            LazySet::Intersect(a, b) => a.contains(elem)? && b.contains(elem)?,
            LazySet::Minus(a, b) => a.contains(elem)? && !b.contains(elem)?,
            LazySet::BigUnion(sets) => {
                for s in sets.iter_set()? {
                    if s.contains(elem)? {
                        return Ok(true);
                    }
                }
                false
            }
        })
    }

    /// The size computed without enumerating, where that is simple; `Ok(None)` otherwise.
    fn size(&self) -> ValueResult<Option<usize>> {
        let too_big = || fail(format!("the set {self} has too many elements to count"));
        Ok(match self {
            LazySet::Subset(s) if s.is_finite_set() => {
                let n = s.cardinality()?;
                if n >= usize::BITS as usize {
                    return too_big();
                }
                Some(1usize << n)
            }
            LazySet::FnSet(d, r) if d.is_finite_set() && r.is_finite_set() => {
                let Some(n) = u32::try_from(d.cardinality()?).ok() else {
                    return too_big();
                };
                match r.cardinality()?.checked_pow(n) {
                    Some(n) => Some(n),
                    None => return too_big(),
                }
            }
            LazySet::RecordSet(fields) if fields.iter().all(|f| f.1.is_finite_set()) => {
                let mut n: usize = 1;
                for field in fields {
                    n = match n.checked_mul(field.1.cardinality()?) {
                        Some(n) => n,
                        None => return too_big(),
                    };
                }
                Some(n)
            }
            LazySet::Product(parts) if parts.iter().all(Value::is_finite_set) => {
                let mut n: usize = 1;
                for p in parts {
                    n = match n.checked_mul(p.cardinality()?) {
                        Some(n) => n,
                        None => return too_big(),
                    };
                }
                Some(n)
            }
            _ => None,
        })
    }

    pub(crate) fn enumerate(&self) -> ValueResult<Value> {
        if let Some(n) = self.size()? {
            if n > MAX_ENUMERATION {
                return fail(format!(
                    "the set {self} has {n} elements, too many to enumerate"
                ));
            }
        }
        match self {
            LazySet::Nat | LazySet::Int | LazySet::Strings | LazySet::Any | LazySet::SeqOf(_) => {
                fail(format!("cannot enumerate the infinite set {self}"))
            }
            LazySet::Subset(s) => enumerate_subsets(s),
            LazySet::FnSet(d, r) => {
                // `[1..2147483647 -> {0}]` has one element, but that one is too large to build.
                let width = d.cardinality()?;
                if width > MAX_ENUMERATION {
                    return fail(format!(
                        "the functions of {self} have {width} arguments each, too many to enumerate"
                    ));
                }
                let keys: Vec<Value> = d.iter_set()?.map(Cow::into_owned).collect();
                let choices = vec![r.clone(); keys.len()];
                let tuples = odometer(&choices)?;
                let fns = tuples
                    .into_iter()
                    .map(|vals| Value::function_sorted(keys.iter().cloned().zip(vals).collect()))
                    .collect();
                Ok(Value::set_sorted(fns))
            }
            LazySet::RecordSet(fields) => {
                let choices: Vec<Value> = fields.iter().map(|f| f.1.clone()).collect();
                let recs = odometer(&choices)?
                    .into_iter()
                    .map(|vals| Value::record(fields.iter().map(|f| f.0).zip(vals).collect()))
                    .collect();
                Ok(Value::set(recs))
            }
            LazySet::Product(parts) => Ok(Value::set_sorted(
                odometer(parts)?.into_iter().map(Value::seq).collect(),
            )),
            LazySet::Union(a, b) => a.to_enumerated_value()?.union(&b.to_enumerated_value()?),
            LazySet::Intersect(a, b) => a.intersect(b),
            LazySet::Minus(a, b) => a.minus(b),
            LazySet::BigUnion(sets) => sets.big_union_enumerated()?.to_enumerated_value(),
        }
    }
}

impl Value {
    fn to_enumerated_value(&self) -> ValueResult<Value> {
        Ok(Value::Set(self.to_enumerated()?))
    }
}

/// Every choice of one element from each set, in lexicographic order (which is sorted order
/// for tuples and for functions over one domain).
fn odometer(sets: &[Value]) -> ValueResult<Vec<Vec<Value>>> {
    let columns: Vec<Vec<Value>> = sets
        .iter()
        .map(|s| s.iter_set().map(|it| it.map(Cow::into_owned).collect()))
        .collect::<ValueResult<_>>()?;
    if columns.iter().any(Vec::is_empty) {
        return Ok(Vec::new());
    }
    let total: usize = columns.iter().map(Vec::len).product();
    let mut out = Vec::with_capacity(total);
    let mut digits = vec![0usize; columns.len()];
    loop {
        out.push(
            digits
                .iter()
                .zip(&columns)
                .map(|(&d, c)| c[d].clone())
                .collect(),
        );
        // Advance the rightmost digit that can move; the row is lexicographically next.
        let mut i = columns.len();
        loop {
            if i == 0 {
                return Ok(out);
            }
            i -= 1;
            digits[i] += 1;
            if digits[i] < columns[i].len() {
                break;
            }
            digits[i] = 0;
        }
    }
}

fn enumerate_subsets(s: &Value) -> ValueResult<Value> {
    let elems: Vec<Value> = s.iter_set()?.map(Cow::into_owned).collect();
    let n = elems.len();
    let mut subsets = Vec::with_capacity(1 << n);
    for mask in 0u64..(1u64 << n) {
        let subset = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| elems[i].clone())
            .collect();
        subsets.push(Value::set_sorted(subset));
    }
    Ok(Value::set(subsets))
}
