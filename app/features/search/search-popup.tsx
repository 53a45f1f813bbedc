import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "../../ui/icon";
import { lobbyHref } from "../games/lobby-params";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { MIN_QUERY, normalizeQuery } from "./live-search";
import { addRecent, clearRecent, readRecent } from "./recent-queries";
import { loadProviders, matchProviders, randomGame, type ProviderChip } from "./search-api";
import { SearchResults } from "./search-results";
import { useLiveSearch } from "./use-live-search";

/**
 * The games search popup (SPEC §2), loaded on the first click of the header's search button. A
 * native modal <dialog>: showModal gives the focus trap, Escape and the top layer; a click on the
 * backdrop (the dialog element itself, outside its panel) closes it too. Enter goes to the lobby's
 * search page, which is also where the header link leads without JavaScript.
 */
export default function SearchPopup({ onClose }: { onClose: () => void }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const locale = useRootData()?.locale ?? "en";
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [recent, setRecent] = useState<string[]>([]);
  const [providers, setProviders] = useState<ProviderChip[]>([]);
  const [randomBusy, setRandomBusy] = useState(false);
  const [randomFailed, setRandomFailed] = useState(false);
  const { state, input } = useLiveSearch(locale);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first focusable element (the close button): the field is what the
    // player came for.
    inputRef.current?.focus();
    // The page behind stays put (the dialogs' own class); left alone if another dialog set it.
    const root = document.documentElement;
    const lockedHere = !root.classList.contains("scroll-locked");
    if (lockedHere) root.classList.add("scroll-locked");
    setRecent(readRecent());
    // Once per opening: the chips filter this list locally as the player types.
    let live = true;
    loadProviders(locale).then(
      (list) => live && setProviders(list),
      (error) => console.warn("search: providers could not be loaded", error),
    );
    return () => {
      live = false;
      if (lockedHere) root.classList.remove("scroll-locked");
    };
  }, [locale]);

  const close = () => dialogRef.current?.close();
  const query = normalizeQuery(text);
  const remember = () => query.length >= MIN_QUERY && setRecent(addRecent(query));

  const change = (value: string, immediate = false) => {
    setText(value);
    input(value, immediate);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!query) return;
    addRecent(query);
    close();
    void navigate(to(lobbyHref({ search: query })));
  };

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  const goRandom = async () => {
    setRandomBusy(true);
    setRandomFailed(false);
    try {
      const game = await randomGame(locale);
      if (!game) throw new Error("the catalogue is empty");
      close();
      void navigate(to(`/game/${game.sysname}`));
    } catch (error) {
      console.warn("search: no random game", error);
      setRandomFailed(true);
    } finally {
      setRandomBusy(false);
    }
  };

  const chips = query.length >= MIN_QUERY ? matchProviders(providers, query) : [];

  return (
    // The backdrop click is a mouse convenience; keyboard players have Escape and the close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse convenience (comment above)
    <dialog ref={dialogRef} className="search-popup" aria-labelledby={titleId} onClose={onClose} onClick={onBackdrop}>
      <div className="search-popup__panel">
        <header className="search-popup__head">
          <h2 id={titleId} className="search-popup__title">
            {t("search.title")}
          </h2>
          <button type="button" className="search-popup__close" onClick={close} aria-label={t("search.close")}>
            <Icon name="close" size={20} />
          </button>
        </header>
        {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark older screen readers know; <search> is too new */}
        <form role="search" method="get" action={to("/gamehall")} className="search-popup__form" onSubmit={submit}>
          <label htmlFor={`${titleId}-q`} className="visually-hidden">
            {t("search.label")}
          </label>
          <input
            ref={inputRef}
            id={`${titleId}-q`}
            className="search-popup__input"
            type="search"
            name="search"
            value={text}
            maxLength={100}
            autoComplete="off"
            placeholder={t("search.placeholder")}
            onChange={(e) => change(e.target.value)}
          />
        </form>

        {chips.length > 0 && (
          <nav className="search-popup__chips" aria-label={t("search.providers")}>
            {chips.map((p) => (
              <Link
                key={p.sysname}
                to={to(lobbyHref({ providers: [p.sysname] }))}
                className="search-chip"
                onClick={() => {
                  remember();
                  close();
                }}
              >
                {p.name}
              </Link>
            ))}
          </nav>
        )}

        {query.length < MIN_QUERY ? (
          <RecentQueries
            recent={recent}
            onPick={(q) => change(q, true)}
            onClear={() => {
              clearRecent();
              setRecent([]);
            }}
          />
        ) : (
          <SearchResults
            state={state}
            onOpen={() => {
              remember();
              close();
            }}
          />
        )}

        <footer className="search-popup__foot">
          <button type="button" className="btn btn--ghost" onClick={() => void goRandom()} disabled={randomBusy} aria-busy={randomBusy || undefined}>
            <Icon name="wheel" size={18} /> {t("search.random")}
          </button>
          {randomFailed && (
            <p role="alert" className="search-popup__error">
              {t("search.randomFailed")}
            </p>
          )}
        </footer>
      </div>
    </dialog>
  );
}

function RecentQueries({ recent, onPick, onClear }: { recent: string[]; onPick: (q: string) => void; onClear: () => void }) {
  const t = useT();
  if (recent.length === 0) return <p className="search-popup__hint">{t("search.hint")}</p>;
  return (
    <section className="search-recent" aria-label={t("search.recent")}>
      <div className="search-recent__head">
        <h3 className="search-recent__title">{t("search.recent")}</h3>
        <button type="button" className="search-recent__clear" onClick={onClear}>
          {t("search.clearRecent")}
        </button>
      </div>
      <ul className="search-recent__list">
        {recent.map((q) => (
          <li key={q}>
            <button type="button" className="search-chip" onClick={() => onPick(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
