//! The `tlafid` command line: a thin layer that reads files, calls the core crates and prints.

#[macro_use]
mod output;
mod args;
mod commands;
mod exit;
mod files;
mod inputs;
mod memory;
mod render;
mod signals;
mod storage;
mod traces;

use clap::{Parser, Subcommand};

use crate::exit::ExitStatus;

/// The evaluator allocates and frees many small values per state; glibc's allocator took
/// 8-13% of the instructions with one worker and more with two (measured on MCLamportMutex).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Where the kernel backs anonymous memory with transparent huge pages by default (`always`,
/// as many distributions ship), mimalloc's arenas fill with 2 MiB pages that a partly used
/// arena cannot give back: peak RSS rose 10-35% (btree 96 -> 113 MB, SlushSmall 30 -> 44 MB)
/// and the kernel's zeroing and compaction cost sys time (CoffeeCan1000Beans 0.18 -> 0.69 s),
/// while user time did not improve. So huge pages are off for this process unless
/// `MIMALLOC_ALLOW_THP` says otherwise (mimalloc reads it itself at start-up).
fn no_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("MIMALLOC_ALLOW_THP").is_none() {
        // Best effort: a kernel without the prctl (before 3.15) keeps its default.
        let _ = rustix::thread::disable_transparent_huge_pages(true);
    }
}

/// What every help page ends with: the exit statuses, TLC's where TLC has one.
const EXIT_STATUSES: &str = "\
Exit statuses:
  0 success            2 usage or unreadable input   3 incomplete (budget or signal; no verdict)
  4 weak property (mutate)   5 a phase failed (grade)
  10 assumption false  11 deadlock   12 invariant or action property violated, trace not admitted
  13 temporal property violated   14 Assert failed   75 evaluation error or unsupported construct
  150 spec error       151 configuration error   153 system error   141 output closed early
`tlafid tlc` exits with TLC's own statuses (see `tlafid tlc -h`).";

/// tlafid: tells whether a TLA+ model is faithful to the system it describes: it checks
/// models as TLC does, validates recorded traces, mutates properties and grades models.
#[derive(Parser)]
#[command(
    name = "tlafid",
    version,
    about = "tlafid: is a TLA+ model faithful to its system? Seven commands, listed below.",
    long_about = None,
    after_help = EXIT_STATUSES,
    subcommand_help_heading = "Commands"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and resolve a TLA+ module and everything it uses; print the diagnostics.
    #[command(after_help = EXIT_STATUSES)]
    Parse(commands::parse::ParseArgs),
    /// Explore a model's state space as TLC does: invariants, deadlock, safety properties.
    #[command(after_help = EXIT_STATUSES)]
    Check(commands::check::CheckArgs),
    /// Validate traces recorded from the implementation against the model.
    #[command(after_help = EXIT_STATUSES)]
    Trace(commands::trace::TraceArgs),
    /// Judge whether each checked property constrains anything: vacuity, tautology, mutants.
    #[command(after_help = EXIT_STATUSES)]
    Mutate(commands::mutate::MutateArgs),
    /// Score a model in a benchmark's phases: syntax, runtime, conformance, requirements.
    #[command(after_help = EXIT_STATUSES)]
    Grade(Box<commands::grade::GradeArgs>),
    /// Run TLC's command line, transcript, `-tool` codes and exit statuses (`tlafid tlc -h`).
    #[command(disable_help_flag = true)]
    Tlc(commands::tlc::TlcArgs),
    /// Serve the commands as tools to agents over the Model Context Protocol (stdio).
    #[command(after_help = EXIT_STATUSES)]
    Mcp,
}

fn main() {
    no_transparent_huge_pages();
    quiet_on_broken_pipe();
    commands::mcp::watch_parent();
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
    // `parse` and `check` never use rayon's global pool (the explorer runs in a pool of its
    // own): its threads, which spin while they wait for work, were most of the CPU time of
    // a small `check`.
    let global_pool = !matches!(cli.command, Command::Parse(_) | Command::Check(_));
    let code = on_big_stack(global_pool, move || match cli.command {
        Command::Parse(args) => commands::parse::run(&args).code(),
        Command::Check(args) => commands::check::run(&args).code(),
        Command::Trace(args) => commands::trace::run(&args).code(),
        Command::Mutate(args) => commands::mutate::run(&args).code(),
        Command::Grade(args) => commands::grade::run(&args).code(),
        Command::Mcp => commands::mcp::run().code(),
        Command::Tlc(args) => commands::tlc::run(&args),
    });
    std::process::exit(code);
}

/// Runs the command on a thread with a stack as large as the explorer's workers'
/// ([`tlafid_check::WORKER_STACK_BYTES`]), and, with `global_pool`, gives rayon's global
/// pool (trace validation) the same: values nested thousands deep are legal TLA+, and
/// printing, comparing or dropping one recurses once per level. Address space only: pages
/// are used as deep as the recursion goes.
fn on_big_stack(global_pool: bool, command: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    if global_pool {
        let _ = rayon::ThreadPoolBuilder::new()
            .stack_size(tlafid_check::WORKER_STACK_BYTES)
            .build_global();
    }
    let spawned = std::thread::Builder::new()
        .name("tlafid".into())
        .stack_size(tlafid_check::WORKER_STACK_BYTES)
        .spawn(command);
    // A panic keeps Rust's status, 101, so that it is never mistaken for a verdict.
    const PANICKED: i32 = 101;
    match spawned {
        Ok(handle) => handle.join().unwrap_or(PANICKED),
        Err(_) => ExitStatus::SystemError.code(),
    }
}

/// A reader that stops early (`tlafid ... | head`) closes the pipe, and `println!` (clap's
/// help, say; `output::stdout` ends the same way itself) then panics on the write error. That is no failure of tlafid's: end quietly, with the status of
/// a program stopped by SIGPIPE (141), as command-line tools do.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(ExitStatus::BrokenPipe.code());
        }
        default(info);
    }));
}
