import type { SubmissionResult } from "@conform-to/react";

/** What the action answers to a refused form: which form, and Conform's reply with the values kept. */
export interface ResponsibleActionData {
  intent: "limit" | "exclude" | "reality";
  result: SubmissionResult<string[]>;
}

/** The part of a Conform field these helpers read (any field type). */
type Meta = { errors?: string[]; errorId: string };

/** aria wiring of a control with errors. */
export const invalid = (meta: Meta) => (meta.errors?.length ? { "aria-invalid": true as const, "aria-describedby": meta.errorId } : {});

/** A field's errors under it. */
export function FieldErrors({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="field-error">
      {meta.errors.join(" ")}
    </p>
  );
}

/** The form's own errors (platform refusals that name no field). */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="field-error">
      {errors.join(" ")}
    </p>
  );
}
