/** The product's analytics events, the only names `track` accepts. */
export const ANALYTICS_EVENTS = [
  'app_opened',
  'user_logged_in',
  'user_created_an_item_in_inventory',
  'user_updated_an_item',
  'user_deleted_an_item_from_inventory',
  'user_scanned_an_item',
  'user_added_a_label_to_an_item',
  'user_deleted_a_label_from_an_item',
  'user_added_image_to_an_item',
  'user_deleted_image_from_an_item',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;

/** Spec section 9 constants. */
export const BATCH_SIZE = 50;
export const FLUSH_INTERVAL_MS = 5000;
export const REQUEST_TIMEOUT_MS = 90_000;
export const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;
export const MAX_PROPERTY_LENGTH = 255;
/** Every event says where it came from; users are identified by email. */
export const ENVIRONMENT = 'Production';

export const CONSENT_KEY = 'yardkeep.analytics.consent';
export const DEVICE_KEY = 'yardkeep.analytics.device';
export type Consent = 'opt-in' | 'opt-out' | 'unknown';
