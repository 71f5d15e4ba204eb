//! The flags every model-level subcommand shares, and how arguments become the pipeline's
//! typed inputs (as ruff's `partition`: clap's structs stop here).

use std::path::PathBuf;

use tlafid_pipeline::ModelInputs;

use crate::inputs::InputArgs;

/// The model and where its modules are: `FILE [--config C.cfg] [--lib DIR]...`.
#[derive(clap::Args, Clone, Debug)]
pub struct ModelArgs {
    /// The model's root module.
    pub file: PathBuf,
    /// The configuration (default: the `.cfg` file beside the model with the same name).
    #[arg(long, value_name = "C.cfg")]
    pub config: Option<PathBuf>,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
    /// Stop (incomplete) when the process uses more memory than this (bytes, or with K, M,
    /// G, T). Default: TLAFID_MAX_MEMORY, else 3/4 of the memory available at the start.
    #[arg(long, value_name = "SIZE", value_parser = crate::memory::parse_size)]
    pub max_memory: Option<u64>,
}

impl ModelArgs {
    /// Starts what stops `session`'s runs from outside while the result lives: the memory
    /// budget's watchdog, and SIGINT or SIGTERM as a cancellation.
    pub fn watch(
        &self,
        session: &tlafid_pipeline::Session<'_>,
    ) -> (crate::memory::Watchdog, crate::memory::Watchdog) {
        (
            crate::memory::watch(&session.interrupt, self.max_memory),
            crate::signals::cancel_on_signals(&session.interrupt),
        )
    }

    /// The pipeline's inputs: these files, with an observation module, requirements, and
    /// what the spec may read (`--allow-read`, `--env`; nothing for a command without them).
    pub fn inputs(
        &self,
        observe: Option<&PathBuf>,
        requirements: Option<&PathBuf>,
        reads: Option<&InputArgs>,
    ) -> ModelInputs {
        ModelInputs {
            model: self.file.clone(),
            config: self.config.clone(),
            libs: self.libs.clone(),
            observe: observe.cloned(),
            requirements: requirements.cloned(),
            reads: reads.map(InputArgs::reads).unwrap_or_default(),
        }
    }
}

/// The worker threads to use: `--workers`, or every core.
pub fn workers(workers: Option<usize>) -> usize {
    workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
