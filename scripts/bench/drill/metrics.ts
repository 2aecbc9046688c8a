/**
 * The counters an operator would watch for failures: in each shard's /metrics (Prometheus's
 * text format), the counters whose names speak of errors, failures or retries.
 */

const FAILURE_NAME = /error|fail|retr/i;

/** `name{labels}` → value of each such counter; empty when the port does not answer. */
export async function failureCounters(port: number): Promise<Map<string, number>> {
  const counters = new Map<string, number>();
  let text: string;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return counters;
    text = await response.text();
  } catch {
    return counters;
  }
  const kinds = new Map<string, string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) kinds.set(type[1] as string, type[2] as string);
    if (line.startsWith("#") || line.trim() === "") continue;
    const sample = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!sample) continue;
    const name = sample[1] as string;
    if (kinds.get(name) !== "counter" || !FAILURE_NAME.test(name)) continue;
    counters.set(`${name}${sample[2] ?? ""}`, Number(sample[3]));
  }
  return counters;
}
