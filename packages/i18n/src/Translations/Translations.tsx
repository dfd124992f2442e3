import { areas } from '../catalogues';
import { descriptions } from '../catalogues/descriptions';
import { scanUsage, storyId, type SourceFile, type StoryFile } from './usage';

// Every source file of the packages and apps as text, for the static scan of ./usage (Storybook only).
const raw = import.meta.glob<string>(
  [
    '../../../*/src/**/*.{ts,tsx}',
    '../../../../apps/*/src/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
    '!**/*.test-d.ts',
    '!**/generated/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The glob's keys as repository paths: `../../../ui/src/x.tsx` → `packages/ui/src/x.tsx`. */
export const sourceFiles: SourceFile[] = Object.entries(raw).map(([key, text]) => ({
  path: key.startsWith('../../../../')
    ? key.slice('../../../../'.length)
    : `packages/${key.slice('../../../'.length)}`,
  text,
}));

const cell = {
  border: '1px solid #6b7280',
  padding: '6px 8px',
  verticalAlign: 'top',
  textAlign: 'start',
} as const;

/** Where a story file opens in Storybook: its docs page (every story of the file, one under the other). */
function docsHref(story: StoryFile): string {
  return `./?path=/docs/${storyId(story.title, 'Docs').replace(/--docs$/, '')}--docs`;
}

function Stories({ stories }: { stories: readonly StoryFile[] }) {
  if (stories.length === 0) return <em>not in any story</em>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {stories.map((story) => (
        <li key={story.path}>
          <a href={docsHref(story)} target="_top">
            {story.title}
          </a>{' '}
          ({story.stories.length})
        </li>
      ))}
    </ul>
  );
}

/**
 * The page a translator opens first: every message, grouped by area, with its Japanese and English text
 * side by side (the ICU sources, so placeholders such as {email} show as written), the description for
 * translators, and the stories that show it (a static scan of the sources, ./usage). It is a tool in
 * English, whatever the toolbar's language.
 */
const ids = Object.values(areas).flatMap(({ en }) => Object.keys(en));
let scanned: ReturnType<typeof scanUsage> | undefined;

export function Translations() {
  scanned ??= scanUsage(sourceFiles, ids);
  const { showing } = scanned;
  const total = ids.length;
  return (
    <div lang="en" style={{ display: 'grid', gap: 32 }}>
      <section aria-labelledby="translations-about">
        <h1 id="translations-about">Translations</h1>
        <p>
          {total} messages. Each row: the id, the Japanese and English texts as the catalogues hold them
          (packages/i18n/src/catalogues/&lt;area&gt;.ja.json and .en.json), the description for translators
          (&lt;area&gt;.descriptions.json), and the stories that show the message. Keep every{' '}
          {'{placeholder}'} and plural form as it is. Send your work back through{' '}
          <code>npm run i18n:import</code> (see packages/i18n/README.md, For translators). Choose{' '}
          <code>ẊÅ</code> (en-XA) in the toolbar to see every story with longer, accented text.
        </p>
        <p>
          The stories are found by a static scan: a story file shows a message when it, or a file it imports
          (following imports to the component that declares each name), holds the message id. A message shown
          only in some of a file&apos;s stories is listed for the whole file.
        </p>
      </section>
      {Object.entries(areas).map(([area, catalogues]) => {
        const areaIds = Object.keys(catalogues.ja).sort();
        return (
          <section key={area} aria-labelledby={`translations-${area}`}>
            <h2 id={`translations-${area}`}>
              {area} ({areaIds.length})
            </h2>
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col" style={cell}>
                    id
                  </th>
                  <th scope="col" style={cell}>
                    Japanese (ja)
                  </th>
                  <th scope="col" style={cell}>
                    English (en)
                  </th>
                  <th scope="col" style={cell}>
                    Description for translators
                  </th>
                  <th scope="col" style={cell}>
                    Shown in
                  </th>
                </tr>
              </thead>
              <tbody>
                {areaIds.map((id) => (
                  <tr key={id}>
                    <th scope="row" style={{ ...cell, fontFamily: 'monospace', fontWeight: 'normal' }}>
                      {id}
                    </th>
                    <td style={cell} lang="ja">
                      {catalogues.ja[id]}
                    </td>
                    <td style={cell}>{catalogues.en[id]}</td>
                    <td style={cell}>{descriptions[area]?.[id]}</td>
                    <td style={cell}>
                      <Stories stories={showing.get(id) ?? []} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
