//! The `R` fields as result claims of the syntax tree, and back.

use notation::{Claim, Diagnostic, Kind, Span, Spanned, Token};

use crate::codes;
use crate::model::{Outcome, ResultField, Seat};
use crate::vocab::claim::*;

/// A claim of at most one value; built straight into its final vector, as every record of an
/// archive makes about ten of them.
fn claim(key: &str, value: Option<Token>, span: Span) -> Claim {
    Claim {
        key: Spanned::new(key.to_string(), span),
        values: value.map(|v| vec![Spanned::new(v, span)]).unwrap_or_default(),
        comments: Vec::new(),
    }
}

fn word(w: &str) -> Token {
    Token::Word(w.to_string())
}

fn yes_no(b: bool) -> Token {
    word(if b { YES } else { NO })
}

/// The claims of a result, one per field that says something: a `-1` seat and a `0`
/// penalty flag say nothing and give no claim.
pub(crate) fn claims_of(fields: &[ResultField], span: Span) -> Vec<Claim> {
    let mut out = Vec::with_capacity(fields.len());
    for f in fields {
        let c = match f {
            ResultField::Passed => claim(PASSED, None, span),
            ResultField::Declarer(Some(s)) => claim(DECLARER, Some(word(s.label())), span),
            ResultField::Declarer(None) | ResultField::Left(None) | ResultField::TimeOut(None) => {
                continue;
            }
            ResultField::Penalty(_, false) => continue,
            ResultField::Outcome(o) => claim(OUTCOME, Some(word(o.claim_word())), span),
            ResultField::Value(v) => claim(SCORE, Some(Token::Number(i64::from(*v))), span),
            ResultField::Matadors(m) => claim(MATADORS, Some(Token::Number(i64::from(*m))), span),
            ResultField::Overbid(o) => claim(OVERBID, Some(yes_no(*o)), span),
            ResultField::Points(p) => claim(POINTS, Some(Token::Number(i64::from(*p))), span),
            ResultField::Tricks(t) => claim(TRICKS, Some(Token::Number(i64::from(*t))), span),
            ResultField::Schneider(s) => claim(SCHNEIDER, Some(yes_no(*s)), span),
            ResultField::Schwarz(z) => claim(SCHWARZ, Some(yes_no(*z)), span),
            ResultField::Penalty(s, true) => claim(PENALTY, Some(word(s.label())), span),
            ResultField::Left(Some(s)) => claim(LEFT, Some(word(s.label())), span),
            ResultField::TimeOut(Some(s)) => claim(TIMEOUT, Some(word(s.label())), span),
            ResultField::Resigned(r) => claim(RESIGNED, Some(yes_no(*r)), span),
            ResultField::Other(t) => claim(ISS, Some(Token::Text(t.clone())), span),
        };
        out.push(c);
    }
    out
}

/// Whether two claim lists say the same, spans and comments aside.
pub(crate) fn same_claims(a: &[Claim], b: &[Claim]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.key.node == y.key.node
                && x.values.len() == y.values.len()
                && x.values.iter().zip(&y.values).all(|(v, w)| v.node == w.node)
        })
}

/// The values of one claim, checked.
struct Values<'a> {
    claim: &'a Claim,
}

impl Values<'_> {
    fn fail(&self, expected: &str) -> Diagnostic {
        Diagnostic::error(
            codes::CLAIM,
            Kind::Syntax,
            Some(self.claim.key.span),
            format!(
                "claim `{}` needs {expected} to be written as an ISS result field",
                self.claim.key.node
            ),
        )
    }

    fn one(&self) -> Option<&Token> {
        match self.claim.values.as_slice() {
            [v] => Some(&v.node),
            _ => None,
        }
    }

    fn number(&self) -> Result<i32, Diagnostic> {
        match self.one() {
            Some(Token::Number(n)) => i32::try_from(*n).map_err(|_| self.fail("a number")),
            _ => Err(self.fail("one number")),
        }
    }

    fn seat(&self) -> Result<Seat, Diagnostic> {
        match self.one() {
            Some(Token::Word(w)) => Seat::from_label(w).ok_or_else(|| self.fail("a seat `F`, `M` or `R`")),
            _ => Err(self.fail("a seat `F`, `M` or `R`")),
        }
    }

    fn yes_no(&self) -> Result<bool, Diagnostic> {
        match self.one() {
            Some(Token::Word(w)) if w == YES => Ok(true),
            Some(Token::Word(w)) if w == NO => Ok(false),
            _ => Err(self.fail("`yes` or `no`")),
        }
    }
}

