"""Type stubs of the native module ``sow._sow`` (built from ``python/src/lib.rs``)."""

from collections.abc import Callable
from typing import Any, Literal

class VariantError(Exception):
    """A variant that could not be loaded: its text has mistakes, or it could not be read.

    ``str()`` is the messages as the ``sow`` program prints them.
    """

    messages: list[Message]

class Message:
    """One message about a variant's text, located, and as the ``sow`` program prints it."""

    @property
    def severity(self) -> Literal["error", "warning"]: ...
    @property
    def message(self) -> str: ...
    @property
    def file(self) -> str | None: ...
    @property
    def line(self) -> int | None: ...
    @property
    def column(self) -> int | None: ...
    @property
    def rendered(self) -> str: ...

class Variant:
    """A variant, checked (with a ruleset, if one was named) and compiled."""

    @property
    def name(self) -> str: ...
    @property
    def ruleset(self) -> str | None: ...
    @property
    def label(self) -> str: ...
    @property
    def rulesets(self) -> list[str]: ...
    @property
    def reference(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def pits(self) -> int: ...
    @property
    def has_stores(self) -> bool: ...
    @property
    def warnings(self) -> list[Message]: ...
    @property
    def ply_limit(self) -> int | None:
        """Games end after so many plies; None if they end only by themselves."""
    @property
    def fingerprint(self) -> str:
        """The rules as games play them, as 16 hex digits."""
    def all_moves(self) -> list[str]:
        """Every move a game may offer, in a fixed order: its place is its OpenSpiel action."""
    def describe(self) -> str:
        """The rules in words, as ``sow describe`` prints them."""
    def new_game(self) -> Game:
        """A game from the start."""
    def observation_layout(self) -> list[tuple[str, int]]:
        """The parts of the observation tensor (``Game.observation()``, ``sow.openspiel``):
        name and length each, in order."""
    def position(self, pits: list[int], to_move: int | None = None) -> Game:
        """A game from a position given by hand (as ``sow play --position``); ValueError if
        the rules cannot hold it."""

class Game:
    """A game of a variant. Moves are strings in the sow notation (``"3"``, ``"2cw"``)."""

    @property
    def variant(self) -> str: ...
    @property
    def pits(self) -> list[int]: ...
    @property
    def captured(self) -> list[int]: ...
    @property
    def stores(self) -> list[int] | None: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def plies(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def result(self) -> Literal["win", "draw"] | None: ...
    @property
    def end(self) -> str | None: ...
    @property
    def history(self) -> list[str]: ...
    @property
    def claimed_pits(self) -> list[list[int]] | None:
        """Where a rule claims pits: the pits each of the two players has claimed."""
    @property
    def big_stones(self) -> list[int] | None:
        """Where the game has big stones: the pits holding one."""
    @property
    def stones_won(self) -> list[int] | None:
        """Where the game has big stones: those each of the two players has taken."""
    @property
    def out_of_play(self) -> list[int] | None:
        """Games of rounds: the pits out of play."""
    @property
    def rounds_over(self) -> int | None:
        """Games of rounds: the rounds over so far."""
    @property
    def pending(self) -> Literal["take", "way", "relay", "end", "target"] | None:
        """A move paused for its mover's choice: what is asked (the legal moves are the options)."""
    def observation(self) -> list[float]:
        """The position as the observation tensor, laid out as ``Variant.observation_layout()``."""
    def legal_moves(self) -> list[str]:
        """The legal moves of the player to move (none once the game is over)."""
    def play(self, move: str | int) -> None:
        """Play a move in the notation (``"3"``), or a pit's number (``3``); ValueError with
        the engine's reason if it cannot be played."""
    def legal_actions(self) -> list[int]:
        """The legal moves as their places in the variant's ``all_moves()``, ascending."""
    def play_action(self, action: int) -> None:
        """Play the move numbered ``action`` in the variant's ``all_moves()``."""
    def clone(self) -> Game:
        """An independent copy of the game."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    @property
    def report(self) -> dict[str, Any]:
        """The position as ``sow play --format json`` prints it."""
    @property
    def board(self) -> str:
        """The board as ``sow play`` draws it."""
    @property
    def status(self) -> str:
        """Where the game stands, in a sentence."""

__version__: str

def load(reference: str, ruleset: str | None = None) -> Variant: ...
def load_text(text: str, ruleset: str | None = None, name: str = "<text>") -> Variant: ...
def bundled() -> list[str]: ...
def simulate_report(
    variants: list[Variant],
    games: int,
    players: list[str],
    seed: int,
    jobs: int | None = None,
    max_plies: int | None = None,
    set: list[str] = ...,
    vary: list[str] = ...,
    metrics: bool = False,
    evaluator: str | None = None,
    record: bool = False,
    record_path: str | None = None,
    progress: Callable[[int, int | None], object] | None = None,
) -> tuple[str, str, str, bool, str, list[tuple[str, str]], str]:
    """The report of a simulation as JSON, CSV and the table, whether it was stopped, the
    SVG picture, each variant's label and records (JSON lines), and the checker's warnings."""

class Solution:
    """A variant solved by a table of the positions its games reach, or by search
    (``sow.solve``). Called with a game, it returns a best move: a perfect-play function."""

    @property
    def report(self) -> dict[str, Any]:
        """What ``sow solve --format json`` prints."""
    @property
    def method(self) -> str: ...
    @property
    def complete(self) -> bool: ...
    @property
    def bounds(self) -> tuple[int, int]: ...
    @property
    def value(self) -> int | None: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def to_move(self) -> int: ...
    @property
    def openings(self) -> dict[str, int]: ...
    @property
    def best_moves(self) -> list[str]: ...
    @property
    def principal_variation(self) -> list[str]: ...
    @property
    def positions(self) -> int | None: ...
    @property
    def first_round(self) -> bool: ...
    def value_of(self, game: Game) -> int:
        """The value of the game's position for its player to move."""
    def move_values(self, game: Game) -> dict[str, int]:
        """Each legal move of the game with its value, best first."""
    def best_move(self, game: Game) -> str | None:
        """A best move, as sow's perfect player plays it; None once the game is over."""
    def __call__(self, game: Game) -> str | None: ...

def solve(
    variant: Variant,
    start: Game | None = None,
    strong: bool = False,
    jobs: int | None = None,
    progress: Callable[[int, int | None], object] | None = None,
    method: str = "table",
    memory: int | None = None,
    endgame: int | None = None,
    time_limit: float | None = None,
) -> Solution: ...

class TournamentError(Exception):
    """A tournament file with mistakes, or one that could not be read."""

    messages: list[Message]

def tournament_report(
    path: str | None = None,
    text: str | None = None,
    name: str = "<text>",
    jobs: int | None = None,
    progress: Callable[[int, int | None], object] | None = None,
) -> tuple[str, str, str, str]:
    """A tournament's report as JSON, CSV, the tables and the SVG plot."""
