import { Suspense } from "react";
import type { Tournament } from "../../../core/api/contract-tournaments";
import { useLocalePath } from "../../lib/i18n/use-t";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { ServerHtml } from "../../ui/server-html";
import type { ParticipateActionData } from "./tournaments.server";

// The Participate block's code (participate-form.tsx) is a lazy chunk. A player's block is hydrated
// (busy state, a refusal's toast), so their page loads it; a visitor's is a plain form that asks
// them to sign in, kept as the server sent it (ServerHtml), so a visitor's first load carries none
// of it. The loaders preload it, so the server renders it in place.
const block = lazyWithPreload(() => import("./participate-form").then((m) => m.ParticipateBlock));

/** The Participate block's code, for the server to render it in place. */
export const preloadParticipate = block.preload;

/** The reader's place and the Participate form of a tournament (participate-form.tsx). */
export function ParticipateBlock(props: { tournament: Tournament; answer: ParticipateActionData; signedIn: boolean; showPlace?: boolean }) {
  const to = useLocalePath();
  const tr = props.tournament;
  return (
    <Suspense fallback={null}>
      {props.signedIn ? (
        <block.Component {...props} />
      ) : (
        <ServerHtml className="tournament__participate" key={`${to("/")}${tr.id}:${tr.status}:${tr.restrictions.opt_in}`}>
          <block.Component {...props} />
        </ServerHtml>
      )}
    </Suspense>
  );
}
