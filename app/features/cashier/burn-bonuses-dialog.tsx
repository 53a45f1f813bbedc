import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { useT } from "../../lib/i18n/use-t";

const BURN_DIALOG = { id: "burning-bonuses", kind: "confirm" as const, name: "burningBonuses", preventClose: false };

/**
 * The "burning bonuses" confirm (SPEC §2; decision 0042), opened by a withdrawal the platform
 * refused because a bonus is active: what the bonus balance loses, and the same withdrawal again
 * with `burn_bonuses=1` — a form of the fields as they were sent, so it works without JavaScript.
 * "Keep my bonus" closes it (a link back to the screen without JavaScript).
 */
export function BurnBonusesDialog({ burning, resend }: { burning?: Money; resend: Record<string, string> }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Dialog entry={BURN_DIALOG} active closeHref={pathname + search} onClose={() => setOpen(false)}>
      <article className="confirm" data-testid="burn-bonuses-dialog">
        <h2 id={dialogTitleId(BURN_DIALOG)}>{t("cashier.burn.title")}</h2>
        <p>{t("cashier.burn.text", { amount: burning ? formatMoney(burning) : "" })}</p>
        <div className="confirm__actions">
          <Form method="post">
            {Object.entries(resend).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="burn_bonuses" value="1" />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("cashier.burn.confirm")}
            </button>
          </Form>
          <Link
            to={pathname + search}
            replace
            className="btn btn--ghost"
            onClick={(e) => {
              e.preventDefault();
              setOpen(false);
            }}
          >
            {t("cashier.burn.cancel")}
          </Link>
        </div>
      </article>
    </Dialog>
  );
}
