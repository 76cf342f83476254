//! Seats and game words as text: `Display` writes the canonical word, `FromStr` and
//! `TryFrom<&str>` read every spelling a record may use (the aliases of [`super::words`]).

use std::fmt;
use std::str::FromStr;

use cards::ParseError;

use super::model::{ExtraGame, GameType, Seat};
use super::words::{DeclWord, decl_word, seat_alias};

fn error(text: &str, expected: &'static str) -> ParseError {
    ParseError {
        text: text.to_string(),
        expected,
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    /// A seat from its label or an alias, in any case (`F`, `V`, `Vorhand`, `forehand`).
    ///
    /// ```
    /// use engine::skat::Seat;
    /// assert_eq!("M".parse::<Seat>(), Ok(Seat::M));
    /// assert_eq!("Hinterhand".parse::<Seat>(), Ok(Seat::R));
    /// assert_eq!(Seat::F.to_string(), "F");
    /// assert!("X".parse::<Seat>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Seat, ParseError> {
        seat_alias(s).ok_or_else(|| error(s, "seat"))
    }
}

impl TryFrom<&str> for Seat {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<Seat, ParseError> {
        s.parse()
    }
}

impl fmt::Display for GameType {
    /// The canonical word, `clubs`, `grand`, `null`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for GameType {
    type Err = ParseError;

    /// A game from its word in English or German, any case (`grand`, `Kreuz`, `♥`).
    ///
    /// ```
    /// use engine::skat::GameType;
    /// assert_eq!("Kreuz".parse::<GameType>(), Ok(GameType::Clubs));
    /// assert_eq!("null".parse::<GameType>(), Ok(GameType::Null));
    /// assert_eq!(GameType::Grand.to_string(), "grand");
    /// assert!("hand".parse::<GameType>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<GameType, ParseError> {
        match decl_word(s) {
            Some(DeclWord::Game(g)) => Ok(g),
            _ => Err(error(s, "game")),
        }
    }
}

impl TryFrom<&str> for GameType {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<GameType, ParseError> {
        s.parse()
    }
}

impl fmt::Display for ExtraGame {
    /// The canonical word, `uno`, `duo`, `revolution`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for ExtraGame {
    type Err = ParseError;

    /// An extra game of the historic profiles from its word, any case.
    ///
    /// ```
    /// use engine::skat::ExtraGame;
    /// assert_eq!("Duo".parse::<ExtraGame>(), Ok(ExtraGame::Duo));
    /// ```
    fn from_str(s: &str) -> Result<ExtraGame, ParseError> {
        match decl_word(s) {
            Some(DeclWord::Extra(g)) => Ok(g),
            _ => Err(error(s, "extra game")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_and_game_reads_back_what_display_writes() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
            assert_eq!(Seat::try_from(seat.label().to_lowercase().as_str()), Ok(seat));
        }
        for game in GameType::ALL {
            assert_eq!(game.to_string().parse::<GameType>(), Ok(game));
            assert_eq!(GameType::try_from(game.word()), Ok(game));
        }
        for extra in [ExtraGame::Uno, ExtraGame::Duo, ExtraGame::Revolution] {
            assert_eq!(extra.to_string().parse::<ExtraGame>(), Ok(extra));
        }
        assert_eq!(
            "schneider".parse::<GameType>().unwrap_err().to_string(),
            "not a game: `schneider`"
        );
        assert!("grand".parse::<ExtraGame>().is_err() && "".parse::<Seat>().is_err());
    }
}
