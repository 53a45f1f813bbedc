import { DEFAULT_MESSAGES, type MessageKey, type MessageOverrides } from "../../../core/validation/messages";
import type { TFunction } from "./translate";

/**
 * The validation texts of the current locale (`validation.<key>` in its bundle) as overrides of
 * the library's defaults, so the browser and the action show the same words.
 */
export function validationMessages(t: TFunction): MessageOverrides {
  const out: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(DEFAULT_MESSAGES) as MessageKey[]) {
    const text = t(`validation.${key}`);
    if (text !== `validation.${key}`) out[key] = text;
  }
  return out;
}
