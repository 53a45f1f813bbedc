import { useEffect, useState } from "react";
import { LiveSearch, type SearchState } from "./live-search";
import { searchGames, type SearchResult } from "./search-api";

/** One LiveSearch per open popup, searching the catalogue in the page's locale. */
export function useLiveSearch(locale: string) {
  const [state, setState] = useState<SearchState<SearchResult>>({ status: "idle", query: "" });
  const [search] = useState(
    () =>
      new LiveSearch<SearchResult>({
        fetch: (query, signal) => searchGames(query, { locale, signal }),
        onChange: setState,
      }),
  );
  useEffect(() => () => search.dispose(), [search]);
  return { state, input: (text: string, immediate?: boolean) => search.input(text, immediate) };
}
