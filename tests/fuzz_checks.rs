//! The properties the fuzz targets check (fuzz/fuzz_targets/*.rs include this
//! file), so `cargo test` replays their corpora on stable and guards what
//! fuzzing found (tests/fuzz_corpus.rs).
//!
//! - [`parse_spans`]: any bytes parse without a panic, every span (and
//!   every fix's) lies inside the text on char boundaries, and in an archive without errors
//!   every non-blank character belongs to some item.
//!   The battles found in a text cut after a newline are those of the whole
//!   text ([`chunk_boundaries`]), as the CLI's stream reader relies on.
//! - [`format_round_trip`]: that, and an archive without errors formats to
//!   text that parses to the same items and formats to itself.
//! - [`replay`]: every battle without syntax errors replays without a panic,
//!   with the same violations with a timeline and without, each span inside
//!   the battle's text on char boundaries.
//! - [`render`]: every frame a battle can draw is well-formed XML with no
//!   script, no foreignObject and no `on…` attribute, whatever the log says.

#![allow(dead_code)]

use senlac_notation::syntax::ShapeItem;
use senlac_notation::{Archive, ItemKind, Span, Stop, battles, decode, format, parse};

/// At most this many frames are drawn per input, to keep a run quick.
const FRAMES: usize = 24;

fn inside(text: &str, span: Span) -> bool {
    span.start <= span.end
        && (span.end as usize) <= text.len()
        && text.is_char_boundary(span.start as usize)
        && text.is_char_boundary(span.end as usize)
}

