import { Link } from "react-router";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { rewardTitle } from "./odds";
import { WheelDialog } from "./wheel-dialog";

/**
 * A spin's result: what it paid, or "no luck"; a bonus opens the received-bonus popup instead
 * (SPEC §2), which leads to the player's bonuses. Either offers "Verify this spin". Opened by `?spin=<id>` (without JavaScript, after
 * the form's redirect) or by the spin machine once the wheel has stopped.
 */
export function SpinResultPopup({ spin, close, onClose, verifyHref }: { spin: WheelSpin; close: string; onClose?: () => void; verifyHref: string }) {
  const t = useT();
  const to = useLocalePath();
  const r = spin.reward;
  if (r.type === "bonus") {
    return (
      <WheelDialog name="bonus" title={t("wheel.result.bonusTitle")} closeHref={close} onClose={onClose} testId="wheel-result">
        <p data-reward={r.type} data-sector-index={spin.sector_index}>
          {t("wheel.result.bonusText", { title: rewardTitle(r) })}
        </p>
        <div className="confirm__actions">
          <VerifyAction verifyHref={verifyHref} onClose={onClose} />
          <Link className="btn btn--primary" to={to("/profile/bonuses")}>
            {t("wheel.result.toBonuses")}
          </Link>
        </div>
      </WheelDialog>
    );
  }
  // Only a prize above what the spin cost is celebrated: one spin back is the spin returned, not a win.
  const returned = r.type === "spins" && (r.units ?? 0) <= 1;
  return (
    <WheelDialog
      name="result"
      title={r.type === "nothing" ? t("wheel.result.nothingTitle") : returned ? t("wheel.result.returnedTitle") : t("wheel.result.wonTitle")}
      closeHref={close}
      onClose={onClose}
      testId="wheel-result"
    >
      <p data-reward={r.type} data-sector-index={spin.sector_index}>
        {r.type === "nothing" ? rewardTitle(r) : t("wheel.result.wonText", { title: rewardTitle(r) })}
      </p>
      <div className="confirm__actions">
        <VerifyAction verifyHref={verifyHref} onClose={onClose} />
        <CloseAction close={close} onClose={onClose} />
      </div>
    </WheelDialog>
  );
}

/** SPEC §8 wheel generic failure: the confirm 'somethingWentWrong' with Close, and the refusal's reason when it is known. */
export function ErrorConfirm({ code, close, onClose }: { code: string | null; close: string; onClose?: () => void }) {
  const t = useT();
  // A refusal's code (WHEEL_ERRORS) has its own text; the contract's list stays off the page's bundle, so a code is known when it is translated.
  const reason = code !== null && /^[a-z_]{1,40}$/.test(code) ? t(`wheel.errors.${code}`) : null;
  const known = reason !== null && reason !== `wheel.errors.${code}`;
  return (
    <WheelDialog name="error" kind="confirm" title={t("wheel.somethingWentWrong")} closeHref={close} onClose={onClose}>
      {known && <p data-testid="wheel-error-reason">{reason}</p>}
      <div className="confirm__actions">
        <CloseAction close={close} onClose={onClose} />
      </div>
    </WheelDialog>
  );
}

/** Every spin can be verified, a bonus one too. From the machine's popup: close it as the verify view opens, so they do not stack. */
function VerifyAction({ verifyHref, onClose }: { verifyHref: string; onClose?: () => void }) {
  const t = useT();
  return (
    <Link className="btn btn--ghost" to={verifyHref} replace preventScrollReset onClick={onClose}>
      {t("wheel.fair.verifyThis")}
    </Link>
  );
}

/** Close: the machine's popup closes in the page; the URL's popup by a link back to the page without it. */
function CloseAction({ close, onClose }: { close: string; onClose?: () => void }) {
  const t = useT();
  return onClose ? (
    <button type="button" className="btn btn--primary" onClick={onClose}>
      {t("wheel.close")}
    </button>
  ) : (
    <Link className="btn btn--primary" to={close} replace preventScrollReset>
      {t("wheel.close")}
    </Link>
  );
}
