// In the Year of the Dragon: an SVG board drawn from one seat's view (nothing else).
// Clickable where natural: action cards, person tiles, hand cards, palaces and residents, each
// marked with its target id (games/dragon/choices.py): group:<n>:<card>, supply:<tile>,
// hand:<card>, palace:<n>, palace:new, resident:<n>:<tile>.
import { t } from "/static/i18n.js";
import { svg } from "/static/util.js";
import { INK, LINE, MUTED, NOT_MINE, bind, chip, context, fitText, seatMarker, seatName, seatPanel, targetId, term, text,
  title } from "/static/board-common.js";

// Words: t() keys board.dragon.* and the game's terms (term(): board.dragon.term.*).
const word = (code) => term("dragon", code);

const W = 1000;
const GREAT_EVENT_MONTH = 7;
const TYPES = "CLPTWMHFS";
const FLOOR_H = 26;

function eventTrack(view) {
  const g = svg("g", {});
  const w = (W - 20) / 12;
  g.append(text(10, 14, t("board.dragon.events"), { "font-weight": 700, "font-size": 13 }));
  view.event_track.forEach((event, i) => {
    const month = i + 1;
    const current = month === view.round && !view.over;
    const past = month < view.round || view.over;
    const x = 10 + i * w;
    const box = svg("g", { opacity: past ? 0.45 : 1 },
      svg("rect", { x, y: 22, width: w - 4, height: 50, rx: 5, fill: current ? "#E8F1F8" : "#fff",
        stroke: current ? INK : LINE, "stroke-width": current ? 3 : 1 }),
      fitText(x + 6, 36, t("board.dragon.month", { month }), w - 26, { "font-size": 11, fill: MUTED }),
      fitText(x + 6, 57, word(event), w - 14, { "font-weight": current ? 700 : 400, "font-size": 13 }, { lines: 2 }));
    if (month === GREAT_EVENT_MONTH && view.great_event) {
      box.append(text(x + w - 8, 36, "★", { "text-anchor": "end", fill: "#D55E00" }));
    }
    g.append(box);
  });
  return g;
}

function actionGroups(view, names, y, ctx) {
  const g = svg("g", {});
  g.append(text(10, y, t("board.dragon.groups"), { "font-weight": 700, "font-size": 13 }));
  const n = Math.max(view.groups.length, 1);
  const w = (W - 20) / n;
  if (!view.groups.length) g.append(text(10, y + 24, t("board.dragon.not_dealt"), { fill: MUTED }));
  view.groups.forEach((group, i) => {
    const x = 10 + i * w;
    g.append(svg("rect", { x, y: y + 8, width: w - 6, height: 70, rx: 6, fill: "#fff", stroke: LINE }));
    g.append(text(x + 8, y + 24, t("board.dragon.group", { n: i + 1 }), { "font-size": 11, fill: MUTED }));
    const cw = Math.min(104, (w - 16) / Math.max(group.cards.length, 1));
    group.cards.forEach((card, k) => {
      const c = chip(x + 8 + k * cw, y + 30, cw - 6, 38, word(card), { size: 13 });
      if (group.cards.indexOf(card) === k) bind(c, targetId("group", i + 1, card), ctx);  // two alike: the first
      g.append(c);
    });
    group.dragons.forEach((seat, k) => {
      g.append(title(seatMarker(x + w - 20 - k * 22, y + 20, seat), t("board.dragon.dragon_of", { name: seatName(names, seat) })));
    });
  });
  return g;
}

