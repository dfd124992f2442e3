// The announced maintenance stops (docs/operations.md#maintenance-windows): the sign-in and registration pages read
// them at run time. Each field the notice shows is pinned: the dates (which the adapter turns into Date values)
// and the desk's text in both languages. A failed read shows no notice (apps/web/src/maintenance), so there is no
// failure table to pin.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import { createPact, dateTime, interactionTest, jsonResponse, states } from './support/pact';

const { eachLike, like } = MatchersV3;
const pact = createPact();

describe('the maintenance stops', () => {
  interactionTest(pact, 'reads the announced stops: 200 with dates and text in both languages', {
    given: [states.maintenanceAnnounced],
    uponReceiving: 'a GET of the maintenance stops while one is announced',
    request: { method: 'GET', path: '/api/maintenance-windows' },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody(
          eachLike({
            start: dateTime('2099-03-01T08:00:00.000Z'),
            end: dateTime('2099-03-02T01:00:00.000Z'),
            text: {
              ja: like('この間は出願準備の保存もできません。'),
              en: like('You cannot save your application plan during this time.'),
            },
          }),
        );
      },
    },
    test: async (api) => {
      const [window] = await api.listMaintenanceWindows();
      expect(window?.start).toEqual(new Date('2099-03-01T08:00:00.000Z'));
      expect(window?.end).toEqual(new Date('2099-03-02T01:00:00.000Z'));
      expect(window?.text.en).toBe('You cannot save your application plan during this time.');
    },
  });
});
