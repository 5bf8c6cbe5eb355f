import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { pushDecider } from './decider.ts';
import { inQuietHours } from './quiet-hours.ts';
import { pushSubscriptionInputSchema } from './schemas.ts';

const registered = { type: 'UserRegistered', data: { userId: 'u1', name: 'Pat', email: 'p@e.com', role: 'parent' } };
const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
const added = (endpoint: string, k = keys) => ({
  type: 'PushSubscriptionAdded' as const,
  data: { userId: 'u1', endpoint, keys: k },
});
const add = (endpoint: string, k = keys) => ({
  type: 'AddPushSubscription' as const,
  data: { userId: 'u1', endpoint, keys: k },
});

describe('push decider', () => {
  it('given a registered person, when a browser subscribes, then PushSubscriptionAdded', () => {
    given(pushDecider, [registered])
      .when(add('https://e/1'))
      .then([added('https://e/1')]);
  });

  it('given the same browser subscribed, when it subscribes again, then nothing; with new keys, they replace', () => {
    given(pushDecider, [registered, added('https://e/1')])
      .when(add('https://e/1'))
      .then([]);
    const renewed = { p256dh: 'C'.repeat(87), auth: 'D'.repeat(22) };
    given(pushDecider, [registered, added('https://e/1')])
      .when(add('https://e/1', renewed))
      .then([added('https://e/1', renewed)]);
  });

  it('given 10 devices, when an 11th subscribes, then it is refused; a known one still renews', () => {
    const ten = Array.from({ length: 10 }, (_, i) => added(`https://e/${i}`));
    given(pushDecider, [registered, ...ten])
      .when(add('https://e/new'))
      .thenRefuses('TOO_MANY_PUSH_SUBSCRIPTIONS');
    given(pushDecider, [registered, ...ten])
      .when(add('https://e/3'))
      .then([]);
  });

  it('removes a known device once', () => {
    const remove = {
      type: 'RemovePushSubscription' as const,
      data: { userId: 'u1', endpoint: 'https://e/1', reason: 'gone' as const },
    };
    given(pushDecider, [registered, added('https://e/1')])
      .when(remove)
      .then([{ type: 'PushSubscriptionRemoved', data: remove.data }]);
    given(pushDecider, [registered, added('https://e/1'), { type: 'PushSubscriptionRemoved', data: remove.data }])
      .when(remove)
      .then([]);
  });

  it('mutes and unmutes a team, recording only changes', () => {
    const mute = { type: 'MuteTeamNotifications' as const, data: { userId: 'u1', teamId: 't1', muted: true } };
    given(pushDecider, [registered])
      .when(mute)
      .then([{ type: 'TeamNotificationsMuted', data: mute.data }]);
    given(pushDecider, [registered, { type: 'TeamNotificationsMuted', data: mute.data }])
      .when(mute)
      .then([]);
  });

  it('refuses anything for a person who does not exist', () => {
    given(pushDecider, []).when(add('https://e/1')).thenRefuses('USER_NOT_FOUND');
  });
});

describe('subscription input', () => {
  it('needs a 65-byte p256dh and a 16-byte auth, base64url', () => {
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: 'https://e/1', keys }).success).toBe(true);
    expect(
      pushSubscriptionInputSchema.safeParse({ endpoint: 'https://e/1', keys: { ...keys, auth: 'AAAA' } }).success,
    ).toBe(false);
    expect(pushSubscriptionInputSchema.safeParse({ endpoint: 'nope', keys }).success).toBe(false);
  });
});

describe('quiet hours', () => {
  const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' };
  it('wrap past midnight in the person’s own zone', () => {
    // 21:30 UTC is 22:30 in Berlin in winter.
    expect(inQuietHours(night, new Date('2026-01-10T21:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-01-10T05:59:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-01-10T06:00:00Z'))).toBe(false);
    expect(inQuietHours(night, new Date('2026-01-10T12:00:00Z'))).toBe(false);
  });
  it('in the daytime, and none at all', () => {
    expect(inQuietHours({ start: '09:00', end: '17:00', timeZone: 'UTC' }, new Date('2026-01-10T10:00:00Z'))).toBe(
      true,
    );
    expect(inQuietHours(null, new Date())).toBe(false);
  });
});
