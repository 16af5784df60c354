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
