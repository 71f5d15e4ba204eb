//! The TLA+ operator table: normalised spellings, precedence ranges and associativity.
//!
//! Ranges are SANY's (they follow the TLA+ book's table of precedence ranges, except for a
//! few prefix operators noted at [`prefix_prec`]), applied as SANY does: two operators whose
//! ranges overlap may only be chained without parentheses when they are the same
//! left-associative operator, and a prefix operator's operand ends at an infix operator
//! whose range lies wholly below the prefix operator's.

/// Precedence range and associativity of an infix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prec {
    /// Lowest precedence of the range.
    pub lo: u8,
    /// Highest precedence of the range.
    pub hi: u8,
    /// `a op b op c` means `(a op b) op c`.
    pub left_assoc: bool,
}

const fn prec(lo: u8, hi: u8, left_assoc: bool) -> Prec {
    Prec { lo, hi, left_assoc }
}

/// The precedence of an infix operator given in its normalised spelling, or `None` if
/// `symbol` is not an infix operator.
pub fn infix_prec(symbol: &str) -> Option<Prec> {
    let p = match symbol {
        "=>" => prec(1, 1, false),
        "<=>" | "~>" | "-+->" => prec(2, 2, false),
        "/\\" | "\\/" => prec(3, 3, true),
        "=" | "#" | "<" | ">" | "<=" | ">=" | "\\in" | "\\notin" | "\\subseteq" | "\\subset"
        | "\\supseteq" | "\\supset" | "-|" | "::=" | ":=" | "=|" | "|-" | "|=" | "\\approx"
        | "\\asymp" | "\\cong" | "\\doteq" | "\\gg" | "\\ll" | "\\prec" | "\\preceq"
        | "\\propto" | "\\sim" | "\\simeq" | "\\sqsubset" | "\\sqsupset" | "\\sqsubseteq"
        | "\\sqsupseteq" | "\\succ" | "\\succeq" => prec(5, 5, false),
        "@@" => prec(6, 6, true),
        ":>" | "<:" => prec(7, 7, false),
        "\\cup" | "\\cap" => prec(8, 8, true),
        "\\" => prec(8, 8, false),
        ".." | "..." => prec(9, 9, false),
        "!!" => prec(9, 13, false),
        "##" | "$" | "$$" | "??" | "\\sqcap" | "\\sqcup" | "\\uplus" => prec(9, 13, true),
        "\\wr" => prec(9, 14, false),
        "+" | "++" | "\\oplus" => prec(10, 10, true),
        "%" => prec(10, 11, false),
        "%%" | "|" | "||" => prec(10, 11, true),
        "\\X" => prec(10, 13, true),
        "-" | "--" | "\\ominus" => prec(11, 11, true),
        "\\cdot" => prec(5, 14, true),
        "*" | "**" | "&" | "&&" | "\\odot" | "\\otimes" | "\\o" | "\\bigcirc" | "\\bullet"
        | "\\star" => prec(13, 13, true),
        "/" | "//" | "\\oslash" | "\\div" => prec(13, 13, false),
        "^" | "^^" => prec(14, 14, false),
        _ => return None,
    };
    Some(p)
}

/// The precedence of a prefix operator (the range its operand may extend over).
///
/// These are SANY's ranges (`CanonicalOperators` in its configuration), which differ from
/// the book's table for `SUBSET`, `UNION` and `DOMAIN` (10-13, so `SUBSET S \ T` is
/// `(SUBSET S) \ T`) and give `[]`, `<>`, `ENABLED`, `UNCHANGED` the range 4-15.
pub fn prefix_prec(symbol: &str) -> Option<Prec> {
    let p = match symbol {
        "~" => prec(4, 4, false),
        "[]" | "<>" | "ENABLED" | "UNCHANGED" => prec(4, 15, false),
        "SUBSET" | "UNION" | "DOMAIN" => prec(10, 13, false),
        "-." => prec(12, 12, false),
        _ => return None,
    };
    Some(p)
}

/// Postfix operators (`'` is handled with them); all bind at 15-15.
pub fn is_postfix(symbol: &str) -> bool {
    matches!(symbol, "'" | "^+" | "^*" | "^#")
}

