//! Finding an accepting strongly connected component of the product: breadth-first
//! reachability from the initial nodes, then an iterative Tarjan search (no recursion on the
//! graph) over the steps every cycle condition allows, and, for a component that breaks a
//! Streett pair, the same search again inside it without the steps that break the pair.

use super::product::Product;
use crate::report::Budget;
use crate::watch::Watch;

const UNSEEN: u32 = u32::MAX;

/// A cycle condition, per label: every step satisfies `always` or some step `sometimes`.
pub(crate) struct LabelPair {
    /// `None`: false (the pair needs a `sometimes` step).
    pub always: Option<Vec<bool>>,
    /// `None`: false.
    pub sometimes: Option<Vec<bool>>,
}

/// What the search keeps per product node.
pub(crate) struct Search<'p, 'g> {
    pub product: &'p Product<'g>,
    pub pairs: &'p [LabelPair],
    watch: &'p Watch,
    /// Breadth-first rank (`UNSEEN` if unreachable); the order is in `order`.
    pub rank: Vec<u32>,
    /// Breadth-first parent (`UNSEEN` for an initial node).
    pub parent: Vec<u32>,
    pub order: Vec<u32>,
    /// The node set a Tarjan run is confined to.
    pub tag: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    next_tag: u32,
    work: u64,
    /// Per label, the stamp of the last component check that met it.
    label_mark: Vec<u32>,
    stamp: u32,
}

/// An accepting component, with the restriction its cycle must respect.
pub(crate) struct Accepted {
    pub members: Vec<u32>,
    pub tag: u32,
    pub filter: Vec<bool>,
    /// Pairs whose `sometimes` side the cycle must meet.
    pub needed: Vec<usize>,
}

/// The search stopped for time or cancellation.
pub(crate) struct Stopped(pub Budget);

impl<'p, 'g> Search<'p, 'g> {
    /// Bytes held by the search's arrays.
    pub fn bytes(&self) -> u64 {
        let words = self.rank.capacity()
            + self.parent.capacity()
            + self.order.capacity()
            + self.tag.capacity()
            + self.index.capacity()
            + self.low.capacity();
        (words * 4 + self.on_stack.capacity()) as u64
    }

    /// Marks every node reachable from the initial nodes, breadth-first.
    pub fn new(
        product: &'p Product<'g>,
        pairs: &'p [LabelPair],
        watch: &'p Watch,
    ) -> Result<Search<'p, 'g>, Stopped> {
        let nodes = product.nodes();
        let mut search = Search {
            product,
            pairs,
            watch,
            rank: vec![UNSEEN; nodes],
            parent: vec![UNSEEN; nodes],
            order: Vec::new(),
            tag: Vec::new(),
            index: Vec::new(),
            low: Vec::new(),
            on_stack: Vec::new(),
            next_tag: 1,
            work: 0,
            label_mark: Vec::new(),
            stamp: 0,
        };
        for node in product.initial_nodes() {
            search.reach(node, UNSEEN);
        }
        let mut next = 0;
        while next < search.order.len() {
            let node = search.order[next];
            next += 1;
            for (to, _) in product.steps(node, None) {
                search.reach(to, node);
            }
            search.tick()?;
        }
        Ok(search)
    }

    fn reach(&mut self, node: u32, parent: u32) {
        if self.rank[node as usize] == UNSEEN {
            self.rank[node as usize] = self.order.len() as u32;
            self.parent[node as usize] = parent;
            self.order.push(node);
        }
    }

    fn tick(&mut self) -> Result<(), Stopped> {
        self.work += 1;
        if self.work.is_multiple_of(4096) {
            if let Some(budget) = self.watch.exhausted() {
                return Err(Stopped(budget));
            }
        }
        Ok(())
    }

    /// The accepting component (among steps whose label passes `filter`) closest to an initial
    /// node: the one with the member of smallest breadth-first rank.
    pub fn find(&mut self, filter: Vec<bool>) -> Result<Option<Accepted>, Stopped> {
        let nodes = self.product.nodes();
        self.tag = vec![0; nodes];
        for (node, tag) in self.tag.iter_mut().enumerate() {
            if self.rank[node] == UNSEEN {
                *tag = UNSEEN;
            }
        }
        self.index = vec![UNSEEN; nodes];
        self.low = vec![0; nodes];
        self.on_stack = vec![false; nodes];
        let roots = std::mem::take(&mut self.order);
        let mut best = None;
        let found = self.tarjan(&roots, 0, &filter, &mut best);
        self.order = roots;
        found.map(|()| best.map(|(_, accepted)| accepted))
    }

    /// The smallest breadth-first rank among `members`.
    fn closest(&self, members: &[u32]) -> u32 {
        members
            .iter()
            .map(|&node| self.rank[node as usize])
            .min()
            .expect("a component has members")
    }

