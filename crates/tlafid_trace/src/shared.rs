//! Reading the states of consecutive trace lines fast: a line repeats most of the previous
//! line's state, so each sub-value whose JSON text equals the text at the same place in the
//! previous line is shared (an `Arc` clone), not read again.
//!
//! The text is first validated ([`crate::layout`], or serde_json where that scanner is
//! unsure), which also records where each array and object closes; objects and arrays are
//! then split into the raw text of their members with that table (a small scanner where
//! the table is missing). Values of at least [`SHARED_LEN`] bytes are compared
//! and, when changed, read member by member against the previous line's members (by
//! position); smaller ones are read by [`crate::json::to_value`]. Any problem (a `null`, a
//! key naming a model value, an unknown `#` form) makes the caller read the value the slow,
//! exact way, which words the diagnostic: the result is always the value
//! [`crate::json::to_value`] gives.

use std::borrow::Cow;

use serde_json::Value as Json;
use tlafid_value::Value;

use crate::json::{to_value, ModelValues};
use crate::layout::Layout;

/// Values whose text is at least this long are shared and split; smaller ones are read
/// whole.
const SHARED_LEN: usize = 64;

/// A value read from `raw`, with its members when it was split (for the next line).
#[derive(Debug)]
pub struct Memo<'t> {
    raw: &'t str,
    /// The value.
    pub value: Value,
    kids: Vec<(&'t str, Memo<'t>)>,
}

/// Reads `raw` (valid JSON) as a value, sharing what equals `prev`; `None` when the value
/// must be read the slow way (for its diagnostic, or its rare forms). `layout`, when it was
/// made from the line `raw` is part of, says where `raw`'s members end.
pub fn read<'t>(
    raw: &'t str,
    prev: Option<Memo<'t>>,
    models: &ModelValues,
    layout: &Layout<'_>,
) -> Option<Memo<'t>> {
    let prev_kids = match prev {
        Some(prev) if prev.raw == raw => return Some(prev),
        Some(prev) => prev.kids,
        None => Vec::new(),
    };
    let first = raw.as_bytes().first().copied();
    if raw.len() < SHARED_LEN || !matches!(first, Some(b'[' | b'{')) {
        let json: Json = serde_json::from_str(raw).ok()?;
        let value = to_value(&json, "", models).ok()?;
        return Some(Memo {
            raw,
            value,
            kids: Vec::new(),
        });
    }
    let mut prev_kids = prev_kids.into_iter();
    let mut next_prev = |key: &str| match prev_kids.next() {
        Some((k, memo)) if k == key => Some(memo),
        _ => None,
    };
    if first == Some(b'[') {
        let mut kids = Vec::new();
        for item in items(raw, layout)? {
            kids.push(("", read(item, next_prev(""), models, layout)?));
        }
        let value = Value::seq(kids.iter().map(|(_, m)| m.value.clone()).collect());
        return Some(Memo { raw, value, kids });
    }
    let fields = fields(raw, layout)?;
    if let [(quoted, key, inner)] = fields.as_slice() {
        if key.starts_with('#') {
            return special(raw, quoted, key, inner, next_prev(quoted), models, layout);
        }
    }
    let mut kids = Vec::with_capacity(fields.len());
    let mut record = Vec::with_capacity(fields.len());
    for (quoted, key, inner) in fields {
        if models.contains_key(key.as_ref()) {
            return None;
        }
        let memo = read(inner, next_prev(quoted), models, layout)?;
        record.push((tlafid_value::Text::new(key.as_ref()), memo.value.clone()));
        kids.push((quoted, memo));
    }
    Some(Memo {
        raw,
        value: Value::record(record),
        kids,
    })
}

/// `{"#set": [...]}` and `{"#tup": [...]}` member by member; other forms the slow way.
fn special<'t>(
    raw: &'t str,
    quoted: &'t str,
    key: &str,
    inner: &'t str,
    prev: Option<Memo<'t>>,
    models: &ModelValues,
    layout: &Layout<'_>,
) -> Option<Memo<'t>> {
    if key != "#set" && key != "#tup" {
        return None;
    }
    let array = read(inner, prev, models, layout)?;
    let Value::Seq(_) = &array.value else {
        return None;
    };
    let elems = array.value.as_seq()?.to_vec();
    let value = if key == "#set" {
        Value::set(elems)
    } else {
        Value::seq(elems)
    };
    Some(Memo {
        raw,
        value,
        kids: vec![(quoted, array)],
    })
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The end of the string whose opening quote is at `i`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The end of the value starting at byte `i` of `raw` (valid JSON): looked up in `layout`
/// for an array or object it knows, else scanned.
fn value_end(raw: &str, i: usize, layout: &Layout<'_>) -> usize {
    let b = raw.as_bytes();
    match b.get(i) {
        Some(b'"') => string_end(b, i),
        Some(b'{' | b'[') => {
            if let Some(end) = layout.close_of(raw, i) {
                return end;
            }
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = string_end(b, j);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            b.len()
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b']' | b'}') && !b[j].is_ascii_whitespace()
            {
                j += 1;
            }
            j
        }
    }
}

