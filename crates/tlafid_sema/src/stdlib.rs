//! The standard modules compiled into the crate (every `stdlib/*.tla` file, found by
//! `build.rs`), used when the caller's `find_module` does not provide a module.

/// `(name, text)` of each built-in standard module, sorted by name.
pub static STANDARD_MODULES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/stdlib_table.rs"));

/// The text of the built-in standard module `name`, if there is one.
pub fn standard_module(name: &str) -> Option<&'static str> {
    STANDARD_MODULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, text)| text)
}