fn check_spans(archive: &Archive<'_>) {
    let text = archive.source;
    for error in archive.all_errors() {
        assert!(
            inside(text, error.span),
            "error span out of bounds: {error:?}"
        );
        if let Some(fix) = &error.fix {
            assert!(inside(text, fix.span), "fix span out of bounds: {error:?}");
        }
    }
    let mut covered = vec![false; text.len()];
    for battle in &archive.battles {
        for (item, atoms) in battle.iter() {
            assert!(inside(text, item.span), "item span out of bounds: {item:?}");
            covered[item.span.range()]
                .iter_mut()
                .for_each(|c| *c = true);
            for atom in atoms {
                assert!(inside(text, atom.span), "atom span out of bounds: {atom:?}");
                assert_eq!(&text[atom.span.range()], atom.text);
            }
        }
    }
    if !archive.has_errors() {
        for (at, c) in text.char_indices() {
            // A byte order mark at the start belongs to no battle.
            assert!(
                c.is_whitespace() || c == ',' || covered[at] || (at == 0 && c == '\u{feff}'),
                "{c:?} at byte {at} belongs to no item"
            );
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

/// Any bytes decode keeping their offsets and parse without a panic, every
/// span inside the text; returns the text for more checks.
pub fn parse_spans(data: &[u8]) -> String {
    let (text, decode_errors) = decode(data);
    assert_eq!(text.len(), data.len(), "decode must keep byte offsets");
    for error in &decode_errors {
        assert!(error.span.end as usize <= data.len());
    }
    check_spans(&parse(&text));
    chunk_boundaries(&text);
    text.into_owned()
}

/// At most this many cuts are tried per input by [`chunk_boundaries`].
const CUTS: usize = 8;

/// The premise of the stream reader (crates/cli/src/stream.rs): a text cut
/// after a newline parses, up to the last battle that ended at a boundary,
/// to the same battles (spans and errors) as the whole text, and the text
/// from where the cut-off battle starts parses to the rest. So the chunker
/// and the parser find the same battles, whatever a battle leaves open.
pub fn chunk_boundaries(text: &str) {
    let whole: Vec<(Span, Vec<senlac_notation::SyntaxError>)> = battles(text)
        .map(|(battle, _)| (battle.span, battle.errors))
        .collect();
    let cuts: Vec<usize> = text.match_indices('\n').map(|(at, _)| at + 1).collect();
    for &cut in cuts.iter().step_by((cuts.len() / CUTS).max(1)) {
        let mut parsed = battles(&text[..cut]);
        let mut done = 0;
        let resume = loop {
            let start = parsed.position();
            let Some((battle, stop)) = parsed.next() else {
                break cut;
            };
            if stop == Stop::End {
                break start;
            }
            assert_eq!(
                Some(&(battle.span, battle.errors)),
                whole.get(done),
                "battle {done} differs when the text is cut at byte {cut}"
            );
            done += 1;
        };
        let rest: Vec<Span> = battles(&text[resume..])
            .map(|(battle, _)| battle.span.shifted(resume as u32))
            .collect();
        let expected: Vec<Span> = whole[done..].iter().map(|(span, _)| *span).collect();
        assert_eq!(
            rest, expected,
            "the rest after byte {resume} differs (cut at {cut})"
        );
    }
}

pub fn format_round_trip(data: &[u8]) {
    let text = parse_spans(data);
    let archive = parse(&text);
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
}

fn violations(game: &dyn senlac_engine::Game) -> Vec<(&'static str, Span, String)> {
    game.violations()
        .iter()
        .map(|v| (v.code, v.span, v.message.clone()))
        .collect()
}

pub fn replay(data: &[u8]) {
    let (text, _) = decode(data);
    let archive = parse(&text);
    for battle in &archive.battles {
        if !battle.errors.is_empty() || !senlac_notation::lower::check(battle).is_empty() {
            continue;
        }
        let plain = senlac_engine::check(battle, senlac_engine::Config::default());
        let timed = senlac_engine::check(battle, senlac_engine::Config::TIMELINE);
        match (plain, timed) {
            (Ok(plain), Ok(timed)) => {
                assert_eq!(violations(plain.as_ref()), violations(timed.as_ref()));
                for (code, span, _) in violations(plain.as_ref()) {
                    assert!(inside(&text, span), "{code} span {span:?} out of bounds");
                }
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("a timeline changed whether the rules are known"),
        }
    }
}

pub fn render(data: &[u8]) {
    let (text, _) = decode(data);
    let archive = parse(&text);
    let mut drawn = 0;
    for battle in &archive.battles {
        if !battle.errors.is_empty() || !senlac_notation::lower::check(battle).is_empty() {
            continue;
        }
        let Ok(game) = senlac_engine::check(battle, senlac_engine::Config::TIMELINE) else {
            continue;
        };
        let mut captions: Vec<(usize, String)> = game
            .figures()
            .iter()
            .map(|f| (f.state, f.caption.clone()))
            .collect();
        captions.push((game.len().saturating_sub(1), "The end".to_string()));
        // The replay's film: the same frames, the board drawn once.
        let film_frames = captions.len().min(FRAMES.saturating_sub(drawn));
        let film = senlac_render::svg::film(
            captions
                .iter()
                .take(film_frames)
                .map(|(state, _)| game.scene(*state, 0)),
        );
        check_svg(&film.board);
        check_svg(&film.legend);
        for (state, caption) in captions {
            if drawn == FRAMES {
                return;
            }
            drawn += 1;
            let mut scene = game.scene(state, 0);
            scene.title = battle.tag("Battle").unwrap_or_default().into_owned();
            scene.caption = caption;
            check_svg(&senlac_render::svg::scene_svg(&scene));
        }
    }
}

/// Well-formed XML, with nothing in it that could run.
pub fn check_svg(svg: &str) {
    let document = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("the SVG is not well-formed XML: {e}\n{svg}"));
    for node in document.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name().to_ascii_lowercase();
        assert!(
            name != "script" && name != "foreignobject",
            "<{name}> in the SVG"
        );
        for attribute in node.attributes() {
            let attribute = attribute.name().to_ascii_lowercase();
            assert!(
                !attribute.starts_with("on"),
                "attribute {attribute} in the SVG"
            );
        }
    }
}
