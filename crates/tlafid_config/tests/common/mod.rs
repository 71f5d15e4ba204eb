//! A stable text dump of a parsed configuration, for the data-driven and corpus tests.

use std::fmt::Write;

use tlafid_base::{Diagnostic, SourceFile, Span};
use tlafid_config::{Binding, ConstantBinding, Named, ParsedConfig};

/// One line per item (in a fixed order of kinds), then one block per diagnostic;
/// every position is `line:col` (1-based).
pub fn dump(parsed: &ParsedConfig, text: &str) -> String {
    let source = SourceFile::new("test.cfg".into(), text.into());
    let at = |span: Span| {
        let (from, to) = (source.line_col(span.start), source.line_col(span.end));
        format!("{}:{}-{}:{}", from.line, from.col, to.line, to.col)
    };
    let mut out = String::new();
    let config = &parsed.config;
    let mut named = |kind: &str, item: &Named| {
        writeln!(out, "{kind} {} @{}", item.name, at(item.span)).unwrap();
    };
    let singles = [
        ("specification", &config.specification),
        ("init", &config.init),
        ("next", &config.next),
        ("symmetry", &config.symmetry),
        ("view", &config.view),
        ("alias", &config.alias),
    ];
    for (kind, item) in singles {
        if let Some(item) = item {
            named(kind, item);
        }
    }
    let lists = [
        ("invariant", &config.invariants),
        ("property", &config.properties),
        ("constraint", &config.constraints),
        ("action_constraint", &config.action_constraints),
        ("postcondition", &config.postconditions),
    ];
    for (kind, items) in lists {
        for item in items {
            named(kind, item);
        }
    }
    if let Some(flag) = config.check_deadlock {
        writeln!(out, "check_deadlock {} @{}", flag.value, at(flag.span)).unwrap();
    }
    for binding in &config.constants {
        writeln!(
            out,
            "constant {} @{}",
            binding_text(binding),
            at(binding.span)
        )
        .unwrap();
    }
    for diagnostic in &parsed.diagnostics {
        dump_diagnostic(&mut out, diagnostic, &at);
    }
    out
}

fn binding_text(binding: &ConstantBinding) -> String {
    let mut text = binding.name.name.to_string();
    if !binding.args.is_empty() {
        let args: Vec<String> = binding.args.iter().map(|a| a.value.to_string()).collect();
        write!(text, "({})", args.join(", ")).unwrap();
    }
    let (symbol, rhs) = match &binding.binding {
        Binding::Value(value) => ("=", format!("{} : {:?}", value.value, value.value)),
        Binding::Substitute(target) => ("<-", target.name.to_string()),
    };
    let scope = binding
        .module
        .as_ref()
        .map_or(String::new(), |m| format!("[{}] ", m.name));
    format!("{text} {symbol} {scope}{rhs}")
}

fn dump_diagnostic(out: &mut String, diagnostic: &Diagnostic, at: &dyn Fn(Span) -> String) {
    let severity = if diagnostic.is_error() {
        "error"
    } else {
        "warning"
    };
    let place = diagnostic.span.map_or("nowhere".to_string(), at);
    writeln!(
        out,
        "{severity} {} @{place}: {}",
        diagnostic.code, diagnostic.message
    )
    .unwrap();
    for label in &diagnostic.labels {
        writeln!(out, "  label @{}: {}", at(label.span), label.message).unwrap();
    }
    if let Some(hint) = &diagnostic.hint {
        writeln!(out, "  hint: {hint}").unwrap();
    }
}
