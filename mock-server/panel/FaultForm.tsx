import { type FormEvent, useState } from "react";
import type { Fault } from "../faults/faultSchema.ts";
import { control, messageOf } from "./control.ts";
import { STATUS_TEXT } from "./describeFault.ts";
import {
  type BodyChoice,
  EMPTY_FORM,
  type FaultFormValues,
  faultFormBody,
  type PathKind,
  type RepresentationChoice,
  type ResponseChoice,
} from "./faultFormBody.ts";

const RESPONSE_LABELS: Readonly<Record<ResponseChoice, string>> = {
  404: `404 ${STATUS_TEXT[404]}`,
  403: `403 ${STATUS_TEXT[403]}`,
  401: `401 ${STATUS_TEXT[401]}`,
  500: `500 ${STATUS_TEXT[500]}`,
  503: `503 ${STATUS_TEXT[503]}`,
  429: `429 ${STATUS_TEXT[429] ?? "Too Many Requests"}`,
  status: "Another status…",
  redirect: "A redirect (a login page)…",
  portal: "A captive portal's sign-in page (soft 200)",
  quota: "A quota: 429 once exceeded…",
  drop: "Drop the connection (FIN)",
  hang: "Hang (never answer)",
  reset: "Reset the connection (RST)",
  garbage: "Garbage bytes, then close",
  throwOnLoad: "A script that throws (ERR-5)",
  none: "Answer normally",
  sequence: "A sequence of responses…",
};

const BODY_LABELS: Readonly<Record<BodyChoice, string>> = {
  whole: "Whole",
  truncate: "Cut short after N bytes",
  dribble: "In N chunks over T ms",
  bandwidth: "At N bytes per second",
};

const PATH_KIND_LABELS: Readonly<Record<PathKind, string>> = {
  glob: "Path or glob",
  regex: "RE2 regular expression",
};

const REPRESENTATION_LABELS: Readonly<Record<RepresentationChoice, string>> = {
  any: "Any",
  document: "Document (HTML)",
  data: "Data (JSON)",
};

