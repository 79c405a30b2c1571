// Gives the main thread back to the browser between pieces of work, so a long job becomes short tasks
// (each under the 50 ms that counts as a long task on a phone): a tap, a frame or a network answer can
// run in between. scheduler.yield() where the browser has it (Chromium: the job resumes before other
// queued tasks), else a new task.
interface SchedulerWithYield {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
