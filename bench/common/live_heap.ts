/**
 * A Deno process's live JavaScript heap, read through its V8 inspector (`--inspect`): a full
 * collection first, so that what is left is what the program still holds. A resident size
 * cannot tell a leak from V8 and the allocators keeping pages they freed, nor from native
 * memory (onnxruntime's, say) settling at its peak; the live heap after a collection can tell
 * the first apart from the others.
 * @module
 */

/** The heap as V8 reports it right after a full collection. */
export interface LiveHeap {
  /** Bytes of JavaScript objects still reachable. */
  usedBytes: number;
  /** Bytes V8 has reserved for the heap (what it keeps of the pages it freed included). */
  totalBytes: number;
  /** Bytes of ArrayBuffers' contents, outside the heap (null where V8 does not report it). */
  backingStoreBytes: number | null;
}

/** One connection to a process's inspector. */
export interface HeapInspector {
  /** Collects garbage fully, then reads the heap. */
  live(): Promise<LiveHeap>;
  close(): void;
}

/** The flag that opens a process's inspector on a loopback port. */
export const inspectFlag = (port: number): string => `--inspect=127.0.0.1:${port}`;

/** The heap of `Runtime.getHeapUsage`'s answer. */
export function liveHeapOf(result: Record<string, unknown>): LiveHeap {
  const { usedSize, totalSize, backingStorageSize } = result;
  if (typeof usedSize !== "number" || typeof totalSize !== "number") {
    throw new Error(`not a heap usage: ${JSON.stringify(result)}`);
  }
  return {
    usedBytes: usedSize,
    totalBytes: totalSize,
    backingStoreBytes: typeof backingStorageSize === "number" ? backingStorageSize : null,
  };
}

/** The debugger's WebSocket address the inspector on `port` lists, once it listens. */
async function debuggerUrl(port: number, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/list`);
      const [target] = await res.json() as { webSocketDebuggerUrl?: string }[];
      if (target?.webSocketDebuggerUrl) return target.webSocketDebuggerUrl;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`no inspector on port ${port} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Connects to the inspector on `port` (waiting up to `timeoutMs` for it to listen). Each call
 * fails after `timeoutMs` rather than hang a benchmark on a process that stopped answering.
 */
export async function connectInspector(port: number, timeoutMs = 30_000): Promise<HeapInspector> {
  const ws = new WebSocket(await debuggerUrl(port, timeoutMs));
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`the inspector on port ${port} refused the connection`));
  });
  const waiting = new Map<
    number,
    { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    const call = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!call) return; // An event, not an answer.
    waiting.delete(msg.id!);
    if (msg.error) call.reject(new Error(msg.error.message));
    else call.resolve(msg.result ?? {});
  };
  ws.onclose = () => {
    for (const call of waiting.values()) {
      call.reject(new Error(`the inspector on port ${port} closed`));
    }
    waiting.clear();
  };
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${method} on port ${port}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      ws.send(JSON.stringify({ id, method }));
    });
  return {
    async live() {
      await call("HeapProfiler.collectGarbage");
      return liveHeapOf(await call("Runtime.getHeapUsage"));
    },
    close: () => ws.close(),
  };
}

/**
 * Connects, reads the live heap and disconnects: a session left attached between reads cost a
 * bare Hono handler up to a tenth of its requests per second in a try on 2026-12-01.
 */
export async function readLiveHeap(port: number, timeoutMs = 30_000): Promise<LiveHeap> {
  const inspector = await connectInspector(port, timeoutMs);
  try {
    return await inspector.live();
  } finally {
    inspector.close();
  }
}
