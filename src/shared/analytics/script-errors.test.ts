import { describe, expect, it } from 'vitest';
import { MAX_STACK_LENGTH } from './limits.ts';
import { scriptErrorData, scriptErrorsBody, topStackFrame } from './script-errors.ts';

describe('topStackFrame', () => {
  it('takes the first V8 frame, trimmed', () => {
    expect(
      topStackFrame({ stack: 'TypeError: x\n    at render (a.js:1:2)\n    at main (a.js:3:4)' }),
    ).toBe('at render (a.js:1:2)');
  });
  it('takes the first Gecko/WebKit frame', () => {
    expect(topStackFrame({ stack: 'render@https://x/a.js:1:2\nmain@https://x/a.js:3:4' })).toBe(
      'render@https://x/a.js:1:2',
    );
  });
  it('falls back to file:line:column, then nothing', () => {
    expect(topStackFrame({ stack: 'no frames here', file: 'a.js', line: 3, column: 9 })).toBe(
      'a.js:3:9',
    );
    expect(topStackFrame({ file: 'a.js' })).toBe('a.js');
    expect(topStackFrame({})).toBe('');
  });
});

describe('script error payloads', () => {
  it('cut the stack at 5000 characters', () => {
    const parsed = scriptErrorData.parse({
      message: 'm',
      stack: 'x'.repeat(MAX_STACK_LENGTH + 10),
    });
    expect(parsed.stack).toHaveLength(MAX_STACK_LENGTH);
  });
  it("take 1 to 10 events; none is 'no payload'", () => {
    const event = { eventName: 'e', data: JSON.stringify({ message: 'm' }), timestamp: 1 };
    expect(scriptErrorsBody.safeParse(Array.from({ length: 10 }, () => event)).success).toBe(true);
    expect(scriptErrorsBody.safeParse(Array.from({ length: 11 }, () => event)).success).toBe(false);
    expect(scriptErrorsBody.safeParse([]).error?.issues[0]?.message).toBe('no payload');
  });
});
