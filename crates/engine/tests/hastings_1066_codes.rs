//! Hastings: 1066's diagnostic codes (`senlac_engine::hastings_1066::codes`)
//! against the spec's code list, and the citations
//! (`senlac_engine::hastings_1066::rules`) against the rulings written in
//! docs/rules/hastings-1066-st.md and the cases of the rule document.

use std::collections::BTreeSet;
use std::path::Path;

use senlac_engine::Severity;
use senlac_engine::hastings_1066::codes;

/// The spec's codes (`shared/specs/hastings-1066-st.md`, section 2), without
/// the prefix, each where it first appears: the general items, then the
/// sections 2.1 to 2.11.
/// Codes senlac adds for what the spec's inventory takes for granted: the
/// two armies, the terrain and option words, the keys of a piece's line,
/// the army's named leader (HS-R61).
const ADDED: [&str; 6] = [
    "sides",
    "unknown-terrain",
    "unknown-key",
    "unknown-option",
    "commander-missing",
    "not-deployed",
];

/// Codes of the spec senlac does not register, each with why: reported
/// under another code (one finding for one kind of fault), or the check is
/// not built yet (issue 13's note lists them). A code nothing produces is
/// not advertised.
const NOT_REGISTERED: [(&str, &str); 12] = [
    (
        "owed-action-missing",
        "one code per owed kind: morale-check-missing, rout-missing, pursuit-missing, leader-casualty-missing, leader-escape-missing",
    ),
    (
        "routed-through-check-missing",
        "morale-check-missing: the owed queue reports every missing check alike",
    ),
    ("adjacent-check-missing", "morale-check-missing"),
    ("commander-fall-checks-missing", "morale-check-missing"),
    (
        "rout-length",
        "rout-path: every fault of a rout's path is one code",
    ),
    ("rout-blocked-mismatch", "rout-path"),
    ("rout-stops-in-friend", "rout-path"),
    (
        "leader-nationality",
        "enforced in the numbers: a bonus from another nationality's leader shows as diff-mismatch or rally-mismatch",
    ),
    (
        "ineffective-leader-used",
        "enforced in the numbers and the movement allowance: diff-mismatch, rally-mismatch, movement-allowance-exceeded",
    ),
    (
        "result-tag-mismatch",
        "the engine's shared Result check, engine::wrong-result, against the verdict (HS-R45)",
    ),
    (
        "period-overrun",
        "game-over: a period's end is the engine's to find (its eighth turn, or its extension's last), so the turn after it is the next period's first, or past the game's end",
    ),
    (
        "encirclement-broken",
        "reform-missing: an encircled period ends at the first record phase where the encirclement fails (HS-R62), so a log that plays on without reforming is told the armies reform",
    ),
];

