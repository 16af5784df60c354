// Helpers shared by the SVG boards: text, seat markers and clickable legal actions.
//
// Board contract: draw(view, names, mySeat, ctx) -> element, where
// ctx = { choices: [the server's choices for me now], act: (action) => void,
//         menu: (node, choices) => void (several choices on one element), width: CSS px the
//         board has (below 700: draw the narrow layout at scale 1), recent: [target ids the
//         last moves touched], confirm: (node, choice) => void (optional: a tap plays a
//         one-choice element through it; the table page asks a finger's first tap) }.
// A choice is { action, target, kind, label, ... } (core/choices.py): the board never builds
// notation. It puts target ids on its elements (data-target, the ids each game lists in its
// choices.py) and binds an element to a choice that targets it: class "legal",
// data-action = the choice's action, its label as the accessible name; clicking it (or
// Enter/Space when focused) calls ctx.act(action).
import { t } from "/static/i18n.js";
import { svg, seatColour } from "/static/util.js";
import { icon, PALETTE } from "/static/icons.js";

export const INK = "#1d1d1f";
export const MUTED = "#5f6368";
export const LINE = "#c5cad0";
export const NEUTRAL_COLOUR = "#6b6b6b";

// Every visible word of a board is a t() key: board.* (shared), board.<game>.* (web/locales/).
// Game terms are board.<game>.term.<code>, worded as the game's catalog words <game>.term.<code>
// (tests/server/test_i18n.py holds them equal), so that the board and the log agree.

// A game term, worded as the game's catalog words it; a code without a word stays as it is.
export function term(game, code) {
  return t(`board.${game}.term.${code}`, {}, String(code));
}

// A name made of term codes, worded as the log words it: "orange-1" -> "pomarańczowy-1".
export function termWords(game, name) {
  return String(name).replace(/[a-z_]+/g, (code) => term(game, code));
}

// A list as the language writes it: "a, b" ("a、b" in Chinese).
export function list(items) {
  return items.join(t("board.separator"));
}

const NO_ACT = () => {};

// The context a board works with: ctx as given, or a read-only one.
export function context(ctx) {
  const c = ctx || {};
  return { choices: c.choices || [], act: c.act || NO_ACT, menu: c.menu || null, confirm: c.confirm || null };
}

// The context of what is not the viewer's own (another seat's hand, palaces): nothing to click
// and no target ids, so that each target id names one element of the board.
export const NOT_MINE = Object.freeze({ choices: [], act: NO_ACT, marks: false });

// A target id from its parts, as core/choices.py writes it: targetId("resident", 1, "Fy").
export function targetId(...parts) {
  return parts.join(":");
}

// The choices of one kind (a code from the server, e.g. "extend").
export function choicesOf(ctx, kind) {
  return ctx.choices.filter((c) => c.kind === kind);
}

// The choices that target `target`, in the server's order.
export function choicesAt(ctx, target) {
  return ctx.choices.filter((c) => c.target === target);
}

export function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-size": 14, fill: INK, ...attrs }, content);
}

