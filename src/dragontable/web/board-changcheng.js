// Chang Cheng: an SVG board drawn from one seat's view (nothing else).
// The wall runs west → east through the board sides of the layout, two sides per row:
// Mongol regions to the north (threat tokens), wall spaces, Chinese provinces to the south
// (reputation tokens, face-down cards). Target ids (games/changcheng/choices.py): space:<S>,
// province:<P>, region:<R>, extend:<side>:<end>, pending:<colour>:<card>. Choices on spaces and
// provinces carry a mode (several may target one space): a row of mode chips picks the one that
// clicks on the board, and the hand picks the card a province choice lays.
import { t } from "/static/i18n.js";
import { svg, seatColour } from "/static/util.js";
import { INK, LINE, MUTED, NEUTRAL_COLOUR, NOT_MINE, bind, chip, choicesOf, context, fitText, list, seatMarker, seatName,
  seatPanel, targetId, term, text, textWidth, title } from "/static/board-common.js";

// Words: t() keys board.changcheng.* and the game's terms (term(): board.changcheng.term.*).
// Board sides, spaces, regions and provinces keep their names (A, A.3, A-1): the log shows them so.
const VERBS = { "two-singles": "board.changcheng.verb.two-singles", double: "board.changcheng.verb.double",
  tower: "board.changcheng.verb.tower", single: "board.changcheng.verb.single", reserve: "board.changcheng.verb.reserve",
  neutral: "board.changcheng.verb.neutral", destroy: "board.changcheng.verb.destroy", swap: "board.changcheng.verb.swap",
  with: "board.changcheng.verb.with", "two-cards": "board.changcheng.verb.two-cards",
  "card-single": "board.changcheng.verb.card-single", card: "board.changcheng.verb.card" };
const CARD_MARKS = { warrior: "board.changcheng.mark.warrior", traitor: "board.changcheng.mark.traitor",
  flood: "board.changcheng.mark.flood", builder: "board.changcheng.mark.builder", master: "board.changcheng.mark.master",
  mandarin: "board.changcheng.mark.mandarin" };
const word = (code) => term("changcheng", code);

const W = 1000, X0 = 10, SIDE_W = 485, SIDE_GAP = 10, ROW_H = 226;
const SPACE_Y = 62, SPACE_H = 40, PROV_Y = 110, PROV_H = 92, HEAD_H = 70;
const STONE = "#e9e4d8";

// The mode chosen with the mode chips survives redraws while it stays legal.
const choice = { verb: null, card: null };

function ownerSeat(view, owner) {
  const p = view.players.find((q) => q.colour === owner);
  return p ? p.seat : "neutral";
}

function cardMark(card) { return card in CARD_MARKS ? t(CARD_MARKS[card]) : card.slice(0, 2); }
function cardWord(card) { return word(card); }

// The modes of the choices on spaces and provinces (the server's codes), and the mode in force.
function modes(ctx) {
  const list = [...new Set(ctx.choices.filter((c) => c.mode).map((c) => c.mode))];
  if (!list.includes(choice.verb)) choice.verb = list[0] || null;
  const cards = playableCards(ctx);
  if (!cards.includes(choice.card)) choice.card = cards[0] || null;
  return list;
}

// The cards that the mode in force lays in a province (none for a mode on spaces).
function playableCards(ctx) {
  return [...new Set(ctx.choices.filter((c) => c.mode === choice.verb && c.card).map((c) => c.card))];
}

function spaceX(pos, x) { return x + 4 + (pos - 1) * ((SIDE_W - 8) / 13); }
const SPACE_W = (SIDE_W - 8) / 13;

function sideOrigin(i) {
  return { x: X0 + (i % 2) * (SIDE_W + SIDE_GAP), y: HEAD_H + Math.floor(i / 2) * ROW_H };
}

function posOf(space) { return Number(space.split(".")[1]); }
function sideOf(id) { return id.split(/[.-]/)[0]; }

