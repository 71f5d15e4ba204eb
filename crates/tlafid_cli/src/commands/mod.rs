//! One file per subcommand.

pub mod check;
mod check_report;
pub mod mutate;
mod mutate_report;
pub mod parse;
mod progress;
mod simulate;
pub mod trace;
