/** The journal's filters, kept in the page URL (journalFilterValues.ts) as they are typed. */
import { useCallback, useState } from "react";
import { type FilterName, type FilterValues, filtersFromSearch, NO_FILTERS, withFilters } from "./journalFilterValues.ts";

export interface JournalFilters {
  readonly values: FilterValues;
  readonly set: (name: FilterName, value: string) => void;
  readonly clear: () => void;
}

export function useJournalFilters(): JournalFilters {
  const [values, setValues] = useState(() => filtersFromSearch(window.location.search));
  const show = useCallback((next: FilterValues) => {
    setValues(next);
    window.history.replaceState(null, "", withFilters(window.location.href, next));
  }, []);
  const set = useCallback((name: FilterName, value: string) => show({ ...filtersFromSearch(window.location.search), [name]: value }), [show]);
  const clear = useCallback(() => show(NO_FILTERS), [show]);
  return { values, set, clear };
}
