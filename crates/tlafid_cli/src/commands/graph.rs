//! The state graph written to a file: TLC's `-dump dot[,colorize,actionlabels] FILE` (a
//! GraphViz digraph laid out as TLC's `DotStateWriter` lays it out, states numbered in
//! breadth-first order rather than by TLC's fingerprints) and `-dump FILE` (every state).
//! Over the output cap, the text is cut at a state and a warning `E009` says so.

use std::fmt::Write as _;
use std::path::Path;

use tlafid_eval::Value;
use tlafid_pipeline::output::MAX_OUTPUT_BYTES;
use tlafid_pipeline::run::StateGraph;

/// How the DOT graph is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DotStyle {
    /// Edges coloured by action, with a legend (`colorize`).
    pub colorize: bool,
    /// Edges labelled with the action's name (`actionlabels`).
    pub action_labels: bool,
}

/// Writes the graph as DOT to `path`; a problem is printed on standard error.
pub fn write_dot(path: &Path, graph: &StateGraph, style: DotStyle) {
    write(path, &dot(graph, style, MAX_OUTPUT_BYTES));
}

/// Writes every state, TLC's `-dump FILE` (`State N:` and its lines), to `path`.
pub fn write_states(path: &Path, graph: &StateGraph) {
    let mut text = String::new();
    let mut cut = None;
    for (i, (lines, _)) in graph.states.iter().enumerate() {
        if text.len() > MAX_OUTPUT_BYTES {
            cut = Some(cut_note(MAX_OUTPUT_BYTES, i, graph.states.len()));
            break;
        }
        let _ = writeln!(text, "State {}:\n{}", i + 1, state_text(lines));
    }
    write(path, &(text, cut));
}

fn write(path: &Path, (text, cut): &(String, Option<String>)) {
    if let Some(cut) = cut {
        eprintln!("warning[E009]: {}: {cut}", path.display());
    }
    if let Err(err) = std::fs::write(path, text) {
        eprintln!("error[E001]: cannot write {}: {err}", path.display());
    }
}

fn cut_note(cap: usize, kept: usize, all: usize) -> String {
    format!("over the output cap ({cap} bytes): the first {kept} of {all} states written")
}

/// A state's lines, or only those that differ from `before`'s, as TLC's
/// `TLCStateMut.toString` prints them: `/\ x = 1`, or `x = 1` when the state has one line
/// (one variable, or an `ALIAS` of one field), each value through TLC's pretty printer
/// (`Values.ppr`: 80 columns counted from the value's first character, the `/\ x = `
/// before it not counted, continuation lines indented only as the printer indents them).
pub(crate) fn tlc_state_text(
    lines: &[(String, Value)],
    before: Option<&[(String, Value)]>,
) -> String {
    let prefix = if lines.len() == 1 { "" } else { "/\\ " };
    let mut text = String::new();
    for (name, value) in lines {
        let unchanged = before.is_some_and(|b| b.iter().any(|(n, v)| n == name && v == value));
        if !unchanged {
            let value = tlafid_value::pretty(&value.to_string(), tlafid_value::TLC_WIDTH);
            let _ = writeln!(text, "{prefix}{name} = {value}");
        }
    }
    text
}

/// A whole state's lines, as TLC prints them.
fn state_text(lines: &[(String, Value)]) -> String {
    tlc_state_text(lines, None)
}

/// DOT-quoted text (`\` and `"` escaped, line breaks as `\n`).
fn quoted(text: &str) -> String {
    text.trim()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The DOT text, cut at a state past `cap` bytes (with what was kept).
pub fn dot(graph: &StateGraph, style: DotStyle, cap: usize) -> (String, Option<String>) {
    let mut out = String::from("strict digraph DiskGraph {\nnode [shape=box,style=rounded]\n");
    if style.colorize {
        out.push_str("edge [colorscheme=\"paired12\"]\n");
    }
    out.push_str("nodesep=0.35;\nsubgraph cluster_graph {\ncolor=\"white\";\n");
    let mut colours: Vec<&str> = Vec::new();
    let mut written = vec![false; graph.states.len()];
    let mut cut = None;
    let mut edges = graph.edges.iter().peekable();
    for (i, (lines, level)) in graph.states.iter().enumerate() {
        if out.len() > cap {
            cut = Some(cut_note(cap, i, graph.states.len()));
            break;
        }
        let label = quoted(&state_text(lines));
        if *level == 1 {
            let _ = writeln!(out, "{} [label=\"{label}\",style = filled]", i + 1);
            written[i] = true;
        }
        while let Some(&&(from, to, ref action)) = edges.peek() {
            if from as usize != i {
                break;
            }
            edges.next();
            let colour = if style.colorize {
                let at = colours.iter().position(|c| c == action).unwrap_or_else(|| {
                    colours.push(action);
                    colours.len() - 1
                });
                (at + 1).to_string()
            } else {
                "black".to_string()
            };
            let name = if style.action_labels {
                quoted(action)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "{} -> {} [label=\"{name}\",color=\"{colour}\",fontcolor=\"{colour}\"];",
                from + 1,
                to + 1
            );
            let to = to as usize;
            if !written[to] {
                written[to] = true;
                let label = quoted(&state_text(&graph.states[to].0));
                let _ = writeln!(out, "{} [label=\"{label}\",tooltip=\"{label}\"];", to + 1);
            }
        }
    }
    let mut level = 0;
    for (i, (_, at)) in graph.states.iter().enumerate() {
        if !written[i] {
            continue;
        }
        if *at != level {
            if level != 0 {
                out.push_str("}\n");
            }
            out.push_str("{rank = same; ");
            level = *at;
        }
        let _ = write!(out, "{};", i + 1);
    }
    if level != 0 {
        out.push_str("}\n");
    }
    out.push_str("}\n");
    if style.colorize && colours.len() > 1 {
        out.push_str("subgraph cluster_legend {graph[style=bold];label = \"Next State Actions\" style=\"solid\"\nnode [ labeljust=\"l\",colorscheme=\"paired12\",style=filled,shape=record ]\n");
        for (i, action) in colours.iter().enumerate() {
            let _ = writeln!(out, "{action} [label=\"{action}\",fillcolor={}]", i + 1);
        }
        out.push('}');
    }
    out.push('}');
    (out, cut)
}
