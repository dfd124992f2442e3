// The shapes every provider state shares (states.ts, passkeyStates.ts): one module that both import, so
// neither imports the other's types.
import type { Deps } from '../account/accounts.ts';
import type { Database } from '../platform/db.ts';
import type { MaintenanceSchedule } from '../platform/maintenance.ts';
import type { PeriodSchedule } from '../application/periods.ts';
import type { Mailer } from '../mail/outbox.ts';

export type StateParams = Record<string, unknown>;
export type StateResult = Record<string, string>;

export interface StateContext extends Deps {
  db: Database;
  /** The server's schedule (Services has it); only the maintenance state needs it. */
  maintenance?: MaintenanceSchedule;
  /** The server's application periods and mailer (Services has them): the application states need them. */
  periods?: PeriodSchedule;
  mailer?: Mailer;
}

/** What a state is for the backend team's own provider (pacts/README.md is generated from these). */
export interface StateDoc {
  /** The sentence, with its variable parts in braces. */
  readonly sentence: string;
  /** What the provider must have set up when it answers the state's request. */
  readonly setsUp: string;
  /** The values it answers with, which an interaction may inject (fromProviderState, `${name}`). */
  readonly returns: readonly string[];
}
