import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { TFunction } from "../../lib/i18n/translate";
import type { LobbyData } from "./lobby.server";
import { lobbyHref } from "./lobby-params";
import { ServerHtml } from "../../ui/server-html";

interface Props {
  providers: LobbyData["providers"];
  selected: string[];
  category?: string;
  /** The lobby's search text, kept when the providers change. */
  search?: string;
  t: TFunction;
  to: (path: string) => string;
}

/**
 * The provider filter: a GET form of checkboxes. Without JavaScript the browser sends
 * `providers=a&providers=b` and the lobby redirects to the comma list; with it, the submit goes
 * straight to the canonical URL (one request, no redirect).
 */
export function ProviderFilter({ providers, selected, category, search, t, to }: Props) {
  const navigate = useNavigate();
  const legend = t("lobby.providers.filter");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).getAll("providers").map(String).sort();
    void navigate(to(lobbyHref({ category, providers: chosen, search })));
  };
  return (
    // Closed even with a selection (its summary counts it): the games stay on the first screen.
    <details className="lobby-providers">
      <summary className="lobby-providers__summary">
        {selected.length ? t("lobby.providers.selected", { count: selected.length }) : t("lobby.providers.filter")}
      </summary>
      <form method="get" action={to("/gamehall")} className="lobby-providers__form" onSubmit={onSubmit}>
        {category && <input type="hidden" name="category" value={category} />}
        {search && <input type="hidden" name="search" value={search} />}
        {/* Uncontrolled checkboxes the submit reads from the form: kept as the server sent them,
            not hydrated (ServerHtml), and keyed by what they show. */}
        <ServerHtml as="fieldset" className="lobby-providers__list" key={JSON.stringify([legend, selected, providers])}>
          <legend className="visually-hidden">{legend}</legend>
          {providers.map((p) => (
            <label key={p.sysname} className="lobby-providers__option">
              <input type="checkbox" name="providers" value={p.sysname} defaultChecked={selected.includes(p.sysname)} />
              <span>{p.name}</span>
            </label>
          ))}
        </ServerHtml>
        <div className="lobby-providers__actions">
          <button type="submit" className="btn btn--primary">
            {t("lobby.providers.apply")}
          </button>
          {selected.length > 0 && (
            <Link to={to(lobbyHref({ category, search }))} className="btn btn--ghost">
              {t("lobby.providers.clear")}
            </Link>
          )}
        </div>
      </form>
    </details>
  );
}
