//! Checking a JSON text and finding where each of its arrays and objects closes, in one
//! pass: what [`crate::shared`] needs to split a line's values without scanning each one
//! again per nesting level, and what [`crate::wellformed::well_formed`] answers, without
//! serde's second pass over the text.
//!
//! The scanner is stricter than serde_json, never looser: it accepts only texts that
//! `serde_json::from_str::<serde_json::Value>` reads (nesting at most [`MAX_DEPTH`] deep,
//! integers of at most 18 digits, no `\u` escape of a surrogate; a number it is unsure of is
//! given to serde_json alone). On anything else it answers `None`, and the caller asks
//! [`crate::wellformed::well_formed`], which decides and words the diagnostic.

/// Deepest nesting the scanner accepts (serde_json's limit is 128).
const MAX_DEPTH: usize = 100;

/// Where the arrays and objects of a checked JSON text close.
#[derive(Debug, Default)]
pub struct Layout<'t> {
    text: &'t str,
    /// `(offset of the opening bracket, offset just after the closing one)`, by opening
    /// offset.
    closes: Vec<(u32, u32)>,
}

impl<'t> Layout<'t> {
    /// A layout that knows nothing: every value is scanned.
    pub fn none() -> Layout<'static> {
        Layout::default()
    }

    /// Checks `text` as JSON and records where its brackets close; `None` when the text is
    /// not JSON, or not JSON the scanner is sure serde_json reads.
    pub fn scan(text: &'t str) -> Option<Layout<'t>> {
        Layout::scan_after(text, &Layout::none())
    }

    /// [`Layout::scan`], guided by the layout of an earlier text (the previous line of a
    /// trace): an array or object whose text equals the one at the same place in `before`
    /// (the same member of the same member ... of the top value) is accepted without being
    /// scanned, and its brackets are `before`'s, moved. The answer is [`Layout::scan`]'s.
    pub fn scan_after(text: &'t str, before: &Layout<'_>) -> Option<Layout<'t>> {
        u32::try_from(text.len()).ok()?;
        let bytes = text.as_bytes();
        let mut closes = Vec::new();
        let guide = Guide {
            bytes: before.text.as_bytes(),
            closes: &before.closes,
        };
        let end = scan_value(bytes, skip_ws(bytes, 0), &guide, &mut closes)?;
        (skip_ws(bytes, end) == text.len()).then_some(Layout { text, closes })
    }

    /// The end of the array or object that opens at byte `i` of `raw`, when `raw` is a part
    /// of the text this layout was made from.
    pub fn close_of(&self, raw: &str, i: usize) -> Option<usize> {
        let base = (raw.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        if base + raw.len() > self.text.len() {
            return None;
        }
        let open = u32::try_from(base + i).ok()?;
        let found = self.closes.binary_search_by_key(&open, |&(o, _)| o).ok()?;
        let end = self.closes[found].1 as usize - base;
        (end <= raw.len()).then_some(end)
    }
}

/// A text already accepted (its layout), read beside the one being scanned. Positions in
/// it are of values at the same place as the value being scanned; `None` when there is
/// none (the member is missing, or the two differ in kind).
struct Guide<'g> {
    bytes: &'g [u8],
    closes: &'g [(u32, u32)],
}

