//! Batch grading's data: a job file read into jobs, the shard a job belongs to, result files
//! joined in a fixed order, and the leaderboard of the results. Running a job is the front
//! end's (each one is a `grade` call); this module reads text and returns data.
//!
//! A job file has one JSON object a line: an `id` (a string, unique in the file), optional
//! `system` and `model` labels for the leaderboard, and the arguments of `grade` (as the
//! MCP `grade` tool takes them). Blank lines are skipped. The job on line `L` (from 1)
//! belongs to shard `(L - 1) mod N` of `N`.

pub mod leaderboard;
pub mod results;

use std::collections::BTreeMap;

use serde_json::{Map, Value as Json};

use crate::report::batch::JobResult;

/// A job: its line, its labels, and the `grade` arguments it gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Its line in the job file, from 1.
    pub line: usize,
    /// Its `id`.
    pub id: String,
    /// Its `system`, if any.
    pub system: Option<String>,
    /// Its `model`, else its `spec`.
    pub model: String,
    /// The `grade` arguments (every field but `id`, `system` and `model`).
    pub arguments: Map<String, Json>,
}

/// What a job file holds: the jobs, and a result for each line that is not one.
#[derive(Debug, Default)]
pub struct JobFile {
    /// The jobs, in line order.
    pub jobs: Vec<Job>,
    /// The lines that are not jobs, in line order.
    pub invalid: Vec<JobResult>,
}

/// Reads a job file's text. Each line is judged alone, so one bad line costs only itself;
/// an `id` seen on an earlier line makes the later line invalid.
pub fn parse_jobs(text: &str) -> JobFile {
    let mut file = JobFile::default();
    let mut first_line_of: BTreeMap<String, usize> = BTreeMap::new();
    for (index, text) in text.lines().enumerate() {
        let line = index + 1;
        if text.trim().is_empty() {
            continue;
        }
        match parse_job(line, text) {
            Ok(job) => match first_line_of.get(&job.id) {
                Some(first) => file.invalid.push(JobResult::invalid(
                    line,
                    Some(job.id.clone()),
                    format!("line {line}: the id {:?} is used on line {first}", job.id),
                )),
                None => {
                    first_line_of.insert(job.id.clone(), line);
                    file.jobs.push(job);
                }
            },
            Err((id, message)) => file.invalid.push(JobResult::invalid(
                line,
                id,
                format!("line {line}: {message}"),
            )),
        }
    }
    file
}

/// One line: a job, or its id (when it has one) and what is wrong with it.
fn parse_job(line: usize, text: &str) -> Result<Job, (Option<String>, String)> {
    let mut object = match serde_json::from_str::<Json>(text) {
        Ok(Json::Object(object)) => object,
        Ok(_) => return Err((None, "a job is a JSON object".into())),
        Err(e) => return Err((None, format!("not JSON: {e}"))),
    };
    let id = match object.remove("id") {
        Some(Json::String(id)) if !id.is_empty() => id,
        Some(_) => return Err((None, "the id must be a non-empty string".into())),
        None => return Err((None, "a job needs an id".into())),
    };
    let label = |object: &mut Map<String, Json>, name: &str| match object.remove(name) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(label)) => Ok(Some(label)),
        Some(_) => Err((Some(id.clone()), format!("{name} must be a string"))),
    };
    let system = label(&mut object, "system")?;
    let model = label(&mut object, "model")?;
    let spec = match object.get("spec") {
        Some(Json::String(spec)) => spec.clone(),
        _ => return Err((Some(id), "a job needs a spec (a string)".into())),
    };
    Ok(Job {
        line,
        id,
        system,
        model: model.unwrap_or(spec),
        arguments: object,
    })
}

/// Shard `index` of `count`: the jobs whose line `L` has `(L - 1) mod count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 0.
    pub index: usize,
    /// At least 1.
    pub count: usize,
}

impl Shard {
    /// The whole job file.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// `I/N`, with `0 <= I < N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let wrong = || format!("--shard {text}: expected I/N with 0 <= I < N, as 2/4");
        let (index, count) = text.split_once('/').ok_or_else(wrong)?;
        let index: usize = index.trim().parse().map_err(|_| wrong())?;
        let count: usize = count.trim().parse().map_err(|_| wrong())?;
        if count == 0 || index >= count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }

    /// Whether the job (or bad line) on `line` (from 1) is this shard's.
    pub fn owns(self, line: usize) -> bool {
        line.saturating_sub(1) % self.count == self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_judged_alone() {
        let text = concat!(
            "{\"id\": \"a\", \"spec\": \"A.tla\", \"system\": \"s\", \"seed\": 3}\n",
            "\n",
            "{\"id\": \"b\", \"spec\": \"B.tla\"\n",
            "[1]\n",
            "{\"spec\": \"C.tla\"}\n",
            "{\"id\": \"a\", \"spec\": \"D.tla\"}\n",
            "{\"id\": \"e\", \"spec\": 7}\n",
            "{\"id\": \"f\", \"spec\": \"F.tla\", \"model\": \"f-model\"}\n",
        );
        let file = parse_jobs(text);
        let jobs: Vec<(usize, &str, &str)> = file
            .jobs
            .iter()
            .map(|j| (j.line, j.id.as_str(), j.model.as_str()))
            .collect();
        assert_eq!(jobs, [(1, "a", "A.tla"), (8, "f", "f-model")]);
        assert_eq!(file.jobs[0].system.as_deref(), Some("s"));
        let keys: Vec<&String> = file.jobs[0].arguments.keys().collect();
        assert_eq!(keys, ["seed", "spec"]);
        let invalid: Vec<(usize, Option<&str>)> = file
            .invalid
            .iter()
            .map(|r| (r.line, r.id.as_deref()))
            .collect();
        assert_eq!(
            invalid,
            [
                (3, None),
                (4, None),
                (5, None),
                (6, Some("a")),
                (7, Some("e"))
            ]
        );
        assert_eq!(
            file.invalid[3].error.as_deref(),
            Some("line 6: the id \"a\" is used on line 1")
        );
    }

    #[test]
    fn shards_partition_the_lines() {
        let shard = Shard::parse("1/4").expect("a shard");
        assert_eq!(shard, Shard { index: 1, count: 4 });
        let owned: Vec<usize> = (1..=10).filter(|&l| shard.owns(l)).collect();
        assert_eq!(owned, [2, 6, 10]);
        for bad in ["4/4", "1", "a/2", "0/0", "-1/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert!((1..=7).all(|l| Shard::ALL.owns(l)));
    }
}
