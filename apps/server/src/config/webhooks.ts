import { z } from 'zod';
import { booleanFlag } from './values.ts';

/** The environment variables of outgoing webhooks. */
export const webhookEnv = z.object({
  /** Webhooks may call loopback, private and link-local addresses (off: only public ones, no request forgery). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  /** A failed delivery is tried again this often, the first time after WEBHOOK_RETRY_DELAY_SECONDS, then doubling. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  /** A webhook whose deliveries failed this many times in a row is turned off (its admins are mailed). */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
});

export type WebhookSettings = {
  /** Outgoing webhooks: private addresses allowed, retries (doubling delays), failed deliveries before turning off. */
  webhooks: {
    allowPrivateAddresses: boolean;
    retryLimit: number;
    retryDelayMs: number;
    disableAfter: number;
  };
};

export function webhookSettings(e: z.infer<typeof webhookEnv>): WebhookSettings {
  return {
    webhooks: {
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelayMs: Math.round(e.WEBHOOK_RETRY_DELAY_SECONDS * 1000),
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
  };
}
