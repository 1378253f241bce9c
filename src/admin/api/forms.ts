/** The site's forms, a form's submissions (searchable, newest first) and the newsletter subscribers. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export interface FormSummary {
  readonly id: string;
  readonly name: string;
  readonly submissionCount: number;
  readonly lastSubmittedAt: string | null;
}

export type SubmittedAnswer = string | readonly string[] | Readonly<Record<string, string>>;

export interface FormSubmission {
  readonly id: string;
  readonly createdAt: string;
  readonly fields: readonly { id: string; type: string; title?: string }[];
  readonly answers: Readonly<Record<string, SubmittedAnswer>>;
  readonly pagePath: string | null;
}

export interface SubmissionPage {
  readonly submissions: readonly FormSubmission[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null | undefined;
}

export interface Subscriber {
  readonly id: string;
  readonly email: string;
  readonly listId: string;
  readonly status: string;
  readonly source: string;
  readonly created: number;
}

export interface SubscriberPage {
  readonly subscribers: readonly Subscriber[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export const formPath = (formId: string) =>
  `/api/vitrine/owner/forms/${encodeURIComponent(formId)}`;

export function useForms() {
  return useQuery({
    queryKey: ['forms'],
    queryFn: () => api<{ forms: FormSummary[] }>('/api/vitrine/owner/forms'),
  });
}

export function useSubmissions(formId: string, search: string, cursor: string | undefined) {
  const query = new URLSearchParams({ limit: '25' });
  if (search.trim() !== '') query.set('q', search.trim());
  if (cursor !== undefined) query.set('before', cursor);
  return useQuery({
    queryKey: ['submissions', formId, search.trim(), cursor ?? null],
    queryFn: () => api<SubmissionPage>(`${formPath(formId)}/submissions?${query.toString()}`),
    enabled: formId !== '',
  });
}

export function useSubscribers(search: string, cursor: string | undefined) {
  const query = new URLSearchParams({ limit: '25' });
  if (search.trim() !== '') query.set('q', search.trim());
  if (cursor !== undefined) query.set('cursor', cursor);
  return useQuery({
    queryKey: ['subscribers', search.trim(), cursor ?? null],
    queryFn: () =>
      api<SubscriberPage>(`/api/vitrine/owner/newsletter/subscribers?${query.toString()}`),
  });
}
