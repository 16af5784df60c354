// One palette and one icon set for every board (colour-blind safe: Okabe-Ito hues, and every
// icon has a shape of its own, so that colour is never the only cue).
//
// icon(name, x, y, size) -> an SVG <g> drawn in a size×size box whose top-left is (x, y).
// Shared glyphs first, then one block per game; a board adds its own icons to its game's
// block (keep the blocks apart so that each game's work stays in its own lines).
import { svg } from "/static/util.js";

export const PALETTE = Object.freeze({
  ink: "#1d1d1f",
  muted: "#5f6368",
  line: "#c5cad0",
  paper: "#ffffff",
  blue: "#0072B2",
  vermilion: "#D55E00",
  green: "#009E73",
  purple: "#CC79A7",
  orange: "#E69F00",
  sky: "#56B4E9",
  yellow: "#F0E442",
  gold: "#c9a227",
  neutral: "#6b6b6b",
});

const ICONS = new Map();

// Registers an icon: draw(s) returns the SVG children for a box of size s at (0, 0).
export function defineIcon(name, draw) {
  ICONS.set(name, draw);
}

// The icon `name` in a size×size box at (x, y); an unknown name draws a small question mark.
export function icon(name, x, y, size = 20) {
  const draw = ICONS.get(name) || ICONS.get("unknown");
  return svg("g", { class: `icon icon-${name}`, transform: `translate(${x} ${y})`, "aria-hidden": "true" },
    ...draw(size));
}

// -- shared glyphs --------------------------------------------------------------------
defineIcon("unknown", (s) => [
  svg("circle", { cx: s / 2, cy: s / 2, r: s / 2 - 1, fill: PALETTE.paper, stroke: PALETTE.muted }),
  svg("text", { x: s / 2, y: s * 0.7, "text-anchor": "middle", "font-size": s * 0.6, fill: PALETTE.muted }, "?"),
]);
// A coin (yuan, money): a gold disc with a square hole.
defineIcon("coin", (s) => [
  svg("circle", { cx: s / 2, cy: s / 2, r: s / 2 - 1, fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": 1 }),
  svg("rect", { x: s * 0.38, y: s * 0.38, width: s * 0.24, height: s * 0.24, fill: PALETTE.paper, stroke: PALETTE.ink, "stroke-width": 0.8 }),
]);
// Victory points: a five-pointed star.
defineIcon("points", (s) => {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? s * 0.2 : s * 0.48;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    pts.push(`${(s / 2 + r * Math.cos(a)).toFixed(1)},${(s / 2 + r * Math.sin(a)).toFixed(1)}`);
  }
  return [svg("polygon", { points: pts.join(" "), fill: PALETTE.orange, stroke: PALETTE.ink, "stroke-width": 1 })];
});
// A person: head and shoulders.
defineIcon("person", (s) => [
  svg("circle", { cx: s / 2, cy: s * 0.3, r: s * 0.2, fill: PALETTE.ink }),
  svg("path", { d: `M${s * 0.12},${s * 0.95} Q${s / 2},${s * 0.35} ${s * 0.88},${s * 0.95} Z`, fill: PALETTE.ink }),
]);

// -- In the Year of the Dragon ----------------------------------------------------------

// -- Ming Dynasty ----------------------------------------------------------------------

// -- Chang Cheng -----------------------------------------------------------------------
