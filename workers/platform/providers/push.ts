import { ProviderRegistry } from "./registry";

/**
 * A push service the platform reaches in-process (decision 0114): the demo push relay, which
 * stands in for the browser's push service (FCM, autopush…) where none is reachable. A push to an
 * endpoint it owns is answered by it, never fetched over the network; any other endpoint is
 * fetched. Registered from demo/providers.ts behind DEMO_PROVIDERS `push`.
 */
export interface PushRelay {
  /** Whether `endpoint` is this relay's on the site at `origin`. */
  owns(origin: string, endpoint: string): boolean;
  /** What the relay answers a push (RFC 8030 §5), as the push service would. */
  accept(env: Env, request: Request, now: number): Promise<Response>;
  /** A new subscription at the relay for the player, made for the site's application server key. */
  subscribe(env: Env, origin: string, uid: number, applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
}

export const pushRelays = new ProviderRegistry<PushRelay>();

/** The relay this request's site offers, or null. */
export const pushRelay = (env: Env): PushRelay | null => pushRelays.first(env);
