// Loaded into the bench's server process with `--import` (bench:abuse): it changes nothing in the server,
// it only measures, between the bench's 'monitor-start' and 'monitor-stop' messages, the event loop's delay
// and the garbage collector's pauses, and sends them back over the IPC channel.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import {
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
  type EventLoopUtilization,
  type ELDHistogram,
} from 'node:perf_hooks';

/** What the server process reports for one measured phase (milliseconds). */
export interface ServerMonitorReport {
  loop: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number };
  /**
   * CPU time of the event loop's own thread (Linux: /proc/self/task/<pid>/stat; undefined elsewhere) and of
   * the whole process (every thread: scrypt on the thread pool included), in milliseconds, and the event
   * loop's utilisation (busy share of wall time). Unlike latencies, CPU time barely depends on what else
   * the machine runs.
   */
  cpu: { mainThreadMs: number | undefined; processMs: number; utilisation: number };
}

/** User + system time of the main thread in milliseconds (clock ticks of 10 ms), or undefined. */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * ABUSE_PROFILE_DIR: a CPU profile of the server's event loop for each measured phase (open it in Chrome's
 * DevTools), from the phase's start to its end only.
 */
const profileDir = process.env.ABUSE_PROFILE_DIR;
let inspector: Session | undefined;
let phase = 0;
const post = (method: string) =>
  new Promise<unknown>((resolve, reject) =>
    inspector!.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );

if (process.send) {
  let loop: ELDHistogram | undefined;
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  let start: { main: number | undefined; process: NodeJS.CpuUsage; elu: EventLoopUtilization } | undefined;
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
      if (profileDir) {
        inspector ??= new Session();
        inspector.connect();
        void post('Profiler.enable').then(() => post('Profiler.start'));
      }
      start = {
        main: mainThreadCpuMs(),
        process: process.cpuUsage(),
        elu: performance.eventLoopUtilization(),
      };
    }
    if (message === 'monitor-stop' && loop && start) {
      loop.disable();
      const main = mainThreadCpuMs();
      const used = process.cpuUsage(start.process);
      observer.disconnect();
      const report: ServerMonitorReport = {
        loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        gc,
        cpu: {
          mainThreadMs: main !== undefined && start.main !== undefined ? main - start.main : undefined,
          processMs: (used.user + used.system) / 1000,
          utilisation: performance.eventLoopUtilization(start.elu).utilization,
        },
      };
      if (profileDir && inspector) {
        phase += 1;
        const file = `${profileDir}/phase-${phase}.cpuprofile`;
        void post('Profiler.stop').then((result) => {
          writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
          inspector!.disconnect();
          process.send!(report);
        });
      } else process.send!(report);
    }
  });
  // The channel must not keep the server alive once it has stopped on SIGTERM.
  process.channel?.unref();
}
