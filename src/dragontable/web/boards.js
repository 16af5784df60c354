// Each game's board comes from the server's list of games (/api/games: `board` names
// web/board-<board>.js, which exports `draw`); a game without one gets the structured
// rendering. The page keeps no list of games of its own.
// Every draw function is called as draw(view, names, seat, ctx) (board-common.js); a module may
// also export seatColours(view): the seats' colours when the game's players have their own.
import { drawGeneric } from "/static/board-generic.js";

const drawers = new Map();  // game name -> its draw function, once loaded
const colourers = new Map();  // game name -> seatColours(view), for games with player colours
let loading = null;

// Load every game's board module, once; resolves when all are ready.
export function loadBoards() {
  if (!loading) {
    loading = fetch("/api/games").then((resp) => resp.json()).then((games) => Promise.all(
      games.filter((game) => game.board).map(async (game) => {
        const module = await import(`/static/board-${game.board}.js`);
        drawers.set(game.name, module.draw);
        if (module.seatColours) colourers.set(game.name, module.seatColours);
      })));
  }
  return loading;
}

export function boardFor(game) {
  return drawers.get(game) || drawGeneric;
}

// The colours of the seats in `view` when its game has its own (else null: the page's).
export function seatColoursFor(game, view) {
  const colours = colourers.get(game);
  return colours ? colours(view) : null;
}
