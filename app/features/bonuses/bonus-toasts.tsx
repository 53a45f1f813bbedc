import { useEffect } from "react";
import { BONUS_EVENT, type BonusEventData } from "../../../core/api/bonus-event";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { useToast } from "../../ui/toasts";
import { onAccountEvent } from "../realtime/account-events";

/** Which of the bonus events are news of a grant: a bonus to activate, a free-spin pack to play. */
export function grantNews(e: BonusEventData): "arrived" | "freespins" | null {
  if ((e.type === "casino" || e.type === "betting") && e.status === "available") return "arrived";
  if (e.type === "freespins" && e.status === "active") return "freespins";
  return null;
}

/** The pages that show a new bonus themselves: the bonuses page, and a deposit's success page (what it earned). */
const showsItself = (path: string, news: "arrived" | "freespins") =>
  /(^|\/)profile\/bonuses$/.test(path) || (news === "arrived" && /(^|\/)cashier\/paysuccess(\/|$)/.test(path));

/**
 * A bonus granted while the player is on the site (a deposit settled in another window, a promo
 * code's grant, a tournament prize) said where they are, with the way to it (issue 41). Loaded with
 * the signed-in player's page extras; the texts are the `bonusNews` messages every page carries.
 */
export default function BonusToasts() {
  const t = useT();
  const to = useLocalePath();
  const toast = useToast();
  useEffect(
    () =>
      onAccountEvent(BONUS_EVENT, ({ data }) => {
        const news = grantNews(data as BonusEventData);
        if (!news || showsItself(location.pathname, news)) return;
        toast({ type: "success", text: t(`bonusNews.${news}`), time: 10_000, link: { to: to("/profile/bonuses"), text: t("bonusNews.see") } });
      }),
    [t, to, toast],
  );
  return null;
}
