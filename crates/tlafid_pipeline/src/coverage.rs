//! Action coverage as TLC's `-coverage` reports it: for the initial predicate and each
//! action of the next-state relation, the distinct states it found first and the states it
//! generated (in a simulation, the steps it took and the successors it generated; for the
//! initial predicate, the initial states), with TLC's locations.

use serde::Serialize;
use tlafid_base::{SourceMap, Span};
use tlafid_model::Model;

use crate::run::tlc_location;

/// The coverage of one run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Coverage {
    /// The initial predicate (none when the run has no behaviour).
    pub init: Option<CoverageLine>,
    /// Each action of the next-state relation, in the relation's order.
    pub actions: Vec<CoverageLine>,
}

/// One operator's figures.
#[derive(Clone, Debug, Serialize)]
pub struct CoverageLine {
    /// The operator's name.
    pub name: String,
    /// Where its name is, as TLC writes it (`line 16, col 1 to line 16, col 7 of module
    /// DieHard`).
    pub location: String,
    /// Where the action's own expression is (first line, column, last line, column), when
    /// it is not the operator's whole body (a disjunct, the body of a `LET`): TLC shows it
    /// as `(24 7 25 27)`.
    pub part: Option<[u32; 4]>,
    /// Distinct states it found first (a simulation: the steps it took).
    pub distinct: u64,
    /// States it generated.
    pub generated: u64,
}

impl CoverageLine {
    /// TLC's line: `<FillBig line 16, col 1 to line 16, col 7 of module DieHard>: 3:16`.
    pub fn tlc(&self) -> String {
        let part = match self.part {
            Some([l1, c1, l2, c2]) => format!(" ({l1} {c1} {l2} {c2})"),
            None => String::new(),
        };
        format!(
            "<{} {}{part}>: {}:{}",
            self.name, self.location, self.distinct, self.generated
        )
    }
}

/// The coverage of a run of `model`: `counts(i)` gives action `i`'s (distinct, generated),
/// `init` the initial predicate's.
pub(crate) fn coverage(
    sources: &SourceMap,
    model: &Model<'_>,
    init: (u64, u64),
    counts: impl Fn(usize) -> (u64, u64),
) -> Coverage {
    let init = model.spec.as_ref().map(|spec| {
        let def = model.program.op(spec.init);
        line(
            sources,
            &def.name,
            def.span,
            def.body.span,
            def.body.span,
            init,
        )
    });
    let actions = model
        .evaluator
        .actions()
        .iter()
        .enumerate()
        .map(|(i, decl)| {
            let whole = operator_body(model, &decl.name, decl.span).unwrap_or(decl.body);
            line(sources, &decl.name, decl.span, whole, decl.body, counts(i))
        })
        .collect();
    Coverage { init, actions }
}

/// The body of the operator named `name` defined at `span`.
fn operator_body(model: &Model<'_>, name: &str, span: Span) -> Option<Span> {
    model
        .program
        .ops
        .iter()
        .find(|def| def.span == span && def.name == name)
        .map(|def| def.body.span)
}

fn line(
    sources: &SourceMap,
    name: &str,
    def: Span,
    whole: Span,
    part: Span,
    (distinct, generated): (u64, u64),
) -> CoverageLine {
    let part = (part != whole).then(|| {
        let file = sources.get(part.file);
        let (start, end) = (
            file.line_col(part.start),
            file.line_col(part.end.saturating_sub(1)),
        );
        [start.line, start.col, end.line, end.col]
    });
    CoverageLine {
        name: name.to_string(),
        location: tlc_location(sources, name_span(sources, def, name)),
        part,
        distinct,
        generated,
    }
}

/// Where `name` and its parameters (`Call(f)`) are written in the definition spanning `def`
/// (after a `LOCAL`, say): TLC's location of an operator; the definition's start when the
/// name cannot be found.
fn name_span(sources: &SourceMap, def: Span, name: &str) -> Span {
    let text = &sources.get(def.file).text;
    let unit = text.get(def.range()).unwrap_or_default();
    let at = unit
        .match_indices(name)
        .find(|(i, _)| {
            let before = unit[..*i].chars().next_back();
            let after = unit[i + name.len()..].chars().next();
            let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !word(before) && !word(after)
        })
        .map_or(0, |(i, _)| i);
    let after = &unit[(at + name.len()).min(unit.len())..];
    let params = if after.starts_with('(') {
        let mut depth = 0usize;
        after
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map_or(0, |(close, _)| close + 1)
    } else {
        0
    };
    let start = def.start + at as u32;
    Span::new(def.file, start, start + (name.len() + params) as u32)
}
