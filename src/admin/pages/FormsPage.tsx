/**
 * The site's forms: pick one to read its submissions, newest first and searchable, or download
 * them as CSV (the server's formula-safe export); below, the newsletter subscribers for roles
 * that may read customers.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import {
  formPath,
  useForms,
  useSubmissions,
  useSubscribers,
  type FormSubmission,
  type Subscriber,
} from '../api/forms.ts';
import { allows } from '../api/session.ts';
import { useOwner } from '../owner-session.ts';
import { CursorPager, useCursorPages } from '../components/CursorPager.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { Empty, QueryBoundary } from '../components/PageState.tsx';
import { formatDateTime } from '../format.ts';
import { answerText } from '../format-order.ts';

const subscriberColumn = createColumnHelper<Subscriber>();
const SUBSCRIBER_COLUMNS = [
  subscriberColumn.accessor('email', { header: 'Email' }),
  subscriberColumn.accessor('listId', { header: 'List' }),
  subscriberColumn.accessor('status', { header: 'Status' }),
  subscriberColumn.accessor('created', {
    header: 'Since',
    cell: (info) => formatDateTime(info.getValue()),
  }),
];

function SearchBox({
  label,
  onSearch,
}: {
  readonly label: string;
  readonly onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" aria-label={label} className="filters" onSubmit={submit}>
      <label>
        {label}
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}

function Submission({ submission }: { readonly submission: FormSubmission }) {
  const titles = new Map(submission.fields.map((field) => [field.id, field.title ?? field.id]));
  return (
    <li className="submission">
      <p>
        <time dateTime={submission.createdAt}>
          {formatDateTime(Date.parse(submission.createdAt))}
        </time>
        {submission.pagePath ? ` on ${submission.pagePath}` : ''}
      </p>
      <dl className="answers">
        {Object.entries(submission.answers).map(([field, value]) => (
          <div key={field}>
            <dt>{titles.get(field) ?? field}</dt>
            <dd>{answerText(value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function Submissions({ formId, search }: { readonly formId: string; readonly search: string }) {
  const pages = useCursorPages();
  const query = useSubmissions(formId, search, pages.cursor);
  return (
    <QueryBoundary query={query} what="submissions" forbiddenTo="read form submissions">
      {(page) =>
        page.submissions.length === 0 && pages.isFirst ? (
          <Empty>{search ? 'No submissions match this search.' : 'No submissions yet.'}</Empty>
        ) : (
          <>
            <ul className="plain-list">
              {page.submissions.map((submission) => (
                <Submission key={submission.id} submission={submission} />
              ))}
            </ul>
            <CursorPager
              pages={pages}
              page={{ hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor ?? null }}
            />
          </>
        )
      }
    </QueryBoundary>
  );
}

function Subscribers() {
  const [search, setSearch] = useState('');
  return (
    <section aria-labelledby="subscribers-heading">
      <h2 id="subscribers-heading">Newsletter subscribers</h2>
      <SearchBox label="Find a subscriber by email" onSearch={setSearch} />
      <SubscriberList key={search} search={search} />
    </section>
  );
}

function SubscriberList({ search }: { readonly search: string }) {
  const pages = useCursorPages();
  const query = useSubscribers(search, pages.cursor);
  return (
    <QueryBoundary query={query} what="subscribers" forbiddenTo="see subscribers">
      {(page) => (
        <PagedTable
          empty={search ? 'No subscriber matches this search.' : 'No subscribers yet.'}
          pages={pages}
          page={page}
          caption="Subscribers, newest first"
          label="Subscribers"
          columns={SUBSCRIBER_COLUMNS}
          rows={page.subscribers}
          rowKey={(row) => row.id}
        />
      )}
    </QueryBoundary>
  );
}

export function FormsPage() {
  const session = useOwner();
  const forms = useForms();
  const [chosen, setChosen] = useState('');
  const [search, setSearch] = useState('');
  return (
    <>
      <h1>Forms</h1>
      <QueryBoundary query={forms} what="the forms" forbiddenTo="read form submissions">
        {({ forms: list }) => {
          if (list.length === 0) return <Empty>This site has no forms yet.</Empty>;
          const formId = chosen || (list[0]?.id ?? '');
          const form = list.find((entry) => entry.id === formId);
          return (
            <>
              <label>
                Form
                <select
                  value={formId}
                  onChange={(e) => {
                    setChosen(e.target.value);
                    setSearch('');
                  }}
                >
                  {list.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {`${entry.name} (${String(entry.submissionCount)})`}
                    </option>
                  ))}
                </select>
              </label>
              <section aria-labelledby="submissions-heading">
                <h2 id="submissions-heading">Submissions to {form?.name ?? formId}</h2>
                <p>
                  <a href={`${formPath(formId)}/submissions.csv`} download>
                    Download CSV
                  </a>
                </p>
                <SearchBox key={formId} label="Search the answers" onSearch={setSearch} />
                <Submissions key={`${formId}:${search}`} formId={formId} search={search} />
              </section>
            </>
          );
        }}
      </QueryBoundary>
      {allows(session, 'customers:read') ? <Subscribers /> : null}
    </>
  );
}
