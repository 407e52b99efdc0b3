/**
 * A staff member's notification settings: whether a new customer message plays a sound, whether
 * it shows a browser notification (once the browser allows it), and which conversation views it
 * counts and notifies for. Stored as the person chose them (`staff.notification_settings`, jsonb,
 * null until they choose); read through notificationSettingsOf, so a stored value from an older
 * version, or a setting added later, still reads as a whole, valid set. Pure: no I/O.
 */
export const NOTIFICATION_VIEWS = ['mine', 'unassigned', 'all'] as const;
export type NotificationView = (typeof NOTIFICATION_VIEWS)[number];

export interface NotificationSettings {
  readonly sound: boolean;
  readonly browser: boolean;
  /** Never empty; `all` includes the other two. */
  readonly views: readonly NotificationView[];
}

/** What a person who never chose gets: a sound for their own and unassigned conversations, no pop-ups until they allow them. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = Object.freeze({
  sound: true,
  browser: false,
  views: Object.freeze(['mine', 'unassigned'] as const),
});

/** The settings a stored value stands for: each field as stored when valid, else its default. */
export function notificationSettingsOf(stored: unknown): NotificationSettings {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const views = Array.isArray(record.views) ? NOTIFICATION_VIEWS.filter((view) => (record.views as unknown[]).includes(view)) : [];
  return {
    sound: typeof record.sound === 'boolean' ? record.sound : DEFAULT_NOTIFICATION_SETTINGS.sound,
    browser: typeof record.browser === 'boolean' ? record.browser : DEFAULT_NOTIFICATION_SETTINGS.browser,
    views: views.length > 0 ? views : DEFAULT_NOTIFICATION_SETTINGS.views,
  };
}

/**
 * What a PATCH merges into the stored value: only the fields it names (a field left out keeps its
 * value, and two people's tabs changing different fields at once lose neither), views in their
 * canonical order without repeats.
 */
export function notificationSettingsPatch(change: {
  readonly sound?: boolean;
  readonly browser?: boolean;
  readonly views?: readonly NotificationView[];
}): Partial<NotificationSettings> {
  const patch: { sound?: boolean; browser?: boolean; views?: NotificationView[] } = {};
  if (change.sound !== undefined) patch.sound = change.sound;
  if (change.browser !== undefined) patch.browser = change.browser;
  if (change.views !== undefined) patch.views = NOTIFICATION_VIEWS.filter((view) => change.views!.includes(view));
  return patch;
}
