//! Content ids: the sha256 of a record's canonical text.

use sha2::{Digest, Sha256};

use crate::print::print;
use crate::tree::Record;

/// The content id of a record: the lowercase hexadecimal sha256 of exactly the UTF-8 bytes
/// of `print(record)`, the canonical text (see [`print()`](crate::print())): LF line
/// endings, a final line break, no version line. Two records have the same id exactly when
/// their canonical texts are equal; spans, the version in force and the source's layout do
/// not count.
pub fn content_id(record: &Record) -> String {
    content_id_of_text(&print(record))
}

/// The content id of a record whose canonical text is already printed: the lowercase
/// hexadecimal sha256 of `canonical`. Equal to [`content_id`] for the record that prints
/// as `canonical`; the reports use it so that a record is printed once.
pub fn content_id_of_text(canonical: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(canonical.as_bytes());
    let mut hex = String::with_capacity(64);
    for b in digest.iter() {
        hex.push(char::from(HEX[usize::from(b >> 4)]));
        hex.push(char::from(HEX[usize::from(b & 15)]));
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::Digest;

    #[test]
    fn id_is_sha256_of_the_canonical_text() {
        let r = Record::default();
        assert_eq!(print(&r), "");
        // sha256 of the empty string.
        assert_eq!(
            content_id(&r),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let parsed = crate::read_str("[Game \"skat\"]  [Rules \"isko\"]\nresult   value 24 {x}\n");
        let r = parsed[0].record.clone().unwrap();
        let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\nresult   value 24 {x}\n";
        assert_eq!(print(&r), text);
        let expected: String = Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(content_id(&r), expected);
        assert_eq!(content_id(&r).len(), 64);
    }
}
