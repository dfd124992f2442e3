// The shared parts every other plugin uses: configuration, clock, database, contract and mailer, as the
// `services` decorator of the whole app (wrapped with fastify-plugin so that it is not encapsulated). It
// also seeds the reference lists once at start.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Contract } from '../platform/contract.ts';
import type { Database } from '../platform/db.ts';
import { createMailer } from '../mail/outbox.ts';
import { MaintenanceSchedule } from '../platform/maintenance.ts';
import { PeriodSchedule } from '../application/periods.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { PasswordHasher } from '../account/passwords.ts';
import { seedReferenceData } from '../reference/referenceData.ts';
import type { Services } from '../services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface ServicesOptions {
  config: Config;
  clock: Clock;
  db: Database;
  contract: Contract;
  passwords: PasswordHasher;
  metrics: Metrics;
}

async function register(app: FastifyInstance, options: ServicesOptions): Promise<void> {
  const { config, clock, db, contract, passwords, metrics } = options;
  const mailer = createMailer(
    config,
    clock,
    app.log,
    () => db,
    (outcome) => metrics.mails.inc({ outcome }),
  );
  metrics.watch({ passwords, db, now: () => clock.now() });
  const maintenance = new MaintenanceSchedule(config.maintenanceFile);
  // Read now, so that a development start with a broken file says so at once (production refused it already).
  maintenance.current(clock.now(), {
    error: (line) => app.log.error(line),
    info: (line) => app.log.info(line),
  });
  const periods = new PeriodSchedule(config.periodsFile);
  // The same for the periods: a development start on a broken file says so at once.
  periods.all({ error: (line) => app.log.error(line), info: (line) => app.log.info(line) });
  app.decorate('services', {
    config,
    clock,
    db,
    contract,
    mailer,
    passwords,
    metrics,
    maintenance,
    periods,
  });
  await seedReferenceData(db, clock);
}

export const servicesPlugin = fp(register, { name: 'services', fastify: '5.x' });
