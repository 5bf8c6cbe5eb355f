import { DomainError } from '../shared/errors.ts';

/**
 * An email shown to someone who is not its owner: the first character of the name, then •••,
 * then the domain (`r•••@example.com`). Enough for the invitee to recognise their own address,
 * too little for the holder of a forwarded link to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${Array.from(email.slice(0, at))[0]}•••${email.slice(at)}`;
}

/** Whether the signed-in account is the person the invitation was sent to (emails are case-insensitive). */
export function isInvitee(inviteeEmail: string, accountEmail: string): boolean {
  return inviteeEmail.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}

/** 403: the link was forwarded, or the invitee is signed in with another of their accounts. */
export function invitationForAnotherEmail(inviteeEmail: string): DomainError {
  return new DomainError(
    'forbidden',
    'INVITATION_FOR_ANOTHER_EMAIL',
    `This invitation was sent to ${maskEmail(inviteeEmail)}. Sign in with that email address to accept it.`,
  );
}
