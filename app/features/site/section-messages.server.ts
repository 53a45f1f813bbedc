import type { MessageBundle } from "../../../core/api/entities";
import { sectionOf, type Section } from "./section-messages";

/** The namespaces only the pages of a section get (decision 0021). */
const SECTIONS: Record<Section, readonly string[]> = {
  // A market's monthly deposit ceiling is said at the deposit form and with the player's limits (issue 40).
  cashier: ["cashier", "offers", "marketCap", "limitPrompt"],
  // A market's bonus rules are said where offers are and beside the player's bonuses (decision 0083).
  offers: ["offers", "bonusRules"],
  profile: ["profileGames", "responsible", "profile", "freespins", "loyalty", "bonusRules", "marketCap"],
  loyalty: ["loyalty"],
  "responsible-game": ["responsible", "marketCap"],
  // A challenge running on the game is said above a player's real-money game (decision 0117).
  game: ["game", "freespins", "challenges"],
  jackpots: ["jackpots"],
  winners: ["jackpots"],
  "wheel-of-fortune": ["wheel"],
  tournaments: ["tournaments", "challenges"],
  betting: ["betting"],
  promotions: ["promotions"],
  confirmation: ["confirmation"],
  unsubscribe: ["unsubscribe"],
  vpn: ["vpn"],
};

/** The parts of those namespaces that every page needs: the session clock and its reality check. */
const EVERYWHERE: Record<string, readonly string[]> = {
  responsible: ["check", "clock"],
  // The VPN's realtime toasts show on any page (decision 0053).
  vpn: ["events"],
};

/** Parts of another section's namespace a section's pages need too. */
const BORROWED: Partial<Record<Section, Record<string, readonly string[]>>> = {
  // A deposit's success page shows the bonuses it earned with their terms and X-ray (issue 41).
  cashier: { profile: ["bonuses"] },
  // The player's sports bets name a system bet as the slip does (decision 0106).
  profile: { betting: ["system"] },
};

/** Used by the server alone: e-mails, and web push's texts (written by the platform when it sends, decision 0114). */
const SERVER_ONLY = new Set(["mail", "push"]);

const SECTIONAL = new Set(Object.values(SECTIONS).flat());

/** Each bundle's cuts by section: the bundle is kept per isolate (site cache), so most renders find theirs here. */
const cuts = new WeakMap<MessageBundle, Map<string, MessageBundle>>();

/**
 * The translations a page of this path needs: the shared namespaces, and its section's. The
 * answer is shared by every render of the section while the bundle is kept: never change it.
 */
export function sectionMessages(bundle: MessageBundle, pathname: string): MessageBundle {
  const section = sectionOf(pathname);
  let mine = cuts.get(bundle);
  if (!mine) cuts.set(bundle, (mine = new Map()));
  const cut = mine.get(section);
  if (cut) return cut;
  const out = cutFor(bundle, section);
  mine.set(section, out);
  return out;
}

function cutFor(bundle: MessageBundle, section: Section | ""): MessageBundle {
  const ours = new Set(section ? SECTIONS[section] : []);
  const out: MessageBundle = {};
  for (const [ns, value] of Object.entries(bundle)) {
    if (SERVER_ONLY.has(ns)) continue;
    if (!SECTIONAL.has(ns) || ours.has(ns)) {
      out[ns] = value;
      continue;
    }
    const keep = [...(EVERYWHERE[ns] ?? []), ...((section && BORROWED[section]?.[ns]) || [])];
    if (keep.length > 0 && typeof value === "object") {
      out[ns] = Object.fromEntries(Object.entries(value).filter(([k]) => keep.includes(k)));
    }
  }
  return out;
}
