//! Displacement (9.3.3, 9.3.4; HS-R20): `UNIT displace A-B facing=F`. A
//! router that friends alone keep from its three hexes writes its whole
//! rout, ending on the friend in its last hex, and then one `displace` line
//! per friend pushed: the blocker first, then whoever stands where it was
//! pushed, and so on. Each goes one hex, never into an enemy hex or an
//! enemy zone of control, into a friend only if that one goes on in turn.
//! Nothing moves until the chain ends in an empty hex; then every pushed
//! unit is disrupted in its new hex and the router completes its rout. If a
//! link fails, nothing is pushed and the router takes the blocked treatment
//! (HS-R19, HS-R59).

use senlac_board::facing::Vertex;
use senlac_board::{Cell, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;
use senlac_notation::value;

use super::Fold;
use super::codes;
use super::event::Event;
use super::ground;
use super::rout::{self, Retreat};
use super::rules;
use super::state::{Chain, Link, Owed, Standing, State};
use crate::reuse::Path;
use crate::violation::Violation;

/// `UNIT displace A-B facing=F`: one link of the chain a rout waits on.
pub fn line(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let owed = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::Displace { piece: p, .. } if *p == piece));
    let Some(chain) = fold.displacing.clone() else {
        not_owed(fold, piece, action, out);
        return;
    };
    if chain.refused {
        // The rest of a chain already refused: one mistake, one error.
        if chain.next.is_some() && fold.pieces[piece].at == chain.next {
            let next = target(action).filter(|&to| ground::friend_of(fold, piece, to).is_some());
            fold.emit(Event::Displacing(Some(Chain { next, ..chain })));
        } else {
            not_owed(fold, piece, action, out);
        }
        return;
    }
    let Some(index) = owed else {
        not_owed(fold, piece, action, out);
        return;
    };
    fold.emit(Event::Paid(index));
    let Some(from) = fold.pieces[piece].at else {
        return;
    };
    let (span, to) = match path(action) {
        Some((span, cells)) if cells.len() == 2 && cells[0] == from => (span, cells[1]),
        Some((span, _)) => {
            refuse(
                fold,
                chain,
                span,
                format!(
                    "9.3.3: a displacement moves {} one hex from where it stands: `{from}-CCRR`",
                    fold.name(piece)
                ),
                out,
            );
            return;
        }
        None => {
            refuse(
                fold,
                chain,
                action.span,
                format!(
                    "9.3.3: a displacement names the hex {} stands in and the one it is pushed into: `{from}-CCRR facing=F`",
                    fold.name(piece)
                ),
                out,
            );
            return;
        }
    };
    if let Some(why) = illegal(fold, &chain, piece, from, to) {
        // The log may go on pushing the friend standing there.
        let next = friend_pushed(fold, &chain, to).map(|_| to);
        refuse(fold, Chain { next, ..chain }, span, why, out);
        return;
    }
    let facing = facing(action);
    if facing.is_none() {
        out.push(Violation::of(
            &codes::MISSING_FACING,
            action.span,
            format!(
                "a displaced unit takes a new facing: `{} displace {from}-{to} facing=F`",
                fold.info(piece).map_or("", |i| i.id.as_str())
            ),
            rules::DISPLACEMENT,
        ));
    }
    let mut chain = chain;
    chain.links.push(Link {
        piece,
        from,
        to,
        facing: facing.or(fold.pieces[piece].facing),
    });
    if let Some(friend) = friend_pushed(fold, &chain, to) {
        // Into a friend: that one is displaced in turn (9.3.4).
        chain.next = Some(to);
        fold.emit(Event::Displacing(Some(chain)));
        fold.emit(Event::Owe(Owed::Displace {
            piece: friend,
            cause: action.span,
        }));
        return;
    }
    settle(fold, chain);
}

/// Why `piece` may not be pushed from `from` into `to` (9.3.3, 9.3.4),
/// with the case and the hexes.
fn illegal(state: &State, chain: &Chain, piece: usize, from: Cell, to: Cell) -> Option<String> {
    let name = state.named(piece);
    if !state.roster.extent.contains(to) {
        return Some(format!(
            "9.3.3: {to} is off the map: {name} is pushed one hex onto it"
        ));
    }
    if !hex::adjacent(from, to, state.roster.parity) {
        return Some(format!(
            "9.3.3: {to} is not next to {from}: {name} is pushed one hex"
        ));
    }
    let end = chain.path.last().copied();
    if Some(to) == end || chain.links.iter().any(|l| l.from == to || l.to == to) {
        return Some(format!(
            "9.3.4: {to} is a hex of this chain already: each friend is pushed on into a new hex"
        ));
    }
    let side = state.info(piece).map(|i| i.side);
    for other in 0..state.pieces.len() {
        let Some(info) = state.info(other) else {
            continue;
        };
        if Some(info.side) == side {
            continue;
        }
        if state.pieces[other].at == Some(to) {
            return Some(format!(
                "9.3.3: {to} holds {}: a friend is never displaced into an enemy hex",
                state.name(other)
            ));
        }
    }
    for other in 0..state.pieces.len() {
        if state.info(other).is_some_and(|i| Some(i.side) != side)
            && super::melee::controls_cell(state, other, to)
        {
            return Some(format!(
                "9.3.3: {to} is in {}'s zone of control: a friend is never displaced into an enemy zone of control",
                state.name(other)
            ));
        }
    }
    None
}

