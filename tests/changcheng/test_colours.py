"""One source for the seats' colours: the log names Chang Cheng's seats red, green, blue,
purple (data.COLOURS), and the board draws each in web/icons.js's CHANGCHENG_COLOURS, which
must give every name a colour-blind-safe hex of that very hue."""

from __future__ import annotations

import colorsys
import re
from importlib import resources

from dragontable.games.changcheng import data

ICONS = resources.files("dragontable").joinpath("web", "icons.js").read_text("utf-8")
HUES = {"red": (0, 35), "green": (120, 180), "blue": (190, 250), "purple": (270, 345)}


def palette() -> dict[str, str]:
    body = re.search(r"const PALETTE = Object\.freeze\(\{(.*?)\}\);", ICONS, re.S)
    assert body
    return dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', body.group(1)))


def drawn() -> dict[str, str]:
    body = re.search(r"CHANGCHENG_COLOURS = Object\.freeze\(\{(.*?)\}\);", ICONS, re.S)
    assert body
    names = palette()
    return {
        name: names[entry] for name, entry in re.findall(r"(\w+): PALETTE\.(\w+)", body.group(1))
    }


def hue(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def test_every_colour_the_log_names_is_drawn_in_its_own_hue() -> None:
    colours = drawn()
    assert set(colours) == {*data.COLOURS, "neutral"}
    for name in data.COLOURS:
        low, high = HUES[name]
        assert low <= hue(colours[name]) <= high, (name, colours[name])
    assert len(set(colours.values())) == len(colours)  # no two seats alike


def test_the_drawn_colours_are_okabe_ito() -> None:
    okabe_ito = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"}
    assert {drawn()[name].upper() for name in data.COLOURS} <= okabe_ito
