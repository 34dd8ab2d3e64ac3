/** The server's logger: one JSON line per event when piped (for tools), pretty lines in a terminal. */
import { type Logger, pino } from "pino";
import pretty from "pino-pretty";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel, stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Logger {
  if (stream.isTTY) return pino({ level }, pretty({ destination: stream, colorize: true, ignore: "pid,hostname", translateTime: "HH:MM:ss.l", sync: true }));
  return pino({ level, base: null }, stream);
}
