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
// The transports (a border's cost, a movement card), the pieces (prince, cloister, city house,
// province tile, start figure) and the pickers (pass, deploy, return).
const mingStroke = (s, colour, w = 0.12) => ({ fill: "none", stroke: colour, "stroke-width": s * w,
  "stroke-linecap": "round", "stroke-linejoin": "round" });
// Horse: a horseshoe with its nail holes.
defineIcon("ming-horse", (s) => [
  svg("path", { d: `M${s * 0.27},${s * 0.18} V${s * 0.5} A${s * 0.23},${s * 0.25} 0 0 0 ${s * 0.73},${s * 0.5} V${s * 0.18}`,
    ...mingStroke(s, PALETTE.vermilion, 0.17) }),
  ...[[0.27, 0.3], [0.73, 0.3], [0.29, 0.5], [0.71, 0.5]].map(([x, y]) =>
    svg("circle", { cx: s * x, cy: s * y, r: s * 0.035, fill: PALETTE.paper })),
]);
// Boat: a hull and a sail.
defineIcon("ming-boat", (s) => [
  svg("path", { d: `M${s * 0.08},${s * 0.62} H${s * 0.92} L${s * 0.76},${s * 0.86} H${s * 0.24} Z`, fill: PALETTE.blue }),
  svg("path", { d: `M${s * 0.5},${s * 0.1} V${s * 0.56} H${s * 0.84} Z`, fill: PALETTE.sky, stroke: PALETTE.blue, "stroke-width": s * 0.05 }),
  svg("path", { d: `M${s * 0.44},${s * 0.22} V${s * 0.56} H${s * 0.2} Z`, fill: PALETTE.sky, stroke: PALETTE.blue, "stroke-width": s * 0.05 }),
]);
// Palanquin: a covered seat carried on two poles.
defineIcon("ming-palanquin", (s) => [
  svg("path", { d: `M${s * 0.22},${s * 0.36} L${s * 0.5},${s * 0.14} L${s * 0.78},${s * 0.36} Z`, fill: PALETTE.green }),
  svg("rect", { x: s * 0.28, y: s * 0.36, width: s * 0.44, height: s * 0.36, fill: PALETTE.gold, stroke: PALETTE.green, "stroke-width": s * 0.05 }),
  svg("line", { x1: s * 0.04, y1: s * 0.62, x2: s * 0.96, y2: s * 0.62, ...mingStroke(s, PALETTE.ink, 0.08) }),
]);
// Dragon (joker card): a winding body with a head.
defineIcon("ming-dragon", (s) => [
  svg("path", { d: `M${s * 0.1},${s * 0.8} C${s * 0.3},${s * 0.4} ${s * 0.5},${s * 1} ${s * 0.66},${s * 0.5}`,
    ...mingStroke(s, PALETTE.purple, 0.16) }),
  svg("circle", { cx: s * 0.72, cy: s * 0.34, r: s * 0.2, fill: PALETTE.purple }),
  svg("path", { d: `M${s * 0.7},${s * 0.16} L${s * 0.66},${s * 0.04} M${s * 0.82},${s * 0.2} L${s * 0.9},${s * 0.08}`,
    ...mingStroke(s, PALETTE.purple, 0.07) }),
  svg("circle", { cx: s * 0.78, cy: s * 0.32, r: s * 0.045, fill: PALETTE.paper }),
]);
// A prince: the pentagonal figure.
defineIcon("ming-prince", (s) => [
  svg("path", { d: `M${s * 0.5},${s * 0.06} L${s * 0.9},${s * 0.38} L${s * 0.78},${s * 0.94} H${s * 0.22} L${s * 0.1},${s * 0.38} Z`,
    fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": s * 0.07 }),
]);
// A cloister: a small temple with a roof.
defineIcon("ming-cloister", (s) => [
  svg("path", { d: `M${s * 0.04},${s * 0.42} Q${s * 0.5},${s * 0.28} ${s * 0.5},${s * 0.06} Q${s * 0.5},${s * 0.28} ${s * 0.96},${s * 0.42} Z`, fill: PALETTE.vermilion }),
  svg("rect", { x: s * 0.18, y: s * 0.42, width: s * 0.64, height: s * 0.5, fill: PALETTE.paper, stroke: PALETTE.ink, "stroke-width": s * 0.06 }),
  svg("rect", { x: s * 0.42, y: s * 0.6, width: s * 0.16, height: s * 0.32, fill: PALETTE.ink }),
]);
// A city house (a member sent into the city).
defineIcon("ming-city", (s) => [
  svg("path", { d: `M${s * 0.1},${s * 0.45} L${s * 0.5},${s * 0.1} L${s * 0.9},${s * 0.45} V${s * 0.9} H${s * 0.1} Z`,
    fill: PALETTE.paper, stroke: PALETTE.ink, "stroke-width": s * 0.07 }),
]);
// A province tile.
defineIcon("ming-tile", (s) => [
  svg("rect", { x: s * 0.14, y: s * 0.1, width: s * 0.72, height: s * 0.8, rx: s * 0.08, fill: PALETTE.paper, stroke: PALETTE.ink, "stroke-width": s * 0.07 }),
  svg("path", { d: `M${s * 0.14},${s * 0.36} H${s * 0.86}`, ...mingStroke(s, PALETTE.ink, 0.06) }),
]);
// Family members: three heads in a row (the personal supply).
defineIcon("ming-members", (s) => [0.22, 0.5, 0.78].flatMap((x) => [
  svg("circle", { cx: s * x, cy: s * 0.36, r: s * 0.13, fill: PALETTE.ink }),
  svg("path", { d: `M${s * (x - 0.18)},${s * 0.86} Q${s * x},${s * 0.38} ${s * (x + 0.18)},${s * 0.86} Z`, fill: PALETTE.ink }),
]));
// The box (members out of the game).
defineIcon("ming-box", (s) => [
  svg("rect", { x: s * 0.12, y: s * 0.4, width: s * 0.76, height: s * 0.5, fill: PALETTE.paper, stroke: PALETTE.muted, "stroke-width": s * 0.07 }),
  svg("path", { d: `M${s * 0.06},${s * 0.4} L${s * 0.2},${s * 0.16} H${s * 0.8} L${s * 0.94},${s * 0.4} Z`, fill: PALETTE.line, stroke: PALETTE.muted, "stroke-width": s * 0.07 }),
]);
// The start player figure: a crown.
defineIcon("ming-start", (s) => [
  svg("path", { d: `M${s * 0.1},${s * 0.8} L${s * 0.14},${s * 0.24} L${s * 0.34},${s * 0.5} L${s * 0.5},${s * 0.16} L${s * 0.66},${s * 0.5} L${s * 0.86},${s * 0.24} L${s * 0.9},${s * 0.8} Z`,
    fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": s * 0.06 }),
]);
// The face-down supply of movement cards.
defineIcon("ming-deck", (s) => [0.2, 0.1, 0].map((d) =>
  svg("rect", { x: s * (0.16 + d), y: s * (0.26 - d), width: s * 0.5, height: s * 0.64, rx: s * 0.06, fill: PALETTE.muted, stroke: PALETTE.paper, "stroke-width": s * 0.05 })));
// Pass: two chevrons pointing on.
defineIcon("ming-pass", (s) => [
  svg("path", { d: `M${s * 0.16},${s * 0.2} L${s * 0.46},${s * 0.5} L${s * 0.16},${s * 0.8} M${s * 0.5},${s * 0.2} L${s * 0.8},${s * 0.5} L${s * 0.5},${s * 0.8}`,
    ...mingStroke(s, PALETTE.muted, 0.14) }),
]);
// Deploy: a member walking in (a person and an arrow).
defineIcon("ming-deploy", (s) => [
  svg("circle", { cx: s * 0.66, cy: s * 0.28, r: s * 0.15, fill: PALETTE.ink }),
  svg("path", { d: `M${s * 0.42},${s * 0.94} Q${s * 0.66},${s * 0.3} ${s * 0.9},${s * 0.94} Z`, fill: PALETTE.ink }),
  svg("path", { d: `M${s * 0.06},${s * 0.6} H${s * 0.36} M${s * 0.26},${s * 0.48} L${s * 0.38},${s * 0.6} L${s * 0.26},${s * 0.72}`,
    ...mingStroke(s, PALETTE.blue, 0.1) }),
]);
// Return: an arrow turning back.
defineIcon("ming-return", (s) => [
  svg("path", { d: `M${s * 0.8},${s * 0.82} V${s * 0.42} A${s * 0.24},${s * 0.24} 0 0 0 ${s * 0.32},${s * 0.42} V${s * 0.62}`,
    ...mingStroke(s, PALETTE.blue, 0.12) }),
  svg("path", { d: `M${s * 0.14},${s * 0.5} L${s * 0.32},${s * 0.76} L${s * 0.5},${s * 0.5} Z`, fill: PALETTE.blue }),
]);


// -- Chang Cheng -----------------------------------------------------------------------
// The game's own colours (the log's words) drawn in Okabe-Ito hues: one source for the board,
// its panels and the page's seat dots, so that "red" in the log is the red on the wall.
export const CHANGCHENG_COLOURS = Object.freeze({ red: PALETTE.vermilion, green: PALETTE.green,
  blue: PALETTE.blue, purple: PALETTE.purple, neutral: PALETTE.neutral });
const ccStone = "#e9e4d8";
const ccLine = (s, colour, w = 0.1) => ({ fill: "none", stroke: colour, "stroke-width": s * w,
  "stroke-linecap": "round", "stroke-linejoin": "round" });
// A wall block (a single wall) at (x, y) of width w, height h, in a box of size s.
const ccBlock = (s, x, y, w, h, fill = PALETTE.muted) => [
  svg("rect", { x: s * x, y: s * y, width: s * w, height: s * h, fill, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("path", { d: `M${s * x},${s * (y + h / 2)} H${s * (x + w)} M${s * (x + w / 2)},${s * y} V${s * (y + h / 2)}`, ...ccLine(s, PALETTE.ink, 0.035) }),
];
// A card at (x, y), face down (a lattice) or plain.
const ccCard = (s, x, y, fill = PALETTE.vermilion) => [
  svg("rect", { x: s * x, y: s * y, width: s * 0.42, height: s * 0.58, rx: s * 0.05, fill, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("rect", { x: s * (x + 0.08), y: s * (y + 0.08), width: s * 0.26, height: s * 0.42, fill: "none", stroke: PALETTE.paper, "stroke-width": s * 0.03 }),
];
// A slash across the box: "not this".
const ccNot = (s) => svg("path", { d: `M${s * 0.1},${s * 0.9} L${s * 0.9},${s * 0.1}`, ...ccLine(s, PALETTE.vermilion, 0.1) });
const ccEye = (s) => [
  svg("path", { d: `M${s * 0.06},${s * 0.5} Q${s * 0.5},${s * 0.1} ${s * 0.94},${s * 0.5} Q${s * 0.5},${s * 0.9} ${s * 0.06},${s * 0.5} Z`, fill: PALETTE.paper, stroke: PALETTE.ink, "stroke-width": s * 0.07 }),
  svg("circle", { cx: s * 0.5, cy: s * 0.5, r: s * 0.14, fill: PALETTE.ink }),
];
const ccSwap = (s) => [
  svg("path", { d: `M${s * 0.12},${s * 0.34} H${s * 0.84} M${s * 0.68},${s * 0.18} L${s * 0.86},${s * 0.34} L${s * 0.68},${s * 0.5}`, ...ccLine(s, PALETTE.blue, 0.09) }),
  svg("path", { d: `M${s * 0.88},${s * 0.68} H${s * 0.16} M${s * 0.32},${s * 0.52} L${s * 0.14},${s * 0.68} L${s * 0.32},${s * 0.84}`, ...ccLine(s, PALETTE.vermilion, 0.09) }),
];
const ccWaves = (s, y0 = 0.4) => [0, 0.22].map((dy) => svg("path", {
  d: `M${s * 0.06},${s * (y0 + dy)} q${s * 0.11},${-s * 0.12} ${s * 0.22},0 t${s * 0.22},0 t${s * 0.22},0 t${s * 0.22},0`,
  ...ccLine(s, PALETTE.blue, 0.08) }));
const ccHammer = (s) => [
  svg("path", { d: `M${s * 0.3},${s * 0.44} L${s * 0.78},${s * 0.92}`, ...ccLine(s, PALETTE.ink, 0.11) }),
  svg("rect", { x: s * 0.08, y: s * 0.16, width: s * 0.46, height: s * 0.24, rx: s * 0.03, fill: PALETTE.muted, stroke: PALETTE.ink,
    "stroke-width": s * 0.05, transform: `rotate(45 ${s * 0.31} ${s * 0.28})` }),
];
defineIcon("changcheng-single", (s) => ccBlock(s, 0.2, 0.3, 0.6, 0.42));
defineIcon("changcheng-two-singles", (s) => [...ccBlock(s, 0.04, 0.34, 0.38, 0.36), ...ccBlock(s, 0.58, 0.34, 0.38, 0.36)]);
defineIcon("changcheng-double", (s) => [...ccBlock(s, 0.04, 0.3, 0.46, 0.42), ...ccBlock(s, 0.5, 0.3, 0.46, 0.42),
  svg("rect", { x: s * 0.42, y: s * 0.44, width: s * 0.16, height: s * 0.14, fill: PALETTE.ink })]);
defineIcon("changcheng-tower", (s) => [
  svg("path", { d: `M${s * 0.22},${s * 0.94} V${s * 0.12} h${s * 0.12} v${s * 0.1} h${s * 0.1} v${-s * 0.1} h${s * 0.12} v${s * 0.1} h${s * 0.1} v${-s * 0.1} h${s * 0.12} V${s * 0.94} Z`,
    fill: PALETTE.muted, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("rect", { x: s * 0.43, y: s * 0.62, width: s * 0.14, height: s * 0.32, fill: PALETTE.ink }),
]);
defineIcon("changcheng-reserve", (s) => [
  svg("rect", { x: s * 0.16, y: s * 0.28, width: s * 0.68, height: s * 0.46, fill: "none", stroke: PALETTE.ink, "stroke-width": s * 0.06, "stroke-dasharray": `${s * 0.1} ${s * 0.06}` }),
  svg("circle", { cx: s * 0.5, cy: s * 0.51, r: s * 0.12, fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": s * 0.04 }),
]);
defineIcon("changcheng-neutral", (s) => ccBlock(s, 0.2, 0.3, 0.6, 0.42, PALETTE.neutral));
defineIcon("changcheng-no-neutral", (s) => [...ccBlock(s, 0.2, 0.3, 0.6, 0.42, PALETTE.line), ccNot(s)]);
defineIcon("changcheng-destroy", (s) => [...ccBlock(s, 0.2, 0.3, 0.6, 0.42, PALETTE.line),
  svg("path", { d: `M${s * 0.52},${s * 0.18} L${s * 0.44},${s * 0.44} L${s * 0.58},${s * 0.56} L${s * 0.48},${s * 0.84}`, ...ccLine(s, PALETTE.vermilion, 0.09) })]);
defineIcon("changcheng-swap", (s) => ccSwap(s));
defineIcon("changcheng-no-swap", (s) => [...ccSwap(s), svg("path", { d: `M${s * 0.1},${s * 0.9} L${s * 0.9},${s * 0.1}`, ...ccLine(s, PALETTE.ink, 0.1) })]);
defineIcon("changcheng-scout", (s) => ccEye(s));
defineIcon("changcheng-no-scout", (s) => [...ccEye(s), ccNot(s)]);
defineIcon("changcheng-card", (s) => ccCard(s, 0.29, 0.2));
defineIcon("changcheng-two-cards", (s) => [...ccCard(s, 0.12, 0.14), ...ccCard(s, 0.46, 0.28)]);
defineIcon("changcheng-card-single", (s) => [...ccCard(s, 0.06, 0.12), ...ccBlock(s, 0.52, 0.46, 0.44, 0.34)]);
// A Mongol region's threat token (face down: a plain diamond).
defineIcon("changcheng-threat", (s) => [svg("path", { d: `M${s * 0.5},${s * 0.04} L${s * 0.96},${s * 0.5} L${s * 0.5},${s * 0.96} L${s * 0.04},${s * 0.5} Z`,
  fill: PALETTE.vermilion, stroke: PALETTE.ink, "stroke-width": s * 0.05 })]);
// A province's reputation token.
defineIcon("changcheng-reputation", (s) => [svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.44, fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("circle", { cx: s / 2, cy: s / 2, r: s * 0.28, fill: "none", stroke: PALETTE.paper, "stroke-width": s * 0.05 })]);
// The Emperor cards that count towards the next board.
defineIcon("changcheng-emperor", (s) => [
  svg("rect", { x: s * 0.2, y: s * 0.08, width: s * 0.6, height: s * 0.84, rx: s * 0.06, fill: PALETTE.yellow, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("path", { d: `M${s * 0.3},${s * 0.62} L${s * 0.32},${s * 0.34} L${s * 0.42},${s * 0.48} L${s * 0.5},${s * 0.3} L${s * 0.58},${s * 0.48} L${s * 0.68},${s * 0.34} L${s * 0.7},${s * 0.62} Z`, fill: PALETTE.vermilion }),
]);
// A board side added at one end.
defineIcon("changcheng-extend", (s) => [
  svg("rect", { x: s * 0.06, y: s * 0.24, width: s * 0.62, height: s * 0.52, fill: ccStone, stroke: PALETTE.ink, "stroke-width": s * 0.05 }),
  svg("path", { d: `M${s * 0.82},${s * 0.32} V${s * 0.68} M${s * 0.64},${s * 0.5} H${s * 1}`, ...ccLine(s, PALETTE.green, 0.1) }),
]);
// The six action cards.
defineIcon("changcheng-warrior", (s) => [
  svg("path", { d: `M${s * 0.2},${s * 0.8} L${s * 0.8},${s * 0.2}`, ...ccLine(s, PALETTE.muted, 0.1) }),
  svg("path", { d: `M${s * 0.14},${s * 0.6} L${s * 0.4},${s * 0.86} M${s * 0.08},${s * 0.92} L${s * 0.22},${s * 0.78}`, ...ccLine(s, PALETTE.ink, 0.1) }),
]);
defineIcon("changcheng-traitor", (s) => [
  svg("path", { d: `M${s * 0.1},${s * 0.36} Q${s * 0.5},${s * 0.2} ${s * 0.9},${s * 0.36} Q${s * 0.86},${s * 0.78} ${s * 0.5},${s * 0.8} Q${s * 0.14},${s * 0.78} ${s * 0.1},${s * 0.36} Z`, fill: PALETTE.ink }),
  svg("path", { d: `M${s * 0.22},${s * 0.46} L${s * 0.42},${s * 0.5} M${s * 0.58},${s * 0.5} L${s * 0.78},${s * 0.46}`, ...ccLine(s, PALETTE.paper, 0.07) }),
]);
defineIcon("changcheng-flood", (s) => ccWaves(s, 0.4));
defineIcon("changcheng-flood-up", (s) => [...ccWaves(s, 0.58),
  svg("path", { d: `M${s * 0.5},${s * 0.42} V${s * 0.06} M${s * 0.36},${s * 0.2} L${s * 0.5},${s * 0.06} L${s * 0.64},${s * 0.2}`, ...ccLine(s, PALETTE.green, 0.09) })]);
defineIcon("changcheng-flood-down", (s) => [...ccWaves(s, 0.58),
  svg("path", { d: `M${s * 0.5},${s * 0.06} V${s * 0.42} M${s * 0.36},${s * 0.28} L${s * 0.5},${s * 0.42} L${s * 0.64},${s * 0.28}`, ...ccLine(s, PALETTE.vermilion, 0.09) })]);
defineIcon("changcheng-builder", (s) => ccHammer(s));
defineIcon("changcheng-master", (s) => [...ccHammer(s), svg("circle", { cx: s * 0.8, cy: s * 0.2, r: s * 0.14, fill: PALETTE.gold, stroke: PALETTE.ink, "stroke-width": s * 0.04 })]);
defineIcon("changcheng-mandarin", (s) => [
  svg("path", { d: `M${s * 0.26},${s * 0.6} V${s * 0.36} Q${s * 0.5},${s * 0.12} ${s * 0.74},${s * 0.36} V${s * 0.6} Z`, fill: PALETTE.ink }),
  svg("rect", { x: s * 0.12, y: s * 0.58, width: s * 0.76, height: s * 0.12, rx: s * 0.05, fill: PALETTE.ink }),
  svg("path", { d: `M${s * 0.26},${s * 0.44} L${s * 0.02},${s * 0.38} M${s * 0.74},${s * 0.44} L${s * 0.98},${s * 0.38}`, ...ccLine(s, PALETTE.ink, 0.07) }),
]);
