import { Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/wheel-of-fortune";
import { CAMPAIGN_KEY, POPUP_KEY, VERIFY_KEY } from "../features/wheel/keys";
import { ErrorConfirm, preloadResultDialogs, SpinResultPopup } from "../features/wheel/lazy-result-dialogs";
import { wheelAction, type WheelActionData } from "../features/wheel/wheel-actions.server";
import { useWheelPath } from "../features/wheel/wheel-path";
import { loadWheel } from "../features/wheel/wheel.server";
import { WheelStage } from "../features/wheel/wheel-stage";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { lazyWithPreload } from "../lib/lazy-with-preload";
import { ServerHtml } from "../ui/server-html";

// A player's panels and the URL's popups load in the browser only when they show (a visitor's
// page carries neither); the loader preloads them on the server, which renders them in place.
const loadExtras = () => import("../features/wheel/wheel-extras");
const playerPanels = lazyWithPreload(() => loadExtras().then((m) => m.PlayerPanels));
const wheelPopups = lazyWithPreload(() => loadExtras().then((m) => m.WheelPopups));
// A player's fairness panel has a form (the client seed): hydration waits for its code, so a
// click meanwhile is the plain form's (entry.client.tsx, `window.__pfWait`).
if (!import.meta.env.SSR && document.querySelector(".wheel__fair")) (window.__pfWait ??= []).push(playerPanels.preload());
// The published odds are kept as the server sent them (ServerHtml): their code loads only when
// new odds render in the browser (a spin took a prize's last unit, a client navigation).
const oddsTable = lazyWithPreload(() => import("../features/wheel/odds").then((m) => m.OddsTable));

export const loader = async (args: Route.LoaderArgs) => {
  const [data] = await Promise.all([loadWheel(args), playerPanels.preload(), wheelPopups.preload(), oddsTable.preload(), preloadResultDialogs()]);
  return data;
};
export const action = (args: Route.ActionArgs) => wheelAction(args);

/**
 * `/wheel-of-fortune` (public; issue 21, decision 0047): the wheel, its published odds and rules;
 * a player spins, buys spins, follows quests and verifies spins. Every popup opens by the URL.
 */
export default function WheelOfFortune({ loaderData: d, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const path = useWheelPath(d.campaign?.id ?? null);
  if (!d.campaign || !d.view) {
    return (
      <section className="wheel">
        <h1>{t("wheel.title")}</h1>
        <p data-testid="wheel-none">{t("wheel.noCampaign")}</p>
      </section>
    );
  }
  const { campaign, view: v } = d;
  const close = path();
  const action = path();
  const popup = (name: string) => path({ [POPUP_KEY]: name });
  const verifyHref = (id: string) => path({ [VERIFY_KEY]: id });
  const seedErrors = (actionData as WheelActionData)?.seedErrors;
  const typedSeed = (actionData as WheelActionData)?.clientSeed;
  return (
    <section className="wheel" data-campaign={campaign.sysname}>
      <h1>{campaign.title}</h1>
      {d.campaigns.length > 1 && (
        <nav className="wheel__campaigns" aria-label={t("wheel.campaigns")}>
          {d.campaigns.map((c) => (
            <Link key={c.id} to={`${to("/wheel-of-fortune")}?${CAMPAIGN_KEY}=${c.id}`} aria-current={c.id === campaign.id ? "page" : undefined}>
              {c.title}
            </Link>
          ))}
        </nav>
      )}
      <p>{campaign.description}</p>
      <WheelStage
        campaign={campaign}
        sectors={d.sectors}
        player={d.player}
        signIn={d.signIn}
        spinKey={d.key}
        action={action}
        landed={v.spin}
        buyHref={popup("buy")}
        questsHref={popup("quests")}
        close={close}
        verifyHref={verifyHref}
      />
      <nav className="wheel__links" aria-label={t("wheel.more")}>
        <Link to={popup("gifts")} preventScrollReset>
          {t("wheel.popups.gifts")}
        </Link>
        <Link to={popup("winners")} preventScrollReset>
          {t("wheel.popups.winners")}
        </Link>
        <Link to={popup("rules")} preventScrollReset>
          {t("wheel.popups.rules")}
        </Link>
        <Link to={popup("quests")} preventScrollReset>
          {t("wheel.popups.quests")}
        </Link>
        {d.player && (
          <Link to={popup("received")} preventScrollReset>
            {t("wheel.popups.received")}
          </Link>
        )}
        {d.player && campaign.is_spin_cost && (
          <Link to={popup("buy")} preventScrollReset>
            {t("wheel.buy.title")}
          </Link>
        )}
      </nav>
      <Suspense fallback={null}>
        <ServerHtml className="wheel__odds-block" key={to("/") + JSON.stringify([d.sectors, d.expectedReturn])}>
          <oddsTable.Component sectors={d.sectors} expectedReturn={d.expectedReturn} />
        </ServerHtml>
      </Suspense>
      {d.player && (
        <Suspense fallback={null}>
          <playerPanels.Component
            d={{ ...d, campaign, view: v }}
            action={action}
            revealed={v.revealed}
            seedErrors={seedErrors}
            typedSeed={typedSeed}
            verifyHref={verifyHref}
          />
        </Suspense>
      )}

      {v.spin && (
        <Suspense fallback={null}>
          <SpinResultPopup spin={v.spin} close={close} verifyHref={verifyHref(v.spin.id)} />
        </Suspense>
      )}
      {(v.verify || (v.popup && v.popup !== "error")) && (
        <Suspense fallback={null}>
          <wheelPopups.Component d={{ ...d, campaign, view: v }} close={close} action={action} path={path} />
        </Suspense>
      )}
      {v.popup === "error" && (
        <Suspense fallback={null}>
          <ErrorConfirm code={v.error} close={close} />
        </Suspense>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
