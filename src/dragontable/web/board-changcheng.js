// Chang Cheng: an SVG board drawn from one seat's view (nothing else).
// Wide layout: the wall runs west → east through the board sides of the layout, two sides per
// row: Mongol regions to the north (threat tokens), wall spaces, Chinese provinces to the south
// (reputation tokens, face-down cards). Narrow layout (a phone, ctx.width < 700): each side runs
// top (west) to bottom (east), provinces on the left, the wall in the middle, regions on the
// right, so that every space is a full-size target.
// Target ids (games/changcheng/choices.py): space:<S>, province:<P>, region:<R>,
// extend:<side>:<end>, pending:<colour>:<card>. Choices on spaces and provinces carry a mode
// (several may target one space): the mode chips pick the one a click on the board plays, and
// the hand picks the card a province choice lays (classes mode-chip and card-pick, "on" and
// aria-pressed for the one in force; drawn here, not by the page's .mode style).
// Colours: each seat is drawn in the colour the game names it (view.players[].colour, the log's
// words) through CHANGCHENG_COLOURS (icons.js), so that the log's "red" is the wall's red.
import { t } from "/static/i18n.js";
import { svg } from "/static/util.js";
import { CHANGCHENG_COLOURS, PALETTE, icon } from "/static/icons.js";
import { counter, layoutFor, marker, markRecent, INK, LINE, MUTED, NOT_MINE, bind, chip, choicesOf, context, fitText, list, seatName, targetId, term, text,
  textWidth, tip } from "/static/board-common.js";

// Words: t() keys board.changcheng.* and the game's terms (term(): board.changcheng.term.*).
// Board sides, spaces, regions and provinces keep their names (1A, 1A.03, 1A-P1): the log
// names them so.
const VERBS = { "two-singles": "board.changcheng.verb.two-singles", double: "board.changcheng.verb.double",
  tower: "board.changcheng.verb.tower", single: "board.changcheng.verb.single", reserve: "board.changcheng.verb.reserve",
  neutral: "board.changcheng.verb.neutral", destroy: "board.changcheng.verb.destroy", swap: "board.changcheng.verb.swap",
  with: "board.changcheng.verb.with", "two-cards": "board.changcheng.verb.two-cards",
  "card-single": "board.changcheng.verb.card-single", card: "board.changcheng.verb.card" };
// Each mode's icon is changcheng-<verb> (icons.js), the second step of a swap the first's.
function verbIcon(verb) { return `changcheng-${verb === "with" ? "swap" : verb}`; }
const CARD_TIPS = { warrior: "board.changcheng.tip.warrior", traitor: "board.changcheng.tip.traitor",
  flood: "board.changcheng.tip.flood", builder: "board.changcheng.tip.builder", master: "board.changcheng.tip.master",
  mandarin: "board.changcheng.tip.mandarin" };
const EVENT_TIPS = { diplomacy: "board.changcheng.tip.diplomacy", dominance: "board.changcheng.tip.dominance",
  imperial_reward: "board.changcheng.tip.imperial_reward", observation: "board.changcheng.tip.observation" };
const PIECE_TIPS = { single: "board.changcheng.tip.single", double: "board.changcheng.tip.double",
  tower: "board.changcheng.tip.tower" };
const word = (code) => term("changcheng", code);

const STONE = "#e9e4d8", CHINA = "#f7efd9", STEPPE = "#efe7f3";

// The mode chosen with the mode chips survives redraws while it stays legal.
const choice = { verb: null, card: null };

function colourHex(name) { return CHANGCHENG_COLOURS[name] || PALETTE.neutral; }
function seatHex(view, seat) {
  const p = view.players[seat];
  return colourHex(p ? p.colour : "neutral");
}
function ownerSeat(view, owner) {
  const p = view.players.find((q) => q.colour === owner);
  return p ? p.seat : "neutral";
}
function ownerName(view, owner, names) {
  const seat = ownerSeat(view, owner);
  return seat === "neutral" ? word("neutral") : seatName(names, seat);
}
function cardWord(card) { return word(card); }
function cardTip(card) { return card in CARD_TIPS ? `${cardWord(card)}: ${t(CARD_TIPS[card])}` : cardWord(card); }

