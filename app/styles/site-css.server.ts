/**
 * Every stylesheet of the site, in cascade order, as one text for the document's head
 * (lib/site-stylesheet.tsx, decision 0019). No component imports CSS: a new stylesheet is
 * listed here, and its selectors carry its block's prefix so that none collides with another's.
 */
import app from "./app.css?inline";
import betting from "./betting.css?inline";
import cashier from "./cashier.css?inline";
import chat from "./chat.css?inline";
import forcedLogout from "./forced-logout.css?inline";
import game from "./game.css?inline";
import jackpots from "./jackpots.css?inline";
import lobby from "./lobby.css?inline";
import loyalty from "./loyalty.css?inline";
import offers from "./offers.css?inline";
import profileGames from "./profile-games.css?inline";
import responsibleSession from "./responsible-session.css?inline";
import responsible from "./responsible.css?inline";
import search from "./search.css?inline";
import tournaments from "./tournaments.css?inline";
import wheel from "./wheel.css?inline";

export const siteCss = [
  app,
  lobby,
  search,
  game,
  jackpots,
  profileGames,
  responsible,
  responsibleSession,
  cashier,
  forcedLogout,
  offers,
  loyalty,
  wheel,
  tournaments,
  betting,
  chat,
].join("\n");
