//! Action coverage as TLC's `-coverage` reports it: for the initial predicate and each
//! action of the next-state relation, the distinct states it found first and the states it
//! generated (in a simulation, the steps it took and the successors it generated; for the
//! initial predicate, the initial states), with TLC's locations.

use serde::Serialize;
use tlafid_base::{SourceMap, Span};
use tlafid_eval::TlcAction;
use tlafid_model::Model;

use crate::run::{tlc_location, without_parens};

/// The coverage of one run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Coverage {
    /// The initial predicate (none when the run has no behaviour).
    pub init: Option<CoverageLine>,
    /// Each action of the next-state relation, in the relation's order.
    pub actions: Vec<CoverageLine>,
    /// The actions as TLC splits the relation: those under an `\E` whose domain depends on
    /// the state are one action, named after the operator holding the `\E` (their figures
    /// summed), at the place of the first of them.
    pub tlc_actions: Vec<CoverageLine>,
    /// With per-variable coverage: each variable and how many distinct values it took in the
    /// distinct states kept (TLC's `-coverage` message 2779), in declaration order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variables: Vec<VariableLine>,
}

/// One variable's figure.
#[derive(Clone, Debug, Serialize)]
pub struct VariableLine {
    /// The variable.
    pub name: String,
    /// Where it is declared, as TLC writes it.
    pub location: String,
    /// Distinct values it took.
    pub distinct_values: u64,
}

impl VariableLine {
    /// TLC's line: `<big line 7, col 18 to line 7, col 20 of module DieHard>: 6`.
    pub fn tlc(&self) -> String {
        format!(
            "<{} {}>: {}",
            self.name, self.location, self.distinct_values
        )
    }
}

/// Each variable with its number of distinct values (`counts`, by variable; none: no lines).
pub(crate) fn variable_lines(
    sources: &SourceMap,
    model: &Model<'_>,
    counts: Option<&[u64]>,
) -> Vec<VariableLine> {
    let Some(counts) = counts else {
        return Vec::new();
    };
    model
        .program
        .vars
        .iter()
        .enumerate()
        .map(|(i, var)| VariableLine {
            name: var.name.to_string(),
            location: tlc_location(sources, name_span(sources, var.span, &var.name)),
            distinct_values: counts.get(i).copied().unwrap_or(0),
        })
        .collect()
}

/// The number of distinct values of each variable in `values`.
pub(crate) fn variable_counts(values: &tlafid_model::VariableValues) -> Vec<u64> {
    values
        .lock()
        .map(|v| v.iter().map(|s| s.len() as u64).collect())
        .unwrap_or_default()
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
    /// Where its name is (file, offset): TLC's order.
    #[serde(skip)]
    pub at: (u32, u32),
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

/// The lines of a model's coverage without figures, filled by [`Template::fill`] (while a
/// run is going on, when the model itself is the explorer's).
#[derive(Clone, Debug)]
pub(crate) struct Template {
    coverage: Coverage,
    /// For each of `coverage.tlc_actions`, the actions whose figures it sums.
    members: Vec<Vec<usize>>,
    /// Each variable's line, without its figure.
    variables: Vec<VariableLine>,
}

impl Template {
    pub(crate) fn new(sources: &SourceMap, model: &Model<'_>) -> Template {
        let (coverage, members) = coverage_and_members(sources, model, (0, 0), |_| (0, 0));
        let variables = variable_lines(sources, model, Some(&[]));
        Template {
            coverage,
            members,
            variables,
        }
    }

    /// The coverage with these figures: `init` the initial predicate's (distinct,
    /// generated), `counts(i)` action `i`'s.
    pub(crate) fn fill(
        &self,
        init: (u64, u64),
        counts: impl Fn(usize) -> (u64, u64),
        variables: Option<&[u64]>,
    ) -> Coverage {
        let mut coverage = self.coverage.clone();
        if let Some(variables) = variables {
            coverage.variables = self.variables.clone();
            for (line, &count) in coverage.variables.iter_mut().zip(variables) {
                line.distinct_values = count;
            }
        }
        if let Some(line) = &mut coverage.init {
            (line.distinct, line.generated) = init;
        }
        for (i, line) in coverage.actions.iter_mut().enumerate() {
            (line.distinct, line.generated) = counts(i);
        }
        for (line, members) in coverage.tlc_actions.iter_mut().zip(&self.members) {
            let figures = members.iter().map(|&i| counts(i));
            (line.distinct, line.generated) =
                figures.fold((0, 0), |(d, g), (d2, g2)| (d + d2, g + g2));
        }
        coverage
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
    coverage_and_members(sources, model, init, counts).0
}

/// [`coverage`], with the actions each TLC action stands for.
fn coverage_and_members(
    sources: &SourceMap,
    model: &Model<'_>,
    init: (u64, u64),
    counts: impl Fn(usize) -> (u64, u64),
) -> (Coverage, Vec<Vec<usize>>) {
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
    let decls = model.evaluator.actions();
    let actions: Vec<CoverageLine> = decls
        .iter()
        .enumerate()
        .map(|(i, decl)| {
            let whole = operator_body(model, &decl.name, decl.span).unwrap_or(decl.body);
            line(sources, &decl.name, decl.span, whole, decl.body, counts(i))
        })
        .collect();
    let (tlc_actions, members) = tlc_split(sources, model, &actions);
    let coverage = Coverage {
        init,
        actions,
        tlc_actions,
        variables: Vec::new(),
    };
    (coverage, members)
}

/// `actions` as TLC splits the relation (see [`Coverage::tlc_actions`]), in TLC's order.
fn tlc_split(
    sources: &SourceMap,
    model: &Model<'_>,
    actions: &[CoverageLine],
) -> (Vec<CoverageLine>, Vec<Vec<usize>>) {
    let decls = model.evaluator.actions();
    let mut tlc_actions: Vec<(Option<&TlcAction>, CoverageLine, Vec<usize>)> = Vec::new();
    for (index, (decl, own)) in decls.iter().zip(actions).enumerate() {
        let Some(tlc) = &decl.tlc else {
            tlc_actions.push((None, own.clone(), vec![index]));
            continue;
        };
        match tlc_actions.iter_mut().find(|(t, ..)| *t == Some(tlc)) {
            Some((_, merged, members)) => {
                merged.distinct += own.distinct;
                merged.generated += own.generated;
                members.push(index);
            }
            None => {
                let body = without_parens(sources, tlc.body);
                let whole = operator_body(model, &tlc.name, tlc.span).unwrap_or(body);
                let figures = (own.distinct, own.generated);
                let merged = line(sources, &tlc.name, tlc.span, whole, body, figures);
                tlc_actions.push((Some(tlc), merged, vec![index]));
            }
        }
    }
    // TLC lists them by where they are defined.
    tlc_actions.sort_by_key(|(_, l, _)| (l.at, l.part));
    tlc_actions.into_iter().map(|(_, l, m)| (l, m)).unzip()
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
    let named = name_span(sources, def, name);
    CoverageLine {
        name: name.to_string(),
        at: (named.file.0, named.start),
        location: tlc_location(sources, named),
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