function span(spaces, o) {
  const a = posOf(spaces[0]), b = posOf(spaces[spaces.length - 1]);
  return [spaceX(a, o.x), spaceX(b, o.x) + SPACE_W];
}

function region(view, r, o, names, ctx) {
  const [x1, x2] = span(r.spaces, o);
  const g = svg("g", {}, svg("rect", { class: "face", x: x1 + 1, y: o.y + 6, width: x2 - x1 - 2, height: 50, rx: 4,
    fill: "#efe7f3", stroke: "#9aa0a6" }));
  g.append(text(x1 + 6, o.y + 22, r.region, { "font-size": 12, fill: MUTED }));
  const known = typeof r.threat === "number", removed = r.threat === "removed";
  const label = known ? String(r.threat) : removed ? "×" : "?";
  const cx = x2 - 22, cy = o.y + 32;
  g.append(title(svg("g", {}, svg("polygon", { points: `${cx},${cy - 16} ${cx + 16},${cy} ${cx},${cy + 16} ${cx - 16},${cy}`,
    fill: known || removed ? "#fff" : MUTED, stroke: removed ? LINE : INK, "stroke-width": 1.5,
    "stroke-dasharray": removed ? "3 2" : "none" }),
  text(cx, cy + 5, label, { "text-anchor": "middle", "font-weight": 700, fill: known ? "#B00020" : removed ? MUTED : "#fff" })),
  t("board.changcheng.threat", { value: removed ? t("board.changcheng.token_removed") : label })));
  r.scouted_by.forEach((s, k) => g.append(title(seatMarker(x1 + 12 + k * 20, o.y + 42, s, 8),
    t("board.changcheng.scouted", { name: seatName(names, s) }))));
  title(g, t("board.changcheng.region", { region: r.region }));
  bind(g, targetId("region", r.region), ctx);
  return g;
}

function piece(x, y, entry, seat) {
  const fill = seat === "neutral" ? NEUTRAL_COLOUR : seatColour(seat);
  const g = svg("g", {});
  if (entry.piece === "tower") {
    g.append(svg("path", { d: `M${x + 3} ${y + SPACE_H - 2} V${y - 8} h6 v5 h5 v-5 h6 v5 h5 v-5 h${SPACE_W - 33} V${y + SPACE_H - 2} Z`,
      fill, stroke: INK, "stroke-width": 1.5 }));
  } else {
    g.append(svg("rect", { x: x + 2, y: y + 4, width: SPACE_W - 4, height: SPACE_H - 8, rx: 2, fill, stroke: INK,
      "stroke-width": entry.piece === "double" ? 2.5 : 1 }));

  }
  const mark = seat === "neutral" ? t("board.neutral_mark") : String(seat + 1);
  g.append(text(x + SPACE_W / 2, y + SPACE_H / 2 + 5, mark, { "text-anchor": "middle", fill: "#fff", "font-weight": 700 }));
  if (entry.destroyed) {
    g.append(svg("path", { d: `M${x + 4} ${y + 6} L${x + SPACE_W - 4} ${y + SPACE_H - 6} M${x + SPACE_W - 4} ${y + 6} L${x + 4} ${y + SPACE_H - 6}`,
      stroke: INK, "stroke-width": 3 }));
  }
  return g;
}

// The link drawn between the two halves of a double wall.
function bridge(view, entry, o) {
  const seat = ownerSeat(view, entry.owner);
  const x = spaceX(posOf(entry.space), o.x) + SPACE_W - 5, y = o.y + SPACE_Y + 14;
  return svg("rect", { x, y, width: 10, height: SPACE_H - 28, fill: seat === "neutral" ? NEUTRAL_COLOUR : seatColour(seat),
    stroke: INK });
}

