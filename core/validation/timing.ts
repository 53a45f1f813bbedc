/**
 * When forms validate (SPEC §4 "Validation timing"), as Conform options:
 *
 * - `eager`: a field is touched as soon as it changes and validated on every input.
 * - `onSubmit`: nothing is validated until the form is submitted; then changing a field resets
 *   (hides) its error until the next submit, and the page scrolls to the first erroneous field.
 *   Conform has no "reset on change" timing, so the field calls `form.update(resetFieldError(name))`
 *   from its change handler (see `shouldResetOnChange`), and the form calls `scrollToFirstError`
 *   after a failed submit.
 *
 * Browser APIs are used only inside `scrollToFirstError`, so this module loads on the server too.
 */

export type ValidationTiming = "eager" | "onSubmit";

export const DEFAULT_VALIDATION_TIMING: ValidationTiming = "onSubmit";

export interface ConformTiming {
  shouldValidate: "onSubmit" | "onBlur" | "onInput";
  shouldRevalidate: "onSubmit" | "onBlur" | "onInput";
}

/** `useForm({ ...conformTiming(mode), … })`. */
export function conformTiming(mode: ValidationTiming): ConformTiming {
  return mode === "eager" ? { shouldValidate: "onInput", shouldRevalidate: "onInput" } : { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" };
}

/** Reads the mode from config; anything unknown gives the default. */
export function parseValidationTiming(value: unknown): ValidationTiming {
  return value === "eager" || value === "onSubmit" ? value : DEFAULT_VALIDATION_TIMING;
}

/** Whether a field's change should clear its error (on-submit mode). */
export function shouldResetOnChange(mode: ValidationTiming): boolean {
  return mode === "onSubmit";
}

/** The payload for Conform's `form.update(...)` that hides a field's error without touching its value. */
export function resetFieldError(name: string): { name: string; validated: false } {
  return { name, validated: false };
}

/** What marks a field as erroneous: Conform's aria-invalid, or our own data attribute. */
export const INVALID_FIELD_SELECTOR = '[aria-invalid="true"], [data-invalid="true"]';

/**
 * Scrolls to the first erroneous field of a form (in document order), focuses it without a second
 * jump, and returns it; null when the form has none. Smooth unless the player prefers reduced
 * motion (SPEC §9: scroll is smooth).
 */
export function scrollToFirstError(form: HTMLFormElement): HTMLElement | null {
  const field = form.querySelector<HTMLElement>(INVALID_FIELD_SELECTOR);
  if (!field) return null;
  const view = form.ownerDocument?.defaultView;
  const reduced = view?.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  field.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "center" });
  field.focus({ preventScroll: true });
  return field;
}
