//! JSON trace values to TLA+ values.
//!
//! Numbers are integers (a fraction is an error), strings are strings unless the
//! configuration declares a model value of that name (then they are that model value),
//! booleans are booleans, arrays are sequences, objects are records (or, when a key names a
//! model value, functions on those keys), and the ITF forms `{"#set": [...]}`,
//! `{"#map": [[k, v], ...]}`, `{"#tup": [...]}` and `{"#bigint": "..."}` give the rest.
//!
//! JSON `null` is an error naming the field: a trace says "unconstrained" by leaving an
//! observable out, and "nothing" with a value the model has (the empty set, `<<>>`), so a
//! `null` is never guessed at.

use std::collections::BTreeMap;

use serde_json::Value as Json;
use tlafid_value::Value;

/// The model values a configuration declares, by name.
pub type ModelValues = BTreeMap<String, Value>;

/// Converts `json` (found at `field`, a path such as `state.pc.c1`) to a TLA+ value.
pub fn to_value(json: &Json, field: &str, models: &ModelValues) -> Result<Value, String> {
    match json {
        Json::Null => Err(format!(
            "{field} is null; leave an observable out to say it is unconstrained, or log a value the model has"
        )),
        Json::Bool(b) => Ok(Value::bool(*b)),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Ok(Value::Int(i)),
            None if n.is_u64() => Value::parse_int(&n.to_string())
                .ok_or_else(|| format!("{field}: {n} is not an integer")),
            None => Err(format!("{field}: {n} is not an integer (TLA+ traces have no fractions)")),
        },
        Json::String(s) => Ok(models.get(s).cloned().unwrap_or_else(|| Value::str(s))),
        Json::Array(items) => Ok(Value::seq(elements(items, field, models)?)),
        Json::Object(map) => match map.iter().next() {
            Some((key, inner)) if map.len() == 1 && key.starts_with('#') => {
                special_form(key, inner, field, models)
            }
            _ => object(map, field, models),
        },
    }
}

fn elements(items: &[Json], field: &str, models: &ModelValues) -> Result<Vec<Value>, String> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| to_value(item, &format!("{field}[{}]", i + 1), models))
        .collect()
}

fn special_form(
    key: &str,
    inner: &Json,
    field: &str,
    models: &ModelValues,
) -> Result<Value, String> {
    let array = || {
        inner
            .as_array()
            .ok_or_else(|| format!("{field}: the value of {key} must be an array"))
    };
    match key {
        "#set" => Ok(Value::set(elements(array()?, field, models)?)),
        "#tup" => Ok(Value::seq(elements(array()?, field, models)?)),
        "#map" => {
            let mut pairs = Vec::new();
            for (i, pair) in array()?.iter().enumerate() {
                let at = format!("{field}.#map[{}]", i + 1);
                match pair.as_array().map(Vec::as_slice) {
                    Some([k, v]) => pairs.push((to_value(k, &at, models)?, to_value(v, &at, models)?)),
                    _ => return Err(format!("{at} must be a pair [key, value]")),
                }
            }
            Ok(Value::function(pairs))
        }
        "#bigint" => inner
            .as_str()
            .and_then(Value::parse_int)
            .ok_or_else(|| format!("{field}: #bigint needs a string of decimal digits")),
        "#str" => inner
            .as_str()
            .map(Value::str)
            .ok_or_else(|| format!("{field}: #str needs a string")),
        "#mv" => inner
            .as_str()
            .and_then(|name| models.get(name))
            .map(crate::loose::real)
            .ok_or_else(|| format!("{field}: #mv needs the name of a model value of the configuration")),
        _ => Err(format!(
            "{field}: {key} is not a value form this checker reads (valid: #set, #map, #tup, #bigint, #str, #mv)"
        )),
    }
}

fn object(
    map: &serde_json::Map<String, Json>,
    field: &str,
    models: &ModelValues,
) -> Result<Value, String> {
    let mut fields = Vec::with_capacity(map.len());
    for (key, inner) in map {
        fields.push((key, to_value(inner, &format!("{field}.{key}"), models)?));
    }
    if fields
        .iter()
        .any(|(key, _)| models.contains_key(key.as_str()))
    {
        let pairs = fields
            .into_iter()
            .map(|(key, v)| (to_value(&Json::String(key.clone()), field, models), v))
            .map(|(k, v)| k.map(|k| (k, v)))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Value::function(pairs));
    }
    Ok(Value::record(
        fields
            .into_iter()
            .map(|(key, v)| (tlafid_value::Text::new(key), v))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn convert(json: Json) -> Result<Value, String> {
        let mut models = ModelValues::new();
        models.insert("m1".into(), Value::model(0, "m1"));
        to_value(&json, "state.x", &models)
    }

    #[test]
    fn values_of_every_form() {
        let v = convert(json!({"a": [1, 2], "b": {"#set": [3, 3, "s"]}, "c": true})).unwrap();
        assert_eq!(
            v.to_string(),
            r#"[a |-> <<1, 2>>, b |-> {3, "s"}, c |-> TRUE]"#
        );
        let v = convert(json!({"#map": [[1, "x"], [2, "y"]]})).unwrap();
        assert_eq!(v.to_string(), r#"<<"x", "y">>"#);
        assert_eq!(convert(json!({"#tup": []})).unwrap().to_string(), "<<>>");
        let big = convert(json!({"#bigint": "123456789012345678901234567890"})).unwrap();
        assert_eq!(big.to_string(), "123456789012345678901234567890");
    }

    #[test]
    fn declared_model_values_replace_strings_and_keys() {
        assert_eq!(convert(json!("m1")).unwrap(), Value::model(0, "m1"));
        let f = convert(json!({"m1": 1})).unwrap();
        assert_eq!(
            f,
            Value::function(vec![(Value::model(0, "m1"), Value::Int(1))])
        );
    }

    #[test]
    fn null_fractions_and_unknown_forms_are_errors() {
        let null = convert(json!({"a": [null]})).unwrap_err();
        assert!(null.starts_with("state.x.a[1] is null"), "{null}");
        assert_eq!(
            convert(json!(1.5)).unwrap_err(),
            "state.x: 1.5 is not an integer (TLA+ traces have no fractions)"
        );
        assert!(convert(json!({"#unserializable": "Nat"}))
            .unwrap_err()
            .contains("valid: #set, #map, #tup, #bigint"));
    }
}