impl Guide<'_> {
    /// The index in `closes` of the array or object that opens at `at`.
    fn bracket(&self, at: usize) -> Option<usize> {
        let at = u32::try_from(at).ok()?;
        self.closes.binary_search_by_key(&at, |&(o, _)| o).ok()
    }

    /// The end of the value that starts at `at`.
    fn value_end(&self, at: usize) -> Option<usize> {
        match *self.bytes.get(at)? {
            b'{' | b'[' => Some(self.closes[self.bracket(at)?].1 as usize),
            b'"' => string_end(self.bytes, at),
            _ => {
                let rest = self.bytes.get(at..)?;
                let len = rest
                    .iter()
                    .position(|c| matches!(c, b',' | b']' | b'}' | b' ' | b'\n' | b'\t' | b'\r'));
                Some(at + len.unwrap_or(rest.len()))
            }
        }
    }

    /// The first member's value of the array or object that opens at `at`.
    fn first_member(&self, at: usize, object: bool) -> Option<usize> {
        let at = skip_ws(self.bytes, at + 1);
        match *self.bytes.get(at)? {
            b'}' | b']' => None,
            _ if object => key_end(self.bytes, at),
            _ => Some(at),
        }
    }

    /// The value of the member after the one whose value starts at `at`.
    fn next_member(&self, at: usize, object: bool) -> Option<usize> {
        let at = skip_ws(self.bytes, self.value_end(at)?);
        if *self.bytes.get(at)? != b',' {
            return None;
        }
        let at = skip_ws(self.bytes, at + 1);
        if object {
            key_end(self.bytes, at)
        } else {
            Some(at)
        }
    }

    /// When the array or object at `at` of `bytes` is the text of the one at `peer`: its
    /// end, after recording its brackets (the guide's, moved) in `closes`.
    fn same(
        &self,
        bytes: &[u8],
        at: usize,
        peer: usize,
        closes: &mut Vec<(u32, u32)>,
    ) -> Option<usize> {
        let first = self.bracket(peer)?;
        let end = self.closes[first].1 as usize;
        let text = self.bytes.get(peer..end)?;
        if bytes.get(at..at + text.len())? != text {
            return None;
        }
        let inside = self.closes[first..].partition_point(|&(o, _)| (o as usize) < end);
        let shift = (at as u32).wrapping_sub(peer as u32);
        closes.extend(
            self.closes[first..first + inside]
                .iter()
                .map(|&(o, c)| (o.wrapping_add(shift), c.wrapping_add(shift))),
        );
        Some(at + text.len())
    }
}

/// An array or object still open: its index in `closes`, whether it is an object, and
/// where the guide's value at the place of the member being read starts.
struct Open {
    index: usize,
    object: bool,
    peer: Option<usize>,
}

/// The end of the value that starts at `at` and everything nested in it (without
/// recursion), recording in `closes` where each array and object closes.
fn scan_value(
    bytes: &[u8],
    mut at: usize,
    guide: &Guide<'_>,
    closes: &mut Vec<(u32, u32)>,
) -> Option<usize> {
    let mut open: Vec<Open> = Vec::new();
    let top = skip_ws(guide.bytes, 0);
    let mut peer = (top < guide.bytes.len()).then_some(top);
    loop {
        // A value starts at `at`; `peer` is the guide's value at its place.
        let opening = *bytes.get(at)?;
        let same = match peer {
            Some(peer)
                if matches!(opening, b'{' | b'[') && guide.bytes.get(peer) == Some(&opening) =>
            {
                guide.same(bytes, at, peer, closes)
            }
            _ => None,
        };
        match opening {
            _ if same.is_some() => at = same?,
            b'{' | b'[' => {
                if open.len() >= MAX_DEPTH {
                    return None;
                }
                let object = opening == b'{';
                let first = peer
                    .filter(|&p| guide.bytes.get(p) == Some(&opening))
                    .and_then(|p| guide.first_member(p, object));
                open.push(Open {
                    index: closes.len(),
                    object,
                    peer: first,
                });
                closes.push((at as u32, 0));
                at = skip_ws(bytes, at + 1);
                let close = if object { b'}' } else { b']' };
                if *bytes.get(at)? == close {
                    at += 1;
                    closes.last_mut()?.1 = at as u32;
                    open.pop();
                } else {
                    if object {
                        at = key_end(bytes, at)?;
                    }
                    peer = open.last()?.peer;
                    continue;
                }
            }
            b'"' => at = string_end(bytes, at)?,
            b't' => at = literal_end(bytes, at, b"true")?,
            b'f' => at = literal_end(bytes, at, b"false")?,
            b'n' => at = literal_end(bytes, at, b"null")?,
            b'-' | b'0'..=b'9' => at = number_end(bytes, at)?,
            _ => return None,
        }
        // After a value: a separator or the end of the enclosing arrays and objects.
        loop {
            let Some(&mut Open {
                index,
                object,
                peer: ref mut member,
            }) = open.last_mut()
            else {
                return Some(at);
            };
            at = skip_ws(bytes, at);
            match *bytes.get(at)? {
                b',' => {
                    at = skip_ws(bytes, at + 1);
                    if object {
                        at = key_end(bytes, at)?;
                    }
                    *member = member.and_then(|p| guide.next_member(p, object));
                    peer = *member;
                    break;
                }
                b'}' if object => {}
                b']' if !object => {}
                _ => return None,
            }
            at += 1;
            closes[index].1 = at as u32;
            open.pop();
        }
    }
}

