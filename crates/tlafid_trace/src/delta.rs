//! Partial and delta observations: a step may log, instead of whole values, what it read at
//! a path (a constraint on the state before it) and how it changed a value at a path (an
//! update applied to the value before it). The operations are SysMoBench's vocabulary
//! (`TVOperators.tla`): `Update`, `AddElement`, `AddElements`, `RemoveElement`, `Clear`,
//! `AddToBag`, `RemoveFromBag`, `ClearBag`, `AppendElement`, `Add`, `Sub`, `Unchanged`, and
//! `RemoveHead` (a FIFO receive: the head must be the value, the rest remains).
//!
//! As in SysMoBench's trace specs, the updates of one observable are folded, in the order
//! logged, over its value before the step, and the result is the whole value it must have
//! after the step (so what the updates do not touch stays unchanged).

use tlafid_value::Value;

use crate::loose;
use crate::parse::Observation;

/// An update operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeltaOp {
    /// The value becomes `args[0]`.
    Update,
    /// `cur \cup {args[0]}`.
    AddElement,
    /// `cur \cup ToSet(args[0])`.
    AddElements,
    /// `cur \ {args[0]}`.
    RemoveElement,
    /// `{}`.
    Clear,
    /// `cur (+) SetToBag({args[0]})` (a bag is a function to positive counts).
    AddToBag,
    /// `cur (-) SetToBag({args[0]})`.
    RemoveFromBag,
    /// The empty bag.
    ClearBag,
    /// `Append(cur, args[0])`.
    AppendElement,
    /// `cur + args[0]`.
    Add,
    /// `cur - args[0]`.
    Sub,
    /// `cur`.
    Unchanged,
    /// `Tail(cur)`, where `Head(cur)` must be `args[0]`.
    RemoveHead,
    /// `args[0]`'s count in the bag `cur` goes up by one (`TVOperators`' `AddElementToBag`).
    AddElementToBag,
    /// `args[0]`'s count goes down by one and stays in the domain at 0; nothing when it is
    /// not in the domain (`RemoveElementFromBag`).
    RemoveElementFromBag,
    /// `[k \in DOMAIN cur |-> IF k = args[0] THEN args[1] ELSE cur[k]]`.
    SetKey,
    /// `[k \in DOMAIN cur |-> IF k \in DOMAIN args[0] THEN args[0][k] ELSE cur[k]]`.
    UpdateRec,
}

impl DeltaOp {
    /// Every operation, with its name in traces.
    pub const ALL: [(&'static str, DeltaOp); 17] = [
        ("Update", DeltaOp::Update),
        ("AddElement", DeltaOp::AddElement),
        ("AddElements", DeltaOp::AddElements),
        ("RemoveElement", DeltaOp::RemoveElement),
        ("Clear", DeltaOp::Clear),
        ("AddToBag", DeltaOp::AddToBag),
        ("RemoveFromBag", DeltaOp::RemoveFromBag),
        ("ClearBag", DeltaOp::ClearBag),
        ("AppendElement", DeltaOp::AppendElement),
        ("Add", DeltaOp::Add),
        ("Sub", DeltaOp::Sub),
        ("Unchanged", DeltaOp::Unchanged),
        ("RemoveHead", DeltaOp::RemoveHead),
        ("AddElementToBag", DeltaOp::AddElementToBag),
        ("RemoveElementFromBag", DeltaOp::RemoveElementFromBag),
        ("SetKey", DeltaOp::SetKey),
        ("UpdateRec", DeltaOp::UpdateRec),
    ];

    /// `TVOperators`' operations that need the trace spec's own `Default` or `Nil`, which
    /// no model defines: refused by name.
    pub const TRACE_SPEC_ONLY: [&'static str; 3] = ["Init", "InitRec", "ResetKey"];

    /// The operation named `name`.
    pub fn named(name: &str) -> Option<DeltaOp> {
        DeltaOp::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, op)| *op)
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            DeltaOp::Clear | DeltaOp::ClearBag | DeltaOp::Unchanged => 0,
            DeltaOp::SetKey => 2,
            _ => 1,
        }
    }

    /// Whether it ignores its arguments (`TVOperators` passes `args[1]` to `Unchanged`
    /// and nothing of them to `Clear` and `ClearBag`, so logs may carry any).
    pub fn ignores_args(self) -> bool {
        matches!(
            self,
            DeltaOp::Clear | DeltaOp::ClearBag | DeltaOp::Unchanged
        )
    }
}

