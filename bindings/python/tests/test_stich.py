"""The Python package against the reports, readers and calculators of the Rust crates."""

import bz2
import json
import pathlib

import pytest

import stich

ROOT = pathlib.Path(__file__).resolve().parents[3]
REVOKE = ROOT / "examples" / "revoke.stich"
PASSED = '[Game "skat"]\n[Rules "isko"]\n\nauction  M pass, R pass, F pass\n'
ISS_PASSED = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n"


def test_text_is_checked_into_reports_of_the_schema_version():
    (r,) = stich.check(PASSED)
    assert r["verdict"] == "consistent"
    assert r["version"] == stich.REPORT_VERSION
    assert r["header"] == {"Game": "skat", "Rules": "isko"}
    assert len(r["id"]) == 64
    assert r["result"]["family"] == "skat"


def test_the_revoke_example_gives_the_findings_the_readme_shows():
    (r,) = stich.check(REVOKE)
    assert r["verdict"] == "illegal"
    codes = [(f["code"], f["line"], f["column"]) for f in r["findings"]]
    assert codes == [("S0301", 15, 20), ("S0301", 16, 22), ("S0406", 35, 10)]
    assert r["source"]["path"] == str(REVOKE)
    with pytest.raises(stich.StichError) as e:
        stich.check(REVOKE, raise_on_error=True)
    assert (e.value.code, e.value.line, e.value.column) == ("S0301", 15, 20)


def test_reports_have_every_field_the_schema_requires():
    schema = stich.schema()
    (r,) = stich.check(REVOKE)
    for key in schema["required"]:
        assert key in r, key
    assert set(r) <= set(schema["properties"])


def test_brief_reports_leave_out_the_record():
    (r,) = stich.check(ISS_PASSED, report="brief")
    assert r["game"] == "skat" and r["verdict"] == "consistent"
    assert "record" not in r and "header" not in r
    with pytest.raises(ValueError):
        stich.check(ISS_PASSED, report="short")


def test_a_compressed_archive_is_read_and_checked_as_it_streams(tmp_path):
    games = stich.gen(30, seed=7, to="iss")
    path = tmp_path / "games.sgf.bz2"
    path.write_bytes(bz2.compress("".join(games).encode()))
    reader = stich.read(path)
    records = list(reader)
    assert reader.form == "iss"
    assert [r["line"] for r in records] == list(range(1, 31))
    assert all(r["header"]["Game"] == "skat" and r["stich"] for r in records)
    reports = stich.check(path, report="brief")
    assert [r["verdict"] for r in reports] == ["consistent"] * 30


def test_generated_games_are_the_same_for_the_same_seed_and_check_consistent():
    a = stich.gen(5, seed=3)
    assert a == stich.gen(5, seed=3) and a != stich.gen(5, seed=4)
    reports = stich.check("\n".join(a))
    assert [r["verdict"] for r in reports] == ["consistent"] * 5


def test_a_broken_record_is_reported_and_reading_goes_on(tmp_path):
    path = tmp_path / "mixed.sgf"
    path.write_text(ISS_PASSED + "junk\n" + ISS_PASSED)
    records = list(stich.read(path))
    assert len(records) == 3
    assert records[1]["stich"] is None and records[1]["findings"][0]["line"] == 2
    verdicts = [r["verdict"] for r in stich.check(path)]
    assert verdicts == ["consistent", "unparsable", "consistent"]


def test_meld_gives_the_issue_s_figures_and_refuses_bad_cards():
    # Issue #13: ♦J ♦Q ♦K ♦A ♦10 ♦J ♠Q ♠Q ♠K ♠A ♠10 ♠J melds 470 with ♠ trump, 340 with ♥.
    hand = ["♦J", "♦Q", "♦K", "♦A", "♦10", "♦J", "♠Q", "♠Q", "♠K", "♠A", "♠10", "♠J"]
    spades = stich.meld(hand, trump="spades", rules="partnership-auction")
    assert spades["total"] == 470
    assert ("double-pinochle", 300) in [(m["kind"], m["value"]) for m in spades["melds"]]
    ascii = ["DJ", "DQ", "DK", "DA", "DT", "DJ", "SQ", "SQ", "SK", "SA", "S10", "SJ"]
    assert stich.meld(ascii, trump="H", rules="partnership-auction")["total"] == 340
    with pytest.raises(stich.StichError):
        stich.meld(["♠X"], trump="hearts")
    with pytest.raises(stich.StichError) as e:
        stich.meld(["♠Q"], trump="hearts", game="no-such-game")
    assert e.value.code == "E0001"


