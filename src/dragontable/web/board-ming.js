// Ming Dynasty: an SVG board drawn from one seat's view (nothing else).
// Layout (ming.md §2.2): provinces in a 3 × 2 grid in map order; in the north row district
// -1 is the northern strip, -2 the south-west, -3 the south-east; the south row is mirrored.
// The city sits where a province's three districts meet; province spaces lie at the edge.
// Target ids (games/ming/choices.py): district:<D>, province:<P> (the space), display:<P>,
// dragon:<P>, hand:<card>, player:<seat>.
import { t } from "/static/i18n.js";
import { svg, seatColour } from "/static/util.js";
import { INK, LINE, MUTED, NOT_MINE, bind, bindChoice, chip, choicesAt, choicesOf, context, fitText, seatMarker, seatName,
  seatPanel, targetId, term, termWords, text, title } from "/static/board-common.js";

// Words: t() keys board.ming.* and the game's terms (term(): board.ming.term.*). Districts are
// named as the log names them ("orange-1" in the province's word), the marks are abbreviations.
const PHASES = { setup: "board.ming.phases.setup", neutral: "board.ming.phases.neutral", 1: "board.ming.phases.1",
  2: "board.ming.phases.2", 3: "board.ming.phases.3", 4: "board.ming.phases.4", 5: "board.ming.phases.5",
  over: "board.ming.phases.over" };
const CARD_MARKS = { horse: "board.ming.mark.horse", boat: "board.ming.mark.boat",
  palanquin: "board.ming.mark.palanquin", dragon: "board.ming.mark.dragon" };
const PROVINCE_MARKS = { orange: "board.ming.mark.orange", purple: "board.ming.mark.purple", teal: "board.ming.mark.teal",
  brown: "board.ming.mark.brown", pink: "board.ming.mark.pink", white: "board.ming.mark.white" };

// Pale province tints (background only; pieces carry the seat colours).
const TINTS = { orange: "#FBE3C8", purple: "#E6DAF0", teal: "#D3ECEA", brown: "#E8DCCB",
  pink: "#F8DDE8", white: "#F6F6F3" };
const W = 1000, PW = 320, PH = 250, GAP = 10, X0 = 10;
const TOP = 60, SPACE_H = 54, MAP_Y = TOP + SPACE_H + 6;
const HOUSE = 15, PANEL_H = 180;

function cardWord(card) { return term("ming", card); }
function cardMark(card) { return card in CARD_MARKS ? t(CARD_MARKS[card]) : card.slice(0, 1).toUpperCase(); }
function provinceWord(prov) { return term("ming", `province.${prov}`); }
function districtWord(district) { return termWords("ming", district); }
function colourOf(view, c) { return c === view.neutral || c === "neutral" ? "neutral" : c; }

function provinceBox(i) {
  const col = i % 3, row = Math.floor(i / 3);
  return { x: X0 + col * (PW + GAP), y: MAP_Y + row * (PH + GAP), north: row === 0 };
}

// The rectangle of district k (0, 1, 2) of a province box, and where its city section sits.
function districtBox(p, k) {
  const strip = PH * 0.4;
  const sy = p.north ? p.y + strip : p.y;            // y of the two split districts
  const hy = p.north ? p.y + strip : p.y + PH - strip;  // y of the triple point
  if (k === 0) return { x: p.x, y: p.north ? p.y : p.y + PH - strip, w: PW, h: strip, hy };
  return { x: p.x + (k - 1) * PW / 2, y: sy, w: PW / 2, h: PH - strip, hy };
}

// Where the border between two district rectangles is drawn.
function borderPoint(a, b) {
  const ox = [Math.max(a.x, b.x), Math.min(a.x + a.w, b.x + b.w)];
  const oy = [Math.max(a.y, b.y), Math.min(a.y + a.h, b.y + b.h)];
  if (ox[1] - ox[0] > 1) {
    const top = a.y < b.y ? a : b;
    const bottom = top === a ? b : a;
    return [(ox[0] + ox[1]) / 2, (top.y + top.h + bottom.y) / 2];
  }
  if (oy[1] - oy[0] > 1) {
    const left = a.x < b.x ? a : b;
    const right = left === a ? b : a;
    return [(left.x + left.w + right.x) / 2, (oy[0] + oy[1]) / 2];
  }
  return [(a.x + a.w / 2 + b.x + b.w / 2) / 2, (a.y + a.h / 2 + b.y + b.h / 2) / 2];
}

