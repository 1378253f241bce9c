// Media widget formatters: the audio player and video embeds are React islands the host
// renders.
import { widgetFormatters } from '../widget-formatters.ts';

export const CONTENT_WIDGETS = ['audio-player', 'video'] as const;

export const contentWidgets = widgetFormatters(CONTENT_WIDGETS);
