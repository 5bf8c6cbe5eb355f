import type { MediaUploaded } from './events.ts';

/** Records a file the API has already checked, re-encoded and stored. */
export type RecordUpload = { type: 'RecordUpload'; data: MediaUploaded['data'] };

export type MediaCommand = RecordUpload;
