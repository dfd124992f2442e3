// The part of autocannon's API the benchmark uses (the package ships no types; @types/autocannon is not
// installed in this workspace).
declare module 'autocannon' {
  namespace autocannon {
    interface Client {
      setHeaders(headers: Record<string, string>): void;
    }
    /** One request of a sequence each connection walks through (static: cloneable to workers). */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Rewrites the request before each send (not with `workers`). */
      setupRequest?: (request: Request) => Request;
    }
    interface Options {
      url: string;
      /** Load generation in worker threads (functions in the options must then be file paths). */
      workers?: number;
      /** Requests per second from all connections together (per worker with `workers`). */
      overallRate?: number;
      requests?: Request[];
      duration?: number;
      connections?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      setupClient?: (client: Client) => void;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
      max: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
