//! Parses arbitrary bytes: the parser must never panic and every span must
//! point inside the text, on char boundaries; an archive without errors must
//! format to text that parses without errors to the same items (the
//! formatter may only add blank lines) and formats to itself.

#![no_main]

use libfuzzer_sys::fuzz_target;
use senlac_notation::syntax::ShapeItem;
use senlac_notation::{Archive, ItemKind, Span, decode, format, parse};

fn check_spans(archive: &Archive<'_>) {
    let text = archive.source;
    let ok = |span: Span| {
        span.start <= span.end
            && (span.end as usize) <= text.len()
            && text.is_char_boundary(span.start as usize)
            && text.is_char_boundary(span.end as usize)
    };
    for error in archive.all_errors() {
        assert!(ok(error.span), "error span out of bounds: {error:?}");
    }
    for battle in &archive.battles {
        for (item, atoms) in battle.iter() {
            assert!(ok(item.span), "item span out of bounds: {item:?}");
            for atom in atoms {
                assert!(ok(atom.span), "atom span out of bounds: {atom:?}");
                assert_eq!(&text[atom.span.range()], atom.text);
            }
        }
    }
}

fn items<'s>(archive: &Archive<'s>) -> Vec<Vec<ShapeItem<'s>>> {
    archive
        .battles
        .iter()
        .map(|battle| {
            battle
                .shape()
                .into_iter()
                .filter(|item| item.kind != ItemKind::BlankLine)
                .collect()
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let (text, decode_errors) = decode(data);
    assert_eq!(text.len(), data.len(), "decode must keep byte offsets");
    for error in &decode_errors {
        assert!(error.span.end as usize <= data.len());
    }
    let archive = parse(&text);
    check_spans(&archive);
    if archive.has_errors() {
        return;
    }
    let once = format(&archive);
    let reparsed = parse(&once);
    assert!(
        !reparsed.has_errors(),
        "formatted text has errors: {:?}\n{once}",
        reparsed.all_errors().collect::<Vec<_>>()
    );
    assert_eq!(
        items(&reparsed),
        items(&archive),
        "formatting changed the items"
    );
    assert_eq!(format(&reparsed), once, "format is not idempotent");
});
