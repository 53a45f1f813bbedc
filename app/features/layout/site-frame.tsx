import { Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { isGameScreen } from "../game/game-screen";
import { useT } from "../../lib/i18n/use-t";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress } from "./navigation-progress";
import { PlayerExtras } from "./player-extras";
import { Sidebar } from "./sidebar";

/**
 * The default layout: header, sidebar (a popup on mobile), main content and footer. Game screens
 * (SPEC §2: any path with `/game/`) are marked `data-screen="game"`: what a game must not be
 * covered by (the chat badge, when the support chat arrives) is hidden there by CSS.
 *
 * Sidebar, page and footer are each a Suspense boundary, though nothing in them suspends on the
 * server: React then hydrates and commits them one by one, as separate short tasks, instead of
 * one long task for the whole page that would keep a slow phone from responding (decision 0019).
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div className="app" data-screen={isGameScreen(pathname) ? "game" : undefined}>
      <a className="skip-link" href="#main">
        {t("a11y.skipToContent")}
      </a>
      <NavigationProgress />
      <Header />
      <div className="app__body">
        <Suspense>
          <Sidebar />
        </Suspense>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the backdrop closes the sidebar without JavaScript; its control, #sidebar-toggle, is in the header */}
        <label htmlFor="sidebar-toggle" className="sidebar-backdrop" aria-hidden="true" />
        <main id="main" className="main">
          <Suspense>{children}</Suspense>
        </main>
      </div>
      <Suspense>
        <Footer />
      </Suspense>
      <PlayerExtras />
    </div>
  );
}
