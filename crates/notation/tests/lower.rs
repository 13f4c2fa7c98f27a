//! Lowering of the open setup forms: optional grades, directives the notation
//! does not know, terrain with a value, terrain shapes on a table, and
//! annotations on points. Each form has a legal case and a malformed one, with
//! its code and the exact text its span covers.

use senlac_notation::lower::{self, AnnotationKind, Area, Directive, Step};
use senlac_notation::value::{self, Cell, Location, Point};
use senlac_notation::{Battle, Code, parse};

const TAGS: &str =
    "[Battle \"B\"] [Site \"S\"] [Date \"D\"] [Rules \"r\"] [Sides \"A B\"] [Result \"*\"]\n";

/// The source with the standard tags in front.
fn source(body: &str) -> String {
    format!("{TAGS}{body}")
}

fn battle(text: &str) -> Battle<'_> {
    let archive = parse(text);
    assert!(
        !archive.has_errors(),
        "syntax errors: {:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    archive.battles.into_iter().next().unwrap()
}

/// The one directive of a battle, which must lower cleanly.
fn only_directive<'b, 's>(battle: &'b Battle<'s>) -> Directive<'b, 's> {
    assert_eq!(lower::check(battle), vec![]);
    let mut all: Vec<_> = lower::directives(battle).map(|(_, d)| d).collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all.remove(0)
}

/// The one lowering error of a body: its code and the text its span covers.
fn only_error(body: &str) -> (Code, String) {
    let text = source(body);
    let battle = battle(&text);
    let errors = lower::check(&battle);
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = &errors[0];
    (error.code, text[error.span.range()].to_string())
}

fn point(x: f64, y: f64) -> Point {
    Point { x, y }
}

#[test]
fn a_unit_may_leave_out_its_grade() {
    let text =
        source("army A \"A\"\n  unit I \"Scout\" scout size=10\n  unit II \"Guard\" guard B\n");
    let battle = battle(&text);
    assert_eq!(lower::check(&battle), vec![]);
    let units: Vec<_> = lower::directives(&battle)
        .filter_map(|(_, d)| match d {
            Directive::Unit {
                id, grade, pairs, ..
            } => Some((id, grade, pairs.len())),
            _ => None,
        })
        .collect();
    assert_eq!(units, [("I", None, 1), ("II", Some("B"), 0)]);
}

#[test]
fn a_unit_with_two_words_after_its_class_is_malformed() {
    let (code, span) = only_error("army A \"A\"\n  unit I \"Scout\" scout B extra\n");
    assert_eq!(code, Code::MalformedDirective);
    assert_eq!(span, "unit I \"Scout\" scout B extra");
}

#[test]
fn an_unknown_keyword_is_passed_on() {
    let text = source("weather rain wind=3 0101\n");
    let battle = battle(&text);
    let Directive::Other { keyword, args } = only_directive(&battle) else {
        panic!("not passed on");
    };
    assert_eq!(keyword, "weather");
    let args: Vec<_> = args.iter().map(|a| a.text).collect();
    assert_eq!(args, ["rain", "wind=3", "0101"]);
}

#[test]
fn a_known_keyword_of_the_wrong_shape_is_still_malformed() {
    let (code, span) = only_error("first Saxons\n");
    assert_eq!(code, Code::MalformedDirective);
    assert_eq!(span, "first Saxons");
}

#[test]
fn terrain_kind_may_carry_a_value() {
    let text = source("terrain elevation=275 0814-0820\n");
    let battle = battle(&text);
    let Directive::Terrain {
        kind,
        value: Some(height),
        area: Area::Cells(cells),
    } = only_directive(&battle)
    else {
        panic!("not terrain with a value on cells");
    };
    assert_eq!((kind, value::integer(&height)), ("elevation", Some(275)));
    assert_eq!(&text[height.span.range()], "275");
    assert_eq!(cells.len(), 1);
}

#[test]
fn terrain_with_a_value_but_no_cells_is_malformed() {
    let (code, span) = only_error("terrain elevation=275\n");
    assert_eq!(code, Code::MalformedDirective);
    assert_eq!(span, "terrain elevation=275");
}

