import { Box, Center, Group, LoadingOverlay, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Header,
  type OnChangeFn,
  type SortingState,
  type Row as TableRow,
  useReactTable,
} from '@tanstack/react-table';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import { type PageWindow, pageWindow } from './table-paging';
import { useStackedRows } from './use-stacked-rows';

export { pageCount, pageRange } from './table-paging';
export type { ColumnDef, SortingState };

export interface DataTablePaging {
  /** 1-based page asked for (see usePageParam for keeping it in the address bar). */
  page: number;
  pageSize: number;
  /**
   * Server paging: rows over all pages, and `data` is the page the server answered. Without it `data` holds every
   * row and the table shows one page of them itself.
   */
  total?: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the pager when the screen has more than one ("Pages of tasks"); default "Pages". */
  label?: string;
}

export interface DataTableSorting {
  /** The columns that sort (by id): for a list the server sorts, the allow-list of packages/domain's list-sort. */
  columns: readonly string[];
  state: SortingState;
  onChange: OnChangeFn<SortingState>;
  /** The server sorts (paged lists); otherwise the rows given are sorted here. */
  manual?: boolean;
}

export interface DataTableProps<TData> {
  data: readonly TData[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column, as TanStack's own examples type them
  columns: ColumnDef<TData, any>[];
  /** Shown in place of the rows when there are none (and nothing is loading). */
  emptyText: ReactNode;
  getRowId?: (row: TData, index: number) => string;
  /** Makes rows clickable (and reachable by keyboard); rowClickable narrows it to some rows. */
  onRowClick?: (row: TData) => void;
  rowClickable?: (row: TData) => boolean;
  loading?: boolean;
  paging?: DataTablePaging;
  /** Sortable headers: without it no header sorts; with it only the columns it names. */
  sorting?: DataTableSorting;
  /** Accessible name of the table. */
  label?: string;
  /** Below this width (px) the columns do not squeeze further: the rows stack into cards instead. */
  minWidth?: number;
}

/** The one table of the app: TanStack Table state and Mantine Table markup. */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const { data, columns, emptyText, getRowId, onRowClick, rowClickable, loading, paging, sorting, label } = props;
  const minWidth = props.minWidth ?? 600;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const shown = paging ? pageWindow(paging, data.length) : undefined;
  const sortable = sorting?.columns;
  const sortableColumns = useMemo(
    () =>
      sortable ? columns.map((column) => ({ ...column, enableSorting: sortable.includes(columnId(column)) })) : columns,
    [columns, sortable],
  );
  const table = useReactTable({
    data: data as TData[],
    columns: sortableColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: sorting && !sorting.manual ? getSortedRowModel() : undefined,
    manualSorting: sorting?.manual ?? false,
    enableSorting: Boolean(sorting),
    // Rows given whole are sorted first, then cut into pages; a server-paged list arrives as its one page.
    getPaginationRowModel: shown ? getPaginationRowModel() : undefined,
    manualPagination: paging?.total !== undefined,
    autoResetPageIndex: false,
    state: {
      sorting: sorting?.state ?? localSorting,
      ...(shown && paging ? { pagination: { pageIndex: shown.page - 1, pageSize: paging.pageSize } } : {}),
    },
    onSortingChange: sorting?.onChange ?? setLocalSorting,
  });
  const rows = table.getRowModel().rows;
  const clickable = (row: TData) => Boolean(onRowClick) && (rowClickable?.(row) ?? true);

  const wrapper = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // Columns that do not fit (a phone, a column beside a map) stack each row into a card: nothing is off-screen.
  const stacked = useStackedRows(wrapper, tableRef);
  // Display block drops the table's roles in some browsers: stacked rows say them explicitly.
  const role = (name: string) => (stacked ? name : undefined);

  return (
    <Box pos="relative" ref={wrapper}>
      <LoadingOverlay visible={Boolean(loading)} zIndex={2} overlayProps={{ blur: 1 }} />
      <Table.ScrollContainer minWidth={stacked ? 0 : minWidth} type="native">
        <Table
          ref={tableRef}
          className={stacked ? classes.stacked : undefined}
          data-stacked={stacked || undefined}
          role={role('table')}
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
          aria-label={label}
          aria-busy={loading}
        >
          <Table.Thead role={role('rowgroup')}>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id} role={role('row')}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} role={role('columnheader')} />
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody role={role('rowgroup')}>
            {rows.map((row) => (
              <BodyRow
                key={row.id}
                row={row}
                stacked={stacked}
                onClick={clickable(row.original) ? onRowClick : undefined}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && !loading ? (
        <Center py="xl">
          <Text c="dimmed">{emptyText}</Text>
        </Center>
      ) : null}
      {rows.length === 0 && loading ? <Box h={120} /> : null}
      {paging && shown?.showPager ? <Pager paging={paging} shown={shown} /> : null}
    </Box>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: as DataTableProps.columns
function columnId<TData>(column: ColumnDef<TData, any>): string {
  if (column.id) return column.id;
  return 'accessorKey' in column ? String(column.accessorKey) : '';
}

function HeaderCell<TData>({ header, role }: { header: Header<TData, unknown>; role?: string }) {
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) {
    return (
      <Table.Th colSpan={header.colSpan} role={role}>
        {content}
      </Table.Th>
    );
  }
  const direction = header.column.getIsSorted();
  const arrow = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕';
  return (
    <Table.Th
      colSpan={header.colSpan}
      role={role}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {content}
          <Text component="span" size="xs" c={direction ? undefined : 'dimmed'} aria-hidden="true">
            {arrow}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface BodyRowProps<TData> {
  row: TableRow<TData>;
  stacked: boolean;
  onClick: ((row: TData) => void) | undefined;
}

function BodyRow<TData>({ row, stacked, onClick }: BodyRowProps<TData>) {
  const open = onClick ? () => onClick(row.original) : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || !open) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    <Table.Tr
      role={stacked ? 'row' : undefined}
      onClick={open}
      onKeyDown={open ? onKeyDown : undefined}
      tabIndex={open ? 0 : undefined}
      style={open ? { cursor: 'pointer' } : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td
          key={cell.id}
          role={stacked ? 'cell' : undefined}
          data-label={stacked ? headerLabel(cell.column.columnDef.header) : undefined}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** A stacked cell's label: the column's header when it is plain text (action columns have none). */
function headerLabel(header: unknown): string | undefined {
  return typeof header === 'string' && header.trim() !== '' ? header : undefined;
}

function Pager({ paging, shown }: { paging: DataTablePaging; shown: PageWindow }) {
  const { t } = useTranslation();
  const { from, to, total } = shown;
  const controlLabel = (control: 'first' | 'previous' | 'last' | 'next') => ({
    'aria-label': t(`app.pager.${control}`),
  });
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {total > 0 ? t('app.pager.range', { from, to, total }) : null}
      </Text>
      <Pagination
        total={shown.pageCount}
        value={shown.page}
        onChange={paging.onPageChange}
        hideWithOnePage
        withEdges
        size="sm"
        aria-label={paging.label ?? t('app.pager.pager')}
        getControlProps={controlLabel}
      />
    </Group>
  );
}
