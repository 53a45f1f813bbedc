import type { ChatAdapter } from "./adapter";

/** SPEC §9: comm100 is supported as a no-op (the operator embeds it by other means, if at all). */
export function comm100(): ChatAdapter {
  return { load: async () => {}, identify: async () => {}, reset() {}, show() {}, hide() {} };
}
export default comm100;
