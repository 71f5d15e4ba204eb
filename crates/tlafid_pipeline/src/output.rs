//! The cap on a JSON report or ITF trace written out: a counterexample of states that grow at
//! each step can reach hundreds of megabytes. A text over [`MAX_OUTPUT_BYTES`] is written
//! without indentation; if it is still over, its `states` (ITF) or `trace` (report) array
//! keeps only the states that fit, and the caller is told what was cut.

use serde::Serialize;
use serde_json::Value as Json;

/// The most bytes of one JSON report or ITF file: 64 MiB.
pub const MAX_OUTPUT_BYTES: usize = 64 << 20;

/// A JSON text at most `cap` bytes long, and what was cut to make it fit, if anything:
/// pretty when that fits, else compact, else with the array `field` (`states`, `trace`)
/// shortened to the prefix that fits (when even that does not fit, the array is emptied).
pub fn capped(json: &Json, field: &str, cap: usize) -> (String, Option<String>) {
    if let Some(text) = within(json, true, cap) {
        return (text, None);
    }
    if let Some(text) = within(json, false, cap) {
        return (text, None);
    }
    let Some(items) = json.get(field).and_then(Json::as_array) else {
        return (
            String::from("{}"),
            Some(format!("the whole output is over {cap} bytes")),
        );
    };
    let total = items.len();
    // Half the cap for the kept states leaves room for everything else in the report.
    let mut kept = 0;
    let mut used = 0;
    for item in items {
        match within(item, false, cap / 2 - used.min(cap / 2)) {
            Some(text) => {
                used += text.len() + 1;
                kept += 1;
            }
            None => break,
        }
    }
    // What else the report holds may not leave room for those: halve until it fits.
    let mut cut = json.clone();
    let text = loop {
        if let Some(array) = cut.get_mut(field).and_then(Json::as_array_mut) {
            array.truncate(kept);
        }
        match within(&cut, false, cap) {
            Some(text) => break text,
            None if kept == 0 => break String::from("{}"),
            None => kept /= 2,
        }
    };
    let note = format!(
        "output cut: the JSON is over {} MiB; {field} keeps its first {kept} of {total} entries",
        cap >> 20
    );
    (text, Some(note))
}

/// `json` as text if it takes at most `cap` bytes (serialization stops at the cap); fields
/// in the order the value serializes them.
pub fn within(json: &impl Serialize, pretty: bool, cap: usize) -> Option<String> {
    let mut out = Capped {
        bytes: Vec::new(),
        cap,
    };
    let written = if pretty {
        serde_json::to_writer_pretty(&mut out, json)
    } else {
        serde_json::to_writer(&mut out, json)
    };
    written.ok()?;
    String::from_utf8(out.bytes).ok()
}

/// A buffer that refuses to grow past `cap`.
struct Capped {
    bytes: Vec<u8>,
    cap: usize,
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.cap {
            return Err(std::io::Error::other("over the output cap"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn small_stays_pretty_large_is_compacted_then_cut() {
        let report = json!({"outcome": "x", "trace": [[1, 2], [3, 4], [5, 6]]});
        let (text, cut) = capped(&report, "trace", 1000);
        assert!(text.contains('\n') && cut.is_none());
        let (text, cut) = capped(&report, "trace", 50);
        assert_eq!(
            (text.as_str(), cut),
            (r#"{"outcome":"x","trace":[[1,2],[3,4],[5,6]]}"#, None)
        );
        let (text, cut) = capped(&report, "trace", 40);
        assert_eq!(text, r#"{"outcome":"x","trace":[[1,2]]}"#);
        assert_eq!(
            cut.as_deref(),
            Some("output cut: the JSON is over 0 MiB; trace keeps its first 1 of 3 entries")
        );
        let (text, _) = capped(&report, "trace", 26);
        assert_eq!(text, r#"{"outcome":"x","trace":[]}"#);
    }
}
