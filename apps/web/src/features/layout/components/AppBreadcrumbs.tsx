import { Link } from 'react-router';
import type { BreadcrumbEntry } from '../layoutStore.ts';
import { tCommon } from '../../../i18n/common.ts';

interface AppBreadcrumbsProps {
  entries: BreadcrumbEntry[];
}

/** Breadcrumb trail; the last entry is the current page and is not a link (SPEC §2). */
export function AppBreadcrumbs({ entries }: AppBreadcrumbsProps) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label={tCommon('shell.breadcrumbs')} className="app-breadcrumbs" data-testid="app-breadcrumbs">
      <ol className="app-breadcrumbs__list">
        {entries.map((entry, index) => {
          const isActive = index === entries.length - 1;
          return (
            <li key={`${entry.path}-${entry.title}`} className="app-breadcrumbs__item">
              {index > 0 && <i className="pi pi-angle-right app-breadcrumbs__separator" aria-hidden="true" />}
              {isActive ? (
                <span className="app-breadcrumbs__current" aria-current="page">
                  {entry.title}
                </span>
              ) : (
                <Link to={entry.path} className="app-breadcrumbs__link">
                  {entry.title}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
