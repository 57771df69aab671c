/**
 * Give the event loop a turn. Long property tests are CPU-bound and
 * synchronous: a test body that holds the worker for a minute keeps it from
 * answering vitest's RPC ("Timeout calling onTaskUpdate") when files run in
 * parallel on a loaded machine. Async properties that await this after each
 * run keep the same generated inputs (same seed) and let the worker breathe.
 */
export const yieldToWorker = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
