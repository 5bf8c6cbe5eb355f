import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { invitationDecider } from './decider.ts';
import type { InvitationEvent } from './events.ts';
import { inviteInputSchema } from './schemas.ts';
import { invitationForAnotherEmail, maskEmail } from './invitee-email.ts';
import { invitationStatus } from './usability.ts';

const T0 = '2026-05-01T10:00:00.000Z';
const at = (days: number, ms = 0) => new Date(Date.parse(T0) + days * 86_400_000 + ms).toISOString();

const issue = (overrides: Partial<{ inviteType: 'parent' | 'coach'; playerId: string | null }> = {}) => ({
  type: 'IssueInvitation' as const,
  data: {
    invitationId: 'i1',
    teamId: 't1',
    playerId: 'p1' as string | null,
    inviteType: 'parent' as 'parent' | 'coach',
    inviteeName: 'Dana',
    inviteeEmail: 'dana@example.com',
    ageGroup: null,
    specialization: null,
    by: 'c1',
    now: T0,
    ...overrides,
  },
});
const issued: InvitationEvent = {
  type: 'InvitationIssued',
  data: {
    invitationId: 'i1',
    teamId: 't1',
    playerId: 'p1',
    inviteType: 'parent',
    inviteeName: 'Dana',
    inviteeEmail: 'dana@example.com',
    ageGroup: null,
    specialization: null,
    by: 'c1',
    tokenVersion: 1,
    expiresAt: at(7),
  },
};
const accept = (userId: string, now: string, tokenVersion = 1, userEmail = 'dana@example.com') => ({
  type: 'AcceptInvite' as const,
  data: { invitationId: 'i1', tokenVersion, userId, userEmail, now },
});
const accepted = (userId: string, tokenVersion = 1): InvitationEvent => ({
  type: 'InvitationAccepted',
  data: { invitationId: 'i1', teamId: 't1', playerId: 'p1', inviteType: 'parent', userId, tokenVersion },
});
const resent: InvitationEvent = {
  type: 'InvitationResent',
  data: { invitationId: 'i1', teamId: 't1', tokenVersion: 2, expiresAt: at(10), by: 'c1' },
};
const revoked: InvitationEvent = { type: 'InvitationRevoked', data: { invitationId: 'i1', teamId: 't1', by: 'c1' } };

describe('issuing invitations', () => {
  it('given nothing, when a manager invites a parent, then the invitation expires 7 days later with token version 1', () => {
    given(invitationDecider).when(issue()).then([issued]);
  });

  it('refuses a parent invitation without a player and a coach invitation with one', () => {
    given(invitationDecider)
      .when(issue({ playerId: null }))
      .thenRefuses('INVITATION_PLAYER');
    given(invitationDecider)
      .when(issue({ inviteType: 'coach' }))
      .thenRefuses('INVITATION_PLAYER');
  });
});

describe('accepting an invitation', () => {
  it('given an invitation, when someone accepts it before it expires, then it is accepted by them', () => {
    given(invitationDecider, [issued])
      .when(accept('g1', at(6)))
      .then([accepted('g1')]);
  });

  it('is single use: a second person gets 410 (used); the same person again records nothing', () => {
    given(invitationDecider, [issued, accepted('g1')])
      .when(accept('g2', at(1)))
      .thenRefuses('INVITATION_USED');
    // Even after expiry, so a retry can finish the membership and the link.
    given(invitationDecider, [issued, accepted('g1')])
      .when(accept('g1', at(30)))
      .then([]);
  });

  it('expires after exactly 7 days', () => {
    given(invitationDecider, [issued])
      .when(accept('g1', at(7, -1)))
      .then([accepted('g1')]);
    given(invitationDecider, [issued])
      .when(accept('g1', at(7)))
      .thenRefuses('INVITATION_EXPIRED');
  });

  it('given a revoked invitation, when it is accepted, then it is gone', () => {
    given(invitationDecider, [issued, revoked])
      .when(accept('g1', at(1)))
      .thenRefuses('INVITATION_REVOKED');
  });

  it('given a resend, when the old token is used, then it is replaced; the new one works until its own expiry', () => {
    given(invitationDecider, [issued, resent])
      .when(accept('g1', at(4), 1))
      .thenRefuses('INVITATION_REPLACED');
    given(invitationDecider, [issued, resent])
      .when(accept('g1', at(9), 2))
      .then([accepted('g1', 2)]);
  });

  it('given an invitation to dana@, when an account with another email accepts it, then it is refused and stays open', () => {
    given(invitationDecider, [issued])
      .when(accept('g2', at(1), 1, 'robin@example.com'))
      .thenRefuses('INVITATION_FOR_ANOTHER_EMAIL');
    // Nothing was recorded, so Dana can still accept; the email's case does not matter.
    given(invitationDecider, [issued])
      .when(accept('g1', at(1), 1, 'Dana@Example.com'))
      .then([accepted('g1')]);
  });

  it('names the invited address masked in the refusal', () => {
    expect(invitationForAnotherEmail('dana@example.com')).toMatchObject({
      kind: 'forbidden',
      message: 'This invitation was sent to d•••@example.com. Sign in with that email address to accept it.',
    });
    expect(maskEmail('r@example.com')).toBe('r•••@example.com');
    expect(maskEmail('ömer.x@sub.example.org')).toBe('ö•••@sub.example.org');
  });

  it('says a used, revoked or expired link is gone before looking at who holds it', () => {
    given(invitationDecider, [issued, accepted('g1')])
      .when(accept('g2', at(1), 1, 'robin@example.com'))
      .thenRefuses('INVITATION_USED');
    given(invitationDecider, [issued])
      .when(accept('g2', at(8), 1, 'robin@example.com'))
      .thenRefuses('INVITATION_EXPIRED');
  });

  it('refuses an invitation that does not exist', () => {
    given(invitationDecider)
      .when(accept('g1', at(1)))
      .thenRefuses('INVITATION_NOT_FOUND');
  });
});