def test_reports_read_back_as_json():
    reports = stich.check(REVOKE)
    assert json.loads(json.dumps(reports)) == reports


def test_a_table_has_one_row_a_record_and_the_brief_reports_fields():
    games = stich.gen(20, seed=11, to="iss")
    text = "".join(games) + "junk\n"
    columns = stich.table(text)
    assert {len(c) for c in columns.values()} == {21}
    briefs = stich.check(text, report="brief")
    assert columns["verdict"] == [b["verdict"] for b in briefs]
    assert columns["source.line"] == [b["source"]["line"] for b in briefs]
    scores = [b["result"]["score"] if b["result"] else None for b in briefs]
    assert columns["result.score"] == scores
    assert columns["result.score"][20] is None


def _random_bot(game, seed):
    import random

    rng = random.Random(seed)
    moves = 0
    while not game.is_over:
        legal = game.legal()
        assert legal, game.to_record()
        seat = game.to_act
        played = game.play(rng.choice(legal))
        assert played["seat"] == seat
        moves += 1
    assert game.to_act is None and game.legal() == []
    return moves


@pytest.mark.parametrize(
    "game,rules",
    [
        ("skat", "isko"),
        ("pinochle", "uspc-two-hand"),
        ("sixty-six", "uspc-two-hand"),
        ("bezique", "uspc-two-hand"),
        ("frog", "foster-1897"),
        ("ristikontra", "wikipedia-003-variations"),
        ("cribbage", "foster-1897-six-card"),
        ("cribbage", "six-card-121"),
        ("cribbage", "foster-1897-five-card"),
        ("cribbage", "foster-1897-three"),
        ("cribbage", "foster-1897-four"),
    ],
)
def test_a_random_bot_plays_a_game_to_a_consistent_record(game, rules):
    for seed in range(3):
        g = stich.Game(game=game, rules=rules, seed=seed)
        assert g.game == game and g.rules == rules
        assert g.result is None or g.is_over
        _random_bot(g, seed)
        (r,) = stich.check(g.to_record())
        assert r["verdict"] == "consistent"
        assert g.result == r["result"]
        assert g.result["family"] == game.replace("-", "_")


def test_a_revoke_is_refused_with_the_check_s_code_and_the_game_goes_on_from_its_record():
    record = (
        '[Game "skat"]\n[Rules "isko"]\n\n'
        "deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A\n"
        "         M: ♣8 ♣7 ♠8 ♠7 ♥K ♥Q ♥10 ♥9 ♦J ♦10\n"
        "         R: ♣9 ♠K ♠Q ♠J ♠9 ♥8 ♥7 ♦K ♦Q ♦9\n"
        "         skat: ♦8 ♦7\n"
        "auction  M pass, R pass, F 18\n"
        "declare  F clubs hand\n"
        "play     1. F: ♣K\n"
    )
    g = stich.Game.from_record(record)
    assert g.seats == ["F", "M", "R"] and g.to_act == "M"
    assert sorted(g.legal()) == sorted(["♣8", "♣7", "♦J"])
    before = g.to_record()
    with pytest.raises(stich.StichError) as e:
        g.play("♥K")
    assert e.value.code == "S0301" and e.value.line is None and e.value.column is None
    assert g.to_record() == before
    with pytest.raises(stich.StichError) as e:
        g.play("♣X")
    assert e.value.code == "A0001"
    assert g.play("♦J")["trick"] is None
    assert g.play("♣9")["trick"] == {"winner": "M", "points": 6}


CRIBBAGE_DEAL = (
    '[Game "cribbage"]\n[Rules "foster-1897-six-card"]\n[Dealer "D"]\n\n'
    "deal     P: ♠K ♥Q ♦J ♣2 ♠3 ♥4\n"
    "         D: ♣K ♦Q ♥J ♠A ♦3 ♦4\n"
    "         starter: ♣9\n"
)


