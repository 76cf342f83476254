//! `stich meld`: what a hand melds under a game's rule profile, or what a Cribbage hand
//! shows with the starter, by the family's calculator (the same code the verifier checks
//! claimed melds and shows with).

use std::fmt::Write;

use cards::{Alphabet, AlphabetSet, Card};

use crate::cli::{EXIT_OK, EXIT_USAGE, Format, MeldArgs};
use crate::out;

/// Every alphabet the notation reads: a card token that two of them read differently is
/// refused as ambiguous, never guessed.
fn alphabets() -> AlphabetSet {
    Alphabet::ALL
        .into_iter()
        .fold(AlphabetSet::DEFAULT, AlphabetSet::with)
}

/// The cards of the arguments; each argument may hold several tokens separated by spaces or
/// commas.
fn read_cards(args: &[String]) -> Result<Vec<Card>, String> {
    let set = alphabets();
    let mut out = Vec::new();
    for token in args
        .iter()
        .flat_map(|a| a.split([' ', ',']))
        .filter(|t| !t.is_empty())
    {
        match cards::parse_card(token, set) {
            Ok(c) => out.push(c),
            Err(e) => return Err(format!("`{token}`: {e}")),
        }
    }
    Ok(out)
}

/// Runs `meld`.
pub fn run(args: &MeldArgs) -> u8 {
    let Some(family) = engine::family::by_tag(&args.game) else {
        out::note(format_args!(
            "stich: no rules engine for the game `{}` (games with an engine: {})",
            args.game,
            engine::family::tags()
        ));
        return EXIT_USAGE;
    };
    let hand = match read_cards(&args.cards) {
        Ok(h) => h,
        Err(e) => {
            out::note(format_args!("stich: {e}"));
            return EXIT_USAGE;
        }
    };
    let starter = match args.starter.as_deref().map(|s| read_cards(&[s.to_string()])) {
        None => None,
        Some(Ok(c)) if c.len() == 1 => c.first().copied(),
        Some(Ok(_)) => {
            out::note(format_args!("stich: --starter takes one card"));
            return EXIT_USAGE;
        }
        Some(Err(e)) => {
            out::note(format_args!("stich: {e}"));
            return EXIT_USAGE;
        }
    };
    let query = engine::family::MeldQuery {
        profile: args.rules.as_deref(),
        trump: args.trump.as_deref(),
        starter,
        crib: args.crib,
        hand: &hand,
    };
    let summary = match family.meld_with(&query) {
        None => {
            out::note(format_args!("stich: {} has no melds", family.name()));
            return EXIT_USAGE;
        }
        Some(Err(e)) => {
            out::note(format_args!("stich: {e}"));
            return EXIT_USAGE;
        }
        Some(Ok(s)) => s,
    };
    let display = args.cards_display.display();
    let mut text = String::new();
    match args.format {
        Format::Json | Format::Jsonl => match serde_json::to_string(&summary) {
            Ok(s) => text = s + "\n",
            Err(e) => {
                out::note(format_args!("stich: {e}"));
                return EXIT_USAGE;
            }
        },
        Format::Csv => {
            text.push_str("kind,value,cards\n");
            for m in &summary.melds {
                let cards: Vec<String> = m.cards.iter().map(|&c| display.card(c)).collect();
                let _ = writeln!(text, "{},{},{}", m.kind, m.value, cards.join(" "));
            }
            let _ = writeln!(text, "total,{},", summary.total);
        }
        Format::Text => {
            for m in &summary.melds {
                let cards: Vec<String> = m.cards.iter().map(|&c| display.card(c)).collect();
                let _ = writeln!(text, "{:>5}  {:<16} {}", m.value, m.kind, cards.join(" "));
            }
            let _ = writeln!(text, "{:>5}  total", summary.total);
        }
    }
    out::finish(out::write_all(text.as_bytes()), EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_read_in_every_alphabet_and_ambiguity_is_refused() {
        let cards =
            read_cards(&["SQ ♠Q".to_string(), "♦J,DJ".to_string(), "10♥".to_string()]).expect("cards");
        assert_eq!(cards.len(), 5);
        assert_eq!(cards[0], cards[1]);
        assert_eq!(cards[2], cards[3]);
        assert!(read_cards(&["XYZ".to_string()]).is_err());
    }
}
