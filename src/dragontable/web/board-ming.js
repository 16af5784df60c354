// Ming Dynasty: an SVG board drawn from one seat's view (nothing else).
// Wide layout (ming.md §2.2): provinces in a 3 × 2 grid in map order; in the north row district
// -1 is the northern strip, -2 the south-west, -3 the south-east; the south row is mirrored.
// The city sits where a province's three districts meet; province spaces lie at the edge.
// Narrow layout (a phone, ctx.width < 700): one province under another, each with its space
// above it; borders to another province are drawn inside the district as "exits".
// Target ids (games/ming/choices.py): district:<D>, province:<P> (the space), display:<P>,
// dragon:<P>, hand:<card>, player:<seat>.
import { t } from "/static/i18n.js";
import { svg, seatColour } from "/static/util.js";
import { icon, PALETTE } from "/static/icons.js";
import { counter, hitArea, layoutFor, marker, markRecent, INK, LINE, MUTED, NEUTRAL_COLOUR, NOT_MINE, bind, bindChoice, choicesAt, choicesOf, context, fitText, seatName,
  seatPanel, targetId, term, termWords, text, tip, title } from "/static/board-common.js";

// Words: t() keys board.ming.* and the game's terms (term(): board.ming.term.*). Districts are
// named as the log names them ("orange-1" in the province's word).
const PHASES = { setup: "board.ming.phases.setup", neutral: "board.ming.phases.neutral", 1: "board.ming.phases.1",
  2: "board.ming.phases.2", 3: "board.ming.phases.3", 4: "board.ming.phases.4", 5: "board.ming.phases.5",
  over: "board.ming.phases.over" };

// Pale province tints (the land) and the province colours (tiles, city roofs).
const TINTS = { orange: "#FBE3C8", purple: "#E6DAF0", teal: "#D3ECEA", brown: "#E8DCCB",
  pink: "#F8DDE8", white: "#F6F6F3" };
const HUES = { orange: PALETTE.orange, purple: "#8E5BA8", teal: "#1B9E8F", brown: "#8C6D46",
  pink: PALETTE.purple, white: "#FFFFFF" };
const CARD_FILL = "#FFFBF0";
const HOUSE = 15;

function cardWord(card) { return term("ming", card); }
function provinceWord(prov) { return term("ming", `province.${prov}`); }
function districtWord(district) { return termWords("ming", district); }
// A seat's (or the neutral colour's) round marker with its number, text never below 12.
function seatMarker(x, y, c, r = 9) {
  return marker(x, y, c === "neutral" ? NEUTRAL_COLOUR : seatColour(c), c === "neutral" ? t("board.neutral_mark") : String(c + 1), r);
}
function colourOf(view, c) { return c === view.neutral || c === "neutral" ? "neutral" : c; }
function cardTip(card) {
  return card === "dragon" ? t("board.ming.tip.dragon_card") : t("board.ming.tip.card", { card: cardWord(card) });
}

// -- geometry -------------------------------------------------------------------------------
// L: the layout (board-common.js: layoutFor) plus this board's sizes for it.
function geometry(ctx, view) {
  const L = layoutFor(ctx);
  const n = view.provinces.length;
  if (L.narrow) {
    const PW = L.W - 20, PH = 244, SPACE_H = 56, STEP = SPACE_H + 6 + PH + 14;
    return { ...L, PW, PH, SPACE_H, X0: 10, TOP: L.W < 420 ? 96 : 70, STEP, mapH: n * STEP,
      province(i) {
        const spaceY = this.TOP + i * STEP;
        return { x: this.X0, y: spaceY + SPACE_H + 6, w: PW, h: PH, north: true, spaceY };
      } };
  }
  const PW = 320, PH = 250, GAP = 10, SPACE_H = 54, TOP = 60, MAP_Y = TOP + SPACE_H + 6;
  return { ...L, PW, PH, SPACE_H, X0: 10, TOP, mapH: 2 * PH + GAP + 2 * SPACE_H + 12,
    province(i) {
      const col = i % 3, row = Math.floor(i / 3), north = row === 0;
      const x = this.X0 + col * (PW + GAP), y = MAP_Y + row * (PH + GAP);
      return { x, y, w: PW, h: PH, north, spaceY: north ? TOP : MAP_Y + 2 * PH + GAP + 6 };
    } };
}

