import type { FastifyInstance } from 'fastify';
import { bearer, type Session } from './app';

// Small real files for upload tests: a 1×1 PNG, the start of a JPEG, and a text file posing as a PNG.

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const TEXT_AS_PNG = Buffer.from('<html><script>alert(1)</script></html>');

export interface Presigned {
  url: string;
  file_name: string;
  content_type: string;
}

export async function presign(
  app: FastifyInstance,
  session: Session,
  file: string,
  size: number,
  fileType = 'image',
): Promise<Presigned> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads/presigned_url/',
    headers: bearer(session),
    payload: { file, file_type: fileType, size },
  });
  if (res.statusCode !== 200) throw new Error(`presign failed: ${res.statusCode} ${res.body}`);
  return res.json<Presigned>();
}

/** Presigns and PUTs a file to the embedded store; returns the file name to record. */
export async function uploadImage(
  app: FastifyInstance,
  session: Session,
  body: Buffer = PNG,
  file = 'photo.png',
): Promise<string> {
  const target = await presign(app, session, file, body.length);
  const res = await app.inject({
    method: 'PUT',
    url: target.url,
    headers: { 'content-type': target.content_type },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return target.file_name;
}