/// The normalised spelling of a `\word` operator, or `None` if no such operator exists.
pub fn backslash_word(word: &str) -> Option<&'static str> {
    let s = match word {
        "\\A" => "\\A",
        "\\E" => "\\E",
        "\\AA" => "\\AA",
        "\\EE" => "\\EE",
        "\\X" | "\\times" => "\\X",
        "\\in" => "\\in",
        "\\notin" => "\\notin",
        "\\cup" | "\\union" => "\\cup",
        "\\cap" | "\\intersect" => "\\cap",
        "\\subseteq" => "\\subseteq",
        "\\subset" => "\\subset",
        "\\supseteq" => "\\supseteq",
        "\\supset" => "\\supset",
        "\\setminus" => "\\",
        "\\land" => "/\\",
        "\\lor" => "\\/",
        "\\lnot" | "\\neg" => "~",
        "\\equiv" => "<=>",
        "\\leq" => "<=",
        "\\geq" => ">=",
        "\\ll" => "\\ll",
        "\\gg" => "\\gg",
        "\\prec" => "\\prec",
        "\\succ" => "\\succ",
        "\\preceq" => "\\preceq",
        "\\succeq" => "\\succeq",
        "\\sqsubset" => "\\sqsubset",
        "\\sqsupset" => "\\sqsupset",
        "\\sqsubseteq" => "\\sqsubseteq",
        "\\sqsupseteq" => "\\sqsupseteq",
        "\\sqcap" => "\\sqcap",
        "\\sqcup" => "\\sqcup",
        "\\approx" => "\\approx",
        "\\asymp" => "\\asymp",
        "\\cong" => "\\cong",
        "\\doteq" => "\\doteq",
        "\\sim" => "\\sim",
        "\\simeq" => "\\simeq",
        "\\propto" => "\\propto",
        "\\o" | "\\circ" => "\\o",
        "\\bullet" => "\\bullet",
        "\\star" => "\\star",
        "\\bigcirc" => "\\bigcirc",
        "\\cdot" => "\\cdot",
        "\\div" => "\\div",
        "\\wr" => "\\wr",
        "\\uplus" => "\\uplus",
        "\\oplus" => "\\oplus",
        "\\ominus" => "\\ominus",
        "\\otimes" => "\\otimes",
        "\\oslash" => "\\oslash",
        "\\odot" => "\\odot",
        _ => return None,
    };
    Some(s)
}

/// The normalised spelling of an ASCII symbol token (`=<` → `<=`, `/=` → `#`, `(+)` →
/// `\oplus`); the lexer only produces symbols listed here.
pub fn ascii_symbol(text: &str) -> Option<&'static str> {
    let s = match text {
        "(\\X)" => "\\otimes",
        "(+)" => "\\oplus",
        "(-)" => "\\ominus",
        "(.)" => "\\odot",
        "(/)" => "\\oslash",
        "=<" => "<=",
        "/=" => "#",
        "(" => "(",
        ")" => ")",
        "[" => "[",
        "]" => "]",
        "{" => "{",
        "}" => "}",
        "," => ",",
        ":" => ":",
        "." => ".",
        "!" => "!",
        "@" => "@",
        "_" => "_",
        "'" => "'",
        "=" => "=",
        "#" => "#",
        "<" => "<",
        ">" => ">",
        "+" => "+",
        "-" => "-",
        "*" => "*",
        "/" => "/",
        "\\" => "\\",
        "^" => "^",
        "|" => "|",
        "~" => "~",
        "&" => "&",
        "$" => "$",
        "%" => "%",
        "?" => "?",
        "==" => "==",
        "/\\" => "/\\",
        "\\/" => "\\/",
        "=>" => "=>",
        "<=" => "<=",
        "<<" => "<<",
        ">>" => ">>",
        "<>" => "<>",
        "<:" => "<:",
        "<-" => "<-",
        ">=" => ">=",
        "->" => "->",
        "--" => "--",
        "-|" => "-|",
        "-." => "-.",
        "|-" => "|-",
        "|=" => "|=",
        "||" => "||",
        "~>" => "~>",
        "[]" => "[]",
        "::" => "::",
        ":=" => ":=",
        ":>" => ":>",
        "!!" => "!!",
        "##" => "##",
        "$$" => "$$",
        "%%" => "%%",
        "&&" => "&&",
        "**" => "**",
        "++" => "++",
        ".." => "..",
        "//" => "//",
        "??" => "??",
        "@@" => "@@",
        "^^" => "^^",
        "^+" => "^+",
        "^*" => "^*",
        "^#" => "^#",
        "-+->" => "-+->",
        "<=>" => "<=>",
        "|->" => "|->",
        "::=" => "::=",
        "..." => "...",
        "=|" => "=|",
        _ => return None,
    };
    Some(s)
}

