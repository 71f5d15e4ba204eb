//! Hostile input: random bytes and token soups never panic; deep nesting and huge inputs end
//! with a clear diagnostic (or a tree), within bounded time and stack.

use proptest::prelude::*;
use tlafid_base::{Code, FileId};
use tlafid_syntax::parse;

/// Runs `parse` on a thread with a 2 MiB stack, as test and worker threads have.
fn parse_on_small_stack(text: String) -> tlafid_syntax::Parsed {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || parse(FileId(0), &text))
        .expect("spawn")
        .join()
        .expect("parse must not overflow the stack")
}

fn codes(parsed: &tlafid_syntax::Parsed) -> Vec<Code> {
    parsed.diagnostics.iter().map(|d| d.code).collect()
}

fn module_around(body: &str) -> String {
    format!("---- MODULE Deep ----\nOp == {body}\n====\n")
}

#[test]
fn parentheses_nested_100k_deep_report_too_deep() {
    let n = 100_000;
    let text = module_around(&format!("{}1{}", "(".repeat(n), ")".repeat(n)));
    let parsed = parse_on_small_stack(text);
    assert_eq!(codes(&parsed), vec![Code(24)]);
}

#[test]
fn every_recursive_form_is_bounded() {
    let n = 50_000;
    let bodies = [
        "~ ".repeat(n),
        "- ".repeat(n),
        "[]".repeat(n),
        "{".repeat(n),
        "<<".repeat(n),
        "[".repeat(n),
        "IF a THEN b ELSE ".repeat(n),
        "\\A x : ".repeat(n),
        "LET a == ".repeat(n),
        "/\\ ".repeat(n),
        "f(".repeat(n),
        "x.".repeat(n) + "y",
        "x.".repeat(n) + "1",
        "a + ".repeat(n) + "1",
        "x'".repeat(n),
        "f[1]".repeat(n),
        "(a + 1) + ".repeat(n) + "1",
    ];
    for body in bodies {
        let t = std::time::Instant::now();
        let parsed = parse_on_small_stack(module_around(&body));
        eprintln!("TIME {} {:?}", &body[..10], t.elapsed());
        assert!(!parsed.diagnostics.is_empty(), "{}", &body[..20]);
    }
    let modules = "---- MODULE M ----\n".repeat(n);
    let parsed = parse_on_small_stack(modules);
    assert!(codes(&parsed).contains(&Code(24)));
}

#[test]
fn comments_nested_100k_deep_are_fine() {
    let n = 100_000;
    let text = format!(
        "---- MODULE C ----\n{}x{}\nOp == 1\n====\n",
        "(*".repeat(n),
        "*)".repeat(n)
    );
    let parsed = parse_on_small_stack(text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
}

#[test]
fn ten_megabytes_of_definitions_parse() {
    let mut text = String::from("---- MODULE Big ----\nVARIABLE x\n");
    let mut i = 0;
    while text.len() < 10_000_000 {
        text.push_str(&format!(
            "Op{i} == /\\ x' = x + {i}\n        /\\ x \\in {{1, 2, 3}}\n"
        ));
        i += 1;
    }
    text.push_str("====\n");
    let parsed = parse(FileId(0), &text);
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(parsed.module.expect("module").units.len(), i + 1);
}

#[test]
fn ten_megabytes_of_garbage_give_few_diagnostics() {
    let garbage: String = "`".repeat(10_000_000);
    let parsed = parse(FileId(0), &format!("---- MODULE G ----\n{garbage}\n===="));
    assert!(
        parsed.diagnostics.len() <= 60,
        "{}",
        parsed.diagnostics.len()
    );
    let binary: String = (0..10_000_000u32)
        .map(|i| char::from((i % 251) as u8))
        .collect();
    let parsed = parse(FileId(0), &binary);
    assert!(parsed.diagnostics.len() <= 160);
}

const VOCAB: &[&str] = &[
    "x",
    "Op",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<<",
    ">>",
    ",",
    ":",
    "::",
    "==",
    "/\\",
    "\\/",
    "\n/\\",
    "\n  \\/",
    "\n",
    "~",
    "=",
    "+",
    "-",
    "'",
    "\\in",
    "\\A",
    "\\E",
    "IF",
    "THEN",
    "ELSE",
    "CASE",
    "[]",
    "OTHER",
    "->",
    "LET",
    "IN",
    "CHOOSE",
    "EXCEPT",
    "!",
    "@",
    ".",
    "|->",
    "_",
    "WF_x",
    "]_x",
    "1",
    "\"s\"",
    "(*",
    "*)",
    "\\*",
    "----",
    "====",
    "MODULE",
    "THEOREM",
    "<1>1.",
    "BY",
    "PROOF",
    "ASSUME",
    "PROVE",
    "LAMBDA",
    "INSTANCE",
    "WITH",
    "<-",
    "LOCAL",
    "CONSTANT",
    "VARIABLE",
    "RECURSIVE",
    "\\X",
    "..",
    "SUBSET",
    "UNCHANGED",
    "ENABLED",
    "∧",
    "≜",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = format!("---- MODULE R ----\n{}", String::from_utf8_lossy(&bytes));
        let _ = parse(FileId(0), &text);
        let _ = parse(FileId(0), &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soups_never_panic(picks in proptest::collection::vec(0..VOCAB.len(), 0..120)) {
        let soup: Vec<&str> = picks.iter().map(|&i| VOCAB[i]).collect();
        let text = format!("---- MODULE S ----\n{}\n====\n", soup.join(" "));
        let parsed = parse(FileId(0), &text);
        for d in &parsed.diagnostics {
            prop_assert!((10..40).contains(&d.code.0));
            prop_assert!(d.span.is_some_and(|s| s.end as usize <= text.len()));
        }
    }
}