function space(view, entry, o, names, ctx) {
  const x = spaceX(posOf(entry.space), o.x), y = o.y + SPACE_Y;
  const g = svg("g", {}, svg("rect", { class: "face", x: x + 1, y, width: SPACE_W - 2, height: SPACE_H, fill: STONE,
    stroke: "#9aa0a6" }));
  const words = [t("board.changcheng.space", { space: entry.space })];
  if (entry.owner) {
    const seat = ownerSeat(view, entry.owner);
    g.append(piece(x, y, entry, seat));
    words.push(`${seat === "neutral" ? word("neutral") : seatName(names, seat)}: ${word(entry.piece)}`);
    if (entry.destroyed) words.push(t("board.changcheng.destroyed"));
  } else {
    g.append(text(x + SPACE_W / 2, y + SPACE_H / 2 + 4, entry.space.split(".")[1], { "text-anchor": "middle",
      "font-size": 11, fill: MUTED }));
  }
  if (entry.reserved_for !== undefined) {
    g.append(seatMarker(x + SPACE_W / 2, y + SPACE_H - 7, entry.reserved_for, 6));
    words.push(t("board.changcheng.reserved", { name: seatName(names, entry.reserved_for) }));
  }
  title(g, words.join(" · "));
  bind(g, targetId("space", entry.space), ctx, (c) => c.mode === choice.verb);
  return g;
}

function provinceCard(x, y, c, view, ctx) {
  const own = "card" in c;
  const g = svg("g", {}, svg("rect", { class: "face", x, y, width: 26, height: 32, rx: 3, fill: seatColour(c.seat),
    stroke: INK }),
  text(x + 13, y + 13, String(c.seat + 1), { "text-anchor": "middle", fill: "#fff", "font-size": 11, "font-weight": 700 }),
  text(x + 13, y + 27, own ? cardMark(c.card) : "?", { "text-anchor": "middle", fill: "#fff", "font-size": 11, "font-weight": 700 }));
  return title(g, own ? cardWord(c.card) : t("board.changcheng.face_down"));
}

function province(view, p, o, names, ctx) {
  const [x1, x2] = span(p.spaces, o);
  const y = o.y + PROV_Y;
  const now = view.scoring && view.scoring.province === p.province;
  const g = svg("g", { opacity: p.scored && !now ? 0.55 : 1 }, svg("rect", { class: "face", x: x1 + 1, y, width: x2 - x1 - 2,
    height: PROV_H, rx: 4, fill: now ? "#FFF8E1" : "#f7efd9", stroke: now ? INK : "#9aa0a6", "stroke-width": now ? 3 : 1 }));
  g.append(text(x1 + 6, y + 16, p.province, { "font-size": 12, fill: MUTED }));
  const value = p.spaces.length + p.reputation;
  g.append(title(svg("g", {}, svg("circle", { cx: x2 - 20, cy: y + 22, r: 15, fill: "#fff", stroke: INK, "stroke-width": 1.5 }),
    text(x2 - 20, y + 27, `+${p.reputation}`, { "text-anchor": "middle", "font-weight": 700 })), t("board.changcheng.reputation")));
  if (p.scored && !p.cards.length) {  // below the reputation token: the whole width
    g.append(fitText(x1 + 6, y + 62, `✓ ${t("board.changcheng.scored")}`, x2 - x1 - 14, { "font-size": 13, "font-weight": 700 }));
  } else {
    g.append(fitText(x1 + 6, y + 36, p.scored ? `✓ ${t("board.changcheng.scored")}` : t("board.changcheng.value", { n: value }),
      x2 - x1 - 46, { "font-size": 13, "font-weight": 700 }, { lines: 2 }));
  }
  p.cards.forEach((c, k) => g.append(provinceCard(x1 + 6 + k * 29, y + 50, c, view, ctx)));
  title(g, t("board.changcheng.province", { province: p.province }));
  bind(g, targetId("province", p.province), ctx, (c) => c.mode === choice.verb && c.card === choice.card);
  return g;
}

