//! TLC's pretty printer (`tlc2.pprint.PrettyPrint.mypp`): a value's text, as [`Display`]
//! writes it, broken over lines to fit a width, as TLC shows what `Print` and `PrintT` print.
//!
//! Like TLC, it reads the text back rather than walking the value, and text it cannot read
//! whole (a field or model value with `_` in its name, a string with an escaped quote) comes
//! back unchanged, as TLC returns it.
//!
//! [`Display`]: std::fmt::Display

/// The width TLC fits printed values into (`tlc2.value.Values.width`, 80 by default).
pub const TLC_WIDTH: usize = 80;

/// `text` (a value as [`Display`](std::fmt::Display) writes it) fitted into `width`
/// columns as TLC's pretty printer fits it; unchanged when it fits, or when it cannot be read.
pub fn pretty(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    let Some(tree) = parse(&chars, 0) else {
        return text.to_string();
    };
    if tree.last + 1 < chars.len() {
        return text.to_string();
    }
    let width = i64::try_from(width).unwrap_or(i64::MAX);
    format(&chars, &tree, width, 0, "").unwrap_or_else(|| text.to_string())
}

/// What a parsed part of the text is (TLC's `Node` types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Constant,
    Set,
    Sequence,
    Record,
    RecordPair,
    Function,
    FunctionPair,
    Subset,
}

/// A part of the text: its kind, its first and last character (inclusive), its parts.
#[derive(Debug)]
struct Node {
    kind: Kind,
    first: usize,
    last: usize,
    children: Vec<Node>,
}

impl Node {
    fn len(&self) -> i64 {
        (self.last + 1 - self.first) as i64
    }

    fn text(&self, chars: &[char]) -> String {
        chars[self.first..=self.last].iter().collect()
    }
}

/// The character at `i`; `None` past the end (where TLC's parser throws and gives up).
fn at(chars: &[char], i: usize) -> Option<char> {
    chars.get(i).copied()
}

fn skip_whitespace(chars: &[char], mut i: usize) -> Option<usize> {
    while at(chars, i)?.is_whitespace() {
        i += 1;
    }
    Some(i)
}

fn starts_with(chars: &[char], i: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, c)| at(chars, i + k) == Some(c))
}

/// TLC's `Parse.parse`: the value starting at `index`.
fn parse(chars: &[char], index: usize) -> Option<Node> {
    let index = skip_whitespace(chars, index)?;
    match at(chars, index)? {
        '{' => parse_list(chars, index, Kind::Set, 1, '}'),
        '<' => parse_list(chars, index, Kind::Sequence, 2, '>').map(|mut node| {
            // The last character is the second `>` of `>>`.
            node.last += 1;
            node
        }),
        '[' => parse_pairs(chars, index, Kind::Record, "|->", ",", ']'),
        '(' => parse_pairs(chars, index, Kind::Function, ":>", "@@", ')'),
        _ if starts_with(chars, index, "SUBSET") => {
            let element = parse(chars, skip_whitespace(chars, index + 6)?)?;
            Some(Node {
                kind: Kind::Subset,
                first: index,
                last: element.last,
                children: vec![element],
            })
        }
        _ => parse_constant(chars, index),
    }
}

/// A set or a sequence: elements separated by commas up to `close`, after an opening of
/// `open` characters.
fn parse_list(chars: &[char], index: usize, kind: Kind, open: usize, close: char) -> Option<Node> {
    let mut children = Vec::new();
    let mut last = skip_whitespace(chars, index + open)?;
    while at(chars, last)? != close {
        let element = parse(chars, last)?;
        last = skip_separator(chars, element.last + 1, ",")?;
        children.push(element);
    }
    Some(Node {
        kind,
        first: index,
        last,
        children,
    })
}

/// Whitespace, `separator` if it is there, whitespace.
fn skip_separator(chars: &[char], i: usize, separator: &str) -> Option<usize> {
    let mut i = skip_whitespace(chars, i)?;
    if starts_with(chars, i, separator) {
        i += separator.chars().count();
    }
    skip_whitespace(chars, i)
}

