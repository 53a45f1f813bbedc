import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { popupMode, withPopup } from "../auth/popup-url";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/**
 * The game page's browser-only parts: the fullscreen control, the delayed demo notice and the
 * `#real` registration (SPEC §2). Small on purpose: everything else is server-rendered HTML.
 */

const PSEUDO = "game-frame--pseudo";

/** True after hydration: controls that need JavaScript are not shown before they can work. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The frame's wrapper with a fullscreen control. Where the Fullscreen API is missing (iOS Safari)
 * the wrapper is fixed over the viewport instead, closed by its own button or Escape.
 */
export function GameFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const hydrated = useHydrated();
  const wrapper = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const [pseudo, setPseudo] = useState(false);

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement === wrapper.current && wrapper.current !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);

  useEffect(() => {
    if (!pseudo) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setPseudo(false);
    document.addEventListener("keydown", onKey);
    document.documentElement.classList.add("game-pseudo-fullscreen");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.documentElement.classList.remove("game-pseudo-fullscreen");
    };
  }, [pseudo]);

  const toggle = () => {
    const el = wrapper.current;
    if (!el) return;
    if (typeof el.requestFullscreen !== "function") return setPseudo((p) => !p);
    if (document.fullscreenElement) void document.exitFullscreen();
    else el.requestFullscreen().catch(() => setPseudo(true));
  };
  const on = full || pseudo;

  return (
    <div ref={wrapper} className={pseudo ? `game-frame ${PSEUDO}` : "game-frame"} data-fullscreen={on || undefined}>
      {children}
      {/* A bar of its own under the game, so the control never covers the game's own buttons
          (a studio's spin button sits at the bottom, its menu at the top). Server-rendered empty
          at its full height: the button appears at hydration without moving anything. */}
      <div className="game-frame__bar">
        {hydrated && (
          <button type="button" className="game-frame__fullscreen" aria-pressed={on} onClick={toggle}>
            {on ? t("game.fullscreen.exit") : t("game.fullscreen.enter")}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The demo-mode notice (SPEC §2 popups, §9 delay): after `delaySeconds` of demo play it asks a
 * visitor to register (a player, to switch to real play). Dismissed, it stays closed on this page.
 */
export function DemoNotice({ delaySeconds, signedIn }: { delaySeconds: number; signedIn: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const [shown, setShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [delaySeconds]);
  if (!shown || dismissed) return null;
  return (
    <aside className="demo-notice" role="status" aria-label={t("game.demo.title")}>
      <p className="demo-notice__text">{t(signedIn ? "game.demo.playerText" : "game.demo.text")}</p>
      <div className="demo-notice__actions">
        {signedIn ? (
          <Link className="btn btn--primary" to={`${pathname}?mode=real`}>
            {t("game.playReal")}
          </Link>
        ) : (
          <Link className="btn btn--primary" to={withPopup(pathname + search, "registration")} preventScrollReset>
            {t("game.demo.signUp")}
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => setDismissed(true)}>
          {t("game.demo.close")}
        </button>
      </div>
    </aside>
  );
}

/** Loads this page again with the registration popup open, `#real` kept. */
function openRealRegistration() {
  window.location.replace(`${withPopup(window.location.pathname + window.location.search, "registration")}#real`);
}

/**
 * SPEC §2: `#real` opened by a visitor opens registration; closing it without registering goes to
 * the index. A player who registers stays (the page then plays for real). The popup is opened by
 * loading the page again with it (a document load, `#real` kept), so it is the server-rendered
 * popup whatever the client has loaded so far.
 */
export function RealHashRegistration({ signedIn }: { signedIn: boolean }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const index = useLocalePath()("/");
  const open = popupMode(new URLSearchParams(search)) !== null;
  // True while the popup that #real asked for is on screen.
  const watching = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival: later hash changes are the next effect's
  useEffect(() => {
    if (signedIn || window.location.hash !== "#real") return;
    if (open) watching.current = true;
    else openRealRegistration();
  }, []);

  // A link to #real on the page itself (a description, an operator's content) asks the same.
  useEffect(() => {
    if (signedIn) return;
    const onHash = () => window.location.hash === "#real" && openRealRegistration();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [signedIn]);

  useEffect(() => {
    if (!watching.current || open) return;
    watching.current = false;
    if (!signedIn) void navigate(index, { replace: true });
  }, [open, signedIn, index, navigate]);

  return null;
}
