import { decode as decodePngWasm, init as initPngDecode } from "@jsquash/png/decode.js";
import encodePngWasm, { init as initPngEncode } from "@jsquash/png/encode.js";
// `?module`: these two ship a .wasm.d.ts of their exports, which would shadow the Module type.
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import resizeWasm from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import resizeImage, { initResize } from "@jsquash/resize";
import decodeWebpWasm, { init as initWebpDecode } from "@jsquash/webp/decode.js";
import encodeWebpWasm, { init as initWebpEncode } from "@jsquash/webp/encode.js";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";

/**
 * The proxy's codecs, all WebAssembly (decision 0018). Raster only: SVG sources are answered as
 * they are, never drawn (decision 0062). workerd compiles no Wasm from bytes at run
 * time, so every module is imported as a compiled `WebAssembly.Module` (the Vite Cloudflare plugin
 * and the Workers test pool both turn a `.wasm` import into one) and handed to the library's init.
 * Each is instantiated once per isolate, on first use: pages that show no image pay nothing.
 */

/** workerd has no ImageData; the codecs only need its three fields. */
if (!("ImageData" in globalThis)) {
  (globalThis as Record<string, unknown>).ImageData = class ImageData {
    constructor(
      public data: Uint8ClampedArray,
      public width: number,
      public height: number,
    ) {}
  };
}

const once = <T>(start: () => Promise<T>) => {
  let started: Promise<T> | undefined;
  return () =>
    (started ??= start().catch((err) => {
      started = undefined;
      return Promise.reject(err);
    }));
};

const ready = {
  resize: once(() => initResize(resizeWasm)),
  png: once(async () => void (await Promise.all([initPngDecode(pngWasm), initPngEncode(pngWasm)]))),
  webpDecode: once(() => initWebpDecode(webpDecWasm as never)),
  // The SIMD build: the library picks it when the runtime validates SIMD, which workerd does.
  webpEncode: once(() => initWebpEncode(webpEncWasm as never)),
};

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type RasterType = "png" | "webp";

export function sniffRaster(bytes: Uint8Array): RasterType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

export async function decodeRaster(bytes: Uint8Array, type: RasterType): Promise<Pixels> {
  const buffer = bytes.slice().buffer;
  if (type === "png") {
    await ready.png();
    return decodePngWasm(buffer);
  }
  await ready.webpDecode();
  return decodeWebpWasm(buffer);
}

export async function resize(pixels: Pixels, width: number, height: number): Promise<Pixels> {
  if (pixels.width === width && pixels.height === height) return pixels;
  await ready.resize();
  return resizeImage(pixels as ImageData, { width, height, fitMethod: "stretch", method: "lanczos3", premultiply: true, linearRGB: true });
}

export async function encode(pixels: Pixels, format: "webp" | "png", quality: number): Promise<ArrayBuffer> {
  if (format === "png") {
    await ready.png();
    return encodePngWasm(pixels as ImageData);
  }
  await ready.webpEncode();
  return encodeWebpWasm(pixels as ImageData, { quality });
}
