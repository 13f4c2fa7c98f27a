//! `senlac lint --format sarif`: the run's findings as one SARIF 2.1.0
//! document, in the shape ruff's `--output-format sarif` gives: one run,
//! each code met a rule (its summary from the code registries, its ruling's
//! document as `helpUri`), each finding a result with its region.
//!
//! Lines and columns are 1-based and columns count characters (Unicode
//! scalar values), which the run declares (`columnKind`); a region's end
//! column is the character after it, as SARIF says.

use std::collections::BTreeMap;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use senlac_engine::finding::{cited_document, published};
use senlac_engine::{CodeInfo, SYSTEMS, Severity};
use serde_json::{Value, json};

use crate::diagnostics::{LineCol, PlacedFinding};

/// Where the document's shape is defined, as ruff gives it.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What stays as it is in a path turned into a URI: unreserved characters
/// and `/` (every other byte, a space or a `#`, is percent-encoded).
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// One battle's findings and where they are.
pub struct Battle<'a> {
    pub file: &'a str,
    pub battle: usize,
    pub findings: &'a [PlacedFinding],
}

/// The SARIF document of these battles' findings, pretty-printed.
pub fn document<'a>(battles: impl IntoIterator<Item = Battle<'a>>) -> String {
    let mut rules: BTreeMap<&str, Rule> = BTreeMap::new();
    let mut found: Vec<(Battle<'a>, &'a PlacedFinding)> = Vec::new();
    for battle in battles {
        for finding in battle.findings {
            let rule = rules.entry(&finding.code).or_insert_with(|| Rule {
                severity: finding.severity,
                document: None,
            });
            if rule.document.is_none() {
                rule.document = finding.rule.and_then(cited_document);
            }
            found.push((
                Battle {
                    file: battle.file,
                    battle: battle.battle,
                    findings: &[],
                },
                finding,
            ));
        }
    }
    let index: BTreeMap<&str, usize> = rules.keys().enumerate().map(|(i, &c)| (c, i)).collect();
    let descriptors: Vec<Value> = rules
        .iter()
        .map(|(code, rule)| descriptor(code, rule))
        .collect();
    let results: Vec<Value> = found
        .iter()
        .map(|(at, finding)| result(at, finding, index[&*finding.code]))
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "senlac",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": descriptors,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

/// What the run's rules say of a code.
struct Rule {
    severity: Severity,
    /// The document its first finding cites.
    document: Option<&'static str>,
}

/// The code's entry in a registry (the engine's, the setup checks', a
/// system's): its severity and summary. The notation's codes have none.
pub fn registered(code: &str) -> Option<&'static CodeInfo> {
    let registries = [
        senlac_engine::code::engine::ALL,
        senlac_engine::setup::codes::ALL,
    ];
    registries
        .into_iter()
        .chain(SYSTEMS.iter().map(|s| s.codes()))
        .flatten()
        .find(|info| info.code == code)
}

/// The document that explains a code: the one its findings cite, else the
/// notation's for its own codes, else the list of codes.
fn document_of(code: &str, cited: Option<&'static str>) -> &'static str {
    cited.unwrap_or(if code.starts_with("notation::") {
        "docs/notation.md"
    } else {
        "docs/codes.md"
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "note",
    }
}

/// A code as a SARIF rule (a `reportingDescriptor`).
fn descriptor(code: &str, rule: &Rule) -> Value {
    let document = document_of(code, rule.document);
    let summary = match registered(code) {
        Some(info) => info.summary.to_string(),
        None => format!(
            "the notation: {}",
            code.trim_start_matches("notation::").replace('-', " ")
        ),
    };
    json!({
        "id": code,
        "name": friendly_name(code),
        "shortDescription": { "text": summary },
        "help": { "text": format!("{summary}; see {document}") },
        // SARIF wants an absolute URI here: the document in the repository.
        "helpUri": published(document),
        "defaultConfiguration": { "level": level(rule.severity) },
        "properties": { "document": document },
    })
}

/// A rule's friendly name, as SARIF suggests one (an identifier, in
/// Pascal case): `MissingVerb` of `notation::missing-verb`.
fn friendly_name(code: &str) -> String {
    let short = code.rsplit("::").next().unwrap_or(code);
    short
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect()
}

/// A path as a URI: relative to where senlac ran (SARIF's `%SRCROOT%`), or
/// a `file://` URI when absolute.
fn uri(file: &str) -> (String, bool) {
    let encoded = utf8_percent_encode(file, PATH).to_string();
    if file.starts_with('/') {
        (format!("file://{encoded}"), true)
    } else {
        (encoded, false)
    }
}

fn region(start: LineCol, end: LineCol) -> Value {
    json!({
        "startLine": start.line,
        "startColumn": start.column,
        "endLine": end.line,
        "endColumn": end.column,
    })
}

fn result(at: &Battle<'_>, finding: &PlacedFinding, rule_index: usize) -> Value {
    let (uri, absolute) = uri(at.file);
    let artifact = if absolute {
        json!({ "uri": uri })
    } else {
        json!({ "uri": uri, "uriBaseId": "%SRCROOT%" })
    };
    let mut text = finding.message.clone();
    if let Some(help) = &finding.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let mut value = json!({
        "ruleId": &*finding.code,
        "ruleIndex": rule_index,
        "level": level(finding.severity),
        "message": { "text": text },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": artifact,
                "region": region(finding.start, finding.end),
            }
        }],
        "properties": { "battle": at.battle },
    });
    let Some(object) = value.as_object_mut() else {
        return value;
    };
    if let (Some(rule), Some(Value::Object(properties))) =
        (finding.rule, object.get_mut("properties"))
    {
        properties.insert("rule".into(), rule.into());
    }
    if let Some((title, replacement, start, end)) = &finding.fix {
        object.insert(
            "fixes".into(),
            json!([{
                "description": { "text": title },
                "artifactChanges": [{
                    "artifactLocation": artifact,
                    "replacements": [{
                        "deletedRegion": region(*start, *end),
                        "insertedContent": { "text": replacement },
                    }],
                }],
            }]),
        );
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_name_their_document() {
        assert_eq!(
            cited_document("docs/rules/mass-combat.md MC-R7 (every unit moves)"),
            Some("docs/rules/mass-combat.md")
        );
        assert_eq!(
            cited_document("docs/notation.md §5.5 (deployment); core D14"),
            Some("docs/notation.md")
        );
        assert_eq!(cited_document("core D14"), None);
        assert_eq!(
            document_of("notation::missing-tag", None),
            "docs/notation.md"
        );
        assert_eq!(document_of("setup::occupied", None), "docs/codes.md");
    }

    #[test]
    fn rules_have_friendly_names() {
        assert_eq!(friendly_name("notation::missing-verb"), "MissingVerb");
        assert_eq!(friendly_name("setup::occupied"), "Occupied");
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(
            uri("samples/a b#1.sbn"),
            ("samples/a%20b%231.sbn".into(), false)
        );
        assert_eq!(uri("/tmp/é.sbn"), ("file:///tmp/%C3%A9.sbn".into(), true));
    }
}
