/**
 * Whether a message's claim that a job is a partner's holds. A consumer checks it before it
 * acts on what a message names, so a forged or buggy message cannot move one partner's job,
 * or its events, to another partner.
 * @module
 */

/** The reason a consumer gives when it sets such a message aside. */
export const JOB_OF_OTHER_PARTNER = "job_of_other_partner";

/**
 * Why a message naming `claim.job_id` as `claim.partner_id`'s job is set aside, given the
 * partner the job is stored under: it is another partner's. A job not stored (`owner`
 * undefined) contradicts nothing: created later, or purged.
 */
export function jobOfOtherPartner(
  claim: { job_id: string; partner_id: string },
  owner: string | undefined,
): { reason: typeof JOB_OF_OTHER_PARTNER; ids: Record<string, string> } | undefined {
  if (owner === undefined || owner === claim.partner_id) return undefined;
  return {
    reason: JOB_OF_OTHER_PARTNER,
    ids: { job_id: claim.job_id, partner_id: claim.partner_id, job_partner_id: owner },
  };
}
