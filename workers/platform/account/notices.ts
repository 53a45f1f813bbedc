import { readSetting } from "../core/settings";

/** What an unsubscribe link's signature is for (account.unsubscribe checks it). */
export const UNSUBSCRIBE_PURPOSE = "unsubscribe";

/**
 * The texts the platform mails and texts to players. They are site messages (mail.*), so an
 * operator translates and rewords them with the rest; English stands in for a missing one.
 */
const ENGLISH = {
  "mail.confirmCode.subject": "Your {{site}} confirmation code",
  "mail.confirmCode.text": "Your confirmation code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, you can ignore this message.",
  "mail.restore.subject": "Reset your {{site}} password",
  "mail.restore.text":
    "Open this link within {{minutes}} minutes to set a new password: {{link}}\nIf you did not ask for it, you can ignore this message: your password stays as it is.",
  "mail.footer.unsubscribe": "You get mail from {{site}} at {{contact}}. To stop our news and offers by email, open: {{link}}",
} as const;

export type NoticeName = "confirmCode" | "restore";

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** Subject and text of a notice in the locale, with its placeholders filled. */
export async function composeNotice(
  db: D1Database,
  locale: string,
  name: NoticeName,
  params: Record<string, string | number>,
): Promise<{ subject: string; text: string }> {
  const keys = [`mail.${name}.subject`, `mail.${name}.text`] as const;
  const [{ results }, metadata] = await Promise.all([
    db.prepare("SELECT key, value FROM messages WHERE locale = ?1 AND key IN (?2, ?3)").bind(locale, keys[0], keys[1]).all<{ key: string; value: string }>(),
    readSetting<{ siteName?: string }>(db, "metadata").catch(() => ({ siteName: undefined })),
  ]);
  const stored = new Map(results.map((r) => [r.key, r.value]));
  const all = { site: metadata.siteName || "Playfront", ...params };
  return {
    subject: fill(stored.get(keys[0]) || ENGLISH[keys[0]], all),
    text: fill(stored.get(keys[1]) || ENGLISH[keys[1]], all),
  };
}

/**
 * The footer every email carries (issue 41): the contact it went to and a signed link to
 * `/unsubscribe` that stops news and offers to it without signing in (`account.unsubscribe`).
 */
export async function unsubscribeFooter(db: D1Database, locale: string, params: { contact: string; link: string }): Promise<string> {
  const key = "mail.footer.unsubscribe";
  const [row, metadata] = await Promise.all([
    db.prepare("SELECT value FROM messages WHERE locale = ?1 AND key = ?2").bind(locale, key).first<{ value: string }>(),
    readSetting<{ siteName?: string }>(db, "metadata").catch(() => ({ siteName: undefined })),
  ]);
  return fill(row?.value || ENGLISH[key], { site: metadata.siteName || "Playfront", ...params });
}