// The modes of the choices on spaces and provinces (the server's codes), and the mode in force.
function modes(ctx) {
  const found = [...new Set(ctx.choices.filter((c) => c.mode).map((c) => c.mode))];
  if (!found.includes(choice.verb)) choice.verb = found[0] || null;
  const cards = playableCards(ctx);
  if (!cards.includes(choice.card)) choice.card = cards[0] || null;
  return found;
}

// The cards that the mode in force lays in a province (none for a mode on spaces).
function playableCards(ctx) {
  return [...new Set(ctx.choices.filter((c) => c.mode === choice.verb && c.card).map((c) => c.card))];
}

function posOf(space) { return Number(space.split(".")[1]); }
function sideOf(id) { return id.split(/[.-]/)[0]; }

// -- geometry -------------------------------------------------------------------------------
// Every side is drawn in a frame; space(pos) is the rectangle of its wall space pos (1..13);
// band(kind, first, last) the rectangle of a region or province over spaces first..last.
function geometry(ctx, view) {
  const L = layoutFor(ctx);
  if (L.narrow) {
    const inner = L.W - 20;
    const PW = Math.floor(inner * 0.42), WW = Math.max(62, Math.floor(inner * 0.2)), RW = inner - PW - WW - 12;
    const ROW = 46, SIDE_H = 28 + 13 * ROW + 12;
    const px = 10, wx = px + PW + 6, rx = wx + WW + 6;
    return { ...L, SIDE_H, vertical: true,
      frame(i, top) { return { x: 6, y: top + i * SIDE_H, w: L.W - 12, h: SIDE_H - 8 }; },
      space(o, pos) { return { x: wx, y: o.y + 26 + (pos - 1) * ROW, w: WW, h: ROW - 2 }; },
      band(o, kind, a, b) {
        const y1 = o.y + 26 + (a - 1) * ROW, y2 = o.y + 26 + b * ROW - 2;
        return kind === "region" ? { x: rx, y: y1, w: RW, h: y2 - y1 } : { x: px, y: y1, w: PW, h: y2 - y1 };
      },
      height(top) { return top + view.layout.length * SIDE_H; } };
  }
  const SIDE_W = 485, ROW_H = 226, SW = (SIDE_W - 8) / 13;
  return { ...L, vertical: false,
    frame(i, top) { return { x: 10 + (i % 2) * (SIDE_W + 10), y: top + Math.floor(i / 2) * ROW_H, w: SIDE_W, h: ROW_H - 8 }; },
    space(o, pos) { return { x: o.x + 4 + (pos - 1) * SW + 1, y: o.y + 62, w: SW - 2, h: 40 }; },
    band(o, kind, a, b) {
      const x1 = o.x + 4 + (a - 1) * SW + 1, x2 = o.x + 4 + b * SW - 1;
      return kind === "region" ? { x: x1, y: o.y + 6, w: x2 - x1, h: 50 } : { x: x1, y: o.y + 110, w: x2 - x1, h: 92 };
    },
    height(top) { return top + Math.ceil(view.layout.length / 2) * ROW_H; } };
}

// -- the wall --------------------------------------------------------------------------------
function threatToken(x, y, r, value, words) {
  const known = typeof value === "number", removed = value === "removed";
  const g = svg("g", { class: "threat" }, svg("path", { d: `M${x} ${y - r} L${x + r} ${y} L${x} ${y + r} L${x - r} ${y} Z`,
    fill: removed ? "#fff" : known ? "#fff" : PALETTE.vermilion, stroke: removed ? LINE : INK, "stroke-width": 1.5,
    "stroke-dasharray": removed ? "3 2" : "none" }));
  if (known) g.append(text(x, y + 5, String(value), { "text-anchor": "middle", "font-weight": 700, fill: "#B00020" }));
  else if (removed) g.append(svg("path", { d: `M${x - 6} ${y - 6} L${x + 6} ${y + 6} M${x + 6} ${y - 6} L${x - 6} ${y + 6}`, stroke: MUTED, "stroke-width": 2 }));
  else g.append(svg("circle", { cx: x, cy: y, r: r * 0.3, fill: "none", stroke: "#fff", "stroke-width": 2 }));
  return tip(g, words);
}

