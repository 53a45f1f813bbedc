import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "../../lib/i18n/use-t";

/** How long a navigation may take before the bar shows: a quick one never flashes it. */
const SHOW_AFTER_MS = 150;

/**
 * The bar at the top of the page while a client navigation or a form's submission is under way
 * (issue 41: on a slow platform a tap looked ignored). It shows after SHOW_AFTER_MS, is a
 * progressbar for assistive technology, and stands still under reduced motion (CSS). It sits in a
 * polite live region that is always in the page: a screen reader hears it come, and the page's
 * content stays within landmarks or live regions (axe's "region" failed any page checked while a
 * navigation ran past SHOW_AFTER_MS, when the bar stood loose before the header).
 */
export function NavigationProgress() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div className="nav-progress-live" aria-live="polite">
      {shown && <div className="nav-progress" role="progressbar" aria-label={t("common.loading")} data-testid="nav-progress" />}
    </div>
  );
}
