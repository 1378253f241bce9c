/**
 * Links the client code a rendered page needs, just before </body>: nothing at all for a page
 * without islands; otherwise the loader and a modulepreload for each of its islands' chunks.
 */
import type { ClientAssets } from './client-assets.ts';
import { islandsIn } from './islands.ts';

export function withClientScripts(html: string, assets: ClientAssets | undefined): string {
  if (!assets) return html;
  const islands = islandsIn(html);
  if (islands.size === 0) return html;
  const tags = [
    ...assets.chunksFor(islands).map((url) => `<link rel="modulepreload" href="${url}">`),
    `<script type="module" src="${assets.loaderUrl}"></script>`,
  ].join('');
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tags : html.slice(0, end) + tags + html.slice(end);
}
