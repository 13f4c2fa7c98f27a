//! The tag checks every system shares: the Date is a date, the Sides tag
//! names the armies, and the Result names a side of the battle and agrees
//! with how the replay ends. Each is a warning (the log stays readable), with
//! its code in the generic registry, [`crate::setup::codes`].
//!
//! The date forms accepted are written in docs/notation.md §5.1.

use senlac_notation::{Atom, Battle, Fix, Span};

use crate::setup::codes;
use crate::system::Outcome;
use crate::violation::Violation;

/// Where the tags are specified.
const RULE: &str = "docs/notation.md §5.1 Tags";

/// The value atom (the quoted string) of the first tag with this name.
pub(crate) fn value_atom<'s>(battle: &Battle<'s>, name: &str) -> Option<Atom<'s>> {
    let (_, atoms) = battle.tag_pair(name)?;
    atoms.get(1).copied()
}

/// The span of `part`, a slice of the tag's unescaped value, inside the
/// string atom; the whole atom when the value has escapes (offsets differ).
fn inner_span(atom: &Atom<'_>, value: &str, part: &str) -> Span {
    let raw = atom.text.strip_prefix('"').unwrap_or(atom.text);
    let raw = raw.strip_suffix('"').unwrap_or(raw);
    if raw != value {
        return atom.span;
    }
    let offset = part.as_ptr() as usize - value.as_ptr() as usize;
    let start = atom.span.start as usize + 1 + offset;
    Span::new(start, start + part.len())
}

/// Checks the Date, Sides and Result tags against the battle's armies
/// (`armies`, the sides its `army` lines open, in order).
pub fn check(battle: &Battle<'_>, armies: &[&str], out: &mut Vec<Violation>) {
    check_date(battle, out);
    check_sides(battle, armies, out);
    check_result_names(battle, armies, out);
}

fn check_date(battle: &Battle<'_>, out: &mut Vec<Violation>) {
    let (Some(atom), Some(date)) = (value_atom(battle, "Date"), battle.tag("Date")) else {
        return;
    };
    if let Err(why) = parse_date(&date) {
        out.push(
            Violation::of(
                &codes::BAD_DATE,
                atom.span,
                format!("the Date `{date}` is not a date senlac reads: {why}"),
                RULE,
            )
            .label("not YYYY-MM-DD")
            .help("write the year, month and day as `1066-10-14`; `1066-10` or `1066` when that is all that is known, and `????-??-??` when nothing is"),
        );
    }
}

