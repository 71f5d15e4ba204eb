//! `--windows`: each action window on its own. A window passes when some reachable state of
//! the model showing its `pre_state` has a successor by the window's action (with its logged
//! parameters) showing its `post_state`.
//!
//! Reachable states come from two places. The states a trace's passing windows reached (and
//! the initial states) are reachable by construction, so a trace whose windows chain (each
//! `pre_state` the previous `post_state`) is checked without exploring the model. Otherwise
//! the model's reachable states are explored once per run ([`Reachable`], bounded by
//! `--max-states`). A window is rejected only when the answer cannot change with a larger
//! budget: the exploration was complete, or `pre_state` gives every variable (so it names
//! one state) and that state was found reachable. Otherwise it is inconclusive.

use tlafid_eval::{EvalError, State};

use crate::engine::{fingerprints, Stepper};
use crate::parse::{Observation, Step};
use crate::reach::LazyReachable;
use crate::verdict::{FailedWindow, Location, NearestMiss, WindowFailure, WindowStats};

/// The reachable states one trace's windows have shown so far, and the run's exploration.
pub struct WindowChecker<'s, 'r, 'w, 'e, 'p> {
    /// Evaluates observations and steps.
    stepper: &'s mut Stepper<'w, 'e, 'p>,
    /// The run's reachable states, explored on first demand.
    reachable: &'r LazyReachable<'e, 'p>,
    /// The most states learned from passing windows.
    max_learned: usize,
    learned: Vec<State>,
    learned_fingerprints: std::collections::HashSet<u64, ahash::RandomState>,
}

/// What checking one window found.
enum Outcome {
    Passed,
    Failed(WindowFailure, usize, Vec<NearestMiss>),
}

impl<'s, 'r, 'w, 'e: 'w, 'p> WindowChecker<'s, 'r, 'w, 'e, 'p> {
    /// A checker that knows the initial states.
    pub fn new(
        stepper: &'s mut Stepper<'w, 'e, 'p>,
        reachable: &'r LazyReachable<'e, 'p>,
        max_learned: usize,
    ) -> Result<Self, EvalError> {
        let mut checker = WindowChecker {
            stepper,
            reachable,
            max_learned,
            learned: Vec::new(),
            learned_fingerprints: fingerprints(),
        };
        let initial = checker.stepper.initial(None)?;
        checker.learn(initial);
        Ok(checker)
    }

    /// Checks `step` (a window with a `pre_state`) and records its result in `stats`.
    pub fn check(
        &mut self,
        step: &Step,
        pre: &Observation,
        stats: &mut WindowStats,
    ) -> Result<(), EvalError> {
        let action = step
            .action
            .as_ref()
            .map_or("(none)".to_string(), |a| a.name.clone());
        let counts = stats.per_action.entry(action.clone()).or_default();
        match self.outcome(step, pre)? {
            Outcome::Passed => counts.passed += 1,
            Outcome::Failed(failure, matching, misses) => {
                if failure == WindowFailure::Inconclusive {
                    counts.inconclusive += 1;
                } else {
                    counts.rejected += 1;
                }
                stats.failed.push(FailedWindow {
                    location: Location {
                        line: step.line,
                        file: None,
                        step: step.number,
                    },
                    action,
                    failure,
                    matching,
                    misses,
                });
            }
        }
        Ok(())
    }

    fn outcome(&mut self, step: &Step, pre: &Observation) -> Result<Outcome, EvalError> {
        let full = self.stepper.full_state(pre).ok();
        let mut candidates = self.learned_matching(pre, full.as_ref())?;
        if self.passes(&candidates, step)? {
            return Ok(Outcome::Passed);
        }
        // A full pre_state names one state: found among the learned, it is the only one.
        let mut exhaustive = full.is_some() && !candidates.is_empty();
        if !exhaustive {
            let reachable = self.reachable.get()?;
            let explored = match &full {
                Some(state) => match reachable.find(state) {
                    Some(found) if self.stepper.matches(found, pre)? => vec![found.clone()],
                    _ => Vec::new(),
                },
                None => reachable.matching(self.stepper, pre)?,
            };
            let known = fingerprint_set(&candidates);
            let new: Vec<State> = explored
                .into_iter()
                .filter(|s| !known.contains(&s.fingerprint()))
                .collect();
            if self.passes(&new, step)? {
                return Ok(Outcome::Passed);
            }
            candidates.extend(new);
            exhaustive = reachable.complete || (full.is_some() && !candidates.is_empty());
            if exhaustive && candidates.is_empty() {
                let miss = self.stepper.observation_miss(
                    "pre_state",
                    &reachable.states,
                    pre,
                    usize::MAX,
                )?;
                return Ok(Outcome::Failed(
                    WindowFailure::PreStateUnreachable,
                    0,
                    vec![miss],
                ));
            }
        }
        if !exhaustive {
            return Ok(Outcome::Failed(
                WindowFailure::Inconclusive,
                candidates.len(),
                Vec::new(),
            ));
        }
        let misses = self.stepper.nearest_misses(&candidates, step)?;
        Ok(Outcome::Failed(
            WindowFailure::PostStateUnreachable,
            candidates.len(),
            misses,
        ))
    }

    /// Does the window's action lead from one of `candidates` to a state showing
    /// `post_state`? The states it leads to are reachable: they are learned.
    fn passes(&mut self, candidates: &[State], step: &Step) -> Result<bool, EvalError> {
        if candidates.is_empty() {
            return Ok(false);
        }
        let advance = self.stepper.advance(candidates, step, false, usize::MAX)?;
        if advance.states.is_empty() {
            return Ok(false);
        }
        self.learn(advance.states);
        Ok(true)
    }

    /// The learned states that show `pre` (by fingerprint when `pre` gives every variable).
    fn learned_matching(
        &mut self,
        pre: &Observation,
        full: Option<&State>,
    ) -> Result<Vec<State>, EvalError> {
        let mut kept = Vec::new();
        if let Some(state) = full {
            if self.learned_fingerprints.contains(&state.fingerprint())
                && self.stepper.matches(state, pre)?
            {
                kept.push(state.clone());
            }
            return Ok(kept);
        }
        for state in &self.learned {
            if self.stepper.matches(state, pre)? {
                kept.push(state.clone());
            }
        }
        Ok(kept)
    }

    fn learn(&mut self, states: Vec<State>) {
        for state in states {
            if self.learned.len() >= self.max_learned {
                return;
            }
            if self.learned_fingerprints.insert(state.fingerprint()) {
                self.learned.push(state);
            }
        }
    }
}

fn fingerprint_set(states: &[State]) -> std::collections::HashSet<u64, ahash::RandomState> {
    let mut set = fingerprints();
    set.extend(states.iter().map(State::fingerprint));
    set
}
