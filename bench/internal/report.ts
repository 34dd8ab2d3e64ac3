/** How every benchmark prints: a machine line, aligned plain-text tables, one verdict line per goal. */
import { availableParallelism, loadavg } from "node:os";
import { findChromium } from "../../kit/chromium.mjs";

export type Cell = string | number;

/** Prints rows under a header, columns padded to their widest cell; numeric columns right-aligned. */
export function printTable(header: readonly string[], rows: readonly (readonly Cell[])[]): void {
  const text = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...text.map((row) => row[column]?.length ?? 0)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => /^[-\d.,×%]+$/.test(String(row[column]))));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  console.log(line(text[0] ?? []));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of text.slice(1)) console.log(line(row));
}

export interface Goal {
  readonly name: string;
  /** The measured ratio against the baseline. */
  readonly ratio: number;
  /** The ratio the goal allows. */
  readonly limit: number;
  /** Sizes and times must stay at or below the limit; throughput must reach it. */
  readonly direction: "at most" | "at least";
}

/**
 * Judged at the precision the ratio is printed with, so a line never reads `ratio 1.000 (at most
 * 1.000): MISSED` over a float's last digits (two medians of 0.1 ms timings, 3.15 against 3.15).
 */
export function goalMet(goal: Goal): boolean {
  const shown = Number(ratio(goal.ratio));
  return goal.direction === "at most" ? shown <= goal.limit : shown >= goal.limit;
}

/** Prints `goal <name>: ratio 0.387 (at most 0.250): MISSED` and returns whether it was met. */
export function printGoal(goal: Goal): boolean {
  const met = goalMet(goal);
  console.log(`goal ${goal.name}: ratio ${ratio(goal.ratio)} (${goal.direction} ${ratio(goal.limit)}): ${met ? "met" : "MISSED"}`);
  return met;
}

export const ratio = (value: number): string => value.toFixed(3);
export const bytes = (value: number): string => value.toLocaleString("en-US");
export const ms = (value: number): string => value.toFixed(0);

/** Where the figures come from, printed first by every benchmark: on a shared machine only ratios mean much. */
export function printMachine(title: string): void {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  const browser = findChromium()?.describe ?? "no Chromium found";
  console.log(`${title} — node ${process.version}, ${availableParallelism()} CPU(s), load average ${load}, ${browser}, ${new Date().toISOString()}\n`);
}

/** A ratio's 90% interval in words: whether the run can tell the two sides apart at all. */
export function intervalLine(what: string, { low, high }: { low: number; high: number }): string {
  const reading = high < 1 ? "under 1: ours adds less" : low > 1 ? "over 1: ours adds more" : "straddles 1: the two differ by less than this run can tell";
  return `${what}, 90% bootstrap interval: ${ratio(low)}–${ratio(high)} (${reading})`;
}
