//! Writing battle logs from code, in the canonical layout (docs/notation.md,
//! "Canonical formatting"): tags, setup lines, turns, phases and actions. `senlac
//! gen`'s systems and the benchmarks' corpora write through it, so generated
//! text has one shape.

use std::fmt::{self, Write as _};

/// A battle being written; [`BattleText::finish`] gives its text.
#[derive(Clone, Debug, Default)]
pub struct BattleText {
    text: String,
    /// Inside a phase, actions sit one level deeper.
    in_phase: bool,
}

impl BattleText {
    pub fn new() -> Self {
        BattleText::default()
    }

    /// `[Name "value"]`; quotes and backslashes in the value are escaped.
    pub fn tag(&mut self, name: &str, value: impl fmt::Display) -> &mut Self {
        let value = value.to_string();
        self.text.push('[');
        self.text.push_str(name);
        self.text.push_str(" \"");
        for c in value.chars() {
            if matches!(c, '"' | '\\') {
                self.text.push('\\');
            }
            self.text.push(c);
        }
        self.text.push_str("\"]\n");
        self
    }

    /// An empty line: between the tags, the setup and the movetext.
    pub fn blank(&mut self) -> &mut Self {
        self.text.push('\n');
        self
    }

    /// A setup line (`map hex 12x12 parity odd`); a `unit` line is indented
    /// under its army.
    pub fn setup(&mut self, line: impl fmt::Display) -> &mut Self {
        let start = self.text.len();
        let _ = write!(self.text, "{line}");
        if self.text[start..].starts_with("unit ") {
            self.text.insert_str(start, "  ");
        }
        self.text.push('\n');
        self
    }

    /// `N. SIDE`: a side's turn begins.
    pub fn turn(&mut self, number: u32, side: &str) -> &mut Self {
        let _ = writeln!(self.text, "{number}. {side}");
        self.in_phase = false;
        self
    }

    /// `  phase:`: a phase of the current side's turn.
    pub fn phase(&mut self, name: &str) -> &mut Self {
        let _ = writeln!(self.text, "  {name}:");
        self.in_phase = true;
        self
    }

    /// An action line, indented under its phase (or its turn).
    pub fn action(&mut self, action: impl fmt::Display) -> &mut Self {
        self.text
            .push_str(if self.in_phase { "    " } else { "  " });
        let _ = writeln!(self.text, "{action}");
        self
    }

    /// The text so far.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_canonical_layout() {
        let mut battle = BattleText::new();
        battle
            .tag("Battle", "The \"Ford\"")
            .tag("Rules", "mass-combat/a")
            .blank()
            .setup("map hex 4x4 parity odd")
            .setup("army A \"A\"")
            .setup(format_args!("unit {} \"Fyrd\" light-infantry C", "I"))
            .blank()
            .turn(1, "A")
            .phase("movement")
            .action("I hold");
        let text = battle.finish();
        assert_eq!(
            text,
            "[Battle \"The \\\"Ford\\\"\"]\n[Rules \"mass-combat/a\"]\n\nmap hex 4x4 parity odd\narmy A \"A\"\n  unit I \"Fyrd\" light-infantry C\n\n1. A\n  movement:\n    I hold\n"
        );
        // Canonical: formatting changes nothing.
        assert_eq!(crate::format(&crate::parse(&text)), text);
    }
}
