//! Values printed in TLA+ syntax, as TLC prints them.

use std::fmt::{self, Display, Formatter, Write};

use crate::lazy::LazySet;
use crate::Value;

fn write_str_literal(f: &mut Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            '\u{c}' => f.write_str("\\f")?,
            '\r' => f.write_str("\\r")?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

fn write_list<T: Display>(
    f: &mut Formatter<'_>,
    items: impl IntoIterator<Item = T>,
) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

impl Display for Value {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(true) => f.write_str("TRUE"),
            Value::Bool(false) => f.write_str("FALSE"),
            Value::Int(i) => write!(f, "{i}"),
            Value::BigInt(b) => write!(f, "{b}"),
            Value::Str(s) => write_str_literal(f, s),
            Value::Model(m) => f.write_str(&m.name),
            Value::Set(s) => {
                f.write_char('{')?;
                write_list(f, s.elems())?;
                f.write_char('}')
            }
            Value::Interval(lo, hi) => write!(f, "{lo}..{hi}"),
            Value::Lazy(l) => write!(f, "{}", l.kind()),
            Value::Seq(s) => {
                f.write_str("<<")?;
                write_list(f, s.elems())?;
                f.write_str(">>")
            }
            Value::Record(r) => {
                f.write_char('[')?;
                write_list(f, r.fields().iter().map(|(k, v)| format!("{k} |-> {v}")))?;
                f.write_char(']')
            }
            Value::Fcn(fcn) => {
                f.write_char('(')?;
                for (i, (k, v)) in fcn.pairs().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" @@ ")?;
                    }
                    write!(f, "{k} :> {v}")?;
                }
                f.write_char(')')
            }
        }
    }
}

impl Display for LazySet {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            LazySet::Nat => f.write_str("Nat"),
            LazySet::Int => f.write_str("Int"),
            LazySet::Strings => f.write_str("STRING"),
            LazySet::Any => f.write_str("Any"),
            LazySet::SeqOf(s) => write!(f, "Seq({s})"),
            LazySet::Subset(s) => write!(f, "SUBSET {s}"),
            LazySet::FnSet(d, r) => write!(f, "[{d} -> {r}]"),
            LazySet::RecordSet(fields) => {
                f.write_char('[')?;
                write_list(f, fields.iter().map(|(k, v)| format!("{k} : {v}")))?;
                f.write_char(']')
            }
            LazySet::Product(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" \\X ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            LazySet::Union(a, b) => write!(f, "({a} \\cup {b})"),
            LazySet::Intersect(a, b) => write!(f, "({a} \\cap {b})"),
            LazySet::BigUnion(s) => write!(f, "UNION {s}"),
            LazySet::Minus(a, b) => write!(f, "({a} \\ {b})"),
        }
    }
}