// The rectangle of district k (0, 1, 2) of a province box, and where its city section sits.
function districtBox(p, k) {
  const strip = p.h * 0.38;
  const sy = p.north ? p.y + strip : p.y;              // y of the two split districts
  const hy = p.north ? p.y + strip : p.y + p.h - strip;  // y of the triple point
  if (k === 0) return { x: p.x, y: p.north ? p.y : p.y + p.h - strip, w: p.w, h: strip, hy, strip: true };
  return { x: p.x + (k - 1) * p.w / 2, y: sy, w: p.w / 2, h: p.h - strip, hy, strip: false, west: k === 1 };
}

// Where the border between two touching district rectangles is drawn; null if they do not touch.
function borderPoint(a, b) {
  const ox = [Math.max(a.x, b.x), Math.min(a.x + a.w, b.x + b.w)];
  const oy = [Math.max(a.y, b.y), Math.min(a.y + a.h, b.y + b.h)];
  if (ox[1] - ox[0] > 1 && oy[0] - oy[1] < 12) {
    const top = a.y < b.y ? a : b;
    const bottom = top === a ? b : a;
    return [(ox[0] + ox[1]) / 2, (top.y + top.h + bottom.y) / 2];
  }
  if (oy[1] - oy[0] > 1 && ox[0] - ox[1] < 12) {
    const left = a.x < b.x ? a : b;
    const right = left === a ? b : a;
    return [(left.x + left.w + right.x) / 2, (oy[0] + oy[1]) / 2];
  }
  return null;
}

// -- header ----------------------------------------------------------------------------------
function header(view, G) {
  const g = svg("g", {});
  const size = G.narrow ? 30 : 28;
  g.append(fitText(G.X0, 24, t("board.ming.round"), 60, { "font-weight": 700 }, { minSize: G.font }));
  for (let r = 1; r <= 6; r++) {
    const x = G.X0 + 64 + (r - 1) * (size + 4), now = r === view.round && !view.over, scoring = r % 2 === 0;
    const box = svg("g", {}, svg("rect", { x, y: 6, width: size, height: 26, rx: 4, fill: now ? "#E8F1F8" : "#fff",
      stroke: now ? INK : LINE, "stroke-width": now ? 3 : 1 }),
    text(x + (scoring ? 10 : size / 2), 24, String(r), { "text-anchor": "middle", "font-weight": now ? 700 : 400 }));
    if (scoring) box.append(icon("points", x + size - 15, 12, 13));
    tip(box, scoring ? t("board.ming.tip.scoring_round", { n: r }) : t("board.ming.tip.round", { n: r }), scoring ? "scoring" : "round");
    g.append(box);
  }
  const phaseKey = PHASES[view.over ? "over" : view.phase];
  const phase = phaseKey ? t(phaseKey) : "";
  const px = G.X0 + 64 + 6 * (size + 4) + 8;
  const factsY = G.narrow && G.W < 420 ? 62 : 24;
  if (G.narrow && G.W < 420) {
    g.append(fitText(G.X0, 52, t("board.ming.phase", { phase }), G.W - 20, { "font-weight": 700 }, { minSize: G.font }));
  } else {
    g.append(fitText(px, 24, t("board.ming.phase", { phase }), G.narrow ? G.W - px - 10 : 300, { "font-weight": 700 },
      { minSize: G.font }));
  }
  const facts = svg("g", {});
  let x = G.narrow ? G.X0 : G.W - 250;
  const y = G.narrow ? (G.W < 420 ? factsY + 20 : 52) : 24;
  for (const [name, n, words] of [["ming-dragon", view.dragons, t("board.ming.tip.dragons", { n: view.dragons })],
    ["ming-deck", view.deck_size, t("board.ming.tip.deck", { n: view.deck_size })],
    ["ming-box", view.discard.length, t("board.ming.tip.discard", { n: view.discard.length })]]) {
    facts.append(counter(name, x, y, n, words, { size: 20 }));
    x += 60;
  }
  if (view.scoring) {
    const words = t("board.ming.scoring", { province: provinceWord(view.scoring) });
    facts.append(svg("rect", { x: x - 4, y: y - 17, width: 14, height: 14, rx: 2, fill: HUES[view.scoring], stroke: INK }));
    facts.append(fitText(x + 16, y, words, (G.narrow ? G.W - 10 : G.W - 10) - x - 16, { "font-weight": 700 },
      { minSize: G.font }));
  }
  g.append(facts);
  if (!G.narrow) {
    g.append(text(G.X0, 50, view.map.reconstructed ? t("board.ming.reconstructed") : view.map.name,
      { "font-size": 12, fill: MUTED }));
  }
  return g;
}

