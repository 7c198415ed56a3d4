// The sales page's table of enquiries (/admin/leads, issue #6): search, status filter, pages of
// 50, a status per row and the CSV export of what is shown. It talks to the server's admin API
// (docs/enquiries.md section 5); the browser has already asked for the sales password (HTTP Basic),
// and same-origin requests carry it.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { LeadAdminProps } from '../leads/catalog';
import { leadPaths } from '../leads/catalog';
import {
  type LeadColumn,
  type LeadStatus,
  leadColumns,
  leadStatuses,
} from '../content/lead-fields';
import { fillTemplate } from '../leads/rules';

export type { LeadAdminProps } from '../leads/catalog';

/** This site's demo addresses in a message: a device plan sent from the viewer (issue #33) ends
 * with the link that reopens it. Only this origin's `/next/demo?` links become links: anything
 * else a visitor typed stays text. */
const demoLink = /(https?:\/\/[^\s/]+)(\/next\/demo\?[^\s]+)/g;

/** An enquiry's message, this site's demo links in it opening the building and plan. */
export function MessageText({ text, origin }: { text: string; origin: string }) {
  const parts: (string | { path: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(demoLink)) {
    if (match[1] !== origin) continue;
    parts.push(text.slice(at, match.index), { path: match[2]! });
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.path} target="_blank" rel="noopener">
            {origin}
            {part.path}
          </a>
        ),
      )}
    </>
  );
}

/** One enquiry as GET /admin/leads.json lists it (contract section 5). */
export type AdminLead = Record<Exclude<LeadColumn, 'status' | 'delivery'>, string> & {
  status: LeadStatus;
  /** Whether the notification about it went out. */
  delivered: boolean;
  /** Stored past the hourly cap of notices, without one. */
  unannounced: boolean;
  /** Whether a notification about it failed so often that it was given up. */
  undeliverable: boolean;
  /** The names of the choices and of the variant, as the catalog had them. */
  scenario_label: string;
  product_label: string;
  variant_label: string;
};

/** The table's columns: the id only marks the rows, the variant shares the page's cell. */
const tableColumns = leadColumns.filter(
  (column) => column !== 'id' && column !== 'variant' && column !== 'user_agent',
);

interface LeadPage {
  leads: AdminLead[];
  total: number;
  page: number;
  page_size: number;
  /** Enquiries of any filter whose notification was given up. */
  undeliverable: number;
}

interface Query {
  q: string;
  status: LeadStatus | '';
  page: number;
}

