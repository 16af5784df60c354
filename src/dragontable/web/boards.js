// Which function draws each game's board; games without one get the structured rendering.
// Every draw function is called as draw(view, names, seat, {legal, act}).
import { drawDragon } from "/static/board-dragon.js";
import { drawGeneric } from "/static/board-generic.js";

export const BOARDS = { dragon: drawDragon };

export function boardFor(game) {
  return BOARDS[game] || drawGeneric;
}
