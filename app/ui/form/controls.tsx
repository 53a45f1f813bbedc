import type { ReactNode } from "react";
import { type ControlMeta, initial, invalid } from "./field";

/**
 * An amount typed in whole units (SPEC §5 sum rule): a numeric keypad, no autofill, the value the
 * player typed kept on a refusal. `hintId` names a hint that describes it besides its errors.
 */
export function AmountInput({ meta, required, hintId }: { meta: ControlMeta; required?: boolean; hintId?: string }) {
  const aria = invalid(meta);
  return (
    <input
      key={meta.key}
      id={meta.id}
      name={meta.name}
      defaultValue={initial(meta)}
      inputMode="numeric"
      autoComplete="off"
      required={required}
      {...aria}
      {...(hintId ? { "aria-describedby": [hintId, meta.errors?.length ? meta.errorId : ""].join(" ").trim() } : {})}
    />
  );
}

/** A select of a Conform field, its first value `fallback` until the form has one. */
export function Select({ meta, fallback = "", required, children }: { meta: ControlMeta; fallback?: string; required?: boolean; children: ReactNode }) {
  return (
    <select key={meta.key} id={meta.id} name={meta.name} defaultValue={initial(meta, fallback)} required={required} {...invalid(meta)}>
      {children}
    </select>
  );
}

/** A form's submit button, disabled while its form is on the way. */
export function Submit({ busy, className = "btn btn--primary", children }: { busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {children}
    </button>
  );
}
