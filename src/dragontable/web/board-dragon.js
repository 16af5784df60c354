// In the Year of the Dragon: an SVG board drawn from one seat's view (nothing else).
import { svg, seatColour } from "/static/util.js";

const W = 1000;
const EVENTS = { peace: "Peace", tribute: "Tribute", drought: "Drought", festival: "Festival",
  mongol: "Mongols", contagion: "Contagion" };
const PERSONS = { C: "craftsman", L: "court lady", P: "pyrotechnist", T: "tax collector",
  W: "warrior", M: "monk", H: "healer", F: "farmer", S: "scholar" };
const GREAT_EVENT_MONTH = 7;

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-size": 13, fill: "#1d1d1f", ...attrs }, content);
}

function seatMarker(x, y, seat, r = 9) {
  return svg("g", {},
    svg("circle", { cx: x, cy: y, r, fill: seatColour(seat), stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + 4, String(seat + 1), { "text-anchor": "middle", fill: "#fff", "font-size": 11, "font-weight": 700 }));
}

function eventTrack(view) {
  const g = svg("g", {});
  const w = (W - 20) / 12;
  g.append(text(10, 14, "Events", { "font-weight": 700 }));
  view.event_track.forEach((event, i) => {
    const month = i + 1;
    const current = month === view.round && !view.over;
    const past = month < view.round || view.over;
    const x = 10 + i * w;
    const box = svg("g", { opacity: past ? 0.45 : 1 },
      svg("rect", { x, y: 22, width: w - 4, height: 44, rx: 5, fill: current ? "#E8F1F8" : "#fff",
        stroke: current ? "#1d1d1f" : "#c5cad0", "stroke-width": current ? 3 : 1 }),
      text(x + 6, 38, `month ${month}`, { "font-size": 11, fill: "#5f6368" }),
      text(x + 6, 57, EVENTS[event] || event, { "font-weight": current ? 700 : 400 }));
    if (month === GREAT_EVENT_MONTH && view.great_event) {
      box.append(text(x + w - 8, 38, "★", { "text-anchor": "end", fill: "#D55E00" }));
    }
    g.append(box);
  });
  return g;
}

function actionGroups(view, names, y) {
  const g = svg("g", {});
  g.append(text(10, y, "Action groups", { "font-weight": 700 }));
  const n = Math.max(view.groups.length, 1);
  const w = (W - 20) / n;
  if (!view.groups.length) g.append(text(10, y + 24, "Not dealt yet.", { fill: "#5f6368" }));
  view.groups.forEach((group, i) => {
    const x = 10 + i * w;
    g.append(svg("rect", { x, y: y + 8, width: w - 6, height: 66, rx: 6, fill: "#fff", stroke: "#c5cad0" }));
    g.append(text(x + 8, y + 26, `Group ${i + 1}`, { "font-size": 11, fill: "#5f6368" }));
    g.append(text(x + 8, y + 44, group.cards.join(" · ") || "—", { "font-weight": 600 }));
    group.dragons.forEach((seat, k) => {
      const m = seatMarker(x + 16 + k * 22, y + 62, seat);
      m.append(svg("title", {}, `${names[seat] || `Seat ${seat + 1}`}'s dragon`));
      g.append(m);
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
  g.append(text(10, y + 18, "Person track", { "font-weight": 700 }));
  g.append(svg("line", { x1: x0, y1: y + 14, x2: x1, y2: y + 14, stroke: "#9aa0a6", "stroke-width": 2 }));
  for (let pt = 0; pt <= max; pt += 5) {
    g.append(svg("line", { x1: at(pt), y1: y + 9, x2: at(pt), y2: y + 19, stroke: "#9aa0a6" }));
    g.append(text(at(pt), y + 34, String(pt), { "text-anchor": "middle", "font-size": 10, fill: "#5f6368" }));
  }
  for (const p of players) g.append(seatMarker(at(p.pt), y + 14 - 12 * (p.pt_stack - 1), p.seat));
  const order = view.turn_order.map((s) => names[s] || `Seat ${s + 1}`).join("  →  ");
  g.append(text(10, y + 56, `Turn order: ${order}`, { "font-size": 12 }));
  return g;
}

function palace(x, y, pal, fw) {
  const g = svg("g", {});
  const fh = 20;
  for (let f = 0; f < pal.floors; f++) {
    const fy = y - (f + 1) * fh;
    const who = pal.residents[f];
    g.append(svg("rect", { x, y: fy, width: fw, height: fh - 2, rx: 2,
      fill: who ? "#f1f3f4" : "#fff", stroke: who && who.endsWith("o") ? "#1d1d1f" : "#9aa0a6",
      "stroke-width": who && who.endsWith("o") ? 2 : 1 }));
    if (who) {
      const t = text(x + fw / 2, fy + 13, who, { "text-anchor": "middle", "font-size": fw < 26 ? 10 : 12, "font-weight": 600 });
      t.append(svg("title", {}, `${who.endsWith("o") ? "old" : "young"} ${PERSONS[who[0]] || who}`));
      g.append(t);
    }
  }
  g.append(svg("path", { d: `M${x - 2} ${y - pal.floors * fh} l${fw / 2 + 2} -8 l${fw / 2 + 2} 8`,
    fill: "none", stroke: "#5f6368" }));
  return g;
}

function playerPanel(p, view, names, mySeat, x, y, w) {
  const g = svg("g", {});
  const current = view.current_player === p.seat;
  g.append(svg("rect", { x, y, width: w - 8, height: 250, rx: 8, fill: "#fff",
    stroke: current ? "#1d1d1f" : "#c5cad0", "stroke-width": current ? 3 : 1 }));
  g.append(svg("rect", { x, y, width: w - 8, height: 8, rx: 3, fill: seatColour(p.seat) }));
  g.append(seatMarker(x + 16, y + 26, p.seat));
  const name = `${names[p.seat] || `Seat ${p.seat + 1}`}${p.seat === mySeat ? " (you)" : ""}`;
  g.append(text(x + 32, y + 31, name + (current ? "  ◀" : ""), { "font-weight": 700 }));
  const priv = p.privileges;
  const lines = [
    `VP ${p.vp}   person track ${p.pt}`,
    `yuan ${p.yuan}   rice ${p.rice}   fireworks ${p.fireworks}`,
    `privileges: ${priv.small} small, ${priv.large} large`,
    p.hand ? `hand: ${p.hand.join(" ") || "—"}` : `hand: ${p.hand_size} cards`,
  ];
  lines.forEach((line, i) => g.append(text(x + 10, y + 54 + i * 18, line, { "font-size": 12 })));
  const fw = Math.max(18, Math.min(34, (w - 28) / Math.max(p.palaces.length, 1) - 6));
  p.palaces.forEach((pal, i) => g.append(palace(x + 10 + i * (fw + 6), y + 236, pal, fw)));
  if (!p.palaces.length) g.append(text(x + 10, y + 226, "no palaces", { fill: "#5f6368" }));
  return g;
}

function legend(y) {
  const items = Object.entries(PERSONS).map(([k, v]) => `${k} ${v}`).join(" · ");
  return text(10, y, `${items}   (y young, o old — old ones framed bold)`, { "font-size": 11, fill: "#5f6368" });
}

export function drawDragon(view, names, mySeat) {
  const n = view.players.length;
  const panelY = 280;
  const height = panelY + 280;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img",
    "aria-label": `In the Year of the Dragon, month ${view.round}` });
  root.append(eventTrack(view), actionGroups(view, names, 90), personTrack(view, names, 185));
  const w = (W - 12) / n;
  view.players.forEach((p, i) => root.append(playerPanel(p, view, names, mySeat, 10 + i * w, panelY, w)));
  const extra = [];
  if (view.great_event) extra.push(`Great Event (month ${GREAT_EVENT_MONTH}): ${view.great_event}`);
  if (view.options.great_wall !== "off") extra.push(`Great Wall: ${view.wall.length} tiles built`);
  if (extra.length) root.append(text(10, panelY - 12, extra.join("   ·   "), { "font-size": 12 }));
  root.append(legend(height - 6));
  return root;
}
