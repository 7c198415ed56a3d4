// Places as a list of buttons: search results, the nearest nursing rooms. Each opens its card.
import type { SearchResult } from '../../api';
import { resultMeta } from '../../result-meta';
import type { ViewerWords } from '../../../content/venues/viewer-words';

export function ResultsList({
  words,
  results,
  label,
  onChoose,
}: {
  words: ViewerWords;
  results: SearchResult[];
  label: string;
  onChoose: (result: SearchResult) => void;
}) {
  return (
    <ul className="demo-results" aria-label={label}>
      {results.map((result) => (
        <li key={result.id}>
          <button type="button" className="demo-results__button" onClick={() => onChoose(result)}>
            <span className="demo-results__name">{result.name}</span>
            <span className="demo-results__meta">{resultMeta(words, result)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
