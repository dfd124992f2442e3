// Export-control screening's matching (packages/rules/README.md#screening), its own entry point
// (`@pre-admission/rules/screening`): the server screens; the applicant's screens never load it.
export { normaliseName } from './normalise.ts';
export {
  screen,
  screeningIndex,
  similarMatchThreshold,
  type InstitutionScreening,
  type MatchKind,
  type ScreenedEntry,
  type ScreeningIndex,
  type ScreeningMatch,
} from './screen.ts';
