import { describe, expect, it, vi } from 'vitest';
import type { Failure } from './problems';
import { UploadQueue, uploadsReducer, type SendFile, type Upload } from './uploads';

const upload = (id: string, size = 100): Upload => ({
  id,
  slotKey: 'certificate-111',
  slotKind: 'certificate',
  slotTypeId: 111,
  file: new File([new Uint8Array(size)], `${id}.pdf`, { type: 'application/pdf' }),
  state: 'waiting',
  loaded: 0,
});

/** A send the test answers by hand, one call at a time. */
function manualSend() {
  const calls: Array<{
    upload: Upload;
    signal: AbortSignal;
    progress: (loaded: number) => void;
    answer: (result: Awaited<ReturnType<SendFile<string>>>) => void;
    reject: (error: unknown) => void;
  }> = [];
  const send: SendFile<string> = (u, { signal, onProgress }) =>
    new Promise((answer, reject) => calls.push({ upload: u, signal, progress: onProgress, answer, reject }));
  return { calls, send };
}

function queueWith(send: SendFile<string>) {
  const queue = new UploadQueue<string>();
  const onStored = vi.fn<(upload: Upload, stored: string) => void>();
  const onFailed = vi.fn<(upload: Upload, failure: Failure) => void>();
  queue.use({ send, onStored, onFailed });
  const states = () => queue.snapshot().map((u) => `${u.id}:${u.state}`);
  return { queue, onStored, onFailed, states };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('the upload queue (docs/behaviour.md#documents)', () => {
  it('sends one file at a time, in the order chosen, and follows its progress', async () => {
    const { calls, send } = manualSend();
    const { queue, onStored, states } = queueWith(send);
    queue.add([upload('a'), upload('b')]);
    expect(states()).toEqual(['a:sending', 'b:waiting']);
    expect(calls).toHaveLength(1);
    calls[0]!.progress(40);
    expect(queue.snapshot()[0]!.loaded).toBe(40);
    calls[0]!.answer({ ok: true, stored: 'doc-a' });
    await settle();
    expect(onStored).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), 'doc-a');
    expect(states()).toEqual(['b:sending']);
    expect(calls[1]!.upload.id).toBe('b');
  });

  it('cancels a file being sent (its request is aborted) and goes on with the next', async () => {
    const { calls, send } = manualSend();
    const { queue, onStored, onFailed, states } = queueWith(send);
    queue.add([upload('a'), upload('b')]);
    queue.cancel('a');
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(states()).toEqual(['a:cancelled', 'b:sending']);
    // The aborted request rejects (or answers) late: the queue keeps it cancelled.
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    calls[0]!.progress(100);
    await settle();
    expect(states()).toEqual(['a:cancelled', 'b:sending']);
    expect(onStored).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('sends the same File again on retry, after a failure or a cancel, without choosing it again', async () => {
    const { calls, send } = manualSend();
    const { queue, onFailed, states } = queueWith(send);
    const chosen = upload('a');
    queue.add([chosen]);
    calls[0]!.answer({ ok: false, failure: { problem: 'network' } });
    await settle();
    expect(states()).toEqual(['a:failed']);
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), { problem: 'network' });
    queue.retry('a');
    expect(states()).toEqual(['a:sending']);
    expect(calls[1]!.upload.file).toBe(chosen.file);
    queue.cancel('a');
    queue.retry('a');
    expect(calls[2]!.upload.file).toBe(chosen.file);
    expect(calls[2]!.signal.aborted).toBe(false);
    // The cancelled attempt ends late: the new one is still the one a cancel stops.
    calls[1]!.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    queue.cancel('a');
    expect(calls[2]!.signal.aborted).toBe(true);
  });

  it('turns a send that throws into a failure of that file', async () => {
    const { queue, onFailed, states } = queueWith(() => Promise.reject(new TypeError('Failed to fetch')));
    queue.add([upload('a')]);
    await settle();
    expect(states()).toEqual(['a:failed']);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('keeps a file refused before sending, dismisses it on request, and stops everything when the page closes', () => {
    const { calls, send } = manualSend();
    const { queue, states } = queueWith(send);
    queue.add([{ ...upload('big'), state: 'failed', failure: { problem: 'file_too_large' } }, upload('b')]);
    expect(states()).toEqual(['big:failed', 'b:sending']);
    queue.dismiss('big');
    expect(states()).toEqual(['b:sending']);
    queue.dispose();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

describe('the queue’s states', () => {
  it('ignores what does not apply: progress of an upload not being sent, a retry of one being sent', () => {
    const waiting = [upload('a')];
    expect(uploadsReducer(waiting, { type: 'progress', id: 'a', loaded: 50 })).toEqual(waiting);
    const sending = uploadsReducer(waiting, { type: 'start', id: 'a' });
    expect(uploadsReducer(sending, { type: 'retry', id: 'a' })).toEqual(sending);
    expect(uploadsReducer(sending, { type: 'progress', id: 'gone', loaded: 1 })).toEqual(sending);
    // Never more than the file's size (a multipart body is a little larger than its file).
    expect(uploadsReducer(sending, { type: 'progress', id: 'a', loaded: 500 })[0]!.loaded).toBe(100);
  });
});
