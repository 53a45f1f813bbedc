import { describe, expect, it } from "vitest";
import { checkUpload, MAX_UPLOAD_BYTES, sniffType } from "./verification-files";

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF");
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "IHDR");
const WEBP = bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 ");
const PDF = bytes("%PDF-1.7\n");

describe("sniffType", () => {
  it("reads JPEG, PNG, WebP and PDF from their first bytes", () => {
    expect(sniffType(JPEG)).toBe("image/jpeg");
    expect(sniffType(PNG)).toBe("image/png");
    expect(sniffType(WEBP)).toBe("image/webp");
    expect(sniffType(PDF)).toBe("application/pdf");
  });

  it("knows nothing else, nor a RIFF that is not WebP, nor a cut signature", () => {
    expect(sniffType(bytes("GIF89a"))).toBeNull();
    expect(sniffType(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(sniffType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffType(bytes("<html>"))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe("checkUpload", () => {
  it("accepts a PDF for a document side but not for a selfie", () => {
    expect(checkUpload("front", 100, PDF)).toEqual({ ok: true, type: "application/pdf" });
    expect(checkUpload("back", 100, WEBP)).toEqual({ ok: true, type: "image/webp" });
    expect(checkUpload("selfie", 100, PNG)).toEqual({ ok: true, type: "image/png" });
    expect(checkUpload("selfie", 100, PDF)).toMatchObject({ ok: false, message: expect.stringContaining("selfie") });
  });

  it("refuses an empty file, one over 5 MB and an unknown type, saying why", () => {
    expect(checkUpload("front", 0, JPEG)).toMatchObject({ ok: false, message: expect.stringContaining("empty") });
    expect(checkUpload("front", MAX_UPLOAD_BYTES, JPEG).ok).toBe(true);
    expect(checkUpload("front", MAX_UPLOAD_BYTES + 1, JPEG)).toMatchObject({ ok: false, message: expect.stringContaining("5 MB") });
    expect(checkUpload("front", 10, bytes("GIF89a"))).toMatchObject({ ok: false, message: expect.stringContaining("PDF") });
  });
});
