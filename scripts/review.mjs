// `npm run review`: a static review site in review/ (gitignored), openable from the file system.
// - review/storybook/: the built Storybook (`storybook build`);
// - review/index.html: a gallery of every story's committed baseline screenshots, Japanese and English side
//   by side, grouped by component, each linking to the story in the built Storybook
//   (docs/testing.md#visual-regression). `npm run review -- --no-build` reuses review/storybook as it is.
// The gallery opens from the file system; the built Storybook does not (browsers refuse its module scripts
// and its fetch of index.json from file:// URLs): `npm run review -- --serve` serves review/ on 127.0.0.1,
// the Storybook under /storybook/ (its MSW worker registers there: .storybook/preview.tsx).
// REVIEW_DIR puts the site elsewhere (tests/built-storybook links a built Storybook into a temporary one).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.env.REVIEW_DIR ? resolve(process.env.REVIEW_DIR) : join(root, 'review');
const storybookDir = join(out, 'storybook');
const baselines = join(root, '.storybook/visual');
const locales = [
  { id: 'ja', label: '日本語' },
  { id: 'en', label: 'English' },
];

const serve = process.argv.includes('--serve');
if (!process.argv.includes('--no-build') && !serve) {
  rmSync(out, { recursive: true, force: true });
  const build = spawnSync('npx', ['storybook', 'build', '-o', storybookDir, '--quiet'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (serve) {
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = join(out, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(out)) file = join(out, 'index.html');
    if (existsSync(file) && !path.endsWith('/')) {
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    } else if (existsSync(join(file, 'index.html'))) {
      response.writeHead(200, { 'content-type': types['.html'] });
      response.end(readFileSync(join(file, 'index.html')));
    } else {
      response.writeHead(404).end('Not found');
    }
  });
  server.listen(Number(process.env.PORT ?? 6007), '127.0.0.1', () => {
    console.info(`review: serving ${out} on http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
  });
} else {
  writeGallery();
}

function writeGallery() {
  const indexFile = join(storybookDir, 'index.json');
  if (!existsSync(indexFile)) {
    console.error(`review: ${indexFile} is missing; run npm run review without --no-build`);
    process.exit(1);
  }
  /** @type {{ entries: Record<string, { id: string; title: string; name: string; type: string }> }} */
  const index = JSON.parse(readFileSync(indexFile, 'utf8'));
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

  // The screenshots are copied next to the gallery, so that review/ stands alone.
  rmSync(join(out, 'screenshots'), { recursive: true, force: true });
  for (const { id } of locales) mkdirSync(join(out, 'screenshots', id), { recursive: true });

  const escape = (text) =>
    String(text).replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
    );

  /** The baseline's file name: the setup file writes a story id's `--` as `__` (Vitest collapses `--`). */
  const baselineName = (storyId) => `${storyId.replaceAll('--', '__')}.png`;

  let shown = 0;
  const missing = [];
  const groups = new Map();
  for (const story of stories) {
    const group = groups.get(story.title) ?? [];
    group.push(story);
    groups.set(story.title, group);
  }

  const sections = [...groups].map(([title, group]) => {
    const rows = group.map((story) => {
      const cells = locales.map((locale) => {
        const source = join(baselines, locale.id, baselineName(story.id));
        if (!existsSync(source)) {
          missing.push(`${locale.id}/${story.id}`);
          return `<figure class="missing"><figcaption>${escape(locale.label)}</figcaption><p>No baseline (visual: false, or not accepted yet)</p></figure>`;
        }
        const target = `screenshots/${locale.id}/${baselineName(story.id)}`;
        cpSync(source, join(out, target));
        shown += 1;
        return `<figure><figcaption>${escape(locale.label)}</figcaption><a href="${escape(target)}"><img src="${escape(target)}" alt="${escape(`${title} / ${story.name} (${locale.label})`)}" loading="lazy"></a></figure>`;
      });
      const href = `storybook/index.html?path=/story/${encodeURIComponent(story.id)}`;
      const canvas = `storybook/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`;
      return `<article id="${escape(story.id)}">
  <h3>${escape(story.name)} <a href="${escape(href)}">Storybook</a> <a href="${escape(canvas)}">canvas</a></h3>
  <div class="pair">${cells.join('')}</div>
</article>`;
    });
    const anchor = `group-${title.replace(/[^\w-]+/g, '-')}`;
    return {
      title,
      anchor,
      html: `<section id="${escape(anchor)}"><h2>${escape(title)}</h2>${rows.join('\n')}</section>`,
    };
  });

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Visual review: ${stories.length} stories</title>
<style>
  body { font-family: 'Noto Sans CJK JP', 'Noto Sans JP', sans-serif; margin: 0 1.5rem 3rem; color: #1a1a1a; }
  nav { columns: 3; margin-bottom: 2rem; }
  nav a { display: block; }
  section { border-top: 2px solid #1a1a1a; margin-top: 2rem; }
  article { margin: 1.5rem 0; }
  h3 { font-size: 1rem; }
  h3 a { font-size: 0.85rem; font-weight: normal; margin-left: 0.75rem; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; align-items: start; }
  figure { margin: 0; border: 1px solid #bbb; padding: 0.5rem; background: repeating-conic-gradient(#f3f3f3 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  figcaption { font-size: 0.8rem; color: #444; margin-bottom: 0.25rem; }
  img { max-width: 100%; height: auto; display: block; background: #fff; }
  .missing p { color: #a00; }
</style>
</head>
<body>
<h1>Visual review</h1>
<p>${stories.length} stories; ${shown} baseline screenshots from <code>.storybook/visual/</code>, Japanese and English side by side
(the ones <code>npm run test:stories</code> compares against). “Storybook” opens the story in the built Storybook, “canvas” the story alone: both need this folder served (<code>npm run review -- --serve</code>, then open this page from there), since browsers do not run Storybook from a file.</p>
<nav>${sections.map((s) => `<a href="#${escape(s.anchor)}">${escape(s.title)}</a>`).join('')}</nav>
${sections.map((s) => s.html).join('\n')}
</body>
</html>
`;
  writeFileSync(join(out, 'index.html'), html);
  console.info(
    `review: ${stories.length} stories, ${shown} screenshots, ${missing.length} without a baseline -> ${join(out, 'index.html')}`,
  );
  for (const name of missing) console.info(`review: no baseline for ${name}`);
}
