import { useState } from "react";
import { Submit } from "../../ui/form/field";
import { Form, useLocation, useNavigation } from "react-router";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { ConfirmActions, ConfirmBody, DismissLink } from "../../ui/dialog/confirm-body";
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
      <ConfirmBody
        testId="burn-bonuses-dialog"
        titleId={dialogTitleId(BURN_DIALOG)}
        title={t("cashier.burn.title")}
        actions={
          <ConfirmActions>
            <Form method="post">
              {Object.entries(resend).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="burn_bonuses" value="1" />
              <Submit busy={busy}>{t("cashier.burn.confirm")}</Submit>
            </Form>
            <DismissLink to={pathname + search} onDismiss={() => setOpen(false)}>
              {t("cashier.burn.cancel")}
            </DismissLink>
          </ConfirmActions>
        }
      >
        <p>{t("cashier.burn.text", { amount: burning ? formatMoney(burning) : "" })}</p>
      </ConfirmBody>
    </Dialog>
  );
}
