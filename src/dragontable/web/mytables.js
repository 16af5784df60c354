// The tables this browser has a seat at, remembered locally (localStorage), so that the lobby
// can list them with whose turn it is. Each entry: { id, seat, url, game, at } where url is
// the seat's invitation link (it holds the seat's token, which stays in this browser).
const KEY = "dragontable.mytables";
const MOST = 50;

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string") : [];
  } catch { return []; }
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST))); } catch { /* not kept */ }
}

// Remember (or refresh) the seat this page plays at table `id`; newest first.
export function rememberTable(entry) {
  save([{ ...entry, at: Date.now() }, ...myTables().filter((e) => e.id !== entry.id)]);
}

export function forgetTable(id) {
  save(myTables().filter((e) => e.id !== id));
}
