import { useEffect, useState, useSyncExternalStore } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { OddsChange, SlipSelection } from "../../../core/api/contract-sportsbook";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";
import type { SlipError } from "./betting-actions.server";
import type { FreeBet, SlipBuilder, SlipLegLine, SlipLine } from "./betting.server";
import { useSlipEditor } from "./client-slip";
import type { LiveState } from "./live-odds-state";
import type { liveStore } from "./live-store";
import { BET_MAX_STAKE, BET_MIN_STAKE } from "../../../core/api/sportsbook-limits";
import { combinedOdds, formatOdds, parseStake, potentialReturn, type Funding } from "./slip-math";
import { legLabel, legValue } from "./builder-legs";
import { parseSystemSizes, SYSTEM_MAX_SELECTIONS, SYSTEM_MIN_SELECTIONS, systemOptions, systemReturn } from "../../../core/system-bets";
import { systemLabel } from "./system-label";
import { earlyLeadText } from "./early-payout-text";

export type BetSlipProps = {
  lines: SlipLine[];
  /** A bet builder's own legs on the slip (decision 0104). */
  legs: SlipLegLine[];
  /** The slip as a bet builder, when it can be one, with its quote. */
  builder: SlipBuilder | null;
  slipKey: string;
  player: boolean;
  signIn: string;
  balance: Money;
  oddsChange: OddsChange;
  freeBet: FreeBet | null;
  error: SlipError | null;
  errorSelection: number | null;
  /** The odds a refused placeBet said are current (odds_changed), by selection id. */
  refused: Record<number, number> | null;
  /** The page's live odds store (a prop, not an import, so the store stays in the page's chunk). */
  live: typeof liveStore;
  /** The slip's own link to send (decision 0108); null while empty. */
  shareUrl: string | null;
  /** A shared slip just opened (how many of its prices moved since), or its unreadable link. */
  shared: { moved: number } | "bad" | null;
};

const NO_LIVE: LiveState = { events: {}, selections: {}, markets: {}, moved: {} };

/**
 * A line's odds and market state now: the feed's when it has spoken, else the server's; a refusal's
 * odds when neither has seen the move yet.
 */
function current(line: SlipLine, live: LiveState, refused: Record<number, number> | null) {
  const l = live.selections[line.entry.id];
  const seen = l?.odds ?? line.now?.odds ?? line.entry.odds;
  const odds = seen === line.entry.odds ? (refused?.[line.entry.id] ?? seen) : seen;
  return { odds, status: line.now ? (live.markets[line.now.market_id] ?? line.now.market_status) : null };
}

/**
 * A bet builder's price on the slip (decision 0104): the offered price beside the fair one (what the
 * bet is worth by our model, no margin), what multiplying the legs would have shown, and the margin
 * in words; or why these legs make no builder. Shown while the builder kind is chosen (CSS).
 */
function BuilderPrice({ builder }: { builder: SlipBuilder }) {
  const t = useT();
  const q = builder.quote;
  if (!q) {
    return (
      <p className="bet-slip__changed bet-slip__builder" data-testid="slip-builder" data-refusal={builder.refusal ?? undefined}>
        {t(`betting.errors.${builder.refusal ?? "builder_unavailable"}`)}
      </p>
    );
  }
  const margin = (Math.round((1 - q.odds / q.fair_odds) * 1000) / 10).toLocaleString();
  return (
    <div className="bet-slip__builder" data-testid="slip-builder">
      <input type="hidden" name="builder_odds" value={q.odds} />
      <dl>
        <dt>{t("betting.builder.price")}</dt>
        <dd data-testid="builder-odds">{formatOdds(q.odds)}</dd>
        <dt>{t("betting.builder.fair")}</dt>
        <dd data-testid="builder-fair">{formatOdds(q.fair_odds)}</dd>
        <dt>{t("betting.builder.independent")}</dt>
        <dd data-testid="builder-independent">{formatOdds(q.independent_odds)}</dd>
      </dl>
      <p className="bet-slip__hint" data-testid="builder-margin">
        {t("betting.builder.margin", { percent: margin })}
      </p>
      <p className="bet-slip__hint">{t("betting.builder.explain")}</p>
    </div>
  );
}

