//! Small API-level cases: embedded configurations, defaults, value printing, and garbage input.

use tlafid_base::{FileId, SourceFile};
use tlafid_config::{parse, parse_embedded, Binding, ConfigValue};

fn value_of(cfg: &str) -> ConfigValue {
    let parsed = parse(FileId(0), cfg);
    assert!(
        parsed.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        parsed.diagnostics
    );
    match &parsed.config.constants[0].binding {
        Binding::Value(value) => value.value.clone(),
        Binding::Substitute(target) => panic!("substitution {}", target.name),
    }
}

#[test]
fn values_print_in_configuration_syntax() {
    let value = value_of("CONSTANT S = {1, \"a\\n\", TRUE, m, {}, <<-2, FALSE>>}");
    assert_eq!(
        value.to_string(),
        "{1, \"a\\n\", TRUE, m, {}, <<-2, FALSE>>}"
    );
    assert_eq!(
        value_of("CONSTANT S = \"a\\n\""),
        ConfigValue::Str("a\\n".into())
    );
}

#[test]
fn deadlock_is_checked_unless_turned_off() {
    assert!(parse(FileId(0), "INIT I").config.checks_deadlock());
    assert!(parse(FileId(0), "CHECK_DEADLOCK TRUE")
        .config
        .checks_deadlock());
    assert!(!parse(FileId(0), "CHECK_DEADLOCK FALSE")
        .config
        .checks_deadlock());
}

#[test]
fn embedded_configuration_spans_point_into_the_tla_file() {
    let tla = "---- MODULE M ----\nVARIABLE x\n====\n---- CONFIG M ----\nINIT Init\nNEXT\n====\n";
    let parsed = parse_embedded(FileId(3), tla, "M").unwrap();
    let init = parsed.config.init.unwrap();
    assert_eq!(&tla[init.span.range()], "Init");
    assert_eq!(init.span.file, FileId(3));
    let source = SourceFile::new("M.tla".into(), tla.into());
    let error = &parsed.diagnostics[0];
    assert_eq!(error.code.to_string(), "E061");
    let at = source.line_col(error.span.unwrap().start);
    assert_eq!(
        (at.line, at.col),
        (6, 5),
        "the error sits where the section ends, before `====`"
    );
    assert!(parse_embedded(FileId(3), tla, "Other").is_none());
}

/// Pseudo-random text from a fixed seed (no dependency): mixes configuration tokens,
/// punctuation and multi-byte characters.
fn garbage(seed: u64, len: usize) -> String {
    const PIECES: &[&str] = &[
        "CONSTANT",
        "INIT",
        "INVARIANT",
        "CHECK_DEADLOCK",
        "TRUE",
        " ",
        "\n",
        "x",
        "=",
        "<-",
        "{",
        "}",
        "<<",
        ">>",
        "(",
        ")",
        "[",
        "]",
        ",",
        "!",
        "-",
        "\"",
        "\\",
        "\\*",
        "(*",
        "*)",
        "1",
        "\\h",
        "é",
        "⟨",
        "←",
        "_",
        "$",
        "\r",
    ];
    let mut state = seed;
    (0..len)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            PIECES[(state >> 33) as usize % PIECES.len()]
        })
        .collect()
}

#[test]
fn garbage_never_panics_and_spans_stay_in_bounds() {
    for seed in 0..2000 {
        let text = garbage(seed, 40);
        let parsed = parse(FileId(0), &text);
        for diagnostic in &parsed.diagnostics {
            let span = diagnostic.span.unwrap();
            assert!(span.end as usize <= text.len() && text.is_char_boundary(span.start as usize));
            assert!(
                text.is_char_boundary(span.end as usize),
                "seed {seed}: {text:?}"
            );
        }
    }
}
