"""The score chart's axis covers every value (Chang Cheng's 33 was drawn above a 30)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Draw the chart of `history` on the page; return its y labels and its lines' top edge.
DRAW = """async history => {
  const { scoreChart } = await import('/static/score-chart.js');
  const chart = scoreChart(history);
  document.body.append(chart);
  const labels = [...chart.querySelectorAll('text[text-anchor=end]')].map(t => Number(t.textContent));
  const top = Math.min(...[...chart.querySelectorAll('path[data-seat]')].map(p => p.getBBox().y));
  const axis = chart.querySelector('line[stroke="#5f6368"]').getBBox().y;
  chart.remove();
  return { labels, top, axis };
}"""


def history(finals: list[int]) -> dict[str, Any]:
    """A finished 3-player Chang Cheng game whose seats end on ``finals``."""
    return {
        "total_steps": 60,
        "steps": [0, 20, 40, 60],
        "seats": [
            {"seat": s, "name": name, "totals": [0, final // 3, final // 2, final]}
            for s, (name, final) in enumerate(zip(["Ann", "Bo", "Cy"], finals, strict=True))
        ],
    }


@pytest.mark.parametrize(
    ("finals", "labels"),
    [
        ([33, 21, 18], [0, 10, 20, 30, 40]),  # Chang Cheng's end from issue #13
        ([30, 21, 18], [0, 10, 20, 30]),
        ([51, 40, 2], [0, 20, 40, 60]),
        ([1, 0, 0], [0, 1]),
    ],
)
def test_the_axis_reaches_the_highest_score(
    page: Page, server: str, finals: list[int], labels: list[int]
) -> None:
    page.goto(f"{server}/")
    drawn = page.evaluate(DRAW, history(finals))
    assert drawn["labels"] == labels
    assert max(drawn["labels"]) >= max(finals)
    assert drawn["top"] >= drawn["axis"] - 0.5  # no line rises above the axis
