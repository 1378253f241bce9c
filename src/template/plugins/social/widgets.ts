// Social widget formatters: like and share buttons, the Twitter follow button and the
// comments thread are React islands the host renders; an unknown widget prints nothing.
import type { Formatter, FormatterTable } from '../types.ts';

const widget =
  (name: string): Formatter =>
  (v, args, env) =>
    env.widget(name, v, args) ?? '';

export const SOCIAL_WIDGETS = [
  'like-button',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
  'comments',
] as const;

export const socialWidgets: FormatterTable = Object.fromEntries(
  SOCIAL_WIDGETS.map((name) => [name, widget(name)]),
);
