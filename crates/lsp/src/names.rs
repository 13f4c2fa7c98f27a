//! Which unit each id in a battle's text names: the `unit` lines declare
//! them under their `army`, and every later mention (a deployment, a bonus,
//! an actor, a target, a reaction, a claim, a phase label named after a
//! unit) is resolved to one of them. Ids repeat across sides (`I` of the
//! Saxons and `I` of the Normans), so a mention takes the side it names
//! (`Saxons.I`), the side of its line (`deploy Saxons ...`), or, in play,
//! the acting side for an actor and another side first for anything else.

use senlac_notation::lower::{Action, Step};
use senlac_notation::value::UnitRef;
use senlac_notation::{Atom, AtomKind, Battle, ItemKind, Span};

/// A unit as the setup declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub side: String,
    pub id: String,
    /// The id in its `unit` line.
    pub span: Span,
}

/// How a mention stands in its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The `unit` line that declares it.
    Declaration,
    /// In the setup (deploy, bonus).
    Setup,
    /// Takes the action (or the activation its phase label opens).
    Actor,
    /// Anything else in play: a target, a reactor, a claim.
    Other,
}

/// One id in the text, and the unit it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mention {
    pub span: Span,
    pub unit: usize,
    pub role: Role,
    /// The action or directive it stands in.
    pub line: Span,
}

/// Every unit and every mention of one, in text order.
#[derive(Debug, Default)]
pub struct Names {
    pub sides: Vec<String>,
    pub units: Vec<Unit>,
    pub mentions: Vec<Mention>,
}

impl Names {
    pub fn of(battle: &Battle<'_>) -> Names {
        let mut names = Names::default();
        let mut army: Option<&str> = None;
        for (item, atoms) in battle.head() {
            if item.kind != ItemKind::Directive || atoms.len() < 2 {
                continue;
            }
            match atoms[0].text {
                "army" => {
                    army = Some(atoms[1].text);
                    names.sides.push(atoms[1].text.to_string());
                }
                "unit" => {
                    if let Some(side) = army {
                        names.units.push(Unit {
                            side: side.to_string(),
                            id: atoms[1].text.to_string(),
                            span: atoms[1].span,
                        });
                        names.mentions.push(Mention {
                            span: atoms[1].span,
                            unit: names.units.len() - 1,
                            role: Role::Declaration,
                            line: item.span,
                        });
                    }
                }
                "deploy" | "bonus" => {
                    let side = atoms[1].text;
                    for atom in &atoms[2..] {
                        let id = atom.text.split(['@', '=']).next().unwrap_or_default();
                        if let Some(unit) = names.find(side, id) {
                            names.push(part(atom, 0, id.len()), unit, Role::Setup, item.span);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut acting: Option<&str> = None;
        for step in senlac_notation::lower::steps(battle) {
            match step {
                Step::Turn { side, .. } => acting = Some(side),
                Step::Phase { name, span } => {
                    if let Some(unit) = acting.and_then(|side| names.find(side, name)) {
                        let label = Span {
                            start: span.start,
                            end: span.start + name.len() as u32,
                        };
                        names.push(label, unit, Role::Actor, span);
                    }
                }
                Step::Action(action) => names.action(&action, acting),
                _ => {}
            }
        }
        names.mentions.sort_by_key(|m| m.span.start);
        names
    }

    fn push(&mut self, span: Span, unit: usize, role: Role, line: Span) {
        self.mentions.push(Mention {
            span,
            unit,
            role,
            line,
        });
    }

    fn action(&mut self, action: &Action<'_, '_>, acting: Option<&str>) {
        let line = action.span;
        self.refs(&action.actor(), acting, true, line);
        // After `>`: the reactor, then its verb, never an id.
        let (mut reactor, mut verb) = (false, false);
        for atom in action.atoms.iter().skip(2) {
            match atom.kind {
                AtomKind::Reaction => reactor = true,
                _ if verb => verb = false,
                AtomKind::Word | AtomKind::Group => {
                    self.refs(atom, acting, false, line);
                    verb = reactor;
                    reactor = false;
                }
                AtomKind::Placement => {
                    let id = atom.text.split('@').next().unwrap_or_default();
                    if let Some(unit) = self.resolve(id, acting, false) {
                        self.push(part(atom, 0, id.len()), unit, Role::Other, line);
                    }
                }
                _ => {}
            }
        }
    }

    /// Each unit an atom names (`I+II`, `Saxons.VI`).
    fn refs(&mut self, atom: &Atom<'_>, acting: Option<&str>, actor: bool, line: Span) {
        let mut at = 0;
        for piece in atom.text.split('+') {
            let named = UnitRef::parse(piece);
            let unit = match named.side {
                Some(side) => self.find(side, named.id),
                None => self.resolve(named.id, acting, actor),
            };
            if let Some(unit) = unit {
                let skip = piece.len() - named.id.len();
                let role = if actor { Role::Actor } else { Role::Other };
                self.push(part(atom, at + skip, named.id.len()), unit, role, line);
            }
            at += piece.len() + 1;
        }
    }

    /// The unit of `side` with `id`.
    pub fn find(&self, side: &str, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.side == side && u.id == id)
    }

    /// An id in play: the acting side's for an actor, else another side's
    /// first; then any side's.
    fn resolve(&self, id: &str, acting: Option<&str>, actor: bool) -> Option<usize> {
        let acting = acting.unwrap_or_default();
        let first = self
            .units
            .iter()
            .position(|u| u.id == id && (u.side == acting) == actor);
        first.or_else(|| self.units.iter().position(|u| u.id == id))
    }

    /// The mention at byte `offset` of the battle.
    pub fn at(&self, offset: u32) -> Option<&Mention> {
        self.mentions
            .iter()
            .find(|m| m.span.start <= offset && offset <= m.span.end)
    }
}

/// `len` bytes of an atom from byte `from` of its text.
fn part(atom: &Atom<'_>, from: usize, len: usize) -> Span {
    let start = atom.span.start + from as u32;
    Span {
        start,
        end: start + len as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_resolve_to_their_side() {
        let text = "[Battle \"A\"]\n[Rules \"mass-combat/a\"]\n\nmap hex 4x4 parity odd\narmy Red \"R\"\n  unit I \"x\" heavy-infantry A size=1\narmy Blue \"B\"\n  unit I \"y\" heavy-infantry A size=1\ndeploy Red I@0101\n\n1. Blue\n  combat:\n    I attack I > I defend\n";
        let archive = senlac_notation::parse(text);
        let names = Names::of(&archive.battles[0]);
        let sides: Vec<(&str, usize, Role)> = names
            .mentions
            .iter()
            .map(|m| (&text[m.span.range()], m.unit, m.role))
            .collect();
        assert_eq!(
            sides,
            vec![
                ("I", 0, Role::Declaration),
                ("I", 1, Role::Declaration),
                ("I", 0, Role::Setup),
                ("I", 1, Role::Actor),
                ("I", 0, Role::Other),
                ("I", 0, Role::Other),
            ]
        );
    }
}
