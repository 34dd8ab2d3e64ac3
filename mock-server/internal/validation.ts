/** Turns zod issues into one message naming each field and its rule: "body.times: must be ≥ 0". */
import type { z } from "zod";

export function describeIssues(error: z.ZodError, root: string): string {
  return error.issues
    .map((issue) => {
      const path = [root, ...issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))].join("").replace(/\.\[/g, "[");
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}
