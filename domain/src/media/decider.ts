import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { MediaCommand } from './commands.ts';
import type { MediaEvent } from './events.ts';

export type MediaState = { status: 'none' } | { status: 'uploaded'; teamId: string; uploaderId: string };

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordUpload': {
        // The media id comes from the upload's Idempotency-Key when there is one: a retried
        // upload lands on the same stream and records nothing new.
        if (state.status === 'uploaded') return [];
        const { bytes, title } = command.data;
        if (!Number.isInteger(bytes) || bytes <= 0) {
          throw new DomainError('invalid', 'EMPTY_FILE', 'The file is empty');
        }
        if (title.trim().length === 0) throw new DomainError('invalid', 'TITLE_REQUIRED', 'Give the upload a title');
        return [{ type: 'MediaUploaded', data: command.data }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return { status: 'uploaded', teamId: event.data.teamId, uploaderId: event.data.uploaderId };
    }
  },
};
