import type { MessageBundle } from "../../../core/api/entities";

export type TFunction = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Looks a dotted key up in a nested bundle and fills `{{name}}` placeholders, as i18next does.
 * A missing key shows the key itself so a gap in a bundle is visible, never blank.
 * The browser uses this instead of shipping i18next (see docs/decisions/0004).
 */
export function createT(bundle: MessageBundle | undefined): TFunction {
  return (key, vars) => {
    let node: string | MessageBundle | undefined = bundle;
    for (const part of key.split(".")) {
      node = typeof node === "object" && node !== null ? node[part] : undefined;
    }
    const text = typeof node === "string" ? node : key;
    if (!vars) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

/** A translation, or `fallback` when the bundle lacks the key (labels that come from config). */
export function translateOr(t: TFunction, key: string, fallback: string, vars?: Record<string, string | number>): string {
  const text = t(key, vars);
  return text === key ? fallback : text;
}
