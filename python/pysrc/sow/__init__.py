"""sow: mancala (sowing game) rules as data, from Python.

The engine of the ``sow`` program (a Rust library) as Python objects::

    import sow

    bakuk = sow.load("bakuk")            # a bundled variant, or a path to a .sow file
    game = bakuk.new_game()
    while not game.finished:
        game.play(game.legal_moves()[0])  # moves in the sow notation: "3", "2cw", "h1", "pass"
    print(game)                           # the board as `sow play` draws it
    print(game.winner, game.scores)

A variant with mistakes raises :class:`VariantError`, whose ``messages`` are the located
messages the ``sow`` program prints.
"""

from __future__ import annotations

import os

from . import _sow
from ._sow import Game, Message, Variant, VariantError

__all__ = [
    "Game",
    "Message",
    "Variant",
    "VariantError",
    "bundled",
    "load",
    "load_text",
]


def load(reference: str | os.PathLike[str], ruleset: str | None = None) -> Variant:
    """Load a variant: a bundled name (``"bakuk"``) or a path to a ``.sow`` file.

    A ruleset is named by ``ruleset`` or after a colon (``"bakuk:three-player"``), as the
    ``sow`` program takes it. A variant with mistakes, or a file that cannot be read, raises
    :class:`VariantError`; naming two different rulesets raises ValueError.
    """
    return _sow.load(os.fspath(reference), ruleset)


def load_text(text: str, ruleset: str | None = None, name: str = "<text>") -> Variant:
    """Load a variant from its text (``"variant Mine extends kalah { ... }"``).

    ``name`` is what the messages of a :class:`VariantError` call the text.
    """
    return _sow.load_text(text, ruleset, name)


def bundled() -> list[str]:
    """The names of the bundled variants, as ``sow list`` gives them."""
    return _sow.bundled()

