//! The state graph kept for liveness checking, recorded during the one breadth-first search.
//!
//! While a level is expanded, each block of frontier states records, per state, the label of
//! its stuttering step and, per successor inside the model, the successor's fingerprint and
//! the label of the step ([`BlockEdges`]). A *label* is the set of atom values on a step: the
//! state atoms of its source and the action atoms of the step, interned into a table so that an
//! edge stores a `u32`. Once the next level is committed, every fingerprint has a state index
//! (breadth-first order, the parent links' numbering) and the block's edges are resolved and
//! appended, in frontier order, to a compact adjacency array ([`StateGraph`]).

use std::collections::HashMap;

use rayon::prelude::*;

use super::{AtomId, AtomKind, AtomValues, LivenessSpec};
use crate::seen::FingerprintSet;
use crate::TransitionSystem;

/// Edge counts per state, and `(target, label)` edges.
type ResolvedBlock = (Vec<u32>, Vec<(u32, u32)>);

/// Which atoms are state atoms and which action atoms, as bit masks.
#[derive(Clone, Debug)]
pub(crate) struct AtomLayout {
    count: usize,
    state_mask: Vec<u64>,
    action_mask: Vec<u64>,
    /// True if some atom is an action atom (else steps are labelled by their source alone).
    pub has_action_atoms: bool,
    /// [`LivenessSpec::stepping`]: state atoms set from the successors, not evaluated.
    stepping: Vec<AtomId>,
}

impl AtomLayout {
    /// The layout of `spec`'s atoms.
    pub fn new(spec: &LivenessSpec) -> AtomLayout {
        let words = spec.atoms.len().div_ceil(64);
        let (mut state_mask, mut action_mask) = (vec![0u64; words], vec![0u64; words]);
        for (index, kind) in spec.atoms.iter().enumerate() {
            let mask = match kind {
                AtomKind::State => &mut state_mask,
                AtomKind::Action => &mut action_mask,
            };
            mask[index / 64] |= 1 << (index % 64);
        }
        let has_action_atoms = spec.atoms.contains(&AtomKind::Action);
        AtomLayout {
            count: spec.atoms.len(),
            state_mask,
            action_mask,
            has_action_atoms,
            stepping: spec.stepping.clone(),
        }
    }

    /// True if some state atom is set from the successors ([`BlockEdges::end_state`]).
    pub fn has_stepping(&self) -> bool {
        !self.stepping.is_empty()
    }

    /// Empty values with room for every atom.
    pub fn values(&self) -> AtomValues {
        AtomValues::new(self.count)
    }

    /// The label of a step: state atoms from `state`, action atoms from `action`.
    pub fn combine(&self, state: &AtomValues, action: &AtomValues) -> AtomValues {
        let mut label = self.values();
        self.combine_into(state, action, &mut label);
        label
    }

    /// Writes the label of a step into `label` (sized by [`values`](Self::values)).
    fn combine_into(&self, state: &AtomValues, action: &AtomValues, label: &mut AtomValues) {
        for (index, word) in label.words_mut().iter_mut().enumerate() {
            let s = state.words().get(index).copied().unwrap_or(0);
            let a = action.words().get(index).copied().unwrap_or(0);
            *word = (s & self.state_mask[index]) | (a & self.action_mask[index]);
        }
    }

    /// Resets `values` to all false with room for every atom, keeping its allocation.
    fn reset(&self, values: &mut AtomValues) {
        if values.words().len() == self.count.div_ceil(64) {
            values.clear();
        } else {
            *values = self.values();
        }
    }

    /// The state atoms of `state` only (the label of any step when there are no action atoms).
    pub fn state_only(&self, state: &AtomValues) -> AtomValues {
        self.combine(state, &AtomValues::default())
    }
}

/// Up to this many labels, interning scans the table.
const SCAN_LABELS: usize = 16;

/// Distinct labels, numbered in order of first appearance.
#[derive(Debug, Default)]
pub(crate) struct LabelTable {
    labels: Vec<AtomValues>,
    ids: HashMap<AtomValues, u32>,
}

