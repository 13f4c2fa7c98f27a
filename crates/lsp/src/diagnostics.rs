//! A document's findings as LSP diagnostics: codes, severities, related
//! spans, and each rule finding's citation as a code description linking to
//! the system's rulings.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};
use senlac_engine::Severity;

use crate::document::Document;
use senlac_engine::Finding;
use senlac_engine::finding::{cited_document, published};

/// Every diagnostic of the battles checked so far.
pub fn of(uri: &Uri, doc: &Document) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for slot in &doc.battles {
        let Some(analysis) = &slot.analysis else {
            continue;
        };
        let tag = analysis.game.as_ref().map(|g| g.tag());
        for problem in &analysis.problems {
            out.push(diagnostic(uri, doc, slot.start, problem, tag));
        }
    }
    out
}

/// One finding of the battle starting at byte `start`.
pub fn diagnostic(
    uri: &Uri,
    doc: &Document,
    start: usize,
    problem: &Finding,
    tag: Option<&'static str>,
) -> Diagnostic {
    let at = |span: senlac_notation::Span| {
        doc.range(start + span.start as usize, start + span.end as usize)
    };
    let mut message = problem.message.clone();
    if !problem.label.is_empty() && problem.label != problem.message {
        message.push_str(&format!("\n{}", problem.label));
    }
    if let Some(help) = &problem.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    if let Some(rule) = problem.rule {
        message.push_str(&format!("\nrule: {rule}"));
    }
    Diagnostic {
        range: at(problem.span),
        severity: Some(match problem.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Advice => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(problem.code.to_string())),
        code_description: problem
            .rule
            .and_then(|rule| cited(rule).or_else(|| tag.and_then(rulings)))
            .map(|href| CodeDescription { href }),
        source: Some("senlac".to_string()),
        message,
        related_information: problem.related.as_ref().map(|(span, label)| {
            vec![DiagnosticRelatedInformation {
                location: Location {
                    uri: uri.clone(),
                    range: at(*span),
                },
                message: label.clone(),
            }]
        }),
        tags: None,
        data: None,
    }
}

/// The document a citation names (`docs/notation.md §5.1 Tags`), in the
/// repository.
fn cited(rule: &str) -> Option<Uri> {
    repository(cited_document(rule)?)
}

fn repository(path: &str) -> Option<Uri> {
    published(path).parse().ok()
}

/// Where the rulings of the system `tag` are published: its catalog's
/// rulings file, in the repository.
pub fn rulings(tag: &'static str) -> Option<Uri> {
    static KNOWN: OnceLock<Mutex<HashMap<&'static str, Option<Uri>>>> = OnceLock::new();
    let known = KNOWN.get_or_init(Default::default);
    let mut known = known.lock().unwrap_or_else(|e| e.into_inner());
    known
        .entry(tag)
        .or_insert_with(|| {
            let system = senlac_engine::system(tag)?;
            repository(system.catalog().rulings)
        })
        .clone()
}
