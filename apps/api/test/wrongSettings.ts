// Seven wrong settings at once, for the two tests that see them all named, one problem each in the settings
// table's order: loadConfig's (settings.test.ts) and the process's at start (process.test.ts).

/** Two of them hold a secret (a URL's password, PROVIDER_STATES_SECRET) that no message may repeat. */
export const WRONG_SETTINGS = {
  NODE_ENV: 'prod',
  PORT: '',
  PUBLIC_URL: 'not a url',
  SMTP_URL: 'smtp://mailer:s3cret-smtp-pass@',
  LOG_LEVEL: 'verbose',
  VALIDATE_RESPONSES: 'yes',
  PROVIDER_STATES_SECRET: 'hunter2',
};

/** The variables in the order their problems come: the settings table's, not the order above. */
export const WRONG_SETTING_NAMES = [
  'NODE_ENV',
  'PORT',
  'PUBLIC_URL',
  'SMTP_URL',
  'PROVIDER_STATES_SECRET',
  'LOG_LEVEL',
  'VALIDATE_RESPONSES',
];

export const WRONG_SETTINGS_SECRETS = /s3cret|hunter2/;