#[inline]
fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\t' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// After a key at `at`: its colon and the whitespace up to the value.
#[inline]
fn key_end(bytes: &[u8], at: usize) -> Option<usize> {
    if *bytes.get(at)? != b'"' {
        return None;
    }
    let at = skip_ws(bytes, string_end(bytes, at)?);
    if *bytes.get(at)? != b':' {
        return None;
    }
    Some(skip_ws(bytes, at + 1))
}

#[inline]
fn literal_end(bytes: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    bytes
        .get(at..)?
        .starts_with(word)
        .then_some(at + word.len())
}

/// The end of the string whose opening quote is at `at`.
#[inline]
fn string_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    at += 1;
    loop {
        match *bytes.get(at)? {
            b'"' => return Some(at + 1),
            b'\\' => match *bytes.get(at + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => at += 2,
                b'u' => {
                    let hex = bytes.get(at + 2..at + 6)?;
                    // A surrogate must pair with the next escape: serde_json decides.
                    let surrogate = matches!(hex[0], b'd' | b'D')
                        && matches!(hex[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F');
                    if surrogate || !hex.iter().all(u8::is_ascii_hexdigit) {
                        return None;
                    }
                    at += 6;
                }
                _ => return None,
            },
            0..=0x1f => return None,
            _ => at += 1,
        }
    }
}

/// The end of the number that starts at `at`.
fn number_end(bytes: &[u8], at: usize) -> Option<usize> {
    let start = at;
    let mut at = at + usize::from(bytes[at] == b'-');
    let digits_start = at;
    while let Some(b'0'..=b'9') = bytes.get(at) {
        at += 1;
    }
    let digits = at - digits_start;
    if digits == 0 || (digits > 1 && bytes[digits_start] == b'0') {
        return None;
    }
    if digits <= 18 && !matches!(bytes.get(at), Some(b'.' | b'e' | b'E')) {
        return Some(at);
    }
    // A fraction, an exponent or a long integer: serde_json says whether it is in range.
    while let Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') = bytes.get(at) {
        at += 1;
    }
    let token = std::str::from_utf8(&bytes[start..at]).ok()?;
    serde_json::from_str::<serde_json::Value>(token).ok()?;
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::Layout;
    use crate::wellformed::well_formed;

    /// The scanner accepts only what serde_json accepts.
    fn agrees(text: &str) {
        if Layout::scan(text).is_some() {
            assert!(
                well_formed(text).is_ok(),
                "accepted what serde refuses: {text}"
            );
        }
    }

    /// The scan guided by `before` answers as the scan alone, with the same brackets.
    fn guided_agrees(text: &str, before: &Layout<'_>) {
        let alone = Layout::scan(text).map(|layout| layout.closes);
        let guided = Layout::scan_after(text, before).map(|layout| layout.closes);
        assert_eq!(guided, alone, "{text} after {}", before.text);
    }

    #[test]
    fn a_guided_scan_answers_as_the_scan_alone() {
        let lines = [
            r#"{"a": [1, [2], {"k": [3]}], "b": {"c": [], "d": {"e": "]"}}}"#,
            r#"{"a": [1, [2], {"k": [3]}, [4]], "b": {"c": [], "d": {"e": "]"}}}"#,
            r#"{"a": [1, [2], {"k": [3, 4]}], "b": {"c": [0], "d": {"e": "]"}}}"#,
            r#"{"a": [[2], 1, {"k": [3]}], "b": {"d": {"e": "]"}, "c": []}}"#,
            r#" {"a" : [ 1 , [2] , {"k": [3]} ] , "b": {"c": [], "d": {"e": "]"}}} "#,
            r#"{"a": [1, [2], {"k": [3]}], "b": {"c": [], "d": {"e": "]"}}"#,
            r#"{"a": [1, [2], {"k": [3]}], "b": {"c": [], "d": {"e": "]"}}}}"#,
            r#"[1, [2], {"k": [3]}]"#,
            r#""[1, [2]]""#,
            "12",
            "",
        ];
        for before in lines {
            let Some(before) = Layout::scan(before) else {
                continue;
            };
            for text in lines {
                guided_agrees(text, &before);
            }
        }
        // A member equal to the guide's is accepted at the guide's depth, which is its own.
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let wrapped = |inner: &str| format!("[[{inner}]]");
        let before = wrapped(&deep(98));
        let layout = Layout::scan(&before).unwrap();
        guided_agrees(&wrapped(&deep(99)), &layout);
        guided_agrees(&format!("[{}]", wrapped(&deep(98))), &layout);
        guided_agrees(&format!("[[{}, 1]]", deep(98)), &layout);
    }

    #[test]
    fn accepts_only_what_serde_json_reads() {
        let accepted = [
            r##" {"a": [1, -2, 3.5e2, "x\"\u00e9\n", {"#set": []}], "b": null, "c": true} "##,
            "[]",
            "{}",
            "0",
            "-0",
            "\"\"",
            "[1e5, 1E-5, 0.25, -12345678901234567890]",
        ];
        for text in accepted {
            assert!(Layout::scan(text).is_some(), "{text}");
            agrees(text);
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let refused = [
            "",
            " ",
            "[1,]",
            "{\"a\" 1}",
            "{\"a\": 1,}",
            "{1: 2}",
            "[01]",
            "[1.]",
            "[.5]",
            "[1e]",
            "[1e400]",
            "[-]",
            "\"\\ud800\"",
            "\"\\x\"",
            "\"a\u{1}\"",
            "\"open",
            "[1] 2",
            "[1}",
            "{\"a\": 1]",
            "tru",
            "nul",
            "\u{a0}[]",
            &deep,
        ];
        for text in refused {
            assert!(Layout::scan(text).is_none(), "{text:?}");
        }
    }

    /// Every text one edit away from a few lines (a byte deleted, or one of the characters
    /// that matter to JSON inserted) is accepted only if serde_json reads it, and every
    /// bracket the layout records spans a value serde_json reads.
    #[test]
    fn one_edit_away_the_scanner_never_accepts_more_than_serde_json() {
        let lines = [
            r##"{"action":"Put","args":{"c":"c1"},"state":{"log":[{"key":"k1","seq":1,"val":-2}],"live":{"#set":["s1"]},"ok":true,"x":null,"f":1.5e3,"s":"a\"\u00e9"}}"##,
            r#"[[], {}, [1, [2, [3]]], "]", "\\"]"#,
        ];
        let inserted = b"{}[]\",:\\ 0-.eEtfnu\x01";
        for line in lines {
            let mut edits: Vec<String> = Vec::new();
            for at in 0..line.len() {
                let mut bytes = line.as_bytes().to_vec();
                bytes.remove(at);
                edits.extend(String::from_utf8(bytes).ok());
                for &c in inserted {
                    let mut bytes = line.as_bytes().to_vec();
                    bytes.insert(at, c);
                    edits.extend(String::from_utf8(bytes).ok());
                }
            }
            let original = Layout::scan(line).expect("the line is JSON");
            for text in edits.iter().map(String::as_str).chain([line]) {
                agrees(text);
                guided_agrees(text, &original);
                if let Some(edited) = Layout::scan(text) {
                    guided_agrees(line, &edited);
                }
                if let Some(layout) = Layout::scan(text) {
                    for &(open, close) in &layout.closes {
                        let part = &text[open as usize..close as usize];
                        assert!(well_formed(part).is_ok(), "{part} in {text}");
                    }
                }
            }
        }
    }

    #[test]
    fn finds_where_each_bracket_closes() {
        let text = r#"{"a": [1, [2, "]"]], "b": {"c": {}}}"#;
        let layout = Layout::scan(text).unwrap();
        assert_eq!(layout.close_of(text, 0), Some(text.len()));
        let a = &text[6..19];
        assert_eq!(a, r#"[1, [2, "]"]]"#);
        assert_eq!(layout.close_of(a, 0), Some(a.len()));
        assert_eq!(layout.close_of(a, 4), Some(12));
        assert_eq!(layout.close_of(a, 1), None);
        assert_eq!(Layout::none().close_of(a, 0), None);
        let elsewhere = String::from(a);
        assert_eq!(layout.close_of(&elsewhere, 0), None);
    }
}
