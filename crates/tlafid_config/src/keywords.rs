//! The keywords of TLC's configuration language, and what each one takes.

/// A configuration keyword (singular and plural spellings share one value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keyword {
    Specification,
    Init,
    Next,
    Constants,
    Invariants,
    Properties,
    Constraints,
    ActionConstraints,
    Symmetry,
    View,
    CheckDeadlock,
    Alias,
    Postconditions,
    /// `_PERIODIC`, `_RL_REWARD`, `_POSSIBLE`: TLC-internal keywords tlafid does not support.
    Internal,
}

/// What follows a keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Exactly one operator name, and the keyword may appear once.
    OneName,
    /// Any number of operator names, up to the next keyword.
    Names,
    /// Constant bindings, up to the next keyword.
    Bindings,
    /// `TRUE` or `FALSE`, once.
    Flag,
    /// Not supported: skipped with an error.
    Unsupported,
}

/// Every spelling TLC accepts, with its keyword.
const SPELLINGS: &[(&str, Keyword)] = &[
    ("SPECIFICATION", Keyword::Specification),
    ("INIT", Keyword::Init),
    ("NEXT", Keyword::Next),
    ("CONSTANT", Keyword::Constants),
    ("CONSTANTS", Keyword::Constants),
    ("INVARIANT", Keyword::Invariants),
    ("INVARIANTS", Keyword::Invariants),
    ("PROPERTY", Keyword::Properties),
    ("PROPERTIES", Keyword::Properties),
    ("CONSTRAINT", Keyword::Constraints),
    ("CONSTRAINTS", Keyword::Constraints),
    ("ACTION_CONSTRAINT", Keyword::ActionConstraints),
    ("ACTION_CONSTRAINTS", Keyword::ActionConstraints),
    ("SYMMETRY", Keyword::Symmetry),
    ("VIEW", Keyword::View),
    ("CHECK_DEADLOCK", Keyword::CheckDeadlock),
    ("ALIAS", Keyword::Alias),
    ("POSTCONDITION", Keyword::Postconditions),
    ("POSTCONDITIONS", Keyword::Postconditions),
    ("_PERIODIC", Keyword::Internal),
    ("_RL_REWARD", Keyword::Internal),
    ("_POSSIBLE", Keyword::Internal),
];

/// The keywords tlafid supports, for hints.
pub(crate) const KEYWORD_HINT: &str = "valid keywords: SPECIFICATION, INIT, NEXT, CONSTANT(S), \
     INVARIANT(S), PROPERTY, PROPERTIES, CONSTRAINT(S), ACTION_CONSTRAINT(S), SYMMETRY, VIEW, \
     CHECK_DEADLOCK, ALIAS, POSTCONDITION(S)";

impl Keyword {
    /// The keyword spelled exactly `word`, if any (keywords are case-sensitive).
    pub(crate) fn from_word(word: &str) -> Option<Keyword> {
        SPELLINGS
            .iter()
            .find(|(spelling, _)| *spelling == word)
            .map(|&(_, kw)| kw)
    }

    /// What the keyword takes.
    pub(crate) fn shape(self) -> Shape {
        match self {
            Keyword::Specification
            | Keyword::Init
            | Keyword::Next
            | Keyword::Symmetry
            | Keyword::View
            | Keyword::Alias => Shape::OneName,
            Keyword::Invariants
            | Keyword::Properties
            | Keyword::Constraints
            | Keyword::ActionConstraints
            | Keyword::Postconditions => Shape::Names,
            Keyword::Constants => Shape::Bindings,
            Keyword::CheckDeadlock => Shape::Flag,
            Keyword::Internal => Shape::Unsupported,
        }
    }
}

/// The keyword spelling closest to `word`, if it is close enough to be a likely typo
/// (same letters ignoring case, or at most two edits away).
pub(crate) fn suggest(word: &str) -> Option<&'static str> {
    let upper = word.to_ascii_uppercase();
    SPELLINGS
        .iter()
        .filter(|(_, kw)| *kw != Keyword::Internal)
        .map(|&(spelling, _)| (edit_distance(&upper, spelling), spelling))
        .filter(|&(distance, _)| distance <= 2)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, spelling)| spelling)
}

/// Levenshtein distance over bytes (keywords are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_spellings_only() {
        assert_eq!(suggest("INVARIENT"), Some("INVARIANT"));
        assert_eq!(suggest("invariants"), Some("INVARIANTS"));
        assert_eq!(suggest("Specification"), Some("SPECIFICATION"));
        assert_eq!(suggest("TypeOK"), None);
        assert_eq!(suggest("_PERIODIC"), None);
    }

    #[test]
    fn plural_and_singular_share_a_keyword() {
        assert_eq!(Keyword::from_word("PROPERTY"), Some(Keyword::Properties));
        assert_eq!(Keyword::from_word("PROPERTIES"), Some(Keyword::Properties));
        assert_eq!(Keyword::from_word("init"), None);
    }
}
