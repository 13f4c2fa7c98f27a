//! `senlac lint --format junit`: the run as a JUnit XML report, for the CI
//! systems that show test results: a test suite per file, a test case per
//! battle. A battle with an error (or a warning, with `--deny-warnings`)
//! fails, its failure listing every finding, one per line, as ruff's JUnit
//! report words them (`line L, col C, CODE: message`); a battle that passes
//! lists its warnings and advice in its `system-out`. The XML is written by
//! quick-junit, which escapes it; text from a log is made terminal-safe
//! first, as CI pages show it.

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite, XmlString};
use senlac_engine::Severity;

use crate::diagnostics::PlacedFinding;
use crate::safe_text;

/// One battle of a file, checked.
pub struct Case {
    pub battle: usize,
    /// Its Battle tag, when it has one.
    pub title: Option<String>,
    pub findings: Vec<PlacedFinding>,
}

/// One file and its battles; a file with no battle has one case, battle 0,
/// holding `notation::empty-archive`.
pub struct File<'a> {
    pub name: &'a str,
    pub cases: &'a [Case],
}

/// The report of these files, as XML.
pub fn document<'a>(files: impl IntoIterator<Item = File<'a>>, deny_warnings: bool) -> String {
    let mut report = Report::new("senlac");
    for file in files {
        let mut suite = TestSuite::new(safe_text::terminal(file.name));
        for case in file.cases {
            suite.add_test_case(test_case(file.name, case, deny_warnings));
        }
        report.add_test_suite(suite);
    }
    report
        .to_string()
        .unwrap_or_else(|e| format!("<!-- the report could not be written: {e} -->\n"))
}

fn test_case(file: &str, case: &Case, deny_warnings: bool) -> TestCase {
    let fails = |f: &PlacedFinding| {
        f.severity == Severity::Error || (deny_warnings && f.severity == Severity::Warning)
    };
    let listed: String = case
        .findings
        .iter()
        .map(|f| {
            format!(
                "line {}, col {}, {}[{}]: {}\n",
                f.start.line,
                f.start.column,
                f.severity.word(),
                f.code,
                safe_text::terminal(&f.message)
            )
        })
        .collect();
    let failing = case.findings.iter().filter(|f| fails(f)).count();
    let status = if failing > 0 {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
        let first = case.findings.iter().find(|f| fails(f));
        if let Some(first) = first {
            status.set_type(first.code.as_ref());
        }
        status.set_message(counted(&case.findings));
        status.set_description(listed.clone());
        status
    } else {
        TestCaseStatus::success()
    };
    let name = match (&case.title, case.battle) {
        (_, 0) => "the file".to_string(),
        (Some(title), n) => format!("battle {n}: {}", safe_text::terminal(title)),
        (None, n) => format!("battle {n}"),
    };
    let mut test = TestCase::new(name, status);
    test.set_classname(safe_text::terminal(file));
    test.extra.insert(
        XmlString::new("battle"),
        XmlString::new(case.battle.to_string()),
    );
    if failing == 0 && !listed.is_empty() {
        test.set_system_out(listed);
    }
    test
}

/// "2 errors, 1 warning".
fn counted(findings: &[PlacedFinding]) -> String {
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let others = findings.len() - errors;
    let word = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    match (errors, others) {
        (e, 0) => word(e, "error"),
        (0, w) => word(w, "warning"),
        (e, w) => format!("{}, {}", word(e, "error"), word(w, "warning")),
    }
}