/// An update of an observable at a path.
#[derive(Clone, Debug, PartialEq)]
pub struct Delta {
    /// The observable's index.
    pub observable: usize,
    /// Keys from the observable's value down to the updated place (empty: the whole value).
    pub path: Vec<Value>,
    /// The operation.
    pub op: DeltaOp,
    /// Its arguments.
    pub args: Vec<Value>,
}

/// A read: the value at a path of an observable before the step.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The observable's index.
    pub observable: usize,
    /// Keys from the observable's value down to the place read.
    pub path: Vec<Value>,
    /// The value read.
    pub value: Value,
}

/// The value at `path` in `value`, if every key is in its domain.
pub fn at_path<'v>(value: &'v Value, path: &[Value]) -> Option<&'v Value> {
    let mut here = value;
    for key in path {
        here = apply_key(here, key)?;
    }
    Some(here)
}

/// `value[key]`, an ambiguous key (see [`crate::loose`]) matching the key the model has.
fn apply_key<'v>(value: &'v Value, key: &Value) -> Option<&'v Value> {
    match value.apply(key) {
        Ok(found) => Some(found),
        Err(_) => value.apply(&model_key(value, key)).ok(),
    }
}

/// The key of `value`'s domain that `key` fits.
fn model_key(value: &Value, key: &Value) -> Value {
    let keys = value
        .fn_pairs()
        .unwrap_or_default()
        .into_iter()
        .map(|(k, _)| k);
    loose::resolve(key, keys)
}

/// The element of `collection` (a set, a sequence, or a bag's domain) that `item` fits.
fn model_item(collection: &Value, item: &Value) -> Value {
    let items: Vec<Value> = match collection {
        Value::Seq(s) => s.elems().to_vec(),
        set if set.is_set() => set
            .iter_set()
            .map(|it| it.map(|v| v.into_owned()).collect())
            .unwrap_or_default(),
        bag => bag
            .fn_pairs()
            .unwrap_or_default()
            .into_iter()
            .map(|(k, _)| k)
            .collect(),
    };
    loose::resolve(item, items.into_iter())
}

/// Does `value` show every read of `reads` (those of observable `observable`)?
pub fn reads_hold(value: &Value, observable: usize, reads: &[Read]) -> bool {
    reads
        .iter()
        .filter(|r| r.observable == observable)
        .all(|r| at_path(value, &r.path) == Some(&r.value))
}

/// The value `deltas` (all of one observable) make of `before`, or `None` when one cannot
/// apply (a path outside a domain, a head that is not the value received, a type error).
pub fn apply_all<'d>(before: &Value, deltas: impl Iterator<Item = &'d Delta>) -> Option<Value> {
    let mut value = before.clone();
    for delta in deltas {
        value = apply_at(&value, &delta.path, delta.op, &delta.args)?;
    }
    Some(value)
}

fn apply_at(value: &Value, path: &[Value], op: DeltaOp, args: &[Value]) -> Option<Value> {
    match path.split_first() {
        None => apply(value, op, args),
        Some((key, rest)) => {
            let key = model_key(value, key);
            let inner = apply_at(value.apply(&key).ok()?, rest, op, args)?;
            value.except(&key, inner).ok()
        }
    }
}