def test_cribbage_lays_out_the_crib_then_pegs_with_the_check_s_codes():
    g = stich.Game.from_record(CRIBBAGE_DEAL)
    assert g.seats == ["P", "D"] and g.to_act == "P"
    assert len(g.legal()) == 15 and "crib ♣2 ♠3" in g.legal()
    with pytest.raises(stich.StichError) as e:
        g.play("crib ♣K ♠K")
    assert e.value.code == "C0103"
    assert g.play("crib ♣2 ♠3") == {
        "seat": "P", "action": "crib ♣2 ♠3", "trick": None, "points": None, "over": False,
    }
    g.play("crib ♦3 ♦4")
    with pytest.raises(stich.StichError) as e:
        g.play("go")
    assert e.value.code == "C0205"
    for token in ["♠K", "♣K"]:
        g.play(token)
    assert g.play("♥Q")["points"] == 0
    with pytest.raises(stich.StichError) as e:
        g.play("♦Q")
    assert e.value.code == "C0204"
    assert g.legal() == ["♠A"]
    # The ace makes 31: two.
    assert g.play("♠A")["points"] == 2
    while not g.is_over:
        g.play(g.legal()[0])
    (r,) = stich.check(g.to_record())
    assert r["verdict"] == "consistent" and g.result == r["result"]
    assert g.result["family"] == "cribbage"


def test_a_game_the_family_does_not_offer_raises():
    with pytest.raises(stich.StichError) as e:
        stich.Game(game="pinochle", rules="nope")
    assert e.value.code == "E0002"
    with pytest.raises(stich.StichError) as e:
        stich.Game(game="whist")
    assert e.value.code == "E0001"


def test_a_game_goes_on_from_its_own_record():
    g = stich.Game(game="sixty-six", seed=4)
    for _ in range(5):
        g.play(g.legal()[0])
    again = stich.Game.from_record(g.to_record())
    assert again.to_record() == g.to_record()
    assert again.legal() == g.legal() and again.to_act == g.to_act
    assert repr(again).startswith("Game(game='sixty-six'")


def test_the_pinochle_auction_is_played_from_the_deal_alone():
    (text,) = stich.gen(1, game="pinochle", rules="uspc-auction", seed=3)
    deal = text.split("\nauction")[0] + "\n"
    g = stich.Game.from_record(deal)
    assert g.to_act == "F" and "pass" not in g.legal() and g.legal()[0] == "300"
    with pytest.raises(stich.StichError) as e:
        g.play("pass")
    assert e.value.code == "P0105"
    for token in ["300", "pass", "pass", "hearts"]:
        g.play(token)
    # A bury of three, or a concession: a single bete (seed 000, 000:435).
    assert all(t.startswith("buries ") or t == "concedes" for t in g.legal())
    assert "concedes" in g.legal()
    _random_bot(g, 3)
    (r,) = stich.check(g.to_record())
    assert r["verdict"] == "consistent" and g.result == r["result"]


def test_the_double_pack_bidder_buries_card_by_card_and_may_concede():
    # The widow of five (a widow of two, `widow 2`, is a bury of two offered as pairs).
    texts = stich.gen(20, game="pinochle", rules="uspc-three-hand-double-pack", seed=1)
    text = next(t for t in texts if '"widow 2"' not in t)
    deal = text.split("\nauction")[0] + "\n"
    g = stich.Game.from_record(deal)
    bidder = g.to_act
    for token in ["500", "pass", "pass", "spades"]:
        g.play(token)
    # Five cards of thirty, one at a time (seed 000, 000:337).
    for _ in range(5):
        assert g.to_act == bidder
        assert all(t.startswith("buries ") and len(t.split()) == 2 for t in g.legal())
        g.play(g.legal()[0])
    # Before leading, the bidder may concede (000:339).
    assert "concedes" in g.legal()
    g.play("concedes")
    assert g.is_over
    (r,) = stich.check(g.to_record())
    assert r["verdict"] == "consistent" and g.result == r["result"]