function region(view, r, o, names, ctx, G) {
  const b = G.band(o, "region", posOf(r.spaces[0]), posOf(r.spaces[r.spaces.length - 1]));
  const g = svg("g", { class: "region" }, svg("rect", { class: "face", x: b.x, y: b.y, width: b.w, height: b.h, rx: 4,
    fill: STEPPE, stroke: "#9aa0a6" }));
  g.append(text(b.x + 6, b.y + 16, r.region, { "font-size": 12, fill: MUTED }));
  const value = r.threat;
  const words = value === "removed" ? t("board.changcheng.tip.threat_removed")
    : typeof value === "number" ? t("board.changcheng.tip.threat_known", { value }) : t("board.changcheng.tip.threat_hidden");
  const [cx, cy] = G.vertical ? [b.x + b.w - 24, b.y + 26] : [b.x + b.w - 22, b.y + 27];
  g.append(threatToken(cx, cy, 16, value, words));
  r.scouted_by.forEach((s, k) => g.append(tip(marker(b.x + 14 + k * 22, b.y + (G.vertical ? 36 : 38), seatHex(view, s),
    String(s + 1), 9), t("board.changcheng.scouted", { name: seatName(names, s) }))));
  tip(g, t("board.changcheng.tip.region", { region: r.region }), "end");
  bind(g, targetId("region", r.region), ctx);
  return g;
}

// A wall piece in the rectangle of its space.
function piece(s, entry, fill) {
  const g = svg("g", { class: `piece piece-${entry.piece}`, "data-colour": entry.owner });
  if (entry.piece === "tower") {
    const top = s.y + 2, m = 5;
    g.append(svg("path", { d: `M${s.x + 3} ${s.y + s.h - 2} V${top} h${m} v${m} h${m} v${-m} h${m} v${m} H${s.x + s.w - 3 - m} v${-m} h${m} V${s.y + s.h - 2} Z`,
      fill, stroke: INK, "stroke-width": 1.5 }));
  } else {
    g.append(svg("rect", { x: s.x + 3, y: s.y + 4, width: s.w - 6, height: s.h - 8, rx: 2, fill, stroke: INK,
      "stroke-width": entry.piece === "double" ? 2.5 : 1 }));
    g.append(svg("path", { d: `M${s.x + 3} ${s.y + s.h / 2} H${s.x + s.w - 3}`, stroke: "rgba(0,0,0,0.25)", "stroke-width": 1 }));
  }
  return g;
}

// The link drawn between the two halves of a double wall.
function bridge(a, b, fill, vertical) {
  const r = vertical ? { x: a.x + a.w / 2 - 6, y: a.y + a.h - 6, width: 12, height: b.y - a.y - a.h + 12 }
    : { x: a.x + a.w - 6, y: a.y + a.h / 2 - 6, width: b.x - a.x - a.w + 12, height: 12 };
  return svg("rect", { ...r, fill, stroke: INK });
}

