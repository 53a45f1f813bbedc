/**
 * SIMULATED_LATENCY="banners:1500,cms:200" delays those groups' answers (a handler may name a
 * finer group of its own: "banners/sidebar", one banner position), to measure and test
 * streaming against a slow platform. Ignored in production. `times`: that many of the group's
 * delays in a row (the n-th of a staggered series).
 */
export async function simulatedLatency(env: Env, group: string, times = 1): Promise<void> {
  if (env.APP_ENV === "production" || !env.SIMULATED_LATENCY) return;
  for (const part of env.SIMULATED_LATENCY.split(",")) {
    const [g, ms] = part.split(":");
    if (g?.trim() === group && Number(ms) > 0) {
      await new Promise((r) => setTimeout(r, Math.min(Number(ms) * times, 30_000)));
      return;
    }
  }
}
