//! Meld kinds as text: `Display` writes the canonical word, `FromStr` and `TryFrom<&str>`
//! read every spelling a record may use ([`MeldKind::from_word`]'s aliases).

use std::fmt;
use std::str::FromStr;

use cards::ParseError;

use super::meld::MeldKind;

impl fmt::Display for MeldKind {
    /// The canonical word: `run`, `royal`, `double-pinochle`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for MeldKind {
    type Err = ParseError;

    /// A meld kind from its word or an alias, in any case (`flush`, `royal-marriage`,
    /// `100-aces`).
    ///
    /// ```
    /// use engine::pinochle::MeldKind;
    /// assert_eq!("flush".parse::<MeldKind>(), Ok(MeldKind::Run));
    /// assert_eq!("Royal-Marriage".parse::<MeldKind>(), Ok(MeldKind::Royal));
    /// assert_eq!(MeldKind::DoublePinochle.to_string(), "double-pinochle");
    /// assert!("bezique".parse::<MeldKind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<MeldKind, ParseError> {
        MeldKind::from_word(s.trim()).ok_or_else(|| ParseError {
            text: s.to_string(),
            expected: "meld kind",
        })
    }
}

impl TryFrom<&str> for MeldKind {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<MeldKind, ParseError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_word() {
        for kind in MeldKind::ALL {
            assert_eq!(kind.to_string().parse::<MeldKind>(), Ok(kind), "{kind}");
        }
    }
}
