// The hash's physical limit, shared by bench:abuse (abuse.ts) and bench:compare (benchCompareApi.ts).
import { verifyPassword } from '../src/account/passwords.ts';

/** Hashes per second: `parallel` verifications at a time for `seconds`, as the server verifies. */
export async function hashRate(
  password: string,
  stored: string,
  parallel: number,
  seconds: number,
): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < end) {
        await verifyPassword(password, stored);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}
