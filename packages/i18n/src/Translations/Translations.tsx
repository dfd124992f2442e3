import { areas } from '../catalogues';
import { locales } from '../locales';

const cell = {
  border: '1px solid #6b7280',
  padding: '6px 8px',
  verticalAlign: 'top',
  textAlign: 'start',
} as const;

/**
 * Every message id with its Japanese and English source text side by side, grouped by area, for translators.
 * The texts are the ICU sources, so placeholders such as {email} show as written.
 */
export function Translations() {
  return (
    <div style={{ display: 'grid', gap: 32 }}>
      {Object.entries(areas).map(([area, catalogues]) => {
        const ids = Object.keys(catalogues.ja).sort();
        return (
          <section key={area} aria-labelledby={`translations-${area}`}>
            <h2 id={`translations-${area}`} lang="en">
              {area} ({ids.length})
            </h2>
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col" style={cell} lang="en">
                    id
                  </th>
                  {locales.map((locale) => (
                    <th key={locale} scope="col" style={cell}>
                      {locale}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ids.map((id) => (
                  <tr key={id}>
                    <th
                      scope="row"
                      style={{ ...cell, fontFamily: 'monospace', fontWeight: 'normal' }}
                      lang="en"
                    >
                      {id}
                    </th>
                    {locales.map((locale) => (
                      <td key={locale} style={cell} lang={locale}>
                        {catalogues[locale][id]}
                      </td>
                    ))}
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