impl LabelTable {
    /// The number of `label`, added if new.
    pub fn intern(&mut self, label: &AtomValues) -> u32 {
        // Most specifications have a handful of labels: a scan beats hashing them.
        let found = if self.labels.len() <= SCAN_LABELS {
            let same = |l: &AtomValues| {
                let (a, b) = (l.words(), label.words());
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
            };
            self.labels.iter().position(same).map(|i| i as u32)
        } else {
            self.ids.get(label).copied()
        };
        if let Some(id) = found {
            return id;
        }
        let id = self.labels.len() as u32;
        self.labels.push(label.clone());
        self.ids.insert(label.clone(), id);
        id
    }

    /// All labels, by number.
    pub fn labels(&self) -> &[AtomValues] {
        &self.labels
    }

    fn bytes(&self) -> usize {
        let words: usize = self.labels.iter().map(|l| l.words().len() * 8 + 48).sum();
        words * 2
    }
}

/// At most this many successors of one state are kept to reuse their labels.
const REUSED_LABELS: usize = 256;

/// The edges one block of frontier states produced, before fingerprints are resolved.
#[derive(Debug)]
pub(crate) struct BlockEdges<S> {
    labels: LabelTable,
    /// Per state: the label of its stuttering step and its number of recorded successors.
    states: Vec<(u32, u32)>,
    /// Per recorded successor: fingerprint and block-local label.
    successors: Vec<(u64, u32)>,
    /// The current state's successors labelled so far, with fingerprint and label: a
    /// successor produced again (`Increment(n)` and `Increment(n) \cdot Reduction` often
    /// coincide) reuses its label. Matched by state equality, not by fingerprint alone
    /// (`VIEW` and `SYMMETRY` give different states one fingerprint).
    labelled: Vec<(u64, S, u32)>,
    /// Scratch values.
    state_values: AtomValues,
    action_values: AtomValues,
    label: AtomValues,
    current_state_label: u32,
    /// Where the current state's successors start in `successors`.
    first_successor: usize,
}

impl<S> Default for BlockEdges<S> {
    fn default() -> BlockEdges<S> {
        BlockEdges {
            labels: LabelTable::default(),
            states: Vec::new(),
            successors: Vec::new(),
            labelled: Vec::new(),
            state_values: AtomValues::default(),
            action_values: AtomValues::default(),
            label: AtomValues::default(),
            current_state_label: 0,
            first_successor: 0,
        }
    }
}

impl<S: Clone> BlockEdges<S> {
    /// Starts the record of one frontier state: its state atoms and its stuttering step.
    /// The stepping atoms are taken as true until [`end_state`](Self::end_state) knows
    /// better (true, not false, so that an action atom `<<Next>>_v` is not taken for
    /// disabled meanwhile).
    pub fn begin_state<T: TransitionSystem<State = S>>(
        &mut self,
        layout: &AtomLayout,
        system: &T,
        state: &S,
    ) -> Result<(), T::Error> {
        self.labelled.clear();
        self.first_successor = self.successors.len();
        layout.reset(&mut self.state_values);
        if layout.has_stepping() {
            system.state_atoms_but_stepping(state, &mut self.state_values)?;
            for &atom in &layout.stepping {
                self.state_values.set(atom, true);
            }
        } else {
            system.state_atoms(state, &mut self.state_values)?;
        }
        layout.reset(&mut self.label);
        layout.combine_into(&self.state_values, &AtomValues::default(), &mut self.label);
        let state_label = self.labels.intern(&self.label);
        self.current_state_label = state_label;
        let stutter = if layout.has_action_atoms {
            self.step_label(layout, system, state, state)?
        } else {
            state_label
        };
        self.states.push((stutter, 0));
        Ok(())
    }

    /// Ends the record of the current state: `stepped` says whether some successor the
    /// system emitted (in the model or not) differs from it, the value of the stepping
    /// atoms. Where none does, the state's labels (its stuttering step and every recorded
    /// step) are made again with those atoms false.
    pub fn end_state(&mut self, layout: &AtomLayout, stepped: bool) {
        if stepped || !layout.has_stepping() {
            return;
        }
        let relabel = |labels: &mut LabelTable, label: &mut u32| {
            let mut values = labels.labels()[*label as usize].clone();
            for &atom in &layout.stepping {
                values.set(atom, false);
            }
            *label = labels.intern(&values);
        };
        if let Some((stutter, _)) = self.states.last_mut() {
            relabel(&mut self.labels, stutter);
        }
        for (_, label) in &mut self.successors[self.first_successor..] {
            relabel(&mut self.labels, label);
        }
    }

