import type { ContentPage as Page } from "../../lib/api/cms";
import { useRootData, useT } from "../site/use-root-data";

/** dd.mm.yyyy (SPEC §9). */
export function formatDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** A generic content page: operator HTML from the content-management system. */
export function ContentPage({ page }: { page: Page }) {
  const t = useT();
  const root = useRootData();
  return (
    <article className="content-page" lang={page.locale !== root?.locale ? page.locale : undefined}>
      <h1>{page.title}</h1>
      <p className="content-page__updated">{t("page.updated", { date: formatDate(page.updated_at) })}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
