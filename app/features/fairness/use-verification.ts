import { useEffect, useState } from "react";

/**
 * The browser's own check of something provably fair (a wheel spin, an original's round), run once
 * its inputs are known: null while it runs, "error" when it could not run, else the check's answer.
 * Shared by the wheel's and the originals' verify views (decisions 0047, 0115). `check` is run again
 * when it changes: the caller keeps it with useCallback over its inputs.
 */
export function useVerification<R extends { matches: boolean }>(check: () => Promise<R>): R | "error" | null {
  const [result, setResult] = useState<R | "error" | null>(null);
  useEffect(() => {
    let live = true;
    setResult(null);
    check().then(
      (r) => live && setResult(r),
      () => live && setResult("error"),
    );
    return () => {
      live = false;
    };
  }, [check]);
  return result;
}
