/**
 * Every code an error body of the server carries (`{"error": {"code", "message"}}`), with its status
 * and when it is sent. Clients and tests compare the code, so it is the stable part; the table of
 * error codes in docs/mock-server.md lists the same rows (errorCodes.test.ts keeps the two together).
 */

/** `4xx`: the status is whichever client error Express raised, 400 for most. */
export type ErrorStatus = number | "4xx";

export const ERROR_CODES = {
  BAD_ASSET_PATH: { status: 400, when: "An asset path is malformed or leaves the build's folder (`..`, a backslash, NUL, an absolute path)." },
  BAD_HOST: {
    status: 400,
    when: "Proxy mode: the request's Host names no single host (`a b`, `%zz`, a host with a path after it), or it has two Host headers.",
  },
  BAD_REQUEST: { status: "4xx", when: "Express refused the request before any route did, e.g. a malformed percent-encoding in the path." },
  BAD_TARGET: { status: 400, when: "Proxy mode: the request's target is not a path (`OPTIONS *`), and the proxy forwards requests for the app's paths." },
  BODY_MISSING: { status: 400, when: "A control request that needs a JSON body sent none, or an empty one." },
  BODY_NOT_JSON: { status: 400, when: "A control request's body is not valid JSON." },
  BODY_TOO_LARGE: { status: 413, when: "A control request's body is larger than the control API reads (a scenario may be as large as its file may be)." },
  CHECKLIST_NOT_BUILT: { status: 503, when: "The build has no checklist page (`checklist.html`)." },
  CROSS_ORIGIN: { status: 403, when: "A control request came from a page of another origin." },
  DEPLOY_UNAVAILABLE: {
    status: 409,
    when: "`POST /__mock/deploy` to a reference shell built without its second build (`dist/next-build/`, which `npm run build` writes).",
  },
  FOREIGN_HOST: { status: 403, when: "A control request named a Host that is not loopback, and the server has no control token." },
  INVALID_CONFIG: { status: 400, when: "`PUT /__mock/config` sent a field or value the shell configuration does not take." },
  INVALID_DEPLOY: { status: 400, when: '`POST /__mock/deploy` sent anything but `{}` or `{"oldAssets": …}` with "404", "keep" or "html-fallback".' },
  INVALID_FAULT: { status: 400, when: "`POST /__mock/faults` sent a fault that does not validate." },
  INVALID_JOURNAL_QUERY: { status: 400, when: "A journal filter is unknown, repeated or malformed." },
  INVALID_NETWORK: { status: 400, when: '`PUT /__mock/network` sent anything but `{"offline": true}` or `{"offline": false}`.' },
  INVALID_REPLAY: { status: 400, when: "`POST /__mock/replay` sent a body that is not a HAR 1.x, or a bad `name` or `unmatched`." },
  INVALID_REQUEST_FAULT: { status: 400, when: "A request's own fault (`__status`, `x-mock-delay`…) has a bad value." },
  INVALID_SCENARIO: { status: 400, when: "`PUT /__mock/scenario` sent a scenario that does not validate." },
  INVALID_STREAM_START: { status: 400, when: "The journal stream's `?after` or `Last-Event-ID` is not an entry id." },
  METHOD_NOT_ALLOWED: {
    status: 405,
    when: "A control path asked with a method it does not answer (with `Allow`), or any path outside it with one other than GET or HEAD.",
  },
  NO_SUCH_ASSET: { status: 404, when: "The build has no such asset, or no `sw.js`." },
  PANEL_NOT_BUILT: { status: 503, when: "The build has no control panel (`panel/index.html`)." },
  REPLAY_UNAVAILABLE: { status: 409, when: "`POST /__mock/replay` to a server of the reference shell: replay stands in for an app, in proxy or replay mode." },
  REPLAY_UNMATCHED: { status: 404, when: "Replay: no entry of the HAR answers the request, and unmatched requests do not go upstream." },
  TOO_MANY_FAULTS: { status: 409, when: "A fault was added while the most faults the server keeps were active." },
  TOO_MANY_SLOWED_RESPONSES: {
    status: 503,
    when: "A dribble fault matched while the most dribbled responses the server keeps at once were under way (with `Retry-After`).",
  },
  UNAUTHORIZED: { status: 401, when: "A control request sent no bearer token, or the wrong one, to a server started with one." },
  UNEXPECTED: { status: 500, when: "The server hit an error of its own; its log has the details." },
  UNKNOWN_CONTROL_ROUTE: { status: 404, when: "No control route has that path." },
  UNKNOWN_FAULT: { status: 404, when: "`DELETE /__mock/faults/:id` named a fault that is not active." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, when: "A control request's body is not `application/json`." },
  UPSTREAM_LOOP: { status: 508, when: "Proxy mode: the request came back to this server, so the upstream is this server or forwards to it." },
  UPSTREAM_TIMEOUT: { status: 504, when: "Proxy mode: the upstream app sent nothing before the upstream timeout." },
  UPSTREAM_UNREACHABLE: { status: 502, when: "Proxy mode: the upstream app could not be reached (refused, no such host…)." },
} as const satisfies Record<string, { readonly status: ErrorStatus; readonly when: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
