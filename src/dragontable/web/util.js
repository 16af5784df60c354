// Small DOM helpers shared by the lobby and the table page.

// Okabe-Ito colours, safe for the common colour-vision deficiencies.
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];

// A game whose players have colours of their own (Chang Cheng's red, green…) names them
// through its board module (seatColours(view)); the page then uses them everywhere.
let gameColours = null;

export function setSeatColours(colours) {
  gameColours = colours && colours.length ? colours : null;
}

export function seatColour(seat) {
  if (gameColours && gameColours[seat]) return gameColours[seat];
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// Attributes onto a node; `style` goes through the CSSOM (node.style), which the pages'
// Content-Security-Policy allows, where a style attribute would be refused.
function setAttributes(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "style") node.style.cssText = String(v);
    else node.setAttribute(k, String(v));
  }
}

// el("div", {class: "x"}, "text", child) -> an HTML element; text is never parsed as HTML.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

// svg("rect", {x: 1}, ...) -> an SVG element; strings become text nodes.
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
