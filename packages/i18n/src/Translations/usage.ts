/**
 * Which stories show which message, from a static scan of the sources (no build step, no generated file):
 *
 * 1. A source file uses a message when it holds its id as a string (`'account.signIn.title'`), or a
 *    template whose fixed start is a prefix of the id (`` `ui.banner.${tone}` `` uses every `ui.banner.*`).
 * 2. A story file reaches the files it imports, and what they import, and so on. Named imports from a
 *    package or a barrel (`import { Button } from '@pre-admission/ui'`) follow the re-exports to the file
 *    that declares the name, so a story does not reach every component of a package; dynamic imports
 *    (`import('./X')`, lazy screens) count as imports.
 * 3. A story file shows a message when a file it reaches uses it.
 *
 * It over-approximates within a file (a message used in one branch counts for every story of a story file
 * that reaches it) and misses ids built at run time from data; the Translations page says so.
 */
export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `packages/ui/src/components/Button/Button.tsx`. */
  path: string;
  text: string;
}

export interface StoryFile {
  path: string;
  /** The meta's `title`, e.g. `Components/Button`. */
  title: string;
  /** The stories' export names, in file order. */
  stories: string[];
}

const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function join(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

export function isStoryFile(path: string): boolean {
  return /\.stories\.tsx?$/.test(path);
}

/** Storybook's story id of a title and an export (`Components/Button`, `LongJapaneseText`). */
export function storyId(title: string, exportName: string): string {
  const sanitize = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const name = exportName
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
  return `${sanitize(title)}--${sanitize(name)}`;
}

export function scanUsage(files: readonly SourceFile[], ids: readonly string[]) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const resolve = (from: string, specifier: string): string | undefined => {
    let base: string;
    if (specifier.startsWith('.')) base = join(from, specifier);
    else {
      const match = /^@pre-admission\/([a-z]+)$/.exec(specifier);
      if (!match) return undefined;
      base = `packages/${match[1]}/src/index`;
    }
    for (const extension of extensions) if (byPath.has(base + extension)) return base + extension;
    return undefined;
  };

  /** The file that declares `name`, following `export { … } from` and `export * from`. */
  const declaring = (path: string, name: string, seen = new Set<string>()): string | undefined => {
    if (seen.has(path)) return undefined;
    seen.add(path);
    const text = byPath.get(path)?.text ?? '';
    const declaration = new RegExp(
      `export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b`,
    );
    if (declaration.test(text)) return path;
    for (const [, names = '', from = ''] of text.matchAll(
      /export\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
    ))
      for (const entry of names.split(',')) {
        const [original = '', alias] = entry
          .replace(/\btype\s+/, '')
          .trim()
          .split(/\s+as\s+/);
        if ((alias ?? original) === name) {
          const target = resolve(path, from);
          return target ? (declaring(target, original, seen) ?? target) : undefined;
        }
      }
    for (const [, from = ''] of text.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
      const target = resolve(path, from);
      const found = target && declaring(target, name, seen);
      if (found) return found;
    }
    return undefined;
  };

  const dependencies = (path: string): string[] => {
    const text = byPath.get(path)?.text ?? '';
    const found = new Set<string>();
    for (const [, clause = '', from = ''] of text.matchAll(
      /import\s+(?!type\b)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g,
    )) {
      const target = resolve(path, from);
      if (!target) continue;
      const named = /\{([^}]*)\}/.exec(clause)?.[1];
      // A default or namespace import beside the braces (`React, { useState }`, `* as styles`).
      const whole = clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, '')
        .trim();
      if (named !== undefined && /\/index\.tsx?$/.test(target)) {
        for (const entry of named.split(',')) {
          const name = entry
            .replace(/\btype\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0];
          const file = name ? declaring(target, name) : undefined;
          if (file) found.add(file);
        }
        if (whole) found.add(target);
      } else found.add(target);
    }
    for (const [, from = ''] of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const target = resolve(path, from);
      if (target) found.add(target);
    }
    for (const [, from = ''] of text.matchAll(/^import\s*['"]([^'"]+)['"]/gm)) {
      const target = resolve(path, from);
      if (target) found.add(target);
    }
    return [...found];
  };

  const used = (text: string): string[] => {
    const result = ids.filter(
      (id) => text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`\`${id}\``),
    );
    for (const [, prefix = ''] of text.matchAll(/`([a-z]+(?:\.[A-Za-z0-9]+)*\.)\$\{/g))
      result.push(...ids.filter((id) => id.startsWith(prefix)));
    return result;
  };

  const storyFiles: StoryFile[] = [];
  const showing = new Map<string, StoryFile[]>(ids.map((id) => [id, []]));
  for (const file of files) {
    if (!isStoryFile(file.path)) continue;
    const title = /\btitle:\s*['"]([^'"]+)['"]/.exec(file.text)?.[1];
    if (!title) continue;
    const story: StoryFile = {
      path: file.path,
      title,
      stories: [...file.text.matchAll(/export\s+const\s+(\w+)\s*:\s*Story\b/g)].map(
        (match) => match[1] ?? '',
      ),
    };
    storyFiles.push(story);
    const reached = new Set<string>([file.path]);
    const queue = [file.path];
    while (queue.length > 0) {
      const next = queue.pop() as string;
      for (const dependency of dependencies(next))
        if (!reached.has(dependency)) {
          reached.add(dependency);
          queue.push(dependency);
        }
    }
    const shown = new Set<string>();
    for (const path of reached) for (const id of used(byPath.get(path)?.text ?? '')) shown.add(id);
    for (const id of shown) showing.get(id)?.push(story);
  }
  return { storyFiles, showing };
}