fn apply(cur: &Value, op: DeltaOp, args: &[Value]) -> Option<Value> {
    let arg = args.first();
    match op {
        DeltaOp::Update => arg.cloned(),
        DeltaOp::AddElement => cur.with_element(arg?.clone()).ok(),
        DeltaOp::AddElements => {
            let items = match arg? {
                Value::Seq(s) => s.elems().to_vec(),
                set => set.iter_set().ok()?.map(|v| v.into_owned()).collect(),
            };
            cur.union(&Value::set(items)).ok()
        }
        DeltaOp::RemoveElement => cur.minus(&Value::set(vec![model_item(cur, arg?)])).ok(),
        DeltaOp::Clear => Some(Value::empty_set()),
        DeltaOp::AddToBag => bag_add(cur, &model_item(cur, arg?), 1),
        DeltaOp::RemoveFromBag => bag_add(cur, &model_item(cur, arg?), -1),
        DeltaOp::ClearBag => Some(Value::function(Vec::new())),
        DeltaOp::AppendElement => {
            let mut elems = cur.as_seq()?.to_vec();
            elems.push(arg?.clone());
            Some(Value::seq(elems))
        }
        DeltaOp::Add | DeltaOp::Sub => {
            let (a, b) = (cur.as_i64()?, arg?.as_i64()?);
            let sum = if op == DeltaOp::Add {
                a.checked_add(b)
            } else {
                a.checked_sub(b)
            };
            sum.map(Value::Int)
        }
        DeltaOp::Unchanged => Some(cur.clone()),
        DeltaOp::AddElementToBag => bag_add(cur, &model_item(cur, arg?), 1),
        DeltaOp::RemoveElementFromBag => {
            let key = model_item(cur, arg?);
            match cur.apply(&key) {
                Ok(count) => cur.except(&key, Value::Int(count.as_i64()? - 1)).ok(),
                Err(_) => Some(cur.clone()),
            }
        }
        DeltaOp::SetKey => {
            let key = model_key(cur, arg?);
            let pairs = cur.fn_pairs().ok()?;
            let new = args.get(1)?;
            Some(Value::function(
                pairs
                    .into_iter()
                    .map(|(k, v)| if k == key { (k, new.clone()) } else { (k, v) })
                    .collect(),
            ))
        }
        DeltaOp::UpdateRec => {
            let with = arg?;
            let pairs = cur.fn_pairs().ok()?;
            Some(Value::function(
                pairs
                    .into_iter()
                    .map(|(k, v)| match with.apply(&k) {
                        Ok(new) => (k, new.clone()),
                        Err(_) => (k, v),
                    })
                    .collect(),
            ))
        }
        DeltaOp::RemoveHead => {
            let elems = cur.as_seq()?;
            let head = elems.first()?;
            loose::fits(arg?, head).then(|| Value::seq(elems[1..].to_vec()))
        }
    }
}

/// `cur (+) SetToBag({elem})` for `by = 1`, `cur (-) SetToBag({elem})` for `by = -1` (a
/// count that reaches 0 leaves the bag, as in the Bags module).
fn bag_add(cur: &Value, elem: &Value, by: i64) -> Option<Value> {
    let mut pairs = match cur {
        Value::Seq(s) if s.elems().is_empty() => Vec::new(),
        _ => cur.fn_pairs().ok()?,
    };
    match pairs.iter().position(|(k, _)| k == elem) {
        Some(i) => {
            let count = pairs[i].1.as_i64()? + by;
            if count > 0 {
                pairs[i].1 = Value::Int(count);
            } else {
                pairs.remove(i);
            }
        }
        None if by > 0 => pairs.push((elem.clone(), Value::Int(by))),
        None => {}
    }
    Some(Value::function(pairs))
}

/// The observation a step's updates and logged values make of the state before it:
/// `post` plus, for every observable the updates touch, the value they make of its value
/// in `before` (`value_of` gives it). `None` when an update cannot apply, or gives an
/// observable another value than `post` logs.
pub fn effective_post(
    post: &Observation,
    deltas: &[Delta],
    mut value_of: impl FnMut(usize) -> Option<Value>,
) -> Option<Observation> {
    if deltas.is_empty() {
        return Some(post.clone());
    }
    let mut observed = post.clone();
    let mut touched: Vec<usize> = deltas.iter().map(|d| d.observable).collect();
    touched.sort_unstable();
    touched.dedup();
    for index in touched {
        let before = value_of(index)?;
        let after = apply_all(&before, deltas.iter().filter(|d| d.observable == index))?;
        match observed.iter().find(|(i, _)| *i == index) {
            Some((_, logged)) if !loose::fits(logged, &after) => return None,
            Some(_) => {}
            None => observed.push((index, after)),
        }
    }
    observed.sort_by_key(|(i, _)| *i);
    Some(observed)
}

