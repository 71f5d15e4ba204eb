//! Community module `UndirectedGraphs`: `ConnectedComponents` computed natively, as TLC's
//! module override does (the definition enumerates `Seq(S)`, an infinite set).

use tlafid_value::{Value, ValueResult};

use super::{fail, set_elems, Native};

/// The node and edge sets of a graph record `[node |-> N, edge |-> E]`.
fn graph_parts(g: &Value) -> ValueResult<(Vec<Value>, Vec<Value>)> {
    let (Ok(node), Ok(edge)) = (g.field("node"), g.field("edge")) else {
        return fail(format!(
            "ConnectedComponents expects a record with node and edge fields, found {g}"
        ));
    };
    Ok((set_elems(node)?, set_elems(edge)?))
}

/// The root of `i` in a union-find forest, halving paths on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The connected components of an undirected graph: an edge is a set of one (a self-loop)
/// or two nodes; other edges, and edges leaving the node set, join nothing.
fn connected_components(g: &Value) -> ValueResult<Value> {
    let (nodes, edges) = graph_parts(g)?;
    let index = |v: &Value| nodes.iter().position(|n| n == v);
    let mut parent: Vec<usize> = (0..nodes.len()).collect();
    for edge in &edges {
        if !edge.is_set() {
            continue;
        }
        let ends = set_elems(edge)?;
        if let [a, b] = ends.as_slice() {
            if let (Some(a), Some(b)) = (index(a), index(b)) {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    let mut groups: Vec<Vec<Value>> = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
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

pub(super) fn lookup(name: &str) -> Option<Native> {
    match name {
        "ConnectedComponents" => Some(Native::Unary(connected_components)),
        _ => None,
    }
}
