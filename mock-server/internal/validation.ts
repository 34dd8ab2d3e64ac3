/** Turns zod issues into one message naming each field and its rule: "body.times: must be ≥ 0". */
import type { z } from "zod";

export function describeIssues(error: z.ZodError, root: string): string {
  return error.issues
    .flatMap((issue) => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => `${[root, ...issue.path].join(".")}.${key}: is not a known field`);
      }
      const path = [root, ...issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))].join("").replace(/\.\[/g, "[");
      return [`${path}: ${issue.message}`];
    })
    .join("; ");
}
