//! TLA+ values written as TLA+ text, as PGo logs them: integers, strings, `TRUE`, `FALSE`,
//! model values by name, `<<...>>`, `{...}`, `[f |-> v, ...]`, `a :> b`, `f @@ g`,
//! parentheses, and `[x \in S |-> e]` where `e` is `x` or a value without `x` (PGo writes
//! the empty function as `[x \in {} |-> x]`). Nothing else is read (no operator is
//! evaluated).

use tlafid_value::Value;

use crate::json::ModelValues;

/// Reads `text` as a value; an identifier is a model value of the configuration.
pub fn read_value(text: &str, models: &ModelValues) -> Result<Value, String> {
    let mut reader = TextReader {
        text: text.as_bytes(),
        at: 0,
        models,
        depth: 0,
    };
    let value = reader.merge()?;
    reader.skip_space();
    if reader.at != reader.text.len() {
        return Err(format!("unexpected text at {}: {text}", reader.at + 1));
    }
    Ok(value)
}

struct TextReader<'t, 'm> {
    text: &'t [u8],
    at: usize,
    models: &'m ModelValues,
    depth: usize,
}

/// Nesting deeper than this is refused (no recursion without bound).
const MAX_DEPTH: usize = 200;

impl<'t> TextReader<'t, '_> {
    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.text[self.at..].starts_with(token.as_bytes()) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: &str) -> Result<(), String> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(format!("expected {token} at {}", self.at + 1))
        }
    }

    /// `f @@ g @@ ...` (the left function wins where both are defined).
    fn merge(&mut self) -> Result<Value, String> {
        let mut value = self.pair()?;
        while self.eat("@@") {
            let right = self.pair()?;
            value = value.fn_merge(&right).map_err(|e| e.0)?;
        }
        Ok(value)
    }

    /// `a :> b`, or an atom.
    fn pair(&mut self) -> Result<Value, String> {
        let left = self.atom()?;
        if self.eat(":>") {
            let right = self.atom()?;
            return Ok(Value::function(vec![(left, right)]));
        }
        Ok(left)
    }

    fn atom(&mut self) -> Result<Value, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("the value is nested too deeply".into());
        }
        let value = self.atom_inner();
        self.depth -= 1;
        value
    }

    fn atom_inner(&mut self) -> Result<Value, String> {
        self.skip_space();
        if self.eat("<<") {
            let items = self.items(">>")?;
            return Ok(Value::seq(items));
        }
        if self.eat("(") {
            let value = self.merge()?;
            self.expect(")")?;
            return Ok(value);
        }
        if self.eat("{") {
            let items = self.items("}")?;
            return Ok(Value::set(items));
        }
        if self.eat("[") {
            return self.record();
        }
        match self.text.get(self.at) {
            Some(b'"') => self.string(),
            Some(c) if c.is_ascii_digit() || *c == b'-' => self.integer(),
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => self.name(),
            _ => Err(format!("unexpected text at {}", self.at + 1)),
        }
    }

    fn items(&mut self, close: &str) -> Result<Vec<Value>, String> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            items.push(self.merge()?);
            if self.eat(close) {
                return Ok(items);
            }
            self.expect(",")?;
        }
    }

    fn record(&mut self) -> Result<Value, String> {
        let mut fields = Vec::new();
        loop {
            self.skip_space();
            let name = self.word();
            if name.is_empty() {
                return Err(format!("expected a field name at {}", self.at + 1));
            }
            if fields.is_empty() && self.eat("\\in") {
                return self.function(name);
            }
            self.expect("|->")?;
            fields.push((tlafid_value::Text::new(name), self.merge()?));
            if self.eat("]") {
                return Ok(Value::record(fields));
            }
            self.expect(",")?;
        }
    }

    /// The rest of `[x \in S |-> e]` after `\in`: `e` is `x` (each element maps to
    /// itself) or a value that does not mention `x` (a constant function).
    fn function(&mut self, bound: &str) -> Result<Value, String> {
        let domain = self.merge()?;
        let Value::Set(elements) = domain else {
            return Err(format!("the domain of {bound} is not a set"));
        };
        let elements = elements.elems().to_vec();
        self.expect("|->")?;
        self.skip_space();
        let start = self.at;
        let identity = self.word() == bound && {
            self.skip_space();
            self.text.get(self.at) == Some(&b']')
        };
        if !identity {
            self.at = start;
        }
        let body = if identity { None } else { Some(self.merge()?) };
        self.expect("]")?;
        Ok(Value::function(
            elements
                .into_iter()
                .map(|e| {
                    let image = body.clone().unwrap_or_else(|| e.clone());
                    (e, image)
                })
                .collect(),
        ))
    }

    fn string(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut out = String::new();
        let rest = std::str::from_utf8(&self.text[self.at..]).map_err(|e| e.to_string())?;
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok(Value::str(&out));
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, other)) => out.push(other),
                    None => break,
                },
                c => out.push(c),
            }
        }
        Err("an unterminated string".into())
    }

    fn integer(&mut self) -> Result<Value, String> {
        let start = self.at;
        if self.text[self.at] == b'-' {
            self.at += 1;
        }
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).expect("ASCII");
        digits
            .parse::<i64>()
            .map(Value::Int)
            .map_err(|_| format!("{digits} is not a 64-bit integer"))
    }

    /// The identifier at the cursor (letters, digits, `_`; empty when there is none).
    fn word(&mut self) -> &'t str {
        let start = self.at;
        while self
            .text
            .get(self.at)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at]).expect("ASCII")
    }

    fn name(&mut self) -> Result<Value, String> {
        let name = self.word();
        match name {
            "TRUE" => Ok(Value::Bool(true)),
            "FALSE" => Ok(Value::Bool(false)),
            _ => self.models.get(name).cloned().ok_or_else(|| {
                format!("{name} is neither a value nor a model value of the configuration")
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_pgo_writes() {
        let models = ModelValues::from([("nil".to_string(), Value::model(0, "nil"))]);
        let read = |t: &str| read_value(t, &models);
        let message = read(r#"(("from") :> (5) @@ ("type") :> (1))"#).unwrap();
        assert_eq!(
            message,
            Value::record(vec![
                (tlafid_value::Text::from("from"), Value::Int(5)),
                (tlafid_value::Text::from("type"), Value::Int(1))
            ])
        );
        assert_eq!(
            read("<<5, -1>>").unwrap(),
            Value::seq(vec![Value::Int(5), Value::Int(-1)])
        );
        assert_eq!(read("{}").unwrap(), Value::empty_set());
        assert_eq!(read("TRUE").unwrap(), Value::Bool(true));
        assert_eq!(read("nil").unwrap(), Value::model(0, "nil"));
        assert_eq!(
            read("[a |-> \"x\\\"y\"]").unwrap(),
            Value::record(vec![(tlafid_value::Text::from("a"), Value::str("x\"y"))])
        );
        assert!(read("defaultInitValue")
            .unwrap_err()
            .contains("model value"));
        assert_eq!(read("[x \\in {} |-> x]").unwrap(), Value::function(vec![]));
        assert_eq!(
            read("[k \\in {1, 2} |-> k]").unwrap(),
            Value::function(vec![
                (Value::Int(1), Value::Int(1)),
                (Value::Int(2), Value::Int(2))
            ])
        );
        assert_eq!(
            read("[k \\in {1} |-> \"v\"]").unwrap(),
            Value::function(vec![(Value::Int(1), Value::str("v"))])
        );
        assert!(read("[k \\in {1} |-> k + 1]").is_err());
        assert!(read("[k \\in 3 |-> k]").is_err());
        assert!(read("1 + 2").is_err());
        assert!(read(&"<<".repeat(500)).unwrap_err().contains("deeply"));
    }
}