/** A live pick's score and minute in the slip (the match tracker, decision 0109): the feed's socket's when it has spoken. */
function LiveScore({ now, live }: { now: SlipSelection; live: LiveState }) {
  const t = useT();
  const l = live.events[now.event_id];
  const score = l?.score ?? now.score;
  const minute = l ? l.minute : now.minute;
  if ((l?.status ?? now.event_status) !== "live" || !score) return null;
  return (
    <p className="bet-slip__live" data-testid="slip-live-score">
      <span className="sport-event__live">{t("betting.live")}</span> {`${score.home} : ${score.away}`}
      {minute !== null && ` · ${t("betting.minute", { minute })}`}
    </p>
  );
}

/**
 * The slip's link to send (decision 0108): a field to copy it from (no JavaScript needed) and, with
 * JavaScript, the device's share sheet where there is one, else a copy to the clipboard.
 */
function SlipShare({ url }: { url: string }) {
  const t = useT();
  const [state, setState] = useState<"none" | "ready" | "copied">("none");
  useEffect(() => setState("ready"), []);
  const send = async () => {
    if (typeof navigator.share === "function") {
      await navigator.share({ url }).catch(() => {});
      return;
    }
    // No clipboard (a page not allowed it): the field above still holds the link to copy.
    if (
      await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      )
    )
      setState("copied");
  };
  return (
    <div className="bet-slip__share" data-testid="slip-share">
      <label>
        <span>{t("betting.share.label")}</span>
        <input readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="slip-share-url" />
      </label>
      {state !== "none" && (
        <button type="button" className="btn btn--ghost" onClick={() => void send()}>
          {t(state === "copied" ? "betting.share.copied" : "betting.share.copy")}
        </button>
      )}
    </div>
  );
}

/**
 * The bet slip (decision 0073-sportsbook-page): the picked selections with the odds the player
 * accepted — a move shows "odds changed" and an accept button — singles (a stake each) or one
 * accumulator (combined odds, one stake), the potential return, a free bet when one is active, and
 * the player's odds-change rule. Every part is a form, so it works without JavaScript; the
 * returns are worked out in the browser as the stakes are typed.
 */
