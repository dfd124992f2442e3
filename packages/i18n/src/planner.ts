/**
 * The planner's messages in both languages (the `planner.` area), compiled. They are not in the language
 * bundles the site loads before its first render: the planner's chunk brings them, so the sign-in page's first
 * load does not carry them (tests/budget).
 */
import type { Locale } from './locales';
import type { CompiledCatalogue } from './messages';
import plannerEn from './generated/planner.en.json';
import plannerJa from './generated/planner.ja.json';

export const plannerMessages: Readonly<Record<Locale, Partial<CompiledCatalogue>>> = {
  // The JSON imports are typed structurally (`type: number`); the AST enum is the same numbers.
  ja: plannerJa as Partial<CompiledCatalogue>,
  en: plannerEn as Partial<CompiledCatalogue>,
};
