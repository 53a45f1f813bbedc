import { createContext } from "react-router";

/** What the Worker hands every loader and action, set once per request in workers/app.ts. */
export interface WorkerContext {
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
  /** The per-response CSP nonce for inline scripts. */
  nonce: string;
  /** Sends a Request to the /api contract: in-process platform or PLATFORM_ORIGIN proxy. */
  platformFetch(request: Request): Promise<Response>;
}

export const workerContext = createContext<WorkerContext>();
