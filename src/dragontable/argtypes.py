"""Argument types of the ``dragontable`` command's options: a clear message for a bad value."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def seconds(text: str) -> float:
    """An argument that must be a finite, non-negative number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}")
    return value


def game_range(text: str) -> range:
    """An argument ``FROM-TO``: game numbers FROM to TO, both included (``32-63``)."""
    first, dash, last = text.partition("-")
    if not (dash and first.isascii() and first.isdigit() and last.isascii() and last.isdigit()):
        raise argparse.ArgumentTypeError(
            f"expected game numbers FROM-TO such as 32-63, not {text!r}"
        )
    if int(last) < int(first):
        raise argparse.ArgumentTypeError(f"{text!r}: the last game number is below the first")
    return range(int(first), int(last) + 1)
