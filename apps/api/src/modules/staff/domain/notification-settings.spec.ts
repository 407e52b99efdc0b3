import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsOf, notificationSettingsPatch } from './notification-settings.js';

describe('notificationSettingsOf', () => {
  it.each([
    ['never chosen (null)', null, DEFAULT_NOTIFICATION_SETTINGS],
    ['not an object', 'loud', DEFAULT_NOTIFICATION_SETTINGS],
    ['an array', [true], DEFAULT_NOTIFICATION_SETTINGS],
    ['all chosen', { sound: false, browser: true, views: ['all'] }, { sound: false, browser: true, views: ['all'] }],
    ['one field chosen, the rest default', { sound: false }, { sound: false, browser: false, views: ['mine', 'unassigned'] }],
    ['a wrong type reads as the default', { sound: 'no', browser: 1 }, DEFAULT_NOTIFICATION_SETTINGS],
    ['unknown views are dropped, order is canonical', { views: ['all', 'theirs', 'mine', 'mine'] }, { sound: true, browser: false, views: ['mine', 'all'] }],
    ['no known view left: the default views', { views: ['theirs'] }, DEFAULT_NOTIFICATION_SETTINGS],
    ['an empty list: the default views', { views: [] }, DEFAULT_NOTIFICATION_SETTINGS],
    ['unknown keys are left out', { sound: true, volume: 11 }, DEFAULT_NOTIFICATION_SETTINGS],
  ])('%s', (_name, stored, expected) => {
    expect(notificationSettingsOf(stored)).toEqual(expected);
  });
});

describe('notificationSettingsPatch', () => {
  it.each([
    ['nothing named: nothing merged', {}, {}],
    ['only what is named', { browser: false }, { browser: false }],
    ['views canonical, no repeats', { views: ['unassigned', 'mine', 'unassigned'] as const }, { views: ['mine', 'unassigned'] }],
    ['everything', { sound: false, browser: true, views: ['all'] as const }, { sound: false, browser: true, views: ['all'] }],
  ])('%s', (_name, change, expected) => {
    expect(notificationSettingsPatch(change)).toEqual(expected);
  });

  it('merged over a stored value, reads as that value with the change', () => {
    const stored = { sound: false, browser: true, views: ['all'] };
    expect(notificationSettingsOf({ ...stored, ...notificationSettingsPatch({ browser: false }) })).toEqual({ sound: false, browser: false, views: ['all'] });
  });
});