function personTrack(view, names, y) {
  const g = svg("g", {});
  const players = view.players;
  const max = Math.max(30, ...players.map((p) => p.pt + 2));
  const x0 = 130, x1 = W - 20;
  const at = (pt) => x0 + ((x1 - x0) * pt) / max;
  g.append(fitText(10, y + 18, t("board.dragon.person_track"), x0 - 16, { "font-weight": 700, "font-size": 13 }, { lines: 2 }));
  g.append(svg("line", { x1: x0, y1: y + 14, x2: x1, y2: y + 14, stroke: "#9aa0a6", "stroke-width": 2 }));
  for (let pt = 0; pt <= max; pt += 5) {
    g.append(svg("line", { x1: at(pt), y1: y + 9, x2: at(pt), y2: y + 19, stroke: "#9aa0a6" }));
    g.append(text(at(pt), y + 34, String(pt), { "text-anchor": "middle", "font-size": 10, fill: MUTED }));
  }
  for (const p of players) g.append(seatMarker(at(p.pt), y + 14 - 12 * (p.pt_stack - 1), p.seat));
  const order = view.turn_order.map((s) => seatName(names, s)).join("  →  ");
  g.append(text(10, y + 52, t("board.dragon.turn_order", { order }), { "font-size": 12 }));
  return g;
}

// The person tiles left in the supply; take and sunrise choices make them clickable.
function personTiles(view, y, ctx) {
  const g = svg("g", {}, fitText(10, y + 20, t("board.dragon.tiles"), 114, { "font-weight": 700, "font-size": 13 }));
  const tiles = Object.keys(view.supply).sort((a, b) => TYPES.indexOf(a[0]) - TYPES.indexOf(b[0]) || (a[1] < b[1] ? 1 : -1));
  const w = (W - 140) / Math.max(tiles.length, 1);
  tiles.forEach((tile, k) => {
    const old = tile[1] === "o";
    const c = chip(130 + k * w, y + 2, w - 6, 28, `${tile} ${view.supply[tile]}`,
      { size: 12, stroke: old ? INK : "#9aa0a6", fill: view.supply[tile] ? "#fff" : "#f1f3f4" });
    title(c, t("board.dragon.tiles_left", { tile: word(tile), n: view.supply[tile] }));
    bind(c, targetId("supply", tile), ctx);
    g.append(c);
  });
  return g;
}

function palace(x, y, pal, index, fw, ctx) {
  const g = svg("g", {});
  const fh = FLOOR_H;
  const n = index + 1;
  g.append(svg("rect", { class: "face", x: x - 3, y: y - pal.floors * fh - 10, width: fw + 6, height: pal.floors * fh + 12,
    rx: 3, fill: "none", stroke: "none" }));
  for (let f = 0; f < pal.floors; f++) {
    const fy = y - (f + 1) * fh;
    const who = pal.residents[f];
    const room = svg("g", {}, svg("rect", { class: "face", x, y: fy, width: fw, height: fh - 2, rx: 2,
      fill: who ? "#f1f3f4" : "#fff", stroke: who && who.endsWith("o") ? INK : "#9aa0a6",
      "stroke-width": who && who.endsWith("o") ? 2 : 1 }));
    if (who) {
      room.append(text(x + fw / 2, fy + 17, who, { "text-anchor": "middle", "font-size": fw < 26 ? 10 : 12, "font-weight": 600 }));
      title(room, word(who));
      room.addEventListener("click", (e) => { if (room.classList.contains("legal")) e.stopPropagation(); });
      if (pal.residents.indexOf(who) === f) bind(room, targetId("resident", n, who), ctx);  // two alike: the first
    }
    g.append(room);
  }
  g.append(svg("path", { d: `M${x - 2} ${y - pal.floors * fh} l${fw / 2 + 2} -8 l${fw / 2 + 2} 8`, fill: "none", stroke: MUTED }));
  title(g, t("board.dragon.palace", { id: n }));
  bind(g, targetId("palace", n), ctx);
  return g;
}

