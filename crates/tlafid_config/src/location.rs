//! Where TLC finds a model's configuration, as pure functions on paths and text (the CLI
//! does the reading).
//!
//! TLC's rules: without `-config`, the configuration of `Spec.tla` is `Spec.cfg` beside it.
//! With `-config X` or `-config X.cfg`, it is `X.cfg` (so `-config model.txt` reads
//! `model.txt.cfg`). With `-config X.tla`, it is the section of `X.tla` between a line
//! `---- CONFIG X ----` and the next line starting with `====`.
//! A relative `-config` path is resolved against the specification's directory when the
//! specification was named by an absolute path, and against the working directory otherwise.

use std::ops::Range;
use std::path::{Path, PathBuf};

/// Where a configuration is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigSource {
    /// A `.cfg` file.
    File(PathBuf),
    /// A `---- CONFIG name ----` section embedded in a `.tla` file.
    Embedded {
        /// The `.tla` file holding the section.
        tla_file: PathBuf,
        /// The name after `CONFIG` on the section's first line.
        name: String,
    },
}

/// The configuration TLC reads for `spec` when no `-config` is given: `Spec.tla` gives
/// `Spec.cfg` in the same directory (a `spec` without `.tla` gets `.cfg` appended).
pub fn default_config_path(spec: &Path) -> PathBuf {
    with_cfg_extension(&strip_extension(spec, "tla"))
}

/// The configuration TLC reads for `spec` given the `-config` option's value, if any.
pub fn config_source(spec: &Path, config_option: Option<&Path>) -> ConfigSource {
    let Some(option) = config_option else {
        return ConfigSource::File(default_config_path(spec));
    };
    if option.extension().is_some_and(|ext| ext == "tla") {
        let name = option
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        return ConfigSource::Embedded {
            tla_file: option.to_path_buf(),
            name,
        };
    }
    ConfigSource::File(with_cfg_extension(&strip_extension(option, "cfg")))
}

fn strip_extension(path: &Path, extension: &str) -> PathBuf {
    if path.extension().is_some_and(|ext| ext == extension) {
        path.with_extension("")
    } else {
        path.to_path_buf()
    }
}

/// Appends `.cfg` (keeping any other extension: `a.b` gives `a.b.cfg`).
fn with_cfg_extension(path: &Path) -> PathBuf {
    let mut text = path.as_os_str().to_os_string();
    text.push(".cfg");
    PathBuf::from(text)
}

/// The byte range of the configuration section named `name` in a `.tla` file's text, as TLC
/// finds it: after a line that is exactly `----` (or more dashes), optional spaces, `CONFIG`,
/// spaces, `name`, optional spaces and `----` (or more), up to the next line that starts with
/// `====` or the end of the text, with surrounding whitespace trimmed. `None` if there is no
/// such line.
pub fn find_embedded_config(tla_text: &str, name: &str) -> Option<Range<usize>> {
    let mut offset = 0;
    let mut body_start = None;
    for line in tla_text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        match body_start {
            None if is_config_marker(content, name) => body_start = Some(offset + line.len()),
            Some(start) if content.starts_with("====") => {
                return Some(trimmed(tla_text, start..offset))
            }
            _ => {}
        }
        offset += line.len();
    }
    body_start.map(|start| trimmed(tla_text, start..tla_text.len()))
}

fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let body = &text[range.clone()];
    let start = range.start + (body.len() - body.trim_start().len());
    let end = range.start + body.trim_end().len();
    start..end.max(start)
}

fn is_config_marker(line: &str, name: &str) -> bool {
    let Some(rest) = strip_dashes(line) else {
        return false;
    };
    let Some(rest) = rest.trim_start().strip_prefix("CONFIG") else {
        return false;
    };
    let after_keyword = rest.trim_start();
    if after_keyword.len() == rest.len() {
        return false; // `CONFIG` must be followed by whitespace
    }
    let Some(rest) = after_keyword.strip_prefix(name) else {
        return false;
    };
    strip_dashes(rest.trim_start()).is_some_and(str::is_empty)
}

/// Strips a leading run of at least four dashes.
fn strip_dashes(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches('-');
    (text.len() - rest.len() >= 4).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cfg_sits_beside_the_spec() {
        assert_eq!(
            default_config_path(Path::new("/a/b/Spec.tla")),
            PathBuf::from("/a/b/Spec.cfg")
        );
        assert_eq!(
            default_config_path(Path::new("Spec")),
            PathBuf::from("Spec.cfg")
        );
        assert_eq!(
            default_config_path(Path::new("x/My.Spec.tla")),
            PathBuf::from("x/My.Spec.cfg")
        );
    }

    #[test]
    fn config_option_follows_tlc() {
        let spec = Path::new("Spec.tla");
        let file = |p: &str| ConfigSource::File(PathBuf::from(p));
        assert_eq!(config_source(spec, None), file("Spec.cfg"));
        assert_eq!(
            config_source(spec, Some(Path::new("MC.cfg"))),
            file("MC.cfg")
        );
        assert_eq!(config_source(spec, Some(Path::new("MC"))), file("MC.cfg"));
        assert_eq!(
            config_source(spec, Some(Path::new("m.txt"))),
            file("m.txt.cfg")
        );
        assert_eq!(
            config_source(spec, Some(Path::new("d/All.tla"))),
            ConfigSource::Embedded {
                tla_file: PathBuf::from("d/All.tla"),
                name: "All".into()
            }
        );
    }

    #[test]
    fn finds_the_named_section_only() {
        let text = "---- MODULE M ----\n====\n---- CONFIG Other ----\nINIT X\n====\n\
                    ------ CONFIG M ------\r\n  INIT Init\n\n====== end\nNEXT Junk\n";
        let range = find_embedded_config(text, "M").unwrap();
        assert_eq!(&text[range], "INIT Init");
        assert_eq!(find_embedded_config(text, "Missing"), None);
        assert_eq!(find_embedded_config("---CONFIG M----\n", "M"), None);
        assert_eq!(find_embedded_config("----CONFIGM----\n", "M"), None);
        let unterminated = find_embedded_config("----CONFIG M----\nNEXT N", "M").unwrap();
        assert_eq!(unterminated, 17..23);
    }
}