// -- the map ---------------------------------------------------------------------------------
// A row of seat markers with counts: [[colour, n], ...].
function counts(x, y, pairs, names, font) {
  const g = svg("g", {});
  let cx = x;
  for (const [c, n] of pairs) {
    const m = seatMarker(cx + 9, y, c, 9);
    title(m, t("board.ming.members", { who: c === "neutral" ? t("board.ming.neutral") : seatName(names, c), n }));
    g.append(m, text(cx + 21, y + 5, `×${n}`, { "font-size": Math.max(font, 13), "font-weight": 600 }));
    cx += 48;
  }
  return g;
}

function presentCounts(view, list) {
  return list.map((n, c) => [colourOf(view, c), n]).filter(([, n]) => n > 0);
}

// A movement card drawn as a card: its transport's picture (the word is its tip).
function card(x, y, w, h, name, attrs = {}) {
  const s = Math.min(w, h) * 0.62;
  return svg("g", {}, svg("rect", { class: "face", x, y, width: w, height: h, rx: 5, fill: attrs.fill || CARD_FILL,
    stroke: "#8c6d46", "stroke-width": 1.5 }),
  icon(`ming-${name}`, x + (w - s) / 2, y + (h - s) / 2, s));
}

function provinceSpace(view, prov, p, names, ctx, G) {
  const y = p.spaceY, h = G.SPACE_H;
  const cw = G.narrow ? 48 : 44, ch = G.narrow ? 48 : 42, cy = y + (h - ch) / 2;
  const g = svg("g", {});
  const box = svg("g", {}, svg("rect", { class: "face", x: p.x, y, width: p.w, height: h, rx: 6,
    fill: TINTS[prov.id] || "#eee", stroke: "#9aa0a6" }),
  svg("rect", { x: p.x + 6, y: y + 6, width: 12, height: 12, rx: 2, fill: HUES[prov.id], stroke: INK }),
  fitText(p.x + 22, y + 17, provinceWord(prov.id), p.w - 2 * cw - 110, { "font-weight": 700 }, { minSize: G.font }));
  box.append(counter("ming-tile", p.x + p.w - 2 * cw - 66, y + 18, prov.tiles_left,
    t("board.ming.tip.tiles_left", { province: provinceWord(prov.id), n: prov.tiles_left }), { size: 16, font: 13 }));
  box.append(counts(p.x + 8, y + 38, presentCounts(view, prov.space), names, G.font));
  tip(box, t("board.ming.tip.space", { province: provinceWord(prov.id) }), "round");
  bind(box, targetId("province", prov.id), ctx);
  g.append(box);
  const display = card(p.x + p.w - 2 * cw - 10, cy, cw, ch, prov.display);
  tip(display, `${t("board.ming.display", { card: cardWord(prov.display) })}: ${t("board.ming.tip.display")}`, "cards");
  bind(display, targetId("display", prov.id), ctx);
  const dragon = card(p.x + p.w - cw - 4, cy, cw, ch, "dragon", { fill: "#FFF3D6" });
  tip(dragon, t("board.ming.tip.take_dragon"), "cards");
  if (bind(dragon, targetId("dragon", prov.id), ctx) || choicesOf(ctx, "dragon").length || view.dragons) g.append(dragon);
  g.append(display);
  return g;
}