function space(view, entry, s, names, ctx) {
  const g = svg("g", { class: "space" }, svg("rect", { class: "face", x: s.x, y: s.y, width: s.w, height: s.h, fill: STONE,
    stroke: "#9aa0a6" }));
  const words = [t("board.changcheng.space", { space: entry.space })];
  if (entry.owner) {
    const seat = ownerSeat(view, entry.owner);
    g.append(piece(s, entry, colourHex(entry.owner)));
    g.append(text(s.x + s.w / 2, s.y + s.h / 2 + 5, seat === "neutral" ? t("board.neutral_mark") : String(seat + 1),
      { "text-anchor": "middle", fill: "#fff", "font-weight": 700 }));
    words.push(t(PIECE_TIPS[entry.piece] || PIECE_TIPS.single, { name: ownerName(view, entry.owner, names) }));
    if (entry.destroyed) {
      g.append(svg("path", { d: `M${s.x + 5} ${s.y + 6} L${s.x + s.w - 5} ${s.y + s.h - 6} M${s.x + s.w - 5} ${s.y + 6} L${s.x + 5} ${s.y + s.h - 6}`,
        stroke: INK, "stroke-width": 3 }));
      words.push(t("board.changcheng.tip.destroyed"));
    }
  } else {
    g.append(text(s.x + s.w / 2, s.y + s.h / 2 + 4, entry.space.split(".")[1], { "text-anchor": "middle",
      "font-size": 12, fill: MUTED }));
  }
  if (entry.reserved_for !== undefined) {
    g.append(svg("rect", { x: s.x + 3, y: s.y + 4, width: s.w - 6, height: s.h - 8, fill: "none",
      stroke: seatHex(view, entry.reserved_for), "stroke-width": 2.5, "stroke-dasharray": "5 3" }));
    words.push(t("board.changcheng.tip.reserved", { name: seatName(names, entry.reserved_for) }));
  }
  tip(g, words.join(" "));
  bind(g, targetId("space", entry.space), ctx, (c) => c.mode === choice.verb);
  return g;
}

