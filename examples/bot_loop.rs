//! Bots play through the game API: a game picked by its `Game` tag and `Rules` profile,
//! the legal actions asked for, one played, the result read — through the very play state
//! the verifier replays records with. The record the game leaves checks consistent.
//!
//! ```sh
//! cargo run --example bot_loop
//! ```

use engine::table_game::{self, DealSpec, Game};

/// The deal of the official rules' worked example, F to play clubs, hand: the start of a
/// record, whose play the bot writes.
const WORKED_EXAMPLE: &str = "[Game \"skat\"]
[Rules \"isko\"]

deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A
         M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9
         R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10
         skat: ♦8 ♦7
auction  M pass, R pass, F 18
declare  F clubs hand
";

/// The same deal alone: the bot plays the auction, the skat and the declaration too.
const DEAL_ALONE: &str = "[Game \"skat\"]
[Rules \"isko\"]

deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A
         M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9
         R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10
         skat: ♦8 ♦7
";

/// The bot: the first legal action in the order the game lists them (a real bot thinks).
fn play_to_the_end(game: &mut dyn Game) -> Result<(), table_game::Refusal> {
    while let Some(action) = game.legal().into_iter().next() {
        let played = game.play(&action)?;
        if let Some(trick) = played.trick {
            println!(
                "{} {}: {} takes the trick, {} points",
                played.seat, played.action, trick.winner, trick.points
            );
        }
    }
    Ok(())
}

fn show(game: &dyn Game) -> Result<(), Box<dyn std::error::Error>> {
    let record = game.to_record();
    let reports = check::check_str(&record);
    let verdict = reports.first().map(|r| r.verdict);
    println!("{record}");
    println!("verdict of the record: {verdict:?}");
    if let Some(result) = game.result() {
        println!("{}", serde_json::to_string_pretty(&result)?);
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Skat, by tag and profile, from the worked example's deal.
    let mut skat = table_game::from_record(WORKED_EXAMPLE)?;
    println!(
        "{} {}: seats {:?}",
        skat.family().name(),
        skat.profile(),
        skat.seats()
    );
    play_to_the_end(skat.as_mut())?;
    show(skat.as_ref())?;

    // The deal alone: the calls and the declaration as the worked example has them, each
    // read from its token and judged by the check's auction and declaration rules.
    let mut from_deal = table_game::from_record(DEAL_ALONE)?;
    for token in ["pass", "pass", "18", "clubs hand"] {
        let action = from_deal.parse_action(token)?;
        let played = from_deal.play(&action)?;
        println!("{} {}", played.seat, played.action);
    }
    play_to_the_end(from_deal.as_mut())?;
    show(from_deal.as_ref())?;

    // A second game by tag: a Pinochle deal from a seed, as `stich gen` deals it.
    let mut pinochle = table_game::new_game("pinochle", Some("uspc-two-hand"), DealSpec::Seed(7))?;
    println!(
        "{} {}: seats {:?}",
        pinochle.family().name(),
        pinochle.profile(),
        pinochle.seats()
    );
    play_to_the_end(pinochle.as_mut())?;
    show(pinochle.as_ref())?;
    Ok(())
}
