// Loaded into the bench's server process with `--import` (bench:abuse): it changes nothing in the server,
// it only measures, between the bench's 'monitor-start' and 'monitor-stop' messages, the event loop's delay
// and the garbage collector's pauses, and sends them back over the IPC channel.
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';

/** What the server process reports for one measured phase (milliseconds). */
export interface ServerMonitorReport {
  loop: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number };
}

if (process.send) {
  let loop: IntervalHistogram | undefined;
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  process.on('message', (message) => {
    if (message === 'monitor-start') {
      loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      gc = { count: 0, totalMs: 0, maxMs: 0 };
      observer.observe({ entryTypes: ['gc'] });
    }
    if (message === 'monitor-stop' && loop) {
      loop.disable();
      observer.disconnect();
      const report: ServerMonitorReport = {
        loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        gc,
      };
      process.send!(report);
    }
  });
  // The channel must not keep the server alive once it has stopped on SIGTERM.
  process.channel?.unref();
}
