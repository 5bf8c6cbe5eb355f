import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { mediaDecider } from './decider.ts';
import type { MediaUploaded } from './events.ts';
import { detectImageFormat } from './image-signature.ts';
import { mediaUploadFieldsSchema } from './schemas.ts';

const data: MediaUploaded['data'] = {
  mediaId: 'md1',
  teamId: 't1',
  uploaderId: 'u1',
  kind: 'photo',
  title: 'Team photo',
  description: '',
  contentType: 'image/png',
  bytes: 1234,
  width: 640,
  height: 480,
  url: '/api/media/md1.png',
  thumbnailUrl: '/api/media/md1-thumb.webp',
};

describe('media decider', () => {
  it('given nothing, when an upload is recorded, then the media was uploaded', () => {
    given(mediaDecider)
      .when({ type: 'RecordUpload', data })
      .then([{ type: 'MediaUploaded', data }]);
  });

  it('given an upload, when the same upload is recorded again (a retry), then nothing happens', () => {
    given(mediaDecider, [{ type: 'MediaUploaded', data }])
      .when({ type: 'RecordUpload', data })
      .then([]);
  });

  it('refuses an empty file and a blank title', () => {
    given(mediaDecider)
      .when({ type: 'RecordUpload', data: { ...data, bytes: 0 } })
      .thenRefuses('EMPTY_FILE');
    given(mediaDecider)
      .when({ type: 'RecordUpload', data: { ...data, title: ' ' } })
      .thenRefuses('TITLE_REQUIRED');
  });
});

describe('image signatures', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageFormat(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(detectImageFormat(bytes('GIF87a'))).toBe('gif');
    expect(detectImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses everything else, including look-alikes and truncated headers', () => {
    expect(detectImageFormat(bytes('just some text, renamed .png'))).toBeNull();
    expect(detectImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectImageFormat(bytes([0x89], 'PN'))).toBeNull();
    expect(detectImageFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(new Uint8Array())).toBeNull();
  });

  it('defaults the upload fields and bounds their length', () => {
    expect(mediaUploadFieldsSchema.parse({})).toEqual({ type: 'photo', title: '', description: '' });
    expect(mediaUploadFieldsSchema.safeParse({ type: 'audio' }).success).toBe(false);
    expect(mediaUploadFieldsSchema.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
  });
});
