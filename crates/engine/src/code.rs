//! Diagnostic codes with their severity: each system keeps one registry of
//! [`CodeInfo`] as const data, and every [`crate::Violation`] names one.

use serde::Serialize;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; never fails a run.
    Advice,
    /// Suspicious but legal; fails a run only with `--deny-warnings`.
    Warning,
    /// Against the rules or the notation.
    Error,
}

impl Severity {
    pub fn word(self) -> &'static str {
        match self {
            Severity::Advice => "advice",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One stable diagnostic code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CodeInfo {
    /// `system::what`, e.g. `mass-combat::insufficient-command-points`.
    pub code: &'static str,
    pub severity: Severity,
    /// What it means, in one line, for the docs.
    pub summary: &'static str,
}

impl CodeInfo {
    pub const fn error(code: &'static str, summary: &'static str) -> CodeInfo {
        CodeInfo {
            code,
            severity: Severity::Error,
            summary,
        }
    }

    pub const fn warning(code: &'static str, summary: &'static str) -> CodeInfo {
        CodeInfo {
            code,
            severity: Severity::Warning,
            summary,
        }
    }
}

/// The engine's own codes, shared by every system.
pub mod engine {
    use super::CodeInfo;

    pub const UNKNOWN_RULES: CodeInfo = CodeInfo::warning(
        "engine::unknown-rules",
        "the Rules tag names no system senlac knows: the battle is checked for syntax only",
    );
    pub const ALL: &[CodeInfo] = &[UNKNOWN_RULES];
}
