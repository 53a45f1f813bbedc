import type { JurisdictionId } from "./jurisdictions";

/**
 * Where a player of each market finds help (issue 40, decision 0093): free, confidential services
 * the market's regulator points players to, and its national self-exclusion scheme where a player
 * can join it themselves. The responsible-gaming pages list them beside the self-assessment test;
 * what each offers is a message (responsible.helpOrgs.<id>) so it reads in the player's language.
 */
export interface HelpOrganisation {
  id: string;
  name: string;
  url: string;
  /** A free helpline, as dialled in the market; null where the service is online only. */
  phone: string | null;
}

const GAMBLING_THERAPY: HelpOrganisation = { id: "gamblingTherapy", name: "Gambling Therapy", url: "https://www.gamblingtherapy.org", phone: null };

export const HELP_ORGANISATIONS: Readonly<Record<JurisdictionId, readonly HelpOrganisation[]>> = {
  international: [GAMBLING_THERAPY, { id: "gamblersAnonymous", name: "Gamblers Anonymous", url: "https://www.gamblersanonymous.org", phone: null }],
  uk: [
    { id: "gamcare", name: "GamCare — National Gambling Helpline", url: "https://www.gamcare.org.uk", phone: "0808 8020 133" },
    { id: "gamstop", name: "GAMSTOP", url: "https://www.gamstop.co.uk", phone: null },
    GAMBLING_THERAPY,
  ],
  on: [
    { id: "connexOntario", name: "ConnexOntario", url: "https://www.connexontario.ca", phone: "1-866-531-2600" },
    { id: "rgc", name: "Responsible Gambling Council", url: "https://www.responsiblegambling.org", phone: null },
    GAMBLING_THERAPY,
  ],
  de: [{ id: "bzga", name: "BZgA — Check dein Spiel", url: "https://www.check-dein-spiel.de", phone: "0800 1 37 27 00" }, GAMBLING_THERAPY],
  nl: [
    { id: "loketKansspel", name: "Loket Kansspel", url: "https://www.loketkansspel.nl", phone: null },
    { id: "cruks", name: "CRUKS", url: "https://cruksregister.nl", phone: null },
    GAMBLING_THERAPY,
  ],
  se: [
    { id: "stodlinjen", name: "Stödlinjen", url: "https://www.stodlinjen.se", phone: "020-81 91 00" },
    { id: "spelpaus", name: "Spelpaus", url: "https://www.spelpaus.se", phone: null },
    GAMBLING_THERAPY,
  ],
};