function sideBlock(view, side, i, names, ctx) {
  const o = sideOrigin(i);
  const g = svg("g", {});
  g.append(svg("rect", { x: o.x, y: o.y, width: SIDE_W, height: ROW_H - 8, rx: 6, fill: "#fff", stroke: INK, "stroke-width": 2 }));
  g.append(text(o.x + SIDE_W / 2, o.y + ROW_H - 12, side, { "text-anchor": "middle", "font-size": 11, fill: MUTED }));
  for (const r of view.regions) if (sideOf(r.region) === side) g.append(region(view, r, o, names, ctx));
  const spaces = view.spaces.filter((s) => sideOf(s.space) === side);
  spaces.forEach((s, k) => {
    const next = spaces[k + 1];
    const joined = s.piece === "double" && next && next.piece === "double" && next.owner === s.owner;
    g.append(space(view, s, o, names, ctx));
    if (joined) g.append(bridge(view, s, o));
  });
  for (const p of view.provinces) if (sideOf(p.province) === side) g.append(province(view, p, o, names, ctx));
  return g;
}

function header(view) {
  const [added, most] = view.extensions;
  const facts = [t("board.changcheng.turn", { n: view.turn }), t("board.changcheng.extensions", { added, most }),
    t("board.changcheng.emperor", { n: view.emperor_cards }), t("board.changcheng.stock", { sides: list(view.stock) || "—" }),
    t("board.changcheng.tokens", { reputation: view.supply.reputation, threat: view.supply.threat })];
  if (view.players.length === 2) facts.push(t("board.changcheng.neutral_pool", { n: view.neutral_pool }));
  const events = view.events.length ? t("board.changcheng.events", { events: list(view.events.map(word)) }) : "";
  const room = W - 20 - (events ? textWidth(events, 13) + 24 : 0);
  const g = svg("g", {}, fitText(X0, 20, facts.join("   ·   "), room, { "font-size": 13 }));
  if (events) g.append(text(W - 10, 20, events, { "text-anchor": "end", "font-size": 13 }));
  return g;
}

// Mode chips (which verb clicks on the board) and the cards to play, or the extension ends.
function modeRow(list, ctx, redraw) {
  const g = svg("g", {});
  let x = X0;
  if (list.length) {
    const choose = t("board.changcheng.choose");
    g.append(text(x, 50, choose, { "font-size": 13, fill: MUTED }));
    x += textWidth(choose, 13) + 12;
  }
  for (const verb of list) {
    const label = verb in VERBS ? t(VERBS[verb]) : verb;
    const w = 16 + textWidth(label, 12, true);
    const c = chip(x, 34, w, 24, label, { size: 12 });
    c.classList.add("mode");
    c.setAttribute("data-mode", verb);
    if (verb === choice.verb) c.classList.add("on");
    c.setAttribute("aria-pressed", String(verb === choice.verb));
    c.addEventListener("click", () => { choice.verb = verb; choice.card = null; redraw(); });
    g.append(c);
    x += w + 6;
  }
  for (const { side, end, target } of choicesOf(ctx, "extend")) {
    const label = t(end === "west" ? "board.changcheng.extend_west" : "board.changcheng.extend_east", { side });
    const c = chip(end === "west" ? x : W - 150, 34, 140, 24, label, { size: 12 });
    title(c, t("board.changcheng.extend", { side }));
    bind(c, target, ctx);
    g.append(c);
    if (end === "west") x += 146;
  }
  return g;
}

function scoringBox(view, names, ctx, y) {
  const s = view.scoring;
  const g = svg("g", {}, svg("rect", { x: X0, y, width: W - 20, height: 46, rx: 6, fill: "#FFF8E1", stroke: INK }));
  const p = view.provinces.find((q) => q.province === s.province);
  const value = p ? p.spaces.length + p.reputation + s.value_delta : s.value_delta;
  const extra = s.virtual_walls.map((n, seat) => [n, seat]).filter(([n]) => n)
    .map(([n, seat]) => `${seatName(names, seat)} +${n}`);
  const head = t("board.changcheng.scoring", { province: s.province, value }) +
    (extra.length ? ` · ${t("board.changcheng.virtual", { walls: list(extra) })}` : "");
  g.append(fitText(X0 + 10, y + 28, head, 400, { "font-weight": 700 }));
  s.pending.forEach((c, k) => {
    const colour = view.players[c.seat] ? view.players[c.seat].colour : "neutral";
    const x = X0 + 420 + k * 92;
    const node = chip(x, y + 8, 86, 30, cardWord(c.card), { size: 12, fill: "#fff" });
    node.append(seatMarker(x + 10, y + 23, c.seat, 7));
    title(node, `${seatName(names, c.seat)}: ${cardWord(c.card)}`);
    bind(node, targetId("pending", colour, c.card), ctx);
    g.append(node);
  });
  return g;
}

