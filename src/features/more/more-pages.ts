// The More menu's entries (SPEC §2: one tile, "QA Audit"). `page` is what the menu returns to its
// opener: a route path without a leading slash, as the spec writes it (a route of the table: checked when compiled).
import type { StaticRoute } from '../../shared/routes/app-routes.ts';
import { AuditIcon, type IconComponent } from '../../shared/ui/icons.tsx';

export interface MorePage {
  page: StaticRoute;
  labelKey: string;
  icon: IconComponent;
}

export const MORE_PAGES: readonly MorePage[] = [{ page: 'qa-audit/home', labelKey: 'more.qaAudit', icon: AuditIcon }];
