/**
 * docs/profile.md's table of fields lists what the profile's schema takes; this keeps the two
 * together: the same fields in the same order, each required or not and with its default as the
 * schema has it.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { profileJsonSchema } from "../../cli/profile/profileJsonSchema.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { anchors, codeSpans, section, tableRows } from "./markdown.ts";

interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
  readonly default?: unknown;
  readonly anyOf?: readonly SchemaNode[];
}

/** A field as the table writes it: `pages[].heading`, `expect.<clause>.reason`; its Required cell. */
interface Field {
  readonly path: string;
  readonly required: string;
}

/**
 * Every field under `node`: an array's items under `name[]`, a record's entries under `name.<clause>`
 * (every record here is keyed by clause id), each form's fields where a value takes several
 * (`notApplicable.<clause>`: a reason, or an object of levels).
 */
function fieldsOf(node: SchemaNode, prefix: string): Field[] {
  if (node.anyOf) return node.anyOf.flatMap((form) => fieldsOf(form, prefix));
  if (node.type === "array" && node.items) return fieldsOf(node.items, `${prefix}[]`);
  if (node.properties)
    return Object.entries(node.properties).flatMap(([name, child]) => {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      const required = node.required?.includes(name) ? "yes" : child.default === undefined ? "no" : `no, default \`${JSON.stringify(child.default)}\``;
      return [{ path, required }, ...fieldsOf(child, path)];
    });
  if (typeof node.additionalProperties === "object") {
    const path = `${prefix}.<clause>`;
    return [{ path, required: "no" }, ...fieldsOf(node.additionalProperties, path)];
  }
  return [];
}

test("docs/profile.md's table of fields lists the schema's fields in order, each required or not, with its default, as the schema has it", () => {
  const schema = JSON.parse(profileJsonSchema()) as SchemaNode;
  const doc = readFileSync(kitPath("docs", "profile.md"), "utf8");
  const listed = tableRows(section(doc, "## Fields")).map(([field = "", required = ""]) => ({ path: codeSpans(field).join(""), required }));
  expect(listed).toEqual(fieldsOf(schema, ""));
});

test("the sections of docs/profile.md the kit's messages point to exist (a not-checked test's 'add a page', init's notes)", () => {
  const headings = anchors(readFileSync(kitPath("docs", "profile.md"), "utf8"));
  const named = ["specs/checks/appDriver.ts", "cli/init/starterProfile.ts"].flatMap((file) =>
    [...readFileSync(kitPath(...file.split("/")), "utf8").matchAll(/docs\/profile\.md#([a-z0-9-]+)/g)].map((match) => ({ file, anchor: match[1] })),
  );
  expect(named.length).toBeGreaterThanOrEqual(2);
  expect(named.filter(({ anchor }) => !headings.has(anchor ?? ""))).toEqual([]);
});
