/**
 * The descriptions for translators, one sidecar file per area (`<area>.descriptions.json`, id → English
 * description) beside the flat catalogues, so that adding a message touches three lines in three files of
 * its own area and never another area's file. Picked up by file name: a new area needs no line here.
 */
const files = import.meta.glob<Readonly<Record<string, string>>>('./*.descriptions.json', {
  eager: true,
  import: 'default',
});

/** The descriptions of each area, keyed by area (`ui`, `account`, …). */
export const descriptions: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(files).map(([path, entries]) => [
    /\.\/([a-z]+)\.descriptions\.json$/.exec(path)?.[1] ?? path,
    entries,
  ]),
);
