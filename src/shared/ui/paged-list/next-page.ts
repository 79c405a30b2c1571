/** The next page of a Laravel-paginated answer (`meta.current_page` / `last_page`), or undefined on the last one. */
export function nextPageOf(meta: { current_page?: number | null; last_page?: number | null } | null | undefined): number | undefined {
  const current = meta?.current_page;
  const last = meta?.last_page;
  return typeof current === 'number' && typeof last === 'number' && current < last ? current + 1 : undefined;
}
