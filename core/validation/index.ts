/**
 * The validation library (SPEC §5): pure rules, their messages, Zod field builders for
 * Conform, and the validation timing. Everything here runs in the browser and in the Worker.
 */
export * from "./messages";
export * from "./core";
export * from "./rules";
export * from "./emoji";
export { createFields, fields, type Fields, type FieldOf } from "./zod";
export * from "./timing";
export * from "./server-errors";
