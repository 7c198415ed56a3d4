// Search (issue #14): the box at the panel's top suggests places as the visitor types, near where
// the visitor is; a search sent lists every result in the panel (the results mode), and a result
// chosen opens its card.
import { type ReactNode, useId, useRef, useState } from 'react';
import type { SearchAnswer } from '../../api';
import { fill } from '../../../format/fill';
import { type ModeKit, useLatest } from '../kit';
import type { PlaceMode } from '../place/place-mode';
import { ResultsList } from './results-list';
import { SearchBox } from './search-box';

export type SearchMode = ReturnType<typeof useSearchMode>;

export function useSearchMode(kit: ModeKit, place: PlaceMode, back: () => ReactNode) {
  const { words, api, venue, task, summary, fail, start } = kit;
  const [query, setQuery] = useState(task.mode === 'search' ? (task.query ?? '') : '');
  const [found, setFound] = useState<SearchAnswer | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = `demo-${useId()}`;

  const run = (text: string) => {
    api.search(venue, { q: text, near: start, limit: 20 }).then(
      (answer) => {
        kit.quiet();
        setFound(answer);
        place.close();
        kit.dispatch({ type: 'open', mode: 'results' });
        kit.announce(
          answer.results.length
            ? fill(words.results_count, { count: answer.results.length })
            : fill(words.results_none, { query: text }),
        );
      },
      (error: unknown) => fail(error, () => latest.current.run(text)),
    );
  };
  const latest = useLatest({ run });

  const placeholder = summary?.samples.queries[0];
  return {
    run,
    /** Fills the box with a sample and searches for it. */
    sample: (text: string) => {
      setQuery(text);
      run(text);
    },
    /** The task's search: the box takes focus, and a query the task gives is sent. */
    begin: () => {
      inputRef.current?.focus({ preventScroll: true });
      if (task.query) run(task.query);
    },
    box: (
      <SearchBox
        words={words}
        placeholder={
          placeholder === undefined
            ? words.search_placeholder
            : fill(words.search_placeholder_sample, { query: placeholder })
        }
        suggest={(text) =>
          api.search(venue, { q: text, near: start, limit: 8 }).then(
            (answer) => answer.results,
            (error: unknown) => {
              fail(error, () => undefined);
              return [];
            },
          )
        }
        onChoose={place.choose}
        onSubmit={run}
        inputRef={inputRef}
        query={query}
        onQuery={setQuery}
      />
    ),
    panel: found ? (
      <section className="demo-section" aria-labelledby={titleId}>
        {back()}
        <h2 id={titleId} className="demo-panel__title">
          {words.results}
        </h2>
        <p className="demo-status">
          {found.results.length
            ? fill(words.results_count, { count: found.results.length })
            : fill(words.results_none, { query: found.query })}
        </p>
        <ResultsList
          words={words}
          results={found.results}
          label={words.results}
          onChoose={place.choose}
        />
      </section>
    ) : null,
  };
}
