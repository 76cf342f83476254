//! Cards, packs and the card alphabets of stich.
//!
//! This crate knows what a card is and every way the sources write one; it knows nothing of
//! any game's rules. The canonical written form of a card is the suit symbol followed by the
//! rank (`♣J`, `♥10`), see [`Card`]'s `Display`; [`Card`], [`Suit`] and [`Rank`] read back
//! from text with `FromStr` and `TryFrom`.
//!
//! ```
//! use cards::{Card, Pack, Rank, Suit};
//!
//! let card: Card = "♣J".parse().unwrap();
//! assert_eq!(card, Card::new(Suit::Clubs, Rank::Jack));
//! assert_eq!(card.to_string(), "♣J");
//! assert_eq!("CJ".parse::<Card>().unwrap(), card); // the ISS spelling reads too
//! assert_eq!(Pack::Skat32.len(), 32);
//! ```

#![warn(missing_docs)]

mod alphabet;
mod card;
mod pack;
mod pack_spec;

pub use alphabet::{Alphabet, AlphabetSet, CardTokenError, CardTokenErrorKind, Display, parse_card};
pub use card::{Card, ParseError, Rank, Suit};
pub use pack::Pack;
pub use pack_spec::{MAX_COPIES, PackSpec, PackSpecError};
