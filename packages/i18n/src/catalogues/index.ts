/**
 * The source catalogues: one JSON file per area and language, so that the people working on the design
 * system, the account screens and the app add messages in different files. Every id starts with its area
 * (`ui.`, `account.`, `app.`, `demo.`, `planner.`, `desk.`); the catalogue gate checks it.
 *
 * To add an area, add its two files here and to `areas` below; nothing else changes.
 */
import accountEn from './account.en.json';
import accountJa from './account.ja.json';
import appEn from './app.en.json';
import appJa from './app.ja.json';
import deskEn from './desk.en.json';
import deskJa from './desk.ja.json';
import demoEn from './demo.en.json';
import demoJa from './demo.ja.json';
import plannerEn from './planner.en.json';
import plannerJa from './planner.ja.json';
import uiEn from './ui.en.json';
import uiJa from './ui.ja.json';
import type { Locale } from '../locales';

/** Every message id, from the Japanese catalogues (the gate checks that English has the same ids). */
export type MessageId =
  | keyof typeof uiJa
  | keyof typeof accountJa
  | keyof typeof appJa
  | keyof typeof demoJa
  | keyof typeof plannerJa
  | keyof typeof deskJa;

export type SourceCatalogue = Readonly<Record<string, string>>;

export const areas: Readonly<Record<string, Readonly<Record<Locale, SourceCatalogue>>>> = {
  ui: { ja: uiJa, en: uiEn },
  account: { ja: accountJa, en: accountEn },
  app: { ja: appJa, en: appEn },
  demo: { ja: demoJa, en: demoEn },
  planner: { ja: plannerJa, en: plannerEn },
  desk: { ja: deskJa, en: deskEn },
};

function merge(locale: Locale): Readonly<Record<MessageId, string>> {
  return Object.assign({}, ...Object.values(areas).map((area) => area[locale])) as Record<MessageId, string>;
}

/** The ICU source text of every message, merged over the areas: for the gate and the Translations page. */
export const sourceMessages: Readonly<Record<Locale, Readonly<Record<MessageId, string>>>> = {
  ja: merge('ja'),
  en: merge('en'),
};
