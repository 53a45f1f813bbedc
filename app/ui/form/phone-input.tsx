import { type InputHTMLAttributes, useEffect, useRef } from "react";
import type { PhoneCountry, PhoneMask } from "../../../core/validation/phone";
import { dropEmoji, pastePhone, typePhone, type Typed } from "./typing";

/** Puts a rule's answer into the input, the caret where the rule says. */
function put(el: HTMLInputElement, next: Typed | null) {
  if (!next || next.value === el.value) return;
  el.value = next.value;
  // An e-mail input has no caret to set (selectionStart is null): it ends up at the end.
  if (document.activeElement === el && el.selectionStart !== null) el.setSelectionRange(next.caret, next.caret);
}

/**
 * For an input that refuses emoji (SPEC §5: every name, address, code, login, e-mail and phone
 * the site asks for; never a password, whose characters are the player's): what is typed or
 * pasted loses its emoji at once. Without JavaScript the platform's rules refuse them with the
 * field's message instead.
 */
export function refuseEmoji(e: React.FormEvent<HTMLInputElement>) {
  const el = e.currentTarget;
  if (el.type === "password") return;
  put(el, dropEmoji(el.value, el.selectionStart ?? el.value.length));
}

export interface PhoneRules<C extends PhoneCountry = PhoneCountry> {
  /** The current country's mask (or masks, one per length). */
  mask: PhoneMask;
  /** The countries a pasted international number may pick (first match), with what picks one. */
  countries?: readonly C[];
  onCountry?: (country: C) => void;
}

/**
 * A phone number input (SPEC §5): shown in its country's mask as it is typed (the caret kept
 * after its digit), shown again in the new mask when the country changes, and a pasted
 * international number picks its country. Uncontrolled: the server renders the value, and without
 * JavaScript the platform takes the number masked or not, with or without its country's code.
 */
export function PhoneInput<C extends PhoneCountry>({ rules, ...props }: { rules: PhoneRules<C> } & InputHTMLAttributes<HTMLInputElement>) {
  const ref = useRef<HTMLInputElement>(null);
  const { mask, countries, onCountry } = rules;
  // A new country's mask shows the number again in it (idempotent: the same mask leaves the value as it is).
  useEffect(() => {
    const el = ref.current;
    if (el && el.value) put(el, typePhone(el.value, el.value.length, mask));
  }, [mask]);
  return (
    <input
      {...props}
      ref={ref}
      type="tel"
      dir="ltr"
      onInput={(e) => {
        const el = e.currentTarget;
        put(el, typePhone(el.value, el.selectionStart ?? el.value.length, mask));
      }}
      onPaste={(e) => {
        if (!countries || !onCountry) return;
        const found = pastePhone(e.clipboardData.getData("text"), countries, mask);
        if (!found) return;
        e.preventDefault();
        e.currentTarget.value = found.value;
        onCountry(found.country);
      }}
    />
  );
}
