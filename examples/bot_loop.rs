//! A bot plays a Skat game through the very game state the verifier replays records with:
//! deal, ask for the legal cards, play one, and read the result.
//!
//! ```sh
//! cargo run --example bot_loop
//! ```

use cards::Card;
use engine::core::CardSet;
use engine::core::game::GameState;
use engine::skat::quick::{Played, result_of};
use engine::skat::state::{Act, Event, PlayState};
use engine::skat::{Contract, End, GameType, Seat, SkatUse, rules};

/// A hand written as the notation writes it, read with `FromStr`.
fn hand(text: &str) -> CardSet {
    CardSet::of(text.split_whitespace().filter_map(|t| t.parse::<Card>().ok()))
}

fn main() {
    // The deal of the official rules' worked example: F plays clubs, hand.
    let profile = rules::by_name("isko").expect("the official profile");
    let hands = [
        hand("♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A"),
        hand("♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9"),
        hand("♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10"),
    ];
    let skat = hand("♦8 ♦7");
    let contract = Contract {
        game: "clubs".parse::<GameType>().expect("a game word"),
        hand: true,
        schneider_announced: false,
        schwarz_announced: false,
        ouvert: false,
    };
    let declarer = Seat::F;
    let mut state = PlayState::new(profile, declarer, contract, SkatUse::Hand, hands);

    // The bot: the highest legal card in the order the pack lists them (a real bot thinks).
    while !state.is_over() {
        let seat = state.to_play();
        let legal = state.legal();
        let Some(card) = legal.iter().next() else { break };
        match state.play(Act::Card(seat, card)) {
            Ok(Event::Trick(done)) => println!(
                "trick {:>2}: led by {}, won by {} for {} points",
                state.counts().tricks(),
                done.leader,
                done.winner,
                done.points
            ),
            Ok(_) => {}
            Err(refusal) => panic!("a legal card was refused: {refusal:?}"),
        }
    }

    let counts = state.counts();
    let end = state.finish().unwrap_or((End::PlayedOut, counts.tricks()));
    let result = result_of(
        profile,
        &Played {
            declarer,
            contract,
            dealt: hands[declarer.index()],
            skat_dealt: skat,
            skat_after: skat,
            counts,
            end,
            resigned: false,
            bid: 18,
        },
    );
    println!(
        "{}",
        serde_json::to_string_pretty(&result).expect("a result serializes")
    );
}
