/**
 * The desk console's messages in both languages (the `desk.` area), compiled. Like the planner's, they are in
 * no bundle of the applicant's site: the desk app registers them (`registerMessages`) with its own chunk.
 */
import type { Locale } from './locales';
import type { CompiledCatalogue } from './messages';
import deskEn from './generated/desk.en.json';
import deskJa from './generated/desk.ja.json';

export const deskMessages: Readonly<Record<Locale, Partial<CompiledCatalogue>>> = {
  // The JSON imports are typed structurally (`type: number`); the AST enum is the same numbers.
  ja: deskJa as Partial<CompiledCatalogue>,
  en: deskEn as Partial<CompiledCatalogue>,
};
