//! `tlafid check --requirements R.tla`: check reviewed requirements instead of the model's
//! own invariants (see [`tlafid_model::requirements`] for how they are bound to the model).

use std::path::Path;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_config::Config;
use tlafid_model::requirements::{Requirements, ROOT_MODULE};
use tlafid_sema::ir::Program;

use crate::commands::check::CheckArgs;
use crate::commands::check_report::Finish;
use crate::exit::ExitStatus;
use crate::{files, load};

/// The program to check (the generated module that extends the model and instantiates the
/// requirements) and the model's configuration with the requirements as its checks.
pub(crate) fn load(
    args: &CheckArgs,
    requirements_file: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(Program, Config), Finish> {
    let spec_failed = |status| match status {
        ExitStatus::Usage => Finish::Usage,
        _ => Finish::SpecError,
    };
    let (model, _) = load::observed_program(
        &args.file,
        args.observe.as_deref(),
        &args.libs,
        sources,
        diagnostics,
    )
    .map_err(spec_failed)?;
    let model_config = load::config(&args.file, args.config.as_deref(), sources, diagnostics)
        .map_err(|_| Finish::ConfigError)?;
    let requirements = read(args, requirements_file, sources, diagnostics)?;
    let unmapped = requirements.unmapped(&model);
    if !unmapped.is_empty() {
        diagnostics.extend(unmapped);
        return Err(Finish::SpecError);
    }
    let root = sources.add(
        format!(
            "<{ROOT_MODULE}: {} with {}>",
            model.root, requirements.module
        ),
        requirements.root_module(&model.root),
    );
    let mut search_path = vec![
        load::folder_of(&args.file),
        load::folder_of(requirements_file),
    ];
    search_path.extend(args.libs.iter().cloned());
    let program = load::resolve(root, &search_path, sources, diagnostics).map_err(spec_failed)?;
    Ok((program, requirements.model_config(&model_config)))
}

/// The requirements module, resolved on its own, with the configuration beside it.
fn read(
    args: &CheckArgs,
    file: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Requirements, Finish> {
    let mut search_path = vec![load::folder_of(&args.file)];
    search_path.extend(args.libs.iter().cloned());
    let program =
        load::program(file, &search_path, sources, diagnostics).map_err(|status| match status {
            ExitStatus::Usage => Finish::Usage,
            _ => Finish::SpecError,
        })?;
    let config_path = file.with_extension("cfg");
    let text = files::read_text(&config_path, diagnostics).map_err(|unreadable| {
        diagnostics.push(
            unreadable.with_hint("a requirements module R.tla lists its requirements in R.cfg"),
        );
        Finish::ConfigError
    })?;
    let config_file = sources.add(config_path.display().to_string(), text);
    let parsed = tlafid_config::parse(config_file, &sources.get(config_file).text);
    let failed = parsed.has_errors();
    diagnostics.extend(parsed.diagnostics);
    if failed {
        return Err(Finish::ConfigError);
    }
    Requirements::new(&program, &parsed.config).map_err(|problems| {
        diagnostics.extend(problems);
        Finish::ConfigError
    })
}