const SPEC_CODES: [&str; 154] = [
    // General items (G.1 to G.8)
    "wrong-dice",
    "missing-roll",
    "unexpected-roll",
    "unknown-unit",
    "ambiguous-unit",
    "unknown-verb",
    "wrong-segment",
    "wrong-side",
    "claim-mismatch",
    "unknown-claim",
    "owed-action-missing",
    "action-not-owed",
    "off-map",
    "path-not-contiguous",
    // 2.1 Game parts, sequence, periods (2.x, 3.x)
    "map-parity",
    "unknown-class",
    "missing-factor",
    "unknown-morale",
    "bad-factor",
    "turn-out-of-sequence",
    "period-overrun",
    "game-over",
    "segment-out-of-order",
    "unknown-phase",
    "withdraw-missing",
    "reacted-unit-fired",
    "mandatory-attack-missing",
    "extension-not-earned",
    "extension-missing",
    "encirclement-broken",
    "extension-conflict",
    "reroll-not-allowed",
    // 2.2 Strategy and battle orders (4.x)
    "unknown-wing",
    "unassigned-unit",
    "join-outside-orders",
    "wing-too-small",
    "wing-outside-command",
    "wing-count",
    "unknown-nation",
    "missing-strategy",
    "unknown-strategy",
    "duplicate-strategy",
    "order-missing",
    "order-not-for-unit-type",
    "leader-order",
    "order-still-in-force",
    "optional-choice-missing",
    "shield-wall-move",
    "reaction-ineligible",
    "in-place-move",
    "must-close-with-enemy",
    "pursuit-missing",
    "bad-duration",
    "movement-allowance-exceeded",
    "charge-no-contact",
    "charge-crosses-hexside",
    "charge-bad-terrain",
    "charge-uphill",
    "diff-mismatch",
    "morale-check-missing",
    "guard-order",
    "reinforcement-wing",
    "housecarl-choice-late",
    // 2.3 Movement (5.x)
    "path-start",
    "moved-twice",
    "stacking",
    "enters-enemy-hex",
    "missing-elevation",
    "ridge-check-missing",
    "moved-after-disruption",
    "marsh-check-missing",
    "reaction-too-far",
    "reaction-not-away",
    "reaction-into-zoc",
    "reaction-check-missing",
    "knight-check-into-occupied",
    "moved-after-zoc",
    "zoc-occupied-by-friend",
    "zoc-to-zoc",
    "bowmen-enter-zoc",
    "bowmen-stayed-in-zoc",
    // 2.4 Facing (6.x)
    "missing-facing",
    "bad-facing",
    "leader-facing",
    "facing-change-not-allowed",
    "fire-not-frontal",
    "melee-not-in-zoc",
    "odds-mismatch",
    // 2.5 Missile fire (7.x)
    "fire-result-mismatch",
    "not-a-missile-unit",
    "out-of-range",
    "fired-twice",
    "target-fired-twice",
    "leader-casualty-missing",
    "zoc-fire-target",
    "fire-blocked-terrain",
    "fire-blocked-unit",
    "high-trajectory-not-bow",
    "high-trajectory-too-early",
    "missile-supply-exhausted",
    // 2.6 Melee (8.x)
    "melee-result-mismatch",
    "attack-restricted",
    "attack-by-disrupted",
    "unit-in-two-melees",
    "attacked-twice",
    "too-many-defenders",
    "step-loss-unassigned",
    // 2.7 Melee results, retreats, pursuit, rally, morale (9.x)
    "disrupted-cannot-move",
    "fire-by-disrupted",
    "rout-missing",
    "rout-length",
    "rout-path",
    "rout-blocked-mismatch",
    "rout-facing",
    "routed-through-check-missing",
    "routed-cannot-move",
    "rout-stops-in-friend",
    "displacement-illegal",
    "pursuit-not-allowed",
    "pursuit-path",
    "rally-mismatch",
    "rally-twice",
    "rally-not-in-range",
    "morale-mismatch",
    "adjacent-check-missing",
    // 2.8 Leaders (10.x)
    "leader-rating",
    "leader-nationality",
    "leader-move-exceeded",
    "leader-into-zoc",
    "leader-escape-missing",
    "leader-escape-illegal",
    "leader-casualty-mismatch",
    "ineffective-leader-used",
    "commander-fall-checks-missing",
    // 2.9 Deployment, reinforcements, reforming (11.x)
    "leader-setup-stack",
    "setup-hex-void",
    "order-of-battle",
    "setup-hex",
    "reform-too-close",
    "reform-not-on-hill",
    "reinforcement-schedule",
    "reinforcement-missing",
    "reinforcement-early",
    "reinforcement-entry",
    "reform-missing",
    "reform-out-of-order",
    "reform-trace",
    "reform-flank",
    "reform-intermixed",
    // 2.10 Victory and casualty points (12.x)
    "victory-missed",
    "victory-claim-mismatch",
    "result-tag-mismatch",
    "casualty-points-mismatch",
    // 2.11 Errata (13.x)
    "errata-counter",
];

const PREFIX: &str = "hastings-1066::";

/// A file of this repository.
fn repo_file(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path),
    )
    .unwrap()
}

