// Helpers shared by the SVG boards: text, seat markers and clickable legal actions.
//
// Board contract: draw(view, names, mySeat, ctx) -> element, where
// ctx = { legal: [notation strings legal for me now], act: (notation) => void }.
// An element bound to a legal action gets class "legal" and data-action="<notation>";
// clicking it (or Enter/Space when focused) calls ctx.act(notation).
import { svg, seatColour } from "/static/util.js";

export const INK = "#1d1d1f";
export const MUTED = "#5f6368";
export const LINE = "#c5cad0";
export const NEUTRAL_COLOUR = "#6b6b6b";

// Every visible word of this module (translations replace the values).
export const WORDS = { seat: "Seat", neutralMark: "N", you: "you", toMove: "to move" };

const NO_CTX = { legal: [], act: () => {} };

// The context a board works with: ctx as given, or a read-only one.
export function context(ctx) {
  return { legal: (ctx && ctx.legal) || [], act: (ctx && ctx.act) || NO_CTX.act };
}

export function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-size": 14, fill: INK, ...attrs }, content);
}

export function title(node, words) {
  node.append(svg("title", {}, words));
  return node;
}

// A seat's name as shown on a board.
export function seatName(names, seat) {
  return names[seat] || `${WORDS.seat} ${seat + 1}`;
}

// A round seat marker: Okabe-Ito colour plus the seat number, so colour is never the only cue.
// seat === "neutral" draws the grey neutral marker with an N.
export function seatMarker(x, y, seat, r = 9) {
  const neutral = seat === "neutral";
  const fill = neutral ? NEUTRAL_COLOUR : seatColour(seat);
  return svg("g", {},
    svg("circle", { cx: x, cy: y, r, fill, stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + r * 0.42, neutral ? WORDS.neutralMark : String(seat + 1), { "text-anchor": "middle", fill: "#fff",
      "font-size": Math.round(r * 1.25), "font-weight": 700 }));
}

// Binds node to `action` when it is legal now; returns whether it did.
// The node should hold a shape with class "face": that is what the style highlights.
export function bind(node, action, ctx) {
  if (!action || !ctx.legal.includes(action)) return false;
  node.classList.add("legal");
  node.setAttribute("data-action", action);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", action);
  node.addEventListener("click", () => ctx.act(action));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(action); }
  });
  if (!node.querySelector(":scope > title")) title(node, action);
  return true;
}

// The legal actions whose first word is `verb`, split into their remaining words.
export function argsOf(ctx, verb) {
  return ctx.legal.filter((a) => a.split(" ")[0] === verb).map((a) => a.split(" ").slice(1));
}

// A rounded box with a label: the usual clickable chip (a card, a choice).
export function chip(x, y, w, h, label, attrs = {}) {
  const { fill = "#fff", stroke = "#9aa0a6", size = 13, weight = 600, colour = INK } = attrs;
  return svg("g", {},
    svg("rect", { class: "face", x, y, width: w, height: h, rx: 4, fill, stroke }),
    text(x + w / 2, y + h / 2 + size * 0.36, label, { "text-anchor": "middle", "font-size": size,
      "font-weight": weight, fill: colour }));
}

// A panel frame for one seat: a colour bar, the marker, the name; bold frame for the seat to move.
export function seatPanel(x, y, w, h, seat, names, mySeat, current) {
  const g = svg("g", {});
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 8, fill: "#fff",
    stroke: current ? INK : LINE, "stroke-width": current ? 3 : 1 }));
  g.append(svg("rect", { x, y, width: w, height: 8, rx: 3, fill: seatColour(seat) }));
  g.append(seatMarker(x + 18, y + 26, seat, 10));
  const name = `${seatName(names, seat)}${seat === mySeat ? ` (${WORDS.you})` : ""}`;
  g.append(text(x + 34, y + 31, name + (current ? `  ◀ ${WORDS.toMove}` : ""), { "font-weight": 700, "font-size": 15 }));
  return g;
}