function handRow(x, y, w, p, ctx, redraw) {
  const g = svg("g", {});
  if (!p.hand) {
    for (let k = 0; k < p.hand_size; k++) g.append(svg("rect", { x: x + k * 14, y, width: 22, height: 30, rx: 3, fill: "#7a5c3a", stroke: "#fff" }));
    g.append(text(x + p.hand_size * 14 + 16, y + 20, t("board.changcheng.cards", { n: p.hand_size }), { "font-size": 13 }));
    return g;
  }
  const cw = Math.min(78, w / Math.max(p.hand.length, 1));
  const playable = new Set(playableCards(ctx));
  p.hand.forEach((card, k) => {
    const c = chip(x + k * cw, y, cw - 4, 30, cw < 70 ? cardMark(card) : cardWord(card), { size: 12 });
    title(c, cardWord(card));
    if (playable.has(card)) {
      c.classList.add("mode");
      c.setAttribute("data-card", card);
      c.setAttribute("aria-pressed", String(card === choice.card));
      if (card === choice.card) c.classList.add("on");
      c.addEventListener("click", () => { choice.card = card; redraw(); });
    }
    g.append(c);
  });
  return g;
}

function playerPanel(view, p, names, mySeat, x, y, w, ctx, redraw) {
  const g = seatPanel(x, y, w, 150, p.seat, names, mySeat, view.current_player === p.seat);
  g.append(text(x + 10, y + 54, t("board.changcheng.score", { n: p.score }), { "font-weight": 700 }));
  const pieces = t("board.changcheng.pieces", { singles: p.singles, double: p.double ? 1 : 0, tower: p.tower ? 1 : 0 });
  g.append(fitText(x + 10, y + 74, pieces, w - 20, { "font-size": 13 }));
  const gone = p.revealed.map(cardMark).join(" ");
  g.append(title(fitText(x + 10, y + 94, t("board.changcheng.played", { cards: gone || "—" }), w - 20,
    { "font-size": 13, fill: MUTED }), list(p.revealed.map(cardWord))));
  g.append(handRow(x + 10, y + 108, w - 20, p, p.seat === mySeat ? ctx : NOT_MINE, redraw));
  return g;
}

export function drawChangcheng(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const list = modes(ctx);
  const rows = Math.ceil(view.layout.length / 2);
  const scoringY = HEAD_H + rows * ROW_H;
  const panelY = scoringY + (view.scoring ? 56 : 0);
  const height = panelY + 160;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img", class: "board board-changcheng",
    "aria-label": t("board.changcheng.label", { turn: view.turn }) });
  const redraw = () => root.replaceWith(drawChangcheng(view, names, mySeat, rawCtx));
  root.append(header(view), modeRow(list, ctx, redraw));
  view.layout.forEach((side, i) => root.append(sideBlock(view, side, i, names, ctx)));
  if (view.scoring) root.append(scoringBox(view, names, ctx, scoringY));
  const n = view.players.length;
  const w = (W - 20 - (n - 1) * 8) / n;
  view.players.forEach((p, i) => root.append(playerPanel(view, p, names, mySeat, X0 + i * (w + 8), panelY, w, ctx, redraw)));
  return root;
}

// What boards.js calls for this game.
export { drawChangcheng as draw };
