import { describe, expect, it, vi } from 'vitest';
import { clearReferenceData } from './referenceCache';

describe('the sign-out clearing the reference data', () => {
  it('does not load the cache (and react-query with it) on a page that never loaded it', async () => {
    const loaded = vi.fn();
    vi.doMock('../referenceData/queries', () => {
      loaded();
      return { queryClient: { clear: () => undefined } };
    });
    clearReferenceData();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).not.toHaveBeenCalled();
    vi.doUnmock('../referenceData/queries');
  });

  it('clears the cache once a screen loaded it', async () => {
    const { queryClient } = await import('../referenceData/queries');
    queryClient.setQueryData(['reference', 'countries'], [{ id: 'JP' }]);
    clearReferenceData();
    expect(queryClient.getQueryData(['reference', 'countries'])).toBeUndefined();
  });
});