describe('resending and revoking', () => {
  const resend = (now: string, teamId = 't1') => ({
    type: 'ResendInvitation' as const,
    data: { invitationId: 'i1', teamId, by: 'c1', now },
  });
  const revoke = () => ({
    type: 'RevokeInvitation' as const,
    data: { invitationId: 'i1', teamId: 't1', by: 'c1' },
  });

  it('given an invitation, when a manager resends it, then a new token version expires 7 days from now', () => {
    given(invitationDecider, [issued])
      .when(resend(at(3)))
      .then([resent]);
  });

  it('resends an expired invitation too', () => {
    given(invitationDecider, [issued])
      .when(resend(at(20)))
      .then([{ ...resent, data: { ...resent.data, expiresAt: at(27) } }]);
  });

  it('refuses resending or revoking an accepted invitation, and resending a revoked one', () => {
    given(invitationDecider, [issued, accepted('g1')])
      .when(resend(at(1)))
      .thenRefuses('INVITATION_USED');
    given(invitationDecider, [issued, accepted('g1')])
      .when(revoke())
      .thenRefuses('INVITATION_USED');
    given(invitationDecider, [issued, revoked])
      .when(resend(at(1)))
      .thenRefuses('INVITATION_REVOKED');
  });

  it('revokes once; revoking again changes nothing', () => {
    given(invitationDecider, [issued]).when(revoke()).then([revoked]);
    given(invitationDecider, [issued, revoked]).when(revoke()).then([]);
  });

  // Only managers may resend or revoke: the route's rule (ADR 0028), tested over HTTP.
  it('resends or revokes only within the invitation’s team', () => {
    given(invitationDecider, [issued])
      .when(resend(at(1), 't2'))
      .thenRefuses('INVITATION_NOT_FOUND');
  });
});

describe('invitation payloads and statuses', () => {
  it('reads a player or coach invitation with the spec’s messages', () => {
    expect(
      inviteInputSchema.parse({ inviteType: 'player', name: ' Leo ', email: 'LEO@x.org', jerseyNumber: '9' }),
    ).toEqual({ inviteType: 'player', name: 'Leo', email: 'leo@x.org', jerseyNumber: '9', ageGroup: null });
    const player = inviteInputSchema.safeParse({ inviteType: 'player', name: '', email: 'x' });
    expect(player.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Player name is required'],
      ['email', 'Invalid email'],
    ]);
    const coach = inviteInputSchema.safeParse({ inviteType: 'coach', name: '', email: 'c@x.org' });
    expect(coach.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Coach name is required']]);
    const other = inviteInputSchema.safeParse({ inviteType: 'parent', name: 'P', email: 'p@x.org' });
    expect(other.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['inviteType', 'Choose player or coach'],
    ]);
  });

  it('is used, revoked, expired or pending', () => {
    const base = { usedAt: null, revokedAt: null, expiresAt: at(7) };
    expect(invitationStatus(base, new Date(at(1)))).toBe('pending');
    expect(invitationStatus(base, new Date(at(7)))).toBe('expired');
    expect(invitationStatus({ ...base, usedAt: at(1) }, new Date(at(8)))).toBe('used');
    expect(invitationStatus({ ...base, revokedAt: at(1) }, new Date(at(2)))).toBe('revoked');
  });
});
