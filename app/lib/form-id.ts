/**
 * Record ids as forms and addresses carry them (issue 37): one reading for every action, loader and form
 * schema, so that only a real id reaches a model and, through it, the database. Before it, five copies of
 * `Number(form.get(...))` each let something through: NaN ('abc'), 1000 ('1e3'), or a number past the
 * database's integer columns ('99999999999'), which PostgreSQL refuses with an error that answered 500.
 * Without zod: the loaders and actions that read ids do not load it (./schemas/id.ts is the schemas' form).
 */

/** The largest id an `integer` column holds (PostgreSQL's int4): the ids of every table a form names. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer id, or null: digits only (no sign, exponent, decimals, spaces or leading zero), at most
 * MAX_ID. A number is taken when it is such an integer (a form's default values may hold numbers).
 */
export function toId(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The form's field `name` as an id, or null when it is missing, empty or anything but an id. */
export function formId(form: FormData, name: string): number | null {
  return toId(form.get(name));
}

/** Those of a field's values (`form.getAll(name)`: a list of checked rows) that are ids, each once, in their order. */
export function formIds(values: readonly unknown[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const id = toId(value);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
