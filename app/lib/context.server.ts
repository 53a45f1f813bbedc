import { createContext } from "react-router";
import type { PlatformAnswer, PlatformCall } from "../../core/api/in-process";

/** What the Worker hands every loader and action, set once per request in workers/app.ts. */
export interface WorkerContext {
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
  /** The per-response CSP nonce for inline scripts. */
  nonce: string;
  /**
   * Whether React Router answers this request with a document (not a `.data` request of a client
   * navigation): a document carries the page's translations in a script of its own, not in the
   * root's data (shell/page-messages.server.ts).
   */
  document: boolean;
  /**
   * Takes over ending the isolate's count of documents in flight (workers/app.ts documentFirst):
   * call what it returns once the body's last byte is written or the client has gone. A response
   * whose body does not (a redirect, a `.data` answer) is counted by the Worker's own pipe.
   */
  bodyEnd?: () => () => void;
  /** Sends a Request to the /api contract: in-process platform or PLATFORM_ORIGIN proxy. */
  platformFetch(request: Request): Promise<Response>;
  /** The same call answered in-process, without the wire (the embedded platform only; absent with PLATFORM_ORIGIN). */
  platformCall?: (call: PlatformCall) => Promise<PlatformAnswer>;
}

export const workerContext = createContext<WorkerContext>();
