import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';

export interface UploadForm {
  file: { data: Buffer; filename: string } | null;
  fields: Record<string, string>;
}

/** Per request: one file, a few short fields (spec: file, type, title, description). */
const limits = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 8,
  fieldSize: 8 * 1024,
  parts: 12,
};

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * Reads the whole multipart body, the file into memory (at most IMAGE_MAX_BYTES: it is decoded
 * from memory anyway), whatever the order of its parts. The client's declared content type is
 * ignored: the bytes decide.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data');
  }
  const form: UploadForm = { file: null, fields: {} };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') form.file = { data, filename: part.filename };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw limitError(error) ?? error;
  }
  return form;
}

function limitError(error: unknown): HttpError | null {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'FILE_TOO_LARGE', `Images can be at most ${MAX_MB} MB.`);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'TOO_MANY_FILES', 'Upload one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'TOO_MANY_FIELDS', 'Too many form fields.');
    default:
      return null;
  }
}
