/**
 * The promotional popup island's props, built on the server from the site's popup setting
 * (settings.ts) and, for a sign-up popup, the newsletter form's view. JSON only.
 */
import type { PageFormProps } from '../forms/page-form-view.ts';
import type { PromoPopupTrigger } from './settings.ts';

export interface PromoPopupProps {
  /** Names the popup in the census overlay call: the setting's version is part of it. */
  readonly overlayId: string;
  readonly version: number;
  readonly title: string;
  readonly body?: string;
  /** The call to action: a link; following it counts as answering the popup. */
  readonly action?: { readonly text: string; readonly url: string };
  /** The newsletter sign-up: the page form of a newsletter form, loaded when the popup opens. */
  readonly newsletter?: PageFormProps;
  readonly trigger: PromoPopupTrigger;
  readonly reshowAfterDays: number;
}

export function overlayIdOf(version: number): string {
  return `promo-popup-v${version}`;
}
