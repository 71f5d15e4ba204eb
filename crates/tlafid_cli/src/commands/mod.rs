//! One file per subcommand.

pub mod check;
mod check_report;
mod counterexample;
pub mod mutate;
mod mutate_report;
pub mod parse;
mod progress;
mod requirements;
mod simulate;
pub mod trace;
mod trace_report;
