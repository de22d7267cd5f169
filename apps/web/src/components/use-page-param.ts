import { useCallback } from 'react';
import { useAddressParams } from '../lib/address-params';
import { readPageParam, withPageParam } from './table-paging';

export type SetPage = (page: number, options?: { replace?: boolean }) => void;

/**
 * A table's page kept in the address bar (`?{name}=3`), so a reload or a shared link opens the same page. Other
 * parameters of the address stay as they are; `replace` is for corrections (a filter reset, a page run empty).
 */
export function usePageParam(name: string): [number, SetPage] {
  const [params, setParams] = useAddressParams();
  const setPage = useCallback<SetPage>(
    (page, options) => setParams((current) => withPageParam(current, name, page), { replace: options?.replace }),
    [name, setParams],
  );
  return [readPageParam(params, name), setPage];
}
