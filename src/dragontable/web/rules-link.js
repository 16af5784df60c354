// Links from the table to the rules: the header's Rules link and the "more" link of a rule
// bubble. Both open the rules in a window of their own (RULES_WINDOW), beside the table, so
// that the board stays where it is and playable.
import { el } from "/static/util.js";
import { lang, t } from "/static/i18n.js";

export const RULES_WINDOW = "dragontable-rules";

export function rulesUrl(game, section = "") {
  return `/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}${section ? `#${section}` : ""}`;
}

// Point the header's Rules link at `game`'s rules in the page's language.
export function showRulesLink(game) {
  const link = document.getElementById("rules-link");
  if (!link || !game) return;
  link.href = rulesUrl(game);
  link.target = RULES_WINDOW;
  link.hidden = false;
}

// The "more" link for a board element whose rule names its section (data-rules), or null.
export function moreLink(node) {
  const section = node.getAttribute("data-rules");
  const game = node.closest("[data-game]")?.getAttribute("data-game");
  if (!section || !game) return null;
  return el("a", { href: rulesUrl(game, section), target: RULES_WINDOW, class: "tip-more", "data-section": section },
    t("rules.more"));
}
