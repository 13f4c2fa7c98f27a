//! Input handling and recovery: a byte order mark, line endings, an unclosed
//! comment in an archive, and the syntax errors that carry a certain fix.

use senlac_notation::fix::apply;
use senlac_notation::format::LineEnding;
use senlac_notation::{Code, Fix, SyntaxError, decode_from, format, parse};

fn battle(name: &str, movetext: &str) -> String {
    format!(
        "[Battle \"{name}\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"A B\"]\n[Result \"*\"]\n\nmap hex 4x4 parity odd\n\n{movetext}"
    )
}

fn errors(text: &str) -> Vec<SyntaxError> {
    parse(text).all_errors().cloned().collect()
}

fn codes(text: &str) -> Vec<Code> {
    errors(text).iter().map(|e| e.code).collect()
}

/// Applies every fix of `text`'s errors; the result must parse clean.
fn fixed(text: &str) -> String {
    let errors = errors(text);
    let fixes: Vec<&Fix> = errors.iter().filter_map(|e| e.fix.as_deref()).collect();
    let (out, applied) = apply(text, &fixes);
    assert_eq!(applied, errors.len(), "every error has a fix: {errors:?}");
    assert_eq!(codes(&out), [], "still wrong after the fix:\n{out}");
    out
}

#[test]
fn a_byte_order_mark_is_skipped_and_kept_by_fmt() {
    let text = format!("\u{feff}{}", battle("B", "1. A\n  I hold\n"));
    let archive = parse(&text);
    assert_eq!(codes(&text), []);
    assert_eq!(archive.battles.len(), 1);
    assert_eq!(archive.battles[0].span.start, 3);
    let formatted = format(&archive);
    assert!(formatted.starts_with('\u{feff}'), "{formatted:?}");
    assert_eq!(formatted, text);
    // Only at the start: elsewhere it is no blank.
    let inside = battle("B", "1. A\n  I \u{feff}hold\n");
    assert_eq!(codes(&inside), [Code::InvalidToken]);
}

#[test]
fn an_unclosed_comment_does_not_swallow_the_battles_after_it() {
    let first = battle("One", "1. A\n  I hold { never closed\n  II hold\n");
    let text = format!(
        "{first}\n{}\n{}",
        battle("Two", "1. A\n  I hold\n"),
        battle("Three", "1. A\n  I hold { closed }\n")
    );
    let archive = parse(&text);
    assert_eq!(archive.battles.len(), 3);
    let errors: Vec<&SyntaxError> = archive.all_errors().collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::UnclosedComment);
    let open = text.find("{ never").unwrap();
    assert_eq!(errors[0].span.range(), open..open + 1);
    assert!(archive.battles[1].errors.is_empty());
    // A tag-like line that is not a tag pair stays inside the comment.
    let annotation = battle("One", "1. A\n  I hold {\n[%fig a \"b\"]\n}\n");
    assert_eq!(codes(&annotation), []);
}

#[test]
fn an_unclosed_string_or_variation_does_not_swallow_the_battles_after_it() {
    for (slip, code) in [
        ("  I hold \"never closed\n", Code::UnclosedString),
        ("  (\n  I hold\n", Code::UnclosedVariation),
    ] {
        let first = battle("One", &format!("1. A\n{slip}  II hold\n"));
        let text = format!(
            "{first}\n{}\n{}",
            battle("Two", "1. A\n  I hold\n"),
            battle("Three", "1. A\n  I hold\n")
        );
        let archive = parse(&text);
        assert_eq!(archive.battles.len(), 3, "{slip:?}");
        assert_eq!(codes(&text), [code], "{slip:?}");
    }
}

/// A line that starts with a tag pair ends even a comment closed later: the
/// `}` after it is then a stray one. The rule that keeps one `{` from
/// swallowing an archive (docs/notation.md, "Comments").
#[test]
fn a_tag_line_ends_a_comment() {
    let text = battle("One", "1. A\n  I hold { see\n[Battle \"Two\"]\n}\n");
    let archive = parse(&text);
    assert_eq!(archive.battles.len(), 2);
    let codes: Vec<Code> = archive.all_errors().map(|e| e.code).collect();
    assert!(codes.starts_with(&[Code::UnclosedComment]), "{codes:?}");
}

#[test]
fn formatting_keeps_crlf_line_endings() {
    let lf = battle("B", "1. A\n  I hold { a\nb }\n");
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(LineEnding::of(crlf.as_bytes()), Some(LineEnding::CrLf));
    assert_eq!(LineEnding::of(lf.as_bytes()), Some(LineEnding::Lf));
    assert_eq!(LineEnding::of(b"\r\n\r\n"), None);
    let formatted = format(&parse(&crlf));
    assert_eq!(formatted, crlf, "a canonical CRLF file formats to itself");
    let messy = "[Battle \"B\"]   \r\n[Site \"s\"]\n".to_string()
        + &battle("x", "1.   A\r\nI hold\r\n")[12..];
    let once = format(&parse(&messy));
    assert!(!once.replace("\r\n", "").contains('\n'), "{once:?}");
    assert_eq!(format(&parse(&once)), once);
}

#[test]
fn glued_reactions_and_outcomes_have_a_fix() {
    let text = battle("B", "1. A\n  I volley II>II endure\n");
    let errors = errors(&text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::InvalidToken);
    assert_eq!(&text[errors[0].span.range()], "II>II");
    assert!(errors[0].message.contains("spaces around `>`"));
    let fix = errors[0].fix.as_deref().unwrap();
    assert_eq!(fix.title, "put spaces around `>`");
    assert!(fixed(&text).contains("I volley II > II endure"));

    let outcome = battle("B", "1. A\n  I resolve II > II lose=>attack=6\n");
    assert_eq!(codes(&outcome), [Code::InvalidToken]);
    assert!(fixed(&outcome).contains("II lose => attack=6"));
}

