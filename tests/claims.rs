//! Every claim the samples make, true and false: each `=>` claim of every
//! action line in every sample is made false in turn (a number one more, a
//! ratio's first term one more, a word its opposite), and the replay must
//! refuse it on its own line, first, with the false value and, for a number,
//! the true one in the message. The samples themselves lint clean, so each
//! true claim passes. A glob over the samples, not a list of cases: a claim
//! added to a sample is checked too.

use std::collections::BTreeMap;

mod common;

/// The opposite of a claimed word, where one reading of the rules is the
/// other's refusal.
const OPPOSITE: &[(&str, &str)] = &[
    ("pass", "fail"),
    ("fail", "pass"),
    ("hit", "miss"),
    ("miss", "hit"),
    ("ok", "disrupted"),
    ("disrupted", "ok"),
    ("routed", "ok"),
    ("reduced", "ok"),
    // `ok` is a rally's word for `rallied` too (9.5).
    ("rallied", "disrupted"),
];

/// A false version of a claim atom, and the true value the message must
/// give beside it (`None` for a word).
fn falsified(atom: &str) -> Option<(String, Option<String>)> {
    if let Some((key, value)) = atom.split_once('=') {
        let (sign, digits) = match value.strip_prefix(['+', '-']) {
            Some(rest) => (&value[..1], rest),
            None => ("", value),
        };
        // A ratio (`odds=1-1`): its first term one more.
        let (first, rest) = digits.split_once('-').unwrap_or((digits, ""));
        let n: u32 = first.parse().ok()?;
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!("-{rest}")
        };
        let shown = if rest.is_empty() {
            format!("{sign}{n}")
        } else {
            format!("{n}{rest}")
        };
        return Some((format!("{key}={sign}{}{rest}", n + 1), Some(shown)));
    }
    let (_, opposite) = OPPOSITE.iter().find(|(word, _)| *word == atom)?;
    Some((opposite.to_string(), None))
}

/// The errors of `text`, each with the line (from 1) it starts on.
fn errors(text: &str) -> Vec<(usize, &'static str, String)> {
    let archive = senlac_notation::parse(text);
    let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::default())
        .unwrap_or_else(|_| panic!("a sample names its rules"));
    let mut found: Vec<(usize, &'static str, String)> = game
        .violations()
        .iter()
        .filter(|v| v.severity == senlac_engine::Severity::Error)
        .map(|v| {
            let line = text[..v.span.start as usize].matches('\n').count() + 1;
            (line, v.code, v.message.clone())
        })
        .collect();
    found.sort_by_key(|(line, ..)| *line);
    found
}

#[test]
fn every_claim_of_every_sample_is_refused_when_false() {
    // Per sample and claim: how many were made false, and how many errors
    // each gave in all.
    let mut seen: BTreeMap<(&str, String), Vec<usize>> = BTreeMap::new();
    let mut problems = Vec::new();
    for sample in ["hastings", "fulford", "harrow-ford", "hastings-1066-st"] {
        let text =
            std::fs::read_to_string(common::root().join(format!("samples/{sample}.sbn"))).unwrap();
        assert!(errors(&text).is_empty(), "{sample}: its true claims pass");
        let lines: Vec<&str> = text.split('\n').collect();
        for (i, line) in lines.iter().enumerate() {
            let Some((head, claims)) = line.split_once("=>") else {
                continue;
            };
            if line.trim_start().starts_with(';') {
                continue;
            }
            let claims = claims.split(['{', ';']).next().unwrap_or_default();
            let mut at = head.len() + 2;
            for atom in claims.split(' ') {
                let start = at;
                at += atom.len() + 1;
                let Some((false_atom, truth)) = falsified(atom) else {
                    continue;
                };
                let changed = format!(
                    "{}{false_atom}{}",
                    &line[..start],
                    &line[start + atom.len()..]
                );
                let mut mutant = lines.clone();
                mutant[i] = &changed;
                let found = errors(&mutant.join("\n"));
                let kind = atom.split('=').next().unwrap_or(atom).to_string();
                seen.entry((sample, kind)).or_default().push(found.len());
                let what = format!("{sample}:{}: `{atom}` as `{false_atom}`", i + 1);
                let Some((first_line, code, message)) = found.first() else {
                    problems.push(format!("{what}: accepted"));
                    continue;
                };
                let claimed = false_atom.split('=').next_back().unwrap_or_default();
                let claimed = claimed.trim_start_matches('+');
                if *first_line != i + 1 {
                    problems.push(format!(
                        "{what}: first error on line {first_line}: {code} {message}"
                    ));
                } else if !message.contains(claimed) {
                    problems.push(format!(
                        "{what}: {code} does not say what the log claims: {message}"
                    ));
                } else if let Some(truth) = truth
                    && !message.contains(truth.trim_start_matches('+'))
                {
                    problems.push(format!(
                        "{what}: {code} does not give the true {truth}: {message}"
                    ));
                }
            }
        }
    }
    for ((sample, kind), counts) in &seen {
        println!(
            "{sample} {kind}: {} made false, errors each {counts:?}",
            counts.len()
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every system's claims are reached: numbers and words in each sample.
    let kinds = |sample: &str| seen.keys().filter(|(s, _)| *s == sample).count();
    assert!(kinds("hastings") >= 2 && kinds("fulford") >= 2, "{seen:?}");
    assert!(kinds("harrow-ford") >= 4, "{seen:?}");
    assert!(kinds("hastings-1066-st") >= 10, "{seen:?}");
    assert!(seen.values().map(Vec::len).sum::<usize>() > 120);
    // One false claim, one error.
    let more: Vec<_> = seen
        .iter()
        .filter(|(_, counts)| counts.iter().any(|&n| n != 1))
        .collect();
    assert!(
        more.is_empty(),
        "more than one error for one false claim: {more:?}"
    );
}
