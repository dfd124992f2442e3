// Issue 42: every table, and what it holds of a person. An applicant's account deletion (deletion.ts) must reach
// every row that names the account or its address; `test/retention/deletion.test.ts` fails when a table is
// added without a line here, and again when a deletion leaves anything naming the account behind.

/** How an applicant's account deletion reaches a table's rows about them. */
type Reach =
  /** A foreign key to accounts (or to a row that has one) with `on delete cascade`: gone with the account. */
  | 'cascade'
  /** Rows that name the account without a foreign key to it: deletion.ts deletes them itself. */
  | 'deleted'
  /** Short-lived rows keyed by an address or client: housekeeping deletes them within a day. */
  | 'expires'
  /** Nothing about an applicant (the staff's own, reference data, the schema's own bookkeeping). */
  | 'none';

interface TableCoverage {
  reach: Reach;
  /** What the table holds of a person, and how the deletion reaches it. */
  why: string;
}

export const personalData: Record<string, TableCoverage> = {
  accounts: {
    reach: 'deleted',
    why: 'the account itself: address, password hash, the language and time of its last sign-in and the unused-account warning (migration 17)',
  },
  sessions: { reach: 'cascade', why: 'its sessions' },
  tokens: {
    reach: 'deleted',
    why: 'mailed links: a registration names only the address (no account yet), so they go by address too',
  },
  outbox: {
    reach: 'deleted',
    why: 'mails to its addresses, sent or queued: the queued ones are never sent once it is gone',
  },
  rate_limits: {
    reach: 'expires',
    why: 'counters keyed by an address or a client address, for at most an hour; housekeeping deletes a day-old window',
  },
  reference_lists: { reach: 'none', why: 'the reference data (programmes, teachers, countries…)' },
  plans: { reach: 'cascade', why: 'its saved plan' },
  passkeys: { reach: 'cascade', why: 'its passkeys' },
  webauthn_challenges: {
    reach: 'cascade',
    why: 'its passkey challenges (a sign-in one names no account and lives two minutes)',
  },
  authenticator_apps: { reach: 'cascade', why: 'its authenticator app' },
  recovery_codes: { reach: 'cascade', why: 'its recovery codes (hashes)' },
  second_steps: { reach: 'cascade', why: 'its password sign-ins waiting for a second factor' },
  applications: {
    reach: 'cascade',
    why: "its applications and their answers, and the desk's enrolment mark (migration 17); the five-year clock deletes a decided one on its own (clocks.ts)",
  },
  application_history: { reach: 'cascade', why: "its applications' history (through applications)" },
  application_documents: { reach: 'cascade', why: "its applications' documents (the rows; the files below)" },
  application_notes: { reach: 'cascade', why: "the desk's notes on its applications (through applications)" },
  stored_files: {
    reach: 'deleted',
    why: "its documents' files and previews: deletion.ts deletes them with the account (housekeeping would a day later)",
  },
  stored_file_chunks: { reach: 'cascade', why: "those files' bytes (through stored_files)" },
  consent_requirements: { reach: 'none', why: 'which programme options require a supervisor’s consent' },
  consent_requests: {
    reach: 'cascade',
    why: 'its requests for a supervisor’s consent, with its message and the decision (through accounts and applications)',
  },
  screenings: {
    reach: 'cascade',
    why: "the export-control screenings of its applications: institutions' candidate matches, country facts (through applications)",
  },
  screening_outcomes: {
    reach: 'cascade',
    why: "the desk's outcome of each screening, with its reason (through screenings)",
  },
  staff_accounts: { reach: 'none', why: "the university's staff, not applicants" },
  staff_invitations: { reach: 'none', why: 'staff invitations' },
  staff_sessions: { reach: 'none', why: "staff's sessions" },
  staff_passkeys: { reach: 'none', why: "staff's passkeys" },
  staff_webauthn_challenges: { reach: 'none', why: "staff's passkey challenges" },
  staff_authenticator_apps: { reach: 'none', why: "staff's authenticator apps" },
  staff_recovery_codes: { reach: 'none', why: "staff's recovery codes" },
  staff_second_steps: { reach: 'none', why: "staff's second steps" },
  schema_migrations: { reach: 'none', why: 'which migrations have run' },
  health_probe: { reach: 'none', why: "the readiness check's test write" },
};
