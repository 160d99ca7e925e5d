// The calendar reader's thread (ADR 044): reads one file at a time for `calendar-reader.ts`, away from the thread
// that answers requests. Built into its own file beside the server bundle (apps/api/build.mjs).
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type CalendarLimits, CalendarRefusedError, type CalendarWindow, NotACalendarError, readCalendar } from './calendar.ts';
import type { ReadReply } from './calendar-reader.ts';

type ReadTask = { id: number; text: string; window: CalendarWindow; limits: CalendarLimits; lastHash: string | null };

parentPort?.on('message', (task: ReadTask) => {
  let reply: ReadReply;
  try {
    // The file's fingerprint first: the very file read last time is not read again.
    const contentHash = createHash('sha256').update(task.text).digest('base64url');
    const calendar = contentHash === task.lastHash ? null : readCalendar(task.text, task.window, task.limits);
    reply = { id: task.id, ok: true, contentHash, calendar };
  } catch (err) {
    const words = err instanceof CalendarRefusedError ? err.words : err instanceof NotACalendarError ? err.message : null;
    reply = words ? { id: task.id, ok: false, words } : { id: task.id, ok: false, words: null, error: String(err) };
  }
  parentPort?.postMessage(reply);
});

/**
 * Reading is background work: on Linux a thread has a niceness of its own, and this one takes the lowest, so a busy
 * host gives its cores to the threads that answer requests first (elsewhere the call would lower the whole process:
 * it is not made).
 */
const READER_NICENESS = 19;
let niceness = 0;
if (process.platform === 'linux') {
  try {
    setPriority(0, READER_NICENESS);
    niceness = READER_NICENESS;
  } catch {
    // Not allowed here: the thread reads at the process's own priority.
  }
}
// Read files from now on: the reader counts a file's time from here, not from the thread's start.
parentPort?.postMessage({ ready: true, niceness });
