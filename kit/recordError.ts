/**
 * A zod record's own messages: `typeRule` when the value is no object, and for a bad key the key
 * schema's rule (zod's own message is "Invalid key in record", which names no rule).
 */
import type { z } from "zod";

export function recordError(typeRule: string): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.code === "invalid_type") return typeRule;
    if (issue.code === "invalid_key") return issue.issues[0]?.message;
    return undefined;
  };
}
