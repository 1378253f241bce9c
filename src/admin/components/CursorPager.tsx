/**
 * Paging by cursor for the owner lists: the cursors of the pages before this one are kept, so
 * 'Previous page' goes back without refetching everything.
 */
import { useState } from 'react';

export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors.at(-1),
    isFirst: cursors.length === 1,
    back: () => setCursors((list) => list.slice(0, -1)),
    forward: (next: string) => setCursors((list) => [...list, next]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** What a page of an owner list says about the next one. */
export interface CursorPage {
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export function CursorPager(props: { readonly pages: CursorPages; readonly page: CursorPage }) {
  const { pages, page } = props;
  return (
    <div className="pager">
      <button type="button" disabled={pages.isFirst} onClick={pages.back}>
        Previous page
      </button>
      <button
        type="button"
        disabled={!page.hasNextPage}
        onClick={() => {
          if (page.nextPageCursor !== null) pages.forward(page.nextPageCursor);
        }}
      >
        Next page
      </button>
    </div>
  );
}
