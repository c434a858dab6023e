/** http_ece (a dependency of web-push): encrypted content-encoding for HTTP (RFC 8188), as the push tests use it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
}
