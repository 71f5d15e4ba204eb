//! Values of number and string literals.

use smol_str::SmolStr;

/// Longest number literal accepted (radix conversion is quadratic in the length).
const MAX_DIGITS: usize = 10_000;

/// The decimal digits of a number literal (`42`, `\b101`, `\o17`, `\hFF`), without leading
/// zeros; `None` if it is absurdly long.
pub fn number_value(text: &str) -> Option<SmolStr> {
    if text.len() > MAX_DIGITS {
        return None;
    }
    let (radix, digits) = match text.as_bytes() {
        [b'\\', b'b' | b'B', ..] => (2, &text[2..]),
        [b'\\', b'o' | b'O', ..] => (8, &text[2..]),
        [b'\\', b'h' | b'H', ..] => (16, &text[2..]),
        _ => (10, text),
    };
    if radix == 10 {
        let trimmed = digits.trim_start_matches('0');
        return Some(if trimmed.is_empty() {
            "0".into()
        } else {
            trimmed.into()
        });
    }
    Some(to_decimal(digits, radix).into())
}

/// Converts digits in `radix` to a decimal string, with base-10^9 limbs (least first).
fn to_decimal(digits: &str, radix: u64) -> String {
    const LIMB: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![0];
    for ch in digits.chars() {
        let mut carry = u64::from(ch.to_digit(radix as u32).unwrap_or(0));
        for limb in &mut limbs {
            let v = *limb * radix + carry;
            *limb = v % LIMB;
            carry = v / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut out = limbs.last().copied().unwrap_or(0).to_string();
    for limb in limbs.iter().rev().skip(1) {
        out.push_str(&format!("{limb:09}"));
    }
    out
}

/// The value of a string literal (quotes included) and the byte offset of the first unknown
/// escape, if any (the unknown escape is kept as written).
pub fn string_value(text: &str) -> (SmolStr, Option<usize>) {
    let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
    if !inner.contains('\\') {
        return (inner.into(), None);
    }
    let mut out = String::with_capacity(inner.len());
    let mut bad = None;
    let mut chars = inner.char_indices();
    while let Some((i, ch)) = chars.next() {
        if ch != '\\' {
            out.push(ch);
            continue;
        }
        match chars.next().map(|(_, c)| c) {
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('f') => out.push('\u{0C}'),
            other => {
                bad.get_or_insert(i + 1);
                out.push('\\');
                out.extend(other);
            }
        }
    }
    (out.into(), bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_literals_become_decimal() {
        assert_eq!(number_value("\\b101").as_deref(), Some("5"));
        assert_eq!(number_value("\\o17").as_deref(), Some("15"));
        assert_eq!(number_value("\\HfF").as_deref(), Some("255"));
        assert_eq!(number_value("007").as_deref(), Some("7"));
        assert_eq!(
            number_value("\\h10000000000000000").as_deref(),
            Some("18446744073709551616")
        );
    }

    #[test]
    fn escapes_resolve() {
        assert_eq!(string_value(r#""a\"b\\c\nd""#), ("a\"b\\c\nd".into(), None));
        assert_eq!(string_value(r#""x\qy""#), ("x\\qy".into(), Some(2)));
    }
}
