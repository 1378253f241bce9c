// Media widget formatters: the audio player and video embeds are React islands the
// host renders; an unknown widget prints nothing.
import type { Formatter, FormatterTable } from '../types.ts';

const widget =
  (name: string): Formatter =>
  (v, args, env) =>
    env.widget(name, v, args) ?? '';

export const CONTENT_WIDGETS = ['audio-player', 'video'] as const;

export const contentWidgets: FormatterTable = Object.fromEntries(
  CONTENT_WIDGETS.map((name) => [name, widget(name)]),
);
