import type { MessageBundle } from "../../lib/api/entities";
import { SECTIONS, sectionOf } from "./section-messages";

/** The parts of those namespaces that every page needs: the session clock and its reality check. */
const EVERYWHERE: Record<string, readonly string[]> = {
  responsible: ["check", "clock"],
};

/** Used by the server alone (e-mails). */
const SERVER_ONLY = new Set(["mail"]);

const SECTIONAL = new Set(Object.values(SECTIONS).flat());

/** The translations a page of this path needs: the shared namespaces, and its section's. */
export function sectionMessages(bundle: MessageBundle, pathname: string): MessageBundle {
  const mine = new Set(SECTIONS[sectionOf(pathname)] ?? []);
  const out: MessageBundle = {};
  for (const [ns, value] of Object.entries(bundle)) {
    if (SERVER_ONLY.has(ns)) continue;
    if (!SECTIONAL.has(ns) || mine.has(ns)) {
      out[ns] = value;
      continue;
    }
    const keep = EVERYWHERE[ns];
    if (keep && typeof value === "object") {
      out[ns] = Object.fromEntries(Object.entries(value).filter(([k]) => keep.includes(k)));
    }
  }
  return out;
}
