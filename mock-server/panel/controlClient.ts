/**
 * The panel's calls to the control API. A refusal carries the server's own message, shown to the
 * person as it is: the server validates, the panel does not second-guess it.
 */
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { CONTROL_PREFIX } from "../controlPaths.ts";
import type { Fault, FaultInput } from "../faults/faultSchema.ts";
import type { ErrorBody } from "../internal/httpError.ts";

export class ControlError extends Error {
  override readonly name = "ControlError";
}

async function refusal(response: Response, what: string): Promise<string> {
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    if (typeof body.error?.message === "string") return body.error.message;
  } catch {
    // Not the control API's JSON (a proxy's error page, say): describe the status instead.
  }
  return `Failed to ${what}: the mock server answered ${response.status} ${response.statusText}. Check its output.`;
}

async function control(method: string, path: string, what: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${CONTROL_PREFIX}${path}`, {
      method,
      cache: "no-store",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (error) {
    throw new ControlError(`Failed to ${what}: the mock server did not answer (${(error as Error).message}). Check that it is still running.`);
  }
  if (!response.ok) throw new ControlError(await refusal(response, what));
  return response;
}

export async function listFaults(): Promise<Fault[]> {
  return ((await (await control("GET", "/faults", "list the faults")).json()) as { faults: Fault[] }).faults;
}

export async function addFault(input: FaultInput): Promise<Fault> {
  return (await (await control("POST", "/faults", "add the fault", input)).json()) as Fault;
}

export async function removeFault(id: string): Promise<void> {
  await control("DELETE", `/faults/${encodeURIComponent(id)}`, `remove fault ${id}`);
}

export async function resetServer(): Promise<void> {
  await control("POST", "/reset", "reset the mock server");
}

export async function readConfig(): Promise<ShellConfig> {
  return (await (await control("GET", "/config", "read the shell configuration")).json()) as ShellConfig;
}

/** The message to show for anything a control call threw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