export function BetSlip(p: BetSlipProps) {
  const t = useT();
  const live = useSyncExternalStore(p.live.subscribe, p.live.get, p.live.getServer) ?? NO_LIVE;
  const editor = useSlipEditor(p.live.deferredPartsHydrated);
  const busy = useNavigation().state === "submitting";
  const builder = p.builder;
  // Legs of one event: a builder (the book's same-game bet) rather than an accumulator, which they cannot be;
  // 3 to 8 picks of different events: a system bet too (decision 0106).
  const distinct = new Set(p.lines.map((l) => l.now?.event_id ?? -l.entry.id)).size === p.lines.length;
  const system = !builder && distinct && p.lines.length >= SYSTEM_MIN_SELECTIONS && p.lines.length <= SYSTEM_MAX_SELECTIONS;
  const kinds = builder?.only
    ? ["builder"]
    : builder
      ? ["single", "builder"]
      : p.lines.length > 1
        ? ["single", "accumulator", ...(system ? ["system"] : [])]
        : [];
  const options = system ? systemOptions(p.lines.length) : [];
  const [values, setValues] = useState<{ kind: string; stakes: Record<string, string>; freeBet: boolean; system: string }>(() => ({
    kind: builder ? "builder" : "single",
    stakes: {},
    freeBet: false,
    system: "",
  }));
  const currency = p.balance.currency;
  const money = (amount: number) => formatMoney({ amount, currency });
  const lines = p.lines.map((l) => ({ ...l, ...current(l, live, p.refused) }));
  const changed = lines.some((l) => l.now && l.odds !== l.entry.odds);
  const funding: Funding = values.freeBet && p.freeBet ? { freeBet: true, stakeReturned: p.freeBet.stakeReturned } : { freeBet: false };
  const kind = kinds.includes(values.kind) ? values.kind : (kinds[0] ?? "single");
  const acc = kind === "accumulator";
  const asBuilder = kind === "builder";
  const sizes = parseSystemSizes(values.system);
  const chosen = options.find((o) => sizes && o.from === sizes[0] && o.to === sizes[1]) ?? options[0];
  const lineStake = parseStake(values.stakes.stake_line) ?? 0;
  const quote = asBuilder ? (builder?.quote ?? null) : null;
  const accStake = parseStake(values.stakes.stake) ?? 0;
  const singles = lines.map((l) => ({ id: l.entry.id, stake: parseStake(values.stakes[`stake_${l.entry.id}`]) ?? 0, odds: l.entry.odds }));
  const asSystem = kind === "system" && chosen !== undefined;
  const totalStake = asSystem ? lineStake * chosen.lines : acc || asBuilder ? accStake : singles.reduce((s, x) => s + x.stake, 0);
  const toReturn = asSystem
    ? systemReturn(
        lineStake,
        lines.map((l) => ({ odds: l.entry.odds, result: null })),
        chosen.from,
        chosen.to,
      ).total
    : asBuilder
      ? quote
        ? potentialReturn(accStake, [quote.odds], funding)
        : 0
      : acc
        ? potentialReturn(
            accStake,
            lines.map((l) => l.entry.odds),
            funding,
          )
        : singles.reduce((s, x) => s + potentialReturn(x.stake, [x.odds], funding), 0);
  const count = lines.length + p.legs.length;
  const errorText = p.error ? t(`betting.errors.${p.error}`, { min: money(BET_MIN_STAKE), max: money(BET_MAX_STAKE) }) : null;
  return (
    <aside className="bet-slip" id="bet-slip" aria-labelledby="bet-slip-title" data-testid="bet-slip">
      <h2 id="bet-slip-title">
        {t("betting.slip.title")} <span className="bet-slip__count">({count})</span>
      </h2>
      {errorText && (
        <p className="bet-slip__error" role="alert" data-error={p.error}>
          {errorText}
        </p>
      )}
      {p.shared === "bad" && (
        <p className="bet-slip__error" role="alert" data-testid="slip-shared-bad">
          {t("betting.share.bad")}
        </p>
      )}
      {p.shared && p.shared !== "bad" && (
        <p className="bet-slip__changed" role="status" data-testid="slip-shared">
          {t("betting.share.opened")}
          {p.shared.moved > 0 && ` ${t("betting.share.moved", { count: p.shared.moved })}`}
        </p>
      )}
      {count === 0 ? (
        <p className="bet-slip__empty">{t("betting.slip.empty")}</p>
      ) : (
        <>
          <Form
            method="post"
            className="bet-slip__form"
            data-kind={kind}
            onChange={(e) => {
              const f = new FormData(e.currentTarget);
              const stakes: Record<string, string> = {};
              for (const [k, v] of f) if (k.startsWith("stake")) stakes[k] = String(v);
              setValues({
                kind: String(f.get("kind") ?? "single"),
                stakes,
                freeBet: f.get("funding") === "betting_bonus",
                system: String(f.get("system") ?? ""),
              });
            }}
          >
            <input type="hidden" name="key" value={p.slipKey} />
            {kinds.length === 1 && <input type="radio" name="kind" value={kinds[0]} checked readOnly hidden />}
            {builder?.only && <p className="bet-slip__hint">{t("betting.builder.only")}</p>}
            {kinds.length > 1 && (
              <fieldset className="bet-slip__kind">
                <legend>{t("betting.slip.kind")}</legend>
                {kinds.map((k, i) => (
                  <label key={k}>
                    <input type="radio" name="kind" value={k} defaultChecked={builder ? k === "builder" : i === 0} />
                    {t(k === "single" ? "betting.slip.singles" : k === "system" ? "betting.system.title" : `betting.slip.${k}`)}
                  </label>
                ))}
              </fieldset>
            )}
            {p.legs.length > 0 && !builder && (
              <p className="bet-slip__changed" data-testid="slip-builder-one-event">
                {t("betting.builder.oneEvent")}
              </p>
            )}
            <ul className="bet-slip__lines">
              {lines.map((l) => (
                <li key={l.entry.id} className="bet-slip__line" data-slip-selection={l.entry.id} data-invalid={p.errorSelection === l.entry.id || undefined}>
                  <p className="bet-slip__event" dir="auto">
                    {l.now?.event ?? "—"}
                  </p>
                  {l.now && <LiveScore now={l.now} live={live} />}
                  <p className="bet-slip__pick">
                    <span dir="auto">{l.now ? `${l.now.market}: ${l.now.label}` : t("betting.slip.unavailable")}</span>{" "}
                    <strong className="bet-slip__odds" data-testid="slip-odds">
                      {formatOdds(l.entry.odds)}
                    </strong>
                  </p>
                  {l.now && l.odds !== l.entry.odds && (
                    <p className="bet-slip__changed" data-testid="slip-odds-changed">
                      {t("betting.slip.oddsChanged", { from: formatOdds(l.entry.odds), to: formatOdds(l.odds) })}
                    </p>
                  )}
                  {l.now?.early_payout != null && (
                    <p className="bet-slip__hint" data-testid="slip-early-payout">
                      {t("betting.early.slip", { lead: earlyLeadText(t, l.now.sport, l.now.early_payout) })}
                    </p>
                  )}
                  {l.status && l.status !== "open" && (
                    <p className="bet-slip__changed">{t(l.status === "suspended" ? "betting.suspended" : "betting.slip.unavailable")}</p>
                  )}
                  <label className="bet-slip__single-stake">
                    <span>{t("betting.slip.stakeFor", { label: l.now?.label ?? "" })}</span>
                    <input
                      name={`stake_${l.entry.id}`}
                      inputMode="decimal"
                      autoComplete="off"
                      size={8}
                      aria-invalid={p.errorSelection === l.entry.id || undefined}
                    />
                  </label>
                  <button
                    type="submit"
                    form="bet-slip-remove"
                    name="selection"
                    value={l.entry.id}
                    className="bet-slip__remove"
                    aria-label={t("betting.slip.remove", { label: l.now?.label ?? String(l.entry.id) })}
                    onClick={(e) => {
                      e.preventDefault();
                      editor.remove(l.entry.id);
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
              {p.legs.map((l) => {
                const label = legLabel(t, l.leg.leg);
                return (
                  <li key={legValue(l.leg)} className="bet-slip__line bet-slip__line--leg" data-slip-leg={legValue(l.leg)}>
                    <p className="bet-slip__event" dir="auto">
                      {l.event || "—"}
                    </p>
                    <p className="bet-slip__pick">
                      <span dir="auto">{label}</span>
                    </p>
                    <button
                      type="submit"
                      form="bet-slip-remove"
                      name="leg"
                      value={legValue(l.leg)}
                      className="bet-slip__remove"
                      aria-label={t("betting.builder.remove", { label })}
                      onClick={(e) => {
                        e.preventDefault();
                        editor.removeLeg(l.leg);
                      }}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
            {builder && <BuilderPrice builder={builder} />}
            {(kinds.includes("accumulator") || builder) && (
              <div className="bet-slip__acc">
                {kinds.includes("accumulator") && (
                  <p>
                    {t("betting.slip.combinedOdds")}: <strong data-testid="slip-combined">{formatOdds(combinedOdds(lines.map((l) => l.entry.odds)))}</strong>
                  </p>
                )}
                <label>
                  <span>{t("betting.slip.stake")}</span>
                  <input name="stake" inputMode="decimal" autoComplete="off" size={8} />
                </label>
              </div>
            )}
            {options.length > 0 && (
              <div className="bet-slip__system" data-testid="slip-system">
                <label>
                  <span>{t("betting.system.choose")}</span>
                  <select name="system" defaultValue={`${options[0]!.from}-${options[0]!.to}`}>
                    {options.map((o) => (
                      <option key={`${o.from}-${o.to}`} value={`${o.from}-${o.to}`}>
                        {t("betting.system.option", { name: systemLabel(t, p.lines.length, o.from, o.to), lines: o.lines })}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span>{t("betting.system.lineStake")}</span>
                  <input name="stake_line" inputMode="decimal" autoComplete="off" size={8} />
                </label>
                <p className="bet-slip__hint">{t("betting.system.explain")}</p>
              </div>
            )}
            {p.freeBet && (
              <label className="bet-slip__freebet">
                <input type="checkbox" name="funding" value="betting_bonus" />
                {t("betting.slip.useFreeBet", { amount: formatMoney(p.freeBet.amount) })}
                <span className="bet-slip__hint">{t(p.freeBet.stakeReturned ? "betting.slip.freeBetSr" : "betting.slip.freeBetSnr")}</span>
              </label>
            )}
            <dl className="bet-slip__totals">
              <dt>{t("betting.slip.totalStake")}</dt>
              <dd data-testid="slip-total-stake">{money(totalStake)}</dd>
              <dt>{t("betting.slip.potentialReturn")}</dt>
              <dd data-testid="slip-return">{money(toReturn)}</dd>
            </dl>
            <p className="bet-slip__hint">{t("betting.slip.minStake", { min: money(BET_MIN_STAKE), max: money(BET_MAX_STAKE) })}</p>
            {p.player && <p className="bet-slip__hint">{t("betting.slip.balance", { amount: formatMoney(p.balance) })}</p>}
            <button type="submit" name="intent" value="place" className="btn btn--primary bet-slip__place" disabled={busy}>
              {t("betting.slip.place")}
            </button>
            {!p.player && (
              <Link to={p.signIn} className="bet-slip__signin">
                {t("betting.slip.signIn")}
              </Link>
            )}
          </Form>
          {p.shareUrl && <SlipShare url={p.shareUrl} />}
          <form method="post" id="bet-slip-remove" hidden>
            <input type="hidden" name="intent" value="remove" />
          </form>
          {changed && (
            <Form method="post" className="bet-slip__accept">
              <button type="submit" name="intent" value="accept" className="btn btn--ghost">
                {t("betting.slip.accept")}
              </button>
            </Form>
          )}
          <Form
            method="post"
            className="bet-slip__clear"
            onSubmit={(e) => {
              e.preventDefault();
              editor.clear();
            }}
          >
            <button type="submit" name="intent" value="clear" className="btn btn--ghost">
              {t("betting.slip.clear")}
            </button>
          </Form>
        </>
      )}
      {p.player && (
        <Form method="post" className="bet-slip__settings">
          <label>
            <span>{t("betting.slip.oddsChange")}</span>
            <select name="odds_change" defaultValue={p.oddsChange} key={p.oddsChange}>
              <option value="any">{t("betting.slip.oddsAny")}</option>
              <option value="higher">{t("betting.slip.oddsHigher")}</option>
              <option value="ask">{t("betting.slip.oddsAsk")}</option>
            </select>
          </label>
          <button type="submit" name="intent" value="settings" className="btn btn--ghost">
            {t("betting.slip.save")}
          </button>
        </Form>
      )}
    </aside>
  );
}