    /// Tarjan's algorithm over nodes tagged `tag` from `roots`; each component is checked as
    /// it is found.
    fn tarjan(
        &mut self,
        roots: &[u32],
        tag: u32,
        filter: &[bool],
        best: &mut Option<(u32, Accepted)>,
    ) -> Result<(), Stopped> {
        let mut counter = 0u32;
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u64)> = Vec::new();
        for &root in roots {
            if self.index[root as usize] != UNSEEN {
                continue;
            }
            self.open(root, &mut counter, &mut stack, &mut calls);
            while let Some(&mut (node, ref mut position)) = calls.last_mut() {
                if let Some((to, _)) = self.product.next_step(node, position, Some(filter)) {
                    let t = to as usize;
                    if self.tag[t] != tag {
                        continue;
                    }
                    if self.index[t] == UNSEEN {
                        self.open(to, &mut counter, &mut stack, &mut calls);
                        self.tick()?;
                    } else if self.on_stack[t] {
                        let low = self.low[node as usize].min(self.index[t]);
                        self.low[node as usize] = low;
                    }
                    continue;
                }
                calls.pop();
                let low = self.low[node as usize];
                if let Some(&(caller, _)) = calls.last() {
                    let caller_low = self.low[caller as usize].min(low);
                    self.low[caller as usize] = caller_low;
                }
                if low == self.index[node as usize] {
                    let at = stack
                        .iter()
                        .rposition(|&n| n == node)
                        .expect("on the stack");
                    let members = stack.split_off(at);
                    let own = self.fresh_tag();
                    for &member in &members {
                        self.on_stack[member as usize] = false;
                        self.tag[member as usize] = own;
                    }
                    self.check(members, own, filter, best)?;
                }
            }
        }
        Ok(())
    }

    fn open(
        &mut self,
        node: u32,
        counter: &mut u32,
        stack: &mut Vec<u32>,
        calls: &mut Vec<(u32, u64)>,
    ) {
        let n = node as usize;
        self.index[n] = *counter;
        self.low[n] = *counter;
        *counter += 1;
        self.on_stack[n] = true;
        stack.push(node);
        calls.push((node, 0));
    }

    fn fresh_tag(&mut self) -> u32 {
        self.next_tag += 1;
        self.next_tag
    }

    /// Decides a component (its members tagged `tag`): rejected if it has no step or misses an acceptance set or a pair
    /// that cannot be saved; accepted if every pair holds; else searched again without the
    /// steps that break the pairs it breaks.
    fn check(
        &mut self,
        members: Vec<u32>,
        tag: u32,
        filter: &[bool],
        best: &mut Option<(u32, Accepted)>,
    ) -> Result<(), Stopped> {
        let product = self.product;
        let label_count = product.graph.labels().len();
        let mut has_step = false;
        let mut sets = vec![false; product.automaton.sets];
        let mut met = vec![false; self.pairs.len()];
        let mut broken = vec![false; self.pairs.len()];
        if self.label_mark.len() != label_count {
            self.label_mark = vec![0; label_count];
        }
        self.stamp += 1;
        let mut labels = Vec::new();
        for &node in &members {
            for (set, seen) in sets.iter_mut().enumerate() {
                *seen |= product.accepting(node, set);
            }
            for (to, edge) in product.steps(node, Some(filter)) {
                let label = product.graph.label(edge) as usize;
                if self.tag[to as usize] == tag && self.label_mark[label] != self.stamp {
                    self.label_mark[label] = self.stamp;
                    has_step = true;
                    labels.push(label);
                }
            }
        }
        if !has_step || sets.contains(&false) {
            return Ok(());
        }
        for &label in &labels {
            for (i, pair) in self.pairs.iter().enumerate() {
                met[i] |= pair.sometimes.as_ref().is_some_and(|q| q[label]);
                broken[i] |= !pair.always.as_ref().is_some_and(|p| p[label]);
            }
        }
        let bad: Vec<usize> = (0..self.pairs.len())
            .filter(|&i| !met[i] && broken[i])
            .collect();
        if bad.is_empty() {
            let rank = self.closest(&members);
            if best.as_ref().is_none_or(|(best_rank, _)| rank < *best_rank) {
                let needed = (0..self.pairs.len()).filter(|&i| broken[i]).collect();
                let filter = filter.to_vec();
                let accepted = Accepted {
                    members,
                    tag,
                    filter,
                    needed,
                };
                *best = Some((rank, accepted));
            }
            return Ok(());
        }
        if bad.iter().any(|&i| self.pairs[i].always.is_none()) {
            return Ok(());
        }
        let mut narrower = filter.to_vec();
        for &i in &bad {
            let always = self.pairs[i].always.as_ref().expect("checked above");
            for (allowed, &ok) in narrower.iter_mut().zip(always) {
                *allowed &= ok;
            }
        }
        let inner = self.fresh_tag();
        for &member in &members {
            self.tag[member as usize] = inner;
            self.index[member as usize] = UNSEEN;
        }
        self.tarjan(&members, inner, &narrower, best)
    }
}
