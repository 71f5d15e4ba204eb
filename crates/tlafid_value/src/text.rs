//! Interned strings and model values: leaves that every worker thread copies freely.
//!
//! A string or a model value used to be an `Arc`, and the same few `Arc`s (the spec's
//! literals, record field names, the configuration's model values) sat in nearly every state:
//! each clone and drop wrote their reference count, so two workers expanding states at once
//! kept pulling the same cache lines from each other's core, and a second worker made the
//! work slower instead of faster (SlushSmall, PaxosCommit: the same wall time and twice the
//! CPU time with two workers). Here each distinct string and model value is allocated once
//! for the whole process, never freed, and handled by a plain reference: copying one writes
//! nothing shared.
//!
//! What is kept is bounded by the distinct strings and model values a process meets (the
//! specs' literals and names, the configurations' model values, strings a spec builds, a
//! trace's strings), as the packing table already kept every leaf for a whole run.

use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{OnceLock, PoisonError, RwLock};

use crate::ModelValue;

type FixedState = ahash::RandomState;

fn fixed_state() -> FixedState {
    FixedState::with_seeds(0x4528_21E6, 0x38D0_1377, 0xBE54_66CF, 0x34E9_0C6C)
}

/// A string value (or a record field name): one allocation per distinct string for the whole
/// process, so cloning it is a copy. Equal, ordered and hashed by its characters, as `str`.
/// The allocation also keeps the string's fingerprint: strings are leaves of most states
/// (`pc` values, record field names), fingerprinted at every successor.
#[derive(Clone, Copy)]
pub struct Text(&'static Interned);

/// An interned string: its characters, its fingerprint and its order prefix.
struct Interned {
    text: &'static str,
    fingerprint: u64,
    /// The part of a record pair's fingerprint term this string gives as the field's name
    /// (`fingerprint::keyed_start`), computed once: a mix per field of every record hashed.
    keyed: u64,
    /// The first eight bytes, big-endian, padded with zeros: two strings whose prefixes
    /// differ are ordered as their prefixes (padding sorts before every byte, and a string's
    /// own zero byte ties with padding, leaving the order to the whole strings), so most
    /// comparisons of distinct strings (`"phase1a"` against `"phase2b"`) need no `memcmp`.
    prefix: u64,
}

/// [`Interned::prefix`] of `s`.
fn order_prefix(s: &str) -> u64 {
    let mut word = [0u8; 8];
    let head = &s.as_bytes()[..s.len().min(8)];
    word[..head.len()].copy_from_slice(head);
    u64::from_be_bytes(word)
}

static STRINGS: OnceLock<RwLock<HashMap<&'static str, &'static Interned, FixedState>>> =
    OnceLock::new();

impl Text {
    /// The interned `s`.
    pub fn new(s: &str) -> Text {
        let strings = STRINGS.get_or_init(|| RwLock::new(HashMap::with_hasher(fixed_state())));
        if let Some(found) = strings
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(s)
        {
            return Text(found);
        }
        let mut strings = strings.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = strings.get(s) {
            return Text(found);
        }
        let text: &'static str = Box::leak(Box::from(s));
        let fingerprint = crate::fingerprint::fp_str(text);
        let kept: &'static Interned = Box::leak(Box::new(Interned {
            text,
            fingerprint,
            keyed: crate::fingerprint::keyed_start(fingerprint),
            prefix: order_prefix(text),
        }));
        strings.insert(text, kept);
        Text(kept)
    }

    /// The characters, for as long as the process runs.
    pub fn as_str(self) -> &'static str {
        self.0.text
    }

    /// The fingerprint of the string value, computed once when it was interned.
    pub fn fingerprint(self) -> u64 {
        self.0.fingerprint
    }

    /// The part of a record pair's fingerprint term this string gives as the field's name
    /// (`fingerprint::keyed_start` of its fingerprint), kept with it.
    pub(crate) fn keyed(self) -> u64 {
        self.0.keyed
    }

    /// The same interned string (each string is allocated once, so the same address).
    pub fn same(self, other: Text) -> bool {
        std::ptr::eq(self.0, other.0)
    }

    /// The address of the characters (the identity of an interned string).
    pub fn address(self) -> usize {
        self.0.text.as_ptr() as usize
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.text
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.0.text
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.0.text
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::new(s)
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::new(s)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::new(&s)
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        // Interned: the same characters are the same allocation, and two allocations hold
        // different characters.
        self.same(*other)
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.0.text == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.0.text == *other
    }
}

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Text) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Text) -> std::cmp::Ordering {
        if self.same(*other) {
            return std::cmp::Ordering::Equal;
        }
        match self.0.prefix.cmp(&other.0.prefix) {
            std::cmp::Ordering::Equal => self.0.text.cmp(other.0.text),
            unequal => unequal,
        }
    }
}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.text.hash(state);
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.text, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.text)
    }
}

static MODELS: OnceLock<RwLock<HashSet<&'static ModelValue, FixedState>>> = OnceLock::new();

/// The interned model value `id` named `name` (one allocation per pair for the process).
pub(crate) fn model_value(id: u32, name: &str) -> &'static ModelValue {
    let models = MODELS.get_or_init(|| RwLock::new(HashSet::with_hasher(fixed_state())));
    let wanted = ModelValue::new(id, name);
    if let Some(found) = models
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&wanted)
    {
        return found;
    }
    let mut models = models.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = models.get(&wanted) {
        return found;
    }
    let kept: &'static ModelValue = Box::leak(Box::new(wanted));
    models.insert(kept);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_order_as_their_characters() {
        let strings = [
            "",
            "\0",
            "a",
            "a\0",
            "a\0b",
            "ab",
            "abcdefgh",
            "abcdefgh\0",
            "abcdefghi",
            "abcdefgg",
            "abcdefg\u{7f}",
            "abcdefg\u{e9}",
            "phase1a",
            "phase1b",
            "phase2a",
            "Z",
            "z",
            "\u{e9}",
            "\u{10000}",
        ];
        for a in strings {
            for b in strings {
                assert_eq!(
                    Text::new(a).cmp(&Text::new(b)),
                    a.cmp(b),
                    "{a:?} against {b:?}"
                );
            }
        }
    }

    #[test]
    fn equal_strings_share_one_allocation() {
        let owned = String::from("phase2a");
        let (a, b) = (Text::new("phase2a"), Text::from(owned));
        assert!(a.same(b) && a == b && a.address() == b.address());
        assert!(!a.same(Text::new("phase2b")));
        assert!(Text::new("a") < Text::new("b"));
        assert_eq!(&*a, "phase2a");
    }

    #[test]
    fn equal_model_values_share_one_allocation() {
        let (a, b) = (model_value(3, "p1"), model_value(3, "p1"));
        assert!(std::ptr::eq(a, b));
        assert!(!std::ptr::eq(a, model_value(4, "p1")));
    }
}
