import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas } from '../catalogues';
import { scanUsage, storyId, type SourceFile } from './usage';

const repository = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function sources(folder: string): SourceFile[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({
      path: relative(repository, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
    }));
}

const files = ['packages', 'apps'].flatMap((top) =>
  readdirSync(join(repository, top)).flatMap((name) => {
    try {
      return sources(join(repository, top, name, 'src'));
    } catch {
      return [];
    }
  }),
);
const ids = Object.values(areas).flatMap(({ en }) => Object.keys(en));
const { storyFiles, showing } = scanUsage(files, ids);
const titles = (id: string) => (showing.get(id) ?? []).map((story) => story.title);

describe('which stories show a message (the Translations page)', () => {
  it('finds a message through the component a story renders', () => {
    expect(titles('ui.passwordField.show')).toContain('Components/PasswordField');
  });

  it('follows a named import from a package to the one component, not the whole package', () => {
    expect(titles('ui.passwordField.show')).not.toContain('Components/Banner');
    expect(titles('account.signIn.title')).not.toContain('Components/Button');
  });

  it('counts an id built from a template by its fixed start', () => {
    expect(titles('ui.banner.warning')).toContain('Components/Banner');
    expect(titles('ui.banner.error')).toContain('Components/Banner');
  });

  it('reaches a screen through its own imports (the sign-in screen and its failures catalogue)', () => {
    const signIn = storyFiles.find((story) =>
      story.path.endsWith('screens/SignIn/SignIn.stories.tsx'),
    )?.title;
    expect(signIn).toBeDefined();
    expect(titles('account.signIn.submit')).toContain(signIn);
    expect(titles('account.error.wrongPassword')).toContain(signIn);
  });

  it('names the stories of a file', () => {
    const button = storyFiles.find((story) => story.title === 'Components/Button');
    expect(button?.stories).toContain('Default');
  });

  it("builds Storybook's story ids", () => {
    expect(storyId('Components/LanguageSwitch', 'ToolbarKeys')).toBe(
      'components-languageswitch--toolbar-keys',
    );
    expect(storyId('Components/Button', 'Zoom200')).toBe('components-button--zoom-200');
    expect(storyId('Screens/SignIn', 'LongJapaneseText')).toBe('screens-signin--long-japanese-text');
  });
});
