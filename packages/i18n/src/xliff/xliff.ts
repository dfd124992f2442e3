/**
 * The translators' round trip (issue 18): the catalogues out as XLIFF 2.0, the translation tool's file back.
 * English is the source language and Japanese the target; each unit carries the message's description as
 * a note. The ICU text stays plain text inside <source> and <target> (its placeholders, `{email}`, and
 * plural forms are for the translator to keep), so every tool reads it.
 *
 * `planImport` checks a returned file with the rules of the catalogue gate (../catalogues/gate.ts) and
 * says what would change; the script (../../scripts/xliff.ts) writes only when there is no problem.
 */
import { areaProblems } from '../catalogues/gate';
import { childrenNamed, escapeXml, parseXml, type XmlElement } from './xml';

export type Catalogue = Readonly<Record<string, string>>;

/** One area as the files hold it: `ja`, `en`, descriptions. */
export interface Area {
  ja: Catalogue;
  en: Catalogue;
  descriptions: Catalogue;
}

export const sourceLocale = 'en';
/** The languages a translator works on (English is the source). */
export const targetLocales = ['ja'] as const;
export type TargetLocale = (typeof targetLocales)[number];

const namespace = 'urn:oasis:names:tc:xliff:document:2.0';

/** The XLIFF 2.0 document of one target language, every area a <file>, every message a <unit>. */
export function exportXliff(areas: Readonly<Record<string, Area>>, target: TargetLocale): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${namespace}" version="2.0" srcLang="${sourceLocale}" trgLang="${target}">`,
  ];
  for (const [area, { en, descriptions, ...locales }] of Object.entries(areas).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const translated = locales[target];
    lines.push(
      `  <file id="${escapeXml(area)}" original="packages/i18n/src/catalogues/${escapeXml(area)}.${target}.json">`,
    );
    for (const [id, source] of Object.entries(en)) {
      lines.push(`    <unit id="${escapeXml(id)}">`);
      const description = descriptions[id];
      if (description)
        lines.push(
          '      <notes>',
          `        <note category="description">${escapeXml(description)}</note>`,
          '      </notes>',
        );
      const target = translated[id];
      lines.push(
        `      <segment state="${target === undefined ? 'initial' : 'translated'}">`,
        `        <source>${escapeXml(source)}</source>`,
        ...(target === undefined ? [] : [`        <target>${escapeXml(target)}</target>`]),
        '      </segment>',
        '    </unit>',
      );
    }
    lines.push('  </file>');
  }
  lines.push('</xliff>', '');
  return lines.join('\n');
}

export interface ImportPlan {
  target: TargetLocale;
  /** One sentence per problem; when any, nothing may be written. */
  problems: string[];
  /** The target language's catalogue of each area after the import (areas the file changes only). */
  next: Record<string, Record<string, string>>;
  added: string[];
  changed: string[];
  unchanged: number;
}

/** The text of an element whose content must be plain text (ICU), or a problem. */
function plainText(element: XmlElement, where: string): string | { problem: string } {
  const markup = element.children.find((child) => typeof child !== 'string');
  if (markup && typeof markup !== 'string')
    return {
      problem: `${where}: <${markup.name}> inside <${element.name}>: keep the text plain (ICU placeholders such as {email} as typed)`,
    };
  return element.children.join('');
}

