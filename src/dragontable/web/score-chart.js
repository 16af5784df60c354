// A line chart of each seat's score over a finished game, from /api/tables/{id}/history.
// Seats differ by colour and also by dash pattern and marker shape.
import { svg, seatColour } from "/static/util.js";
import { t } from "/static/i18n.js";

const W = 640;
const H = 320;
const PAD = { left: 52, right: 16, top: 16, bottom: 64 };
const DASHES = ["", "8 4", "2 4", "10 4 2 4", "4 2"];

function marker(shape, x, y, colour) {
  const style = { fill: colour, stroke: "#fff", "stroke-width": 1 };
  if (shape === 0) return svg("circle", { cx: x, cy: y, r: 4, ...style });
  if (shape === 1) return svg("rect", { x: x - 4, y: y - 4, width: 8, height: 8, ...style });
  if (shape === 2) return svg("path", { d: `M${x},${y - 5}L${x + 5},${y + 4}L${x - 5},${y + 4}Z`, ...style });
  if (shape === 3) return svg("path", { d: `M${x},${y - 5}L${x + 5},${y}L${x},${y + 5}L${x - 5},${y}Z`, ...style });
  return svg("path", { d: `M${x - 4},${y - 4}L${x + 4},${y + 4}M${x + 4},${y - 4}L${x - 4},${y + 4}`,
    stroke: colour, "stroke-width": 2.5 });
}

// Round whole tick values: about `count` of them from 0, the last one at max or above
// it, so the axis covers every value (33 gets 0, 10, 20, 30, 40).
export function ticks(max, count) {
  const raw = Math.max(max, 1) / count;
  const base = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * base).find((s) => s >= raw));
  const out = [0];
  while (out[out.length - 1] < max) out.push(out.length * step);
  return out;
}

function legend(history) {
  const width = (W - PAD.left) / history.seats.length;
  const chars = Math.max(4, Math.floor((width - 40) / 7));
  return svg("g", {}, ...history.seats.map((s, i) => {
    const x = PAD.left + i * width;
    const y = H - 8;
    const name = s.name.length > chars ? `${s.name.slice(0, chars - 1)}…` : s.name;
    return svg("g", {},
      svg("line", { x1: x, y1: y - 4, x2: x + 26, y2: y - 4, stroke: seatColour(s.seat), "stroke-width": 2.5,
        "stroke-dasharray": DASHES[s.seat % DASHES.length] }),
      marker(s.seat % 5, x + 13, y - 4, seatColour(s.seat)),
      svg("text", { x: x + 32, y, "font-size": 12 }, svg("title", {}, s.name), name));
  }));
}

// history: {total_steps, steps: [...], seats: [{seat, name, totals: [...]}]}; step: a marked x.
export function scoreChart(history, step = null) {
  const last = Math.max(history.total_steps, 1);
  const top = Math.max(1, ...history.seats.flatMap((s) => s.totals));
  const yTicks = ticks(top, 5);
  const yMax = yTicks[yTicks.length - 1];
  const x = (k) => PAD.left + (k / last) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / yMax) * (H - PAD.top - PAD.bottom);
  const chart = svg("svg", { id: "score-chart", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": t("chart.title") }, svg("title", {}, t("chart.title")));
  for (const v of yTicks) {
    chart.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), stroke: "#e3e6ea" }),
      svg("text", { x: PAD.left - 6, y: y(v) + 4, "font-size": 11, "text-anchor": "end" }, String(v)));
  }
  for (const k of ticks(last, 6).filter((k) => k <= last)) {
    chart.append(svg("text", { x: x(k), y: H - PAD.bottom + 16, "font-size": 11, "text-anchor": "middle" }, String(k)));
  }
  chart.append(
    svg("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, stroke: "#5f6368" }),
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, stroke: "#5f6368" }),
    svg("text", { x: (PAD.left + W - PAD.right) / 2, y: H - PAD.bottom + 32, "font-size": 12, "text-anchor": "middle" },
      t("chart.x_axis")),
    svg("text", { x: 14, y: (PAD.top + H - PAD.bottom) / 2, "font-size": 12, "text-anchor": "middle",
      transform: `rotate(-90 14 ${(PAD.top + H - PAD.bottom) / 2})` }, t("chart.y_axis")));
  const few = history.steps.length <= 40;
  for (const s of history.seats) {
    const colour = seatColour(s.seat);
    let d = "";
    s.totals.forEach((v, i) => {
      const k = history.steps[i];
      d += i === 0 ? `M${x(k)},${y(v)}` : `H${x(k)}V${y(v)}`;  // totals hold until the next change
    });
    d += `H${x(last)}`;
    chart.append(svg("path", { d, fill: "none", stroke: colour, "stroke-width": 2.5,
      "stroke-dasharray": DASHES[s.seat % DASHES.length], "data-seat": s.seat }));
    s.totals.forEach((v, i) => {
      if (few || i === s.totals.length - 1) chart.append(marker(s.seat % 5, x(history.steps[i]), y(v), colour));
    });
  }
  if (step !== null) {
    chart.append(svg("line", { x1: x(step), x2: x(step), y1: PAD.top, y2: H - PAD.bottom, stroke: "#1d1d1f",
      "stroke-dasharray": "3 3" }, svg("title", {}, t("chart.now", { step }))));
  }
  chart.append(legend(history));
  return chart;
}
