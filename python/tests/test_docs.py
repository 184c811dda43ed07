"""The examples of docs/python.md, run: every ``>>>`` line (with its ``...`` continuation
lines) is run in order in one namespace, from the repository's root, and what it prints (or
the value of an expression, as the interpreter shows it) is compared with the lines under it.

``SOW_BLESS=1 pytest python/tests/test_docs.py`` rewrites those lines from what the examples
print now, to be reviewed as a diff (as ``SOW_BLESS=1 cargo test --test docs`` does for the
program's examples).
"""

import contextlib
import doctest
import io
import os
import traceback

from conftest import ROOT, require

DOC = ROOT / "docs" / "python.md"


def run(source: str, namespace: dict) -> str:
    """What an example prints, as the interactive interpreter would show it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(source, "<docs/python.md>", "single"), namespace)
        except Exception:
            kind, value, _ = __import__("sys").exc_info()
            print("Traceback (most recent call last):\n  ...")
            print("".join(traceback.format_exception_only(kind, value)), end="")
    return out.getvalue()


def test_the_examples_print_what_the_document_says(monkeypatch):
    # The walkthrough ends with OpenSpiel's MCTS and tables from pandas.
    require("pyspiel")
    require("pandas")
    monkeypatch.chdir(ROOT)
    text = DOC.read_text()
    lines = text.split("\n")
    examples = doctest.DocTestParser().get_examples(text)
    assert len(examples) > 20, "the walkthrough has its examples"
    namespace: dict = {}
    bless = os.environ.get("SOW_BLESS") == "1"
    failures = []
    # Rewritten from the last example up, so that earlier line numbers stay right.
    replacements = []
    for ex in examples:
        # doctest's form: an empty line of output is written `<BLANKLINE>`.
        printed = run(ex.source, namespace).split("\n")[:-1]
        got = "".join(("<BLANKLINE>" if line == "" else line) + "\n" for line in printed)
        if got != ex.want:
            failures.append(f"line {ex.lineno + 1}: {ex.source.strip()}\n--- expected\n{ex.want}--- got\n{got}")
        start = ex.lineno + ex.source.count("\n")
        replacements.append((start, start + ex.want.count("\n"), got.split("\n")[:-1]))
    if bless and failures:
        for start, end, new in reversed(replacements):
            lines[start:end] = new
        DOC.write_text("\n".join(lines))
        return
    assert not failures, "\n\n".join(failures)
