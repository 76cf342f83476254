//! Bearer tokens for writes and for reading private collections.
//!
//! The token file holds one token a line: a plain token, or `sha256:` and the 64 hex digits
//! of a token's SHA-256 (so the file need not hold the token itself). Blank lines and lines
//! starting with `#` are skipped. Only hashes are kept in memory, and a token presented is
//! hashed and compared with every hash known in constant time (an XOR fold over all the
//! bytes, with no early exit), so neither the time taken nor the order of the file tells how
//! much of a guess was right.

use sha2::{Digest, Sha256};

/// The hashes of the tokens that may write.
#[derive(Clone, Debug, Default)]
pub struct Tokens {
    hashes: Vec<[u8; 32]>,
}

fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn unhex(s: &str) -> Option<[u8; 32]> {
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (o, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
        let (hi, lo) = (*pair.first()?, *pair.get(1)?);
        let d = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        *o = d(hi)? << 4 | d(lo)?;
    }
    Some(out)
}

/// Whether `a` and `b` are equal, looking at every byte whatever they hold.
fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b.iter()).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    diff == 0
}

impl Tokens {
    /// The tokens of a token file's text; a `sha256:` line that is not 64 hex digits is an
    /// error naming its line.
    pub fn parse(text: &str) -> Result<Tokens, String> {
        let mut hashes = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.strip_prefix("sha256:") {
                Some(hex) => match unhex(hex) {
                    Some(h) => hashes.push(h),
                    None => return Err(format!("line {}: `sha256:` wants 64 hex digits", i + 1)),
                },
                None => hashes.push(hash(line)),
            }
        }
        Ok(Tokens { hashes })
    }

    /// Whether no token is known: then nothing may write.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// Whether `token` is one of the tokens.
    pub fn allows(&self, token: &str) -> bool {
        let presented = hash(token);
        // Every hash is compared, so the time taken does not tell which one matched.
        self.hashes.iter().fold(false, |ok, h| ok | same(h, &presented))
    }

    /// Whether the value of an `Authorization` header holds a known bearer token.
    pub fn allows_header(&self, header: Option<&str>) -> bool {
        header
            .and_then(|h| h.strip_prefix("Bearer "))
            .is_some_and(|t| self.allows(t.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_hashed_tokens_are_known_and_others_not() {
        let hashed = hash("second");
        let hex: String = hashed.iter().map(|b| format!("{b:02x}")).collect();
        let tokens = Tokens::parse(&format!("# writers\nfirst\n\nsha256:{hex}\n")).unwrap();
        assert!(tokens.allows("first"));
        assert!(tokens.allows("second"));
        assert!(!tokens.allows("third"));
        assert!(!tokens.allows(""));
        assert!(tokens.allows_header(Some("Bearer first")));
        assert!(!tokens.allows_header(Some("Basic first")));
        assert!(!tokens.allows_header(None));
    }

    #[test]
    fn a_bad_hash_line_is_an_error() {
        assert!(Tokens::parse("sha256:abc\n").is_err());
        assert!(Tokens::parse("").unwrap().is_empty());
    }
}
