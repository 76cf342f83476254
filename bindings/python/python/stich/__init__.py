"""stich: read, replay and verify records of trick-taking card games.

Records in the stich notation or the International Skat Server's format (told apart by
their first bytes, compressed with bzip2 or gzip or not) are replayed by the same rules
engine as the ``stich`` command; reports are the dictionaries of its JSON Schema
(:func:`schema`).

>>> import stich
>>> r = stich.check('[Game "skat"]\\n[Rules "isko"]\\n\\nauction  M pass, R pass, F pass\\n')
>>> r[0]["verdict"]
'consistent'
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import _stich

__all__ = ["StichError", "Game", "check", "table", "read", "meld", "gen", "schema", "REPORT_VERSION"]

REPORT_VERSION: int = _stich.REPORT_VERSION

Game = _stich.Game


class StichError(ValueError):
    """A problem stich found: its stable code (see spec/errors.md), line and column where
    the problem has a place, and the message."""

    def __init__(
        self,
        message: str,
        code: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}: " if self.line is not None else ""
        code = f"[{self.code}] " if self.code else ""
        return f"{where}{code}{self.message}"


def _is_path(source: Union[str, os.PathLike]) -> bool:
    if isinstance(source, os.PathLike):
        return True
    return "\n" not in source and len(source) < 4096 and os.path.isfile(source)


def check(
    source: Union[str, bytes, os.PathLike],
    *,
    report: str = "full",
    raise_on_error: bool = False,
) -> List[Dict[str, Any]]:
    """Check every record of ``source`` and return one report per record.

    ``source`` is the text of records (stich or ISS), or the path of a file of them
    (compressed or not). ``report`` is ``"full"`` (the report of ``stich check --format
    json``) or ``"brief"`` (id, source, game, rules, verdict, findings and result). With
    ``raise_on_error``, the first finding of severity error raises :class:`StichError`
    carrying its code, line and column.
    """
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    if _is_path(source):
        reports = _stich.check_file(os.fspath(source), report)
    else:
        reports = _stich.check_text(source, report)
    if raise_on_error:
        for r in reports:
            for f in r["findings"]:
                if f["severity"] == "error":
                    raise StichError(f["message"], f["code"], f.get("line"), f.get("column"))
    return reports


def table(source: Union[str, bytes, os.PathLike]) -> Dict[str, List[Any]]:
    """The brief reports on every record of ``source`` (text or a path, as :func:`check`
    takes) as columns: a dict of equally long lists, one column a field with nested fields
    joined by dots (``verdict``, ``source.line``, ``result.declarer``, ``result.score``),
    ``None`` where a record lacks the field. ``pandas.DataFrame(stich.table(path))`` makes a
    table of an archive with one row a record."""
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    if _is_path(source):
        return _stich.table_file(os.fspath(source))
    return _stich.table_text(source)


def read(path: Union[str, os.PathLike]) -> Iterator[Dict[str, Any]]:
    """Stream the records of the file at ``path`` (stich or ISS, compressed or not) without
    loading the file: each a dict with ``form``, ``line``, ``offset``, ``header`` (tag name
    to value), ``stich`` (the record in canonical stich form, ``None`` when it could not be
    read), ``findings`` (the reader's) and ``text`` (the record as written)."""
    return _stich.read(os.fspath(path))


def meld(cards: Sequence[str], *, trump: str, game: str = "pinochle", rules: Optional[str] = None) -> Dict[str, Any]:
    """What a hand melds under a profile (the family's default without ``rules``) with the
    trump suit ``trump``: ``{"melds": [{"kind", "cards", "value"}], "total"}``. Raises
    :class:`StichError` for an unknown game, profile, suit or card."""
    return _stich.meld(game, rules, trump, list(cards))


def gen(
    count: int = 1,
    *,
    game: str = "skat",
    rules: Optional[str] = None,
    seed: int = 0,
    to: str = "stich",
) -> List[str]:
    """``count`` random legal games from ``seed``, each as the text of one record in the form
    ``to`` (``"stich"`` or ``"iss"``): the games ``stich gen --seed SEED --count COUNT``
    writes."""
    return _stich.generate(game, rules, count, seed, to)


def schema() -> Dict[str, Any]:
    """The JSON Schema of the full report."""
    return _stich.schema()
