"""Shared helpers of the tests of the Python package `sow`."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def sow_program() -> str | None:
    """The `sow` program to compare with: $SOW_BIN, else the one built last in the target
    directory ($CARGO_TARGET_DIR or ./target; release or debug), else one on the PATH."""
    if os.environ.get("SOW_BIN"):
        return os.environ["SOW_BIN"]
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    built = [p for p in (target / "release" / "sow", target / "debug" / "sow") if p.is_file()]
    if built:
        return str(max(built, key=lambda p: p.stat().st_mtime))
    return shutil.which("sow")


@pytest.fixture
def sow_bin() -> str:
    program = sow_program()
    if program is None:
        pytest.skip("no `sow` program built to compare with (set SOW_BIN)")
    return program


def require(module: str):
    """`module`, imported; the test is skipped without it, except where CI is set
    (`.ci/run` installs every optional package, and a test it cannot run is a failure)."""
    if os.environ.get("CI"):
        return __import__(module)
    return pytest.importorskip(module)
