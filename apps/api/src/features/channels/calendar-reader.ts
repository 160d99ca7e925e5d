import { Worker } from 'node:worker_threads';
import {
  CALENDAR_LIMITS,
  type CalendarLimits,
  CalendarRefusedError,
  type CalendarWindow,
  NotACalendarError,
  type ParsedCalendar,
} from './calendar.ts';
import { CHANNEL_API_MSG } from './messages.ts';

/** A file read: its fingerprint, and its events unless it is the very file read last time (then null). */
export type ReadResult = { contentHash: string; calendar: ParsedCalendar | null };

/** What the reader's thread answers to one file. */
export type ReadReply = ({ id: number; ok: true } & ReadResult) | { id: number; ok: false; words: string | null; error?: string };

/** How many times its reading budget a read may last by the wall clock (the thread reads at the lowest priority). */
const WALL_TIMES = 12;

type Task = {
  id: number;
  text: string;
  window: CalendarWindow;
  lastHash: string | null;
  resolve: (r: ReadResult) => void;
  reject: (err: Error) => void;
};

/**
 * The reader's thread: dist/calendar-worker.js beside the server bundle, or this folder's calendar.worker.ts run
 * through tsx when the sources run (tests, `npm run dev`).
 */
function startWorker(): Worker {
  const bundled = !import.meta.url.endsWith('.ts');
  const file = bundled ? new URL('./calendar-worker.js', import.meta.url) : new URL('./calendar.worker.ts', import.meta.url);
  return new Worker(file, {
    execArgv: bundled ? [] : ['--import', 'tsx'],
    // A file of at most 2 MB within the limits parses in a few MB; a heap this size ends one that would not.
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
  });
}

/**
 * Reads calendar files in a thread of their own, one at a time, each within `readMs` of the thread's time and `limits`
 * (ADR 044): the thread that answers requests never parses a feed, the reading thread yields to it (the lowest
 * priority), and a file that takes longer, or more memory than the thread has, ends the thread (a new one reads the
 * next file) and is refused with the reason in words.
 */
export class CalendarReader {
  #worker: Worker | null = null;
  #ready = false;
  #queue: Task[] = [];
  #current: Task | null = null;
  #timer: NodeJS.Timeout | null = null;
  #nextId = 1;
  #niceness: number | null = null;

  constructor(
    private readonly readMs: number,
    private readonly limits: CalendarLimits = CALENDAR_LIMITS,
  ) {}

  /** The reading thread's niceness once it has started (19 on Linux: it yields to every other thread). */
  get niceness(): number | null {
    return this.#niceness;
  }

  /**
   * Reads `text` within `window`: its fingerprint (sha-256), and its events unless the fingerprint is `lastHash`.
   * Everything a file costs, hashing included, is spent in the reading thread.
   */
  read(text: string, window: CalendarWindow, lastHash: string | null = null): Promise<ReadResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, text, window, lastHash, resolve, reject });
      this.#pump();
    });
  }

  /** Ends the thread (a later read starts another). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#drop();
    await worker?.terminate();
  }

  #pump() {
    if (this.#current || this.#queue.length === 0) return;
    if (!this.#worker) this.#start();
    if (!this.#ready) return;
    const task = this.#queue.shift();
    if (!task || !this.#worker) return;
    this.#current = task;
    const { id, text, window, lastHash } = task;
    this.#worker.postMessage({ id, text, window, lastHash, limits: this.limits });
    this.#watch(this.#worker, task);
  }

  /**
   * Ends `task`'s read once the thread has spent readMs of its own time on it, or, on a host too busy to give a
   * thread at the lowest priority any time, once WALL_TIMES × readMs have passed. The thread's own time is what a
   * file costs; where a thread's time cannot be read, the wall clock counts it.
   */
  #watch(worker: Worker, task: Task) {
    const refuse = (ms: number) => this.#fail(new CalendarRefusedError(CHANNEL_API_MSG.tookTooLongToRead(ms)));
    if (typeof worker.cpuUsage !== 'function') {
      this.#timer = setTimeout(() => refuse(this.readMs), this.readMs);
      return;
    }
    const startedAt = performance.now();
    const spent = async () => {
      const { user, system } = await worker.cpuUsage();
      return (user + system) / 1000;
    };
    const from = spent();
    const tick = Math.max(10, Math.min(100, this.readMs / 10));
    const check = async () => {
      const used = (await spent().catch(() => 0)) - (await from.catch(() => 0));
      if (this.#current !== task) return;
      if (used > this.readMs) refuse(this.readMs);
      else if (performance.now() - startedAt > this.readMs * WALL_TIMES) refuse(this.readMs * WALL_TIMES);
      else this.#timer = setTimeout(check, tick);
    };
    this.#timer = setTimeout(check, tick);
  }

  #start() {
    const worker = startWorker();
    this.#worker = worker;
    this.#ready = false;
    worker.unref();
    worker.on('message', (msg: ReadReply | { ready: true; niceness: number }) => {
      if (worker !== this.#worker) return;
      if ('ready' in msg) {
        this.#ready = true;
        this.#niceness = msg.niceness;
        this.#pump();
        return;
      }
      const task = this.#current;
      if (!task || task.id !== msg.id) return;
      this.#settle();
      if (msg.ok) task.resolve({ contentHash: msg.contentHash, calendar: msg.calendar });
      else if (msg.words === CHANNEL_API_MSG.notCalendar) task.reject(new NotACalendarError());
      else if (msg.words) task.reject(new CalendarRefusedError(msg.words));
      else task.reject(new Error(msg.error ?? 'calendar reader failed'));
      this.#pump();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (worker !== this.#worker) return;
      // Out of memory is the file's doing; anything else (a thread that could not start) is ours.
      this.#fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarRefusedError(CHANNEL_API_MSG.tooComplex) : err);
    });
    worker.on('exit', () => {
      if (worker !== this.#worker) return;
      this.#fail(new CalendarRefusedError(CHANNEL_API_MSG.tooComplex));
    });
  }

  /** The file being read fails with `err`; the thread is ended (unless it is gone) and the next file gets a new one. */
  #fail(err: Error) {
    const task = this.#current;
    const worker = this.#worker;
    this.#drop();
    void worker?.terminate();
    if (task) task.reject(err);
    else for (const t of this.#queue.splice(0)) t.reject(err);
    this.#pump();
  }

  #settle() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#current = null;
  }

  #drop() {
    this.#settle();
    this.#worker = null;
    this.#ready = false;
  }
}