#[cfg(test)]
pub(crate) const ASCII_SYMBOLS: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ",", ":", ".", "!", "@", "_", "'", "=", "#", "<", ">", "+", "-",
    "*", "/", "\\", "^", "|", "~", "&", "$", "%", "?", "==", "/\\", "\\/", "=>", "<=", "<<", ">>",
    "<>", "<:", "<-", ">=", "->", "--", "-|", "-.", "|-", "|=", "||", "~>", "[]", "::", ":=", ":>",
    "!!", "##", "$$", "%%", "&&", "**", "++", "..", "//", "??", "@@", "^^", "^+", "^*", "^#",
    "-+->", "<=>", "|->", "::=", "...", "=|",
];

/// Every normalised symbol spelling the lexer can produce (for compact token storage).
pub const SYMBOLS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    ".",
    "!",
    "@",
    "_",
    "'",
    "=",
    "#",
    "<",
    ">",
    "+",
    "-",
    "*",
    "/",
    "\\",
    "^",
    "|",
    "~",
    "&",
    "$",
    "%",
    "?",
    "==",
    "/\\",
    "\\/",
    "=>",
    "<=",
    "<<",
    ">>",
    "<>",
    "<:",
    "<-",
    ">=",
    "->",
    "--",
    "-|",
    "-.",
    "|-",
    "|=",
    "||",
    "~>",
    "[]",
    "::",
    ":=",
    ":>",
    "!!",
    "##",
    "$$",
    "%%",
    "&&",
    "**",
    "++",
    "..",
    "//",
    "??",
    "@@",
    "^^",
    "^+",
    "^*",
    "^#",
    "-+->",
    "<=>",
    "|->",
    "::=",
    "...",
    "=|",
    "\\A",
    "\\E",
    "\\AA",
    "\\EE",
    "\\X",
    "\\in",
    "\\notin",
    "\\cup",
    "\\cap",
    "\\subseteq",
    "\\subset",
    "\\supseteq",
    "\\supset",
    "\\ll",
    "\\gg",
    "\\prec",
    "\\succ",
    "\\preceq",
    "\\succeq",
    "\\sqsubset",
    "\\sqsupset",
    "\\sqsubseteq",
    "\\sqsupseteq",
    "\\sqcap",
    "\\sqcup",
    "\\approx",
    "\\asymp",
    "\\cong",
    "\\doteq",
    "\\sim",
    "\\simeq",
    "\\propto",
    "\\o",
    "\\bullet",
    "\\star",
    "\\bigcirc",
    "\\cdot",
    "\\div",
    "\\wr",
    "\\uplus",
    "\\oplus",
    "\\ominus",
    "\\otimes",
    "\\oslash",
    "\\odot",
];

/// The position of a normalised symbol in [`SYMBOLS`] (a symbol the lexer produced is
/// always there).
pub fn symbol_index(symbol: &str) -> u8 {
    static INDEX: std::sync::OnceLock<std::collections::HashMap<&'static str, u8>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        SYMBOLS
            .iter()
            .enumerate()
            .map(|(i, s)| (*s, i as u8))
            .collect()
    });
    index.get(symbol).copied().unwrap_or(0)
}