/// The members of the array `raw` (valid JSON), as text.
pub fn items<'t>(raw: &'t str, layout: &Layout<'_>) -> Option<Vec<&'t str>> {
    let b = raw.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'[') {
        return None;
    }
    let mut out = Vec::new();
    i = skip_ws(b, i + 1);
    if b.get(i) == Some(&b']') {
        return Some(out);
    }
    loop {
        let end = value_end(raw, i, layout);
        out.push(&raw[i..end]);
        i = skip_ws(b, end);
        match b.get(i) {
            Some(b',') => i = skip_ws(b, i + 1),
            Some(b']') => return Some(out),
            _ => return None,
        }
    }
}

/// A field of an object: the key as written (quoted), the key, and the value's text.
pub type Field<'t> = (&'t str, Cow<'t, str>, &'t str);

/// The fields of the object `raw` (valid JSON; on other text, `None` or fields that mean
/// nothing, never a panic).
pub fn fields<'t>(raw: &'t str, layout: &Layout<'_>) -> Option<Vec<Field<'t>>> {
    let b = raw.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    let mut out = Vec::new();
    i = skip_ws(b, i + 1);
    if b.get(i) == Some(&b'}') {
        return Some(out);
    }
    loop {
        let key_end = string_end(b, i);
        let quoted = raw.get(i..key_end)?;
        let key = if quoted.contains('\\') {
            Cow::Owned(serde_json::from_str::<String>(quoted).ok()?)
        } else {
            Cow::Borrowed(quoted.get(1..quoted.len().checked_sub(1)?)?)
        };
        i = skip_ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(b, i + 1);
        let end = value_end(raw, i, layout);
        out.push((quoted, key, raw.get(i..end)?));
        i = skip_ws(b, end);
        match b.get(i) {
            Some(b',') => i = skip_ws(b, i + 1),
            Some(b'}') => return Some(out),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn models() -> ModelValues {
        let mut models = ModelValues::new();
        models.insert("m1".into(), Value::model(0, "m1"));
        models
    }

    /// The shared reading gives exactly what the slow one gives, or declines.
    fn same(raw: &str, prev: Option<Memo<'_>>) -> Option<Value> {
        let models = models();
        let slow = to_value(&serde_json::from_str(raw).unwrap(), "x", &models);
        let layout = Layout::scan(raw).expect("valid JSON");
        let scanned = read(raw, None, &models, &layout).map(|m| m.value);
        let fast = read(raw, prev, &models, &Layout::none());
        if let Some(fast) = &fast {
            assert_eq!(Ok(&fast.value), slow.as_ref(), "{raw}");
        }
        let fast = fast.map(|m| m.value);
        assert_eq!(scanned, fast, "{raw}");
        fast
    }

    #[test]
    fn agrees_with_the_slow_reading() {
        let long = r##"{"a": [1, 2, {"#set": [3, "s", [4, 5]]}], "b": {"k\"q": true, "c": "m1", "d": {"#tup": [1, -2, "a long string that makes this value long enough to split"]}}}"##;
        assert!(same(long, None).is_some());
        assert!(same(r##"[{"#set": []}, {"#map": [[1, 2]]}, {"#bigint": "123456789012345678901234567890"}, 12345678901234567]"##, None).is_some());
        // A key naming a model value makes a function: read the slow way.
        assert!(same(
            r##"{"m1": 1, "padding": "so that the object is long enough to be split up"}"##,
            None
        )
        .is_none());
        assert!(same(
            r##"{"n": null, "padding": "so that the object is long enough to be split up"}"##,
            None
        )
        .is_none());
    }

    #[test]
    fn shares_what_did_not_change() {
        let models = models();
        let one = r##"{"log": [{"seq": 1, "key": "a-longer-key-1"}, {"seq": 2, "key": "a-longer-key-2"}], "other": "padding padding padding"}"##;
        let two = r##"{"log": [{"seq": 1, "key": "a-longer-key-1"}, {"seq": 2, "key": "a-longer-key-2"}, {"seq": 3, "key": "a-longer-key-1"}], "other": "padding padding padding"}"##;
        let first = read(one, None, &models, &Layout::scan(one).unwrap()).unwrap();
        let entry = |v: &Value, i: usize| v.field("log").unwrap().as_seq().unwrap()[i].clone();
        let before = entry(&first.value, 1);
        let second = read(two, Some(first), &models, &Layout::scan(two).unwrap()).unwrap();
        let after = entry(&second.value, 1);
        assert!(
            matches!((&before, &after), (Value::Record(a), Value::Record(b)) if std::sync::Arc::ptr_eq(a, b)),
            "an unchanged member is shared"
        );
        assert_eq!(
            entry(&second.value, 2).to_string(),
            r##"[key |-> "a-longer-key-1", seq |-> 3]"##
        );
        assert_eq!(same(two, None), Some(second.value.clone()));
    }
}
