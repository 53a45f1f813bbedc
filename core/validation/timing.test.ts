import { describe, expect, it, vi } from "vitest";
import { conformTiming, DEFAULT_VALIDATION_TIMING, parseValidationTiming, resetFieldError, scrollToFirstError, shouldResetOnChange } from "./timing";

describe("validation timing", () => {
  it("maps eager to validating on every input", () => {
    expect(conformTiming("eager")).toEqual({ shouldValidate: "onInput", shouldRevalidate: "onInput" });
    expect(shouldResetOnChange("eager")).toBe(false);
  });

  it("maps on-submit to validating on submit, resetting a field's error when it changes", () => {
    expect(conformTiming("onSubmit")).toEqual({ shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
    expect(shouldResetOnChange("onSubmit")).toBe(true);
    expect(resetFieldError("email")).toEqual({ name: "email", validated: false });
  });

  it("reads the mode from config with a default", () => {
    expect(parseValidationTiming("eager")).toBe("eager");
    expect(parseValidationTiming("onSubmit")).toBe("onSubmit");
    expect(parseValidationTiming("sometimes")).toBe(DEFAULT_VALIDATION_TIMING);
    expect(parseValidationTiming(undefined)).toBe(DEFAULT_VALIDATION_TIMING);
  });
});

/** Just enough of a form for the helper: querySelector, and a window for matchMedia. */
function fakeForm(field: Partial<HTMLElement> | null, reducedMotion = false) {
  const querySelector = vi.fn(() => field);
  const matchMedia = vi.fn(() => ({ matches: reducedMotion }));
  const form = { querySelector, ownerDocument: { defaultView: { matchMedia } } } as unknown as HTMLFormElement;
  return { form, querySelector };
}

describe("scrollToFirstError", () => {
  it("scrolls smoothly to the first invalid field and focuses it without a second jump", () => {
    const field = { scrollIntoView: vi.fn(), focus: vi.fn() };
    const { form, querySelector } = fakeForm(field);
    expect(scrollToFirstError(form)).toBe(field);
    expect(querySelector).toHaveBeenCalledWith('[aria-invalid="true"], [data-invalid="true"]');
    expect(field.scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "center" });
    expect(field.focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it("jumps without animation when the player prefers reduced motion", () => {
    const field = { scrollIntoView: vi.fn(), focus: vi.fn() };
    scrollToFirstError(fakeForm(field, true).form);
    expect(field.scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "center" });
  });

  it("does nothing when no field is invalid", () => {
    expect(scrollToFirstError(fakeForm(null).form)).toBeNull();
  });
});
