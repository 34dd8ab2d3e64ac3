import { z } from "zod";

/**
 * zod leaves a `__proto__` key out of a record it parses (assigning it would replace the result's
 * prototype), so a condition or header of that name vanished without a word: it is refused by name.
 * A preprocessing step, so the JSON Schema of scenario files still shows the record.
 */
export function refusingProtoKey<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__"))
      ctx.addIssue({ code: "custom", path: ["__proto__"], message: "is a name the server cannot keep (JavaScript's own); use another", input: value });
    return value;
  }, schema);
}
