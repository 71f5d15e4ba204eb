//! The contract between the explorer and whatever it explores: a [`TransitionSystem`].

use crate::liveness::{AtomValues, LivenessSpec};

/// Names one action (one disjunct of the next-state relation, as the system splits it).
///
/// The explorer only uses it as an index into per-action statistics and shows it in traces;
/// the system decides what each number means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ActionId(pub u32);

/// Names one checked property (an invariant, or an action property `[][A]_v`).
///
/// Invariants and action properties have separate numberings; the system decides both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ViolationId(pub u32);

/// A successor as [`TransitionSystem::successors_unmade`] emits it: the state itself, or its
/// fingerprint with what makes the state, so that a successor the explorer has seen is
/// never made (most successors of a breadth-first search were seen before).
pub enum Successor<'m, S> {
    /// The state.
    Made(S),
    /// A state not made yet.
    Unmade {
        /// What [`TransitionSystem::fingerprint`] gives for the state.
        fingerprint: u64,
        /// Makes the state; called at most once.
        make: &'m mut dyn FnMut() -> S,
    },
}

/// A transition system the explorer can walk: initial states, successors, and the checks.
///
/// The explorer follows TLC's rules (see the crate docs for the exact counting rules):
/// - a successor *generated* by [`successors`](Self::successors) is counted in
///   "states generated" whether or not it passes the constraints;
/// - a successor that fails [`in_model`](Self::in_model) (a `CONSTRAINT`) or
///   [`action_allowed`](Self::action_allowed) (an `ACTION_CONSTRAINT`) is not added to the
///   seen set and not explored, but its invariants are still checked;
/// - [`check_action_properties`](Self::check_action_properties) runs on every generated
///   transition, also towards already-seen states;
/// - a state is deadlocked when `successors` emits nothing at all, before constraints.
///
/// Requirements on an implementation:
/// - **Deterministic**: the same state gives the same successors in the same order, and
///   `initial_states` emits the same states in the same order. Counterexamples are rebuilt by
///   replaying from initial states, picking successors by their position in that order.
/// - **Fingerprints** are fixed-seed 64-bit hashes. Two states with the same fingerprint are the
///   same state for the explorer: a `VIEW` is implemented by hashing only the view, and
///   `SYMMETRY` by hashing a canonical representative of the state's orbit. The first state (in
///   breadth-first order) with a given fingerprint is the one kept and explored.
/// - Callbacks may be called from several threads at once (hence `Sync`).
pub trait TransitionSystem: Sync {
    /// A full state.
    type State: Clone + Send + Sync;
    /// What an evaluation failure looks like (for a TLA+ binding, a diagnostic).
    type Error: Send;

    /// The state's 64-bit fingerprint (fixed seed; after applying VIEW / symmetry).
    fn fingerprint(&self, state: &Self::State) -> u64;

    /// Emits every initial state, in a fixed order (duplicates allowed: they count as generated).
    fn initial_states(&self, emit: &mut dyn FnMut(Self::State)) -> Result<(), Self::Error>;

    /// Emits the initial states in [`initial_states`](Self::initial_states)' order while
    /// `emit` returns `true`. The explorer stops asking once a budget is spent, so a system
    /// whose initial predicate can be huge (`x \in 1..2000000000`) overrides this to stop
    /// generating then; the default generates them all and passes on those wanted.
    fn initial_states_while(
        &self,
        emit: &mut dyn FnMut(Self::State) -> bool,
    ) -> Result<(), Self::Error> {
        let mut wanted = true;
        self.initial_states(&mut |state| {
            if wanted {
                wanted = emit(state);
            }
        })
    }

    /// Emits every successor of `state` with the action that produced it, in a fixed order
    /// (TLC's order, if counts at a violation are to match TLC's with one worker).
    fn successors(
        &self,
        state: &Self::State,
        emit: &mut dyn FnMut(ActionId, Self::State),
    ) -> Result<(), Self::Error>;