function Options<K extends string>({ labels }: { labels: Readonly<Record<K, string>> }) {
  return Object.entries<string>(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/**
 * Adds a fault. The form does not validate (`noValidate`): the server does, and its message is shown
 * as it is, so the panel can never disagree with the API about what a valid fault is. Fields that
 * only some choices need (a sequence's steps, a body's numbers) appear with those choices.
 */
export function FaultForm({ pathExample, onAdded }: { pathExample: string; onAdded: (fault: Fault) => void }) {
  const [values, setValues] = useState(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ added: string } | { error: string } | null>(null);
  const set =
    <K extends keyof FaultFormValues>(key: K) =>
    (event: { currentTarget: { value: string } }) => {
      // Read now: React clears currentTarget once the handler returns, before the updater runs.
      const value = event.currentTarget.value as FaultFormValues[K];
      setValues((current) => ({ ...current, [key]: value }));
    };
  // A sequence's steps say what each response is, so the fields that shape one response give way.
  const sequence = values.response === "sequence";
  const number = (key: keyof FaultFormValues, label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`fault-${key}`}>{label}</label>
      <input id={`fault-${key}`} name={key} type="number" value={values[key]} onChange={set(key)} aria-describedby={`fault-${key}-hint`} />
      <small id={`fault-${key}-hint`}>{hint}</small>
    </div>
  );

  /** A wide one-line text field that is not prose (no spell check, no autocomplete). */
  const text = (key: keyof FaultFormValues, label: string, placeholder: string, hint: string) => (
    <div className="field wide">
      <label htmlFor={`fault-${key}`}>{label}</label>
      <input
        id={`fault-${key}`}
        name={key}
        type="text"
        value={values[key]}
        onChange={set(key)}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`fault-${key}-hint`}
      />
      <small id={`fault-${key}-hint`}>{hint}</small>
    </div>
  );

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

  /** A textarea of query or header conditions, written as the faults table shows them. */
  const conditions = (key: "query" | "headers", label: string, placeholder: string) => (
    <div className="field wide">
      <label htmlFor={`fault-match-${key}`}>{label}</label>
      <textarea
        id={`fault-match-${key}`}
        name={key}
        rows={2}
        value={values[key]}
        onChange={set(key)}
        placeholder={placeholder}
        spellCheck={false}
        aria-describedby={`fault-match-${key}-hint`}
      />
      <small id={`fault-match-${key}-hint`}>Optional, one a line: name = value, name ~ regex, name present or name absent. All must hold.</small>
    </div>
  );

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
          <small id="fault-path-hint">
            {values.pathKind === "regex"
              ? "Matched against the whole path, e.g. ^/app/pages/\\d+$ (RE2: no look-arounds or back-references)."
              : "An exact path, or a glob: * within a segment, ** across segments."}
          </small>
        </div>
        <div className="field">
          <label htmlFor="fault-path-kind">Path is</label>
          <select id="fault-path-kind" name="pathKind" value={values.pathKind} onChange={set("pathKind")}>
            <Options labels={PATH_KIND_LABELS} />
          </select>
        </div>
        {conditions("query", "Query", "_rsc present")}
        {conditions("headers", "Request headers", "RSC = 1")}
        {text(
          "requestBody",
          "Request body",
          '$.op = "add"',
          'Optional: a JSON value by JSONPath ($.op = "add", $.id ~ regex, $.retry present), or ~ regex for the body\'s text. Read when the whole body is at most 16 kB.',
        )}
        <div className="field">
          <label htmlFor="fault-name">Name</label>
          <input
            id="fault-name"
            name="name"
            type="text"
            value={values.name}
            onChange={set("name")}
            placeholder="slow search"
            autoComplete="off"
            aria-describedby="fault-name-hint"
          />
          <small id="fault-name-hint">Optional; shown in the table.</small>
        </div>
        <div className="field">
          <label htmlFor="fault-response">Response</label>
          <select id="fault-response" name="response" value={values.response} onChange={set("response")}>
            <Options labels={RESPONSE_LABELS} />
          </select>
        </div>
        {values.response === "sequence" &&
          text(
            "sequence",
            "Steps",
            "503, 503, pass",
            "One per request, comma-separated: a status, pass, drop, hang, reset or garbage. The last repeats. For delays, bodies or headers per step, use the control API.",
          )}
        {values.response === "status" && number("status", "Status", "200–599; a 3xx needs a Location header.")}
        {values.response === "redirect" && text("redirectTo", "Redirect to", "/login", "A path here, or an http(s) URL.")}
        {values.response === "redirect" && number("redirectStatus", "With status", "301, 302, 303, 307 or 308.")}
        {values.response === "quota" && number("quotaLimit", "Requests let through", "Per window; then 429.")}
        {values.response === "quota" && number("quotaWindowMs", "Window (ms)", "Retry-After says what is left.")}
        {number("outageAfterMs", "Outage after (ms)", "Empty: always on.")}
        {number("outageForMs", "Outage for (ms)", "Then requests pass.")}
        {!sequence && (
          <div className="field">
            <label htmlFor="fault-body">Body</label>
            <select id="fault-body" name="body" value={values.body} onChange={set("body")}>
              <Options labels={BODY_LABELS} />
            </select>
          </div>
        )}
        {!sequence && values.body === "truncate" && number("truncateBytes", "Bytes kept", "Then the connection closes.")}
        {!sequence && values.body === "dribble" && number("dribbleChunks", "Chunks", "At least 2.")}
        {!sequence && values.body === "dribble" && number("dribbleOverMs", "Over (ms)", "First chunk at once.")}
        {!sequence && values.body === "bandwidth" && number("bytesPerSecond", "Bytes/s", "A piece every 50 ms.")}
        {!sequence && number("delayMs", "Delay (ms)", "Empty: no delay.")}
        {!sequence && number("jitterMs", "Jitter (ms)", "Delay ± this much.")}
        {number("times", "Times", "Empty: until removed.")}
        {number("probability", "Probability", "0–1. Empty: always.")}
        {number("seed", "Seed", "Empty: a random one.")}
        <div className="field">
          <label htmlFor="fault-representation">Representation</label>
          <select id="fault-representation" name="representation" value={values.representation} onChange={set("representation")}>
            <Options labels={REPRESENTATION_LABELS} />
          </select>
        </div>
        {!sequence && (
          <div className="field wide">
            <label htmlFor="fault-headers">Extra headers</label>
            <textarea
              id="fault-headers"
              name="responseHeaders"
              rows={2}
              value={values.responseHeaders}
              onChange={set("responseHeaders")}
              placeholder="Retry-After: 120"
              spellCheck={false}
              aria-describedby="fault-headers-hint"
            />
            <small id="fault-headers-hint">One "Name: value" a line, on the response that goes out.</small>
          </div>
        )}
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
