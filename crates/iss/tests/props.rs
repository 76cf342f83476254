//! Property tests: the reader never panics, and generated games survive writing, reading and
//! the trip through the syntax tree unchanged.

use cards::{Card, Rank, Suit};
use iss::{
    Action, Actor, Close, Deal, Declaration, Game, GameKind, IssResult, Key, Modifier, Move, Moves, Outcome,
};
use iss::{Property, ResultField, Seat};
use notation::CardSlot;
use proptest::prelude::*;

const RANKS: [Rank; 8] = [
    Rank::Ace,
    Rank::King,
    Rank::Queen,
    Rank::Jack,
    Rank::Ten,
    Rank::Nine,
    Rank::Eight,
    Rank::Seven,
];

fn pack() -> Vec<CardSlot> {
    Suit::ALL
        .iter()
        .flat_map(|s| RANKS.iter().map(move |r| CardSlot::Known(Card::new(*s, *r))))
        .collect()
}

fn slot() -> impl Strategy<Value = CardSlot> {
    prop_oneof![
        9 => (0..4usize, 0..8usize).prop_map(|(s, r)| CardSlot::Known(Card::new(Suit::ALL[s], RANKS[r]))),
        1 => Just(CardSlot::Unknown),
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    (0..3usize).prop_map(|i| Seat::ALL[i])
}

fn player(seat: Seat, action: Action) -> Move {
    Move::new(Actor::Seat(seat), action)
}

fn deal() -> impl Strategy<Value = Move> {
    (Just(pack()).prop_shuffle(), any::<bool>()).prop_map(|(cards, bars)| {
        let mut d = Deal {
            cards: [CardSlot::Unknown; 32],
            bars: if bars { (1 << 9) | (1 << 19) | (1 << 29) } else { 0 },
        };
        d.cards.copy_from_slice(&cards);
        Move::new(Actor::World, Action::Deal(Box::new(d)))
    })
}

fn call() -> impl Strategy<Value = Move> {
    (
        seat(),
        prop_oneof![
            (18u32..300).prop_map(Action::Bid),
            Just(Action::Hold),
            Just(Action::Pass)
        ],
    )
        .prop_map(|(s, a)| player(s, a))
}

fn declaration(cards: usize) -> impl Strategy<Value = Declaration> {
    (
        0..6usize,
        Just(Modifier::ALL.to_vec()).prop_shuffle(),
        0..5usize,
        proptest::collection::vec(slot(), cards),
    )
        .prop_map(|(k, mods, n, cards)| Declaration {
            kind: GameKind::ALL[k],
            modifiers: mods[..n.min(4)].to_vec(),
            cards,
        })
}

/// Deal, auction, then a hand declaration or a pickup with joined or split discards.
fn opening() -> impl Strategy<Value = Vec<Move>> {
    let hand = (seat(), (0..2usize).prop_flat_map(|n| declaration(n * 10)))
        .prop_map(|(s, d)| vec![player(s, Action::Declare(d))]);
    let joined = (
        seat(),
        any::<bool>(),
        prop_oneof![Just(0usize), Just(2), Just(12)].prop_flat_map(declaration),
        [slot(), slot()],
    )
        .prop_map(|(s, show, d, skat)| {
            let mut v = vec![player(s, Action::Pickup)];
            if show {
                v.push(Move::new(Actor::World, Action::Skat(skat)));
            }
            v.push(player(s, Action::Declare(d)));
            v
        });
    let split =
        (seat(), declaration(0), [slot(), slot()], [slot(), slot()]).prop_map(|(s, d, skat, discard)| {
            vec![
                player(s, Action::Pickup),
                Move::new(Actor::World, Action::Skat(skat)),
                player(s, Action::Declare(d)),
                player(s, Action::Discard(discard)),
            ]
        });
    (
        proptest::option::of(deal()),
        proptest::collection::vec(call(), 0..8),
        prop_oneof![hand, joined, split],
    )
        .prop_map(|(deal, calls, rest)| {
            let mut v: Vec<Move> = deal.into_iter().collect();
            v.extend(calls);
            v.extend(rest);
            v
        })
}

fn event() -> impl Strategy<Value = Move> {
    prop_oneof![
        (seat(), proptest::collection::vec(slot(), 0..3)).prop_map(|(s, c)| player(s, Action::Show(c))),
        seat().prop_map(|s| player(s, Action::Resign)),
        seat().prop_map(|s| Move::new(Actor::World, Action::TimeOut(s))),
        seat().prop_map(|s| Move::new(Actor::World, Action::Leave(s))),
    ]
}

/// Tricks played in turn from random leaders, with events between any two cards; only the
/// last trick may be short.
fn play() -> impl Strategy<Value = Vec<Move>> {
    let card = (slot(), proptest::option::weighted(0.15, event()));
    (
        proptest::collection::vec((seat(), proptest::collection::vec(card, 3)), 0..11),
        0..3usize,
    )
        .prop_map(|(tricks, short)| {
            let mut v = Vec::new();
            let n = tricks.len();
            for (t, (leader, cards)) in tricks.into_iter().enumerate() {
                let keep = if t + 1 == n { 3 - short } else { 3 };
                let mut s = leader;
                for (c, ev) in cards.into_iter().take(keep) {
                    v.push(player(s, Action::Card(c)));
                    v.extend(ev);
                    s = s.next();
                }
            }
            v
        })
}

fn result() -> impl Strategy<Value = IssResult> {
    let field = prop_oneof![
        proptest::option::of(seat()).prop_map(ResultField::Declarer),
        prop_oneof![Just(Outcome::Win), Just(Outcome::Loss), Just(Outcome::Penalty)]
            .prop_map(ResultField::Outcome),
        (-500i32..500).prop_map(ResultField::Value),
        (-11i32..12).prop_map(ResultField::Matadors),
        any::<bool>().prop_map(ResultField::Overbid),
        (0i32..121).prop_map(ResultField::Points),
        any::<bool>().prop_map(ResultField::Schneider),
        (seat(), any::<bool>()).prop_map(|(s, b)| ResultField::Penalty(s, b)),
        proptest::option::of(seat()).prop_map(ResultField::TimeOut),
        any::<bool>().prop_map(ResultField::Resigned),
        (0u32..99).prop_map(|n| ResultField::Other(format!("q:{n}"))),
    ];
    prop_oneof![
        1 => Just(vec![ResultField::Passed]),
        4 => proptest::collection::vec(field, 0..16),
    ]
    .prop_map(|fields| IssResult {
        fields,
        ..IssResult::default()
    })
}

fn value() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ;:.é♣#\\]\\\\-]{0,10}"
        .prop_filter("no trailing backslash", |s| !s.ends_with('\\'))
        .prop_map(|s| iss::escape(&s))
}

