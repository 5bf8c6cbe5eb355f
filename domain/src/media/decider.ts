import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { MediaCommand } from './commands.ts';
import type { MediaEvent } from './events.ts';
import { canDeleteMedia } from './permissions.ts';

export type MediaState =
  | { status: 'none' }
  | { status: 'uploaded' | 'deleted'; teamId: string; uploaderId: string; likedBy: ReadonlySet<string> };

const notFound = () => new DomainError('not_found', 'MEDIA_NOT_FOUND', 'Media not found');

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordUpload': {
        // The media id comes from the upload's Idempotency-Key when there is one: a retried
        // upload lands on the same stream and records nothing new.
        if (state.status !== 'none') return [];
        const { bytes, title } = command.data;
        if (!Number.isInteger(bytes) || bytes <= 0) {
          throw new DomainError('invalid', 'EMPTY_FILE', 'The file is empty');
        }
        if (title.trim().length === 0) throw new DomainError('invalid', 'TITLE_REQUIRED', 'Give the upload a title');
        return [{ type: 'MediaUploaded', data: command.data }];
      }
      case 'LikeMedia':
      case 'UnlikeMedia': {
        if (state.status !== 'uploaded') throw notFound();
        const { mediaId, userId } = command.data;
        const liked = state.likedBy.has(userId);
        if (command.type === 'LikeMedia') {
          return liked ? [] : [{ type: 'MediaLiked', data: { mediaId, teamId: state.teamId, userId } }];
        }
        return liked ? [{ type: 'MediaUnliked', data: { mediaId, teamId: state.teamId, userId } }] : [];
      }
      case 'DeleteMedia': {
        if (state.status !== 'uploaded') throw notFound();
        const { mediaId, userId, canManage } = command.data;
        if (!canDeleteMedia(userId, state.uploaderId, canManage)) {
          throw new DomainError('forbidden', 'FORBIDDEN', 'Only the uploader or a team manager can delete this');
        }
        return [{ type: 'MediaDeleted', data: { mediaId, teamId: state.teamId, deletedBy: userId } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return { status: 'uploaded', teamId: event.data.teamId, uploaderId: event.data.uploaderId, likedBy: new Set() };
      case 'MediaLiked':
      case 'MediaUnliked': {
        if (state.status === 'none') return state;
        const likedBy = new Set(state.likedBy);
        if (event.type === 'MediaLiked') likedBy.add(event.data.userId);
        else likedBy.delete(event.data.userId);
        return { ...state, likedBy };
      }
      case 'MediaDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
