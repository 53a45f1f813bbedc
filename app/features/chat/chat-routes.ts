import { sectionOf } from "../site/section-messages";

/** SPEC §2: no chat on betting and game routes (a widget there covers the slip or the game's buttons). */
export const chatHiddenOn = (pathname: string): boolean => {
  const section = sectionOf(pathname);
  return section === "betting" || section === "game";
};