/// A record or a function: `left divider right` pairs separated by `separator` up to `close`.
fn parse_pairs(
    chars: &[char],
    index: usize,
    kind: Kind,
    divider: &str,
    separator: &str,
    close: char,
) -> Option<Node> {
    let pair_kind = if kind == Kind::Record {
        Kind::RecordPair
    } else {
        Kind::FunctionPair
    };
    let mut children = Vec::new();
    let mut last = skip_whitespace(chars, index + 1)?;
    while at(chars, last)? != close {
        let left = parse(chars, last)?;
        let mut i = skip_whitespace(chars, left.last + 1)?;
        if !starts_with(chars, i, divider) {
            return None;
        }
        i = skip_whitespace(chars, i + divider.chars().count())?;
        let right = parse(chars, i)?;
        let pair = Node {
            kind: pair_kind,
            first: last,
            last: right.last,
            children: vec![left, right],
        };
        last = skip_separator(chars, pair.last + 1, separator)?;
        children.push(pair);
    }
    Some(Node {
        kind,
        first: index,
        last,
        children,
    })
}

/// A string (up to the next quote, escaped or not, as TLC reads it), an interval `i..j`, a
/// negative integer, or a run of letters and digits (an integer, a Boolean, a model value).
fn parse_constant(chars: &[char], index: usize) -> Option<Node> {
    let first = index;
    let constant = |last| {
        Some(Node {
            kind: Kind::Constant,
            first,
            last,
            children: Vec::new(),
        })
    };
    let c = at(chars, first)?;
    if c == '"' {
        let mut last = first + 1;
        while at(chars, last)? != '"' {
            last += 1;
        }
        return constant(last);
    }
    if c.is_ascii_digit() {
        if let Some(last) = interval_end(chars, first) {
            return constant(last);
        }
    }
    let run = |from: usize, part: fn(char) -> bool| {
        let mut last = from;
        while at(chars, last).is_some_and(part) {
            last += 1;
        }
        last - 1
    };
    if c == '-' {
        return constant(run(first + 1, |c| c.is_ascii_digit()).max(first));
    }
    if c.is_alphanumeric() {
        return constant(run(first, char::is_alphanumeric));
    }
    None
}

/// The last character of the interval `i..j` starting at `first`, if there is one.
fn interval_end(chars: &[char], first: usize) -> Option<usize> {
    let mut last = first;
    while at(chars, last).is_some_and(|c| c.is_ascii_digit()) {
        last += 1;
    }
    if !starts_with(chars, last, "..") {
        return None;
    }
    last += 2;
    if !at(chars, last)?.is_ascii_digit() {
        return None;
    }
    while at(chars, last).is_some_and(|c| c.is_ascii_digit()) {
        last += 1;
    }
    Some(last - 1)
}

/// How a set, sequence, record, function or `SUBSET` is laid out over lines (TLC's
/// `Format` constants).
struct Layout {
    open: &'static str,
    close: &'static str,
    pad: &'static str,
    separator: &'static str,
    /// Between a field or argument and its value (records and functions).
    divider: &'static str,
    /// Before a value that goes on the line after its field or argument.
    divider_pad: &'static str,
}

const SET: Layout = Layout {
    open: "{ ",
    close: " }",
    pad: "  ",
    separator: ",",
    divider: "",
    divider_pad: "",
};
const SEQUENCE: Layout = Layout {
    open: "<< ",
    close: " >>",
    pad: "   ",
    separator: ",",
    divider: "",
    divider_pad: "",
};
const FUNCTION: Layout = Layout {
    open: "( ",
    close: " )",
    pad: "  ",
    separator: " @@",
    divider: " :>",
    divider_pad: "    ",
};
const RECORD: Layout = Layout {
    open: "[ ",
    close: " ]",
    pad: "  ",
    separator: ",",
    divider: " |->",
    divider_pad: "    ",
};
const SUBSET: Layout = Layout {
    open: "SUBSET ",
    close: " ",
    pad: " ",
    separator: ",",
    divider: "",
    divider_pad: "",
};

fn width_of(s: &str) -> i64 {
    s.chars().count() as i64
}

/// TLC's `Format.format`: `node` in `width` columns, keeping the last `trailer` columns of
/// its last line free, lines after the first starting with `pad`.
fn format(chars: &[char], node: &Node, width: i64, trailer: i64, pad: &str) -> Option<String> {
    if node.len() <= width - trailer {
        return Some(node.text(chars));
    }
    let (layout, pairs) = match node.kind {
        Kind::Constant => return Some(node.text(chars)),
        Kind::Set => (&SET, false),
        Kind::Sequence => (&SEQUENCE, false),
        Kind::Subset => (&SUBSET, false),
        Kind::Function => (&FUNCTION, true),
        Kind::Record => (&RECORD, true),
        // TLC throws here, and its caller prints the text unchanged.
        Kind::RecordPair | Kind::FunctionPair => return None,
    };
    let inner_width = width - width_of(layout.open).max(width_of(layout.pad));
    let inner_trailer = trailer + width_of(layout.close);
    let inner_pad = format!("{pad}{}", layout.pad);
    let inner = if pairs {
        format_pairs(chars, node, layout, inner_width, inner_trailer, &inner_pad)?
    } else {
        format_values(chars, node, layout, inner_width, inner_trailer, &inner_pad)?
    };
    Some(format!("{}{inner}{}", layout.open, layout.close))
}