function header(view) {
  const g = svg("g", {});
  g.append(fitText(X0, 22, t("board.ming.round"), 50, { "font-weight": 700 }));
  for (let r = 1; r <= 6; r++) {
    const x = X0 + 56 + (r - 1) * 36, now = r === view.round && !view.over;
    const box = svg("g", {}, svg("rect", { x, y: 6, width: 30, height: 24, rx: 4, fill: now ? "#E8F1F8" : "#fff",
      stroke: now ? INK : LINE, "stroke-width": now ? 3 : 1 }),
    text(x + 15, 23, r % 2 === 0 ? `${r}★` : String(r), { "text-anchor": "middle", "font-weight": now ? 700 : 400 }));
    if (r % 2 === 0) title(box, t("board.ming.scoring_round"));
    g.append(box);
  }
  const phaseKey = PHASES[view.over ? "over" : view.phase];
  const phase = phaseKey ? t(phaseKey) : view.phase;
  const facts = [t("board.ming.dragons", { n: view.dragons }), t("board.ming.deck", { n: view.deck_size }),
    t("board.ming.discard", { n: view.discard.length })];
  if (view.scoring) facts.unshift(t("board.ming.scoring", { province: provinceWord(view.scoring) }));
  g.append(fitText(X0 + 280, 23, t("board.ming.phase", { phase }), 330, { "font-weight": 700 }));
  g.append(fitText(W - 10, 23, facts.join(" · "), 360, { "text-anchor": "end", fill: MUTED }));
  g.append(text(X0, 48, view.map.reconstructed ? t("board.ming.reconstructed") : view.map.name, { "font-size": 12, fill: MUTED }));
  return g;
}

// A row of seat markers with counts: [[colour, n], ...].
function counts(x, y, pairs, names) {
  const g = svg("g", {});
  let cx = x;
  for (const [c, n] of pairs) {
    const m = seatMarker(cx + 9, y, c, 9);
    title(m, t("board.ming.members", { who: c === "neutral" ? t("board.ming.neutral") : seatName(names, c), n }));
    g.append(m, text(cx + 21, y + 5, `×${n}`, { "font-size": 13, "font-weight": 600 }));
    cx += 46;
  }
  return g;
}

function presentCounts(view, list) {
  return list.map((n, c) => [colourOf(view, c), n]).filter(([, n]) => n > 0);
}

function provinceSpace(view, prov, i, names, ctx) {
  const p = provinceBox(i);
  const y = p.north ? TOP : MAP_Y + 2 * PH + GAP + 6;
  const g = svg("g", {});
  const box = svg("g", {}, svg("rect", { class: "face", x: p.x, y, width: PW, height: SPACE_H, rx: 6,
    fill: TINTS[prov.id] || "#eee", stroke: "#9aa0a6" }),
  fitText(p.x + 8, y + 18, provinceWord(prov.id), 96, { "font-weight": 700 }),
  fitText(p.x + PW - 136, y + 18, t("board.ming.tiles_left", { n: prov.tiles_left }), 80, { "font-size": 12, fill: MUTED,
    "text-anchor": "end" }));
  box.append(counts(p.x + 8, y + 38, presentCounts(view, prov.space), names));
  title(box, t("board.ming.space", { province: provinceWord(prov.id) }));
  bind(box, targetId("province", prov.id), ctx);
  g.append(box);
  const card = chip(p.x + PW - 126, y + 8, 70, 38, cardWord(prov.display), { size: 12 });
  title(card, t("board.ming.display", { card: cardWord(prov.display) }));
  bind(card, targetId("display", prov.id), ctx);
  const dragon = chip(p.x + PW - 52, y + 8, 46, 38, cardWord("dragon"), { fill: "#FFF3D6", size: 11 });
  title(dragon, t("board.ming.take_dragon"));
  if (bind(dragon, targetId("dragon", prov.id), ctx) || choicesOf(ctx, "dragon").length) g.append(dragon);
  g.append(card);
  return g;
}

function prince(x, y, seat, names) {
  const d = `M${x} ${y - 14} L${x + 11} ${y - 5} L${x + 8} ${y + 10} L${x - 8} ${y + 10} L${x - 11} ${y - 5} Z`;
  const g = svg("g", {}, svg("path", { d, fill: seatColour(seat),
    stroke: INK, "stroke-width": 2 }),
  text(x, y + 5, String(seat + 1), { "text-anchor": "middle", fill: "#fff", "font-size": 13, "font-weight": 700 }));
  return title(g, t("board.ming.prince_of", { name: seatName(names, seat) }));
}

function cloister(x, y, occupant, names) {
  const g = svg("g", {}, svg("path", { d: `M${x - 3} ${y} L${x + 13} ${y - 9} L${x + 29} ${y} Z`, fill: "#9aa0a6" }),
    svg("rect", { x, y, width: 26, height: 22, fill: "#fff", stroke: "#5f6368" }));
  if (occupant !== null) g.append(seatMarker(x + 13, y + 11, occupant, 9));
  const who = occupant === null ? t("board.ming.empty") : occupant === "neutral" ? t("board.ming.neutral")
    : seatName(names, occupant);
  return title(g, t("board.ming.cloister", { who }));
}

