/**
 * SIMULATED_LATENCY="banners:1500,cms:200" delays those groups' answers, to measure and test
 * streaming against a slow platform. Ignored in production.
 */
export async function simulatedLatency(env: Env, group: string): Promise<void> {
  if (env.APP_ENV === "production" || !env.SIMULATED_LATENCY) return;
  for (const part of env.SIMULATED_LATENCY.split(",")) {
    const [g, ms] = part.split(":");
    if (g?.trim() === group && Number(ms) > 0) {
      await new Promise((r) => setTimeout(r, Math.min(Number(ms), 30_000)));
      return;
    }
  }
}
