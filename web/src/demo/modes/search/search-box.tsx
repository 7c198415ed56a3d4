// The search box: an ARIA 1.2 combobox with a listbox of suggestions as the visitor types. Arrow
// keys move through the suggestions (focus stays in the input, aria-activedescendant follows),
// Enter opens the active one or, with none active, lists every result in the panel, Escape closes
// the list and a second Escape clears the box.
import {
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { SearchResult } from '../../api';
import { IconButton, crossPath } from '../../icon-button';
import { resultMeta } from '../../result-meta';
import type { ViewerWords } from '../../../content/venues/viewer-words';

export interface SearchBoxProps {
  words: ViewerWords;
  placeholder: string;
  /** Suggestions for a query; resolves to [] on failure (the viewer reports the error). */
  suggest: (query: string) => Promise<SearchResult[]>;
  onChoose: (result: SearchResult) => void;
  onSubmit: (query: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The text in the box, kept by the viewer so a sample chip can fill it in. */
  query: string;
  onQuery: (query: string) => void;
}

const debounce = 180;

export function SearchBox(props: SearchBoxProps) {
  const { words, placeholder, suggest, onChoose, onSubmit, inputRef, query } = props;
  const setQuery = props.onQuery;
  const id = `demo-${useId()}`;
  const listId = `${id}-list`;
  const [options, setOptions] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const serial = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (text: string) => {
    clearTimeout(timer.current);
    const mine = ++serial.current;
    if (!text.trim()) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      void suggest(text.trim()).then((results) => {
        if (mine !== serial.current) return;
        setOptions(results);
        setActive(-1);
        setOpen(results.length > 0);
      });
    }, debounce);
  };

  const choose = (result: SearchResult) => {
    serial.current += 1;
    setOpen(false);
    setActive(-1);
    setQuery(result.name ?? '');
    onChoose(result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (open ? (current + 1) % count : 0));
        break;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (open ? (current <= 0 ? count - 1 : current - 1) : count - 1));
        break;
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
          ask('');
        }
        break;
      default:
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    serial.current += 1;
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
    onSubmit(text);
  };

  const expanded = open && options.length > 0;
  return (
    <form className="demo-search" role="search" onSubmit={submit}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {words.search}
      </label>
      <div className="demo-search__field">
        <svg className="demo-search__icon" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="M13 13l4.5 4.5" />
        </svg>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="demo-search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          maxLength={64}
          placeholder={placeholder}
          value={query}
          onInput={(event) => {
            const text = event.currentTarget.value;
            setQuery(text);
            ask(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => {
            if (options.length && query.trim()) setOpen(true);
          }}
        />
        {query ? (
          <IconButton
            className="demo-search__clear"
            label={words.search_clear}
            onClick={() => {
              setQuery('');
              ask('');
            }}
          >
            <path d={crossPath} />
          </IconButton>
        ) : null}
        <button type="submit" className="demo-search__submit">
          {words.search_submit}
        </button>
      </div>
      <ul
        id={listId}
        className="demo-search__list"
        role="listbox"
        aria-label={words.suggestions}
        hidden={!expanded}
      >
        {options.map((option, index) => (
          // Options are chosen with the input's keys (aria-activedescendant) or a click.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="demo-search__option"
            // Keeps focus in the input; the choice is made on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <span className="demo-search__name">{option.name}</span>
            <span className="demo-search__meta">{resultMeta(words, option)}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
