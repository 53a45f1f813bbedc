/**
 * What the demo verification provider accepts as an upload: at most 5 MB, not empty, and a type
 * read from the file's first bytes (never from its name or the browser's claim): JPEG, PNG, WebP or
 * PDF for a document's sides, the three image types for a selfie.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type UploadType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";
const IMAGE_TYPES: readonly UploadType[] = ["image/jpeg", "image/png", "image/webp"];
const DOCUMENT_TYPES: readonly UploadType[] = [...IMAGE_TYPES, "application/pdf"];

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file's type by its magic bytes, or null when it is none of the accepted ones. */
export function sniffType(bytes: Uint8Array): UploadType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

export type UploadCheck = { ok: true; type: UploadType } | { ok: false; message: string };

/** Checks one upload of `kind` ("selfie" takes images only); the message says what to do instead. */
export function checkUpload(kind: "front" | "back" | "selfie", size: number, head: Uint8Array): UploadCheck {
  if (size === 0) return { ok: false, message: "The file is empty. Choose the photo or scan again." };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, message: `The file is ${(size / 1024 / 1024).toFixed(1)} MB; at most 5 MB is accepted.` };
  const type = sniffType(head);
  const allowed = kind === "selfie" ? IMAGE_TYPES : DOCUMENT_TYPES;
  if (!type || !allowed.includes(type)) {
    return {
      ok: false,
      message: kind === "selfie" ? "A selfie must be a JPEG, PNG or WebP photo." : "A document must be a JPEG, PNG or WebP photo, or a PDF scan.",
    };
  }
  return { ok: true, type };
}