function provinceCard(x, y, w, h, c, view, names) {
  const own = "card" in c;
  const g = svg("g", { class: "card" }, svg("rect", { x, y, width: w, height: h, rx: 3, fill: seatHex(view, c.seat), stroke: INK }));
  if (own) {
    g.append(svg("rect", { x: x + 2, y: y + 2, width: w - 4, height: w - 4, rx: 2, fill: "#fff" }),
      icon(`changcheng-${c.card}`, x + 3, y + 3, w - 6));
  } else {
    g.append(svg("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, fill: "none", stroke: "#fff", "stroke-width": 1.5 }));
  }
  g.append(text(x + w / 2, y + h - 4, String(c.seat + 1), { "text-anchor": "middle", fill: "#fff", "font-size": 12, "font-weight": 700 }));
  return tip(g, own ? cardTip(c.card) : t("board.changcheng.tip.face_down", { name: seatName(names, c.seat) }));
}

function province(view, p, o, names, ctx, G) {
  const b = G.band(o, "province", posOf(p.spaces[0]), posOf(p.spaces[p.spaces.length - 1]));
  const now = view.scoring && view.scoring.province === p.province;
  const g = svg("g", { class: "province", opacity: p.scored && !now ? 0.6 : 1 }, svg("rect", { class: "face", x: b.x, y: b.y,
    width: b.w, height: b.h, rx: 4, fill: now ? "#FFF8E1" : CHINA, stroke: now ? INK : "#9aa0a6", "stroke-width": now ? 3 : 1 }));
  g.append(text(b.x + 6, b.y + 16, p.province, { "font-size": 12, fill: MUTED }));
  const value = p.spaces.length + p.reputation;
  const rep = svg("g", { class: "reputation" }, svg("circle", { cx: b.x + b.w - 20, cy: b.y + 22, r: 15, fill: PALETTE.gold,
    stroke: INK, "stroke-width": 1.5 }),
  text(b.x + b.w - 20, b.y + 27, `+${p.reputation}`, { "text-anchor": "middle", "font-weight": 700 }));
  g.append(tip(rep, t("board.changcheng.tip.reputation", { n: p.reputation })));
  const status = p.scored ? `✓ ${t("board.changcheng.scored")}` : t("board.changcheng.value", { n: value });
  g.append(fitText(b.x + 6, b.y + 36, status, b.w - 46, { "font-size": 13, "font-weight": 700 }, { minSize: G.font }));
  const cw = 24, ch = 36, per = Math.max(1, Math.floor((b.w - 8) / (cw + 4)));
  p.cards.forEach((c, k) => g.append(provinceCard(b.x + 6 + (k % per) * (cw + 4), b.y + 46 + Math.floor(k / per) * (ch + 4),
    cw, ch, c, view, names)));
  tip(g, t("board.changcheng.tip.province", { province: p.province, n: value }), "scoring");
  bind(g, targetId("province", p.province), ctx, (c) => c.mode === choice.verb && c.card === choice.card);
  return g;
}

function sideBlock(view, side, i, names, ctx, G, top) {
  const o = G.frame(i, top);
  const g = svg("g", { class: "side" });
  g.append(svg("rect", { x: o.x, y: o.y, width: o.w, height: o.h, rx: 6, fill: "#fff", stroke: INK, "stroke-width": 2 }));
  if (G.vertical) g.append(text(o.x + 8, o.y + 18, t("board.changcheng.side", { side }), { "font-size": 13, "font-weight": 700 }));
  else g.append(text(o.x + o.w / 2, o.y + o.h - 4, t("board.changcheng.side", { side }), { "text-anchor": "middle", "font-size": 11, fill: MUTED }));
  for (const r of view.regions) if (sideOf(r.region) === side) g.append(region(view, r, o, names, ctx, G));
  const spaces = view.spaces.filter((s) => sideOf(s.space) === side);
  const drawn = [];
  spaces.forEach((s, k) => {
    const next = spaces[k + 1];
    drawn.push(space(view, s, G.space(o, posOf(s.space)), names, ctx));
    const joined = s.piece === "double" && next && next.piece === "double" && next.owner === s.owner;
    if (joined) drawn.push(bridge(G.space(o, posOf(s.space)), G.space(o, posOf(next.space)), colourHex(s.owner), G.vertical));
  });
  g.append(...drawn);
  for (const p of view.provinces) if (sideOf(p.province) === side) g.append(province(view, p, o, names, ctx, G));
  return g;
}

// -- header: the game's counters, the events, the mode chips ------------------------------------
function header(view, G) {
  const g = svg("g", {});
  const [added, most] = view.extensions;
  const items = [
    ["changcheng-extend", `${added}/${most}`, t("board.changcheng.tip.extensions", { added, most, sides: list(view.stock) || "—" })],
    ["changcheng-emperor", `${view.emperor_cards}/3`, t("board.changcheng.tip.emperor", { n: view.emperor_cards })],
    ["changcheng-reputation", view.supply.reputation, t("board.changcheng.tip.reputation_supply", { n: view.supply.reputation })],
    ["changcheng-threat", view.supply.threat, t("board.changcheng.tip.threat_supply", { n: view.supply.threat })],
  ];
  if (view.players.length === 2) items.push(["changcheng-neutral", view.neutral_pool, t("board.changcheng.tip.neutral_pool", { n: view.neutral_pool })]);
  let x = 10, y = 24;
  g.append(fitText(x, y, t("board.changcheng.turn", { n: view.turn }), 90, { "font-weight": 700 }, { minSize: G.font }));
  x += 96;
  for (const [name, value, words] of items) {
    if (x + 60 > G.W - 10) { x = 10; y += 28; }
    g.append(counter(name, x, y, value, words, { size: 20 }));
    x += 66;
  }
  for (const e of view.events) {
    const label = word(e), w = textWidth(label, 13) + 16;
    if (x + w > G.W - 10) { x = 10; y += 28; }
    g.append(tip(chip(x, y - 17, w, 24, label, { size: 13, fill: "#FFF3D6" }), `${label}: ${t(EVENT_TIPS[e] || "board.changcheng.events")}`, "events"));
    x += w + 6;
  }
  return { node: g, bottom: y + 12 };
}

// Mode chips (which verb clicks on the board) and the extension ends, wrapped to the width.
function modeRow(found, ctx, redraw, G, y0) {
  const g = svg("g", {});
  const h = G.narrow ? 44 : 32, font = 13;
  let x = 10, y = y0;
  const place = (w) => {
    if (x + w > G.W - 10 && x > 10) { x = 10; y += h + 6; }
    const at = [x, y];
    x += w + 6;
    return at;
  };
  if (found.length) {
    const choose = t("board.changcheng.choose");
    const w = textWidth(choose, font) + 8;
    const [cx, cy] = place(w);
    g.append(text(cx, cy + h / 2 + 5, choose, { "font-size": font, fill: MUTED }));
  }
  for (const verb of found) {
    const label = t(VERBS[verb] || "board.changcheng.choose");
    const w = Math.max(h, 16 + 24 + textWidth(label, font, true));
    const [cx, cy] = place(w);
    const on = verb === choice.verb;
    const c = svg("g", { class: `mode-chip${on ? " on" : ""}`, "data-mode": verb, role: "button", tabindex: "0",
      "aria-pressed": String(on), style: "cursor: pointer" },
      svg("rect", { class: "face", x: cx, y: cy, width: w, height: h, rx: 6, fill: on ? "#fff3d6" : "#fff",
        stroke: on ? INK : "#9aa0a6", "stroke-width": on ? 2.5 : 1 }),
      icon(verbIcon(verb), cx + 6, cy + (h - 24) / 2, 24),
      text(cx + 34, cy + h / 2 + 5, label, { "font-size": font, "font-weight": 600 }));
    const pick = () => { choice.verb = verb; choice.card = null; redraw(); };
    c.addEventListener("click", pick);
    c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    g.append(c);
  }
  for (const { side, end, target } of choicesOf(ctx, "extend")) {
    const label = t(end === "west" ? "board.changcheng.extend_west" : "board.changcheng.extend_east", { side });
    const w = Math.max(h, 40 + textWidth(label, font, true));
    const [cx, cy] = place(w);
    const c = svg("g", { class: "extend" }, svg("rect", { class: "face", x: cx, y: cy, width: w, height: h, rx: 6, fill: "#fff",
      stroke: "#9aa0a6" }), icon("changcheng-extend", cx + 6, cy + (h - 24) / 2, 24),
    text(cx + 34, cy + h / 2 + 5, label, { "font-size": font, "font-weight": 600 }));
    tip(c, t("board.changcheng.extend", { side }), "extension");
    bind(c, target, ctx);
    g.append(c);
  }
  const used = found.length || choicesOf(ctx, "extend").length;
  return { node: g, bottom: used ? y + h + 8 : y0 };
}

function scoringBox(view, names, ctx, G, y) {
  const s = view.scoring;
  const p = view.provinces.find((q) => q.province === s.province);
  const value = p ? p.spaces.length + p.reputation + s.value_delta : s.value_delta;
  const extra = s.virtual_walls.map((n, seat) => [n, seat]).filter(([n]) => n)
    .map(([n, seat]) => `${seatName(names, seat)} +${n}`);
  const head = t("board.changcheng.scoring", { province: s.province, value }) +
    (extra.length ? ` · ${t("board.changcheng.virtual", { walls: list(extra) })}` : "");
  const cw = G.narrow ? 150 : 130, ch = G.narrow ? 44 : 34;
  const headW = G.narrow ? G.W - 40 : 380;
  const startX = G.narrow ? 20 : 20 + headW;
  const per = Math.max(1, Math.floor((G.W - 20 - startX) / (cw + 6)));
  const rows = Math.ceil(s.pending.length / per) || 1;
  const top = G.narrow ? 34 : 6;
  const h = top + rows * (ch + 6) + 6;
  const g = svg("g", { class: "scoring" }, svg("rect", { x: 10, y, width: G.W - 20, height: h, rx: 6, fill: "#FFF8E1", stroke: INK }));
  g.append(fitText(20, y + (G.narrow ? 24 : h / 2 + 5), head, headW - 10, { "font-weight": 700 }, { minSize: G.font }));
  s.pending.forEach((c, k) => {
    const colour = view.players[c.seat] ? view.players[c.seat].colour : "neutral";
    const x = startX + (k % per) * (cw + 6), cy = y + top + Math.floor(k / per) * (ch + 6);
    const node = svg("g", { class: "pending" }, svg("rect", { class: "face", x, y: cy, width: cw, height: ch, rx: 5, fill: "#fff",
      stroke: colourHex(colour), "stroke-width": 2 }),
    marker(x + 14, cy + ch / 2, colourHex(colour), String(c.seat + 1), 9), icon(`changcheng-${c.card}`, x + 27, cy + (ch - 22) / 2, 22),
    fitText(x + 53, cy + ch / 2 + 5, cardWord(c.card), cw - 58, { "font-size": 13, "font-weight": 600 }, { minSize: G.font }));
    tip(node, `${seatName(names, c.seat)}: ${cardTip(c.card)}`);
    bind(node, targetId("pending", colour, c.card), ctx);
    g.append(node);
  });
  return { node: g, bottom: y + h + 8 };
}

// -- players ---------------------------------------------------------------------------------
function panelFrame(x, y, w, h, view, p, names, mySeat) {
  const current = view.current_player === p.seat;
  const g = svg("g", { class: "player" });
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 8, fill: "#fff",
    stroke: current ? INK : LINE, "stroke-width": current ? 3 : 1 }));
  g.append(svg("rect", { x, y, width: w, height: 8, rx: 3, fill: colourHex(p.colour) }));
  g.append(marker(x + 18, y + 26, colourHex(p.colour), String(p.seat + 1), 10));
  const name = p.seat === mySeat ? t("board.you", { name: seatName(names, p.seat) }) : seatName(names, p.seat);
  g.append(fitText(x + 34, y + 31, `${name} · ${word(p.colour)}${current ? `  ${t("board.to_move")}` : ""}`, w - 42,
    { "font-weight": 700, "font-size": 15 }, { minSize: 12 }));
  return g;
}

