import { Link, useLocation } from "react-router";
import { withPopup } from "../auth/popup-url";
import type { LoyaltyInfo, LoyaltyProgram } from "../../../core/api/contract-loyalty";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { formatPoints, formatRate } from "./points";

type T = ReturnType<typeof useT>;

/** The player's points, what they are worth, and the honest figure: their value against the real money wagered (issue 20). */
export function PointsSummary({ info }: { info: LoyaltyInfo }) {
  const t = useT();
  return (
    <section className="responsible__card loyalty__summary" aria-labelledby="loyalty-points" data-testid="loyalty-points" data-points={info.points}>
      <h2 id="loyalty-points">{t("loyalty.yourPoints")}</h2>
      <p className="loyalty__points">
        <strong>{t("loyalty.points", { points: formatPoints(info.points), alias: info.pointsAlias })}</strong>{" "}
        <span>{t("loyalty.pointsValue", { amount: formatMoney(info.points_value) })}</span>
      </p>
      <LevelProgress info={info} t={t} />
      <p className="responsible__hint" data-testid="loyalty-return">
        {info.return_rate_bp === null
          ? t("loyalty.returnRateNone")
          : t("loyalty.returnRate", { rate: formatRate(info.return_rate_bp), wagered: formatMoney(info.wagered) })}
      </p>
    </section>
  );
}

/** SPEC §3 Progress item: the current level and the way to the next. */
export function LevelProgress({ info, t }: { info: LoyaltyInfo; t: T }) {
  const next = info.levels.find((l) => l.minValue === info.progress.maxValue);
  const { minValue, maxValue, expCount } = info.progress;
  return (
    <div className="loyalty__progress" data-testid="loyalty-level" data-level={info.level.sysname} data-percent={info.progress.percent}>
      <p>
        {t("loyalty.yourLevel")}: <strong>{info.level.title}</strong>
      </p>
      <label>
        <span>
          {maxValue === null || !next
            ? t("loyalty.progressTop", { exp: formatPoints(expCount) })
            : t("loyalty.progress", { exp: formatPoints(expCount), max: formatPoints(maxValue), left: formatPoints(maxValue - expCount), next: next.title })}
        </span>
        <progress value={maxValue === null ? 1 : expCount - minValue} max={maxValue === null ? 1 : Math.max(1, maxValue - minValue)} />
      </label>
    </div>
  );
}

/** The way to the shop, and to the other loyalty page: the player's own (from the programme) or the programme (from the profile). */
export function LoyaltyLinks({ other }: { other: "profile" | "programme" }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <p className="bonus__actions">
      <Link className="btn btn--primary" to={to("/loyalty/shop")}>
        {t("loyalty.toShop")}
      </Link>
      <Link className="btn btn--ghost" to={to(other === "profile" ? "/profile/loyalty" : "/loyalty")}>
        {t(other === "profile" ? "loyalty.toProfile" : "loyalty.title")}
      </Link>
    </p>
  );
}

/** A visitor's way in (decision 0100): what membership gives, sign up or sign in over this page. */
function JoinCard() {
  const t = useT();
  const to = useLocalePath();
  const here = useLocation();
  const page = here.pathname + here.search;
  return (
    <section className="responsible__card loyalty__summary" aria-labelledby="loyalty-join" data-testid="loyalty-join">
      <h2 id="loyalty-join">{t("loyalty.join.title")}</h2>
      <p>{t("loyalty.join.text")}</p>
      <p className="bonus__actions">
        <Link className="btn btn--primary" to={withPopup(page, "registration")} preventScrollReset>
          {t("loyalty.join.register")}
        </Link>
        <Link className="btn btn--ghost" to={withPopup(page, "authorization")} preventScrollReset>
          {t("loyalty.join.signIn")}
        </Link>
        <Link className="btn btn--ghost" to={to("/loyalty/shop")}>
          {t("loyalty.shop.title")}
        </Link>
      </p>
    </section>
  );
}

/**
 * A programme's page: its levels, how points are earned and what they are worth; the player's
 * points and level marked when signed in, the way to join for a visitor (null `info`).
 */
export function ProgrammeView({ program, info }: { program: LoyaltyProgram; info: LoyaltyInfo | null }) {
  const t = useT();
  return (
    <section className="responsible loyalty">
      <header className="loyalty__hero">
        {program.image && <img src={program.image} alt="" width={96} height={96} />}
        <div>
          <h1>{program.title}</h1>
          <p>{program.description}</p>
        </div>
      </header>
      {info ? (
        <>
          <LoyaltyLinks other="profile" />
          <PointsSummary info={info} />
        </>
      ) : (
        <JoinCard />
      )}
      <section className="responsible__card" aria-labelledby="loyalty-levels">
        <h2 id="loyalty-levels">{t("loyalty.levelsTitle")}</h2>
        <ol className="loyalty__levels" data-testid="loyalty-levels">
          {program.levels.map((l, i) => (
            <li key={l.id} aria-current={l.id === info?.level.id ? "step" : undefined} data-level={l.sysname}>
              {l.image ? (
                <img className="loyalty__medal" src={l.image} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="loyalty__medal" aria-hidden="true">
                  {i + 1}
                </span>
              )}
              <strong>{l.title}</strong>{" "}
              <span>
                {l.maxValue === null
                  ? t("loyalty.levelTop", { min: formatPoints(l.minValue) })
                  : t("loyalty.levelRange", { min: formatPoints(l.minValue), max: formatPoints(l.maxValue - 1) })}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className="responsible__card" aria-labelledby="loyalty-earn">
        <h2 id="loyalty-earn">{t("loyalty.earnTitle")}</h2>
        <dl className="bonus__terms" data-testid="loyalty-earn">
          {Object.entries(program.earn).map(([kind, perPoint]) => (
            <div key={kind}>
              <dt>{t(`loyalty.kinds.${kind}`)}</dt>
              <dd>{perPoint ? t("loyalty.earnRate", { amount: formatMoney(perPoint) }) : t("loyalty.earnNone")}</dd>
            </div>
          ))}
        </dl>
        <p className="responsible__hint">{t("loyalty.earnNote")}</p>
      </section>
      {program.value_per_1000 && (
        <section className="responsible__card" aria-labelledby="loyalty-worth">
          <h2 id="loyalty-worth">{t("loyalty.worthTitle")}</h2>
          <p>{t("loyalty.worth", { amount: formatMoney(program.value_per_1000) })}</p>
        </section>
      )}
    </section>
  );
}
