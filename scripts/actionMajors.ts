/**
 * Which majors of GitHub's own actions are retired, and a reader of workflow files that finds them.
 * GitHub Actions runs JavaScript actions on Node 24 and removed Node 20 from its runners on
 * 2026-09-16 (https://github.blog/changelog/2025-09-19-deprecation-of-node-20-on-github-actions-runners/);
 * a major whose action.yml says `using: node20` (or older) is retired. The current majors, as of
 * 2026-11, are what the kit's action, its example workflow, its CI and its docs use.
 */

export interface ActionMajors {
  /** Every major up to this one runs on Node 20 or older. */
  readonly retiredThrough: number;
  /** The newest major (2026-11), the one to use. */
  readonly current: number;
  /** The first major on Node 24, the reason the others are retired. */
  readonly why: string;
}

export const ACTION_MAJORS: Readonly<Record<string, ActionMajors>> = {
  "actions/checkout": {
    retiredThrough: 4,
    current: 7,
    why: "v5 is the first on Node 24 (https://github.com/actions/checkout/pull/2226)",
  },
  "actions/setup-node": {
    retiredThrough: 4,
    current: 7,
    why: "v5 is the first on Node 24 (https://github.com/actions/setup-node/releases/tag/v5.0.0)",
  },
  // actions/cache/restore and actions/cache/save are folders of the same repository, released with it.
  "actions/cache": {
    retiredThrough: 4,
    current: 6,
    why: "v5 is the first on Node 24 (https://github.com/actions/cache/releases/tag/v5.0.0)",
  },
  "actions/upload-artifact": {
    retiredThrough: 5,
    current: 7,
    why: "v6 is the first on Node 24; v5 still runs on Node 20 (https://github.com/actions/upload-artifact/releases/tag/v6.0.0)",
  },
  "actions/download-artifact": {
    retiredThrough: 6,
    current: 8,
    why: "v7 is the first on Node 24; v6 still runs on Node 20 (https://github.com/actions/download-artifact/releases/tag/v7.0.0)",
  },
  // github/codeql-action/upload-sarif (docs/cli.md's SARIF snippet) is a folder of it, released with it.
  "github/codeql-action": {
    retiredThrough: 3,
    current: 4,
    why: "v4 is the first on Node 24; v3 runs on Node 20 (https://github.com/github/codeql-action/issues/3271)",
  },
};

/** The kit's own action, as a user's workflow names it. */
export const KIT_ACTION = "pwa-conformance-kit/pwa-conformance-kit";
/** The Node majors a workflow's setup-node may install: the ones package.json's engines names and npm test tests. */
export const SETUP_NODE_VERSIONS: readonly string[] = ["24", "22"];

export interface Uses {
  /** 1-based. */
  readonly line: number;
  /** `owner/repo`, without a folder inside it. */
  readonly repository: string;
  /** As written, e.g. `actions/cache/restore`. */
  readonly action: string;
  readonly ref: string;
  /** What its step's `with:` gives `node-version`, if anything. */
  readonly nodeVersion: string | undefined;
}

/** A line as YAML sees it, a comment's `#` made a space so that an example in a comment is read too, in its columns. */
const uncommented = (line: string) => line.replace(/^(\s*)#/, "$1 ");
const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;

/** Every `uses: owner/repo[/folder]@ref` of a workflow or action file (or its YAML code, line for line). */
export function usesOf(text: string): Uses[] {
  const lines = text.split("\n").map(uncommented);
  return lines.flatMap((line, index) => {
    const match = /^(\s*(?:-\s+)?)uses:\s*["']?([\w.-]+\/[\w.-]+)((?:\/[\w.-]+)*)@([^\s"'#]+)/.exec(line);
    if (!match) return [];
    const [, lead = "", repository = "", folder = "", ref = ""] = match;
    // The step's own lines: those after it indented deeper than the step's `-` (or its first key).
    const stepIndent = lead.includes("-") ? indentOf(lead) : indentOf(line) - 2;
    const rest: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== "" && (indentOf(next) <= stepIndent || next.trim().startsWith("- "))) break;
      rest.push(next);
    }
    const nodeVersion = /node-version:\s*["']?([^\s"',}]+)/.exec(rest.join("\n"))?.[1];
    return [{ line: index + 1, repository, action: `${repository}${folder}`, ref, nodeVersion }];
  });
}

/**
 * What is wrong with one `uses:`, or undefined: a retired major of an action in ACTION_MAJORS; in a
 * workflow users copy (`userFacing`), the kit's action at anything but a release tag; setup-node
 * without a node-version of SETUP_NODE_VERSIONS.
 */
export function problemOf(uses: Uses, userFacing: boolean): string | undefined {
  const majors = ACTION_MAJORS[uses.repository];
  const major = /^v(\d+)(?:\.\d+){0,2}$/.exec(uses.ref)?.[1];
  if (majors !== undefined && major !== undefined && Number(major) <= majors.retiredThrough)
    return `${uses.action}@${uses.ref} is retired: GitHub Actions removed Node 20 in 2026-09 and ${majors.why}. Use @v${majors.current}.`;
  if (userFacing && uses.repository === KIT_ACTION && major === undefined)
    return `${uses.action}@${uses.ref} follows a branch or commit a user cannot rely on; pin a release tag (the line @v0.1, or @v0.1.0).`;
  if (uses.repository === "actions/setup-node" && !SETUP_NODE_VERSIONS.includes(uses.nodeVersion ?? ""))
    return `actions/setup-node installs Node ${uses.nodeVersion ?? "(no node-version given)"}; the kit is tested on Node ${SETUP_NODE_VERSIONS.join(" and ")} (package.json's engines): node-version: ${SETUP_NODE_VERSIONS[0]}.`;
  return undefined;
}