function queryFromLocation(): Query {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const status = params.get('status') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: params.get('q') ?? '',
    status: (leadStatuses as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function search(query: Query, withPage: boolean): string {
  const params = new URLSearchParams({ q: query.q, status: query.status });
  if (withPage) params.set('page', String(query.page));
  return params.toString();
}

/** "2025-06-01T14:03:09+08:00" as "2025-06-01 14:03": the server already gives Beijing time. */
function shortTime(value: string): string {
  return value.slice(0, 16).replace('T', ' ');
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: LeadPage };

/** One page of the list; the browser sends the sales password it was given. */
async function requestPage(query: Query): Promise<Load> {
  try {
    const response = await fetch(`${leadPaths.adminJson}?${search(query, true)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return { state: 'error' };
    return { state: 'ready', data: (await response.json()) as LeadPage };
  } catch {
    return { state: 'error' };
  }
}

function StatusOptions({ names }: { names: LeadAdminProps['statuses'] }) {
  return (
    <>
      {leadStatuses.map((status) => (
        <option value={status} key={status}>
          {names[status]}
        </option>
      ))}
    </>
  );
}

export function LeadAdmin({ words, labels, statuses: statusNames }: LeadAdminProps) {
  // The address carries the filters, so a reload or a shared link shows the same list.
  const [initial] = useState<Query>(queryFromLocation);
  const [query, setQuery] = useState<Query>(initial);
  const [draft, setDraft] = useState(initial.q);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState('');

  const go = useCallback((next: Query) => {
    setQuery(next);
    setLoad({ state: 'loading' });
    history.replaceState(null, '', `?${search(next, true)}`);
    void requestPage(next).then(setLoad);
  }, []);

  useEffect(() => {
    void requestPage(initial).then(setLoad);
  }, [initial]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...query, q: draft, page: 1 });
  };

  const changeStatus = async (lead: AdminLead, status: LeadStatus) => {
    const replace = (changed: AdminLead) =>
      setLoad((current) =>
        current.state === 'ready'
          ? {
              state: 'ready',
              data: {
                ...current.data,
                leads: current.data.leads.map((row) => (row.id === changed.id ? changed : row)),
              },
            }
          : current,
      );
    replace({ ...lead, status });
    try {
      const response = await fetch(`/admin/leads/${encodeURIComponent(lead.id)}/status`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ status }),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      replace((await response.json()) as AdminLead);
      setNotice(fillTemplate(words.status_saved, { name: lead.name, status: statusNames[status] }));
    } catch {
      replace(lead);
      setNotice(fillTemplate(words.status_failed, { name: lead.name }));
    }
  };

  const data = load.state === 'ready' ? load.data : undefined;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.page_size))) : 1;
  const csv = `${leadPaths.adminCsv}?${search(query, false)}`;

  return (
    <div className="lead-admin">
      <div className="lead-admin__tools">
        <form className="lead-admin__search" role="search" method="get" onSubmit={onSearch}>
          <label htmlFor="lead-admin-q">{words.search_label}</label>
          <input
            id="lead-admin-q"
            type="search"
            name="q"
            value={draft}
            placeholder={words.search_placeholder}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <input type="hidden" name="status" value={query.status} />
          <button type="submit">{words.search_button}</button>
        </form>
        <p className="lead-admin__filter">
          <label htmlFor="lead-admin-status">{words.status_filter}</label>
          <select
            id="lead-admin-status"
            value={query.status}
            onChange={(event) =>
              go({ ...query, status: event.currentTarget.value as LeadStatus | '', page: 1 })
            }
          >
            <option value="">{words.all_statuses}</option>
            <StatusOptions names={statusNames} />
          </select>
        </p>
        <a className="lead-admin__export" id="lead-admin-export" href={csv}>
          {words.export}
        </a>
      </div>
      <p className="lead-admin__state" id="lead-admin-state" aria-live="polite">
        {load.state === 'loading'
          ? words.loading
          : load.state === 'error'
            ? words.error
            : data && data.leads.length === 0
              ? words.empty
              : data
                ? fillTemplate(words.summary, { total: data.total })
                : ''}
      </p>
      <p className="lead-admin__notice" id="lead-admin-notice" role="status">
        {notice}
      </p>
      {data && data.undeliverable > 0 ? (
        <p className="lead-admin__undeliverable" id="lead-admin-undeliverable" role="alert">
          {fillTemplate(words.undeliverable_summary, { count: data.undeliverable })}
        </p>
      ) : null}
      {data && data.leads.length > 0 ? (
        <div className="lead-admin__scroll">
          <table className="lead-admin__table" id="lead-admin-table">
            <caption id="lead-admin-caption">{words.caption}</caption>
            <thead>
              <tr>
                {tableColumns.map((key) => (
                  <th scope="col" key={key}>
                    {labels[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.leads.map((lead) => (
                <tr key={lead.id} data-lead-id={lead.id}>
                  <td>
                    <time dateTime={lead.created_at}>{shortTime(lead.created_at)}</time>
                  </td>
                  <td>
                    <select
                      className="lead-admin__status"
                      aria-label={fillTemplate(words.status_change, { name: lead.name })}
                      value={lead.status}
                      onChange={(event) =>
                        void changeStatus(lead, event.currentTarget.value as LeadStatus)
                      }
                    >
                      <StatusOptions names={statusNames} />
                    </select>
                  </td>
                  <th scope="row">{lead.name}</th>
                  <td>{lead.company}</td>
                  <td>
                    <a href={`tel:${lead.phone}`}>{lead.phone}</a>
                  </td>
                  <td>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null}</td>
                  <td>{lead.scenario_label || lead.scenario}</td>
                  <td>{lead.product_label || lead.product}</td>
                  <td className="lead-admin__message">
                    <MessageText text={lead.message} origin={window.location.origin} />
                  </td>
                  <td>
                    {lead.page}
                    <br />
                    {lead.variant_label || lead.variant}
                  </td>
                  <td>
                    {lead.undeliverable ? (
                      <strong className="lead-admin__undeliverable-mark">
                        {words.undeliverable}
                      </strong>
                    ) : lead.unannounced ? (
                      <strong className="lead-admin__undeliverable-mark">
                        {words.unannounced}
                      </strong>
                    ) : lead.delivered ? (
                      words.delivered
                    ) : (
                      words.pending
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav className="lead-admin__pages" aria-label={words.pagination}>
          <button
            type="button"
            disabled={data.page <= 1}
            onClick={() => go({ ...query, page: data.page - 1 })}
          >
            {words.previous}
          </button>
          <span>{fillTemplate(words.page, { page: data.page, pages })}</span>
          <button
            type="button"
            disabled={data.page >= pages}
            onClick={() => go({ ...query, page: data.page + 1 })}
          >
            {words.next}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
