import type { ReactNode } from "react";
import { useT } from "../site/use-root-data";
import { Footer } from "./footer";
import { Header } from "./header";
import { PlayerExtras } from "./player-extras";
import { Sidebar } from "./sidebar";

/** The default layout: header, sidebar (a popup on mobile), main content and footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("a11y.skipToContent")}
      </a>
      <input type="checkbox" id="sidebar-toggle" className="sidebar-toggle" aria-controls="sidebar" tabIndex={-1} />
      <Header />
      <div className="app__body">
        <Sidebar />
        <label htmlFor="sidebar-toggle" className="sidebar-backdrop" aria-hidden="true" />
        <main id="main" className="main">
          {children}
        </main>
      </div>
      <Footer />
      <PlayerExtras />
    </div>
  );
}