function handRow(x, y, w, p, ctx, redraw, G) {
  const g = svg("g", {});
  const ch = G.narrow ? 44 : 36;
  if (!p.hand) {
    for (let k = 0; k < p.hand_size; k++) {
      g.append(svg("rect", { x: x + k * 14, y, width: 24, height: ch - 4, rx: 3, fill: "#7a5c3a", stroke: "#fff" }));
    }
    const n = svg("g", {}, text(x + p.hand_size * 14 + 18, y + ch / 2 + 4, t("board.changcheng.cards", { n: p.hand_size }), { "font-size": 13 }));
    g.append(tip(n, t("board.changcheng.tip.hand", { n: p.hand_size })));
    return g;
  }
  const playable = new Set(playableCards(ctx));
  const perRow = handPerRow(p, w);
  const cw = Math.min(120, (w - (perRow - 1) * 4) / perRow);
  p.hand.forEach((card, k) => {
    const cx = x + (k % perRow) * (cw + 4), cy = y + Math.floor(k / perRow) * (ch + 4);
    const on = playable.has(card) && card === choice.card;
    const c = svg("g", { class: "hand-card" }, svg("rect", { class: "face", x: cx, y: cy, width: cw, height: ch, rx: 5,
      fill: on ? "#fff3d6" : "#fff", stroke: on ? INK : "#9aa0a6", "stroke-width": on ? 2.5 : 1 }),
    icon(`changcheng-${card}`, cx + 4, cy + (ch - 24) / 2, 24));
    if (cw >= 64) c.append(fitText(cx + 31, cy + ch / 2 + 5, cardWord(card), cw - 35, { "font-size": 13, "font-weight": 600 }, { minSize: G.font }));
    tip(c, cardTip(card), "cards");
    if (playable.has(card)) {
      c.classList.add("card-pick");
      if (on) c.classList.add("on");
      c.style.cursor = "pointer";
      c.setAttribute("data-card", card);
      c.setAttribute("role", "button");
      c.setAttribute("tabindex", "0");
      c.setAttribute("aria-pressed", String(on));
      const pick = () => { choice.card = card; redraw(); };
      c.addEventListener("click", pick);
      c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    }
    g.append(c);
  });
  return g;
}

