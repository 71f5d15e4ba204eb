//! Which temporal properties a lasso violates. The explorer reports the first obligation a
//! counterexample satisfies; TLC names every configured property the behaviour violates
//! ("Temporal properties A and B were violated"), which is decided here by evaluating each
//! property's negation on the lasso (`Liveness.findViolatedProperties` in TLC).

use tlafid_check::{AtomValues, Ltl, TransitionSystem};
use tlafid_eval::{EvalError, State};

use crate::bind::Model;

impl Model<'_> {
    /// The names of the temporal properties (configuration order, each once) that the
    /// behaviour `states[0] ... states[k-1]`, then back to `states[cycle]` forever, violates.
    pub fn violated_properties(
        &self,
        states: &[&State],
        cycle: usize,
    ) -> Result<Vec<String>, EvalError> {
        let k = states.len();
        if k == 0 || cycle >= k {
            return Ok(Vec::new());
        }
        let atoms = self.liveness.atoms.len();
        let mut positions = Vec::with_capacity(k);
        for (i, state) in states.iter().enumerate() {
            let next = if i + 1 < k {
                states[i + 1]
            } else {
                states[cycle]
            };
            let mut values = AtomValues::new(atoms);
            self.state_atoms(state, &mut values)?;
            self.action_atoms(state, next, &mut values)?;
            positions.push(values);
        }
        let mut names: Vec<String> = Vec::new();
        for (obligation, negation) in self.liveness.obligations.iter().zip(&self.negations) {
            if holds(negation, &positions, cycle)[0] && !names.contains(&obligation.name) {
                names.push(obligation.name.clone());
            }
        }
        Ok(names)
    }
}

/// The value of `f` at each position of the lasso whose last position steps back to
/// `cycle`.
fn holds(f: &Ltl, positions: &[AtomValues], cycle: usize) -> Vec<bool> {
    let k = positions.len();
    match f {
        Ltl::Bool(b) => vec![*b; k],
        Ltl::Atom(a) => positions.iter().map(|p| p.get(*a)).collect(),
        Ltl::NotAtom(a) => positions.iter().map(|p| !p.get(*a)).collect(),
        Ltl::And(items) | Ltl::Or(items) => {
            let and = matches!(f, Ltl::And(_));
            let mut out = vec![and; k];
            for item in items {
                for (o, v) in out.iter_mut().zip(holds(item, positions, cycle)) {
                    *o = if and { *o && v } else { *o || v };
                }
            }
            out
        }
        Ltl::Always(g) | Ltl::Eventually(g) => {
            let always = matches!(f, Ltl::Always(_));
            let g = holds(g, positions, cycle);
            // On the cycle every position reaches every other one.
            let on_cycle = if always {
                g[cycle..].iter().all(|&v| v)
            } else {
                g[cycle..].iter().any(|&v| v)
            };
            let mut out = vec![on_cycle; k];
            for i in (0..cycle).rev() {
                out[i] = if always {
                    g[i] && out[i + 1]
                } else {
                    g[i] || out[i + 1]
                };
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tlafid_check::AtomId;

    fn word(bits: &[bool]) -> Vec<AtomValues> {
        bits.iter()
            .map(|&b| {
                let mut v = AtomValues::new(1);
                v.set(AtomId(0), b);
                v
            })
            .collect()
    }

    #[test]
    fn always_and_eventually_on_a_lasso() {
        let p = || Box::new(Ltl::Atom(AtomId(0)));
        // p: 0 1 | 0 1 (the cycle is positions 2..3)
        let w = word(&[false, true, false, true]);
        assert_eq!(holds(&Ltl::Always(p()), &w, 2), [false; 4]);
        assert_eq!(holds(&Ltl::Eventually(p()), &w, 2), [true; 4]);
        let inf_often = Ltl::Always(Box::new(Ltl::Eventually(p())));
        assert_eq!(holds(&inf_often, &w, 2), [true; 4]);
        // p: 1 1 | 0 (stutters in the last state)
        let w = word(&[true, true, false]);
        assert_eq!(holds(&Ltl::Eventually(p()), &w, 2), [true, true, false]);
        let eventually_always = Ltl::Eventually(Box::new(Ltl::Always(p())));
        assert_eq!(holds(&eventually_always, &w, 2), [false; 3]);
        assert_eq!(
            holds(&Ltl::Always(p()), &word(&[false, true]), 1),
            [false, true]
        );
    }
}
