/**
 * Webhook secrets (and their encryption at rest), delivery signing (sender), signature
 * verification (receivers), and the address rules that keep webhook URLs from reaching
 * private networks.
 * See README.md for a receiver example.
 * @module
 */
export { generateWebhookSecret, isWebhookSecret, WEBHOOK_SECRET_FORMAT } from "./secret.ts";
export {
  createSecretBox,
  type SealedSecret,
  type SecretBox,
  SecretBoxError,
  type SecretBoxFailure,
  type SecretPlace,
  type SecretSlot,
} from "./secret_box.ts";
export {
  formatSecretKeys,
  generateSecretKey,
  parseSecretKeys,
  SECRET_KEY_ID_FORMAT,
  type SecretKey,
  secretKeysRequiredInProduction,
  webhookSecretKeysEnv,
} from "./secret_keys.ts";
export { LOCAL_SECRET_KEYS_FILE, withLocalSecretKeys } from "./local_secret_keys.ts";
export {
  openSigningSecrets,
  openStoredSecret,
  type ResealedSecrets,
  resealStoredSecrets,
  sealedIn,
  type SealedSecretColumns,
  type StoredSecretColumns,
} from "./stored_secrets.ts";
export {
  DEFAULT_TOLERANCE_SECONDS,
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  MAX_SIGNATURE_HEADER_LENGTH,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
  type VerifyFailure,
  type VerifyResult,
  verifyWebhook,
  type WebhookBody,
} from "./signature.ts";
export {
  checkWebhookUrl,
  type HostRuleOptions,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookUrlCheck,
  type WebhookUrlCode,
} from "./url_rules.ts";
export { classifyIp, type IpClass } from "./ip_ranges.ts";
export {
  checkResolvedHost,
  pickAddress,
  pinnedLookup,
  type Resolve,
  type ResolvedHostCheck,
  systemResolve,
} from "./resolve_check.ts";
export { cachingResolve, DNS_CACHE_MS } from "./dns_cache.ts";
export {
  DEFAULT_RETRY_SCHEDULE,
  parseRetrySchedule,
  type RetryRung,
  retryTopic,
} from "./retry_schedule.ts";
export {
  type PublicWebhook,
  SECRET_OVERLAP_MS,
  signingSecrets,
  toPublicWebhook,
  type WebhookCreate,
  webhookCreateSchema,
  type WebhookRow,
  type WebhookUpdate,
  webhookUpdateSchema,
} from "./registration.ts";
export {
  DELIVERIES_CHANNEL,
  DELIVERY_LOG_RETENTION_DAYS,
  DELIVERY_OUTCOMES,
  DELIVERY_TRIGGERS,
  type DeliveryDetailRow,
  type DeliveryListParams,
  deliveryListQuerySchema,
  type DeliveryOutcome,
  type DeliveryRow,
  type DeliveryTrigger,
  type PublicDelivery,
  type PublicDeliveryDetail,
  type RecoverBody,
  recoverSchema,
  testEventSchema,
  toPublicDelivery,
  toPublicDeliveryDetail,
} from "./delivery_log.ts";
export {
  type DeadMessage,
  deadMessageSchema,
  decodeDead,
  decodeRetry,
  encodeDead,
  encodeRetry,
  type RetryMessage,
  retryMessageSchema,
} from "./ladder_messages.ts";
export { webhookAddressEnv } from "./config.ts";
