import { ADMIN_PANEL_TEXTS } from '@waymark/contract';
import { Navigate, Outlet } from 'react-router';
import { AdminNav } from '../features/admin/components/AdminNav.tsx';
import { ADMIN_USERS_PATH } from '../lib/paths.ts';

/** /admin — superusers only: the panel's title and sub-navigation above the chosen section. */
export function AdminPage() {
  return (
    <div className="page admin-page">
      <header className="page__header">
        <h1 className="page__title">{ADMIN_PANEL_TEXTS.title}</h1>
        <p className="page__subtitle">{ADMIN_PANEL_TEXTS.subtitle}</p>
      </header>
      <AdminNav />
      <Outlet />
    </div>
  );
}

/** /admin itself opens the users. */
export function AdminIndexRedirect() {
  return <Navigate to={ADMIN_USERS_PATH} replace />;
}
