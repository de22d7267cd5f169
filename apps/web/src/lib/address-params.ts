import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate, useSearchParams } from 'react-router';

/** A change of the address's parameters: the new parameters from the current ones. */
export type ParamsChange = (current: URLSearchParams) => URLSearchParams;

export type WriteParams = (change: ParamsChange, options?: NavigateOptions) => void;

/** The search part (without "?") after a change of the parameters `current`; null when nothing changes. */
export function changedSearch(current: string, change: ParamsChange): string | null {
  const before = new URLSearchParams(current);
  const after = change(new URLSearchParams(before)).toString();
  return after === before.toString() ? null : after;
}

/**
 * The page's address parameters as drawn, and a writer that changes them from the address as it is at the moment of
 * the write. React Router's own functional update starts from the parameters of the last render while its
 * navigations are transitions: two writes before the first was drawn (a zoom reset and a page change, an effect
 * meanwhile) made the second bring back what the first had removed. A write that changes nothing navigates nowhere,
 * and a write from a page being left is dropped rather than taking the user back.
 */
export function useAddressParams(): [URLSearchParams, WriteParams] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const write = useCallback<WriteParams>(
    (change, options) => {
      if (window.location.pathname !== pathname) return;
      const search = changedSearch(window.location.search, change);
      if (search === null) return;
      navigate({ pathname, search: search ? `?${search}` : '', hash: window.location.hash }, options);
    },
    [navigate, pathname],
  );
  return [params, write];
}
