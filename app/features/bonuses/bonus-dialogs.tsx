import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { PlayerBonus } from "../../../core/api/contract-bonuses";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { BonusButton, BonusTerms, BonusXray } from "./bonus-terms";

export type BonusIntent = "activate" | "remove" | "deactivate";

/** The confirm dialogs of SPEC §2 on /profile/bonuses: bonus activate or remove, burning bonuses, exit. */
export interface BonusConfirm {
  intent: BonusIntent;
  bonus: PlayerBonus;
  /** Activate: the active bonus of the same kind this one would end (burning bonuses). */
  burns: PlayerBonus | null;
  /** What the balances hold now: the exit preview and the burn's amount. */
  balances: { main: Money; bonus: Money; betting: Money };
}

const CONFIRM = (name: string) => ({ id: `bonus-${name}`, kind: "confirm" as const, name, preventClose: false });

/** Closed by a link back to the page (without JavaScript) or in place. */
function useClosable() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  return { open, close: () => setOpen(false), closeHref: pathname };
}

function CancelLink({ label, closeHref, close }: { label: string; closeHref: string; close: () => void }) {
  return (
    <Link
      to={closeHref}
      replace
      className="btn btn--ghost"
      onClick={(e) => {
        e.preventDefault();
        close();
      }}
    >
      {label}
    </Link>
  );
}

export function BonusConfirmDialog({ confirm, busy }: { confirm: BonusConfirm; busy: boolean }) {
  const t = useT();
  const { open, close, closeHref } = useClosable();
  if (!open) return null;
  const { intent, bonus, burns, balances } = confirm;
  const entry = CONFIRM(burns ? "burningBonuses" : intent === "deactivate" ? "bonusExit" : "bonusRemoveOrActivate");
  const held = bonus.type === "betting" ? balances.betting : balances.bonus;
  return (
    <Dialog entry={entry} active closeHref={closeHref} onClose={close}>
      <article className="confirm" data-testid={`bonus-confirm-${intent}`}>
        <h2 id={dialogTitleId(entry)}>{t(`profile.bonuses.confirm.${intent}Title`, { title: bonus.title })}</h2>
        {intent === "activate" && (
          <>
            {bonus.type === "casino" && <BonusXray bonus={bonus} t={t} />}
            <BonusTerms bonus={bonus} t={t} />
            {burns && (
              <p className="confirm__warning" data-testid="bonus-burns">
                {t("profile.bonuses.confirm.burns", { title: burns.title, amount: formatMoney(held) })}
              </p>
            )}
          </>
        )}
        {intent === "remove" && <p>{t("profile.bonuses.confirm.removeText")}</p>}
        {intent === "deactivate" && (
          <dl className="bonus__terms" data-testid="bonus-exit-preview">
            <dt>{t("profile.bonuses.confirm.keep")}</dt>
            <dd>{formatMoney(balances.main)}</dd>
            <dt>{t("profile.bonuses.confirm.lose")}</dt>
            <dd>{formatMoney(held)}</dd>
          </dl>
        )}
        <div className="confirm__actions">
          <BonusButton bonus={bonus} intent={intent} label={t(`profile.bonuses.confirm.${intent}`)} primary busy={busy} confirmed burn={!!burns} />
          <CancelLink label={t("profile.bonuses.confirm.cancel")} closeHref={closeHref} close={close} />
        </div>
      </article>
    </Dialog>
  );
}

/** SPEC §2 betting-bonus-activated: the free bet is on the betting bonus balance; the way to the sportsbook. */
export function BettingActivatedDialog({ bonus }: { bonus: PlayerBonus }) {
  const t = useT();
  const to = useLocalePath();
  const { open, close, closeHref } = useClosable();
  if (!open) return null;
  const entry = CONFIRM("bettingBonusActivated");
  return (
    <Dialog entry={entry} active closeHref={closeHref} onClose={close}>
      <article className="confirm" data-testid="betting-bonus-activated">
        <h2 id={dialogTitleId(entry)}>{t("profile.bonuses.betting.activatedTitle")}</h2>
        <p>{t("profile.bonuses.betting.activatedText", { title: bonus.title, amount: formatMoney(bonus.amount) })}</p>
        <div className="confirm__actions">
          <Link to={to("/betting")} className="btn btn--primary">
            {t("profile.bonuses.betting.toSportsbook")}
          </Link>
          <CancelLink label={t("profile.bonuses.betting.later")} closeHref={closeHref} close={close} />
        </div>
      </article>
    </Dialog>
  );
}
