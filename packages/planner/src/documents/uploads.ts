import type { DocumentSlotKind } from '@pre-admission/api';
import { failureOf, type Failure } from './problems';

/**
 * One file on its way into a slot. The File itself is kept until it is stored or dismissed, so that a failed
 * or cancelled upload is sent again without choosing the file again.
 * - `waiting`: in the queue (files go one at a time, so that each gets the connection's whole speed and the
 *   application's 100 MB is counted in order);
 * - `sending`: `loaded` of the file's bytes are sent;
 * - `failed`: refused or not sent (`failure` says why);
 * - `cancelled`: stopped by the applicant.
 * Once stored, it leaves the queue: the file is one of the application's.
 */
export interface Upload {
  readonly id: string;
  readonly slotKey: string;
  readonly slotKind: DocumentSlotKind;
  readonly slotTypeId: number;
  readonly file: File;
  /** The reopened file this one replaces (a return for changes): removed once this one is stored. */
  readonly replaces?: string | undefined;
  readonly state: 'waiting' | 'sending' | 'failed' | 'cancelled';
  readonly loaded: number;
  readonly failure?: Failure | undefined;
}

export type UploadAction =
  | { type: 'add'; uploads: readonly Upload[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'stored'; id: string }
  | { type: 'fail'; id: string; failure: Failure }
  | { type: 'cancel'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'dismiss'; id: string };

/** The queue after an action. An action on an upload no longer there (stored, dismissed) changes nothing. */
export function uploadsReducer(uploads: readonly Upload[], action: UploadAction): readonly Upload[] {
  if (action.type === 'add') return [...uploads, ...action.uploads];
  const update = (change: (upload: Upload) => Upload | undefined) =>
    uploads.flatMap((upload) => {
      if (upload.id !== action.id) return [upload];
      const next = change(upload);
      return next ? [next] : [];
    });
  switch (action.type) {
    case 'start':
      return update((u) =>
        u.state === 'waiting' ? { ...u, state: 'sending', loaded: 0, failure: undefined } : u,
      );
    case 'progress':
      // A late progress event of a cancelled upload does not bring it back.
      return update((u) =>
        u.state === 'sending' ? { ...u, loaded: Math.min(action.loaded, u.file.size) } : u,
      );
    case 'stored':
    case 'dismiss':
      return update(() => undefined);
    case 'fail':
      return update((u) =>
        u.state === 'cancelled' ? u : { ...u, state: 'failed', failure: action.failure },
      );
    case 'cancel':
      return update((u) =>
        u.state === 'waiting' || u.state === 'sending' ? { ...u, state: 'cancelled', failure: undefined } : u,
      );
    case 'retry':
      return update((u) =>
        u.state === 'failed' || u.state === 'cancelled'
          ? { ...u, state: 'waiting', loaded: 0, failure: undefined }
          : u,
      );
  }
}

/** The next file to send: the first waiting one, once none is being sent. */
export function nextToSend(uploads: readonly Upload[]): Upload | undefined {
  return uploads.some((u) => u.state === 'sending') ? undefined : uploads.find((u) => u.state === 'waiting');
}

/** What the files on their way will add to the application: counted against its limits before sending. */
export function queued(uploads: readonly Upload[], except?: string): { bytes: number; files: number } {
  const counted = uploads.filter((u) => u.id !== except && (u.state === 'waiting' || u.state === 'sending'));
  return { bytes: counted.reduce((sum, u) => sum + u.file.size, 0), files: counted.length };
}

/** How one file is sent: the document stored, or why not. A cancelled send may reject or answer late. */
export type SendFile<Stored> = (
  upload: Upload,
  options: { signal: AbortSignal; onProgress: (loaded: number) => void },
) => Promise<{ ok: true; stored: Stored } | { ok: false; failure: Failure }>;

export interface QueueHandlers<Stored> {
  send: SendFile<Stored>;
  onStored: (upload: Upload, stored: Stored) => void;
  onFailed: (upload: Upload, failure: Failure) => void;
}

/**
 * The queue of one documents section, outside React (the screen subscribes with useSyncExternalStore): it
 * sends one file at a time in the order chosen, follows its progress, cancels, and sends again on retry.
 * The screen hands in its latest `send` and callbacks after each render (`use`).
 */
export class UploadQueue<Stored> {
  private uploads: readonly Upload[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();

  private handlers: QueueHandlers<Stored> | undefined;

  /** The screen's latest way to send a file and hear of the outcome. */
  use(handlers: QueueHandlers<Stored>) {
    this.handlers = handlers;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.uploads;

  add(uploads: readonly Upload[]) {
    this.apply({ type: 'add', uploads });
  }

  cancel(id: string) {
    this.controllers.get(id)?.abort();
    this.apply({ type: 'cancel', id });
  }

  retry(id: string) {
    this.apply({ type: 'retry', id });
  }

  /** A refusal found here (the limits, checked again before a retry). */
  fail(id: string, failure: Failure) {
    this.apply({ type: 'fail', id, failure });
  }

  dismiss(id: string) {
    this.apply({ type: 'dismiss', id });
  }

  /** The page is left: whatever is being sent stops. */
  dispose() {
    for (const controller of this.controllers.values()) controller.abort();
  }

  private apply(action: UploadAction) {
    this.uploads = uploadsReducer(this.uploads, action);
    for (const listener of this.listeners) listener();
    const next = nextToSend(this.uploads);
    if (next) void this.sendOne(next);
  }

  private async sendOne(upload: Upload) {
    const controller = new AbortController();
    this.controllers.set(upload.id, controller);
    this.apply({ type: 'start', id: upload.id });
    let result: Awaited<ReturnType<SendFile<Stored>>>;
    try {
      const send = this.handlers?.send;
      if (!send) throw new Error('An upload queue needs its handlers');
      result = await send(upload, {
        signal: controller.signal,
        onProgress: (loaded) => this.apply({ type: 'progress', id: upload.id, loaded }),
      });
    } catch (error) {
      result = { ok: false, failure: failureOf(error) };
    }
    // A retry after a cancel may have started a new send of the same upload meanwhile.
    if (this.controllers.get(upload.id) === controller) this.controllers.delete(upload.id);
    // Cancelled: the queue says so already, whatever the answer.
    if (controller.signal.aborted) return;
    if (result.ok) {
      this.apply({ type: 'stored', id: upload.id });
      this.handlers?.onStored(upload, result.stored);
    } else {
      this.apply({ type: 'fail', id: upload.id, failure: result.failure });
      this.handlers?.onFailed(upload, result.failure);
    }
  }
}
