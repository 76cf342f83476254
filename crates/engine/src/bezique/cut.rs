//! Six-Pack Bezique's cut and guess (000:603): before the deal the dealer lifts a packet
//! from the pack, and scores when it holds exactly 24 cards; the non-dealer then guesses how
//! many it holds, and scores when he is right. A record writes them as the first events of
//! the play, `D cuts 24 = 250` and `E guesses 24 = 150`.

use crate::bezique::rules::CutScores;

/// Which of the two a statement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutWord {
    /// The dealer's cut (`cuts`).
    Cuts,
    /// The non-dealer's guess (`guesses`).
    Guesses,
}

impl CutWord {
    /// The word a record writes, in any case.
    pub fn of(word: &str) -> Option<CutWord> {
        match word.to_ascii_lowercase().as_str() {
            "cuts" => Some(CutWord::Cuts),
            "guesses" => Some(CutWord::Guesses),
            _ => None,
        }
    }

    /// The record's word.
    pub fn word(self) -> &'static str {
        match self {
            CutWord::Cuts => "cut",
            CutWord::Guesses => "guess",
        }
    }
}

/// The cut and guess of one deal so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// The size of the packet the dealer lifted, once written.
    pub packet: Option<u32>,
    /// Whether the guess has been written.
    pub guessed: bool,
}

/// Why a cut or guess is refused (finding `B0219`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CutError {
    /// The profile has no cut and guess.
    NoCut,
    /// Not before the first lead.
    Late,
    /// The cut is the dealer's, the guess the non-dealer's.
    WrongSeat,
    /// Written twice.
    Twice,
    /// The guess comes before the cut it guesses.
    GuessFirst,
    /// No packet size, or one the pack cannot give.
    NoSize {
        /// The cards in the pack.
        pack: usize,
    },
}

impl CutError {
    /// The finding's message.
    pub fn message(&self, word: CutWord) -> String {
        let w = word.word();
        match self {
            CutError::NoCut => format!(
                "this profile has no {w}: the dealer's cut of 24 and the guess are Six-Pack Bezique's"
            ),
            CutError::Late => format!("the {w} is made before the deal, so before the first lead"),
            CutError::WrongSeat => match word {
                CutWord::Cuts => "the dealer cuts the packet he deals from".to_string(),
                CutWord::Guesses => "the non-dealer guesses the size of the dealer's packet".to_string(),
            },
            CutError::Twice => format!("the {w} is made once a deal"),
            CutError::GuessFirst => "the guess follows the dealer's cut".to_string(),
            CutError::NoSize { pack } => format!("a {w} gives the packet's size, 1 to {pack} cards"),
        }
    }
}

impl Cut {
    /// A cut or guess of `size` cards by the dealer (`dealer`) or not, before the first lead
    /// or not: what it scores (000:603: exactly the packet's 24 for the dealer, the right
    /// size for the guess), or why it is refused. A refused one changes nothing.
    pub fn make(
        &mut self,
        scores: Option<CutScores>,
        word: CutWord,
        dealer: bool,
        before_play: bool,
        size: Option<i64>,
        pack: usize,
    ) -> Result<u32, CutError> {
        let scores = scores.ok_or(CutError::NoCut)?;
        if !before_play {
            return Err(CutError::Late);
        }
        if dealer != (word == CutWord::Cuts) {
            return Err(CutError::WrongSeat);
        }
        let size = size
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n >= 1 && n as usize <= pack)
            .ok_or(CutError::NoSize { pack })?;
        match word {
            CutWord::Cuts => {
                if self.packet.is_some() {
                    return Err(CutError::Twice);
                }
                self.packet = Some(size);
                Ok(if size == scores.packet { scores.dealer } else { 0 })
            }
            CutWord::Guesses => {
                if self.guessed {
                    return Err(CutError::Twice);
                }
                let packet = self.packet.ok_or(CutError::GuessFirst)?;
                self.guessed = true;
                Ok(if size == packet { scores.guess } else { 0 })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX_PACK: CutScores = CutScores {
        packet: 24,
        dealer: 250,
        guess: 150,
    };

    fn go(cut: &mut Cut, word: CutWord, dealer: bool, n: i64) -> Result<u32, CutError> {
        cut.make(Some(SIX_PACK), word, dealer, true, Some(n), 192)
    }

    /// 000:603: "If this portion contains exactly 24 cards, the dealer scores 250. The
    /// non-dealer then estimates the number of cards the dealer took off; if his guess is
    /// correct, he scores 150."
    #[test]
    fn exactly_24_scores_250_and_the_right_guess_150() {
        let mut c = Cut::default();
        assert_eq!(go(&mut c, CutWord::Cuts, true, 24), Ok(250));
        assert_eq!(go(&mut c, CutWord::Guesses, false, 24), Ok(150));
        let mut c = Cut::default();
        assert_eq!(go(&mut c, CutWord::Cuts, true, 30), Ok(0));
        assert_eq!(go(&mut c, CutWord::Guesses, false, 30), Ok(150));
        let mut c = Cut::default();
        assert_eq!(go(&mut c, CutWord::Cuts, true, 24), Ok(250));
        assert_eq!(go(&mut c, CutWord::Guesses, false, 30), Ok(0));
    }

    #[test]
    fn out_of_place() {
        let mut c = Cut::default();
        assert_eq!(go(&mut c, CutWord::Guesses, false, 24), Err(CutError::GuessFirst));
        assert_eq!(go(&mut c, CutWord::Cuts, false, 24), Err(CutError::WrongSeat));
        assert_eq!(
            go(&mut c, CutWord::Cuts, true, 0),
            Err(CutError::NoSize { pack: 192 })
        );
        assert_eq!(
            go(&mut c, CutWord::Cuts, true, 193),
            Err(CutError::NoSize { pack: 192 })
        );
        assert_eq!(go(&mut c, CutWord::Cuts, true, 24), Ok(250));
        assert_eq!(go(&mut c, CutWord::Cuts, true, 24), Err(CutError::Twice));
        assert_eq!(
            c.make(Some(SIX_PACK), CutWord::Guesses, false, false, Some(24), 192),
            Err(CutError::Late)
        );
        assert_eq!(
            Cut::default().make(None, CutWord::Cuts, true, true, Some(24), 128),
            Err(CutError::NoCut)
        );
    }
}
