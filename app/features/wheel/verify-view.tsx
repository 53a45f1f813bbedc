import { lazy, Suspense, useEffect, useState } from "react";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { useT } from "../../lib/i18n/use-t";
import { RotateForm } from "./fairness";
import { WheelDialog } from "./wheel-dialog";

// The check and fair.ts load with this view, in the browser only: never on first load.
const VerifyCheck = lazy(() => import("./verify-check"));

/**
 * "Verify this spin" (`?verify=<spin id>`): the draw's inputs and the published algorithm. With
 * JavaScript the browser recomputes the draw from them (verify-check.tsx) and says whether it
 * matches; without it, the note that verification runs in the browser. Before the seed is revealed
 * it says so and offers the rotate form.
 */
export function VerifyView({ spin, algorithm, close, action }: { spin: WheelSpin; algorithm: string; close: string; action: string }) {
  const t = useT();
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return (
    <WheelDialog name="verify" title={t("wheel.fair.verifyTitle")} closeHref={close}>
      <dl className="wheel__facts">
        <dt>{t("wheel.fair.serverSeed")}</dt>
        <dd className="wheel__mono" data-testid="wheel-verify-seed">
          {spin.server_seed ?? t("wheel.fair.notRevealed")}
        </dd>
        <dt>{t("wheel.fair.serverHash")}</dt>
        <dd className="wheel__mono">{spin.server_seed_hash}</dd>
        <dt>{t("wheel.fair.clientSeed")}</dt>
        <dd className="wheel__mono">{spin.client_seed}</dd>
        <dt>{t("wheel.fair.nonce")}</dt>
        <dd>{spin.nonce}</dd>
        <dt>{t("wheel.fair.weights")}</dt>
        <dd className="wheel__mono">{spin.weights.join(", ")}</dd>
        <dt>{t("wheel.fair.ticket")}</dt>
        <dd>{spin.ticket}</dd>
        <dt>{t("wheel.fair.sector")}</dt>
        <dd>{t("wheel.fair.sectorValue", { index: String(spin.sector_index + 1), title: spin.reward.title })}</dd>
        <dt>{t("wheel.fair.algorithm")}</dt>
        <dd className="wheel__mono">{algorithm}</dd>
      </dl>
      {spin.server_seed === null ? (
        <>
          <p className="notice" data-testid="wheel-verify-pending">
            {t("wheel.fair.notRevealedText")}
          </p>
          <RotateForm action={action} campaignId={spin.campaign_id} verify={spin.id} />
        </>
      ) : browser ? (
        <Suspense fallback={<p role="status">{t("wheel.fair.checking")}</p>}>
          <VerifyCheck spin={spin} serverSeed={spin.server_seed} />
        </Suspense>
      ) : (
        <p className="wheel__hint" data-testid="wheel-verify-nojs">
          {t("wheel.fair.inBrowser")}
        </p>
      )}
    </WheelDialog>
  );
}
