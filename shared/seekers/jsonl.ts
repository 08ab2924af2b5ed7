/**
 * Reading JSON Lines files as a stream, so an import of millions of profiles holds one
 * line in memory at a time.
 * @module
 */

/** One non-blank line: its value, or why it could not be parsed. */
export type JsonLine =
  | { line: number; value: unknown }
  | { line: number; error: string };

/** Lines longer than this are refused unread: no profile comes near it. */
export const MAX_LINE_CHARS = 1_000_000;

/**
 * Yields every non-blank line of `readable` with its 1-based line number (blank lines
 * count, so numbers match an editor's). Accepts `\n` and `\r\n` endings and a leading
 * byte order mark. Stopping early cancels the stream, which closes a file's handle.
 */
export async function* readJsonLines(
  readable: ReadableStream<Uint8Array>,
  opts: { maxLineChars?: number } = {},
): AsyncGenerator<JsonLine> {
  const max = opts.maxLineChars ?? MAX_LINE_CHARS;
  let line = 0;
  let pending = "";
  // Once a line is too long its rest is dropped as it arrives instead of buffered.
  let overlong = false;

  function* finish(text: string): Generator<JsonLine> {
    line++;
    if (overlong || text.length > max) {
      overlong = false;
      yield { line, error: `Line is longer than ${max} characters.` };
      return;
    }
    if (line === 1) text = text.replace(/^\uFEFF/, "");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (text.trim() === "") return;
    try {
      yield { line, value: JSON.parse(text) };
    } catch (err) {
      yield { line, error: `Not valid JSON: ${(err as Error).message}` };
    }
  }

  for await (const chunk of readable.pipeThrough(new TextDecoderStream())) {
    const pieces = chunk.split("\n");
    for (let i = 0; i < pieces.length - 1; i++) {
      yield* finish(overlong ? "" : pending + pieces[i]);
      pending = "";
    }
    if (!overlong) pending += pieces.at(-1)!;
    if (pending.length > max) {
      overlong = true;
      pending = "";
    }
  }
  if (pending !== "" || overlong) yield* finish(pending);
}
