// Schema migrations, applied in order at start (db.ts). Never edit an applied migration: add a new one.
// Times are timestamptz written from the application's clock, so tests can move time.

export interface Migration {
  id: number;
  name: string;
  statements: string[];
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'accounts, sessions, tokens, outbox, rate limits, reference data',
    statements: [
      `create table accounts (
        id bigint generated always as identity primary key,
        email text not null,
        password_hash text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`,
      // One account per address, compared case-insensitively; the index decides concurrent registrations.
      'create unique index accounts_email_lower on accounts (lower(email))',
      `create table sessions (
        id_hash text primary key,
        account_id bigint not null references accounts (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      )`,
      'create index sessions_account on sessions (account_id)',
      `create table tokens (
        token_hash text primary key,
        kind text not null check (kind in ('registration', 'password_reset', 'email_change')),
        email text not null,
        account_id bigint references accounts (id) on delete cascade,
        new_email text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`,
      `create table outbox (
        id bigint generated always as identity primary key,
        to_address text not null,
        subject text not null,
        body text not null,
        created_at timestamptz not null,
        smtp_status text not null default 'not_configured',
        smtp_error text
      )`,
      `create table rate_limits (
        key text primary key,
        window_start timestamptz not null,
        count integer not null
      )`,
      `create table reference_lists (
        name text primary key,
        items jsonb not null,
        updated_at timestamptz not null
      )`,
    ],
  },
  {
    id: 2,
    name: 'outbox: retries with backoff, claims, links kept only while needed',
    statements: [
      // A body (it holds the live link) is dropped once the mail is delivered or given up (mail.ts) and, for
      // mails never sent by SMTP, by housekeeping after a few days.
      'alter table outbox alter column body drop not null',
      // What the mail is (its link's lifetime decides when an unsent mail is given up).
      'alter table outbox add column kind text',
      'alter table outbox add column expires_at timestamptz',
      'alter table outbox add column attempts integer not null default 0',
      'alter table outbox add column next_attempt_at timestamptz',
      // A worker that takes a mail holds it until then; another process takes it only after that.
      'alter table outbox add column claimed_until timestamptz',
      'alter table outbox add column sent_at timestamptz',
      `update outbox set expires_at = created_at + interval '1 day'`,
      // Mails whose send failed before retries existed are retried now (or given up if their link is dead).
      `update outbox set smtp_status = 'queued', next_attempt_at = created_at where smtp_status in ('queued', 'failed')`,
      `create index outbox_due on outbox (next_attempt_at) where smtp_status = 'queued'`,
    ],
  },
  {
    id: 3,
    name: 'credential versions on accounts, sessions and tokens',
    // docs/security.md#credential-version: a password change, a reset and an e-mail change raise the
    // account's version; a session or a reset/e-mail-change token of an older version is dead.
    statements: [
      'alter table accounts add column credential_version integer not null default 0',
      'alter table sessions add column credential_version integer not null default 0',
      'alter table tokens add column credential_version integer not null default 0',
    ],
  },
  {
    id: 4,
    name: 'sessions: the last use, for the idle timeout',
    // docs/security.md#session-timeout: a session ends an idle time after its last use by the applicant,
    // and at expires_at (the absolute lifetime) whatever happens.
    statements: [
      'alter table sessions add column last_used_at timestamptz',
      'update sessions set last_used_at = created_at',
      'alter table sessions alter column last_used_at set not null',
    ],
  },
  {
    id: 5,
    name: 'token traces: why a link is refused',
    // docs/behaviour.md#link-states: a refused link says why (used, expired, superseded by a newer mail to the
    // same address). `used_at` and `expires_at` already tell two; `superseded_at` is set when a newer link of
    // the same kind goes to the same address, `ended_at` when a credential change ended the link
    // (docs/security.md#credential-version). Only the token's hash is ever stored; housekeeping deletes the
    // row a week after it stopped being live (apps/api/src/platform/housekeeping.ts).
    statements: [
      'alter table tokens add column superseded_at timestamptz',
      'alter table tokens add column ended_at timestamptz',
      // Before each new link: the pending links of the same kind to the same address.
      "create index tokens_recipient on tokens (kind, lower(email), lower(coalesce(new_email, '')))",
      // Links a change ended before this migration stay marked used: the rows cannot tell them apart.
    ],
  },
  {
    id: 6,
    name: 'plans: one pre-application plan per account',
    // docs/behaviour.md#rules: the plan as the applicant saved it (openapi.yaml Plan), replaced whole on each save;
    // it goes with its account.
    statements: [
      `create table plans (
        account_id bigint primary key references accounts (id) on delete cascade,
        plan jsonb not null,
        updated_at timestamptz not null
      )`,
    ],
  },
  {
    id: 7,
    name: "token kinds: the mails' names (passwordReset, emailChange)",
    // Issue 26, one name per idea: a link's kind is spelt as the mail that carries it, its limit and its
    // lifetime setting are (tokens.ts LinkKind), so no mapping stands at the SQL boundary. The check is
    // replaced around the update: the old one refuses the new spelling, the new one the old.
    statements: [
      'alter table tokens drop constraint tokens_kind_check',
      `update tokens set kind = case kind when 'password_reset' then 'passwordReset' when 'email_change'
        then 'emailChange' else kind end where kind in ('password_reset', 'email_change')`,
      `alter table tokens add constraint tokens_kind_check
        check (kind in ('registration', 'passwordReset', 'emailChange'))`,
    ],
  },
  {
    id: 8,
    name: 'passkeys, the authenticator app, recovery codes, second steps and recent sign-ins',
    // Issue 28 (docs/security.md#passkeys, #second-factor, #recent-sign-in). Every secret the server only
    // checks is stored as its hash (challenges' cookies, second steps' cookies, recovery codes); a passkey's
    // public key and an app's secret are stored as they are needed to check.
    statements: [
      `create table passkeys (
        id bigint generated always as identity primary key,
        account_id bigint not null references accounts (id) on delete cascade,
        credential_id text not null unique,
        public_key bytea not null,
        counter bigint not null default 0,
        transports text[] not null default '{}',
        device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
        backed_up boolean not null,
        name text not null,
        created_at timestamptz not null,
        last_used_at timestamptz
      )`,
      'create index passkeys_account on passkeys (account_id)',
      // The opaque WebAuthn user handle of an account (never its address or row id), made when it first
      // adds a passkey.
      'alter table accounts add column webauthn_user_id text unique',
      // A challenge names the browser (its challenge cookie's hash) or, for adding a passkey, the session.
      `create table webauthn_challenges (
        id_hash text primary key,
        purpose text not null check (purpose in ('signIn', 'addPasskey')),
        challenge text not null,
        account_id bigint references accounts (id) on delete cascade,
        session_hash text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`,
      `create table authenticator_apps (
        account_id bigint primary key references accounts (id) on delete cascade,
        secret text not null,
        setup_started_at timestamptz not null,
        on_since timestamptz,
        last_step bigint
      )`,
      `create table recovery_codes (
        account_id bigint not null references accounts (id) on delete cascade,
        code_hash text not null,
        created_at timestamptz not null,
        used_at timestamptz,
        primary key (account_id, code_hash)
      )`,
      `create table second_steps (
        id_hash text primary key,
        account_id bigint not null references accounts (id) on delete cascade,
        credential_version integer not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`,
      // The sign-in or the last confirmation of the session (docs/security.md#recent-sign-in).
      'alter table sessions add column confirmed_at timestamptz',
      'update sessions set confirmed_at = created_at',
      'alter table sessions alter column confirmed_at set not null',
    ],
  },
  {
    id: 9,
    name: 'consecutive second-factor failures on accounts',
    // Issue 39, item 2 (docs/security.md#second-factor): wrong codes and recovery codes in a row, whatever the
    // client, and when the next one may be checked. Only a successful second step, a password reset or the
    // desk sets them back.
    statements: [
      'alter table accounts add column second_factor_failures integer not null default 0',
      'alter table accounts add column second_factor_retry_at timestamptz',
    ],
  },
  {
    id: 10,
    name: 'applications and their history',
    // Issue 38 (docs/behaviour.md#applications): an applicant's applications, each answer section a key of
    // `answers`, and one history row per change of status. The id is random (128 bits, base64url), never a
    // row number: another account's id cannot be guessed (docs/security.md#applications). The two partial
    // unique indexes are what decides parallel requests: one draft per account and kind, and one open
    // application per account, kind and period, so two submissions at once cannot both win.
    statements: [
      `create table applications (
        id text primary key,
        account_id bigint not null references accounts (id) on delete cascade,
        student_type text not null
          check (student_type in ('researchStudent', 'master', 'doctoral', 'exchange')),
        program_id integer,
        status text not null
          check (status in ('draft', 'submitted', 'underReview', 'returned', 'resubmitted', 'decided', 'withdrawn')),
        answers jsonb not null,
        period_id text,
        reference text unique,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        submitted_at timestamptz,
        reopened jsonb,
        decision jsonb
      )`,
      'create index applications_account on applications (account_id, updated_at desc)',
      `create unique index applications_one_draft on applications (account_id, student_type)
        where status = 'draft'`,
      `create unique index applications_one_open on applications (account_id, student_type, period_id)
        where status in ('submitted', 'underReview', 'returned', 'resubmitted')`,
      `create table application_history (
        application_id text not null references applications (id) on delete cascade,
        seq integer not null,
        status text not null,
        at timestamptz not null,
        reason text,
        reopened jsonb,
        decision jsonb,
        primary key (application_id, seq)
      )`,
    ],
  },
  {
    id: 11,
    name: 'application documents',
    // Issue 38 (routes/applicationDocuments.ts): one row per file in an application's document slot, its bytes
    // in stored_files (migration 12: the original, and an image's preview). A discarded draft takes its
    // documents with it (on delete cascade); their stored files are swept by housekeeping. account_id repeats
    // the application's owner so that every read names the account.
    statements: [
      `create table application_documents (
        id text primary key,
        application_id text not null references applications (id) on delete cascade,
        account_id bigint not null references accounts (id) on delete cascade,
        slot_kind text not null check (slot_kind in ('certificate', 'material')),
        slot_type_id integer not null,
        file_id text not null,
        preview_file_id text,
        display_name text not null,
        media_type text not null,
        size integer not null,
        created_at timestamptz not null
      )`,
      'create index application_documents_application on application_documents (application_id, created_at)',
    ],
  },
  {
    id: 12,
    name: 'stored files: uploaded bytes in chunks',
    // Issue 38 (application/files/storage.ts): a file is written chunk by chunk, each its own statement, so
    // its size and hash are set only once its last chunk is in; a row without them is an upload in progress
    // or one a crash interrupted. The chunks go with their file.
    statements: [
      `create table stored_files (
        id text primary key,
        size bigint,
        sha256 text,
        created_at timestamptz not null
      )`,
      `create table stored_file_chunks (
        file_id text not null references stored_files (id) on delete cascade,
        seq integer not null,
        bytes bytea not null,
        primary key (file_id, seq)
      )`,
    ],
  },
  {
    id: 13,
    name: 'staff accounts: the desk, offices, supervisors and exchange staff, apart from applicants',
    // Issue 40, item 1 (docs/security.md#staff). Tables of their own, never a kind column on the applicants':
    // no applicant query can return a staff row, and no staff query an applicant's. The second-factor and session
    // tables are twins of the applicant's (account/realm.ts), `account_id` naming the staff account, so the account
    // machinery is written once. The role is read at every request (a change or removal takes effect on the next one); a
    // removed account keeps its row (a later history entry may name it) and signs in no more. `office_id` is
    // an office of the reference lists (offices.json), `teacher_id` a teacher (teachers.json): the operator
    // command checks them, the checks below that each role has exactly the reference it needs.
    statements: [
      `create table staff_accounts (
        id bigint generated always as identity primary key,
        email text not null,
        password_hash text,
        role text not null check (role in ('desk', 'office', 'supervisor', 'exchange')),
        office_id integer,
        teacher_id integer,
        credential_version integer not null default 0,
        webauthn_user_id text unique,
        second_factor_failures integer not null default 0,
        second_factor_retry_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        removed_at timestamptz,
        check ((role = 'office') = (office_id is not null)),
        check ((role = 'supervisor') = (teacher_id is not null))
      )`,
      // One live staff account per address, compared case-insensitively; a removed one may be invited again.
      'create unique index staff_accounts_email_lower on staff_accounts (lower(email)) where removed_at is null',
      // The invitation's link: only its hash; used once, superseded by a newer invitation to the account.
      `create table staff_invitations (
        token_hash text primary key,
        account_id bigint not null references staff_accounts (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        superseded_at timestamptz
      )`,
      'create index staff_invitations_account on staff_invitations (account_id)',
      // The twins: each applicant table's columns, defaults, checks and indexes as they are (LIKE … INCLUDING
      // ALL), their account the staff's (LIKE copies no foreign key).
      ...[
        'sessions',
        'second_steps',
        'passkeys',
        'webauthn_challenges',
        'authenticator_apps',
        'recovery_codes',
      ].flatMap((table) => [
        `create table staff_${table} (like ${table} including all)`,
        `alter table staff_${table} add foreign key (account_id) references staff_accounts (id) on delete cascade`,
      ]),
    ],
  },
  {
    id: 14,
    name: "the desk's work on applications: who changed what, internal notes, the list's columns and indexes",
    // Issue 40 (docs/security.md#staff, apps/api/src/desk/). The history names the staff member and the role
    // they had for a change the staff made (null for the applicant's own); notes are a table of their own, which
    // no applicant query reads, so a note can never reach the applicant's API. The applicant's language is kept
    // at each submission, so that the desk's mails are written in it. The list's filters and search read stored
    // generated columns, each the answers' own value: the prospective supervisor, the nationality, and the
    // name in NFKC lower case (docs/behaviour.md#the-desk: width- and case-insensitive search), so the answers
    // stay the one source. Partial indexes leave drafts out, as the list does.
    statements: [
      "alter table applications add column locale text check (locale in ('ja', 'en'))",
      `alter table applications add column teacher_id integer
        generated always as ((answers -> 'choices' ->> 'teacherId')::integer) stored`,
      `alter table applications add column nationality_id integer
        generated always as ((answers -> 'personal' ->> 'nationalityId')::integer) stored`,
      `alter table applications add column search_name text
        generated always as (lower(normalize(
          coalesce(answers -> 'personal' ->> 'familyName', '') || ' ' ||
          coalesce(answers -> 'personal' ->> 'givenNames', '') || ' ' ||
          coalesce(answers -> 'personal' ->> 'nameJa', ''), NFKC))) stored`,
      `create index applications_desk_submitted on applications (submitted_at desc, id desc) where status <> 'draft'`,
      `create index applications_desk_status on applications (status, submitted_at desc) where status <> 'draft'`,
      `create index applications_desk_kind on applications (student_type, submitted_at desc) where status <> 'draft'`,
      `create index applications_desk_teacher on applications (teacher_id, submitted_at desc) where status <> 'draft'`,
      `create index applications_desk_programme on applications (program_id, submitted_at desc) where status <> 'draft'`,
      `create index applications_desk_period on applications (period_id, submitted_at desc) where status <> 'draft'`,
      `create index applications_desk_nationality on applications (nationality_id, submitted_at desc)
        where status <> 'draft'`,
      'alter table application_history add column staff_id bigint references staff_accounts (id)',
      `alter table application_history add column staff_role text
        check (staff_role in ('desk', 'office', 'supervisor', 'exchange'))`,
      `create table application_notes (
        id bigint generated always as identity primary key,
        application_id text not null references applications (id) on delete cascade,
        staff_id bigint not null references staff_accounts (id),
        staff_role text not null check (staff_role in ('desk', 'office', 'supervisor', 'exchange')),
        text text not null,
        at timestamptz not null
      )`,
      'create index application_notes_application on application_notes (application_id, id)',
    ],
  },
  {
    id: 15,
    name: "the supervisor's consent: which programme options require it, and the requests",
    // Issue 40, item 2 (docs/behaviour.md#supervisor-consent). Which programme options require consent before
    // submission is data an operator sets (`npm run consent`, docs/operations.md#supervisor-consent), as the
    // periods are. A request names the application, its owner and the teacher asked; the research plan is a
    // reference to the application's document (gone with it: the name stays). One request waits per
    // application at a time: the partial unique index decides two asked at once. Who closed a request and when
    // is on its row: the applicant (withdrawn), the supervisor (decided_by) or housekeeping (expired).
    statements: [
      `create table consent_requirements (
        program_id integer primary key,
        set_at timestamptz not null
      )`,
      `create table consent_requests (
        id text primary key,
        seq bigint generated always as identity,
        application_id text not null references applications (id) on delete cascade,
        account_id bigint not null references accounts (id) on delete cascade,
        teacher_id integer not null,
        message text not null,
        research_plan_document_id text references application_documents (id) on delete set null,
        research_plan_name text not null,
        locale text not null check (locale in ('ja', 'en')),
        status text not null check (status in ('requested', 'accepted', 'declined', 'expired', 'withdrawn')),
        requested_at timestamptz not null,
        expires_at timestamptz not null,
        closed_at timestamptz,
        decided_by bigint references staff_accounts (id),
        decided_role text check (decided_role in ('desk', 'office', 'supervisor', 'exchange')),
        reason jsonb,
        response text
      )`,
      `create unique index consent_requests_one_pending on consent_requests (application_id)
        where status = 'requested'`,
      'create index consent_requests_application on consent_requests (application_id, seq desc)',
      'create index consent_requests_teacher on consent_requests (teacher_id, seq desc)',
      `create index consent_requests_expiry on consent_requests (expires_at) where status = 'requested'`,
    ],
  },
  {
    id: 16,
    name: "the staff's daily summary: whether each wants it, and the last day it was sent",
    // Issue 40, item 4 (desk/dailySummary.ts): on by default; the day claimed in the transaction that queues it.
    statements: [
      'alter table staff_accounts add column summary_mail boolean not null default true',
      'alter table staff_accounts add column summary_sent_on date',
    ],
  },
  {
    id: 17,
    name: "the retention clocks: an account's last sign-in, its language for mails, the warning; enrolment",
    // Issue 42 (docs/operations.md#retention). An account is unused from its last successful sign-in (a password,
    // a passkey or a second step: account/accounts.ts recordSignIn); an existing account counts from its
    // creation. Its language is the one of its last sign-in, for the mails the clocks send it (none kept before:
    // null until it signs in, and such a mail is written in both languages). `deletion_warned_at` is set in the
    // same transaction as the warning's mail is queued, so a warning is sent once and a run that crashed is
    // resumed from the rows; a sign-in clears it. `enrolled_at` is the desk's mark that the applicant enrolled
    // (`npm run applications:enrolled`): the five-year clock leaves such an application to the student record.
    statements: [
      'alter table accounts add column last_sign_in_at timestamptz',
      'update accounts set last_sign_in_at = created_at',
      'alter table accounts alter column last_sign_in_at set not null',
      "alter table accounts add column locale text check (locale in ('ja', 'en'))",
      'alter table accounts add column deletion_warned_at timestamptz',
      'create index accounts_last_sign_in on accounts (last_sign_in_at)',
      'alter table applications add column enrolled_at timestamptz',
    ],
  },
  {
    id: 18,
    name: "export-control screening: each screening of an application and the desk's outcome",
    // Issue 41 (apps/api/src/screening/, docs/behaviour.md#export-control-screening). A screening is written in
    // the transaction that asks for a supervisor's consent or submits (`trigger`; `relist` is for re-screening
    // when the users list changes, not built yet), with the version of the users list it read (a hash of the
    // loaded list), its result, every candidate match (entry, matched name, score, kind, weapon concerns) and
    // the country-group facts. The desk's outcome is one row per screening (the unique key decides two at once),
    // with its reason and who recorded it. Neither table is read by any applicant query.
    statements: [
      `create table screenings (
        id bigint generated always as identity primary key,
        application_id text not null references applications (id) on delete cascade,
        at timestamptz not null,
        trigger text not null check (trigger in ('consent_request', 'submission', 'relist')),
        list_version text not null,
        result text not null check (result in ('clear', 'needs_review')),
        matches jsonb not null,
        country_facts jsonb not null
      )`,
      'create index screenings_application on screenings (application_id, id desc)',
      `create table screening_outcomes (
        screening_id bigint primary key references screenings (id) on delete cascade,
        outcome text not null check (outcome in ('cleared', 'cleared_with_conditions', 'not_cleared')),
        reason text not null,
        staff_id bigint not null references staff_accounts (id),
        at timestamptz not null
      )`,
    ],
  },
];