    /// Records the step from the current state to `successor` (fingerprint `fp`).
    pub fn add_successor<T: TransitionSystem<State = S>>(
        &mut self,
        layout: &AtomLayout,
        system: &T,
        from: &S,
        successor: &S,
        fp: u64,
    ) -> Result<(), T::Error> {
        let label = if layout.has_action_atoms {
            self.successor_label(layout, system, from, successor, fp)?
        } else {
            self.current_state_label
        };
        self.successors.push((fp, label));
        if let Some(last) = self.states.last_mut() {
            last.1 += 1;
        }
        Ok(())
    }

    /// The label of the step `from -> successor`: the stuttering step's if `successor` is
    /// `from`, an earlier successor's if it is that one, else evaluated.
    fn successor_label<T: TransitionSystem<State = S>>(
        &mut self,
        layout: &AtomLayout,
        system: &T,
        from: &S,
        successor: &S,
        fp: u64,
    ) -> Result<u32, T::Error> {
        let Some(same) = system.same_state(from, successor) else {
            return self.step_label(layout, system, from, successor);
        };
        if same {
            let stutter = self.states.last().map(|&(stutter, _)| stutter);
            return Ok(stutter.expect("begin_state comes first"));
        }
        let earlier = self.labelled.iter().find(|(earlier_fp, earlier, _)| {
            *earlier_fp == fp && system.same_state(earlier, successor) == Some(true)
        });
        if let Some(&(_, _, label)) = earlier {
            return Ok(label);
        }
        let label = self.step_label(layout, system, from, successor)?;
        if self.labelled.len() < REUSED_LABELS {
            self.labelled.push((fp, successor.clone(), label));
        }
        Ok(label)
    }

    fn step_label<T: TransitionSystem<State = S>>(
        &mut self,
        layout: &AtomLayout,
        system: &T,
        from: &S,
        to: &S,
    ) -> Result<u32, T::Error> {
        layout.reset(&mut self.action_values);
        system.action_atoms_from(from, to, &self.state_values, &mut self.action_values)?;
        layout.reset(&mut self.label);
        layout.combine_into(&self.state_values, &self.action_values, &mut self.label);
        Ok(self.labels.intern(&self.label))
    }
}

/// The recorded state graph: every state's out-edges, its stuttering step first.
#[derive(Debug, Default)]
pub(crate) struct StateGraph {
    /// `offsets[s]..offsets[s + 1]` are the edges of state `s`, its stuttering step first.
    offsets: Vec<u64>,
    /// Targets of the edges that are not stuttering steps: edge `e` of state `s` has its
    /// target at `e - (s + 1)` (the stuttering steps of states `0..=s` are not stored).
    targets: Vec<u32>,
    edge_labels: LabelColumn,
    labels: LabelTable,
    /// Initial states: indices `0..initial`.
    initial: u32,
}

impl StateGraph {
    /// An empty graph.
    pub fn new() -> StateGraph {
        StateGraph {
            offsets: vec![0],
            ..StateGraph::default()
        }
    }

    /// Marks the first `count` states as the initial ones.
    pub fn set_initial(&mut self, count: u32) {
        self.initial = count;
    }