/// Days in a month; 29 February needs a year divisible by 4 (the Julian
/// rule, so medieval dates pass) or an unknown year.
fn days_in(month: u32, year: Option<u32>) -> u32 {
    match month {
        2 if year.is_none_or(|y| y % 4 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, each field digits or all `?`.
/// Returns each field, `None` when unknown; the error says what is wrong.
pub fn parse_date(date: &str) -> Result<[Option<u32>; 3], String> {
    let fields: Vec<&str> = date.split('-').collect();
    if date.is_empty() || fields.len() > 3 {
        return Err("a date is YYYY, YYYY-MM or YYYY-MM-DD".to_string());
    }
    let widths = [4, 2, 2];
    let names = ["year", "month", "day"];
    let mut parsed = [None; 3];
    for (i, field) in fields.iter().enumerate() {
        if field.len() != widths[i]
            || !(field.bytes().all(|b| b.is_ascii_digit()) || field.bytes().all(|b| b == b'?'))
        {
            return Err(format!(
                "the {} `{field}` is not {} digits (or `{}` when unknown)",
                names[i],
                widths[i],
                "?".repeat(widths[i])
            ));
        }
        parsed[i] = field.parse().ok();
    }
    if let Some(month) = parsed[1]
        && !(1..=12).contains(&month)
    {
        return Err(format!("there is no month {month:02}: months run 01 to 12"));
    }
    if let Some(day) = parsed[2] {
        let days = parsed[1].map_or(31, |m| days_in(m, parsed[0]));
        if !(1..=days).contains(&day) {
            return Err(format!(
                "day {day:02} is not in the month, which has {days} days"
            ));
        }
    }
    Ok(parsed)
}

fn check_sides(battle: &Battle<'_>, armies: &[&str], out: &mut Vec<Violation>) {
    let (Some(atom), Some(tagged)) = (value_atom(battle, "Sides"), battle.tag("Sides")) else {
        return;
    };
    let names: Vec<&str> = tagged.split_whitespace().collect();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            let mut v = Violation::of(
                &codes::SIDES_TAG,
                inner_span(&atom, &tagged, name_at(&tagged, i)),
                format!(
                    "the Sides tag names {name} twice: it names {} sides, {} of them different",
                    names.len(),
                    distinct(&names)
                ),
                RULE,
            )
            .label(format!("{name} again"));
            let missing: Vec<&str> = armies
                .iter()
                .copied()
                .filter(|a| !names.contains(a))
                .collect();
            if let [other] = missing.as_slice() {
                v = v
                    .help(format!(
                        "the armies are {}: write `{other}` here",
                        armies.join(" and ")
                    ))
                    .fix(Fix::new(
                        inner_span(&atom, &tagged, name_at(&tagged, i)),
                        other.to_string(),
                        format!("name {other} in the Sides tag"),
                    ));
            } else {
                v = v.help("name each side once, as its `army` line does");
            }
            out.push(v);
        } else if !armies.is_empty() && !armies.contains(name) {
            out.push(
                Violation::of(
                    &codes::SIDES_TAG,
                    inner_span(&atom, &tagged, name_at(&tagged, i)),
                    format!(
                        "the Sides tag names {name}, but no `army` line opens it: the armies are {}",
                        armies.join(" and ")
                    ),
                    RULE,
                )
                .label("no army")
                .help(format!("add `army {name} \"Name\"` with its units, or name the armies that fought")),
            );
        }
    }
}

/// The `i`th blank-separated name of a tag value, as a slice of it.
fn name_at(value: &str, i: usize) -> &str {
    value.split_whitespace().nth(i).unwrap_or(value)
}

fn distinct(names: &[&str]) -> usize {
    names
        .iter()
        .enumerate()
        .filter(|(i, n)| !names[..*i].contains(n))
        .count()
}

/// The words a Result may be: a side, `draw` or `*`.
fn check_result_names(battle: &Battle<'_>, armies: &[&str], out: &mut Vec<Violation>) {
    let (Some(atom), Some(result)) = (value_atom(battle, "Result"), battle.tag("Result")) else {
        return;
    };
    if armies.is_empty() || result == "*" || result == "draw" || armies.contains(&&*result) {
        return;
    }
    let mut v = Violation::of(
        &codes::UNKNOWN_RESULT,
        atom.span,
        format!(
            "the Result `{result}` is not a side of this battle: the armies are {}",
            armies.join(" and ")
        ),
        RULE,
    )
    .label("no such side");
    let candidates = armies.iter().copied().chain(["draw"]);
    match senlac_notation::did_you_mean(&result, candidates) {
        Some(side) => {
            v = v.help(format!("did you mean `{side}`?")).fix(Fix::new(
                atom.span,
                format!("\"{side}\""),
                format!("write `{side}` as the Result"),
            ));
        }
        None => {
            v = v.help(format!(
                "write the side that won ({}), `draw`, or `*` when unfinished or unknown",
                armies.join(", ")
            ));
        }
    }
    out.push(v);
}

/// Checks the Result tag against the outcome the rules give at the end of
/// the replay: a decided battle must not be recorded as won by another side.
/// `*` (unfinished or unknown) is never contradicted.
pub fn check_result(battle: &Battle<'_>, outcome: Option<&Outcome>, out: &mut Vec<Violation>) {
    let (Some(outcome), Some(atom), Some(result)) =
        (outcome, value_atom(battle, "Result"), battle.tag("Result"))
    else {
        return;
    };
    // A Result that names no side is reported once, as unknown.
    let named = battle
        .tag("Sides")
        .is_some_and(|sides| sides.split_whitespace().any(|s| s == result));
    if result == "*" || result == outcome.word() || !(named || result == "draw") {
        return;
    }
    out.push(
        Violation::of(
            &codes::WRONG_RESULT,
            atom.span,
            format!(
                "the Result says `{result}`, but the replay ends with `{}`: {}",
                outcome.word(),
                outcome.why
            ),
            RULE,
        )
        .label(format!("the replay gives `{}`", outcome.word()))
        .help(format!(
            "write [Result \"{}\"], or check the moves that decided the battle",
            outcome.word()
        ))
        .fix(Fix::new(
            atom.span,
            format!("\"{}\"", outcome.word()),
            format!("write `{}` as the Result", outcome.word()),
        )),
    );
}
