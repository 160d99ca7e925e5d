/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    type Request = {
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request is sent; returns the request to send. */
      setupRequest?: (req: Request & { path: string }) => Request & { path: string };
    };
    type Options = {
      url?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      method?: Request['method'];
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      timeout?: number;
    };
    type Histogram = {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      p999: number;
      total: number;
    };
    type Result = {
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      duration: number;
    };
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