    /// Appends the edges of the next states (a level's blocks, in frontier order). Every
    /// successor's fingerprint must have its index in `seen` already.
    pub fn add_edges<S: Sync>(&mut self, blocks: Vec<BlockEdges<S>>, seen: &FingerprintSet) {
        let mut mapped: Vec<Vec<u32>> = Vec::with_capacity(blocks.len());
        for block in &blocks {
            let global = block.labels.labels().iter().cloned();
            mapped.push(global.map(|label| self.labels.intern(&label)).collect());
        }
        let mut firsts = Vec::with_capacity(blocks.len());
        let mut first = self.states();
        for block in &blocks {
            firsts.push(first);
            first += block.states.len() as u32;
        }
        let index_of = seen;
        let resolved: Vec<ResolvedBlock> = blocks
            .par_iter()
            .zip(mapped.par_iter().zip(firsts.par_iter()))
            .map(|(block, (map, &first))| resolve_block(block, first, map, index_of))
            .collect();
        for (counts, edges) in resolved {
            let mut next = 0usize;
            for count in counts {
                let own = &edges[next..next + count as usize];
                self.targets
                    .extend(own[1..].iter().map(|&(target, _)| target));
                own.iter()
                    .for_each(|&(_, label)| self.edge_labels.push(label));
                next += count as usize;
                self.offsets.push(self.edge_labels.len() as u64);
            }
        }
    }

    /// Number of states with edges.
    pub fn states(&self) -> u32 {
        (self.offsets.len() - 1) as u32
    }

    /// The initial states are `0..initial_states()`.
    pub fn initial_states(&self) -> u32 {
        self.initial
    }

    /// The edges of `state`: positions into [`target`](Self::target) and
    /// [`label`](Self::label); the first is the stuttering step.
    pub fn edges(&self, state: u32) -> std::ops::Range<usize> {
        self.offsets[state as usize] as usize..self.offsets[state as usize + 1] as usize
    }

    /// The target of edge `edge` of state `source`.
    pub fn target(&self, source: u32, edge: usize) -> u32 {
        if self.is_stutter(source, edge) {
            source
        } else {
            self.targets[edge - (source as usize + 1)]
        }
    }

    /// The label number of edge `edge`.
    pub fn label(&self, edge: usize) -> u32 {
        self.edge_labels.get(edge)
    }

    /// True if `edge` is the stuttering step of its source.
    pub fn is_stutter(&self, source: u32, edge: usize) -> bool {
        self.offsets[source as usize] as usize == edge
    }

    /// All distinct labels.
    pub fn labels(&self) -> &[AtomValues] {
        self.labels.labels()
    }

    /// Number of edges (stuttering steps included).
    pub fn edge_count(&self) -> u64 {
        self.edge_labels.len() as u64
    }

    /// Bytes held by the graph (without the seen set's indices).
    pub fn bytes(&self) -> u64 {
        let arrays =
            self.offsets.capacity() * 8 + self.targets.capacity() * 4 + self.edge_labels.bytes();
        (arrays + self.labels.bytes()) as u64
    }
}

