// A readable structured rendering of any game's view, for games without a drawn board.
import { el } from "/static/util.js";

function value(v, depth) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", {}, v.join(", ") || "—");
    return el("div", {}, ...v.map((x, i) => {
      const d = el("details", {}, el("summary", {}, `#${i + 1}`), value(x, depth + 1));
      d.open = depth < 2;
      return d;
    }));
  }
  if (typeof v === "object") {
    const dl = el("dl");
    for (const [k, x] of Object.entries(v)) dl.append(el("dt", {}, k.replaceAll("_", " ")), el("dd", {}, value(x, depth + 1)));
    return dl;
  }
  return el("span", {}, String(v));
}

export function drawGeneric(view) {
  return el("div", { class: "generic" }, value(view, 0));
}
