// The part of autocannon's API the benchmark uses (the package ships no types; @types/autocannon is not
// installed in this workspace).
declare module 'autocannon' {
  namespace autocannon {
    interface Client {
      setHeaders(headers: Record<string, string>): void;
    }
    interface Options {
      url: string;
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
