//! Nearest misses: for a step no candidate could take, which action instances could have been
//! meant and which observables they get wrong, side by side with the values they produce.

use std::collections::BTreeMap;

use tlafid_eval::{EvalError, FalseConjunct, State};
use tlafid_value::Value;

use crate::delta;
use crate::engine::Stepper;
use crate::loose;
use crate::parse::{NamedAction, Observation, Step};
use crate::verdict::{FalseGuard, Mismatch, NearestMiss};

/// Candidates examined for a diagnosis (the search itself has no such bound).
const MAX_CANDIDATES_EXAMINED: usize = 256;
/// Distinct model values shown per mismatched observable.
const MAX_VALUES_SHOWN: usize = 4;
/// Actions reported per rejected step.
const MAX_MISSES: usize = 3;

/// The closest successor so far: its mismatch count, parameters, mismatched observables,
/// and what the step expected of it.
type Closest = (usize, Vec<(String, Value)>, Vec<usize>, Observation);

/// The closest successor of one action, and every value its successors gave each observable.
struct Group {
    best: Option<Closest>,
    values: BTreeMap<usize, Vec<Value>>,
}

impl<'w, 'e: 'w, 'p> Stepper<'w, 'e, 'p> {
    /// The nearest misses of `step` from `candidates`.
    pub fn nearest_misses(
        &mut self,
        candidates: &[State],
        step: &Step,
    ) -> Result<Vec<NearestMiss>, EvalError> {
        let examined = &candidates[..candidates.len().min(MAX_CANDIDATES_EXAMINED)];
        let mut fitting = Vec::new();
        for candidate in examined {
            if let Some(post) = self.expected_post(candidate, step)? {
                fitting.push((candidate.clone(), post.into_owned()));
            }
        }
        if fitting.is_empty() {
            return match &step.pre {
                Some(pre) => Ok(vec![self.observation_miss(
                    "pre_state",
                    examined,
                    pre,
                    MAX_CANDIDATES_EXAMINED,
                )?]),
                None => Ok(vec![self.reads_miss(examined, step)?]),
            };
        }
        let mut groups: BTreeMap<String, Group> = BTreeMap::new();
        for (candidate, post) in &fitting {
            for (name, info, succ) in self.fitting_successors(candidate, step.action.as_ref())? {
                if !self.taken_by_actor(step, &info) {
                    continue;
                }
                let group = groups.entry(name).or_insert(Group {
                    best: None,
                    values: BTreeMap::new(),
                });
                let mut wrong = Vec::new();
                for (index, logged) in post {
                    let produced = self.observe(&succ, *index)?;
                    if !loose::fits(logged, &produced) {
                        wrong.push(*index);
                    }
                    let seen = group.values.entry(*index).or_default();
                    if seen.len() < MAX_VALUES_SHOWN && !seen.contains(&produced) {
                        seen.push(produced);
                    }
                }
                if group
                    .best
                    .as_ref()
                    .is_none_or(|(n, _, _, _)| wrong.len() < *n)
                {
                    let params = dedup_params(&info.params);
                    group.best = Some((wrong.len(), params, wrong, post.clone()));
                }
            }
        }
        let mut misses: Vec<NearestMiss> = groups
            .into_iter()
            .filter_map(|(action, group)| {
                let (_, params, wrong, post) = group.best?;
                let mismatches = wrong
                    .into_iter()
                    .map(|index| self.mismatch(&post, index, &group.values))
                    .collect();
                Some(NearestMiss {
                    action,
                    params,
                    enabled: true,
                    mismatches,
                    guard: None,
                })
            })
            .collect();
        misses.sort_by_key(|m| m.mismatches.len());
        misses.truncate(MAX_MISSES);
        if misses.is_empty() {
            let states: Vec<State> = fitting.into_iter().map(|(s, _)| s).collect();
            if let Some(named) = &step.action {
                misses.push(NearestMiss {
                    action: named.name.clone(),
                    params: named.args.clone(),
                    enabled: false,
                    mismatches: Vec::new(),
                    guard: self.false_guard(&states, named)?,
                });
            }
        }
        Ok(misses)
    }

    /// The guard conjunct of `named` that was false, in the candidate where the action got
    /// furthest (the first such candidate).
    fn false_guard(
        &mut self,
        candidates: &[State],
        named: &NamedAction,
    ) -> Result<Option<FalseGuard>, EvalError> {
        let Some(probe) = self.probe(&named.name) else {
            return Ok(None);
        };
        let args: Vec<(String, Value)> = named
            .args
            .iter()
            .map(|(p, v)| (p.clone(), loose::realize(v)))
            .collect();
        let mut best: Option<FalseConjunct> = None;
        for candidate in candidates {
            if let Some(found) = probe.false_conjunct(candidate, &args)? {
                if best.as_ref().is_none_or(|b| found.passed > b.passed) {
                    best = Some(found);
                }
            }
        }
        Ok(best.map(|b| FalseGuard {
            span: b.span,
            outside_domain: b.outside_domain,
        }))
    }

    fn mismatch(
        &self,
        post: &Observation,
        index: usize,
        values: &BTreeMap<usize, Vec<Value>>,
    ) -> Mismatch {
        let logged = post
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, v)| v.clone())
            .expect("a mismatch is of a logged observable");
        let model = values
            .get(&index)
            .map(|vs| {
                vs.iter()
                    .filter(|v| !loose::fits(&logged, v))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        Mismatch {
            observable: self.vocabulary.observable_names[index].clone(),
            logged,
            model,
        }
    }

    /// Why no candidate fits a step's reads and updates: in the first candidate, the values
    /// read that it does not show (labelled `reads`; an update that cannot apply shows no
    /// mismatch).
    fn reads_miss(&mut self, states: &[State], step: &Step) -> Result<NearestMiss, EvalError> {
        let mut mismatches = Vec::new();
        if let Some(state) = states.first() {
            for read in &step.reads {
                let value = self.observe(state, read.observable)?;
                let found = delta::at_path(&value, &read.path);
                if !found.is_some_and(|v| loose::fits(&read.value, v)) {
                    mismatches.push(Mismatch {
                        observable: self.vocabulary.observable_names[read.observable].clone(),
                        logged: read.value.clone(),
                        model: found.into_iter().cloned().collect(),
                    });
                }
            }
        }
        Ok(NearestMiss {
            action: "reads".into(),
            params: Vec::new(),
            enabled: false,
            mismatches,
            guard: None,
        })
    }

    /// How the closest of the first `limit` states fails to show `observed` (an `init`
    /// line or a window's `pre_state`): the first state with the fewest mismatches.
    pub fn observation_miss(
        &mut self,
        label: &str,
        states: &[State],
        observed: &Observation,
        limit: usize,
    ) -> Result<NearestMiss, EvalError> {
        let mut best: Option<Vec<Mismatch>> = None;
        for state in states.iter().take(limit) {
            if best.as_ref().is_some_and(|b| b.len() <= 1) {
                break;
            }
            let mut wrong = Vec::new();
            for (index, logged) in observed {
                let produced = self.observe(state, *index)?;
                if !loose::fits(logged, &produced) {
                    wrong.push(Mismatch {
                        observable: self.vocabulary.observable_names[*index].clone(),
                        logged: logged.clone(),
                        model: vec![produced],
                    });
                }
            }
            if best.as_ref().is_none_or(|b| wrong.len() < b.len()) {
                best = Some(wrong);
            }
        }
        Ok(NearestMiss {
            action: label.to_string(),
            params: Vec::new(),
            enabled: !states.is_empty(),
            mismatches: best.unwrap_or_default(),
            guard: None,
        })
    }
}

/// `\E p \in S : A(p)` binds `p` twice (the quantifier and `A`'s parameter): keep one.
pub fn dedup_params<N: AsRef<str>>(params: &[(N, Value)]) -> Vec<(String, Value)> {
    let mut kept: Vec<(String, Value)> = Vec::new();
    for (name, value) in params {
        if !kept.iter().any(|(n, v)| n == name.as_ref() && v == value) {
            kept.push((name.as_ref().to_string(), value.clone()));
        }
    }
    kept
}