/// The friendly combat unit standing in `to` that a push there moves on:
/// not the router (it has left), nor one already pushed.
fn friend_pushed(state: &State, chain: &Chain, to: Cell) -> Option<usize> {
    let pushed: Vec<usize> = chain.links.iter().map(|l| l.piece).collect();
    (0..state.pieces.len()).find(|&other| {
        other != chain.router
            && !pushed.contains(&other)
            && state.pieces[other].at == Some(to)
            && state.info(other).is_some_and(|i| {
                !i.is_leader() && Some(i.side) == state.info(chain.router).map(|r| r.side)
            })
    })
}

/// The chain ends in an empty hex: every pushed unit moves and is
/// disrupted (a routed one stays routed, 9.2.3.7), and the router
/// completes its rout; the units pushed are not routed through (HS-R20).
fn settle(fold: &mut Fold<'_>, chain: Chain) {
    for link in chain.links.iter().rev() {
        let from = fold.pieces[link.piece].at;
        fold.emit(Event::Moved {
            piece: link.piece,
            from,
            path: Path::from_slice(&[link.to]),
            facing: link.facing,
        });
        if fold.pieces[link.piece].standing == Standing::Good {
            fold.emit(Event::Standing {
                piece: link.piece,
                standing: Standing::Disrupted,
            });
        }
    }
    fold.emit(Event::Displacing(None));
    let displaced: Vec<usize> = chain.links.iter().map(|l| l.piece).collect();
    rout::retreat(
        fold,
        &Retreat {
            piece: chain.router,
            path: &chain.path,
            facing: chain.facing,
            blocked: false,
            eliminated: false,
            pursuers: chain.pursuers,
            cause: chain.cause,
        },
        &displaced,
        true,
    );
}

/// A link that cannot be made: one error; nothing is pushed, and the
/// router stops short (9.3.4). The lines that go on with the chain are
/// passed over.
fn refuse(fold: &mut Fold<'_>, chain: Chain, span: Span, why: String, out: &mut Vec<Violation>) {
    let short = rout::short_path(fold, chain.router);
    out.push(
        Violation::of(
            &codes::DISPLACEMENT_ILLEGAL,
            span,
            format!(
                "{why}; if one link fails nothing is displaced, and {} stops in {short}, reduced and disrupted",
                fold.name(chain.router)
            ),
            rules::DISPLACEMENT,
        )
        .help(format!(
            "write the rout as `{} rout {short}` and no displacement, or push the friend elsewhere",
            fold.info(chain.router).map_or("", |i| i.id.as_str())
        )),
    );
    drop_owed(fold);
    rout::stop_short(fold, &chain, true);
    fold.emit(Event::Displacing(Some(Chain {
        refused: true,
        ..chain
    })));
}

/// A displacement the chain needed was never written (found when the next
/// voluntary line comes): the rout written to the friend's hex, or the
/// link that pushed into a friend, was wrong. One error at that line; the
/// router stops short, owing nothing more.
pub fn missing(fold: &mut Fold<'_>, piece: usize, cause: Span, out: &mut Vec<Violation>) {
    let Some(chain) = fold.displacing.clone() else {
        drop_owed(fold);
        return;
    };
    let short = rout::short_path(fold, chain.router);
    let router = fold.named(chain.router);
    let finding = if chain.links.is_empty() {
        Violation::of(
            &codes::ROUT_PATH,
            cause,
            format!(
                "9.3.2: {router}'s rout ends on {} without displacing it: write its `displace` line right after, or stop in {short}, reduced and disrupted",
                fold.name(piece)
            ),
            rules::DISPLACEMENT,
        )
    } else {
        Violation::of(
            &codes::DISPLACEMENT_ILLEGAL,
            cause,
            format!(
                "9.3.4: this pushes into the hex of {}, who is displaced in turn right after, or nothing moves and {router} stops in {short}, reduced and disrupted",
                fold.name(piece)
            ),
            rules::DISPLACEMENT,
        )
    };
    out.push(finding);
    drop_owed(fold);
    rout::stop_short(fold, &chain, false);
    fold.emit(Event::Displacing(None));
}

/// Forgets the displacements still owed.
fn drop_owed(fold: &mut Fold<'_>) {
    while let Some(index) = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::Displace { .. }))
    {
        fold.emit(Event::Paid(index));
    }
}

/// A refused chain is forgotten once another line comes.
pub fn forget_refused(fold: &mut Fold<'_>) {
    if fold.displacing.as_ref().is_some_and(|c| c.refused) {
        fold.emit(Event::Displacing(None));
    }
}

fn not_owed(state: &State, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    out.push(Violation::of(
        &codes::ACTION_NOT_OWED,
        action.span,
        format!(
            "{} owes no displacement here: a unit is displaced right after the rout that ends on it, or the displacement that pushes into it",
            state.name(piece)
        ),
        rules::DISPLACEMENT,
    ));
}

/// The line's `A-B` and its span.
fn path(action: &Action<'_, '_>) -> Option<(Span, Vec<Cell>)> {
    action.path().map(|a| (a.span, value::cells(a).collect()))
}

/// The hex a line pushes into.
fn target(action: &Action<'_, '_>) -> Option<Cell> {
    path(action).and_then(|(_, cells)| cells.get(1).copied())
}

fn facing(action: &Action<'_, '_>) -> Option<Vertex> {
    action.args().iter().find_map(|a| {
        let (k, v) = value::pair(a)?;
        (k == "facing").then(|| Vertex::parse(v.text))?
    })
}
