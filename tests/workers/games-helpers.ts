import { data, get } from "./helpers";

/** games.get with its options as the JSON text the method takes. */
export const games = (options: Record<string, unknown> | string = {}, query: Record<string, string> = {}) =>
  data<{ items: any[]; count: number }>(get("games/get", { options: typeof options === "string" ? options : JSON.stringify(options), ...query }));
