// Parts the Ming Dynasty and Chang Cheng boards share beyond board-common.js: the layout for
// the width the page gives (ctx.width: a phone's narrow layout at scale 1, else the wide one),
// the last-move highlight (ctx.recent), invisible hit areas, icon counters and seat markers in
// any colour. (Candidates for board-common.js once the other boards want them.)
import { svg } from "/static/util.js";
import { icon, PALETTE } from "/static/icons.js";
import { text, tip } from "/static/board-common.js";

export const NARROW_BELOW = 700;  // CSS px: below this the board draws its narrow layout
export const WIDE = 1000;         // the wide layout's width in SVG units (scaled to fit)

// The width available to the board: ctx.width, else the #board element's width, else 1000.
export function boardWidth(ctx) {
  if (ctx && Number(ctx.width) > 0) return Number(ctx.width);
  const box = typeof document !== "undefined" && document.getElementById("board");
  return box && box.clientWidth > 0 ? box.clientWidth : WIDE;
}

// The layout for ctx: narrow (viewBox width = the CSS width, drawn at scale 1; targets at least
// 44 units, text at least 12) or wide (W = 1000, scaled to fit; targets at least 30, text 11).
export function layoutFor(ctx) {
  const width = boardWidth(ctx);
  const narrow = width < NARROW_BELOW;
  return { narrow, W: narrow ? Math.max(300, Math.floor(width)) : WIDE, target: narrow ? 44 : 30,
    font: narrow ? 12 : 11 };
}

// Class "recent" on every element whose data-target the last moves touched (ctx.recent).
export function markRecent(root, ctx) {
  const recent = new Set((ctx && ctx.recent) || []);
  if (!recent.size) return;
  for (const node of root.querySelectorAll("[data-target]")) {
    if (recent.has(node.getAttribute("data-target"))) node.classList.add("recent");
  }
}

// An invisible rectangle that widens what a click or tap can hit.
export function hitArea(x, y, w, h) {
  return svg("rect", { class: "hit", x, y, width: w, height: h, fill: "transparent", stroke: "none" });
}

// An icon with a number (or a short word) beside it, and the rule or meaning as its tip.
export function counter(name, x, y, value, words, { size = 18, font = 14, colour = PALETTE.ink, weight = 600 } = {}) {
  const g = svg("g", { class: "counter" }, icon(name, x, y - size * 0.78, size),
    text(x + size + 4, y, String(value), { "font-size": font, "font-weight": weight, fill: colour }));
  return words ? tip(g, words) : g;
}

// A round marker in `fill` with the seat number (colour is never the only cue).
export function marker(x, y, fill, label, r = 9) {
  return svg("g", {},
    svg("circle", { cx: x, cy: y, r, fill, stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + r * 0.42, label, { "text-anchor": "middle", fill: "#fff", "font-size": Math.max(12, Math.round(r * 1.25)),
      "font-weight": 700 }));
}

// The width of a row of `n` items of width `w` with gaps `gap`.
export function rowWidth(n, w, gap) {
  return n ? n * w + (n - 1) * gap : 0;
}