    /// Emits what [`successors`](Self::successors) emits, in the same order, each successor
    /// possibly [`Successor::Unmade`]: a system that can fingerprint a successor before it
    /// makes it (`successors` would have made every one) overrides this. The explorer
    /// expands states with it. The default makes every successor.
    fn successors_unmade(
        &self,
        state: &Self::State,
        emit: &mut dyn FnMut(ActionId, Successor<'_, Self::State>),
    ) -> Result<(), Self::Error> {
        self.successors(state, &mut |action, successor| {
            emit(action, Successor::Made(successor))
        })
    }

    /// `false` if [`action_allowed`](Self::action_allowed) and
    /// [`check_action_properties`](Self::check_action_properties) answer as their defaults
    /// whatever the step (no action constraints, no action properties): the explorer then
    /// does not ask them, and does not make a seen successor to ask them. `true` by default.
    fn checks_steps(&self) -> bool {
        true
    }

    /// Appends a compact encoding of `state` to `out`, for the explorer's queue, and returns
    /// `true`; or returns `false` (the default), leaving `out` as it was, to have the state
    /// queued whole. A packed state is rebuilt with [`unpack`](Self::unpack) each time the
    /// explorer needs it (to check it, expand it or show it), so packing trades some time
    /// for the memory of the two breadth-first levels in flight.
    fn pack(&self, state: &Self::State, out: &mut Vec<u8>) -> bool {
        let _ = (state, out);
        false
    }

    /// The state [`pack`](Self::pack) encoded as `bytes`, equal to the one packed (same
    /// fingerprint, same successors in the same order); `None` for bytes `pack` did not
    /// write, which stops the run with `E096`.
    fn unpack(&self, bytes: &[u8]) -> Option<Self::State> {
        let _ = bytes;
        None
    }

    /// Appends what [`unpack`](Self::unpack) needs besides the bytes (a table of interned
    /// leaves, say) to `out`, so that another process can rebuild packed states from a
    /// checkpoint; `false` (the default) if it cannot, and then a run with checkpoints is
    /// refused before it starts (`E090`).
    fn save_packing(&self, out: &mut Vec<u8>) -> bool {
        let _ = out;
        false
    }

    /// Restores what [`save_packing`](Self::save_packing) wrote, before anything is packed;
    /// `false` if `bytes` are not such a save (the checkpoint is then refused, `E098`).
    fn restore_packing(&self, bytes: &[u8]) -> bool {
        let _ = bytes;
        false
    }

    /// Checks the invariants on `state`: `Ok(Some(id))` names the first one violated.
    fn check_invariants(&self, state: &Self::State) -> Result<Option<ViolationId>, Self::Error> {
        let _ = state;
        Ok(None)
    }

    /// Checks the invariants on `state`, a successor of `parent` that satisfies every
    /// invariant: a system may take an invariant (or a part of one) that reads only values
    /// `state` shares with `parent` as holding again. [`check_invariants`] by default.
    ///
    /// [`check_invariants`]: Self::check_invariants
    fn check_invariants_after(
        &self,
        parent: &Self::State,
        state: &Self::State,
    ) -> Result<Option<ViolationId>, Self::Error> {
        let _ = parent;
        self.check_invariants(state)
    }

    /// Checks the invariants on an initial state: what [`check_invariants`] answers, where
    /// a system may skip the invariants its initial predicate implies (they cannot fail on a
    /// state it admitted). [`check_invariants`] by default.
    ///
    /// [`check_invariants`]: Self::check_invariants
    fn check_initial_invariants(
        &self,
        state: &Self::State,
    ) -> Result<Option<ViolationId>, Self::Error> {
        self.check_invariants(state)
    }

    /// Checks the initial-state parts of temporal properties (TLC's "implied inits") on an
    /// initial state, after its invariants: `Ok(Some(id))` names the first one violated.
    fn check_initial_properties(
        &self,
        state: &Self::State,
    ) -> Result<Option<ViolationId>, Self::Error> {
        let _ = state;
        Ok(None)
    }

    /// `true` if [`fingerprint`](Self::fingerprint) hashes the whole state (no `VIEW`, no
    /// `SYMMETRY`), so that a state whose fingerprint was seen is that very state: the
    /// explorer then skips its state constraints (a seen state was in the model) and its
    /// invariants (they held when it was first found). Only if those checks read nothing but
    /// the state: a spilling run evaluates them again on a state met again whose fingerprint
    /// is on disk, and must answer as the in-memory run. `false` by default.
    fn fingerprint_is_exact(&self) -> bool {
        false
    }

    /// The state constraints (`CONSTRAINT`): states outside the model are not explored.
    fn in_model(&self, state: &Self::State) -> Result<bool, Self::Error> {
        let _ = state;
        Ok(true)
    }

    /// [`in_model`](Self::in_model) of `state`, a successor of `parent`, a state in the
    /// model: a system may take a constraint that reads only values `state` shares with
    /// `parent` as holding again. `in_model(state)` by default.
    fn in_model_after(
        &self,
        parent: &Self::State,
        state: &Self::State,
    ) -> Result<bool, Self::Error> {
        let _ = parent;
        self.in_model(state)
    }

    /// The action constraints (`ACTION_CONSTRAINT`) on the step `from -> to`.
    fn action_allowed(&self, from: &Self::State, to: &Self::State) -> Result<bool, Self::Error> {
        let _ = (from, to);
        Ok(true)
    }

    /// Told that the explorer starts (`true`) or ends (`false`) evaluating again states it
    /// has explored, to rebuild a counterexample; a system can keep that evaluation quiet
    /// (a spec's `Print`). The default does nothing.
    fn rebuilding(&self, rebuilding: bool) {
        let _ = rebuilding;
    }

    /// Told of each distinct state the search keeps, once, in sequential order, when
    /// [`Options::observe_states`](crate::Options::observe_states) is set (what per-variable
    /// coverage counts). The default does nothing.
    fn observe_state(&self, state: &Self::State) {
        let _ = state;
    }

    /// Checks the action properties (`[][A]_v`) on the step `from -> to`: `Ok(Some(id))`
    /// names the first one violated.
    fn check_action_properties(
        &self,
        from: &Self::State,
        to: &Self::State,
    ) -> Result<Option<ViolationId>, Self::Error> {
        let _ = (from, to);
        Ok(None)
    }

    /// The temporal properties to decide over the state graph (see [`crate::liveness`]);
    /// `None` (the default) or an empty spec: the explorer keeps no graph.
    fn liveness(&self) -> Option<&LivenessSpec> {
        None
    }

    /// [`action_atoms`](Self::action_atoms), given the values of the state atoms of `from`
    /// (as [`state_atoms`](Self::state_atoms) set them), which a system may use to skip
    /// evaluations (`<<A>>_v` is false on every step from a state where `ENABLED <<A>>_v`
    /// is). The default ignores them.
    fn action_atoms_from(
        &self,
        from: &Self::State,
        to: &Self::State,
        state_values: &AtomValues,
        out: &mut AtomValues,
    ) -> Result<(), Self::Error> {
        let _ = state_values;
        self.action_atoms(from, to, out)
    }

    /// `Some(true)` if `a` and `b` are the same state (equal values, not merely one
    /// fingerprint under `VIEW` or `SYMMETRY`), `Some(false)` if not, `None` (the default)
    /// if the system cannot tell. The state graph then reuses a step's atom values for a
    /// successor produced twice, and the stuttering step's for a successor equal to its
    /// source.
    fn same_state(&self, a: &Self::State, b: &Self::State) -> Option<bool> {
        let _ = (a, b);
        None
    }

    /// Sets, in `out`, the value of every [`AtomKind::State`](crate::AtomKind::State) atom
    /// of [`liveness`](Self::liveness) in `state`. Called once per distinct state.
    fn state_atoms(&self, state: &Self::State, out: &mut AtomValues) -> Result<(), Self::Error> {
        let _ = (state, out);
        Ok(())
    }

    /// As [`state_atoms`](Self::state_atoms), but it need not set the atoms
    /// [`LivenessSpec::stepping`] names: the state graph derives those from the successors.
    /// The default sets them all.
    fn state_atoms_but_stepping(
        &self,
        state: &Self::State,
        out: &mut AtomValues,
    ) -> Result<(), Self::Error> {
        self.state_atoms(state, out)
    }

    /// Sets, in `out`, the value of every [`AtomKind::Action`](crate::AtomKind::Action) atom
    /// on the step `from -> to`. Called on every edge of the state graph, and on `s -> s`
    /// (stuttering) for every distinct state `s`: `to` is always a successor of `from` that
    /// [`successors`](Self::successors) emitted (one with its fingerprint), or `from`.
    fn action_atoms(
        &self,
        from: &Self::State,
        to: &Self::State,
        out: &mut AtomValues,
    ) -> Result<(), Self::Error> {
        let _ = (from, to, out);
        Ok(())
    }
}