/// The normalised ASCII spelling of a Unicode operator character.
pub fn unicode_symbol(text: &str) -> Option<&'static str> {
    let s = match text {
        "∧" => "/\\",
        "∨" => "\\/",
        "¬" => "~",
        "⇒" => "=>",
        "≡" | "⇔" => "<=>",
        "∀" => "\\A",
        "∃" => "\\E",
        "∈" => "\\in",
        "∉" => "\\notin",
        "∪" => "\\cup",
        "∩" => "\\cap",
        "⊆" => "\\subseteq",
        "⊂" => "\\subset",
        "⊇" => "\\supseteq",
        "⊃" => "\\supset",
        "≠" => "#",
        "≤" => "<=",
        "≥" => ">=",
        "⟨" => "<<",
        "⟩" => ">>",
        "□" => "[]",
        "◇" => "<>",
        "↦" => "|->",
        "→" => "->",
        "←" => "<-",
        "≜" => "==",
        "×" => "\\X",
        "⊕" => "\\oplus",
        "⊖" => "\\ominus",
        "⊗" => "\\otimes",
        "⊘" => "\\oslash",
        "⊙" => "\\odot",
        "∘" => "\\o",
        "≺" => "\\prec",
        "≻" => "\\succ",
        "⪯" => "\\preceq",
        "⪰" => "\\succeq",
        "⊏" => "\\sqsubset",
        "⊐" => "\\sqsupset",
        "⊑" => "\\sqsubseteq",
        "⊒" => "\\sqsupseteq",
        "⊓" => "\\sqcap",
        "⊔" => "\\sqcup",
        "∼" => "\\sim",
        "≃" => "\\simeq",
        "≈" => "\\approx",
        "≅" => "\\cong",
        "≐" => "\\doteq",
        "≍" => "\\asymp",
        "∝" => "\\propto",
        "⊢" => "|-",
        "⊣" => "-|",
        "⊨" => "|=",
        "⇝" => "~>",
        "≫" => "\\gg",
        "≪" => "\\ll",
        "⋅" => "\\cdot",
        "⊎" => "\\uplus",
        "≀" => "\\wr",
        "∙" => "\\bullet",
        "⋆" => "\\star",
        "○" => "\\bigcirc",
        "∖" => "\\",
        "…" => "...",
        "⊸" => "-+->",
        "≔" => ":=",
        "⩴" => "::=",
        "‖" => "||",
        _ => return None,
    };
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ascii_symbol_normalises_to_itself() {
        for s in ASCII_SYMBOLS {
            assert_eq!(ascii_symbol(s), Some(*s));
        }
        assert_eq!(ascii_symbol("=<"), Some("<="));
        assert_eq!(ascii_symbol("(+)"), Some("\\oplus"));
    }

    #[test]
    fn every_normalised_spelling_has_an_index() {
        let words = [
            "\\A",
            "\\times",
            "\\union",
            "\\setminus",
            "\\land",
            "\\circ",
            "\\odot",
        ];
        let produced = ASCII_SYMBOLS
            .iter()
            .filter_map(|s| ascii_symbol(s))
            .chain(
                ["(\\X)", "(+)", "(-)", "(.)", "(/)"]
                    .iter()
                    .filter_map(|s| ascii_symbol(s)),
            )
            .chain(words.iter().filter_map(|w| backslash_word(w)))
            .chain(
                ["∧", "≜", "⊸", "‖", "∖", "…"]
                    .iter()
                    .filter_map(|u| unicode_symbol(u)),
            );
        for sym in produced {
            assert_eq!(SYMBOLS[usize::from(symbol_index(sym))], sym);
        }
        let mut sorted = SYMBOLS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), SYMBOLS.len());
    }

    #[test]
    fn overlapping_ranges_are_as_in_the_book() {
        assert_eq!(infix_prec("\\cdot"), Some(prec(5, 14, true)));
        assert_eq!(infix_prec("="), Some(prec(5, 5, false)));
        assert_eq!(infix_prec("->"), None);
        assert_eq!(prefix_prec("-."), Some(prec(12, 12, false)));
        assert_eq!(prefix_prec("SUBSET"), Some(prec(10, 13, false)));
    }
}
