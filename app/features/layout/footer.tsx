import { Suspense } from "react";
import { useRootData } from "../../shell/use-root-data";
import { ServerHtml } from "../../ui/server-html";
import { FooterBody } from "./sidebar";

/** The footer, kept as the server sent it (ServerHtml, its code a lazy chunk: sidebar.tsx `preloadMenus`). */
export function Footer() {
  const root = useRootData()!;
  const f = root.cms.footer;
  return (
    <Suspense fallback={null}>
      <ServerHtml as="footer" className="footer" key={JSON.stringify([!!root.player, root.cms.menus.footer, f])}>
        <FooterBody />
      </ServerHtml>
    </Suspense>
  );
}
