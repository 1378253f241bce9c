/**
 * Script error reports (POST /api/events/RecordJavascriptErrors, docs/behaviour/telemetry.md#script-errors): a JSON
 * list of at most 10 events, each an event name, a data string (JSON) and a timestamp. The data
 * holds site id, template id, page URL, user agent, application name, message, stack, file, line
 * and column. Stacks are cut at 5000 characters here too, whatever the client did.
 */
import { z } from 'zod';
import {
  clientTimeField,
  eventNameField,
  jsonText,
  longText,
  looseIdField,
  shortText,
} from './fields.ts';
import { MAX_QUEUED_ERROR_EVENTS, MAX_STACK_LENGTH } from './limits.ts';

export const MAX_ERROR_DATA_LENGTH = 16 * 1024;

export const scriptErrorData = z.object({
  siteId: looseIdField.optional(),
  templateId: looseIdField.optional(),
  pageUrl: longText.optional(),
  userAgent: z.string().max(512).optional(),
  applicationName: shortText.optional(),
  message: z.string().trim().min(1).max(2000),
  stack: z
    .string()
    .optional()
    .transform((stack) => (stack === undefined ? undefined : stack.slice(0, MAX_STACK_LENGTH))),
  file: longText.optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
  column: z.number().int().min(0).max(10_000_000).optional(),
});
export type ScriptErrorData = z.infer<typeof scriptErrorData>;

export const scriptErrorEvent = z.object({
  eventName: eventNameField,
  data: jsonText(scriptErrorData, MAX_ERROR_DATA_LENGTH),
  timestamp: clientTimeField,
});

export const scriptErrorsBody = z
  .array(scriptErrorEvent)
  .min(1, 'no payload')
  .max(MAX_QUEUED_ERROR_EVENTS);

/** A line that names a stack frame: V8's "    at fn (url:1:2)" or Gecko/WebKit's "fn@url:1:2". */
const FRAME_LINE = /^\s*at\s|@\S+:\d+(:\d+)?\s*$/;

/**
 * The frame errors are grouped by with their message: the first frame line of the stack, else
 * the file:line:column the event named, else ''. Trimmed so indentation does not split groups.
 */
export function topStackFrame(
  data: Partial<Pick<ScriptErrorData, 'stack' | 'file' | 'line' | 'column'>>,
): string {
  for (const line of (data.stack ?? '').split('\n')) {
    if (FRAME_LINE.test(line)) return line.trim().slice(0, 500);
  }
  if (data.file === undefined) return '';
  return [data.file, data.line, data.column]
    .filter((part) => part !== undefined)
    .join(':')
    .slice(0, 500);
}
