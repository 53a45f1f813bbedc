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

/** What tells one DisplayNames formatter from another: its locales and every option it takes. */
const namesKey = (locales: readonly string[], options: Intl.DisplayNamesOptions) =>
  `${locales.join(",")}|${options.type}|${options.fallback ?? ""}|${options.style ?? ""}|${options.languageDisplay ?? ""}`;

/** `new Intl.DisplayNames(locales, options)`, made once. Throws as the constructor does (an invalid locale). */
export function displayNames(locales: readonly string[], options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return kept(names, namesKey(locales, options), () => new Intl.DisplayNames([...locales], options));
}

const NAMES_KEPT = 4096;
const named = new Map<string, string | undefined>();

/**
 * `displayNames(locales, options).of(code)`, looked up once: ICU's lookup costs ~14 µs a name in
 * workerd, and a profile page's form names its countries twice (issue 39). Bounded like the
 * formatters (the keys are the site's locales times the codes). Throws as `of` does.
 */
export function displayName(locales: readonly string[], options: Intl.DisplayNamesOptions, code: string): string | undefined {
  const key = `${namesKey(locales, options)}|${code}`;
  if (named.has(key)) return named.get(key);
  const name = displayNames(locales, options).of(code);
  if (named.size >= NAMES_KEPT) named.clear();
  named.set(key, name);
  return name;
}

/** `new Intl.Collator(locale)`, made once. Throws as the constructor does (an invalid locale). */
export function collator(locale: string): Intl.Collator {
  return kept(collators, locale, () => new Intl.Collator(locale));
}