#[test]
fn terrain_shapes_lower_to_points_in_inches() {
    for (body, expected) in [
        (
            "terrain wood polygon 10x10in 20x10in 20x20in\n",
            Area::Polygon(vec![
                point(10.0, 10.0),
                point(20.0, 10.0),
                point(20.0, 20.0),
            ]),
        ),
        (
            "terrain pond circle 30x30in radius=4in\n",
            Area::Circle {
                centre: point(30.0, 30.0),
                radius: 4.0,
            },
        ),
        (
            "terrain road line 0x24in 36x20.5in 72x24in width=2in\n",
            Area::Line {
                points: vec![point(0.0, 24.0), point(36.0, 20.5), point(72.0, 24.0)],
                width: 2.0,
            },
        ),
    ] {
        let text = source(&format!("map table 72x48in\n{body}"));
        let battle = battle(&text);
        assert_eq!(lower::check(&battle), vec![]);
        let area = lower::directives(&battle)
            .find_map(|(_, d)| match d {
                Directive::Terrain { area, .. } => Some(area),
                _ => None,
            })
            .unwrap();
        assert_eq!(area, expected, "{body}");
    }
}

#[test]
fn malformed_terrain_shapes_point_at_the_fault() {
    for (body, covered) in [
        // A grid size is not a point: the point needs its `in`.
        ("terrain wood polygon 10x10in 20x10 20x20in\n", "20x10"),
        ("terrain wood polygon 10x10in 0101 20x20in\n", "0101"),
        (
            "terrain wood polygon 10x10in 20x10in\n",
            "terrain wood polygon 10x10in 20x10in",
        ),
        ("terrain pond circle 30x30in r=4in\n", "r=4in"),
        ("terrain pond circle 30x30in radius=4\n", "radius=4"),
        ("terrain pond circle 30x30in radius=0in\n", "radius=0in"),
        (
            "terrain pond circle 30x30in 40x40in radius=4in\n",
            "terrain pond circle 30x30in 40x40in radius=4in",
        ),
        ("terrain pond circle\n", "terrain pond circle"),
        ("terrain road line 0x24in 72x24in\n", "72x24in"),
        (
            "terrain road line 0x24in width=2in\n",
            "terrain road line 0x24in width=2in",
        ),
    ] {
        assert_eq!(
            only_error(body),
            (Code::MalformedDirective, covered.to_string()),
            "{body}"
        );
    }
}

/// The annotations of a battle that lowers cleanly, in order.
fn annotations<'s>(battle: &Battle<'s>) -> Vec<AnnotationKind<'s>> {
    assert_eq!(lower::check(battle), vec![]);
    lower::steps(battle)
        .filter_map(|step| match step {
            Step::Annotation(annotation) => Some(annotation.kind),
            _ => None,
        })
        .collect()
}

#[test]
fn arrows_and_marks_take_cells_or_points() {
    let text = source(
        "1. A\n  I move 0102 { [%arrow 0101 0102] [%mark 0102] }\n  I move 12x8in { [%arrow 12x6in 12x8in] [%mark 12x8in] }\n",
    );
    let found = annotations(&battle(&text));
    let cell = |column, row| Location::Cell(Cell { column, row });
    let at = |x, y| Location::Point(point(x, y));
    assert_eq!(
        found,
        [
            AnnotationKind::Arrow {
                from: cell(1, 1),
                to: cell(1, 2)
            },
            AnnotationKind::Mark { at: cell(1, 2) },
            AnnotationKind::Arrow {
                from: at(12.0, 6.0),
                to: at(12.0, 8.0)
            },
            AnnotationKind::Mark { at: at(12.0, 8.0) },
        ]
    );
}

#[test]
fn malformed_arrows_and_marks_are_reported_whole() {
    for annotation in [
        "[%arrow 0101 12x8in]",
        "[%arrow 12x6 12x8]",
        "[%arrow 0101 0102 0103]",
        "[%mark 12x8]",
        "[%mark]",
    ] {
        let (code, span) = only_error(&format!("1. A\n  I hold {{ {annotation} }}\n"));
        assert_eq!(
            (code, span.as_str()),
            (Code::MalformedAnnotation, annotation)
        );
    }
}

/// A token the parser reports is its line's one error: the line's shape is
/// not blamed for it as well (one mistake, one error). A line whose shape is
/// wrong without an invalid token still is.
#[test]
fn an_invalid_token_is_its_lines_only_error() {
    let text = source("deploy A IX@0604 X@06O4^\n");
    let archive = parse(&text);
    let reported: Vec<(Code, &str)> = archive
        .all_errors()
        .map(|e| (e.code, &text[e.span.range()]))
        .collect();
    assert_eq!(reported, vec![(Code::InvalidToken, "X@06O4^")]);
    assert_eq!(lower::check(&archive.battles[0]), vec![]);

    assert_eq!(
        only_error("deploy A IX@0604 0605\n"),
        (
            Code::MalformedDirective,
            "deploy A IX@0604 0605".to_string()
        )
    );
}
