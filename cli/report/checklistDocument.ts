/**
 * The checklist (docs/conformance.md) as a document to show: its introduction, its sections and,
 * in each, the clauses with their labelled parts (Required, Recommended, Why, How, Stacks, Fails
 * it, Specs) as Markdown. What a clause is and which levels it rules stays checklist.ts's: each
 * clause here is parseChecklist's reading of its own block, with the text beside it.
 */
import { CLAUSE_ID_SOURCE } from "../../kit/clauseId.ts";
import { type Clause, parseChecklist } from "./checklist.ts";

/** The labels a clause's parts start with, in the order the checklist writes them. */
export const PART_LABELS = ["Required", "Recommended", "Why", "How", "Stacks", "Fails it", "Specs"] as const;
export type PartLabel = (typeof PART_LABELS)[number];

export interface ClausePart {
  readonly label: PartLabel;
  /** The part's Markdown, without its label; `—` where a level has no rule. */
  readonly markdown: string;
}

export interface DocumentClause extends Clause {
  readonly parts: readonly ClausePart[];
}

export interface ChecklistSection {
  /** The `##` heading's text: `Levels`, `Registration`. */
  readonly heading: string;
  /** The Markdown between the heading and its first clause. */
  readonly intro: string;
  readonly clauses: readonly DocumentClause[];
}

export interface ChecklistDocument {
  /** The `#` heading's text. */
  readonly title: string;
  /** The Markdown before the first `##` heading. */
  readonly intro: string;
  readonly sections: readonly ChecklistSection[];
}

/** `**Required.**`, `**Fails it:**`: a label at a line's start or after a space (Stacks' line carries Fails it). */
const LABEL = new RegExp(`(?:^|(?<=\\s))\\*\\*(${PART_LABELS.join("|")})[.:]\\*\\*\\s*`, "g");

function clauseParts(id: string, body: string): ClausePart[] {
  const matches = [...body.matchAll(LABEL)];
  const before = body.slice(0, matches[0]?.index ?? body.length).trim();
  if (before !== "")
    throw new Error(`docs/conformance.md: ${id} has text before its first label: '${before.slice(0, 60)}'. Start each part with **Required.**, **Why.**…`);
  return matches.map((match, i) => ({
    label: match[1] as PartLabel,
    markdown: body.slice((match.index ?? 0) + match[0].length, matches[i + 1]?.index ?? body.length).trim(),
  }));
}

/** Splits the checklist at its headings; throws, naming the clause, on a clause whose text does not start with a label. */
export function parseChecklistDocument(markdown: string): ChecklistDocument {
  const lines = markdown.split("\n");
  let title = "";
  const intro: string[] = [];
  const sections: { heading: string; intro: string[]; clauses: { heading: string; body: string[] }[] }[] = [];
  const clauseHeading = new RegExp(`^###\\s+${CLAUSE_ID_SOURCE}\\s+—`);
  for (const line of lines) {
    const section = sections.at(-1);
    const clause = section?.clauses.at(-1);
    if (/^#\s/.test(line) && title === "") title = line.replace(/^#\s+/, "").trim();
    else if (/^##\s/.test(line)) sections.push({ heading: line.replace(/^##\s+/, "").trim(), intro: [], clauses: [] });
    else if (clauseHeading.test(line) && section) section.clauses.push({ heading: line, body: [] });
    else if (clause) clause.body.push(line);
    else if (section) section.intro.push(line);
    else intro.push(line);
  }
  return {
    title,
    intro: intro.join("\n").trim(),
    sections: sections.map((section) => ({
      heading: section.heading,
      intro: section.intro.join("\n").trim(),
      clauses: section.clauses.map(({ heading, body }) => {
        const [clause] = parseChecklist(`${heading}\n${body.join("\n")}`);
        if (!clause) throw new Error(`docs/conformance.md: '${heading}' is not a clause heading.`);
        return { ...clause, parts: clauseParts(clause.id, body.join("\n").trim()) };
      }),
    })),
  };
}