function prince(x, y, seat, names) {
  const d = `M${x} ${y - 14} L${x + 12} ${y - 5} L${x + 8} ${y + 11} L${x - 8} ${y + 11} L${x - 12} ${y - 5} Z`;
  const g = svg("g", { class: "prince" }, svg("path", { d, fill: seatColour(seat), stroke: INK, "stroke-width": 2 }),
    text(x, y + 6, String(seat + 1), { "text-anchor": "middle", fill: "#fff", "font-size": 13, "font-weight": 700 }));
  return tip(g, t("board.ming.tip.prince", { name: seatName(names, seat) }), "moving");
}

function cloister(x, y, occupant, names) {
  const g = svg("g", { class: "cloister" }, icon("ming-cloister", x - 3, y - 12, 32));
  if (occupant !== null) g.append(seatMarker(x + 13, y + 10, occupant, 9));
  const who = occupant === null ? t("board.ming.empty") : occupant === "neutral" ? t("board.ming.neutral")
    : seatName(names, occupant);
  return tip(g, t("board.ming.tip.cloister", { who }), "moving");
}

// The borders of d to districts drawn elsewhere (another province, in the narrow layout): a
// small sign per border with its transport and the neighbour's name.
// They run from (x, y) to at most x `right`, in a row or one under another (`stacked`).
function exits(d, x0, y0, right, far, stacked) {
  const g = svg("g", {});
  let x = x0, y = y0;
  for (const [n, transport] of far) {
    const words = districtWord(n);
    const w = Math.max(60, Math.min(28 + words.length * 7.5, (stacked ? right - x0 : (right - x0) / far.length - 4)));
    const sign = svg("g", { class: "exit" }, svg("rect", { x, y, width: w, height: 20, rx: 10, fill: "#fff", stroke: MUTED }),
      icon(`ming-${transport}`, x + 3, y + 2, 16), fitText(x + 21, y + 15, words, w - 24, { "font-size": 12, fill: INK },
        { minSize: 12 }));
    tip(sign, t("board.ming.tip.border", { a: districtWord(d.id), b: words, card: cardWord(transport) }));
    g.append(sign);
    if (stacked) y += 22;
    else x += w + 4;
  }
  return g;
}

function district(view, d, box, names, ctx, G, far) {
  const g = svg("g", { class: "district" });
  g.append(svg("rect", { class: "face", x: box.x, y: box.y, width: box.w, height: box.h,
    fill: TINTS[d.province] || "#eee", stroke: "#5f6368", "stroke-width": 1 }));
  // The city badge covers the middle of the edge at the triple point: text stays clear of it.
  const cityTop = Math.abs(box.hy - box.y) < 1;
  const y0 = box.y + (cityTop && !box.strip ? 42 : 20);
  const name = districtWord(d.id);
  const nameW = Math.min(box.w - 62, 12 + name.length * 8);
  g.append(fitText(box.x + 10, y0, name, nameW, { "font-size": 13, fill: MUTED, "font-weight": 600 }, { minSize: G.font }));
  g.append(cloister(box.x + box.w - 38, y0 - 8, d.cloister === null ? null : colourOf(view, d.cloister), names));
  g.append(counts(box.x + 12, y0 + 26, presentCounts(view, d.open), names, G.font));
  d.princes.forEach((s, k) => g.append(prince(box.x + 26 + k * 30, y0 + 58, s, names)));
  if (far.length) {
    g.append(box.strip ? exits(d, box.x + 16 + nameW, y0 - 15, box.x + box.w - 44, far, false)
      : exits(d, box.x + 8, box.y + box.h - 6 - 22 * far.length, box.x + box.w - 8 - 50 * stepsInto(d, ctx), far, true));
  }
  tip(g, t("board.ming.tip.district", { district: districtWord(d.id) }), "scoring");
  // prince, neutral, back, stop (own prince) and moves: a click plays the first choice here
  // (the server lists a dragon card's step last); moveChips offers the other cards.
  bind(g, targetId("district", d.id), ctx);
  moveChips(g, d, box, ctx, G);
  return g;
}

