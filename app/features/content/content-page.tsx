import type { ContentPage as Page } from "../../../core/api/cms";
import { formatDate as formatDay } from "../../../core/dates";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";

/** dd.mm.yyyy (SPEC §9) of a Unix-seconds time. */
export const formatDate = (epochSeconds: number) => formatDay(epochSeconds * 1000);

/** A generic content page: operator HTML from the content-management system. */
export function ContentPage({ page }: { page: Page }) {
  const t = useT();
  const root = useRootData();
  return (
    <article className="content-page" lang={page.locale !== root?.locale ? page.locale : undefined}>
      <h1>{page.title}</h1>
      <p className="content-page__updated">{t("page.updated", { date: formatDate(page.updated_at) })}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's page body is HTML by the platform's contract (written in the back office) */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
