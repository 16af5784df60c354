// Each game's board comes from the server's list of games (/api/games: `board` names
// web/board-<board>.js, which exports `draw`); a game without one gets the structured
// rendering. The page keeps no list of games of its own.
// Every draw function is called as draw(view, names, seat, {choices, act}) (board-common.js).
import { drawGeneric } from "/static/board-generic.js";

const drawers = new Map();  // game name -> its draw function, once loaded
let loading = null;

// Load every game's board module, once; resolves when all are ready.
export function loadBoards() {
  if (!loading) {
    loading = fetch("/api/games").then((resp) => resp.json()).then((games) => Promise.all(
      games.filter((game) => game.board).map(async (game) => {
        const module = await import(`/static/board-${game.board}.js`);
        drawers.set(game.name, module.draw);
      })));
  }
  return loading;
}

export function boardFor(game) {
  return drawers.get(game) || drawGeneric;
}
