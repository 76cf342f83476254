//! Forgetting where a tree was written: for comparing trees read from different texts.

use crate::tree::{Layout, PlayItem, Record, Section, Span, Spanned, Statement};

fn clear<T: Clone>(s: &Spanned<T>) -> Spanned<T> {
    Spanned::bare(s.node.clone())
}

fn section<T>(s: &Option<Section<T>>, items: impl FnOnce(&T) -> T) -> Option<Section<T>> {
    s.as_ref().map(|s| Section {
        span: Span::default(),
        comments: s.comments.clone(),
        items: items(&s.items),
    })
}

fn statement(s: &Statement) -> Statement {
    Statement {
        seat: s.seat.as_ref().map(clear),
        tokens: s.tokens.iter().map(clear).collect(),
        figure: s.figure.iter().map(clear).collect(),
        comments: s.comments.clone(),
    }
}

fn statements(items: &[Statement]) -> Vec<Statement> {
    items.iter().map(statement).collect()
}

impl Record {
    /// The same record with every span set to `Span::default()`, and no version: two
    /// records that say the same thing compare equal after this, wherever they were written.
    pub fn without_spans(&self) -> Record {
        let mut r = self.clone();
        r.span = Span::default();
        r.version = None;
        for t in &mut r.tags {
            t.name.span = Span::default();
            t.value.span = Span::default();
        }
        r.deal = section(&self.deal, |hands| {
            let mut hands = hands.clone();
            for h in &mut hands {
                h.seat.span = Span::default();
                h.cards = h.cards.iter().map(clear).collect();
            }
            hands
        });
        r.auction = section(&self.auction, |calls| {
            let mut calls = calls.clone();
            for c in &mut calls {
                c.seat.span = Span::default();
                c.call.span = Span::default();
                if let Some(said) = &mut c.said {
                    said.tokens = said.tokens.iter().map(clear).collect();
                    said.figure = said.figure.iter().map(clear).collect();
                }
            }
            calls
        });
        r.deal_events = statements(&self.deal_events);
        r.exchange = section(&self.exchange, |s| statements(s));
        r.declaration = section(&self.declaration, |s| statements(s));
        r.melds = section(&self.melds, |s| statements(s));
        r.play = section(&self.play, |play| {
            let mut play = play.clone();
            if let Layout::Columns(names) = &mut play.layout {
                *names = names.iter().map(clear).collect();
            }
            for item in &mut play.items {
                match item {
                    PlayItem::Trick(t) => {
                        t.number = t.number.as_ref().map(clear);
                        t.leader = t.leader.as_ref().map(clear);
                        t.cards = t.cards.iter().map(clear).collect();
                        t.claim = t.claim.as_ref().map(clear);
                        t.taker = t.taker.as_ref().map(clear);
                        t.origins = t.origins.iter().map(|o| o.as_ref().map(clear)).collect();
                    }
                    PlayItem::Event(e) => *e = statement(e),
                }
            }
            play
        });
        r.sheet = section(&self.sheet, |sheet| crate::tree::Sheet {
            columns: sheet.columns.as_ref().map(|c| c.iter().map(clear).collect()),
            rows: sheet
                .rows
                .iter()
                .map(|row| crate::tree::SheetRow {
                    number: row.number.as_ref().map(clear),
                    statement: statement(&row.statement),
                })
                .collect(),
        });
        r.result = section(&self.result, |claims| {
            let mut claims = claims.clone();
            for c in &mut claims {
                c.key.span = Span::default();
                c.values = c.values.iter().map(clear).collect();
            }
            claims
        });
        r.unfinished = self.unfinished.map(|_| Span::default());
        r
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn spans_and_version_are_forgotten() {
        let text = "%stich 1\n[Game \"skat\"]\ndeal F: ♣J\nauction M 18\nexchange F x\nplay columns F\n 1 ♣J = 4\nresult value 1\n*\n";
        let r = crate::read_str(text).remove(0).record.unwrap();
        assert_ne!(r.span, crate::Span::default());
        let bare = r.without_spans();
        assert_eq!(bare.version, None);
        // Printing does not look at spans, so the text is the same; and nothing is left.
        assert_eq!(crate::print(&bare), crate::print(&r));
        assert_eq!(
            format!("{bare:?}").matches("line: 0").count(),
            format!("{bare:?}").matches("line: ").count()
        );
    }
}
