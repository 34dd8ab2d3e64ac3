/**
 * The add-fault form's fields as the body of `POST /__mock/faults`. Empty optional fields are left
 * out and the path loses the spaces pasted text brings along; anything else is passed on as typed,
 * so the server's validation speaks for every mistake.
 */
import type { FaultInput, FaultStatus } from "../faults/faultSchema.ts";

export const RESPONSES = ["404", "403", "401", "500", "drop", "hang", "none"] as const;
export type ResponseChoice = (typeof RESPONSES)[number];

export const REPRESENTATIONS = ["any", "document", "data"] as const;
export type RepresentationChoice = (typeof REPRESENTATIONS)[number];

export interface FaultFormValues {
  readonly path: string;
  readonly response: ResponseChoice;
  readonly delayMs: string;
  readonly times: string;
  readonly representation: RepresentationChoice;
}

/** `''` → left out; otherwise a number, NaN included (it reaches the server as null, which says why). */
function optionalNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

function action(response: ResponseChoice): Pick<FaultInput, "status" | "drop" | "hang"> {
  if (response === "drop") return { drop: true };
  if (response === "hang") return { hang: true };
  if (response === "none") return {};
  return { status: Number(response) as FaultStatus };
}

export function faultFormBody(values: FaultFormValues): FaultInput {
  const delayMs = optionalNumber(values.delayMs);
  const times = optionalNumber(values.times);
  return {
    path: values.path.trim(),
    ...action(values.response),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(times === undefined ? {} : { times }),
    representation: values.representation,
  };
}
