/**
 * A fake XMLHttpRequest for the collector's tests: each instance is kept, and the test answers
 * it (status and body), times it out or fails it.
 */
export class FakeXhr {
  static readonly made: FakeXhr[] = [];
  method = '';
  url = '';
  body: unknown = undefined;
  timeout = 0;
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.made.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body?: unknown): void {
    this.body = body;
  }

  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}
