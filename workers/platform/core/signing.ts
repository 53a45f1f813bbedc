/**
 * HMAC-SHA256 signatures for links the platform mails or hands out (unsubscribe, realtime tokens,
 * trusted devices, the demo providers' callbacks). The same helper signs the app's own links
 * (app/lib/signing.server.ts): the platform may import the app's library, not the reverse.
 */
export { sign, verify } from "../../../app/lib/signing.server";
