/**
 * Seconds a browser may reuse a reference list without asking (then it revalidates with its ETag): the
 * server's `Cache-Control: public, max-age` on the lists (apps/api/src/plugins/apiRoutes.ts), and so how long
 * the app lets a list one screen fetched serve another screen (apps/web/src/referenceData/queries.ts).
 */
export const REFERENCE_LIST_MAX_AGE = 300;
