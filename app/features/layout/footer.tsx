import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { Menu } from "./sidebar";

export function Footer() {
  const root = useRootData()!;
  const t = useT();
  const f = root.cms.footer;
  return (
    <footer className="footer">
      <div className="footer__menus">
        <Menu groups={root.cms.menus.footer} signedIn={!!root.player} />
      </div>
      <p className="footer__age">
        <span className="footer__age-badge">{f.ageLimit}+</span> {t("footer.ageNotice", { age: f.ageLimit })}
      </p>
      <p className="footer__disclaimer">{f.disclaimer}</p>
      <p className="footer__copy">{f.copyright}</p>
    </footer>
  );
}
