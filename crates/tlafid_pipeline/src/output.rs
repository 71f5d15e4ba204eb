//! The cap on what tlafid writes out, fitted to each format so that what is written stays
//! well formed: a counterexample of states that grow at each step can reach hundreds of
//! megabytes. A JSON report or ITF trace over the cap is written without indentation; if it
//! is still over, its `states` (ITF) or `trace` (report) array keeps only the states that
//! fit ([`capped`]). Line-oriented text (an event log, a DOT graph) keeps the whole lines
//! that fit ([`CappedText`]). Either way the caller is told what was cut, and says so
//! (`E009`). The front end writes everything through one writer with the same cap, which
//! cuts any other text (a transcript) at a line and says so.

use serde::Serialize;
use serde_json::Value as Json;

/// The most bytes written to one destination (standard output, a file): 64 MiB.
pub const MAX_OUTPUT_BYTES: usize = 64 << 20;

/// The most bytes of one document (a JSON report, an ITF trace, an event log, a DOT graph):
/// with its final line end, it fits in [`MAX_OUTPUT_BYTES`].
pub const MAX_DOCUMENT_BYTES: usize = MAX_OUTPUT_BYTES - 1;

/// Text built from parts (the lines of an event log, the nodes of a graph) that keeps the
/// parts that fit under a cap: once a part does not fit, it and every part after it are
/// left out.
#[derive(Debug)]
pub struct CappedText {
    text: String,
    room: usize,
    kept: usize,
    full: bool,
}

impl CappedText {
    /// Empty, taking at most `cap` bytes.
    pub fn new(cap: usize) -> CappedText {
        CappedText {
            text: String::new(),
            room: cap,
            kept: 0,
            full: false,
        }
    }

    /// The room left, in bytes (none once a part was left out).
    pub fn room(&self) -> usize {
        if self.full {
            0
        } else {
            self.room
        }
    }

    /// How many parts were kept.
    pub fn kept(&self) -> usize {
        self.kept
    }

    /// Appends `part` whole if it fits and no part was left out before; whether it did.
    pub fn push(&mut self, part: &str) -> bool {
        if self.full || part.len() > self.room {
            self.full = true;
            return false;
        }
        self.text.push_str(part);
        self.room -= part.len();
        self.kept += 1;
        true
    }

    /// Leaves out this part (one that could not be built within [`room`](Self::room)) and
    /// every part after it.
    pub fn stop(&mut self) {
        self.full = true;
    }

    /// Keeps back `bytes` of the room for an ending that must always fit (a closing brace),
    /// to be appended with [`finish_with`](Self::finish_with).
    pub fn reserve(&mut self, bytes: usize) {
        self.room = self.room.saturating_sub(bytes);
    }

    /// Appends the ending the room was reserved for.
    pub fn finish_with(&mut self, ending: &str) {
        self.text.push_str(ending);
    }

    /// The text, and what was cut, if anything: "`what` keeps its first k of `total`".
    pub fn into_parts(self, what: &str, total: usize, cap: usize) -> (String, Option<String>) {
        let cut = (self.kept < total).then(|| {
            format!(
                "output cut: over {}; {what} keeps its first {} of {total}",
                size(cap),
                self.kept
            )
        });
        (self.text, cut)
    }
}

/// A JSON text at most `cap` bytes long, and what was cut to make it fit, if anything:
/// pretty when that fits, else compact, else with the array at `pointer` (a JSON Pointer:
/// `/states` in ITF, `/trace/states` in a report) shortened to the prefix that fits (when
/// even that does not fit, the array is emptied).
pub fn capped(json: &Json, pointer: &str, cap: usize) -> (String, Option<String>) {
    if let Some(text) = within(json, true, cap) {
        return (text, None);
    }
    if let Some(text) = within(json, false, cap) {
        return (text, None);
    }
    let field = pointer.rsplit('/').next().unwrap_or(pointer);
    let Some(items) = json.pointer(pointer).and_then(Json::as_array) else {
        return (
            String::from("{}"),
            Some(format!("the whole output is over {}", size(cap))),
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
        if let Some(array) = cut.pointer_mut(pointer).and_then(Json::as_array_mut) {
            array.truncate(kept);
        }
        match within(&cut, false, cap) {
            Some(text) => break text,
            None if kept == 0 => break String::from("{}"),
            None => kept /= 2,
        }
    };
    let note = format!(
        "output cut: the JSON is over {}; {field} keeps its first {kept} of {total} entries",
        size(cap)
    );
    (text, Some(note))
}

/// A cap as people read it: MiB for the output caps, else bytes.
fn size(cap: usize) -> String {
    if cap + 1 >= 1 << 20 {
        format!("{} MiB", (cap + 1) >> 20)
    } else {
        format!("{cap} bytes")
    }
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
        let (text, cut) = capped(&report, "/trace", 1000);
        assert!(text.contains('\n') && cut.is_none());
        let (text, cut) = capped(&report, "/trace", 50);
        assert_eq!(
            (text.as_str(), cut),
            (r#"{"outcome":"x","trace":[[1,2],[3,4],[5,6]]}"#, None)
        );
        let (text, cut) = capped(&report, "/trace", 40);
        assert_eq!(text, r#"{"outcome":"x","trace":[[1,2]]}"#);
        assert_eq!(
            cut.as_deref(),
            Some("output cut: the JSON is over 40 bytes; trace keeps its first 1 of 3 entries")
        );
        let (text, _) = capped(&report, "/trace", 26);
        assert_eq!(text, r#"{"outcome":"x","trace":[]}"#);
    }

    #[test]
    fn capped_text_keeps_the_whole_parts_that_fit_and_its_ending() {
        let mut text = CappedText::new(12);
        text.reserve(2);
        assert!(text.push("abc\n") && text.push("def\n"));
        assert!(!text.push("ghi\n"));
        assert!(!text.push("j\n"));
        text.finish_with("}\n");
        assert_eq!(
            text.into_parts("the log", 7, 12),
            (
                String::from("abc\ndef\n}\n"),
                Some(String::from(
                    "output cut: over 12 bytes; the log keeps its first 2 of 7"
                ))
            )
        );
    }
}
