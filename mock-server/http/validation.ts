/**
 * Turns zod issues into messages naming each field and its rule: "body.times: must be ≥ 0", or,
 * without a root (a file's own fields), "faults[2].status: must be a whole number from 200 to 599".
 */
import type { z } from "zod";

/** Where a problem at the very top lies when there is no root to name (a file that is not an object). */
export const TOP_LEVEL = "(top level)";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `faults[2].status`; a key that is not a plain name is quoted: `config["a b"]`. */
export function formatPath(root: string, path: readonly PropertyKey[]): string {
  const text = path
    .map((part) => {
      if (typeof part === "number") return `[${part}]`;
      const key = String(part);
      return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    })
    .join("");
  const joined = `${root}${text}`.replace(/^\./, "");
  return joined === "" ? TOP_LEVEL : joined;
}

/** One line per problem, each `path: rule`. `root` prefixes every path; leave it out for a file. */
export function listIssues(error: z.ZodError, root = ""): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => `${formatPath(root, [...issue.path, key])}: is not a known field`);
    return [`${formatPath(root, issue.path)}: ${issue.message}`];
  });
}

/** Every problem on one line, separated by "; ", for a 4xx message. */
export function describeIssues(error: z.ZodError, root = ""): string {
  return listIssues(error, root).join("; ");
}
