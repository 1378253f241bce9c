/**
 * The outbox: emails waiting, sent and failed, newest first, with 'Retry' on what was not sent,
 * a plain warning when no SMTP server is configured (mail then only waits here), and the way to
 * the previews of the store's emails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { allows } from '../api/session.ts';
import { OUTBOX_PATH, useOutbox, type OutboxMessage } from '../api/settings.ts';
import { useCursorPages } from '../components/CursorPager.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatCount, formatDateTime } from '../format.ts';
import { useOwner } from '../owner-session.ts';

const STATUS_NAMES = { queued: 'Waiting', sent: 'Sent', failed: 'Failed' } as const;

function RetryButton({ message }: { readonly message: OutboxMessage }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api(`${OUTBOX_PATH}/${message.id}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
  return (
    <>
      <button type="button" disabled={retry.isPending} onClick={() => retry.mutate()}>
        Retry<span className="visually-hidden"> the email to {message.to}</span>
      </button>
      {retry.error ? (
        <span className="form-error" role="alert">
          {' '}
          {retry.error.message}
        </span>
      ) : null}
    </>
  );
}

const column = createColumnHelper<OutboxMessage>();
const MESSAGE_COLUMNS = [
  column.accessor('to', { header: 'To' }),
  column.accessor('subject', { header: 'Subject' }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => {
      const message = info.row.original;
      return `${STATUS_NAMES[message.status]}${message.lastError ? ` (${message.lastError})` : ''}`;
    },
  }),
  column.accessor('created', {
    header: 'Created',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: (info) =>
      info.row.original.status === 'sent' ? null : <RetryButton message={info.row.original} />,
  }),
];

function Messages({ status }: { readonly status: OutboxMessage['status'] | '' }) {
  const pages = useCursorPages();
  const query = useOutbox(status, pages.cursor);
  return (
    <QueryBoundary query={query} what="the outbox" forbiddenTo="see the outbox">
      {(page) => (
        <>
          {page.smtpConfigured ? null : (
            <p className="notice" role="note">
              No SMTP server is set (SMTP_URL): emails wait here and are not sent.
            </p>
          )}
          <p>
            {formatCount(page.counts.queued)} waiting, {formatCount(page.counts.sent)} sent,{' '}
            {formatCount(page.counts.failed)} failed.
          </p>
          <PagedTable
            empty="No emails here."
            pages={pages}
            page={page}
            caption="Emails, newest first"
            label="Emails"
            columns={MESSAGE_COLUMNS}
            rows={page.messages}
            rowKey={(row) => row.id}
          />
        </>
      )}
    </QueryBoundary>
  );
}

/** The store emails' preview pages (served by the orders module), for roles that read orders. */
export const EMAIL_PREVIEW_PATH = '/config/emails/order-confirmation/preview';

export function OutboxSection() {
  const [status, setStatus] = useState<OutboxMessage['status'] | ''>('');
  const session = useOwner();
  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Outbox</h2>
      {allows(session, 'orders:read') ? (
        <p>
          <a href={EMAIL_PREVIEW_PATH}>Preview the emails shoppers get</a>
        </p>
      ) : null}
      <label>
        Show
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as OutboxMessage['status'] | '')}
        >
          <option value="">All emails</option>
          <option value="queued">Waiting</option>
          <option value="sent">Sent</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      <Messages key={status} status={status} />
    </section>
  );
}
