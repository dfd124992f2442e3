// Reading a V4 pact file, and the form two pact files are compared in.
import { readFileSync } from 'node:fs';

export interface PactHttpMessage {
  method?: string;
  path?: string;
  status?: number;
  headers?: Record<string, string[]>;
  body?: { content: unknown; contentType: string; encoded: boolean | string };
  matchingRules?: Record<string, Record<string, { combine: string; matchers: Record<string, unknown>[] }>>;
  generators?: Record<string, Record<string, { type: string; expression?: string }>>;
}

export interface PactInteraction {
  type: string;
  description: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request: PactHttpMessage & { method: string; path: string };
  response: PactHttpMessage & { status: number };
}

export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  metadata: Record<string, unknown> & { pactSpecification?: { version: string } };
}

export function readPact(file: string): PactFile {
  return JSON.parse(readFileSync(file, 'utf8')) as PactFile;
}

/**
 * A pact without what changes from run to run or machine to machine: the pact-js and pact-core versions
 * in `metadata`. The interactions are sorted (Pact writes them sorted; this makes the order irrelevant).
 */
export function normalise(pact: PactFile): unknown {
  const key = (interaction: PactInteraction) =>
    `${interaction.description}\u0000${(interaction.providerStates ?? []).map((s) => s.name).join('\u0000')}`;
  return {
    consumer: pact.consumer,
    provider: pact.provider,
    pactSpecification: pact.metadata.pactSpecification,
    interactions: [...pact.interactions].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  };
}

/** The media type of a Content-Type header value, without parameters. */
export function mediaType(headers: Record<string, string[]> | undefined): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return entry?.[1][0]?.split(';')[0]?.trim().toLowerCase();
}

export function header(headers: Record<string, string[]> | undefined, name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry?.[1].join(', ');
}

/**
 * A multipart request body as the fields it carries, for validation against its schema: a text field's value
 * (digits as a number, as the server reads an integer field), a file's content as a string.
 */
export function multipartFields(request: PactHttpMessage): Record<string, unknown> {
  const boundary = /boundary=([^;]+)/.exec(header(request.headers, 'Content-Type') ?? '')?.[1];
  const { content, encoded } = request.body ?? {};
  if (!boundary || typeof content !== 'string') return {};
  const text = encoded === 'base64' ? Buffer.from(content, 'base64').toString('latin1') : content;
  const fields: Record<string, unknown> = {};
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...body] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    const value = body.join('\r\n\r\n').replace(/\r\n$/, '');
    if (name) fields[name] = /filename=/.test(head) || !/^[0-9]+$/.test(value) ? value : Number(value);
  }
  return fields;
}
