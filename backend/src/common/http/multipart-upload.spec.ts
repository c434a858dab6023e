import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CallHandler, ExecutionContext, HttpException } from '@nestjs/common';
import { of } from 'rxjs';
import request from 'supertest';
import { MultipartUpload } from './multipart-upload';

const Upload = MultipartUpload({
  files: [{ name: 'photo', maxCount: 1 }],
  limits: { fileSize: 10, files: 1, fields: 2, fieldSize: 8, parts: 3 },
  refusals: {
    LIMIT_FILE_SIZE: 'Under 10 bytes',
    LIMIT_UNEXPECTED_FILE: (field) => `Not under "${field}"`,
  },
  otherwise: (multerMessage) => multerMessage ?? 'Not a form',
});

/** A bare HTTP server that runs the interceptor and answers its refusal, or the files and fields it read. */
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const context = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ExecutionContext;
  const next = { handle: () => of(null) } as unknown as CallHandler;
  const read = req as IncomingMessage & { files?: Record<string, { size: number }[]>; body?: unknown };
  res.setHeader('Content-Type', 'application/json');
  void Promise.resolve(new Upload().intercept(context, next)).then(
    () => res.end(JSON.stringify({ files: Object.keys(read.files ?? {}), body: read.body })),
    (error: HttpException) => res.writeHead(error.getStatus()).end(JSON.stringify(error.getResponse())),
  );
});

describe('MultipartUpload: one form read into memory, each refusal a 400 in its own words', () => {
  it('reads the files and fields it allows', async () => {
    const res = await request(server).post('/').field('note', 'hi').attach('photo', Buffer.from('small'), 'a.png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ files: ['photo'], body: { note: 'hi' } });
  });

  it.each([
    ['a file over the limit', (r: request.Test) => r.attach('photo', Buffer.alloc(11), 'a.png'), 'Under 10 bytes'],
    ['a file under another field', (r: request.Test) => r.attach('image', Buffer.from('x'), 'a.png'), 'Not under "image"'],
    ['a refusal it does not word: multer’s own message', (r: request.Test) => r.field('note', 'too long a note'), 'Field value too long'],
  ])('%s', async (_, send, message) => {
    const res = await send(request(server).post('/'));
    expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({ status: 400, message });
  });

  it('a body that is no multipart form it can read', async () => {
    const res = await request(server).post('/').set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nnonsense');
    expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({ status: 400, message: 'Not a form' });
  });
});
