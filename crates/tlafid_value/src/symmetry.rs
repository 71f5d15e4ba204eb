//! Renaming model values inside a value (for symmetry reduction), re-normalising sets and
//! functions whose order changes.

use crate::lazy::LazySet;
use crate::{ModelValue, Value};

impl Value {
    /// The value with every model value `m` replaced by `rename(m)` (kept when `None`).
    pub fn map_models(&self, rename: &dyn Fn(&ModelValue) -> Option<Value>) -> Value {
        match self {
            Value::Model(m) => rename(m).unwrap_or_else(|| self.clone()),
            Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Str(_)
            | Value::Interval(..) => self.clone(),
            Value::Set(s) => Value::set(s.elems().iter().map(|e| e.map_models(rename)).collect()),
            Value::Seq(s) => Value::seq(s.elems().iter().map(|e| e.map_models(rename)).collect()),
            Value::Record(r) => Value::record(
                r.fields()
                    .iter()
                    .map(|(k, v)| (*k, v.map_models(rename)))
                    .collect(),
            ),
            Value::Fcn(f) => Value::function(
                f.pairs()
                    .iter()
                    .map(|(k, v)| (k.map_models(rename), v.map_models(rename)))
                    .collect(),
            ),
            Value::Lazy(l) => {
                let map = |v: &Value| v.map_models(rename);
                let kind = match l.kind() {
                    LazySet::SeqOf(s) => LazySet::SeqOf(map(s)),
                    LazySet::Subset(s) => LazySet::Subset(map(s)),
                    LazySet::FnSet(d, r) => LazySet::FnSet(map(d), map(r)),
                    LazySet::RecordSet(fs) => {
                        LazySet::RecordSet(fs.iter().map(|(k, v)| (*k, map(v))).collect())
                    }
                    LazySet::Product(ps) => LazySet::Product(ps.iter().map(map).collect()),
                    LazySet::Union(a, b) => LazySet::Union(map(a), map(b)),
                    LazySet::Intersect(a, b) => LazySet::Intersect(map(a), map(b)),
                    LazySet::Minus(a, b) => LazySet::Minus(map(a), map(b)),
                    LazySet::BigUnion(s) => LazySet::BigUnion(map(s)),
                    _ => return self.clone(),
                };
                Value::lazy(kind)
            }
        }
    }
}