function newPalace(x, y, fw, ctx) {
  const g = svg("g", {}, svg("rect", { class: "face", x, y: y - FLOOR_H, width: fw, height: FLOOR_H - 2, rx: 2, fill: "#fff",
    stroke: "#9aa0a6", "stroke-dasharray": "3 2" }),
  text(x + fw / 2, y - 9, "+", { "text-anchor": "middle", "font-weight": 700 }));
  title(g, t("board.dragon.new_palace"));
  return bind(g, targetId("palace", "new"), ctx) ? g : null;
}

function handRow(p, x, y, w, ctx) {
  const g = svg("g", {});
  if (!p.hand) {
    g.append(text(x, y + 12, t("board.dragon.hand_size", { n: p.hand_size }), { "font-size": 12 }));
    return g;
  }
  const cw = Math.min(30, w / Math.max(p.hand.length, 1));
  g.append(text(x, y + 12, t("board.dragon.hand"), { "font-size": 12 }));
  p.hand.forEach((card, k) => {
    const c = chip(x + k * cw, y + 18, cw - 3, 22, card, { size: 12 });
    title(c, word(card));
    const first = p.hand.indexOf(card) === k;  // two jokers: one of them is the clickable one
    if (first) bind(c, targetId("hand", card), ctx);
    g.append(c);
  });
  return g;
}

function playerPanel(p, view, names, mySeat, x, y, w, ctx) {
  const g = seatPanel(x, y, w - 8, 250, p.seat, names, mySeat, view.current_player === p.seat);
  const priv = p.privileges;
  const lines = [
    t("board.dragon.points", { vp: p.vp, pt: p.pt }),
    t("board.dragon.goods", { yuan: p.yuan, rice: p.rice, fireworks: p.fireworks }),
    t("board.dragon.privileges", { small: priv.small, large: priv.large }),
  ];
  lines.forEach((line, i) => g.append(fitText(x + 10, y + 54 + i * 18, line, w - 28, { "font-size": 12 })));
  const own = p.seat === mySeat ? ctx : NOT_MINE;  // palaces and hands: only mine are mine to click
  g.append(handRow(p, x + 10, y + 98, w - 28, own));
  const slots = p.palaces.length + 1;
  const fw = Math.max(18, Math.min(40, (w - 28) / slots - 9));
  p.palaces.forEach((pal, i) => g.append(palace(x + 12 + i * (fw + 9), y + 240, pal, i, fw, own)));
  const extra = newPalace(x + 12 + p.palaces.length * (fw + 9), y + 240, fw, own);
  if (extra) g.append(extra);
  else if (!p.palaces.length) g.append(text(x + 10, y + 226, t("board.dragon.no_palaces"), { fill: MUTED }));
  return g;
}

function legend(y) {
  const items = [...TYPES].map((k) => `${k} ${word(k)}`).join(" · ");
  return fitText(10, y, `${items}   ${t("board.dragon.legend")}`, W - 20, { "font-size": 11, fill: MUTED });
}

export function drawDragon(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const n = view.players.length;
  const panelY = 300;
  const height = panelY + 280;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img", class: "board board-dragon",
    "aria-label": t("board.dragon.label", { month: view.round }) });
  root.append(eventTrack(view), actionGroups(view, names, 90, ctx), personTrack(view, names, 186),
    personTiles(view, 250, ctx));
  const w = (W - 12) / n;
  view.players.forEach((p, i) => root.append(playerPanel(p, view, names, mySeat, 10 + i * w, panelY, w, ctx)));
  const extra = [];
  if (view.great_event) {
    const event = view.great_event === "hidden" ? t("board.dragon.face_down") : word(view.great_event);
    extra.push(t("board.dragon.great_event", { month: GREAT_EVENT_MONTH, event }));
  }
  if (view.options.great_wall !== "off") extra.push(t("board.dragon.great_wall", { n: view.wall.length }));
  if (extra.length) root.append(fitText(10, panelY - 10, extra.join("   ·   "), W - 20, { "font-size": 12 }));
  root.append(legend(height - 6));
  return root;
}

// What boards.js calls for this game.
export { drawDragon as draw };
