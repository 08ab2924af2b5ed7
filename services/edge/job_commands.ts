/** The envelope of a command the edge sends to the job service. */
import type { JobCommand } from "@hire/jobs";

/**
 * A command's common fields: issued now, with the deadline after which the job service
 * refuses it (the edge has answered 503 by then and must not be contradicted).
 */
export function commandEnvelope<T extends JobCommand["type"]>(
  type: T,
  ids: { commandId: string; partnerId: string; jobId: string },
  timeoutMs: number,
) {
  const issued = new Date();
  return {
    type,
    command_id: ids.commandId,
    job_id: ids.jobId,
    partner_id: ids.partnerId,
    issued_at: issued.toISOString(),
    deadline: new Date(issued.getTime() + timeoutMs).toISOString(),
  };
}
