/**
 * One owner module per table: the only code that writes it, and its retention. Services
 * keep their decisions and call these functions with the transaction they run in; "who
 * changes this column?" is answered by the table's module. The `outbox` table's owner is
 * `@hire/outbox`. See README.md for table, owner, callers and retention.
 * @module
 */
export {
  COMMAND_RESULT_RETENTION_DAYS,
  commandOutcome,
  fenceCommand,
  purgeSettledCommands,
  settleCommands,
  type SettledCommand,
  settledCommandIds,
  settleFailedCommand,
} from "./command_results.ts";
export {
  type AttemptRecord,
  cancelDisabledAttempts,
  cancelInactiveAttempts,
  claimDueAttempts,
  type ClaimedAttempt,
  type ClaimOptions,
  DELIVERY_LOG_RETENTION_DAYS,
  type FirstAttempt,
  purgeDeliveryLog,
  queueFirstAttempts,
  queueRecovery,
  queueRedelivery,
  queueRetryAttempts,
  queueTestAttempt,
  recordAttempts,
  type Recovery,
  type RefusedRetry,
  type RetryMismatch,
} from "./deliveries.ts";
export {
  ABANDONED_AFTER_SECONDS,
  abandonKey,
  type ClaimFields,
  completeKey,
  insertKeyClaim,
  type KeyCommand,
  type KeyOf,
  type KeyRecord,
  lockKey,
  purgeIdempotencyKeys,
  reclaimKey,
  recordKeyCommands,
  releaseKey,
} from "./idempotency_keys.ts";
export {
  claimDueEmbeddingRetries,
  countLiveJobs,
  DELETED_JOB_RETENTION_DAYS,
  type EmbeddingFailure,
  findJobPlacement,
  jobOwners,
  type JobPlacement,
  jobsByIds,
  liveJobIdsAfter,
  lockJobs,
  markEmbeddingReady,
  purgeDeletedJobs,
  type ReadyJob,
  recordEmbeddingFailure,
  saveJobs,
  shareLockJobPlacements,
  shareLockJobs,
} from "./jobs.ts";
export {
  lockDueMail,
  markMailFailed,
  markMailSent,
  type NewMail,
  purgeSentMail,
  type QueuedMail,
  queueMail,
} from "./mail_outbox.ts";
export {
  insertMatches,
  type JobMatchRow,
  listJobMatches,
  type MatchPosition,
  type MatchRow,
  purgeOrphanMatches,
} from "./matches.ts";
export {
  AdminEmailTaken,
  announceKeyChange,
  type ApiKeyRow,
  createPartner,
  existingPartnerIds,
  expireApiKey,
  findApiKey,
  findKeyOwner,
  insertApiKey,
  type IssuedApiKey,
  type IssuedKey,
  type KeyOwner,
  KEYS_CHANNEL,
  type KeyState,
  listApiKeys,
  lockPartnerKeys,
  recordKeyUse,
  revokeApiKeys,
  setPlan,
} from "./partners.ts";
export {
  purgeExpired,
  type Retention,
  retention,
  retentionEnv,
  startRetention,
} from "./retention.ts";
export {
  claimDueSeekerRetries,
  countSeekers,
  deleteSeekerProfiles,
  markSeekerEmbedded,
  recordSeekerEmbeddingFailure,
  seekerIdsAfter,
  type SeekerProfile,
  type SeekerRow,
  seekersByIds,
  shareLockSeekers,
  upsertSeekers,
} from "./seekers.ts";
export {
  leaseRequests,
  releaseJobs,
  type RequestLease,
  type Reservation,
  reserveJobs,
} from "./usage.ts";
export {
  adminEmails,
  changeUser,
  findUser,
  findUserByEmail,
  insertUser,
  type InviteRefusal,
  listUsers,
  markSignedIn,
  setUserLang,
  type UserChangeRefusal,
  type UserRow,
} from "./partner_users.ts";
export {
  deleteSession,
  findSession,
  insertSession,
  insertSignInToken,
  purgeConsoleSessions,
  purgeSignInTokens,
  type SessionRow,
  signInTokenIsLive,
  spendSignInToken,
} from "./console_sessions.ts";
export { type Actor, type AuditEntry, type AuditRow, listAudit, recordAudit } from "./audit_log.ts";
export {
  applyFailureCounts,
  clearExpiredPreviousSecrets,
  deleteWebhook,
  type DisabledWebhook,
  disableWebhook,
  insertWebhook,
  lockWebhook,
  type PartnerWebhook,
  type ReencryptBatch,
  reencryptWebhookSecrets,
  rotateWebhookSecret,
  type SecretsBacklog,
  secretsBacklog,
  updateWebhook,
  type WebhookWithSecret,
} from "./webhooks.ts";
export { purgeWebhookEvents, storeWebhookEvents, type WebhookEventRow } from "./webhook_events.ts";
