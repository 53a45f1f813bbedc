import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { lobbyHref, MAX_SEARCH } from "../games/lobby-params";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/**
 * The lobby's own search box: a GET form to `/gamehall?search=…` that works without
 * JavaScript (the header's search button is a link here then). With JavaScript it navigates
 * straight to the canonical URL, like the provider filter.
 */
export function LobbySearchForm({ search }: { search?: string }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("search") ?? "");
    void navigate(to(lobbyHref({ search: text.replace(/\s+/g, " ").trim() })));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark older screen readers know; <search> is too new
    <form role="search" method="get" action={to("/gamehall")} className="lobby-search" onSubmit={onSubmit}>
      <label htmlFor="lobby-search" className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id="lobby-search"
        className="lobby-search__input"
        type="search"
        name="search"
        defaultValue={search ?? ""}
        maxLength={MAX_SEARCH}
        placeholder={t("search.placeholder")}
      />
      <button type="submit" className="btn btn--primary">
        {t("search.submit")}
      </button>
    </form>
  );
}

/** No game matches the lobby's search: say so and lead back to the whole lobby. */
export function SearchEmpty({ search }: { search: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="notice lobby-search__empty" data-testid="search-empty">
      <p>{t("search.empty", { query: search })}</p>
      <Link to={to("/gamehall")}>{t("search.backToLobby")}</Link>
    </div>
  );
}
