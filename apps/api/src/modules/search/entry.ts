import type { SearchEntry } from '@rope/domain/search/views';
import type { SearchRow } from './queries.ts';

const path = (...parts: (string | null)[]) => parts.filter(Boolean).join(' › ');

/** A found row as the answer names it: where it is, and the web route that opens it. */
export function toSearchEntry(row: SearchRow): SearchEntry {
  const base = { type: row.type, id: row.id, name: row.name, match: row.match };
  const area = `/areas/${row.area_id}`;
  const installation = `${area}/installations/${row.installation_id}`;
  const rope = `${installation}/ropes/${row.rope_id}`;
  switch (row.type) {
    case 'area':
      return { ...base, section: 'areas', context: '', url: area };
    case 'installation':
      return { ...base, section: 'areas', context: path(row.area_name), url: installation };
    case 'rope':
      return { ...base, section: 'areas', context: path(row.area_name, row.installation_name), url: rope };
    case 'project':
      return { ...base, section: 'documents', context: '', url: `/documents/${row.id}` };
    case 'document':
      return documentEntry(row, base, { area, installation, rope });
  }
}

function documentEntry(
  row: SearchRow,
  base: Pick<SearchEntry, 'type' | 'id' | 'name' | 'match'>,
  at: { area: string; installation: string; rope: string },
): SearchEntry {
  const place = path(row.area_name, row.installation_name, row.rope_name);
  const query = `?document=${row.id}`;
  switch (row.target_type) {
    case 'folder':
      return {
        ...base,
        section: 'general-documents',
        context: row.folder_name ?? '',
        url: `/general-documents/${row.target_id}/${row.id}`,
      };
    case 'project':
      return {
        ...base,
        section: 'documents',
        context: row.project_number ?? '',
        url: `/documents/${row.target_id}/${row.id}`,
      };
    case 'area':
      return { ...base, section: 'areas', context: place, url: `${at.area}${query}` };
    case 'installation':
      return { ...base, section: 'areas', context: place, url: `${at.installation}${query}` };
    case 'event':
      return { ...base, section: 'areas', context: place, url: `${at.rope}?event=${row.event_id}&document=${row.id}` };
    default:
      return { ...base, section: 'areas', context: place, url: `${at.rope}${query}` };
  }
}
