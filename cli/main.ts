#!/usr/bin/env node
/** The installed `pwa-conformance-kit` command. */
import { runCli } from "./runCli.ts";

process.exitCode = await runCli(process.argv.slice(2));
