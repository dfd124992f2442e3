/**
 * The site's catalogue in chunks (./bundles/parts.json): a part asked for comes in every language loaded,
 * a language loaded later brings every part asked for so far, and the catalogue object a provider holds is
 * the one the part's messages are added to.
 */
import { describe, expect, it } from 'vitest';
import { hasMessagePart, loadedMessages, loadMessageParts, loadMessages, messagesReady } from './messages';

describe('loading the catalogue in parts', () => {
  it('loads the first bundle without the parts, then a part into the same catalogue, then the other language with it', async () => {
    const ja = await loadMessages('ja');
    expect(ja['account.signIn.title' as keyof typeof ja]).toBeDefined();
    expect(ja['app.title.signIn' as keyof typeof ja]).toBeDefined();
    expect(Object.keys(ja).some((id) => id.startsWith('ui.'))).toBe(true);
    expect(Object.keys(ja).some((id) => id.startsWith('account.privacy.'))).toBe(false);
    expect(hasMessagePart('ja', 'privacy')).toBe(false);

    await loadMessageParts(['privacy']);
    expect(loadedMessages('ja')).toBe(ja);
    expect(Object.keys(ja).some((id) => id.startsWith('account.privacy.'))).toBe(true);
    expect(hasMessagePart('ja', 'privacy')).toBe(true);
    // English was not loaded: the part did not come in it.
    expect(loadedMessages('en')).toBeUndefined();
    expect(messagesReady('en')).toBe(false);

    const en = await loadMessages('en');
    expect(hasMessagePart('en', 'privacy')).toBe(true);
    expect(Object.keys(en).some((id) => id.startsWith('account.privacy.'))).toBe(true);
    expect(Object.keys(en).some((id) => id.startsWith('account.security.'))).toBe(false);
    expect(messagesReady('en')).toBe(true);

    // Both languages loaded: a part asked for now comes in both.
    await loadMessageParts(['security']);
    expect(hasMessagePart('ja', 'security') && hasMessagePart('en', 'security')).toBe(true);
    expect(en['account.security.title' as keyof typeof en]).toBeDefined();
  });
});