/// The rule document, where CI keeps it: `../shared` beside the repository.
fn document() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules/hastings-1066-st.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the rule document {} cannot be read ({e}): these tests need \
             shared/rules/hastings-1066-st.md checked out beside the repository \
             (../shared), as CI has it",
            path.display()
        )
    })
}

// ------------------------------------------------------------------ codes

#[test]
fn the_spec_lists_each_code_once() {
    let distinct: BTreeSet<&str> = SPEC_CODES.into_iter().collect();
    assert_eq!(distinct.len(), SPEC_CODES.len());
}

#[test]
fn the_registry_is_the_specs_code_list() {
    let mut seen = BTreeSet::new();
    for code in codes::ALL {
        assert!(seen.insert(code.code), "{} is listed twice", code.code);
        let name = code
            .code
            .strip_prefix(PREFIX)
            .unwrap_or_else(|| panic!("{} lacks the {PREFIX} prefix", code.code));
        assert!(
            !name.is_empty()
                && !name.starts_with('-')
                && !name.ends_with('-')
                && !name.contains("--")
                && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{} is not kebab-case",
            code.code
        );
    }
    let names: Vec<&str> = codes::ALL.iter().map(|c| &c.code[PREFIX.len()..]).collect();
    let registered: BTreeSet<&str> = names.iter().copied().collect();
    let left_out: BTreeSet<&str> = NOT_REGISTERED.iter().map(|&(code, _)| code).collect();
    assert_eq!(left_out.len(), NOT_REGISTERED.len());
    assert!(left_out.iter().all(|code| SPEC_CODES.contains(code)));
    let specified: BTreeSet<&str> = SPEC_CODES
        .into_iter()
        .chain(ADDED)
        .filter(|code| !left_out.contains(code))
        .collect();
    assert_eq!(
        registered.difference(&specified).collect::<Vec<_>>(),
        Vec::<&&str>::new(),
        "codes the spec does not list"
    );
    assert_eq!(
        specified.difference(&registered).collect::<Vec<_>>(),
        Vec::<&&str>::new(),
        "codes of the spec not registered"
    );
    // And grouped as the spec's sections are, senlac's additions last.
    let ordered: Vec<&str> = SPEC_CODES
        .into_iter()
        .chain(ADDED)
        .filter(|code| !left_out.contains(code))
        .collect();
    assert_eq!(names, ordered);
}

#[test]
fn summaries_are_distinct_lines_in_lower_case() {
    let mut seen = BTreeSet::new();
    for code in codes::ALL {
        let s = code.summary;
        assert!(!s.trim().is_empty(), "{} has no summary", code.code);
        assert_eq!(s, s.trim(), "{}: stray blanks", code.code);
        assert!(!s.ends_with('.'), "{}: a trailing period", code.code);
        assert!(!s.contains('\n'), "{}: more than one line", code.code);
        assert!(
            !s.starts_with(|c: char| c.is_uppercase()),
            "{}: a summary starts in lower case, not upper",
            code.code
        );
        // Where a finding comes from is for `rules` to say, not the summary:
        // no ruling, no spec section, no case.
        let cites_a_number = |word: &str| {
            s.match_indices(word)
                .any(|(at, _)| s[at + word.len()..].starts_with(|c: char| c.is_ascii_digit()))
        };
        assert!(
            !s.contains("HS-R") && !cites_a_number("section ") && !cites_a_number("(see "),
            "{}: a summary cites nothing",
            code.code
        );
        assert!(
            seen.insert(s),
            "{} repeats another code's summary",
            code.code
        );
    }
}

#[test]
fn five_codes_are_warnings() {
    // Errors, but where the log may mean what it says: a unit outside its
    // leader's radius, a hex without an elevation, a facing given to a
    // leader, a Norman section reformed apart, a counter the errata corrects.
    let not_errors: Vec<(&str, Severity)> = codes::ALL
        .iter()
        .filter(|c| c.severity != Severity::Error)
        .map(|c| (c.code, c.severity))
        .collect();
    assert_eq!(
        not_errors,
        [
            ("hastings-1066::wing-outside-command", Severity::Warning),
            ("hastings-1066::missing-elevation", Severity::Warning),
            ("hastings-1066::leader-facing", Severity::Warning),
            ("hastings-1066::reform-intermixed", Severity::Warning),
            ("hastings-1066::errata-counter", Severity::Warning),
        ]
    );
}

