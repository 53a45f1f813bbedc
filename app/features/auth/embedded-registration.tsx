import { lazy, memo, Suspense, useEffect, useState } from "react";
import { firstTouch } from "../../lib/first-interaction";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import type { RegistrationProps } from "./registration-section";

const load = () => import("./registration-section").then((m) => m.RegistrationSection);

/** Rendered by the server (preloaded by entry.server) or later in the browser: at once. */
const registration = lazyWithPreload(load);
export const preloadEmbeddedRegistration = registration.preload;

/** Hydrating the server's form: the code comes with the first touch. */
const OnTouch = lazy(() =>
  firstTouch()
    .then(() => registration.preload())
    .then(() => import("./registration-section").then((m) => ({ default: m.RegistrationSection }))),
);

/**
 * Whether the page has hydrated once: a form mounted after that (a client navigation here) has no
 * server HTML to keep and loads its code at once. A module flag set by an effect, not a
 * `useSyncExternalStore` snapshot: that re-renders the component right after hydration, and the
 * new element would reach the Suspense boundary as new props.
 */
let pageHydrated = false;

/**
 * The registration form of `/forms/sign_up` (decision 0027). Its code (the form, its fields and
 * the validation rules, about 9 KB compressed) stays off first load: while hydrating, React keeps
 * the server's form as it is, a real `<form method="post">` that works meanwhile, and hydrates it
 * in place, typed values and focus kept, once the code has come with the visitor's first touch.
 *
 * Memoised, and its props must stay equal while the page has not been touched (module-level
 * constants, the loader's objects): React gives up on hydrating a Suspense boundary that receives
 * new props first and renders it anew, without the server's HTML.
 */
export const EmbeddedRegistration = memo(function EmbeddedRegistration(props: RegistrationProps) {
  const [deferred] = useState(() => !import.meta.env.SSR && !pageHydrated);
  useEffect(() => {
    pageHydrated = true;
  }, []);
  const Form = deferred ? OnTouch : registration.Component;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
});
