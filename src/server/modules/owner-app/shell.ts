/**
 * The one HTML page of the owner dashboard: the React app renders everything into it. No inline
 * script or style (the site's Content-Security-Policy allows neither): the bundle and stylesheet
 * are linked by URL. Without JavaScript the page says what it needs.
 */
import { escapeHtml } from '../../../shared/html/escape-html.ts';
import type { AdminAssets } from './admin-assets.ts';

export function ownerAppShell(assets: AdminAssets | undefined): string {
  const styles = (assets?.stylesheetUrls ?? [])
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  const script = assets
    ? `<script type="module" src="${escapeHtml(assets.scriptUrl)}"></script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Store admin</title>
${styles}${script}
</head>
<body>
<div id="admin-root"><noscript><p>The store admin needs JavaScript.</p></noscript></div>
</body>
</html>
`;
}