function district(view, d, box, names, ctx) {
  const g = svg("g", { class: "district" });
  g.append(svg("rect", { class: "face", x: box.x, y: box.y, width: box.w, height: box.h,
    fill: TINTS[d.province] || "#eee", stroke: "#5f6368", "stroke-width": 1 }));
  const cityTop = Math.abs(box.hy - box.y) < 1;
  const y0 = box.y + (cityTop && box.w < PW ? 40 : 18);
  g.append(fitText(box.x + 14, y0, districtWord(d.id), box.w - 56, { "font-size": 12, fill: MUTED }));
  g.append(cloister(box.x + box.w - 34, y0 - 8, d.cloister === null ? null : colourOf(view, d.cloister), names));
  g.append(counts(box.x + 16, y0 + 26, presentCounts(view, d.open), names));
  d.princes.forEach((s, k) => g.append(prince(box.x + 28 + k * 28, y0 + 58, s, names)));
  title(g, districtWord(d.id));
  // prince, neutral, back, stop (own prince) and moves: a click plays the first choice here
  // (the server lists a dragon card's step last); moveChips offers the other cards.
  bind(g, targetId("district", d.id), ctx);
  moveChips(g, d, box, ctx);
  return g;
}

// One chip per card that may pay the step into this district: the district's own choice
// (what a click on the district plays) is a plain label, the others are clickable.
function moveChips(g, d, box, ctx) {
  const steps = choicesAt(ctx, targetId("district", d.id)).filter((c) => c.card);
  const own = g.getAttribute("data-action");
  steps.forEach((step, k) => {
    const c = chip(box.x + box.w - 36 - k * 34, box.y + box.h - 30, 30, 24, cardMark(step.card), { size: 13 });
    title(c, cardWord(step.card));
    if (step.action !== own) {
      c.addEventListener("click", (e) => e.stopPropagation());
      bindChoice(c, step, ctx);
    }
    g.append(c);
  });
}

function city(view, prov, boxes, names) {
  const ds = view.districts.filter((d) => d.province === prov.id);
  const b = boxes.get(ds[0].id);
  const cx = boxes.get(ds[1].id).x + PW / 2, cy = b.hy;
  const north = boxes.get(ds[0].id).y < cy;
  const g = svg("g", {}, svg("rect", { x: cx - 56, y: cy - 24, width: 112, height: 48, rx: 10,
    fill: "#fff", stroke: INK, "stroke-width": 1.5 }));
  const rows = [[ds[0], cx - 24, north ? cy - 20 : cy + 4], [ds[1], cx - 52, north ? cy + 4 : cy - 20],
    [ds[2], cx + 4, north ? cy + 4 : cy - 20]];
  for (const [d, x, y] of rows) {
    for (let h = 0; h < 3; h++) {
      const who = d.city[h];
      const hx = x + h * (HOUSE + 1);
      if (who === undefined) g.append(svg("rect", { x: hx, y, width: HOUSE, height: HOUSE, fill: "#fff", stroke: "#9aa0a6" }));
      else g.append(seatMarker(hx + HOUSE / 2, y + HOUSE / 2, colourOf(view, who), HOUSE / 2 + 0.5));
    }
  }
  return title(g, t("board.ming.city", { province: provinceWord(prov.id) }));
}

function borders(view, boxes) {
  const g = svg("g", {});
  const seen = new Set();
  for (const d of view.districts) {
    for (const [n, transport] of Object.entries(d.borders)) {
      const key = [d.id, n].sort().join("|");
      if (seen.has(key) || !boxes.has(n)) continue;
      seen.add(key);
      const [x, y] = borderPoint(boxes.get(d.id), boxes.get(n));
      g.append(title(svg("g", {}, svg("circle", { cx: x, cy: y, r: 10, fill: "#fff", stroke: INK, "stroke-width": 1.5 }),
        text(x, y + 5, cardMark(transport), { "text-anchor": "middle", "font-size": 13, "font-weight": 700 })),
      `${districtWord(d.id)} – ${districtWord(n)}: ${cardWord(transport)}`));
    }
  }
  return g;
}

function board(view, names, ctx) {
  const g = svg("g", {});
  const boxes = new Map();
  view.provinces.forEach((prov, i) => {
    const p = provinceBox(i);
    view.districts.filter((d) => d.province === prov.id).forEach((d, k) => boxes.set(d.id, districtBox(p, k)));
  });
  const drawn = view.districts.filter((d) => boxes.has(d.id)).map((d) => district(view, d, boxes.get(d.id), names, ctx));
  // Legal districts last, so that no neighbour covers their outline.
  g.append(...drawn.filter((n) => !n.classList.contains("legal")), ...drawn.filter((n) => n.classList.contains("legal")));
  view.provinces.forEach((prov, i) => {
    const p = provinceBox(i);
    g.append(svg("rect", { x: p.x, y: p.y, width: PW, height: PH, fill: "none", stroke: INK, "stroke-width": 3, rx: 2 }));
    g.append(city(view, prov, boxes, names));
    g.append(provinceSpace(view, prov, i, names, ctx));
  });
  g.append(borders(view, boxes));
  return g;
}

