//! Line classes: what the streaming reader needs to know of a line to find record
//! boundaries, without parsing it. It follows `{…}` comments across lines and skips strings
//! and `;` comments exactly as the lexer does, so that both agree on what is a comment.

/// What a line is, to the record splitter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineClass {
    /// Only blanks.
    Blank,
    /// Only comments (or the inside of a comment).
    Comment,
    /// Starts with `[`: in column 1 always; after blanks and comments when the line does
    /// not start inside a comment.
    Tag,
    /// `%` in column 1, outside any comment.
    Directive,
    /// Anything else.
    Body,
}

/// A classified line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// The class.
    pub class: LineClass,
    /// Whether a `{` comment is still open at the end of the line.
    pub ends_in_brace: bool,
    /// Whether a comment starts in column 1 (outside any earlier comment): such a line,
    /// after a body and right before a tag line, belongs to the next record.
    pub comment_at_start: bool,
    /// The byte index of the `{` that opened the comment still open at the end of the line,
    /// when it was opened on this line.
    pub opened_at: Option<usize>,
}

/// Classifies one line (without its line break); `in_brace` tells whether a `{` comment is
/// open at its start.
pub(crate) fn classify(line: &str, in_brace: bool) -> Scanned {
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.starts_with('[') {
        // A tag line in column 1 closes any open comment: the lexer does the same.
        let (_, _, ends, opened_at) = walk(line, false);
        return Scanned {
            class: LineClass::Tag,
            ends_in_brace: ends,
            comment_at_start: false,
            opened_at,
        };
    }
    if !in_brace && line.starts_with('%') {
        return Scanned {
            class: LineClass::Directive,
            ends_in_brace: false,
            comment_at_start: false,
            opened_at: None,
        };
    }
    let (first, comment, ends, opened_at) = walk(line, in_brace);
    let class = match first {
        // A record starts only where no comment is open, so that the lexer of the new
        // record starts where the splitter did.
        Some('[') if !in_brace => LineClass::Tag,
        Some(_) => LineClass::Body,
        None if comment || in_brace => LineClass::Comment,
        None => LineClass::Blank,
    };
    let comment_at_start = !in_brace && (line.starts_with('{') || line.starts_with(';'));
    Scanned {
        class,
        ends_in_brace: ends,
        comment_at_start,
        opened_at,
    }
}

/// Walks a line: the first character outside comments, whether a comment was seen, whether
/// a `{` comment is open at the end, and where that comment was opened if on this line.
fn walk(line: &str, mut in_brace: bool) -> (Option<char>, bool, bool, Option<usize>) {
    let mut first = None;
    let mut comment = false;
    let mut opened_at = None;
    let mut chars = line.char_indices();
    while let Some((at, c)) = chars.next() {
        if in_brace {
            if c == '}' {
                in_brace = false;
            }
            continue;
        }
        match c {
            '{' => {
                in_brace = true;
                comment = true;
                opened_at = Some(at);
            }
            ';' => {
                comment = true;
                break;
            }
            c if c.is_whitespace() => {}
            '"' => {
                first.get_or_insert('"');
                while let Some((_, s)) = chars.next() {
                    match s {
                        '"' => break,
                        '\\' => {
                            chars.next();
                        }
                        _ => {}
                    }
                }
            }
            c => {
                first.get_or_insert(c);
            }
        }
    }
    (first, comment, in_brace, opened_at.filter(|_| in_brace))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(line: &str, in_brace: bool) -> LineClass {
        classify(line, in_brace).class
    }

    #[test]
    fn classes() {
        assert_eq!(class("", false), LineClass::Blank);
        assert_eq!(class("   \r", false), LineClass::Blank);
        assert_eq!(class("[Game \"skat\"]", false), LineClass::Tag);
        assert_eq!(class("  {c} [Game \"skat\"]", false), LineClass::Tag);
        assert_eq!(class("%stich 1", false), LineClass::Directive);
        assert_eq!(class("%stich 1", true), LineClass::Comment);
        assert_eq!(class("deal F: ♣J", false), LineClass::Body);
        assert_eq!(class("; just a note", false), LineClass::Comment);
        assert_eq!(class("{ open", false), LineClass::Comment);
        assert_eq!(class("still inside", true), LineClass::Comment);
        assert_eq!(class("inside } play", true), LineClass::Body);
        assert_eq!(class("[in column one", true), LineClass::Tag);
        assert_eq!(class("  [indented, inside", true), LineClass::Comment);
        assert_eq!(class("%} [after a comment", true), LineClass::Body);
    }

    #[test]
    fn strings_hide_comment_marks() {
        let s = classify("[Event \"a { b ; c\"]", false);
        assert_eq!(
            s,
            Scanned {
                class: LineClass::Tag,
                ends_in_brace: false,
                comment_at_start: false,
                opened_at: None
            }
        );
        assert_eq!(classify("deal {x} {y", false).opened_at, Some(9));
        assert_eq!(classify("still {x", true).opened_at, None);
        assert!(classify("deal {x", false).ends_in_brace);
        assert!(!classify("x \"{\" y", false).ends_in_brace);
        assert!(!classify("x ; {", false).ends_in_brace);
        assert!(classify("{lead}", false).comment_at_start);
        assert!(!classify(" {indented}", false).comment_at_start);
    }
}
