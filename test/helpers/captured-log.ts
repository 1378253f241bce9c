/**
 * A log stream for createTestApp: keeps every line the app logs, parsed, so a test can assert
 * that a request logged no warning (Fastify's own 'Reply was already sent' included).
 */
export interface CapturedLog {
  readonly stream: { write(line: string): void };
  readonly lines: ReadonlyArray<{ level: number; msg?: string }>;
  /** Lines at warn (40) or above. */
  warnings(): ReadonlyArray<{ level: number; msg?: string }>;
}

export function captureLog(): CapturedLog {
  const lines: Array<{ level: number; msg?: string }> = [];
  return {
    stream: {
      write(line: string) {
        lines.push(JSON.parse(line) as { level: number; msg?: string });
      },
    },
    lines,
    warnings: () => lines.filter((line) => line.level >= 40),
  };
}