function stepsInto(d, ctx) {
  return choicesAt(ctx, targetId("district", d.id)).filter((c) => c.card).length;
}

// One card per card that may pay the step into this district: the district's own choice (what a
// click on the district plays) is drawn outlined, the others are clickable on their own.
function moveChips(g, d, box, ctx, G) {
  const steps = choicesAt(ctx, targetId("district", d.id)).filter((c) => c.card);
  const own = g.getAttribute("data-action");
  const w = G.narrow ? 44 : 34, h = G.narrow ? 44 : 34;
  // The city covers the middle of the province: where it sits at this box's bottom right
  // corner (the west half of a south province), the cards start at the left.
  const left = box.west && Math.abs(box.hy - (box.y + box.h)) < 1;
  steps.forEach((step, k) => {
    const x = left ? box.x + 6 + (w + 6) * k : box.x + box.w - (w + 6) * (k + 1);
    const c = card(x, box.y + box.h - h - 6, w, h, step.card);
    tip(c, cardTip(step.card));
    if (step.action !== own) {
      c.addEventListener("click", (e) => e.stopPropagation());
      bindChoice(c, step, ctx);
    } else c.classList.add("pays");
    g.append(c);
  });
}

function city(view, prov, boxes) {
  const ds = view.districts.filter((d) => d.province === prov.id);
  const b = boxes.get(ds[0].id);
  const cx = boxes.get(ds[1].id).x + boxes.get(ds[1].id).w, cy = b.hy;
  const north = b.y < cy;
  const g = svg("g", { class: "city" }, svg("rect", { x: cx - 56, y: cy - 24, width: 112, height: 48, rx: 10,
    fill: "#fff", stroke: INK, "stroke-width": 1.5 }),
  svg("rect", { x: cx - 56, y: cy - 24, width: 112, height: 5, rx: 2, fill: HUES[prov.id] }));
  const rows = [[ds[0], cx - 24, north ? cy - 18 : cy + 4], [ds[1], cx - 52, north ? cy + 4 : cy - 18],
    [ds[2], cx + 4, north ? cy + 4 : cy - 18]];
  for (const [d, x, y] of rows) {
    for (let h = 0; h < 3; h++) {
      const who = d.city[h];
      const hx = x + h * (HOUSE + 1);
      if (who === undefined) g.append(svg("path", { d: `M${hx} ${y + 5} L${hx + HOUSE / 2} ${y} L${hx + HOUSE} ${y + 5} V${y + HOUSE} H${hx} Z`,
        fill: "#fff", stroke: "#9aa0a6" }));
      else g.append(seatMarker(hx + HOUSE / 2, y + HOUSE / 2, colourOf(view, who), HOUSE / 2 + 0.5));
    }
  }
  return tip(g, t("board.ming.tip.city", { province: provinceWord(prov.id) }), "scoring");
}

function borderSign(x, y, a, b, transport) {
  const g = svg("g", { class: "border" }, svg("circle", { cx: x, cy: y, r: 13, fill: "#fff", stroke: INK, "stroke-width": 1.5 }),
    icon(`ming-${transport}`, x - 9, y - 9, 18));
  return tip(g, t("board.ming.tip.border", { a: districtWord(a), b: districtWord(b), card: cardWord(transport) }));
}

