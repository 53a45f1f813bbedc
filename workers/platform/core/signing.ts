/**
 * HMAC-SHA256 signatures for links the platform mails or hands out (unsubscribe, realtime tokens,
 * trusted devices, the demo providers' callbacks). The same helper signs the app's own links
 * (core/signing.server.ts), in the kernel both wings share.
 */
export { sign, verify } from "../../../core/signing.server";
