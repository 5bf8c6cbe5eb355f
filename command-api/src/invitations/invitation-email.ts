import type { InviteType } from '@sideline/domain';
import type { MailMessage } from '@sideline/infra';

export interface InvitationEmailFacts {
  inviteType: InviteType;
  inviteeName: string;
  inviteeEmail: string;
  teamName: string;
  playerName: string | null;
  inviterName: string;
  url: string;
  expiresAt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function asWhat({ inviteType, playerName }: InvitationEmailFacts): string {
  if (inviteType === 'parent') return playerName ? ` as the parent of ${playerName}` : ' as a parent';
  return inviteType === 'coach' ? ' as a coach' : ' as a player';
}

/** The invitation email: who invites whom to which team, the link, and when it stops working. */
export function invitationEmail(facts: InvitationEmailFacts): MailMessage {
  const expires = new Date(facts.expiresAt).toUTCString();
  const invite = `${facts.inviterName} invited you to join ${facts.teamName} on Sideline${asWhat(facts)}.`;
  const text = [
    `Hi ${facts.inviteeName},`,
    '',
    invite,
    '',
    `Accept the invitation: ${facts.url}`,
    '',
    `The link works once and expires on ${expires}. If you were not expecting this, you can ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(facts.inviteeName)},</p>`,
    `<p>${escapeHtml(invite)}</p>`,
    `<p><a href="${escapeHtml(facts.url)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you were not expecting this, you can ignore this email.</p>`,
  ].join('\n');
  return {
    to: facts.inviteeEmail,
    subject: `You're invited to join ${facts.teamName} on Sideline`,
    text,
    html,
    link: facts.url,
  };
}
