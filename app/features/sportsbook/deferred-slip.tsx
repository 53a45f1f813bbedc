import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";
import { firstTouch } from "../../lib/first-interaction";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { hydrationGate } from "./hydration-gate";
import type { BetSlipProps } from "./bet-slip";
import type { SportsNavProps } from "./sports-nav";

// One promise for the page, listening from the moment this module runs: a touch that comes before a
// deferred part first renders (React hydrates boundaries one by one) still counts for it.
if (typeof window !== "undefined") void firstTouch();

/** Whether the page has hydrated once: a part mounted after that (a client navigation) loads its code at once. */
let pageHydrated = false;

/** Renders nothing; its effect runs when React commits the boundary it sits in (hydrated it). */
function Settles({ settle }: { settle: () => void }) {
  useEffect(settle, [settle]);
  return null;
}

/**
 * A part of /betting whose code stays off the page's first load: while hydrating, React keeps the
 * server's HTML as it is — real links and forms that work without JavaScript — and hydrates it once
 * the code has come with the reader's first touch. Memoised: its props must be the loader's objects
 * (a prop that changed before the code came would make React drop the HTML and render it afresh).
 */
function deferUntilTouch<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = lazyWithPreload(load);
  const OnTouch = lazy(() =>
    firstTouch()
      .then(() => part.preload())
      .then(() => load().then((c) => ({ default: c }))),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per deferred part at module scope, never during a render
  const Deferred = memo(function Deferred(props: P) {
    const [deferred] = useState(() => !import.meta.env.SSR && !pageHydrated);
    // hydration-gate.ts: from the touch until React hydrated this part, the live odds wait.
    const [gate] = useState(() => (deferred ? hydrationGate() : null));
    useEffect(() => {
      pageHydrated = true;
      if (!gate) return;
      let end: (() => void) | null = null;
      let gone = false;
      void firstTouch().then(() => {
        if (!gone) end = gate.watch();
      });
      return () => {
        gone = true;
        end?.();
      };
    }, [gate]);
    const Part = (deferred ? OnTouch : part.Component) as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        {gate && <Settles settle={gate.settle} />}
      </Suspense>
    );
  });
  return { Component: Deferred, preload: part.preload };
}

/** The bet slip (forms, stakes and returns; decision 0073-sportsbook-page); live odds reach it through live-store.ts. */
const slip = deferUntilTouch<BetSlipProps>(() => import("./bet-slip").then((m) => m.BetSlip));
/** The sports menu: links, so before its code comes they are plain links. */
const nav = deferUntilTouch<SportsNavProps>(() => import("./sports-nav").then((m) => m.SportsNav));
/** The receipt after placing: only that page needs its code, at once. */
const receipt = lazyWithPreload(() => import("./bet-receipt").then((m) => m.BetReceipt));

export const DeferredSlip = slip.Component;
export const DeferredSportsNav = nav.Component;
export const BetReceipt = receipt.Component;
/** Rendered by the server (entry.server preloads them), so the HTML has them without JavaScript. */
export const preloadBetSlip = () => Promise.all([slip.preload(), nav.preload(), receipt.preload()]);
