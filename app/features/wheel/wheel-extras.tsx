import type { loadWheel } from "./wheel.server";
import { BuyConfirmPopup, BuyPopup } from "./buy-dialogs";
import { FairnessPanel, MySpins } from "./fairness";
import { POPUP_KEY } from "./keys";
import { GiftsPopup, QuestPopup, QuestsPopup, ReceivedPopup, RulesPopup, WinnersPopup, questQuery } from "./popups";
import { VerifyView } from "./verify-view";

type WheelData = Awaited<ReturnType<typeof loadWheel>>;
type Campaign = NonNullable<WheelData["campaign"]>;
type View = NonNullable<WheelData["view"]>;
type Full = WheelData & { campaign: Campaign; view: View };

/**
 * The wheel page's parts a visitor's first load does without (issue 39): a player's fairness
 * panel and spins, and the popups the URL opens (`?popup=`, `?verify=`). The route loads this
 * module only when one of them shows; the server renders them in place (its loader preloads it).
 */
export function PlayerPanels(props: {
  d: Full;
  action: string;
  revealed: View["revealed"];
  seedErrors?: string[];
  typedSeed?: string;
  verifyHref: (id: string) => string;
}) {
  const { d } = props;
  return (
    <>
      {d.fairness && (
        <FairnessPanel
          fairness={d.fairness}
          algorithm={d.algorithm}
          action={props.action}
          campaignId={d.campaign.id}
          revealed={props.revealed}
          seedErrors={props.seedErrors}
          typedSeed={props.typedSeed}
        />
      )}
      <MySpins spins={d.spins} verifyHref={props.verifyHref} />
    </>
  );
}

/** The popups the URL names (each works without JavaScript: its links and forms are plain). */
export function WheelPopups({ d, close, action, path }: { d: Full; close: string; action: string; path: (query?: Record<string, string | number>) => string }) {
  const { campaign, view: v } = d;
  const popup = (name: string) => path({ [POPUP_KEY]: name });
  return (
    <>
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
    </>
  );
}
