// Social widget formatters: like and share buttons, the Twitter follow button and the
// comments thread are React islands the host renders.
import { widgetFormatters } from '../widget-formatters.ts';

export const SOCIAL_WIDGETS = [
  'like-button',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
  'comments',
] as const;

export const socialWidgets = widgetFormatters(SOCIAL_WIDGETS);
