/**
 * The isolate's `Intl` formatters, made once per locale and options (issue 39): constructing one
 * loads ICU data and costs tens of microseconds, and a form of twelve countries named twice per
 * call built 25 of them on every profile page (~1.5 ms of the render). A formatter holds no state
 * between calls, so one instance serves every request. Bounded: the keys are the site's locales
 * times a few option sets, but a caller-supplied locale must not grow it without end.
 */
const MAX = 64;
const names = new Map<string, Intl.DisplayNames>();
const collators = new Map<string, Intl.Collator>();

function kept<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (found === undefined) {
    found = make();
    if (map.size >= MAX) map.clear();
    map.set(key, found);
  }
  return found;
}

/** `new Intl.DisplayNames(locales, options)`, made once. Throws as the constructor does (an invalid locale). */
export function displayNames(locales: readonly string[], options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return kept(
    names,
    `${locales.join(",")}|${options.type}|${options.fallback ?? ""}|${options.style ?? ""}|${options.languageDisplay ?? ""}`,
    () => new Intl.DisplayNames([...locales], options),
  );
}

/** `new Intl.Collator(locale)`, made once. Throws as the constructor does (an invalid locale). */
export function collator(locale: string): Intl.Collator {
  return kept(collators, locale, () => new Intl.Collator(locale));
}
