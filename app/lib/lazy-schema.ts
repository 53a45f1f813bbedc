import { parse, type Submission } from "@conform-to/react";
import { useCallback, useMemo, useRef, useState } from "react";
import type { z } from "zod";

type ParseWithZod = typeof import("@conform-to/zod/v4").parseWithZod;
type ValidationMessages = typeof import("./i18n/validation-messages").validationMessages;

/**
 * Conform's `onValidate` for a form whose Zod schema — and Zod, and Conform's Zod adapter — load
 * on the form's first focus instead of with the page (issue 39: Zod reaches the browser only with
 * a form the player is using). Until they have come, the browser does not check: a submit goes
 * to the route action, which checks with the same schema and answers the same errors (Conform
 * reads `error: null` as "not checked here"), and Conform's own intents (a field's validation on
 * blur, `form.update`) stay in the browser with no errors (`error: null` would post them to the
 * action). Usage:
 *
 *   const check = useLazySchema(() => import("./schemas"), (m, messages) => m.limitSchema(messages(t)), [t]);
 *   const [form, fields] = useForm({ ..., onValidate: check.onValidate });
 *   <Form {...getFormProps(form)} onFocus={check.load}>
 *
 * `build` makes the schema from the loaded module and `validationMessages` (which loads with it:
 * the locale's texts of every rule are no first-load code either); it runs again when `deps` change.
 */
export function useLazySchema<M, S extends z.ZodType>(load: () => Promise<M>, build: (m: M, messages: ValidationMessages) => S, deps: readonly unknown[]) {
  const [loaded, setLoaded] = useState<{ m: M; parseWithZod: ParseWithZod; messages: ValidationMessages } | null>(null);
  const started = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void Promise.all([loadRef.current(), import("@conform-to/zod/v4"), import("./i18n/validation-messages")]).then(
      ([m, adapter, texts]) => setLoaded({ m, parseWithZod: adapter.parseWithZod, messages: texts.validationMessages }),
      () => {
        started.current = false; // a failed load (offline): the next focus tries again
      },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `build` is a new function each render; the caller's deps say when the schema changes
  const schema = useMemo(() => (loaded ? build(loaded.m, loaded.messages) : null), [loaded, ...deps]);
  const onValidate = useCallback(
    ({ formData }: { formData: FormData }): Submission<z.input<S>, string[], z.output<S>> =>
      loaded && schema
        ? (loaded.parseWithZod(formData, { schema }) as Submission<z.input<S>, string[], z.output<S>>)
        : (parse(formData, { resolve: (_, intent) => ({ error: intent ? {} : null }) }) as Submission<z.input<S>, string[], z.output<S>>),
    [loaded, schema],
  );
  return { onValidate, load: start };
}
