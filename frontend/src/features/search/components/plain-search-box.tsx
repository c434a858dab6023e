import { type FormEvent } from 'react';
import { SearchIcon } from '@/components/ui/nav-icons';
import { handover, useSearchText } from './search-text';

export const SEARCH_FORM_CLASS =
  'min-h-11 items-center gap-2 rounded-full border border-gray-300 bg-white pr-1 pl-4 text-base focus-within:border-primary lg:min-h-10 lg:text-sm';
export const SEARCH_INPUT_CLASS = 'w-full min-w-0 bg-transparent py-2 placeholder-gray-500 outline-none';

/**
 * The search box of the first page: typing shows results after a short pause. It stands in for the
 * combobox with suggestions until that has loaded (`onReach` asks for it at once), and hands it
 * what was typed and the focus.
 */
export function PlainSearchBox({ className = '', onReach }: { className?: string; onReach?: () => void }) {
  const { text, type, submit } = useSearchText({ handsOver: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <form role="search" onSubmit={onSubmit} className={`${SEARCH_FORM_CLASS} ${className}`}>
      <input
        type="search"
        value={text}
        onChange={(event) => type(event.target.value)}
        onFocus={() => {
          handover.focused = true;
          onReach?.();
        }}
        onBlur={() => (handover.focused = false)}
        onPointerDown={onReach}
        autoFocus={handover.focused}
        aria-label="Search products"
        placeholder="Search products"
        enterKeyHint="search"
        className={SEARCH_INPUT_CLASS}
      />
      <button type="submit" aria-label="Search" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full">
        <SearchIcon className="h-5 w-5 text-gray-600" />
      </button>
    </form>
  );
}
