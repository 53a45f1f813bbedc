/**
 * One registry per third party (payments, OAuth, verification, messaging): the providers a
 * deployment has, by name, each with whether it serves a given request's `env`. Domain code asks
 * its party's registry (`*-registry.ts` beside this file) and never names an implementation; the
 * composition root (the Worker entry, `workers/app.ts`) registers them at start. The registries
 * hold no provider of their own, so nothing in the platform imports `demo/`: the demo stand-ins
 * register from `demo/providers.ts`, each gated by its switch (decision 0060).
 */
export interface Registration<T> {
  /** The name the platform asks for: a cashier method's `provider`, an OAuth service id, … */
  name: string;
  /** Whether this deployment offers it to the request whose `env` this is (a demo stand-in: its `demoOn` switch). */
  offered: (env: Env) => boolean;
  provider: T;
}

export class ProviderRegistry<T> {
  private readonly byName = new Map<string, Registration<T>>();

  /** Adds a provider; one of the same name is replaced, so installing twice changes nothing. */
  register(registration: Registration<T>): void {
    this.byName.set(registration.name, registration);
  }

  /** The provider of that name if one is registered and offered here; null otherwise. */
  named(env: Env, name: string): T | null {
    const r = this.byName.get(name);
    return r?.offered(env) ? r.provider : null;
  }

  /** The first provider registered that is offered here (a party a deployment has one of); null when none is. */
  first(env: Env): T | null {
    for (const r of this.byName.values()) if (r.offered(env)) return r.provider;
    return null;
  }
}