#[test]
fn a_turn_number_without_its_dot_has_a_fix_and_no_cascade() {
    // The first turn: without the fix, the movetext would read as setup.
    let text = battle("B", "2 A\n  movement:\n    I hold\n");
    let errors = errors(&text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::MissingTurnDot);
    assert_eq!(&text[errors[0].span.range()], "2");
    assert_eq!(
        errors[0].message,
        "`2 A` looks like a turn, but its number has no `.`"
    );
    assert_eq!(
        errors[0].fix.as_deref().unwrap().title,
        "insert `.` after the turn number"
    );
    assert!(fixed(&text).contains("\n2. A\n"));

    // A word that is no side: no turn, and no fix to guess.
    let action = battle("B", "1. A\n  2 hold\n");
    let found = self::errors(&action);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Code::UnexpectedToken);
    assert!(found[0].fix.is_none());

    let glued = battle("B", "1. A\n  I hold\n2.B\n  II hold\n");
    assert_eq!(codes(&glued), [Code::InvalidToken]);
    assert!(fixed(&glued).contains("\n2. B\n"));
}

#[test]
fn an_unquoted_tag_value_has_a_fix_and_no_missing_tag() {
    let text = battle("B", "1. A\n  I hold\n").replace("[Date \"d\"]", "[Date 1066-10-14]");
    let errors = errors(&text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::MalformedTag);
    assert_eq!(&text[errors[0].span.range()], "1066-10-14");
    assert!(fixed(&text).contains("[Date \"1066-10-14\"]"));

    // Two slips, two errors, two fixes: the unquoted Sides still names the
    // sides a turn without its dot is recognised by.
    let text = battle("B", "2 A\n  I hold\n").replace("[Sides \"A B\"]", "[Sides A B]");
    assert_eq!(codes(&text), [Code::MalformedTag, Code::MissingTurnDot]);
    assert!(fixed(&text).contains("[Sides \"A B\"]"));
}

#[test]
fn a_turn_number_too_large_is_out_of_range_not_turn_zero() {
    let text = battle("B", "18446744073709551616. A\n  I hold\n");
    let errors = errors(&text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::TurnOutOfRange);
    assert_eq!(&text[errors[0].span.range()], "18446744073709551616.");
    assert!(
        errors[0].message.contains("18446744073709551616")
            && errors[0].message.contains("4294967295"),
        "{}",
        errors[0].message
    );
    assert_eq!(codes(&battle("B", "4294967295. A\n  I hold\n")), []);
}

#[test]
fn invalid_utf8_messages_quote_the_file_offset() {
    let (_, errors) = decode_from(b"ab\xffcd", 1000);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].span.range(), 2..3);
    assert_eq!(errors[0].message, "invalid UTF-8 at byte 1002 of the file");
}

/// A comment whose `{` was lost: the prose up to its `}` fails to parse,
/// and is read as the comment it is, with one error spanning it.
#[test]
fn a_comment_whose_open_brace_is_missing_is_one_error() {
    let prose =
        "  4 + Alan 1 = 5 (10.3), the right: attack-pursue.\n  the D* becomes R (HS-R10) }\n";
    let text = battle("B", &format!("1. A\n  melee:\n{prose}  I hold\n"));
    let archive = parse(&text);
    let errors: Vec<&SyntaxError> = archive.all_errors().collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::UnopenedComment);
    let start = text.find("4 + Alan").unwrap();
    let end = text.find('}').unwrap() + 1;
    assert_eq!(errors[0].span.range(), start..end);
    assert_eq!(errors[0].help.as_deref(), Some("open the comment with `{`"));
    // The text is one comment, and the action after it is read.
    let battle = &archive.battles[0];
    let kinds: Vec<_> = battle.items.iter().map(|i| i.kind).collect();
    use senlac_notation::ItemKind::*;
    assert_eq!(kinds[kinds.len() - 2..], [Comment, Action]);
    assert_eq!(battle.items[kinds.len() - 2].span.range(), start..end);
    // The same in the setup, where a paren is no variation.
    let text = battle_setup(
        "  from 0811 to 0116 (12.1.1), the hex 0116 (11.4.1)\n  and the hill (5.3.3). }\n",
    );
    assert_eq!(codes(&text), [Code::UnopenedComment]);
}

/// A `}` after a real error and clean lines is only what it is: the lines
/// between are kept, and each mistake reported.
#[test]
fn a_stray_brace_after_clean_lines_keeps_them() {
    let text = battle("B", "1. A\n  I 0101\n  II hold\n  III hold }\n");
    assert_eq!(
        codes(&text),
        [Code::MissingVerb, Code::StrayCloseBrace],
        "{text}"
    );
    let actions = parse(&text).battles[0]
        .items
        .iter()
        .filter(|i| i.kind == senlac_notation::ItemKind::Action)
        .count();
    assert_eq!(actions, 3);
    // A blank line ends what a `}` could close.
    let text = battle("B", "1. A\n  I hold (x\n\n  II hold }\n");
    assert!(
        codes(&text).contains(&Code::StrayCloseBrace),
        "{:?}",
        codes(&text)
    );
}

fn battle_setup(setup: &str) -> String {
    format!(
        "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"A B\"]\n[Result \"*\"]\n\nmap hex 4x4 parity odd\n{setup}\n1. A\n  I hold\n"
    )
}