// Cards per row in a hand: wide enough for the card's word, at least three.
function handPerRow(p, w) {
  return Math.max(1, Math.min(p.hand.length, Math.max(3, Math.floor(w / 100))));
}

function handHeight(p, w, G) {
  const ch = G.narrow ? 44 : 36;
  if (!p.hand) return ch;
  const perRow = handPerRow(p, w);
  return Math.max(1, Math.ceil(p.hand.length / perRow)) * (ch + 4);
}

function playerPanel(view, p, names, mySeat, x, y, w, h, ctx, redraw, G) {
  const g = panelFrame(x, y, w, h, view, p, names, mySeat);
  const row = y + 62, step = Math.min(62, (w - 20) / 4);
  g.append(counter("points", x + 10, row, p.score, t("board.changcheng.tip.score", { n: p.score }), { size: 20, font: 16, weight: 700 }),
    counter("changcheng-single", x + 10 + step, row, p.singles, t("board.changcheng.tip.singles", { n: p.singles }), { size: 22 }));
  const dbl = svg("g", { opacity: p.double ? 1 : 0.3 }, icon("changcheng-double", x + 10 + 2 * step, row - 17, 24));
  g.append(tip(dbl, t(p.double ? "board.changcheng.tip.double_left" : "board.changcheng.tip.double_used"), "turn"));
  const twr = svg("g", { opacity: p.tower ? 1 : 0.3 }, icon("changcheng-tower", x + 10 + 3 * step, row - 18, 24));
  g.append(tip(twr, t(p.tower ? "board.changcheng.tip.tower_left" : "board.changcheng.tip.tower_used"), "turn"));
  if (p.revealed.length) {
    const gone = svg("g", { opacity: 0.55 });
    const label = t("board.changcheng.played_short");
    gone.append(text(x + 10, y + 92, label, { "font-size": 12, fill: MUTED }));
    const lx = x + 16 + textWidth(label, 12);
    p.revealed.forEach((c, k) => gone.append(icon(`changcheng-${c}`, lx + k * 22, y + 78, 20)));
    g.append(tip(gone, t("board.changcheng.played", { cards: list(p.revealed.map(cardWord)) })));
  }
  g.append(handRow(x + 10, y + 102, w - 20, p, p.seat === mySeat ? ctx : NOT_MINE, redraw, G));
  return g;
}

