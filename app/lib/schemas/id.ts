/**
 * A form schema's id fields (issue 37): the reading of lib/form-id.ts, with the field's own message. Any value
 * that is no id (text, '1e3', a negative or decimal number, a number past the database's integer columns, a
 * repeated field, a file) is refused with `message`, in the words of the form's screen.
 */
import { toId } from "~/lib/form-id";
import { z } from "~/lib/zod";

/** What a form (or its default values) may hold in an id field; anything else is refused with the field's message. */
const idInput = (message: string) => z.union([z.string(), z.number(), z.null()], { error: message }).optional();

/** A required id: `message` when it is missing, empty or no id. */
export const idField = (message: string) =>
  idInput(message).transform((value, ctx) => {
    const id = toId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** An id that may be left out: empty, 'none' or absent is null; anything else must be an id (`message` otherwise). */
export const optionalIdField = (message: string) =>
  idInput(message).transform((value, ctx) => {
    if (value === undefined || value === null || value === "" || value === "none") return null;
    const id = toId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