/// Edge labels, one byte each while there are at most 256 labels, then two, then four.
#[derive(Debug)]
enum LabelColumn {
    Narrow(Vec<u8>),
    Middle(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for LabelColumn {
    fn default() -> LabelColumn {
        LabelColumn::Narrow(Vec::new())
    }
}

impl LabelColumn {
    fn push(&mut self, label: u32) {
        match self {
            LabelColumn::Narrow(column) => match u8::try_from(label) {
                Ok(label) => column.push(label),
                Err(_) => {
                    *self = LabelColumn::Middle(column.iter().map(|&l| u16::from(l)).collect());
                    self.push(label);
                }
            },
            LabelColumn::Middle(column) => match u16::try_from(label) {
                Ok(label) => column.push(label),
                Err(_) => {
                    *self = LabelColumn::Wide(column.iter().map(|&l| u32::from(l)).collect());
                    self.push(label);
                }
            },
            LabelColumn::Wide(column) => column.push(label),
        }
    }

    fn get(&self, edge: usize) -> u32 {
        match self {
            LabelColumn::Narrow(column) => u32::from(column[edge]),
            LabelColumn::Middle(column) => u32::from(column[edge]),
            LabelColumn::Wide(column) => column[edge],
        }
    }

    fn len(&self) -> usize {
        match self {
            LabelColumn::Narrow(column) => column.len(),
            LabelColumn::Middle(column) => column.len(),
            LabelColumn::Wide(column) => column.len(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            LabelColumn::Narrow(column) => column.capacity(),
            LabelColumn::Middle(column) => column.capacity() * 2,
            LabelColumn::Wide(column) => column.capacity() * 4,
        }
    }
}

/// One block's edges as `(target, label)` per state, the stuttering step first, the others
/// sorted, without duplicates (nor copies of the stuttering step); `first` is the index of the
/// block's first state. Returns the edge counts per state and the edges.
fn resolve_block<S>(
    block: &BlockEdges<S>,
    first: u32,
    label_map: &[u32],
    index_of: &FingerprintSet,
) -> ResolvedBlock {
    let mut counts = Vec::with_capacity(block.states.len());
    let mut edges = Vec::with_capacity(block.states.len() + block.successors.len());
    let mut next = 0usize;
    for (state, &(stutter, successors)) in (first..).zip(&block.states) {
        let stutter = (state, label_map[stutter as usize]);
        let start = edges.len();
        edges.push(stutter);
        let own = &block.successors[next..next + successors as usize];
        next += successors as usize;
        edges.extend(
            own.iter()
                .map(|&(fp, label)| (resolve(index_of, fp), label_map[label as usize])),
        );
        edges[start + 1..].sort_unstable();
        let mut kept = start + 1;
        for read in start + 1..edges.len() {
            let edge = edges[read];
            if edge != stutter && (kept == start + 1 || edge != edges[kept - 1]) {
                edges[kept] = edge;
                kept += 1;
            }
        }
        edges.truncate(kept);
        counts.push((kept - start) as u32);
    }
    (counts, edges)
}

/// The index of a successor's fingerprint: committed before its edge is resolved.
fn resolve(index_of: &FingerprintSet, fp: u64) -> u32 {
    index_of
        .index_of(fp)
        .expect("every successor inside the model is committed before its edge is resolved")
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::{ActionId, AtomId, Ltl, Obligation};

    /// States are numbers; atom 0 (an action atom) holds on a step `n -> n + 1`. Counts the
    /// calls of `action_atoms`.
    struct Counter {
        calls: AtomicUsize,
    }

    impl TransitionSystem for Counter {
        type State = u32;
        type Error = ();
        fn fingerprint(&self, state: &u32) -> u64 {
            u64::from(*state)
        }
        fn initial_states(&self, emit: &mut dyn FnMut(u32)) -> Result<(), ()> {
            emit(0);
            Ok(())
        }
        fn successors(&self, _: &u32, _: &mut dyn FnMut(ActionId, u32)) -> Result<(), ()> {
            Ok(())
        }
        fn same_state(&self, a: &u32, b: &u32) -> Option<bool> {
            Some(a == b)
        }
        fn action_atoms(&self, from: &u32, to: &u32, out: &mut AtomValues) -> Result<(), ()> {
            self.calls.fetch_add(1, Ordering::Relaxed);
            out.set(AtomId(0), *to == *from + 1);
            Ok(())
        }
    }

    #[test]
    fn a_successor_produced_again_or_equal_to_its_source_reuses_a_label() {
        let spec = LivenessSpec {
            atoms: vec![AtomKind::Action],
            obligations: vec![Obligation {
                name: "P".into(),
                counter: Ltl::Atom(AtomId(0)),
            }],
            stepping: Vec::new(),
        };
        let layout = AtomLayout::new(&spec);
        let system = Counter {
            calls: AtomicUsize::new(0),
        };
        let mut edges = BlockEdges::default();
        edges.begin_state(&layout, &system, &5).unwrap();
        // 6 is new, 5 is the source, 6 again, 7 new, and 8 with 6's fingerprint (as under a
        // VIEW): evaluated, not taken for 6.
        for (successor, fp) in [(6, 6), (5, 5), (6, 6), (7, 7), (8, 6)] {
            edges
                .add_successor(&layout, &system, &5, &successor, fp)
                .unwrap();
        }
        assert_eq!(system.calls.load(Ordering::Relaxed), 4);
        let (moved, still) = (edges.successors[0].1, edges.states[0].0);
        assert_ne!(moved, still);
        let labels: Vec<u32> = edges.successors.iter().map(|&(_, l)| l).collect();
        assert_eq!(labels, vec![moved, still, moved, still, still]);
        assert_eq!(edges.states, vec![(still, 5)]);
    }
}
