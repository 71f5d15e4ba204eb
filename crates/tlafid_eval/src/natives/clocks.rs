//! `VectorClocks`' `CausalOrder`, as the CommunityModules' Java override computes it: each
//! node's entries sorted by its own clock, a graph of happens-before edges to the entry of
//! another node that an entry's clock first covers, then rounds over the nodes that each
//! take a node's next entry once nothing it waits for is left. TLC visits the nodes in its
//! hash order, which depends on its random fingerprint polynomial (`-fp`); tlafid visits them
//! in the order they first appear in the log, so its order is one of those TLC can give.
//! Any order it gives is causal, so it satisfies the module's TLA+ definition.

use std::collections::BTreeSet;

use tlafid_base::Span;
use tlafid_value::Value;

use super::{op_arg, value_arg, Native};
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_VALUE};
use crate::frame::Arg;

/// One log entry of a node.
struct Entry {
    value: Value,
    clock: Value,
    time: i64,
    covers: Vec<Value>,
    /// The entries (node, position) it waits for, and those waiting for it.
    parents: BTreeSet<(usize, usize)>,
    children: BTreeSet<(usize, usize)>,
}

fn failed(message: String, span: Span) -> EvalError {
    EvalError::new(E_VALUE, format!("CausalOrder: {message}"), span)
}

fn time_of(clock: &Value, node: &Value, span: Span) -> EvalResult<i64> {
    let time = clock.apply(node).map_err(|e| {
        failed(
            format!("the clock {clock} has no entry for {node}: {e}"),
            span,
        )
    })?;
    time.as_i64().ok_or_else(|| {
        failed(
            format!("the clock {clock} gives {node} the time {time}, not an integer"),
            span,
        )
    })
}

/// `CausalOrder(log, clock(_), node(_), domain(_))`.
fn causal_order(ctx: &mut Ctx<'_, '_>, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
    let log = value_arg(&args, 0, span)?;
    let (clock_of, node_of, domain_of) = (
        op_arg(&args, 1, span)?,
        op_arg(&args, 2, span)?,
        op_arg(&args, 3, span)?,
    );
    let entries = ctx.value(log.seq_elems(), span)?.to_vec();
    let mut nodes: Vec<Value> = Vec::new();
    let mut lists: Vec<Vec<Entry>> = Vec::new();
    for value in entries.iter() {
        let node = ctx.apply_values(node_of, std::slice::from_ref(value), span)?;
        let clock = ctx.apply_values(clock_of, std::slice::from_ref(value), span)?;
        let time = time_of(&clock, &node, span)?;
        let domain = ctx.apply_values(domain_of, std::slice::from_ref(&clock), span)?;
        let covers = super::set_elems(&domain).map_err(|e| EvalError::from_value(e, span))?;
        let at = match nodes.iter().position(|n| *n == node) {
            Some(at) => at,
            None => {
                nodes.push(node);
                lists.push(Vec::new());
                nodes.len() - 1
            }
        };
        lists[at].push(Entry {
            value: value.clone(),
            clock,
            time,
            covers,
            parents: BTreeSet::new(),
            children: BTreeSet::new(),
        });
    }
    // Each node's entries by its own time (a stable sort, as Java's).
    for list in &mut lists {
        list.sort_by_key(|entry| entry.time);
    }
    link(&nodes, &mut lists, span)?;
    let total = entries.len();
    let mut next = vec![0usize; nodes.len()];
    let mut sorted = Vec::with_capacity(total);
    for _ in 0..total {
        for host in 0..nodes.len() {
            let at = next[host];
            if at < lists[host].len() && lists[host][at].parents.is_empty() {
                next[host] += 1;
                let children = std::mem::take(&mut lists[host][at].children);
                for (h, i) in children {
                    lists[h][i].parents.remove(&(host, at));
                }
                sorted.push(lists[host][at].value.clone());
            }
        }
    }
    if sorted.len() != total {
        return Err(failed(
            format!(
                "the vector clocks order {} of the {total} entries in a cycle",
                total - sorted.len()
            ),
            span,
        ));
    }
    Ok(Value::seq(sorted))
}

/// The happens-before edges: an entry waits for the entry of another node whose time its
/// clock first reaches, walking each node's entries in order.
fn link(nodes: &[Value], lists: &mut [Vec<Entry>], span: Span) -> EvalResult<()> {
    for host in 0..nodes.len() {
        let mut global = vec![0i64; nodes.len()];
        for at in 0..lists[host].len() {
            global[host] = lists[host][at].time;
            let covers = lists[host][at].covers.clone();
            for other in &covers {
                let time = time_of(&lists[host][at].clock, other, span)?;
                let Some(o) = nodes.iter().position(|n| n == other) else {
                    return Err(failed(
                        format!("a clock names {other}, which logged nothing"),
                        span,
                    ));
                };
                if global[o] < time {
                    global[o] = time;
                    let parent = usize::try_from(time - 1)
                        .ok()
                        .filter(|&p| p < lists[o].len())
                        .ok_or_else(|| {
                            failed(
                                format!("a clock gives {other} the time {time}, but {other} logged {} entries", lists[o].len()),
                                span,
                            )
                        })?;
                    lists[host][at].parents.insert((o, parent));
                    lists[o][parent].children.insert((host, at));
                }
            }
        }
    }
    Ok(())
}

pub(super) fn lookup(name: &str) -> Option<Native> {
    match name {
        "CausalOrder" => Some(Native::General(causal_order)),
        _ => None,
    }
}
