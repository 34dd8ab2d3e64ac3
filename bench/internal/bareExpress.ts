/**
 * The throughput baseline: a bare Express 5 app that answers the benchmarked routes with what the
 * mock server answers — the same file through the same `sendFile`, or the same status, headers and
 * body bytes for a faulted route — and nothing else: no journal, no log line, no fault lookup, no
 * rendering. Started with `--file <urlPath>=<file>` and `--fixed <urlPath>=<status>:<bodyFile>`.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import express from "express";
import { announce, type ChildServer, forkServer, isMain } from "./childServer.ts";

export interface BareRoutes {
  /** URL path → file, sent as the mock server sends the worker script. */
  readonly files: Readonly<Record<string, string>>;
  /** URL path → a fixed response, its body read from a file at start-up. */
  readonly fixed: Readonly<Record<string, { readonly status: number; readonly bodyFile: string }>>;
}

export function startBareExpress(routes: BareRoutes): Promise<ChildServer> {
  const args = [
    ...Object.entries(routes.files).flatMap(([path, file]) => ["--file", `${path}=${file}`]),
    ...Object.entries(routes.fixed).flatMap(([path, { status, bodyFile }]) => ["--fixed", `${path}=${status}:${bodyFile}`]),
  ];
  return forkServer(import.meta.url, args);
}

function split(value: string, separator: string): [string, string] {
  const at = value.indexOf(separator);
  return [value.slice(0, at), value.slice(at + 1)];
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { file: { type: "string", multiple: true, default: [] }, fixed: { type: "string", multiple: true, default: [] } } });
  const app = express();
  app.set("x-powered-by", false);
  app.set("etag", false);
  for (const route of values.file) {
    const [path, file] = split(route, "=");
    app.get(path, (_req, res) => {
      res.set("cache-control", "no-cache").type("text/javascript");
      res.sendFile(file);
    });
  }
  for (const route of values.fixed) {
    const [path, response] = split(route, "=");
    const [status, bodyFile] = split(response, ":");
    const body = readFileSync(bodyFile);
    app.get(path, (_req, res) => {
      res.status(Number(status)).vary("Accept").set("cache-control", "no-store").type("html").send(body);
    });
  }
  announce(createServer(app));
}
