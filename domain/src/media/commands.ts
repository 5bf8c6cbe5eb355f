import type { MediaUploaded } from './events.ts';

/** Records a file the API has already checked, re-encoded and stored. */
export type RecordUpload = { type: 'RecordUpload'; data: MediaUploaded['data'] };
/** Idempotent per user: liking twice is one like. */
export type LikeMedia = { type: 'LikeMedia'; data: { mediaId: string; userId: string } };
export type UnlikeMedia = { type: 'UnlikeMedia'; data: { mediaId: string; userId: string } };
/** `canManage`: the actor is a manager of the media's team (see `canManageMedia`). */
export type DeleteMedia = { type: 'DeleteMedia'; data: { mediaId: string; userId: string; canManage: boolean } };

export type MediaCommand = RecordUpload | LikeMedia | UnlikeMedia | DeleteMedia;