/// A record field name as a key (paths into records are strings).
pub fn field_key(name: &str) -> Value {
    Value::str(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> Value {
        Value::Int(n)
    }

    fn delta(path: Vec<Value>, op: DeltaOp, args: Vec<Value>) -> Delta {
        Delta {
            observable: 0,
            path,
            op,
            args,
        }
    }

    #[test]
    fn updates_fold_at_paths_and_keep_the_rest() {
        let before = Value::function(vec![
            (int(0), Value::seq(vec![int(7)])),
            (int(1), Value::empty_seq()),
        ]);
        let deltas = [
            delta(vec![int(0)], DeltaOp::RemoveHead, vec![int(7)]),
            delta(vec![int(1)], DeltaOp::AppendElement, vec![int(3)]),
        ];
        let after = apply_all(&before, deltas.iter()).unwrap();
        assert_eq!(
            after,
            Value::function(vec![
                (int(0), Value::empty_seq()),
                (int(1), Value::seq(vec![int(3)])),
            ])
        );
        let wrong_head = [delta(vec![int(0)], DeltaOp::RemoveHead, vec![int(8)])];
        assert_eq!(apply_all(&before, wrong_head.iter()), None);
        let outside = [delta(vec![int(5)], DeltaOp::Update, vec![int(1)])];
        assert_eq!(apply_all(&before, outside.iter()), None);
    }

    #[test]
    fn bags_count_and_drop_zero_counts() {
        let empty = Value::function(Vec::new());
        let one = bag_add(&empty, &int(3), 1).unwrap();
        let two = bag_add(&one, &int(3), 1).unwrap();
        assert_eq!(two, Value::function(vec![(int(3), int(2))]));
        assert_eq!(bag_add(&one, &int(3), -1).unwrap(), empty);
        assert_eq!(bag_add(&empty, &int(3), -1).unwrap(), empty);
    }

    #[test]
    fn sysmobench_bag_and_record_operations_follow_tvoperators() {
        let s = |t: &str| Value::str(t);
        let bag = Value::function(vec![(s("m"), int(1))]);
        let add = [delta(vec![], DeltaOp::AddElementToBag, vec![s("m")])];
        assert_eq!(
            apply_all(&bag, add.iter()),
            Some(Value::function(vec![(s("m"), int(2))]))
        );
        // RemoveElementFromBag keeps a count of 0 in the domain, unlike RemoveFromBag.
        let remove = [delta(vec![], DeltaOp::RemoveElementFromBag, vec![s("m")])];
        assert_eq!(
            apply_all(&bag, remove.iter()),
            Some(Value::function(vec![(s("m"), int(0))]))
        );
        let absent = [delta(vec![], DeltaOp::RemoveElementFromBag, vec![s("x")])];
        assert_eq!(apply_all(&bag, absent.iter()), Some(bag.clone()));
        let record = Value::function(vec![(s("a"), int(1)), (s("b"), int(2))]);
        let set_key = [delta(vec![], DeltaOp::SetKey, vec![s("b"), int(5)])];
        assert_eq!(
            apply_all(&record, set_key.iter()),
            Some(Value::function(vec![(s("a"), int(1)), (s("b"), int(5))]))
        );
        let merge = Value::function(vec![(s("a"), int(9)), (s("z"), int(0))]);
        let update_rec = [delta(vec![], DeltaOp::UpdateRec, vec![merge])];
        assert_eq!(
            apply_all(&record, update_rec.iter()),
            Some(Value::function(vec![(s("a"), int(9)), (s("b"), int(2))]))
        );
    }

    #[test]
    fn effective_post_rejects_a_contradicting_logged_value() {
        let post = vec![(0, int(5))];
        let deltas = [delta(vec![], DeltaOp::Add, vec![int(2)])];
        assert_eq!(
            effective_post(&post, &deltas, |_| Some(int(3))),
            Some(vec![(0, int(5))])
        );
        assert_eq!(effective_post(&post, &deltas, |_| Some(int(4))), None);
        assert_eq!(
            effective_post(&Vec::new(), &deltas, |_| Some(int(4))),
            Some(vec![(0, int(6))])
        );
    }
}
