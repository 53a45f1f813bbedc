import type { ReactNode } from "react";
// React's Node build, not the `workerd` condition's edge build: the same HTML, but it writes
// strings into 4 KB buffers where the edge build calls TextEncoder.encode for every tag, attribute
// name and value; about a fifth less CPU per render (nodejs_compat provides the node: modules it
// imports). Decision 0026.
import { renderToPipeableStream } from "react-dom/server.node";
import { contentFirstWriter, taskChunks } from "./content-first-scripts.server";

const encoder = new TextEncoder();

export interface RenderDocumentOptions {
  nonce?: string;
  progressiveChunkSize?: number;
  /** Render everything before the first byte (crawlers, SPA mode); else the shell first. */
  waitForAll?: boolean;
  /** After this, what is still pending is abandoned (React renders its fallback's client retry). */
  signal?: AbortSignal;
  onError?: (error: unknown) => void;
  /** HTML written just before the router's bootstrap, and after the document (contentFirstWriter). */
  beforeBootstrap?: string;
  after?: string;
  /** Called once the document has ended: its last byte written, the client gone, or no shell. */
  onEnd?: () => void;
}

/**
 * A document as a byte stream, rendered by React's pipeable renderer into a plain sink: React's
 * writes are function calls that the content-first rewrite sees as they happen, and what one of
 * React's flushes wrote becomes one chunk of the response. React's web-stream renderer instead
 * enqueues every 4 KB on a byte stream, which the rewrite's TransformStream then reads chunk by
 * chunk: a promise and a stream step per 4 KB, native work that was a measurable part of a render.
 *
 * There is no back-pressure from the client: a document is tens of KB, all of it rendered anyway.
 */
export function renderDocument(element: ReactNode, options: RenderDocumentOptions): Promise<ReadableStream<Uint8Array>> {
  return new Promise((resolve, reject) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let done = false;
    let flushing = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      cancel(reason) {
        done = true;
        options.onEnd?.();
        abort(reason);
      },
    });
    const chunks = taskChunks((bytes) => controller.enqueue(bytes));
    const writer = contentFirstWriter(chunks.send, { beforeBootstrap: options.beforeBootstrap, after: options.after });
    // What React's pipe() asks of a Node writable: write, end, flush (after each of its flushes),
    // destroy (a fatal error), and `on` for drain, error and close, which never come from here.
    const destination = {
      // React writes a long string (a large text or attribute) as it is, not in its 4 KB views.
      write(chunk: Uint8Array | string) {
        if (!done) writer.write(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        return true;
      },
      // At the end of each of React's flushes; in a microtask, so that the last flush and the
      // end that follows it at once (with what comes after the document) are one chunk.
      flush() {
        if (flushing || done) return;
        flushing = true;
        queueMicrotask(() => {
          flushing = false;
          if (!done) chunks.flush();
        });
      },
      end() {
        if (done) return;
        done = true;
        writer.end();
        chunks.flush();
        controller.close();
        options.onEnd?.();
      },
      destroy(error: unknown) {
        if (done) return;
        done = true;
        controller.error(error);
        options.onEnd?.();
      },
      on() {
        return destination;
      },
    };
    const start = () => {
      pipe(destination as unknown as NodeJS.WritableStream);
      resolve(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      progressiveChunkSize: options.progressiveChunkSize,
      onError: options.onError,
      onShellReady() {
        if (!options.waitForAll) start();
      },
      onAllReady() {
        if (options.waitForAll) start();
      },
      onShellError(error: unknown) {
        options.onEnd?.();
        reject(error);
      },
    });
    options.signal?.addEventListener("abort", () => abort(options.signal?.reason), { once: true });
  });
}
