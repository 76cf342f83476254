//! Combinations of a show as text: `Display` writes the canonical word, `FromStr` and
//! `TryFrom<&str>` read it and the books' other names ([`ShowKind::from_word`]).

use std::fmt;
use std::str::FromStr;

use cards::ParseError;

use super::meld::ShowKind;

impl fmt::Display for ShowKind {
    /// The canonical word: `fifteen`, `pair-royal`, `nobs`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for ShowKind {
    type Err = ParseError;

    /// A combination from its word, in any case (`pair-royal`, `His Nobs`).
    ///
    /// ```
    /// use engine::cribbage::meld::ShowKind;
    /// assert_eq!("pair-royal".parse::<ShowKind>(), Ok(ShowKind::PairRoyal));
    /// assert_eq!("His Nobs".parse::<ShowKind>(), Ok(ShowKind::Nobs));
    /// assert_eq!(ShowKind::DoublePairRoyal.to_string(), "double-pair-royal");
    /// assert!("go".parse::<ShowKind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<ShowKind, ParseError> {
        ShowKind::from_word(s).ok_or_else(|| ParseError {
            text: s.to_string(),
            expected: "show combination",
        })
    }
}

impl TryFrom<&str> for ShowKind {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<ShowKind, ParseError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_word() {
        for kind in ShowKind::ALL {
            assert_eq!(kind.to_string().parse::<ShowKind>(), Ok(kind), "{kind}");
        }
    }
}
