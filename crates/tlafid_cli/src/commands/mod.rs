//! One file per subcommand.

mod batch;
pub mod check;
mod check_report;
mod counterexample;
pub mod grade;
mod graph;
pub mod mcp;
pub mod mutate;
mod mutate_report;
pub mod parse;
mod progress;
mod simulate;
pub mod tlc;
pub mod trace;
mod trace_report;