/** Reads a returned XLIFF file against the current catalogues: problems, and what would change. */
export function planImport(xml: string, areas: Readonly<Record<string, Area>>): ImportPlan {
  const plan: ImportPlan = { target: 'ja', problems: [], next: {}, added: [], changed: [], unchanged: 0 };
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    plan.problems.push(`not a well-formed XML file: ${(error as Error).message}`);
    return plan;
  }
  const { version, srcLang, trgLang } = root.attributes;
  if (root.name.replace(/^.*:/, '') !== 'xliff' || version !== '2.0') {
    plan.problems.push(`not an XLIFF 2.0 file (root <${root.name}> version="${version ?? ''}")`);
    return plan;
  }
  if (srcLang !== sourceLocale)
    plan.problems.push(`srcLang is "${srcLang ?? ''}": the source must be English (en)`);
  if (!targetLocales.includes(trgLang as TargetLocale)) {
    plan.problems.push(
      `trgLang is "${trgLang ?? ''}": the target must be one of ${targetLocales.join(', ')}`,
    );
    return plan;
  }
  const target = trgLang as TargetLocale;
  plan.target = target;
  const seen = new Set<string>();
  const translations: Record<string, Record<string, string>> = {};
  for (const file of childrenNamed(root, 'file')) {
    const area = file.attributes.id ?? '';
    const current = areas[area];
    if (!current) {
      plan.problems.push(`<file id="${area}">: no such catalogue area (${Object.keys(areas).join(', ')})`);
      continue;
    }
    const translated = (translations[area] ??= {});
    for (const unit of childrenNamed(file, 'unit')) {
      const id = unit.attributes.id ?? '';
      if (seen.has(id)) plan.problems.push(`${id}: two units with this id`);
      seen.add(id);
      if (!(id in current.en)) {
        plan.problems.push(
          `${id}: no such message in the ${area} catalogue (ids cannot be added or renamed here)`,
        );
        continue;
      }
      const segments = childrenNamed(unit, 'segment');
      if (segments.length !== 1) {
        plan.problems.push(
          `${id}: ${segments.length} segments (one expected: do not split or merge segments)`,
        );
        continue;
      }
      const [segment] = segments as [XmlElement];
      const [sourceElement] = childrenNamed(segment, 'source');
      const [targetElement] = childrenNamed(segment, 'target');
      const source = sourceElement ? plainText(sourceElement, id) : '';
      if (typeof source !== 'string') plan.problems.push(source.problem);
      else if (source !== current.en[id])
        plan.problems.push(
          `${id}: the English source changed since the export; export again and translate the new text`,
        );
      if (!targetElement) {
        plan.problems.push(`${id}: no <target> (not translated)`);
        continue;
      }
      const text = plainText(targetElement, id);
      if (typeof text !== 'string') plan.problems.push(text.problem);
      else translated[id] = text;
    }
  }
  for (const { en } of Object.values(areas))
    for (const id of Object.keys(en)) if (!seen.has(id)) plan.problems.push(`${id}: missing from the file`);
  // The gate's rules on what the file would make of the catalogues, so that one run names every problem.

  for (const [area, current] of Object.entries(areas)) {
    const next: Record<string, string> = { ...current[target], ...translations[area] };
    for (const problem of areaProblems(area, { ...current, [target]: next })) plan.problems.push(problem);
    let changes = false;
    for (const id of Object.keys(current.en)) {
      const before = current[target][id];
      if (before === undefined) plan.added.push(id);
      else if (before !== next[id]) plan.changed.push(id);
      else {
        plan.unchanged++;
        continue;
      }
      changes = true;
    }
    if (changes) plan.next[area] = next;
  }
  if (plan.problems.length > 0) plan.next = {};
  return plan;
}

/** The report of an import: counts, then the changed ids, each with its old and new text. */
export function describePlan(plan: ImportPlan, areas: Readonly<Record<string, Area>>): string {
  const lines = [
    `${plan.target}: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.unchanged} unchanged`,
  ];
  const areaOf = (id: string) => id.split('.')[0] ?? '';
  for (const id of plan.added) lines.push(`  + ${id}: ${plan.next[areaOf(id)]?.[id] ?? ''}`);
  for (const id of plan.changed)
    lines.push(
      `  ~ ${id}:`,
      `      was ${areas[areaOf(id)]?.[plan.target][id] ?? ''}`,
      `      now ${plan.next[areaOf(id)]?.[id] ?? ''}`,
    );
  return lines.join('\n');
}
