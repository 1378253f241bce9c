/**
 * The page's client scripts wait in an inert `<template id="vitrine-scripts">` (its `<script>`
 * and `<link rel="modulepreload">` elements fetch nothing there) until the script starter
 * (src/clients/script-start/) has seen the first paint and the main image: the server's
 * page-scripts.ts writes the template, the starter reads it. Why: bench/README.md, "Product page
 * first paint".
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'vitrine-scripts';

/** The page's main image, the one its LCP should be: the only image fetched at high priority. */
export const MAIN_IMAGE_SELECTOR = 'img[fetchpriority="high"]';