#[test]
fn the_rulings_cite_only_real_codes() {
    let doc = repo_file("docs/rules/hastings-1066-st.md");
    let cited: BTreeSet<&str> = doc
        .match_indices(&format!("`{PREFIX}"))
        .map(|(at, _)| {
            let rest = &doc[at + 1..];
            &rest[..rest.find('`').unwrap()]
        })
        // The page's introduction shows the form of a code.
        .filter(|code| *code != "hastings-1066::kebab-name")
        .collect();
    assert!(cited.len() >= 5, "{cited:?}");
    let known: BTreeSet<&str> = codes::ALL.iter().map(|c| c.code).collect();
    assert_eq!(
        cited.difference(&known).collect::<Vec<_>>(),
        Vec::<&&str>::new()
    );
}

// ---------------------------------------------------------------- rulings

/// Every n of `HS-Rn` in `text`.
fn ruling_numbers(text: &str) -> BTreeSet<u32> {
    text.split("HS-R")
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn every_ruling_is_written_once_and_cited() {
    let doc = repo_file("docs/rules/hastings-1066-st.md");
    let rows: Vec<u32> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| HS-R"))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .collect();
    // Numbered from 1 without gaps, each once; the spec proposed 57.
    assert!(rows.len() >= 57, "{rows:?}");
    assert_eq!(rows, (1..=rows.len() as u32).collect::<Vec<_>>());
    // Every ruling a citation names is written, and every ruling is cited.
    let cited = ruling_numbers(&repo_file("crates/engine/src/hastings_1066/rules.rs"));
    let written: BTreeSet<u32> = rows.into_iter().collect();
    assert_eq!(
        cited.difference(&written).collect::<Vec<_>>(),
        Vec::<&u32>::new(),
        "rulings cited but not written"
    );
    assert_eq!(
        written.difference(&cited).collect::<Vec<_>>(),
        Vec::<&u32>::new(),
        "rulings written but never cited"
    );
    // And the rulings' own cross-references point at written rulings.
    assert!(ruling_numbers(&doc).is_subset(&written));
}

/// The case numbers a citation names in the rule document: the dotted
/// numbers between `hastings-1066-st ` and the ruling part, parentheses left
/// out.
fn cited_cases(citation: &str) -> Vec<String> {
    let Some(at) = citation.find("hastings-1066-st ") else {
        return Vec::new();
    };
    let cases = &citation[at + "hastings-1066-st ".len()..];
    let cases = cases.split("; docs/").next().unwrap();
    let mut bare = String::new();
    let mut depth = 0;
    for c in cases.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    bare.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|w| w.contains('.'))
        .map(str::to_string)
        .collect()
}

#[test]
fn citations_name_cases_the_document_has() {
    let rules = repo_file("crates/engine/src/hastings_1066/rules.rs");
    let document = document();
    let mut count = 0;
    for line in rules.lines().filter(|l| l.contains("hastings-1066-st ")) {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for case in cited_cases(line) {
            count += 1;
            // The long form, as the document heads its cases: 5.7.2, not the
            // short 5.72 of its cross-references.
            let parts: Vec<&str> = case.split('.').collect();
            assert!(
                parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.len() <= 2),
                "{case} is not a case number: {line}"
            );
            // A case of the fourth level (9.2.2.6) is an item of a headed
            // case (9.2.2).
            let headed = parts[..parts.len().min(3)].join(".");
            assert!(
                document.contains(&format!("[{headed}]")),
                "the document has no case {case}: {line}"
            );
        }
    }
    assert!(count >= 100, "{count} cases cited");
}
