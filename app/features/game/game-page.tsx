import { Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { Form, Link, useLocation } from "react-router";
import { withPopup } from "../auth/popup-url";
import { lobbyHref } from "../games/lobby-params";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { DemoNotice, GameFrame, RealHashRegistration } from "./game-client";
import type { GameMode } from "./game-mode";
import type { FreespinOffer } from "./freespin-notice";
import type { GameView } from "./game-view";
import type { GameBonus } from "../bonuses/game-bonus";
import type { Challenge } from "../../../core/api/contract-challenges";

// Only a signed-in player's real-money game shows them: a visitor's demo page ships neither.
// The loader preloads both on the server (preloadRealModeParts), which renders them in place: the
// panel is in the page's HTML where it belongs, with or without JavaScript (lib/lazy-with-preload.tsx).
const freespinNotice = lazyWithPreload(() => import("./freespin-notice").then((m) => m.FreespinNotice));
const gameBonusPanel = lazyWithPreload(() => import("../bonuses/game-bonus").then((m) => m.GameBonusPanel));
const challengeNotice = lazyWithPreload(() => import("../challenges/challenge-notice").then((m) => m.ChallengeNotice));
const FreespinNotice = freespinNotice.Component;
const GameBonusPanel = gameBonusPanel.Component;
const ChallengeNotice = challengeNotice.Component;

/** The real-money parts' code, for the server to render them in place. */
export const preloadRealModeParts = () => Promise.all([freespinNotice.preload(), gameBonusPanel.preload(), challengeNotice.preload()]);

export interface GamePageProps {
  game: GameView;
  mode: GameMode | "none";
  src: string | null;
  signedIn: boolean;
  liked: boolean;
  /** The player's free spins on this game, played by the studio (decision 0041). */
  freespins?: FreespinOffer | null;
  demoNoticeSeconds: number;
  bonus: GameBonus | null;
  /** A first-to-hit challenge running on this game, for a player's real-money game (decision 0117). */
  challenge?: Challenge | null;
}

/** Like/unlike: a plain form to this route's action; a visitor is offered sign-in instead. */
function LikeToggle({ liked, signedIn }: { liked: boolean; signedIn: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  if (!signedIn) {
    return (
      <Link className="btn btn--ghost game-page__like" to={withPopup(pathname + search, "authorization")} preventScrollReset>
        ♡ {t("game.like")}
      </Link>
    );
  }
  return (
    <Form method="post" preventScrollReset className="game-page__like-form">
      <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
      <button type="submit" className="btn btn--ghost game-page__like" aria-pressed={liked} data-liked={liked || undefined}>
        {liked ? `♥ ${t("game.liked")}` : `♡ ${t("game.like")}`}
      </button>
    </Form>
  );
}

/** Demo / real links for a player, when the game has a demo. */
function ModeSwitch({ mode }: { mode: GameMode }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="game-page__modes" aria-label={t("game.mode.label")}>
      {(["real", "demo"] as const).map((m) => (
        <Link key={m} to={`${pathname}?mode=${m}`} className="game-page__mode" aria-current={m === mode ? "page" : undefined} replace>
          {t(`game.mode.${m}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The facts crawlers read: server-rendered below the frame. */
function GameInfo({ game }: { game: GameView }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="game-info" aria-labelledby="game-info-title">
      <h2 id="game-info-title">{t("game.info.title")}</h2>
      <dl className="game-info__facts">
        <div>
          <dt>{t("game.info.provider")}</dt>
          <dd>
            <Link to={to(lobbyHref({ providers: [game.provider] }))} data-provider={game.provider}>
              {game.providerName}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t("game.info.rtp")}</dt>
          <dd data-fact="rtp">{game.rtp}</dd>
        </div>
        <div>
          <dt>{t("game.info.volatility")}</dt>
          <dd data-fact="volatility">{t(`game.volatility.${game.volatility}`)}</dd>
        </div>
        <div>
          <dt>{t("game.info.bets")}</dt>
          <dd data-fact="bets">{game.betRange}</dd>
        </div>
        {game.categories.length > 0 && (
          <div>
            <dt>{t("game.info.categories")}</dt>
            <dd className="game-info__categories">
              {game.categories.map((c) => (
                <Link key={c.sysname} to={to(lobbyHref({ category: c.sysname }))}>
                  {c.name}
                </Link>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {game.description && <p className="game-info__description">{game.description}</p>}
      <h3>{t("game.info.howToPlay")}</h3>
      <p>{t("game.info.rules")}</p>
    </section>
  );
}

/** The game page (SPEC §2): the studio's game in a frame, its controls, and its facts. */
export function GamePage(p: GamePageProps) {
  const t = useT();
  const { pathname, search } = useLocation();
  const demo = p.mode === "demo";
  return (
    <article className="game-page" data-game={p.game.sysname} data-mode={p.mode}>
      <RealHashRegistration signedIn={p.signedIn} />
      <header className="game-page__head">
        <div>
          <h1 className="game-page__title" dir="auto">
            {p.game.title}
          </h1>
          <p className="game-page__provider">{p.game.providerName}</p>
        </div>
        <div className="game-page__actions">
          {p.signedIn && p.game.hasDemo && p.mode !== "none" && <ModeSwitch mode={p.mode} />}
          {!p.signedIn && (
            <Link className="btn btn--primary" to={withPopup(pathname + search, "registration")} preventScrollReset>
              {t("game.playReal")}
            </Link>
          )}
          <LikeToggle liked={p.liked} signedIn={p.signedIn} />
        </div>
      </header>
      {p.freespins && p.mode === "real" && (
        <Suspense fallback={null}>
          <FreespinNotice offer={p.freespins} />
        </Suspense>
      )}
      {p.challenge && p.mode === "real" && (
        <Suspense fallback={null}>
          <ChallengeNotice challenge={p.challenge} />
        </Suspense>
      )}
      {p.src ? (
        <GameFrame>
          <iframe key={p.src} className="game-frame__iframe" src={p.src} title={p.game.title} allow="fullscreen; autoplay" />
        </GameFrame>
      ) : (
        <div className="game-frame game-frame--closed">
          <p>{t("game.realOnly")}</p>
        </div>
      )}
      {demo && (
        <>
          <noscript>
            <p className="game-page__demo-static">{t(p.signedIn ? "game.demo.playerText" : "game.demo.text")}</p>
          </noscript>
          <DemoNotice delaySeconds={p.demoNoticeSeconds} signedIn={p.signedIn} />
        </>
      )}
      {p.mode === "real" && (
        <Suspense fallback={null}>
          <GameBonusPanel bonus={p.bonus} sysname={p.game.sysname} />
        </Suspense>
      )}
      <GameInfo game={p.game} />
    </article>
  );
}

/** The catalogue could not be read: say so and offer the game hall. */
export function GameUnavailable() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="game-page game-page--error" data-game-error>
      <h1>{t("game.error.title")}</h1>
      <p>{t("game.error.text")}</p>
      <Link className="btn btn--primary" to={to("/gamehall")}>
        {t("game.error.toLobby")}
      </Link>
    </section>
  );
}