/// The `R` field a result claim stands for, as the server writes it (`score` is `v`,
/// `overbid` is `bidok`/`overbid`); `None` for claims that have no field of their own.
pub fn result_field_of_claim(key: &str) -> Option<&'static str> {
    Some(match key {
        PASSED => "passed",
        DECLARER => "d",
        OUTCOME => "win/loss/penalty",
        SCORE => "v",
        MATADORS => "m",
        OVERBID => "bidok/overbid",
        POINTS => "p",
        TRICKS => "t",
        SCHNEIDER => "s",
        SCHWARZ => "z",
        PENALTY => "p0/p1/p2",
        LEFT => "l",
        TIMEOUT => "to",
        RESIGNED => "r",
        _ => return None,
    })
}

/// The result fields for a list of claims, in the server's order. A figure the claims leave
/// out (`v`, `m`, `bidok`/`overbid`, `p`, `t`, `s`, `z`) is left out too: writing the
/// server's `0` for it would claim a figure the record does not make, and the replay would
/// find it wrong. The fields that say "none" get the server's `none` when unclaimed (`d:-1`,
/// `p0:0`…`p2:0`, `l:-1`, `to:-1`), as reading them gives no claim; `r` is `r:0` unless
/// claimed (the caller sets it from the moves).
pub(crate) fn fields_from_claims(
    claims: &[Claim],
    span: Option<Span>,
) -> Result<Vec<ResultField>, Vec<Diagnostic>> {
    #[derive(Default)]
    struct Seen {
        passed: bool,
        declarer: Option<Seat>,
        outcome: Option<Outcome>,
        value: Option<i32>,
        matadors: Option<i32>,
        overbid: Option<bool>,
        points: Option<i32>,
        tricks: Option<i32>,
        schneider: Option<bool>,
        schwarz: Option<bool>,
        penalty: [bool; 3],
        left: Option<Seat>,
        timeout: Option<Seat>,
        resigned: Option<bool>,
        other: Vec<String>,
        any_field: bool,
    }
    let mut s = Seen::default();
    let mut diags = Vec::new();
    fn set<T>(slot: &mut Option<T>, v: Result<T, Diagnostic>, c: &Claim, diags: &mut Vec<Diagnostic>) {
        match v {
            Ok(_) if slot.is_some() => diags.push(Diagnostic::error(
                codes::CLAIM,
                Kind::Syntax,
                Some(c.key.span),
                format!("claim `{}` is given twice", c.key.node),
            )),
            Ok(v) => *slot = Some(v),
            Err(d) => diags.push(d),
        }
    }
    for c in claims {
        let v = Values { claim: c };
        let key = c.key.node.as_str();
        // A passed deal scores nothing, so `score 0` and the derived claims say nothing
        // the bare `passed` result does not.
        let says_nothing = matches!(
            key,
            PASSED | ISS | DERIVED_BID | DERIVED_VALUE | DERIVED_SKAT_POINTS
        ) || (key == SCORE && matches!(v.one(), Some(Token::Number(0))));
        if !says_nothing {
            s.any_field = true;
        }
        match key {
            PASSED if c.values.is_empty() => s.passed = true,
            DECLARER => set(&mut s.declarer, v.seat(), c, &mut diags),
            OUTCOME => {
                let o = match v.one() {
                    Some(Token::Word(w)) if w == "won" => Ok(Outcome::Win),
                    Some(Token::Word(w)) if w == "lost" => Ok(Outcome::Loss),
                    Some(Token::Word(w)) if w == "penalty" => Ok(Outcome::Penalty),
                    _ => Err(v.fail("`won`, `lost` or `penalty`")),
                };
                set(&mut s.outcome, o, c, &mut diags);
            }
            SCORE => set(&mut s.value, v.number(), c, &mut diags),
            MATADORS => set(&mut s.matadors, v.number(), c, &mut diags),
            OVERBID => set(&mut s.overbid, v.yes_no(), c, &mut diags),
            POINTS => set(&mut s.points, v.number(), c, &mut diags),
            TRICKS => set(&mut s.tricks, v.number(), c, &mut diags),
            SCHNEIDER => set(&mut s.schneider, v.yes_no(), c, &mut diags),
            SCHWARZ => set(&mut s.schwarz, v.yes_no(), c, &mut diags),
            PENALTY => match v.seat() {
                Ok(seat) => s.penalty[seat.index()] = true,
                Err(d) => diags.push(d),
            },
            LEFT => set(&mut s.left, v.seat(), c, &mut diags),
            TIMEOUT => set(&mut s.timeout, v.seat(), c, &mut diags),
            RESIGNED => set(&mut s.resigned, v.yes_no(), c, &mut diags),
            ISS => match v.one() {
                Some(Token::Text(t)) => s.other.push(t.clone()),
                _ => diags.push(v.fail("one quoted text")),
            },
            // The server records these only through other fields (the bid is the last number
            // of the auction moves, the skat's points and the base value follow from the
            // deal, the moves and `v`), so the ISS form leaves them out and a replay of the
            // ISS record recomputes them.
            DERIVED_BID | DERIVED_VALUE | DERIVED_SKAT_POINTS => {}
            _ => diags.push(Diagnostic::error(
                codes::CLAIM,
                Kind::Syntax,
                Some(c.key.span),
                format!("claim `{key}` has no ISS result field"),
            )),
        }
    }
    if s.passed && s.any_field {
        diags.push(Diagnostic::error(
            codes::CLAIM,
            Kind::Syntax,
            span,
            "a passed deal has no other result fields",
        ));
    }
    if !s.passed && s.outcome.is_none() {
        diags.push(
            Diagnostic::error(codes::CLAIM, Kind::Syntax, span, "an ISS result needs an outcome")
                .with_help("claim `outcome won`, `outcome lost` or `outcome penalty`"),
        );
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut fields = Vec::with_capacity(16);
    if s.passed {
        fields.push(ResultField::Passed);
    } else {
        fields.extend([
            ResultField::Declarer(s.declarer),
            ResultField::Outcome(s.outcome.unwrap_or(Outcome::Loss)),
        ]);
        fields.extend(
            [
                s.value.map(ResultField::Value),
                s.matadors.map(ResultField::Matadors),
                s.overbid.map(ResultField::Overbid),
                s.points.map(ResultField::Points),
                s.tricks.map(ResultField::Tricks),
                s.schneider.map(ResultField::Schneider),
                s.schwarz.map(ResultField::Schwarz),
            ]
            .into_iter()
            .flatten(),
        );
        for seat in Seat::ALL {
            fields.push(ResultField::Penalty(seat, s.penalty[seat.index()]));
        }
        fields.extend([
            ResultField::Left(s.left),
            ResultField::TimeOut(s.timeout),
            ResultField::Resigned(s.resigned.unwrap_or(false)),
        ]);
    }
    fields.extend(s.other.into_iter().map(ResultField::Other));
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::parse_result_text;

    #[test]
    fn a_server_result_gives_claims_and_comes_back() {
        let r = parse_result_text("d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:1 p2:0 l:1 to:-1 r:0")
            .unwrap();
        let claims = claims_of(&r.fields, Span::default());
        let keys: Vec<_> = claims.iter().map(|c| c.key.node.as_str()).collect();
        assert_eq!(
            keys,
            [
                "declarer",
                "outcome",
                "score",
                "matadors",
                "overbid",
                "points",
                "tricks",
                "schneider",
                "schwarz",
                "penalty",
                "left",
                "resigned"
            ]
        );
        assert_eq!(claims[0].values[0].node, Token::Word("R".into()));
        assert_eq!(claims[2].values[0].node, Token::Number(-54));
        assert_eq!(claims[9].values[0].node, Token::Word("M".into()));
        assert_eq!(fields_from_claims(&claims, None).unwrap(), r.fields);
    }

    #[test]
    fn a_result_without_r_field_regenerates_with_it() {
        let r = parse_result_text("d:0 win v:192 m:1 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1")
            .unwrap();
        let back = fields_from_claims(&claims_of(&r.fields, Span::default()), None).unwrap();
        assert_eq!(back.len(), r.fields.len() + 1);
        assert_eq!(back.last(), Some(&ResultField::Resigned(false)));
    }

    #[test]
    fn claims_that_do_not_fit_are_refused() {
        let c = |key: &str, values: Vec<Token>| Claim {
            key: Spanned::new(key.to_string(), Span::default()),
            values: values.into_iter().map(Spanned::bare).collect(),
            comments: Vec::new(),
        };
        for claims in [
            vec![c("score", vec![Token::Number(5)])],
            vec![c("outcome", vec![word("won")]), c("disputed", vec![])],
            vec![c("outcome", vec![word("drawn")])],
            vec![c("outcome", vec![word("won")]), c("score", vec![word("x")])],
            vec![
                c("outcome", vec![word("won")]),
                c("score", vec![Token::Number(1)]),
                c("score", vec![Token::Number(2)]),
            ],
            vec![c("passed", vec![]), c("score", vec![Token::Number(5)])],
            vec![c("outcome", vec![word("won")]), c("declarer", vec![word("X")])],
        ] {
            let e = fields_from_claims(&claims, None).unwrap_err();
            assert!(e.iter().all(|d| d.code == codes::CLAIM));
        }
        let passed = fields_from_claims(
            &[c("passed", vec![]), c("iss", vec![Token::Text("x".into())])],
            None,
        )
        .unwrap();
        assert_eq!(passed, vec![ResultField::Passed, ResultField::Other("x".into())]);
    }

    #[test]
    fn figures_the_claims_leave_out_are_not_invented() {
        let c = |key: &str, values: Vec<Token>| Claim {
            key: Spanned::new(key.to_string(), Span::default()),
            values: values.into_iter().map(Spanned::bare).collect(),
            comments: Vec::new(),
        };
        let fields = fields_from_claims(
            &[
                c("outcome", vec![word("won")]),
                c("score", vec![Token::Number(24)]),
                c("schneider", vec![word("no")]),
            ],
            None,
        )
        .unwrap();
        let mut text = String::new();
        crate::result::write_result(
            &crate::model::IssResult {
                fields,
                span: Span::default(),
            },
            &mut text,
        );
        assert_eq!(text, "d:-1 win v:24 s:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0");
        // What is written reads back as the same claims, and nothing more.
        let back = parse_result_text(&text).unwrap();
        let keys: Vec<_> = claims_of(&back.fields, Span::default())
            .into_iter()
            .map(|c| c.key.node)
            .collect();
        assert_eq!(keys, ["outcome", "score", "schneider", "resigned"]);
    }

    #[test]
    fn claims_the_server_implies_are_left_out() {
        let c = |key: &str, values: Vec<Token>| Claim {
            key: Spanned::new(key.to_string(), Span::default()),
            values: values.into_iter().map(Spanned::bare).collect(),
            comments: Vec::new(),
        };
        // A passed deal scores nothing: `score 0` adds nothing to `R[passed]`.
        let passed = fields_from_claims(&[c("passed", vec![]), c("score", vec![Token::Number(0)])], None);
        assert_eq!(passed.unwrap(), vec![ResultField::Passed]);
        let base = vec![
            c("outcome", vec![word("won")]),
            c("score", vec![Token::Number(36)]),
        ];
        let mut derived = base.clone();
        derived.extend([
            c("bid", vec![Token::Number(24)]),
            c("value", vec![Token::Number(36)]),
            c("skat_points", vec![Token::Number(4)]),
        ]);
        assert_eq!(
            fields_from_claims(&derived, None).unwrap(),
            fields_from_claims(&base, None).unwrap()
        );
        assert_eq!(result_field_of_claim("score"), Some("v"));
        assert_eq!(result_field_of_claim("overbid"), Some("bidok/overbid"));
        assert_eq!(result_field_of_claim("bid"), None);
    }
}
