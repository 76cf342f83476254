//! Writing a [`Game`] back as one line in the server's layout.

use std::fmt::Write;

use crate::model::{Action, Actor, Game, Move, Moves, Property};
use crate::result::write_result;
use crate::token::write_card;

/// Writes a record as one line (no line break at the end): the properties in order with
/// no space between them, single spaces between moves and between result fields, and the
/// closing the record had. A record read from a server line writes back to the same bytes.
pub fn write(game: &Game) -> String {
    let mut out = String::with_capacity(1024);
    write_into(game, &mut out);
    out
}

/// [`write()`] into an existing buffer, for writing many records without reallocating.
pub fn write_into(game: &Game, out: &mut String) {
    out.push_str("(;");
    for p in &game.properties {
        match p {
            Property::Text { key, raw, .. } => {
                out.push_str(key.name());
                out.push('[');
                out.push_str(raw);
                out.push(']');
            }
            Property::Moves(m) => {
                out.push_str("MV[");
                write_moves(m, out);
                close_value(out);
            }
            Property::Result(r) => {
                out.push_str("R[");
                write_result(r, out);
                close_value(out);
            }
        }
    }
    out.push_str(game.close.text());
}

/// Closes a value written from its parts. A value read from the text cannot end in a
/// backslash, which would have escaped its `]`; one written from parts can (a result token
/// `\` that stood before a line break), so a blank keeps the `]` a closing bracket.
fn close_value(out: &mut String) {
    if out.ends_with('\\') {
        out.push(' ');
    }
    out.push(']');
}

fn write_moves(m: &Moves, out: &mut String) {
    for (i, mv) in m.moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_move(mv, out);
    }
    if m.trailing_space {
        out.push(' ');
    }
}

fn cards(list: &[notation::CardSlot], out: &mut String) {
    for (i, c) in list.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        write_card(*c, out);
    }
}

/// Writes one move, `<actor> <action>`.
pub(crate) fn write_move(mv: &Move, out: &mut String) {
    match mv.actor {
        Actor::World => out.push('w'),
        Actor::Seat(s) => out.push(s.digit()),
    }
    out.push(' ');
    match &mv.action {
        Action::Deal(deal) => {
            for (i, c) in deal.cards.iter().enumerate() {
                if i > 0 {
                    out.push(if deal.bars & (1 << (i - 1)) != 0 { '|' } else { '.' });
                }
                write_card(*c, out);
            }
        }
        Action::Skat(s) => cards(s, out),
        Action::TimeOut(s) => {
            out.push_str("TI.");
            out.push(s.digit());
        }
        Action::Leave(s) => {
            out.push_str("LE.");
            out.push(s.digit());
        }
        Action::Bid(b) => {
            let _ = write!(out, "{b}");
        }
        Action::Hold => out.push('y'),
        Action::Pass => out.push('p'),
        Action::Pickup => out.push('s'),
        Action::Declare(d) => {
            out.push(d.kind.letter());
            for m in &d.modifiers {
                out.push(m.letter());
            }
            for c in &d.cards {
                out.push('.');
                write_card(*c, out);
            }
        }
        Action::Discard(d) => cards(d, out),
        Action::Card(c) => write_card(*c, out),
        Action::Show(list) => {
            out.push_str("SC");
            for c in list {
                out.push('.');
                write_card(*c, out);
            }
        }
        Action::Resign => out.push_str("RE"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_game;

    #[test]
    fn writes_back_what_was_read() {
        for line in [
            "(;GM[Skat]PC[x]CO[]MV[w CA.CK.CQ.CJ.CT.C9.C8.C7.SA.SK.SQ.SJ.ST.S9.S8.S7.HA.HK.HQ.HJ.HT.H9.H8.H7.DA.DK.DQ.DJ.DT.D9|D8.D7 1 18 0 y 1 p 2 p 0 s w D8.D7 0 NO.HA.HQ 0 SC.CA 1 RE w TI.2 ]R[d:0 win v:23 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)",
            "(;GM[Skat]MV[0 GOHZ.??.?? 1 DT]R[passed];)",
            "(;GM[Skat]CO[a\\]b])",
            "(;GM[Skat]MV[]R[] ;)",
            "(;GM[Skat]MV[ ]R[] ;)",
        ] {
            let g = parse_game(line).unwrap();
            assert_eq!(write(&g), line);
        }
    }

    #[test]
    fn a_value_written_from_parts_never_escapes_its_bracket() {
        // Found by fuzzing: the result token `\` before a line break.
        let game = crate::IssReader::new(&b"(;R[\\\n])"[..])
            .flatten()
            .next()
            .expect("a record")
            .game;
        let line = write(&game);
        let again = crate::parse_game(&line).expect("the written line reads");
        assert_eq!(write(&again), line);
    }
}
