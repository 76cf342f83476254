import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

REPORT_VERSION: int

class StichError(ValueError):
    message: str
    code: Optional[str]
    line: Optional[int]
    column: Optional[int]
    def __init__(
        self,
        message: str,
        code: Optional[str] = ...,
        line: Optional[int] = ...,
        column: Optional[int] = ...,
    ) -> None: ...

def check(
    source: Union[str, bytes, os.PathLike[str]],
    *,
    report: str = ...,
    raise_on_error: bool = ...,
) -> List[Dict[str, Any]]: ...
def table(source: Union[str, bytes, os.PathLike[str]]) -> Dict[str, List[Any]]: ...
def read(path: Union[str, os.PathLike[str]]) -> Iterator[Dict[str, Any]]: ...
def meld(cards: Sequence[str], *, trump: str, game: str = ..., rules: Optional[str] = ...) -> Dict[str, Any]: ...
def gen(count: int = ..., *, game: str = ..., rules: Optional[str] = ..., seed: int = ..., to: str = ...) -> List[str]: ...
def schema() -> Dict[str, Any]: ...