export function drawChangcheng(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const G = geometry(rawCtx, view);
  const found = modes(ctx);
  const root = svg("svg", { role: "img", class: `board board-changcheng ${G.narrow ? "narrow" : "wide"}`,
    "aria-label": t("board.changcheng.label", { turn: view.turn }) });
  const redraw = () => root.replaceWith(drawChangcheng(view, names, mySeat, rawCtx));
  const head = header(view, G);
  const row = modeRow(found, ctx, redraw, G, head.bottom + 4);
  root.append(head.node, row.node);
  const top = row.bottom + 4;
  view.layout.forEach((side, i) => root.append(sideBlock(view, side, i, names, ctx, G, top)));
  let y = G.height(top) + 4;
  if (view.scoring) {
    const box = scoringBox(view, names, ctx, G, y);
    root.append(box.node);
    y = box.bottom;
  }
  const n = view.players.length, cols = G.narrow ? 1 : n;
  const w = (G.W - 20 - (cols - 1) * 8) / cols;
  const h = 110 + Math.max(...view.players.map((p) => handHeight(p, w - 20, G)));
  view.players.forEach((p, i) => root.append(playerPanel(view, p, names, mySeat, 10 + (i % cols) * (w + 8),
    y + Math.floor(i / cols) * (h + 8), w, h, ctx, redraw, G)));
  const height = y + Math.ceil(n / cols) * (h + 8);
  root.setAttribute("viewBox", `0 0 ${G.W} ${height}`);
  if (G.narrow) root.setAttribute("width", G.W);
  markRecent(root, rawCtx);
  return root;
}

// What boards.js calls for this game.
export { drawChangcheng as draw };

// The seats' colours: the game's own (the log names them), drawn in the palette's hues.
export function seatColours(view) {
  return (view.players || []).map((p) => CHANGCHENG_COLOURS[p.colour] || null);
}