function board(view, names, ctx, G) {
  const g = svg("g", {});
  const boxes = new Map();
  view.provinces.forEach((prov, i) => {
    const p = G.province(i);
    view.districts.filter((d) => d.province === prov.id).forEach((d, k) => boxes.set(d.id, districtBox(p, k)));
  });
  // Borders between touching districts get a sign on the border; the others an exit inside.
  const signs = [], far = new Map();
  const seen = new Set();
  for (const d of view.districts) {
    for (const [n, transport] of Object.entries(d.borders)) {
      const key = [d.id, n].sort().join("|");
      if (!boxes.has(d.id) || !boxes.has(n)) continue;
      const point = borderPoint(boxes.get(d.id), boxes.get(n));
      if (point && !seen.has(key)) signs.push(borderSign(point[0], point[1], d.id, n, transport));
      if (!point) far.set(d.id, [...(far.get(d.id) || []), [n, transport]]);
      seen.add(key);
    }
  }
  const drawn = view.districts.filter((d) => boxes.has(d.id))
    .map((d) => district(view, d, boxes.get(d.id), names, ctx, G, far.get(d.id) || []));
  // Legal districts last, so that no neighbour covers their outline.
  g.append(...drawn.filter((n) => !n.classList.contains("legal")), ...drawn.filter((n) => n.classList.contains("legal")));
  view.provinces.forEach((prov, i) => {
    const p = G.province(i);
    g.append(svg("rect", { x: p.x, y: p.y, width: p.w, height: p.h, fill: "none", stroke: INK, "stroke-width": 3, rx: 2 }));
    g.append(city(view, prov, boxes));
    g.append(provinceSpace(view, prov, p, names, ctx, G));
  });
  g.append(...signs);
  return g;
}

// -- players ---------------------------------------------------------------------------------
function handRow(x, y, w, p, ctx, G) {
  const g = svg("g", {});
  const ch = G.narrow ? 48 : 40, cw = G.narrow ? 46 : 38;
  if (!p.hand) {
    for (let k = 0; k < p.hand_size; k++) {
      g.append(svg("rect", { x: x + k * 16, y, width: 26, height: ch - 8, rx: 3, fill: "#8c6d46", stroke: "#fff" }));
    }
    const back = svg("g", {}, text(x + p.hand_size * 16 + 18, y + ch / 2, t("board.ming.cards", { n: p.hand_size }),
      { "font-size": 13 }));
    g.append(tip(back, t("board.ming.tip.hand", { n: p.hand_size })));
    return g;
  }
  const held = [...new Set(p.hand)];
  held.forEach((name, k) => {
    const n = p.hand.filter((c) => c === name).length;
    const cx = x + k * (cw + 14);
    const c = card(cx, y, cw, ch, name, { fill: name === "dragon" ? "#FFF3D6" : CARD_FILL });
    if (n > 1) {
      c.append(svg("circle", { cx: cx + cw, cy: y + 4, r: 9, fill: INK }),
        text(cx + cw, y + 8.5, String(n), { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }));
    }
    tip(c, `${cardWord(name)} ×${n}: ${cardTip(name)}`);
    bind(c, targetId("hand", name), ctx);
    g.append(c);
  });
  if (!p.hand.length) g.append(text(x, y + ch / 2, "—", { fill: MUTED }));
  void w;
  return g;
}

function tileRow(x, y, w, view, p) {
  const g = svg("g", {});
  const tw = Math.min(44, w / view.provinces.length);
  view.provinces.forEach((prov, k) => {
    const n = p.tiles[prov.id] || 0;
    const cx = x + k * tw + (tw - 5) / 2;
    g.append(tip(svg("g", { opacity: n ? 1 : 0.45 }, svg("rect", { x: x + k * tw, y, width: tw - 5, height: 30, rx: 4,
      fill: TINTS[prov.id] || "#eee", stroke: n ? INK : LINE }),
    svg("rect", { x: x + k * tw, y, width: tw - 5, height: 6, rx: 2, fill: HUES[prov.id], stroke: n ? INK : LINE }),
    text(cx, y + 24, String(n), { "text-anchor": "middle", "font-weight": n ? 700 : 400, fill: n ? INK : MUTED })),
    t("board.ming.tip.tiles", { province: provinceWord(prov.id), n })));
  });
  return g;
}

