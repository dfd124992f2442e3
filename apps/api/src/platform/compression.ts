// Compression of what the server writes per response: the API's JSON and the web app's pages (the built
// assets are precompressed by apps/web). Brotli first, then gzip, when the client accepts them
// (docs/hosting.md#compression).
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this, compression saves less than its headers and time cost. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encoding to use for a client's Accept-Encoding, or undefined for none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const offered = String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name);
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return undefined;
}

/** Brotli at a middle level takes about a millisecond for the largest reference list. */
export async function compress(encoding: 'br' | 'gzip', body: string | Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gz(body, { level: 6 });
}
