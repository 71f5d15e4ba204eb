//! The `tlafid` command line: a thin layer that reads files, calls the core crates and prints.

mod commands;
mod exit;
mod files;
mod load;
mod render;

use clap::{Parser, Subcommand};

use crate::exit::ExitStatus;

/// The evaluator allocates and frees many small values per state; glibc's allocator took
/// 8-13% of the instructions with one worker and more with two (measured on MCLamportMutex).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// tlafid: tells whether a TLA+ model is faithful to the system it describes.
#[derive(Parser)]
#[command(name = "tlafid", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and resolve a TLA+ module and everything it uses; print the diagnostics.
    Parse(commands::parse::ParseArgs),
    /// Explore a model's state space as TLC does: invariants, deadlock, safety properties.
    Check(commands::check::CheckArgs),
    /// Validate traces recorded from the implementation against the model.
    Trace(commands::trace::TraceArgs),
    /// Judge whether each property the model checks constrains anything: vacuity,
    /// tautology, behaviour mutants.
    Mutate(commands::mutate::MutateArgs),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            let status = if err.use_stderr() {
                ExitStatus::Usage
            } else {
                ExitStatus::Success
            };
            std::process::exit(status.code());
        }
    };
    let status = match cli.command {
        Command::Parse(args) => commands::parse::run(&args),
        Command::Check(args) => commands::check::run(&args),
        Command::Trace(args) => commands::trace::run(&args),
        Command::Mutate(args) => commands::mutate::run(&args),
    };
    std::process::exit(status.code());
}
