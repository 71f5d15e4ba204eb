//! Checking that a trace's text is JSON that every later read accepts, without building it.
//!
//! serde's `IgnoredAny` skips values without looking at them (no depth limit, lone UTF-16
//! surrogates and `1e400` pass), so a text it accepted could still fail when its parts are
//! read again. [`well_formed`] walks the text through `deserialize_any` instead: the same
//! checks as building a `serde_json::Value` (nesting at most 128 deep, escapes, numbers in
//! range), and nothing kept.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::layout::Layout;

/// Checks `text` as [`well_formed`] does, in one pass where [`Layout::scan`] is sure of the
/// text (and then with where its arrays and objects close); serde_json decides, and words
/// the error, where it is not.
pub fn checked(text: &str) -> Result<Layout<'_>, serde_json::Error> {
    match Layout::scan(text) {
        Some(layout) => Ok(layout),
        None => well_formed(text).map(|()| Layout::none()),
    }
}

/// [`checked`], the scan guided by the layout of an earlier text ([`Layout::scan_after`]:
/// the parts equal to that text's are not scanned again).
pub fn checked_after<'t>(
    text: &'t str,
    before: &Layout<'_>,
) -> Result<Layout<'t>, serde_json::Error> {
    match Layout::scan_after(text, before) {
        Some(layout) => Ok(layout),
        None => well_formed(text).map(|()| Layout::none()),
    }
}

/// Is `text` JSON that `serde_json::from_str::<serde_json::Value>` reads, and so every part
/// of it too?
pub fn well_formed(text: &str) -> Result<(), serde_json::Error> {
    serde_json::from_str::<Checked>(text).map(|_| ())
}

/// A JSON value that was read in full and dropped.
struct Checked;

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Checked, D::Error> {
        deserializer.deserialize_any(CheckedVisitor)
    }
}

struct CheckedVisitor;

impl<'de> Visitor<'de> for CheckedVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        while map.next_entry::<Checked, Checked>()?.is_some() {}
        Ok(Checked)
    }
}

#[cfg(test)]
mod tests {
    use super::well_formed;

    #[test]
    fn what_a_later_read_would_refuse_is_refused_here() {
        assert!(well_formed(r##"{"a": [1, "x", {"#set": []}], "b": null}"##).is_ok());
        let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        assert!(well_formed(&deep).is_err());
        assert!(well_formed(r#"{"a": "\ud800"}"#).is_err());
        assert!(well_formed(r#"{"a": 1e400}"#).is_err());
        assert!(well_formed(r#"{"a": 1} x"#).is_err());
    }
}
