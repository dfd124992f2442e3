import { describe, expect, it } from 'vitest';
import { isPreviewable } from './previewable';

describe('isPreviewable', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'IMAGE/PNG', 'image/jpeg; charset=binary', 'image/jpg'])(
    'previews %s',
    (type) => expect(isPreviewable(type)).toBe(true),
  );

  it.each(['application/pdf', 'image/svg+xml', 'image/webp', 'text/html', ''])('downloads %s', (type) =>
    expect(isPreviewable(type)).toBe(false),
  );
});
