/**
 * An injected fetch for unit tests: records every request and answers from a function, so no global is
 * patched (STYLE: unit tests inject fetch).
 */
export function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request.clone());
    return answer(request);
  };
  return { fetch, requests };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const problemResponse = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'urn:test', title: `status ${status}`, status }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });

export const empty = (status: number) => new Response(null, { status });
