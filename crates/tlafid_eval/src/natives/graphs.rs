//! Community modules `Graphs` (directed) and `UndirectedGraphs`: the operators whose
//! definitions enumerate `Path(G)`, a subset of the infinite `Seq(G.node)`, computed
//! natively as TLC's module overrides do (`SimplePath`, `AreConnectedIn`,
//! `IsStronglyConnected`, `ConnectedComponents`), with the definitions' results.
//!
//! A graph is a record with `node` and `edge` fields, both sets. An edge is `<<from, to>>`
//! in `Graphs` and `{a, b}` (or `{a}`, a self-loop) in `UndirectedGraphs`, where it links
//! both ways. Like the definitions, any other element of the edge set, and an edge with
//! an end outside the node set, links nothing.

use std::collections::VecDeque;

use tlafid_base::Span;
use tlafid_value::{Value, ValueResult};

use super::{fail, set_elems, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::EvalResult;
use crate::frame::Arg;

/// How the elements of a graph's edge set link its nodes.
#[derive(Clone, Copy)]
enum EdgeKind {
    /// `<<from, to>>`, one way.
    Directed,
    /// `{a, b}` or `{a}`, both ways.
    Undirected,
}

/// A graph's nodes (sorted) and, for each, the indices of the nodes one edge leads to.
struct Adjacency {
    nodes: Vec<Value>,
    successors: Vec<Vec<usize>>,
}

impl Adjacency {
    /// The adjacency of the graph record `g` (`op` names the operator in errors); with
    /// `transpose`, every edge is reversed.
    fn of(g: &Value, kind: EdgeKind, transpose: bool, op: &str) -> ValueResult<Adjacency> {
        let (Ok(node), Ok(edge)) = (g.field("node"), g.field("edge")) else {
            return fail(format!(
                "{op} expects a graph, a record with node and edge fields, found {g}"
            ));
        };
        if !node.is_set() || !edge.is_set() {
            return fail(format!(
                "{op} expects a graph whose node and edge fields are sets, found {g}"
            ));
        }
        let mut nodes = set_elems(node)?;
        nodes.sort();
        nodes.dedup();
        let mut successors = vec![Vec::new(); nodes.len()];
        for e in set_elems(edge)? {
            let Some((a, b)) = ends(&e, kind)? else {
                continue;
            };
            let (Ok(a), Ok(b)) = (nodes.binary_search(&a), nodes.binary_search(&b)) else {
                continue;
            };
            let (from, to) = if transpose { (b, a) } else { (a, b) };
            successors[from].push(to);
            if matches!(kind, EdgeKind::Undirected) && from != to {
                successors[to].push(from);
            }
        }
        Ok(Adjacency { nodes, successors })
    }

    /// The index of `v` among the nodes.
    fn index(&self, v: &Value) -> Option<usize> {
        self.nodes.binary_search(v).ok()
    }

    /// Which nodes a path from `start` reaches (`start` included).
    fn reachable(&self, start: usize) -> Vec<bool> {
        let mut seen = vec![false; self.nodes.len()];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for &next in &self.successors[at] {
                if !seen[next] {
                    seen[next] = true;
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// Appends `path` and every simple path extending it to `out`.
    fn extend_simple_paths(
        &self,
        path: &mut Vec<usize>,
        on_path: &mut [bool],
        out: &mut Vec<Value>,
    ) {
        out.push(Value::seq(
            path.iter().map(|&i| self.nodes[i].clone()).collect(),
        ));
        let last = *path.last().expect("a path is not empty");
        for &next in &self.successors[last] {
            if !on_path[next] {
                on_path[next] = true;
                path.push(next);
                self.extend_simple_paths(path, on_path, out);
                path.pop();
                on_path[next] = false;
            }
        }
    }
}

/// The two ends of an edge, if the value is an edge of this kind.
fn ends(e: &Value, kind: EdgeKind) -> ValueResult<Option<(Value, Value)>> {
    Ok(match kind {
        EdgeKind::Directed => match e.as_seq() {
            Some([a, b]) => Some((a.clone(), b.clone())),
            _ => None,
        },
        EdgeKind::Undirected if e.is_set() => match set_elems(e)?.as_slice() {
            [a] => Some((a.clone(), a.clone())),
            [a, b] => Some((a.clone(), b.clone())),
            _ => None,
        },
        EdgeKind::Undirected => None,
    })
}

/// `SimplePath(G)`: the non-empty paths of `G` that visit no node twice.
fn simple_path(g: &Value, kind: EdgeKind) -> ValueResult<Value> {
    let adjacency = Adjacency::of(g, kind, false, "SimplePath")?;
    let mut out = Vec::new();
    let mut on_path = vec![false; adjacency.nodes.len()];
    for start in 0..adjacency.nodes.len() {
        on_path[start] = true;
        adjacency.extend_simple_paths(&mut vec![start], &mut on_path, &mut out);
        on_path[start] = false;
    }
    Ok(Value::set(out))
}

/// `AreConnectedIn(m, n, G)`: some path of `G` starts at `m` and ends at `n` (`<<m>>` is
/// a path when `m` is a node).
fn are_connected_in(m: &Value, n: &Value, g: &Value, kind: EdgeKind) -> ValueResult<bool> {
    let adjacency = Adjacency::of(g, kind, false, "AreConnectedIn")?;
    match (adjacency.index(m), adjacency.index(n)) {
        (Some(from), Some(to)) => Ok(from == to || adjacency.reachable(from)[to]),
        _ => Ok(false),
    }
}

/// `IsStronglyConnected(G)` of `Graphs`: every node is connected to every node, that is
/// one node reaches all nodes and all nodes reach it.
fn is_strongly_connected(g: &Value) -> ValueResult<Value> {
    let op = "IsStronglyConnected";
    let forward = Adjacency::of(g, EdgeKind::Directed, false, op)?;
    if forward.nodes.is_empty() {
        return Ok(Value::Bool(true));
    }
    let backward = Adjacency::of(g, EdgeKind::Directed, true, op)?;
    let all = |seen: Vec<bool>| seen.into_iter().all(|s| s);
    Ok(Value::Bool(
        all(forward.reachable(0)) && all(backward.reachable(0)),
    ))
}

/// The root of `i` in a union-find forest, halving paths on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// `ConnectedComponents(G)` of `UndirectedGraphs`: the sets of nodes linked by paths.
fn connected_components(g: &Value) -> ValueResult<Value> {
    let adjacency = Adjacency::of(g, EdgeKind::Undirected, false, "ConnectedComponents")?;
    let mut parent: Vec<usize> = (0..adjacency.nodes.len()).collect();
    for (a, successors) in adjacency.successors.iter().enumerate() {
        for &b in successors {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut groups: Vec<Vec<Value>> = vec![Vec::new(); adjacency.nodes.len()];
    for (i, node) in adjacency.nodes.iter().enumerate() {
        let root = find(&mut parent, i);
        groups[root].push(node.clone());
    }
    Ok(Value::set(
        groups
            .into_iter()
            .filter(|g| !g.is_empty())
            .map(Value::set)
            .collect(),
    ))
}

fn directed_simple_path(g: &Value) -> ValueResult<Value> {
    simple_path(g, EdgeKind::Directed)
}

fn undirected_simple_path(g: &Value) -> ValueResult<Value> {
    simple_path(g, EdgeKind::Undirected)
}

/// `AreConnectedIn(m, n, G)` with its three value arguments.
fn connected_args(
    ctx: &Ctx<'_, '_>,
    args: &[Arg],
    span: Span,
    kind: EdgeKind,
) -> EvalResult<Value> {
    let (m, n, g) = (
        value_arg(args, 0, span)?,
        value_arg(args, 1, span)?,
        value_arg(args, 2, span)?,
    );
    ctx.value(are_connected_in(m, n, g, kind), span)
        .map(Value::Bool)
}

fn directed_connected(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    connected_args(ctx, &args, span, EdgeKind::Directed)
}

fn undirected_connected(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    connected_args(ctx, &args, span, EdgeKind::Undirected)
}

/// The natives of the module `Graphs`.
pub(super) fn lookup_directed(name: &str) -> Option<Native> {
    match name {
        "SimplePath" => Some(Native::Unary(directed_simple_path)),
        "AreConnectedIn" => Some(Native::General(directed_connected)),
        "IsStronglyConnected" => Some(Native::Unary(is_strongly_connected)),
        _ => None,
    }
}

/// The natives of the module `UndirectedGraphs`.
pub(super) fn lookup_undirected(name: &str) -> Option<Native> {
    match name {
        "SimplePath" => Some(Native::Unary(undirected_simple_path)),
        "AreConnectedIn" => Some(Native::General(undirected_connected)),
        "ConnectedComponents" => Some(Native::Unary(connected_components)),
        _ => None,
    }
}
