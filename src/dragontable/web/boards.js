// Which function draws each game's board; games without one get the structured rendering.
// Every draw function is called as draw(view, names, seat, {choices, act}) (board-common.js).
import { drawChangcheng } from "/static/board-changcheng.js";
import { drawDragon } from "/static/board-dragon.js";
import { drawGeneric } from "/static/board-generic.js";
import { drawMing } from "/static/board-ming.js";

export const BOARDS = { dragon: drawDragon, ming: drawMing, changcheng: drawChangcheng };

export function boardFor(game) {
  return BOARDS[game] || drawGeneric;
}
