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
// Person types by their symbols, goods, privileges, the wall and the events; a Dragon name
// starts with "dragon-" (games/dragon/choices.py names some of them as a choice's icon).
const P = PALETTE;
const thin = { stroke: P.ink, "stroke-width": 1, "stroke-linejoin": "round" };
// A pentagon-ish polygon helper: points as [x, y] fractions of s.
const poly = (s, pts, attrs) => svg("polygon", { points: pts.map(([x, y]) => `${(x * s).toFixed(1)},${(y * s).toFixed(1)}`).join(" "), ...attrs });
const path = (d, attrs) => svg("path", { d, ...attrs });
// Craftsman: a hammer.
defineIcon("dragon-hammer", (s) => [
  svg("rect", { x: s * 0.44, y: s * 0.3, width: s * 0.13, height: s * 0.64, rx: s * 0.04, fill: "#a0522d", ...thin }),
  svg("rect", { x: s * 0.16, y: s * 0.1, width: s * 0.68, height: s * 0.26, rx: s * 0.05, fill: P.neutral, ...thin }),
]);
// Court lady: a folding fan.
defineIcon("dragon-fan", (s) => [
  path(`M${s * 0.5},${s * 0.86} L${s * 0.06},${s * 0.42} A${s * 0.62},${s * 0.62} 0 0 1 ${s * 0.94},${s * 0.42} Z`, { fill: P.vermilion, ...thin }),
  ...[0.2, 0.36, 0.5, 0.64, 0.8].map((x) => svg("line", { x1: s * 0.5, y1: s * 0.86, x2: s * x, y2: s * (0.3 - Math.abs(x - 0.5) * 0.1 + Math.abs(x - 0.5) * 0.5 - 0.12), stroke: P.paper, "stroke-width": s * 0.04 })),
]);
// Pyrotechnist: a rocket.
defineIcon("dragon-rocket", (s) => [
  poly(s, [[0.5, 0.04], [0.66, 0.28], [0.66, 0.7], [0.34, 0.7], [0.34, 0.28]], { fill: P.purple, ...thin }),
  poly(s, [[0.34, 0.52], [0.18, 0.74], [0.34, 0.7]], { fill: P.purple, ...thin }),
  poly(s, [[0.66, 0.52], [0.82, 0.74], [0.66, 0.7]], { fill: P.purple, ...thin }),
  poly(s, [[0.4, 0.72], [0.5, 0.97], [0.6, 0.72]], { fill: P.orange, ...thin }),
]);
// Warrior: a helmet with a crest.
defineIcon("dragon-helmet", (s) => [
  path(`M${s * 0.14},${s * 0.7} A${s * 0.36},${s * 0.4} 0 0 1 ${s * 0.86},${s * 0.7} Z`, { fill: P.vermilion, ...thin }),
  svg("rect", { x: s * 0.06, y: s * 0.68, width: s * 0.88, height: s * 0.14, rx: s * 0.05, fill: P.ink }),
  poly(s, [[0.5, 0.04], [0.6, 0.3], [0.4, 0.3]], { fill: P.gold, ...thin }),
]);
// Monk: a seated Buddha.
defineIcon("dragon-buddha", (s) => [
  svg("circle", { cx: s * 0.5, cy: s * 0.36, r: s * 0.3, fill: "none", stroke: P.gold, "stroke-width": s * 0.06 }),
  svg("circle", { cx: s * 0.5, cy: s * 0.3, r: s * 0.13, fill: "#8c5a2b", ...thin }),
  path(`M${s * 0.14},${s * 0.92} Q${s * 0.5},${s * 0.3} ${s * 0.86},${s * 0.92} Z`, { fill: "#8c5a2b", ...thin }),
]);
// Healer: a mortar and pestle.
defineIcon("dragon-mortar", (s) => [
  svg("line", { x1: s * 0.42, y1: s * 0.58, x2: s * 0.82, y2: s * 0.08, stroke: P.ink, "stroke-width": s * 0.11, "stroke-linecap": "round" }),
  path(`M${s * 0.1},${s * 0.5} L${s * 0.9},${s * 0.5} Q${s * 0.86},${s * 0.92} ${s * 0.5},${s * 0.92} Q${s * 0.14},${s * 0.92} ${s * 0.1},${s * 0.5} Z`, { fill: P.sky, ...thin }),
]);
// Farmer: a rice bag.
defineIcon("dragon-ricebag", (s) => [
  path(`M${s * 0.32},${s * 0.26} Q${s * 0.06},${s * 0.6} ${s * 0.18},${s * 0.88} L${s * 0.82},${s * 0.88} Q${s * 0.94},${s * 0.6} ${s * 0.68},${s * 0.26} Z`, { fill: "#e8d4a2", ...thin }),
  poly(s, [[0.3, 0.06], [0.5, 0.26], [0.7, 0.06]], { fill: "#e8d4a2", ...thin }),
  svg("line", { x1: s * 0.3, y1: s * 0.27, x2: s * 0.7, y2: s * 0.27, stroke: P.green, "stroke-width": s * 0.08 }),
]);
// Scholar: an open book.
defineIcon("dragon-book", (s) => [
  path(`M${s * 0.5},${s * 0.24} Q${s * 0.3},${s * 0.12} ${s * 0.06},${s * 0.2} L${s * 0.06},${s * 0.82} Q${s * 0.3},${s * 0.74} ${s * 0.5},${s * 0.86} Z`, { fill: P.paper, ...thin }),
  path(`M${s * 0.5},${s * 0.24} Q${s * 0.7},${s * 0.12} ${s * 0.94},${s * 0.2} L${s * 0.94},${s * 0.82} Q${s * 0.7},${s * 0.74} ${s * 0.5},${s * 0.86} Z`, { fill: P.sky, ...thin }),
]);
// Rice: a bowl of rice.
defineIcon("dragon-rice", (s) => [
  path(`M${s * 0.16},${s * 0.5} Q${s * 0.5},${s * 0.08} ${s * 0.84},${s * 0.5} Z`, { fill: P.paper, ...thin }),
  path(`M${s * 0.06},${s * 0.5} L${s * 0.94},${s * 0.5} Q${s * 0.88},${s * 0.9} ${s * 0.5},${s * 0.9} Q${s * 0.12},${s * 0.9} ${s * 0.06},${s * 0.5} Z`, { fill: P.green, ...thin }),
]);
// Fireworks: a burst.
defineIcon("dragon-fireworks", (s) => {
  const rays = [];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    rays.push(svg("line", { x1: s / 2 + Math.cos(a) * s * 0.14, y1: s / 2 + Math.sin(a) * s * 0.14,
      x2: s / 2 + Math.cos(a) * s * 0.46, y2: s / 2 + Math.sin(a) * s * 0.46,
      stroke: k % 2 ? P.purple : P.vermilion, "stroke-width": s * 0.1, "stroke-linecap": "round" }));
  }
  return [...rays, svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.1, fill: P.orange })];
});
// A palace floor: a storey under a curved roof.
defineIcon("dragon-floor", (s) => [
  svg("rect", { x: s * 0.2, y: s * 0.46, width: s * 0.6, height: s * 0.42, fill: P.paper, ...thin }),
  svg("rect", { x: s * 0.42, y: s * 0.62, width: s * 0.16, height: s * 0.26, fill: P.vermilion }),
  path(`M${s * 0.02},${s * 0.46} Q${s * 0.3},${s * 0.36} ${s * 0.5},${s * 0.12} Q${s * 0.7},${s * 0.36} ${s * 0.98},${s * 0.46} Z`, { fill: P.vermilion, ...thin }),
]);
// A palace: two storeys under a roof.
defineIcon("dragon-palace", (s) => [
  svg("rect", { x: s * 0.22, y: s * 0.42, width: s * 0.56, height: s * 0.5, fill: P.paper, ...thin }),
  svg("line", { x1: s * 0.22, y1: s * 0.67, x2: s * 0.78, y2: s * 0.67, stroke: P.ink }),
  path(`M${s * 0.04},${s * 0.42} Q${s * 0.3},${s * 0.34} ${s * 0.5},${s * 0.08} Q${s * 0.7},${s * 0.34} ${s * 0.96},${s * 0.42} Z`, { fill: P.vermilion, ...thin }),
]);
// The person track: a marker stepping forward.
defineIcon("dragon-track", (s) => [
  svg("rect", { x: s * 0.04, y: s * 0.3, width: s * 0.92, height: s * 0.4, rx: s * 0.08, fill: P.paper, ...thin }),
  poly(s, [[0.2, 0.38], [0.4, 0.5], [0.2, 0.62]], { fill: P.blue }),
  poly(s, [[0.48, 0.38], [0.68, 0.5], [0.48, 0.62]], { fill: P.blue }),
  svg("circle", { cx: s * 0.82, cy: s * 0.5, r: s * 0.1, fill: P.ink }),
]);
// A privilege: a tile with a dragon symbol (a wave with an eye).
defineIcon("dragon-privilege", (s) => [
  svg("rect", { x: s * 0.06, y: s * 0.06, width: s * 0.88, height: s * 0.88, rx: s * 0.14, fill: P.vermilion, ...thin }),
  path(`M${s * 0.18},${s * 0.64} Q${s * 0.34},${s * 0.3} ${s * 0.5},${s * 0.56} T${s * 0.82},${s * 0.4}`, { fill: "none", stroke: P.gold, "stroke-width": s * 0.1, "stroke-linecap": "round" }),
  svg("circle", { cx: s * 0.78, cy: s * 0.3, r: s * 0.06, fill: P.paper }),
]);
// The Great Wall: crenellated bricks.
defineIcon("dragon-wall", (s) => [
  path(`M${s * 0.04},${s * 0.9} V${s * 0.22} h${s * 0.16} v${s * 0.14} h${s * 0.14} v${s * -0.14} h${s * 0.16} v${s * 0.14} h${s * 0.14} v${s * -0.14} h${s * 0.16} v${s * 0.14} h${s * 0.16} v${s * -0.14} V${s * 0.9} Z`, { fill: "#c9b79c", ...thin }),
  svg("line", { x1: s * 0.04, y1: s * 0.63, x2: s * 0.96, y2: s * 0.63, stroke: P.ink, "stroke-width": 0.8 }),
  svg("line", { x1: s * 0.36, y1: s * 0.36, x2: s * 0.36, y2: s * 0.63, stroke: P.ink, "stroke-width": 0.8 }),
  svg("line", { x1: s * 0.66, y1: s * 0.36, x2: s * 0.66, y2: s * 0.63, stroke: P.ink, "stroke-width": 0.8 }),
  svg("line", { x1: s * 0.5, y1: s * 0.63, x2: s * 0.5, y2: s * 0.9, stroke: P.ink, "stroke-width": 0.8 }),
]);
// A person card.
defineIcon("dragon-card", (s) => [
  svg("rect", { x: s * 0.2, y: s * 0.06, width: s * 0.6, height: s * 0.88, rx: s * 0.08, fill: P.paper, ...thin }),
  svg("rect", { x: s * 0.28, y: s * 0.16, width: s * 0.44, height: s * 0.68, rx: s * 0.04, fill: "none", stroke: P.vermilion }),
]);
// Declined, lost, nothing: a struck circle.
defineIcon("dragon-decline", (s) => [
  svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.42, fill: P.paper, stroke: P.vermilion, "stroke-width": s * 0.1 }),
  svg("line", { x1: s * 0.22, y1: s * 0.22, x2: s * 0.78, y2: s * 0.78, stroke: P.vermilion, "stroke-width": s * 0.1 }),
]);
// Events. Peace: a lotus.
defineIcon("dragon-peace", (s) => [
  path(`M${s * 0.5},${s * 0.12} Q${s * 0.74},${s * 0.46} ${s * 0.5},${s * 0.8} Q${s * 0.26},${s * 0.46} ${s * 0.5},${s * 0.12} Z`, { fill: P.purple, ...thin }),
  path(`M${s * 0.08},${s * 0.4} Q${s * 0.3},${s * 0.8} ${s * 0.5},${s * 0.8} Q${s * 0.22},${s * 0.62} ${s * 0.08},${s * 0.4} Z`, { fill: P.green, ...thin }),
  path(`M${s * 0.92},${s * 0.4} Q${s * 0.7},${s * 0.8} ${s * 0.5},${s * 0.8} Q${s * 0.78},${s * 0.62} ${s * 0.92},${s * 0.4} Z`, { fill: P.green, ...thin }),
]);
// Imperial Tribute: a coin going to the crown.
defineIcon("dragon-tribute", (s) => [
  poly(s, [[0.14, 0.42], [0.14, 0.1], [0.32, 0.26], [0.5, 0.06], [0.68, 0.26], [0.86, 0.1], [0.86, 0.42]], { fill: P.gold, ...thin }),
  svg("circle", { cx: s * 0.5, cy: s * 0.7, r: s * 0.24, fill: P.gold, ...thin }),
  svg("rect", { x: s * 0.44, y: s * 0.64, width: s * 0.12, height: s * 0.12, fill: P.paper, ...thin }),
]);
// Drought: a blazing sun.
defineIcon("dragon-drought", (s) => {
  const rays = [];
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    rays.push(svg("line", { x1: s / 2 + Math.cos(a) * s * 0.3, y1: s / 2 + Math.sin(a) * s * 0.3,
      x2: s / 2 + Math.cos(a) * s * 0.47, y2: s / 2 + Math.sin(a) * s * 0.47, stroke: P.vermilion, "stroke-width": s * 0.07 }));
  }
  return [...rays, svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.24, fill: P.orange, ...thin })];
});
// Dragon Festival: a paper lantern.
defineIcon("dragon-festival", (s) => [
  svg("line", { x1: s * 0.5, y1: s * 0.02, x2: s * 0.5, y2: s * 0.16, stroke: P.ink }),
  svg("ellipse", { cx: s * 0.5, cy: s * 0.5, rx: s * 0.36, ry: s * 0.32, fill: P.vermilion, ...thin }),
  svg("ellipse", { cx: s * 0.5, cy: s * 0.5, rx: s * 0.14, ry: s * 0.32, fill: "none", stroke: P.gold }),
  svg("rect", { x: s * 0.36, y: s * 0.14, width: s * 0.28, height: s * 0.06, fill: P.gold }),
  svg("rect", { x: s * 0.36, y: s * 0.8, width: s * 0.28, height: s * 0.06, fill: P.gold }),
]);
// Mongol Invasion: a bow and an arrow.
defineIcon("dragon-mongol", (s) => [
  path(`M${s * 0.3},${s * 0.06} Q${s * 0.98},${s * 0.5} ${s * 0.3},${s * 0.94}`, { fill: "none", stroke: "#8c5a2b", "stroke-width": s * 0.09 }),
  svg("line", { x1: s * 0.3, y1: s * 0.06, x2: s * 0.3, y2: s * 0.94, stroke: P.ink, "stroke-width": 1 }),
  svg("line", { x1: s * 0.06, y1: s * 0.5, x2: s * 0.86, y2: s * 0.5, stroke: P.ink, "stroke-width": s * 0.06 }),
  poly(s, [[0.96, 0.5], [0.78, 0.4], [0.78, 0.6]], { fill: P.ink }),
]);
// Contagion: a bottle of poison.
defineIcon("dragon-contagion", (s) => [
  path(`M${s * 0.4},${s * 0.08} h${s * 0.2} v${s * 0.24} Q${s * 0.86},${s * 0.42} ${s * 0.8},${s * 0.7} Q${s * 0.74},${s * 0.94} ${s * 0.5},${s * 0.94} Q${s * 0.26},${s * 0.94} ${s * 0.2},${s * 0.7} Q${s * 0.14},${s * 0.42} ${s * 0.4},${s * 0.32} Z`, { fill: P.green, ...thin }),
  svg("circle", { cx: s * 0.42, cy: s * 0.64, r: s * 0.07, fill: P.paper }),
  svg("circle", { cx: s * 0.6, cy: s * 0.74, r: s * 0.05, fill: P.paper }),
]);
// A Great Event: a large star in a disc.
defineIcon("dragon-great", (s) => {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? s * 0.16 : s * 0.38;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    pts.push(`${(s / 2 + r * Math.cos(a)).toFixed(1)},${(s / 2 + r * Math.sin(a)).toFixed(1)}`);
  }
  return [svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.48, fill: P.ink }),
    svg("polygon", { points: pts.join(" "), fill: P.gold })];
});

// -- Ming Dynasty ----------------------------------------------------------------------

// -- Chang Cheng -----------------------------------------------------------------------
