// The More menu's entries (SPEC §2: one tile, "QA Audit"). `page` is what the menu returns to its
// opener: a route path without a leading slash, as the spec writes it.
export interface MorePage {
  page: string;
  labelKey: string;
}

export const MORE_PAGES: readonly MorePage[] = [{ page: 'qa-audit/home', labelKey: 'more.qaAudit' }];
