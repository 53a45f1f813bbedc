import { Link } from "react-router";
import type { Route } from "./+types/wheel-of-fortune";
import { BuyConfirmPopup, BuyPopup } from "../features/wheel/buy-dialogs";
import { FairnessPanel, MySpins } from "../features/wheel/fairness";
import { CAMPAIGN_KEY, POPUP_KEY, VERIFY_KEY } from "../features/wheel/keys";
import { OddsTable } from "../features/wheel/odds";
import { GiftsPopup, QuestPopup, QuestsPopup, ReceivedPopup, RulesPopup, WinnersPopup, questQuery } from "../features/wheel/popups";
import { ErrorConfirm, SpinResultPopup } from "../features/wheel/result-dialogs";
import { VerifyView } from "../features/wheel/verify-view";
import { wheelAction, type WheelActionData } from "../features/wheel/wheel-actions.server";
import { useWheelPath } from "../features/wheel/wheel-dialog";
import { loadWheel } from "../features/wheel/wheel.server";
import { WheelStage } from "../features/wheel/wheel-stage";
import { useLocalePath, useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadWheel(args);
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
      <OddsTable sectors={d.sectors} expectedReturn={d.expectedReturn} />
      {d.player && d.fairness && (
        <FairnessPanel
          fairness={d.fairness}
          algorithm={d.algorithm}
          action={action}
          campaignId={campaign.id}
          revealed={v.revealed}
          seedErrors={seedErrors}
          typedSeed={typedSeed}
        />
      )}
      {d.player && <MySpins spins={d.spins} verifyHref={verifyHref} />}

      {v.spin && <SpinResultPopup spin={v.spin} close={close} verifyHref={verifyHref(v.spin.id)} />}
      {v.verify && <VerifyView spin={v.verify} algorithm={d.algorithm} close={close} action={action} />}
      {v.popup === "gifts" && <GiftsPopup sectors={d.sectors} expectedReturn={d.expectedReturn} close={close} />}
      {v.popup === "received" && d.player && <ReceivedPopup spins={v.received} close={close} />}
      {v.popup === "winners" && <WinnersPopup spins={v.winners} close={close} />}
      {v.popup === "rules" && <RulesPopup rules={v.rules} close={close} />}
      {v.popup === "quests" && <QuestsPopup quests={d.quests} history={v.questHistory} close={close} questHref={(id) => path(questQuery(id))} />}
      {v.popup === "quest" && <QuestPopup quest={v.quest} close={close} allHref={popup("quests")} />}
      {v.popup === "buy" && d.player && <BuyPopup campaign={campaign} buy={v.buy} close={close} action={action} />}
      {v.popup === "buy-confirm" && d.player && (
        <BuyConfirmPopup
          campaign={campaign}
          buy={v.buy}
          funds={v.funds}
          close={close}
          action={action}
          buyHref={path({ [POPUP_KEY]: "buy", amount: v.buy.amount, pay: v.buy.pay })}
          buyKey={d.key}
        />
      )}
      {v.popup === "error" && <ErrorConfirm code={v.error} close={close} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
