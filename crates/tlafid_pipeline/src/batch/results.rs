//! Result files: read, joined (a resumed run's old and new results, or the shards of one
//! job file), and written in one order, by `id` and then, for lines without one, by line.
//! The same results give the same bytes however they were split or resumed.

use std::collections::BTreeMap;

use crate::report::batch::{JobOutcome, JobResult};

/// A line of a result file that is not a result (a run killed mid-write leaves one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// Its line, from 1.
    pub line: usize,
    /// Why.
    pub message: String,
}

/// Reads a result file's text: the results (each with its line in the file, from 1), and
/// the lines that are not results.
pub fn parse_results(text: &str) -> (Vec<(usize, JobResult)>, Vec<BadLine>) {
    let mut results = Vec::new();
    let mut bad = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<JobResult>(line) {
            Ok(result) => results.push((index + 1, result)),
            Err(e) => bad.push(BadLine {
                line: index + 1,
                message: e.to_string(),
            }),
        }
    }
    (results, bad)
}

/// Where a result came from: a file's index among those joined, and its line there.
pub type Origin = (usize, usize);

/// What joining found besides the results.
#[derive(Debug, Default, PartialEq)]
pub struct Joined {
    /// One result per key, in output order.
    pub results: Vec<JobResult>,
    /// Keys given twice with the same result: (key, first origin, later origin).
    pub duplicates: Vec<(String, Origin, Origin)>,
    /// Keys given twice with different results: (key, kept origin, dropped origin).
    pub conflicts: Vec<(String, Origin, Origin)>,
}

/// A result's key: a job's id, or an invalid line's `line N` (its id may be another's).
pub fn key(result: &JobResult) -> String {
    match &result.id {
        Some(id) if result.outcome != JobOutcome::Invalid => format!("id {id:?}"),
        _ => format!("line {}", result.line),
    }
}

/// Joins results (each with its origin): one per key, the first seen kept, in output order.
pub fn join(results: impl IntoIterator<Item = (Origin, JobResult)>) -> Joined {
    let mut kept: BTreeMap<String, (Origin, JobResult)> = BTreeMap::new();
    let mut joined = Joined::default();
    for (origin, result) in results {
        let key = key(&result);
        match kept.get(&key) {
            Some((first, same)) if *same == result => {
                joined.duplicates.push((key, *first, origin));
            }
            Some((first, _)) => joined.conflicts.push((key, *first, origin)),
            None => {
                kept.insert(key, (origin, result));
            }
        }
    }
    joined.results = kept.into_values().map(|(_, result)| result).collect();
    joined
        .results
        .sort_by(|a, b| a.order_key().cmp(&b.order_key()));
    joined
}

/// One line of a result file, with its newline.
pub fn render_line(result: &JobResult) -> String {
    let mut line = serde_json::to_string(result).unwrap_or_default();
    line.push('\n');
    line
}

/// A result file: the results, one a line, in the order given.
pub fn render(results: &[JobResult]) -> String {
    results.iter().map(render_line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(id: Option<&str>, line: usize, outcome: JobOutcome) -> JobResult {
        JobResult {
            outcome,
            ..JobResult::invalid(line, id.map(str::to_string), String::new())
        }
    }

    #[test]
    fn joining_keeps_one_per_key_in_id_order_and_reports_the_rest() {
        let a = result(Some("b"), 1, JobOutcome::Pass);
        let b = result(Some("a"), 2, JobOutcome::Fail);
        let bad = result(Some("b"), 3, JobOutcome::Invalid);
        let conflicting = result(Some("a"), 2, JobOutcome::Pass);
        let joined = join([
            ((0, 1), a.clone()),
            ((0, 2), bad.clone()),
            ((1, 1), b.clone()),
            ((1, 2), a.clone()),
            ((2, 1), conflicting),
        ]);
        assert_eq!(joined.results, [b, a, bad]);
        assert_eq!(joined.duplicates, [("id \"b\"".into(), (0, 1), (1, 2))]);
        assert_eq!(joined.conflicts, [("id \"a\"".into(), (1, 1), (2, 1))]);
    }

    #[test]
    fn a_torn_line_is_reported_and_the_rest_kept() {
        let whole = render(&[result(Some("x"), 4, JobOutcome::Crashed)]);
        let text = format!("{whole}{}", &whole[..20]);
        let (results, bad) = parse_results(&text);
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].0, 1);
        assert_eq!(results[0].1.outcome, JobOutcome::Crashed);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].line, 2);
    }
}