function playerPanel(view, p, names, mySeat, x, y, w, h, ctx, G) {
  const g = seatPanel(x, y, w, h, p.seat, names, mySeat, view.current_player === p.seat);
  if (G.narrow) g.append(hitArea(x, y, w, h));
  const row1 = y + 60, step = Math.min(66, (w - 20) / 4);
  g.append(counter("points", x + 10, row1, p.score, t("board.ming.tip.score", { n: p.score }), { size: 20, font: 16, weight: 700 }),
    counter("ming-members", x + 10 + step, row1, p.supply, t("board.ming.tip.supply", { n: p.supply }), { size: 20 }),
    counter("ming-cloister", x + 10 + 2 * step, row1, p.cloisters, t("board.ming.tip.cloisters", { n: p.cloisters }), { size: 20 }),
    counter("ming-box", x + 10 + 3 * step, row1, p.box, t("board.ming.tip.box", { n: p.box }), { size: 20 }));
  const row2 = y + 88;
  const princeAt = p.prince ? districtWord(p.prince) : "—";
  let sx = x + 10;
  const status = svg("g", {}, icon("ming-prince", sx, row2 - 15, 18), fitText(sx + 22, row2, princeAt, Math.min(110, w / 2 - 30),
    { "font-size": 13 }, { minSize: G.font }));
  tip(status, t("board.ming.prince", { district: princeAt }));
  g.append(status);
  sx += Math.min(136, w / 2);
  const badges = [];
  if (view.start_player === p.seat) badges.push(["ming-start", "", t("board.ming.tip.start")]);
  if (p.passed) badges.push(["ming-pass", "", t("board.ming.tip.passed")]);
  if ("return" in p) badges.push(["ming-return", p.return, t("board.ming.returns", { n: p.return })]);
  else if (p.return_committed) badges.push(["ming-return", "?", t("board.ming.return_chosen")]);
  for (const [name, value, words] of badges) {
    g.append(counter(name, sx, row2, value, words, { size: 20 }));
    sx += value === "" ? 28 : 46;
  }
  g.append(tileRow(x + 10, y + 98, w - 20, view, p));
  g.append(handRow(x + 10, y + 136, w - 20, p, p.seat === mySeat ? ctx : NOT_MINE, G));
  bind(g, targetId("player", p.seat), ctx);
  return g;
}

export function drawMing(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const G = geometry(rawCtx, view);
  const n = view.players.length;
  const PANEL_H = G.narrow ? 196 : 186;
  const panelY = G.TOP + G.mapH + 10;
  const cols = G.narrow ? 1 : n;
  const rows = Math.ceil(n / cols);
  const height = panelY + rows * (PANEL_H + 8) + 4;
  const root = svg("svg", { viewBox: `0 0 ${G.W} ${height}`, role: "img",
    class: `board board-ming ${G.narrow ? "narrow" : "wide"}`, "aria-label": t("board.ming.label", { round: view.round }) });
  if (G.narrow) root.setAttribute("width", G.W);
  root.append(header(view, G), board(view, names, ctx, G));
  const w = (G.W - 20 - (cols - 1) * 8) / cols;
  view.players.forEach((p, i) => root.append(playerPanel(view, p, names, mySeat, G.X0 + (i % cols) * (w + 8),
    panelY + Math.floor(i / cols) * (PANEL_H + 8), w, PANEL_H, ctx, G)));
  markRecent(root, rawCtx);
  return root;
}

// What boards.js calls for this game.
export { drawMing as draw };
