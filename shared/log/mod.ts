/**
 * Structured logs: one JSON object per line on stdout (stderr for errors), so that any
 * collector can parse them without a custom format.
 * @module
 */

/** Severity, lowest first. */
export type LogLevel = "debug" | "info" | "warn" | "error";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** A logger bound to a service name and optional fixed fields. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/** Creates a logger that writes lines at or above `level`. */
export function createLogger(
  service: string,
  level: LogLevel = "info",
  base: LogFields = {},
): Logger {
  const min = RANK[level];
  const write = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (RANK[lvl] < min) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: lvl,
      service,
      msg,
      ...base,
      ...serializeErrors(fields),
    });
    if (lvl === "error") console.error(line);
    else console.log(line);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    child: (fields) => createLogger(service, level, { ...base, ...fields }),
  };
}

// Error objects stringify to `{}`; keep the parts an operator needs.
function serializeErrors(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const out: LogFields = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  return out;
}

/** A line a {@link recordingLogger} kept. */
export interface RecordedLine {
  level: LogLevel;
  msg: string;
  fields?: LogFields;
}

/** A logger that keeps its lines, for tests that assert on what was logged. */
export function recordingLogger(): Logger & { lines: RecordedLine[] } {
  const lines: RecordedLine[] = [];
  const at = (level: LogLevel) => (msg: string, fields?: LogFields) =>
    void lines.push({ level, msg, fields });
  const log = {
    lines,
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    child: () => log,
  };
  return log;
}

/** A logger that drops everything, for tests that assert on behaviour rather than logs. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};