fn game() -> impl Strategy<Value = Game> {
    let close = prop_oneof![
        Just(Close::SpaceSemicolon),
        Just(Close::Semicolon),
        Just(Close::Paren)
    ];
    (
        proptest::collection::vec(value(), 4),
        opening(),
        play(),
        any::<bool>(),
        proptest::option::of(result()),
        close,
        0..6usize,
    )
        .prop_map(|(values, opening, play, trailing, result, close, mv_at)| {
            let keys = [
                Key::Place,
                Key::Player(Seat::Fore),
                Key::Other("XY".into()),
                Key::Rating(Seat::Rear),
            ];
            let mut properties = vec![Property::Text {
                key: Key::Game,
                raw: "Skat".into(),
                span: Default::default(),
            }];
            for (key, raw) in keys.into_iter().zip(values) {
                properties.push(Property::Text {
                    key,
                    raw,
                    span: Default::default(),
                });
            }
            let mut moves = opening;
            moves.extend(play);
            let mv = Property::Moves(Moves {
                moves,
                trailing_space: trailing,
                span: Default::default(),
            });
            properties.insert(mv_at.min(properties.len()), mv);
            properties.extend(result.map(Property::Result));
            Game {
                properties,
                close,
                comments: Vec::new(),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for iss::LocatedGame { game, .. } in iss::IssReader::new(&bytes[..]).with_max_record(300).flatten() {
            let line = iss::write(&game);
            let again = iss::parse_game(&line);
            prop_assert!(again.is_ok(), "{line}");
            prop_assert_eq!(iss::write(&again.unwrap()), line);
            let _ = iss::to_record(&game).map(|r| iss::from_record(&r));
        }
    }

    #[test]
    fn record_like_text_never_panics_the_reader(text in "(\\(;|[A-Z]{1,2}\\[|[ wp0-9.|?CSHDGNOZAKQJT]{0,8}\\]|;\\)|\\\\|#|\n){0,40}") {
        for iss::LocatedGame { game, .. } in iss::IssReader::new(text.as_bytes()).flatten() {
            let _ = iss::to_record(&game).map(|r| iss::from_record(&r));
        }
    }

    #[test]
    fn chunk_boundaries_do_not_change_what_is_read(
        text in "(\\(;|[A-Z]{1,2}\\[|[ wp0-9.?CSHDGA♣é]{0,8}\\]|;\\)|\\\\|#|\n|\n\\(|x){0,40}",
        capacity in 1..8usize,
    ) {
        let summary = |items: Vec<Result<iss::LocatedGame, iss::IssError>>| -> Vec<String> {
            items
                .into_iter()
                .map(|i| match i {
                    Ok(iss::LocatedGame { game, location }) => format!("{} {:?}", iss::write(&game), location),
                    Err(e) => format!("{:?}", e),
                })
                .collect()
        };
        let whole = summary(iss::IssReader::new(text.as_bytes()).collect());
        let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        prop_assert_eq!(summary(iss::IssReader::new(reader).collect()), whole);
    }

    #[test]
    fn generated_games_write_read_and_convert_back_unchanged(game in game()) {
        let line = iss::write(&game);
        let read = iss::parse_game(&line).map_err(|e| TestCaseError::fail(format!("{line}\n{e}")))?;
        prop_assert_eq!(iss::write(&read), line.clone());
        let tree = iss::to_record(&read).map_err(|d| TestCaseError::fail(format!("{line}\n{d:?}")))?;
        let back = iss::from_record(&tree).map_err(|d| TestCaseError::fail(format!("{line}\n{d:?}")))?;
        prop_assert_eq!(iss::write(&back), line);
    }
}

/// Pieces of record text, whole and broken, for the reader's line-at-once path.
const PIECES: &[&str] = &[
    "(;GM[Skat]MV[w 1 p 2 p 0 p ]R[passed] ;)\n",
    "(;GM[Skat]ID[1]P0[a]R[x])\n",
    "(;GM[Skat]P1[b\\]]R[x] ;)\n",
    "(;GM[Skat]MV[w ",
    "1 p 2 p 0 p ",
    "]R[passed] ;)",
    "\n",
    "\r\n",
    "(;",
    ";)",
    ")",
    "(",
    "[",
    "]",
    "\\]",
    "# note\n",
    "ID[7]",
    "P0[Jürgen]",
    " ",
    "junk",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// A record that fills its line is taken at once; the reader must find exactly what its
    /// byte-by-byte scan finds, as it does when its buffer holds a single byte at a time.
    #[test]
    fn the_reader_finds_the_same_records_whole_lines_or_byte_by_byte(
        parts in prop::collection::vec(prop::sample::select(PIECES), 0..40),
    ) {
        let text: String = parts.concat();
        let raw = |r: Box<dyn std::io::BufRead>| -> Vec<String> {
            iss::IssReader::new(r)
                .raw()
                .map(|item| match item {
                    Ok(raw) => format!("{:?} {:?}", raw.location, raw.bytes()),
                    Err(e) => format!("{:?} {:?}", e.location, e.diagnostics.iter().map(|d| (d.code, d.span)).collect::<Vec<_>>()),
                })
                .collect()
        };
        let whole = raw(Box::new(std::io::Cursor::new(text.clone().into_bytes())));
        let bytewise = raw(Box::new(std::io::BufReader::with_capacity(1, std::io::Cursor::new(text.into_bytes()))));
        prop_assert_eq!(whole, bytewise);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Cut into blocks, read block by block (and record by record past the limit), an input
    /// gives the records and findings one reader over it gives, at the same places.
    #[test]
    fn blocks_give_the_records_one_reader_gives(
        parts in prop::collection::vec(prop::sample::select(PIECES), 0..60),
        block in 1usize..200,
        limit in 1usize..400,
        trickle in 1usize..9,
    ) {
        let text: String = parts.concat();
        let show = |item: Result<iss::RawRecord, iss::IssError>| match item {
            Ok(raw) => format!("{:?} {:?}", raw.location.span, raw.bytes()),
            Err(e) => format!(
                "{:?} {:?}",
                e.location.span,
                e.diagnostics.iter().map(|d| (d.code, d.span, d.message.clone())).collect::<Vec<_>>()
            ),
        };
        let one: Vec<String> = iss::IssReader::new(text.as_bytes()).raw().map(show).collect();
        let pieces = |input: Box<dyn std::io::BufRead>| {
            let mut cut = Vec::new();
            for piece in iss::blocks::Blocks::new(input).with_sizes(block, limit) {
                match piece {
                    iss::blocks::Piece::Block(b) => cut.extend(b.records().map(show)),
                    iss::blocks::Piece::Record(r) => cut.push(show(r)),
                }
            }
            cut
        };
        let whole = pieces(Box::new(std::io::Cursor::new(text.clone().into_bytes())));
        prop_assert_eq!(&one, &whole);
        // An input that gives a few bytes at a time, as a pipe may.
        let trickle = Trickle(std::io::Cursor::new(text.into_bytes()), trickle);
        let trickled = pieces(Box::new(std::io::BufReader::with_capacity(1, trickle)));
        prop_assert_eq!(&one, &trickled);
    }
}

/// A reader that gives at most `.1` bytes a read.
struct Trickle(std::io::Cursor<Vec<u8>>, usize);

impl std::io::Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.1);
        self.0.read(buf.get_mut(..n).unwrap_or_default())
    }
}
