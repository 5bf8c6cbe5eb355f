import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { IdentityCommand } from './commands.ts';
import type { IdentityEvent } from './events.ts';
import type { UserRole } from './schemas.ts';

export type UserState =
  { status: 'unregistered' } | { status: 'registered'; userId: string; name: string; email: string; role: UserRole };

export const userDecider: Decider<IdentityCommand, IdentityEvent, UserState> = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'unregistered') {
          throw new DomainError('conflict', 'USER_EXISTS', 'This user is already registered');
        }
        const { userId, name, email, role } = command.data;
        // Self-registration can never grant org_admin, whatever reaches the decider.
        if ((role as UserRole) === 'org_admin') {
          throw new DomainError('forbidden', 'ROLE_NOT_SELECTABLE', 'Organization Admin cannot be self-selected');
        }
        return [{ type: 'UserRegistered', data: { userId, name: name.trim(), email: email.toLowerCase(), role } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', ...event.data };
    }
  },
};