/// The elements of a set, sequence or `SUBSET`, one a line.
fn format_values(
    chars: &[char],
    node: &Node,
    layout: &Layout,
    width: i64,
    trailer: i64,
    pad: &str,
) -> Option<String> {
    let separator = layout.separator;
    let mut text = String::new();
    for (i, value) in node.children.iter().enumerate() {
        if i + 1 < node.children.len() {
            text += &format(chars, value, width, width_of(separator), pad)?;
            text += &format!("{separator}\n{pad}");
        } else {
            text += &format(chars, value, width, trailer, pad)?;
        }
    }
    Some(text)
}

/// The pairs of a record or function, one a line, a value that does not fit beside its
/// field or argument on the lines after it.
fn format_pairs(
    chars: &[char],
    node: &Node,
    layout: &Layout,
    width: i64,
    trailer: i64,
    pad: &str,
) -> Option<String> {
    let (separator, divider, divider_pad) = (layout.separator, layout.divider, layout.divider_pad);
    let value_pad = format!("{pad}{divider_pad}");
    let value_width = width - width_of(divider_pad);
    let mut text = String::new();
    for (i, pair) in node.children.iter().enumerate() {
        let [left, right] = &pair.children[..] else {
            return None;
        };
        let (left_len, right_len) = (left.len(), right.len());
        let one_line = left_len + width_of(divider) + 1 + right_len;
        if i + 1 < node.children.len() {
            if one_line + width_of(separator) <= width {
                text += &format!(
                    "{}{divider} {}{separator}\n{pad}",
                    left.text(chars),
                    right.text(chars)
                );
                continue;
            }
            let left_text = if left_len + width_of(divider) <= width {
                left.text(chars)
            } else {
                format(chars, left, width, trailer + width_of(divider), pad)?
            };
            let right_text = format(chars, right, value_width, width_of(separator), &value_pad)?;
            text += &format!("{left_text}{divider}\n{value_pad}{right_text}{separator}\n{pad}");
        } else {
            if one_line <= width - trailer {
                text += &format!("{}{divider} {}", left.text(chars), right.text(chars));
                continue;
            }
            let left_text = if left_len + width_of(divider) <= width {
                left.text(chars)
            } else {
                format(chars, left, width, trailer + width_of(divider), pad)?
            };
            let right_text = format(chars, right, value_width, trailer, &value_pad)?;
            text += &format!("{left_text}{divider}\n{value_pad}{right_text}");
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_and_unreadable_text_are_unchanged() {
        assert_eq!(pretty("<<\"step\", 0, 1>>", 80), "<<\"step\", 0, 1>>");
        assert_eq!(
            pretty("[a |-> 1, b |-> {1, 2}]", 80),
            "[a |-> 1, b |-> {1, 2}]"
        );
        // TLC cannot read `_` in a field name: it prints the text as it is, however long.
        let long = format!("[my_field |-> {}]", "1".repeat(90));
        assert_eq!(pretty(&long, 80), long);
        assert_eq!(pretty("-1..3", 80), "-1..3");
    }

    #[test]
    fn long_values_break_as_tlc_breaks_them() {
        let seq = (1..=12)
            .map(|i| format!("[idx |-> {i}, name |-> \"element\"]"))
            .collect::<Vec<_>>()
            .join(", ");
        let printed = pretty(&format!("<<{seq}>>"), TLC_WIDTH);
        let lines: Vec<&str> = printed.lines().collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[0], "<< [idx |-> 1, name |-> \"element\"],");
        assert_eq!(lines[1], "   [idx |-> 2, name |-> \"element\"],");
        assert_eq!(lines[11], "   [idx |-> 12, name |-> \"element\"] >>");
        assert_eq!(
            pretty("[a |-> {1, 2, 3}, bb |-> <<4, 5>>]", 12),
            "[ a |->\n      { 1,\n        2,\n        3 },\n  bb |->\n      << 4,\n         5 >> ]"
        );
        assert_eq!(
            pretty("(1 :> \"a\" @@ 2 :> \"b\")", 10),
            "( 1 :>\n      \"a\" @@\n  2 :>\n      \"b\" )"
        );
    }
}