function handRow(x, y, w, p, ctx) {
  const g = svg("g", {});
  if (!p.hand) {
    for (let k = 0; k < p.hand_size; k++) {
      g.append(svg("rect", { x: x + k * 14, y: y - 14, width: 22, height: 30, rx: 3, fill: "#8c6d46", stroke: "#fff" }));
    }
    g.append(text(x + p.hand_size * 14 + 16, y + 5, t("board.ming.cards", { n: p.hand_size }), { "font-size": 13 }));
    return g;
  }
  const held = [...new Set(p.hand)];
  const cw = Math.min(100, w / 4);
  held.forEach((card, k) => {
    const n = p.hand.filter((c) => c === card).length;
    const label = `${cw < 70 ? cardMark(card) : cardWord(card)}${n > 1 ? ` ×${n}` : ""}`;
    const c = chip(x + k * cw, y - 14, cw - 5, 30, label, { size: 13, fill: card === "dragon" ? "#FFF3D6" : "#fff" });
    title(c, `${cardWord(card)} ×${n}`);
    bind(c, targetId("hand", card), ctx);
    g.append(c);
  });
  if (!p.hand.length) g.append(text(x, y + 5, "—", { fill: MUTED }));
  return g;
}

function tileRow(x, y, w, view, p) {
  const g = svg("g", {});
  const tw = Math.min(40, w / view.provinces.length);
  view.provinces.forEach((prov, k) => {
    const n = p.tiles[prov.id] || 0;
    const cx = x + k * tw + (tw - 5) / 2;
    const mark = prov.id in PROVINCE_MARKS ? t(PROVINCE_MARKS[prov.id]) : prov.id.slice(0, 2);
    g.append(title(svg("g", {}, svg("rect", { x: x + k * tw, y, width: tw - 5, height: 32, rx: 3,
      fill: TINTS[prov.id] || "#eee", stroke: n ? INK : LINE }),
    text(cx, y + 12, mark, { "text-anchor": "middle", "font-size": 10, fill: MUTED }),
    text(cx, y + 27, String(n), { "text-anchor": "middle", "font-weight": n ? 700 : 400, fill: n ? INK : MUTED })),
    t("board.ming.tiles", { province: provinceWord(prov.id), n })));
  });
  return g;
}

function playerPanel(view, p, names, mySeat, x, y, w, ctx) {
  const g = seatPanel(x, y, w, PANEL_H, p.seat, names, mySeat, view.current_player === p.seat);
  g.append(fitText(x + 10, y + 52, t("board.ming.score", { n: p.score }), 96, { "font-size": 14, "font-weight": 700 }),
    fitText(x + 110, y + 52, t("board.ming.cloisters", { n: p.cloisters }), w - 120, { "font-size": 13 }),
    fitText(x + 10, y + 70, t("board.ming.supply_box", { supply: p.supply, box: p.box }), w - 20, { "font-size": 13 }));
  const status = [t("board.ming.prince", { district: p.prince ? districtWord(p.prince) : "—" })];
  if (view.start_player === p.seat) status.push(t("board.ming.start"));
  if (p.passed) status.push(t("board.ming.passed"));
  if ("return" in p) status.push(t("board.ming.returns", { n: p.return }));
  else if (p.return_committed) status.push(t("board.ming.return_chosen"));
  g.append(fitText(x + 10, y + 88, status.join(" · "), w - 20, { "font-size": 13 }));
  g.append(tileRow(x + 10, y + 98, w - 20, view, p));
  g.append(handRow(x + 10, y + 154, w - 20, p, p.seat === mySeat ? ctx : NOT_MINE));
  bind(g, targetId("player", p.seat), ctx);
  return g;
}

export function drawMing(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const panelY = MAP_Y + 2 * PH + GAP + SPACE_H + 16;
  const n = view.players.length;
  const height = panelY + PANEL_H + 28;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img", class: "board board-ming",
    "aria-label": t("board.ming.label", { round: view.round }) });
  root.append(header(view), board(view, names, ctx));
  const w = (W - 20 - (n - 1) * 8) / n;
  view.players.forEach((p, i) => root.append(playerPanel(view, p, names, mySeat, X0 + i * (w + 8), panelY, w, ctx)));
  root.append(fitText(X0, height - 8, t("board.ming.legend"), W - 20, { "font-size": 12, fill: MUTED }));
  return root;
}

// What boards.js calls for this game.
export { drawMing as draw };
