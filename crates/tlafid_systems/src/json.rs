//! Builders for the JSON values the systems log: records with sorted keys, sets in the ITF
//! `{"#set": [...]}` form with a canonical element order, sequences, strings and integers.
//!
//! Keys are always inserted in sorted order, so the output is the same whether or not some
//! other crate turns on serde_json's `preserve_order` feature.

use serde_json::{Map, Value};

/// A record (JSON object) from `(field, value)` pairs, fields sorted by name.
pub fn record<K: Into<String>>(fields: impl IntoIterator<Item = (K, Value)>) -> Value {
    let mut pairs: Vec<(String, Value)> = fields.into_iter().map(|(k, v)| (k.into(), v)).collect();
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let mut map = Map::new();
    for (key, value) in pairs {
        map.insert(key, value);
    }
    Value::Object(map)
}

/// A set in ITF form, `{"#set": [...]}`, elements sorted by their compact JSON text and
/// deduplicated, so equal sets always print the same.
pub fn set(elements: impl IntoIterator<Item = Value>) -> Value {
    let mut keyed: Vec<(String, Value)> =
        elements.into_iter().map(|v| (v.to_string(), v)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.dedup_by(|a, b| a.0 == b.0);
    record([(
        "#set",
        Value::Array(keyed.into_iter().map(|(_, v)| v).collect()),
    )])
}

/// A sequence (JSON array) in the given order.
pub fn seq(elements: impl IntoIterator<Item = Value>) -> Value {
    Value::Array(elements.into_iter().collect())
}

/// A string value.
pub fn text(s: &str) -> Value {
    Value::String(s.to_string())
}

/// An integer value.
pub fn int(n: i64) -> Value {
    Value::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_sort_their_fields() {
        let value = record([("b", int(1)), ("a", text("x"))]);
        assert_eq!(value.to_string(), r#"{"a":"x","b":1}"#);
    }

    #[test]
    fn sets_are_canonical() {
        let one = set([text("c2"), text("c1"), text("c2")]);
        let other = set([text("c1"), text("c2")]);
        assert_eq!(one, other);
        assert_eq!(one.to_string(), r##"{"#set":["c1","c2"]}"##);
    }
}
