import { text } from '@sideline/domain';
import { z } from 'zod';

/**
 * The Invite Member form (org console): a team of the organization, coach or player, a name and
 * an email (spec part 2 §5 messages). The request is part B's POST /api/teams/{teamId}/invite.
 */
export const inviteMemberFormSchema = z
  .object({
    teamId: z.string().min(1, 'Choose a team'),
    inviteType: z.enum(['coach', 'player'], { error: 'Choose coach or player' }),
    name: text().trim().max(100, 'Name must be at most 100 characters'),
    email: text().trim().pipe(z.email('Invalid email')),
  })
  .superRefine((v, ctx) => {
    if (v.name.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: v.inviteType === 'coach' ? 'Coach name is required' : 'Player name is required',
      });
    }
  });
export type InviteMemberFormInput = z.input<typeof inviteMemberFormSchema>;
export type InviteMemberFormValues = z.output<typeof inviteMemberFormSchema>;