// How wide `content` is, roughly, at font size `size`: boards are built off-screen, so nothing
// can be measured. Generous for Latin and Cyrillic (wide fallback fonts), 1 em for CJK.
export function textWidth(content, size, bold = false) {
  let em = 0;
  for (const ch of String(content)) {
    if (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uff60\u3000-\u303f★]/.test(ch)) em += 1;
    else if (/[\sil.,:;'’|!·]/.test(ch)) em += 0.32;
    else if (/[()[\]fjrt]/.test(ch)) em += 0.42;
    else if (/[MWmwШЩЖЮМшщжмюы—]/.test(ch)) em += 0.95;
    else if (/[A-ZА-ЯЁІЇЄҐф×◀▶–]/.test(ch)) em += 0.78;
    else em += 0.64;
  }
  return em * size * (bold ? 1.12 : 1);
}

// Where to break `content` into two lines (at a space, or after a hyphen) so that the longer
// line is shortest; null when there is no such place.
function twoLines(content) {
  const s = String(content);
  let best = null;
  for (let i = 1; i < s.length - 1; i++) {
    const after = s[i - 1] === "-" && s[i] !== " ";
    if (s[i] !== " " && !after) continue;
    const lines = [s.slice(0, i).trimEnd(), s.slice(i).trimStart()];
    if (!lines[0] || !lines[1]) continue;
    const longest = Math.max(...lines.map((l) => textWidth(l, 1)));
    if (!best || longest < best.longest) best = { lines, longest };
  }
  return best && best.lines;
}

// Text that stays within `width`: as is when it fits, else (lines: 2) broken at a space into two
// lines centred on the baseline y, else in a smaller font (down to minSize), at worst squeezed
// to the width. Nothing is cut off: words of longer languages get smaller, never lost.
export function fitText(x, y, content, width, attrs = {}, { lines = 1, minSize = 8 } = {}) {
  const size = attrs["font-size"] || 14;
  const bold = Number(attrs["font-weight"]) >= 600;
  const wide = textWidth(content, size, bold);
  if (wide <= width) return text(x, y, content, attrs);
  const shrunk = (w) => Math.max(minSize, Math.min(size, (size * width) / w));
  const squeeze = (line, s) => (textWidth(line, s, bold) > width
    ? { textLength: width.toFixed(1), lengthAdjust: "spacingAndGlyphs" } : {});
  const split = lines >= 2 ? twoLines(content) : null;
  const longest = split ? Math.max(...split.map((l) => textWidth(l, size, bold))) : Infinity;
  if (split && shrunk(longest) > shrunk(wide)) {
    const s = shrunk(longest);
    const node = text(x, y - s * 0.55, "", { ...attrs, "font-size": s.toFixed(1) });
    split.forEach((line, k) => node.append(svg("tspan", { x, dy: k ? (s * 1.1).toFixed(1) : 0, ...squeeze(line, s) }, line)));
    return node;
  }
  const s = shrunk(wide);
  return text(x, y, content, { ...attrs, "font-size": s.toFixed(1), ...squeeze(content, s) });
}

export function title(node, words) {
  node.append(svg("title", {}, words));
  return node;
}

// A rule in a sentence for a board element (an event, a card, a person type, a tower...):
// shown on hover (its <title>) and, on a phone, when the element is tapped (the page shows
// data-tip in a bubble). `words` must already be in the reader's language (t()). `section`:
// the id of the rules page's section that explains it (the bubble's "more" link).
export function tip(node, words, section = null) {
  node.setAttribute("data-tip", words);
  if (section) node.setAttribute("data-rules", section);
  return title(node, words);
}

// A seat's name as shown on a board.
export function seatName(names, seat) {
  return names[seat] || t("board.seat", { n: seat + 1 });
}

// A round seat marker: Okabe-Ito colour plus the seat number, so colour is never the only cue.
// seat === "neutral" draws the grey neutral marker with an N.
export function seatMarker(x, y, seat, r = 9) {
  const neutral = seat === "neutral";
  const fill = neutral ? NEUTRAL_COLOUR : seatColour(seat);
  return svg("g", {},
    svg("circle", { cx: x, cy: y, r, fill, stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + r * 0.42, neutral ? t("board.neutral_mark") : String(seat + 1), { "text-anchor": "middle", fill: "#fff",
      "font-size": Math.round(r * 1.25), "font-weight": 700 }));
}

// Marks node as the board element `target` (data-target) and binds it to the choices there
// that `accept` takes: one choice plays on a click (or Enter/Space), several open a menu of
// their labels (ctx.menu, the page's). Returns whether it bound any. The node should hold a
// shape with class "face": that is what the style highlights.
export function bind(node, target, ctx, accept = () => true) {
  if (ctx.marks !== false) node.setAttribute("data-target", target);
  const found = choicesAt(ctx, target).filter(accept);
  if (found.length > 1 && ctx.menu) return bindMenu(node, found, ctx);
  return found.length ? bindChoice(node, found[0], ctx) : false;
}

// The words an element shows (its text, without the <title> tooltips), run together as
// assistive technology reads separate SVG texts ("2" and "6" read "26").
function shownText(node) {
  const parts = [];
  const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    if (!walk.currentNode.parentElement.closest("title")) parts.push(walk.currentNode.textContent);
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

function makeLegal(node, labels, run) {
  const label = labels.join(" / ");
  node.classList.add("legal");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("data-labels", labels.join("\n"));
  // The accessible name holds the words the element shows, then what choosing it does.
  const shown = shownText(node);
  node.setAttribute("aria-label", shown && !label.includes(shown) ? `${shown}: ${label}` : label);
  node.addEventListener("click", (e) => { e.stopPropagation(); run(); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); run(); }
  });
  const tipped = node.getAttribute("data-tip");
  const tip = node.querySelector(":scope > title");
  const words = tipped ? `${label}\n${tipped}` : label;
  if (tip) tip.textContent = words;
  else title(node, words);
}

// Binds node to one choice: a click (or Enter/Space) sends its action; its label says what.
export function bindChoice(node, choice, ctx) {
  node.setAttribute("data-action", choice.action);
  // ctx.confirm (the table page) may ask first: a tap on a touch screen shows what it does.
  makeLegal(node, [choice.label], () => (ctx.confirm ? ctx.confirm(node, choice) : ctx.act(choice.action)));
  return true;
}

// Binds node to several choices: a click opens the page's menu of their labels.
export function bindMenu(node, choices, ctx) {
  node.setAttribute("aria-haspopup", "menu");
  node.setAttribute("data-actions", choices.map((c) => c.action).join("\n"));
  makeLegal(node, choices.map((c) => c.label), () => ctx.menu(node, choices));
  return true;
}

// A rounded box with a label: the usual clickable chip (a card, a choice). A label too long for
// the box takes two lines where the box is tall enough, else a smaller font.
export function chip(x, y, w, h, label, attrs = {}) {
  const { fill = "#fff", stroke = "#9aa0a6", size = 13, weight = 600, colour = INK } = attrs;
  return svg("g", {},
    svg("rect", { class: "face", x, y, width: w, height: h, rx: 4, fill, stroke }),
    fitText(x + w / 2, y + h / 2 + size * 0.36, label, w - 6, { "text-anchor": "middle", "font-size": size,
      "font-weight": weight, fill: colour }, { lines: h >= size * 2.4 ? 2 : 1 }));
}

// A panel frame for one seat: a colour bar, the marker, the name; bold frame for the seat to move.
export function seatPanel(x, y, w, h, seat, names, mySeat, current) {
  const g = svg("g", {});
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 8, fill: "#fff",
    stroke: current ? INK : LINE, "stroke-width": current ? 3 : 1 }));
  g.append(svg("rect", { x, y, width: w, height: 8, rx: 3, fill: seatColour(seat) }));
  g.append(seatMarker(x + 18, y + 26, seat, 10));
  const name = seat === mySeat ? t("board.you", { name: seatName(names, seat) }) : seatName(names, seat);
  g.append(fitText(x + 34, y + 31, name + (current ? `  ${t("board.to_move")}` : ""), w - 42,
    { "font-weight": 700, "font-size": 15 }));
  return g;
}

// -- layout for the width the page gives, last moves, shared parts ---------------------
export const NARROW_BELOW = 700;  // CSS px: below this the board draws its narrow layout
export const WIDE = 1000;         // the wide layout's width in SVG units (scaled to fit)

// The width available to the board: ctx.width, else the #board element's width, else 1000.
export function boardWidth(ctx) {
  if (ctx && Number(ctx.width) > 0) return Number(ctx.width);
  const box = typeof document !== "undefined" && document.getElementById("board");
  if (!box || !box.clientWidth) return WIDE;
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
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
