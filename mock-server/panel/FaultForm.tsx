import { type FormEvent, useState } from "react";
import type { Fault } from "../faults/faultSchema.ts";
import { control, messageOf } from "./control.ts";
import { STATUS_TEXT } from "./describeFault.ts";
import { type FaultFormValues, faultFormBody, type RepresentationChoice, type ResponseChoice } from "./faultFormBody.ts";

const RESPONSE_LABELS: Readonly<Record<ResponseChoice, string>> = {
  404: `404 ${STATUS_TEXT[404]}`,
  403: `403 ${STATUS_TEXT[403]}`,
  401: `401 ${STATUS_TEXT[401]}`,
  500: `500 ${STATUS_TEXT[500]}`,
  drop: "Drop the connection",
  hang: "Hang (never answer)",
  none: "Answer normally (delay only)",
};

const REPRESENTATION_LABELS: Readonly<Record<RepresentationChoice, string>> = {
  any: "Any",
  document: "Document (HTML)",
  data: "Data (JSON)",
};

const INITIAL: FaultFormValues = { path: "", response: "404", delayMs: "", times: "", representation: "any" };

/**
 * Adds a fault. The form does not validate (`noValidate`): the server does, and its message is shown
 * as it is, so the panel can never disagree with the API about what a valid fault is.
 */
export function FaultForm({ pathExample, onAdded }: { pathExample: string; onAdded: (fault: Fault) => void }) {
  const [values, setValues] = useState(INITIAL);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ added: string } | { error: string } | null>(null);
  const set =
    <K extends keyof FaultFormValues>(key: K) =>
    (event: { currentTarget: { value: string } }) => {
      // Read now: React clears currentTarget once the handler returns, before the updater runs.
      const value = event.currentTarget.value as FaultFormValues[K];
      setValues((current) => ({ ...current, [key]: value }));
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const fault = await control.addFault(faultFormBody(values));
      setResult({ added: fault.id });
      onAdded(fault);
    } catch (error) {
      setResult({ error: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fault-form" aria-labelledby="add-fault-title" noValidate onSubmit={submit}>
      <h3 id="add-fault-title">Add a fault</h3>
      <div className="fields">
        <div className="field wide">
          <label htmlFor="fault-path">Path</label>
          <input
            id="fault-path"
            name="path"
            type="text"
            value={values.path}
            onChange={set("path")}
            placeholder={pathExample}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="fault-path-hint"
          />
          <small id="fault-path-hint">An exact path, or a glob: * within a segment, ** across segments.</small>
        </div>
        <div className="field">
          <label htmlFor="fault-response">Response</label>
          <select id="fault-response" name="response" value={values.response} onChange={set("response")}>
            {Object.entries(RESPONSE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fault-delay">Delay (ms)</label>
          <input id="fault-delay" name="delayMs" type="number" value={values.delayMs} onChange={set("delayMs")} aria-describedby="fault-delay-hint" />
          <small id="fault-delay-hint">Empty: no delay.</small>
        </div>
        <div className="field">
          <label htmlFor="fault-times">Times</label>
          <input id="fault-times" name="times" type="number" value={values.times} onChange={set("times")} aria-describedby="fault-times-hint" />
          <small id="fault-times-hint">Empty: until removed.</small>
        </div>
        <div className="field">
          <label htmlFor="fault-representation">Representation</label>
          <select id="fault-representation" name="representation" value={values.representation} onChange={set("representation")}>
            {Object.entries(REPRESENTATION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy}>
          Add fault
        </button>
      </div>
      <p role="alert" className="error">
        {result && "error" in result ? result.error : ""}
      </p>
      <p role="status">{result && "added" in result ? `Added fault ${result.added}.` : ""}</p>
    </form>
  );
}
