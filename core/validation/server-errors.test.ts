import { describe, expect, it } from "vitest";
import { fieldErrorsFromBody, mapServerFieldErrors } from "./server-errors";

describe("server field errors", () => {
  it("map onto form fields with phone and mobile swapped", () => {
    expect(mapServerFieldErrors({ phone: ["Phone is taken"], mobile: "Mobile?", email: ["Email is taken", "Twice"] })).toEqual({
      fieldErrors: { mobile: ["Phone is taken"], phone: ["Mobile?"], email: ["Email is taken", "Twice"] },
      general: false,
    });
  });

  it("give a field without a message the wrong-field text", () => {
    expect(mapServerFieldErrors({ login: [], fakename: [42] }, { wrongField: "Bad" }).fieldErrors).toEqual({
      login: ["Bad"],
      fakename: ["Bad"],
    });
  });

  it("set the general flag when the set is empty", () => {
    expect(mapServerFieldErrors({})).toEqual({ fieldErrors: {}, general: true });
    expect(mapServerFieldErrors(undefined).general).toBe(true);
  });

  it("read invalid_parameters, else error_data, from an error body", () => {
    expect(fieldErrorsFromBody({ invalid_parameters: { phone: ["x"] }, error_data: { email: ["y"] } }).fieldErrors).toEqual({ mobile: ["x"] });
    expect(fieldErrorsFromBody({ error_data: { email: ["y"] } }).fieldErrors).toEqual({ email: ["y"] });
    expect(fieldErrorsFromBody({ invalid_parameters: ["not", "a", "map"] }).general).toBe(true);
    expect(fieldErrorsFromBody(null).general).toBe(true);
  });
});
